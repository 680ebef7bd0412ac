"""The game frame every game is played in: header, board, decision panel, log and keys.

The frame drives a ``TableView`` (a session plus who is at the keyboard): after every change it
redraws the header, the board (with the viewer's view), the options and the log, then starts
what comes next: a bot's move in a worker, the hand-off curtain, or the result screen.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from rich._wrap import divide_line
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, on
from textual._context import active_app
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.css.scalar import Scalar, Unit
from textual.css.styles import RulesMap
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.render import measure
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, RichVisual, Visual, visualize
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as ListOption
from textual.worker import Worker, WorkerState

from tabletop_tui.engine.core import Decision, IllegalMove
from tabletop_tui.session import MoveConflict, Session

from . import collector
from .board import BoardView, OptionMessage
from .common import (
    BOT_SPEEDS,
    WIDE_WIDTH,
    BaseScreen,
    FixedText,
    MarkedOptionList,
    SteadyFooter,
    rules_markdown,
)
from .table import TableView

if TYPE_CHECKING:
    from tabletop_tui.app import TabletopApp

# Below the board (narrow terminals) the options take at most this share of the height: 7
# lines at 80x24, where the board keeps 13 of the 16 lines it is laid out for (and scrolls
# if it needs more); a decision with up to 4 options leaves the board all 16.
OPTIONS_SHARE = 0.3
# Beside the board the options list is never shorter than this: nine options, one digit each,
# take their rows from the first decision on, and the log under them stays where it is.
KEPT_LIST_ROWS = 9
# Wide terminals: the log keeps at least this many lines (border included) under the panel.
LOG_MIN_LINES = 8
# A shared game asks the store this often whether another process wrote (one cheap pragma),
# and looks at who holds the other seats every PRESENCE_EVERY asks.
POLL_SECONDS = 0.25
PRESENCE_EVERY = 8


def options_room(width: int, height: int, *, log_shown: bool = True) -> int:
    """How many lines the options list may take before it scrolls, for a terminal of
    ``width`` x ``height`` cells."""
    if width < WIDE_WIDTH:
        return max(4, int(height * OPTIONS_SHARE))
    # The side column (all but the header and the footer) holds the panel, whose border,
    # prompt and tip take up to six lines, over the log.
    return max(4, height - 2 - 6 - (LOG_MIN_LINES if log_shown else 0))


class FrameHeader(FixedText):
    """One line: the game, the game's own header (round, era...) and whose turn it is."""


INSPECTOR_HINT = "ℹ Highlight an option or click the board to read here what it is and does."


class Inspector(FixedText):
    """Under the board: the highlighted option's element (or a clicked one) in sentences.

    Two lines at 80x24, more on taller terminals (the stylesheet sets the bands). While the
    terminal keeps its size and one person the keyboard, it never gets shorter (``show``;
    ``fit`` at a hand-off): a band that followed each text resized the board above it,
    which is laid out and drawn again whole — at nearly every cursor key, and at every move
    against a bot (the board's legend, shown while others decide, is taller than most
    options' texts): a third to a half of those moves waited some 15 ms more for their
    first frame, and the board jumped up and down each turn. A shorter text is drawn at the
    bottom of the band, and the rows above it in the background under the band, as the
    board's own empty rows are."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # While the band keeps its height: the width it was measured at; None: it fits its
        # next text.
        self._kept_width: int | None = None
        self._text_rows = 0  # the rows the text shown takes (the rest above it are blank)
        self._text: Text | None = None  # the text last given to ``show``

    def fit(self) -> None:
        """The next text shown sets the band's height anew: at a hand-off, so that the
        next person's band is not sized by what the one before read in private."""
        self._kept_width = None

    def show(self, text: Text) -> None:
        """Show ``text``, the band as tall as the tallest text since the terminal took its
        size or the keyboard was handed on (within its maximum height); laid out only when
        it grows or fits anew."""
        self._text = text
        styles = self.styles
        width = self.size.width
        if not self.is_mounted or not width:
            update_changed(self, text)
            return
        rows = visualize(self, text, markup=False).get_height(styles, width)
        low, high = _cells(styles.min_height, 0), _cells(styles.max_height, float("inf"))
        gutter = styles.gutter.height
        band = rows + gutter
        if low is not None and high is not None:
            band = int(min(max(band, low), high))
        if self._kept_width == width:
            band = max(band, self.outer_size.height)
        self._kept_width = width
        before, self._text_rows = self._text_rows, min(rows, band - gutter)
        height = styles.height
        if height is None or height.unit is not Unit.CELLS or height.value != band:
            styles.height = band
        update_changed(self, text)
        if before != self._text_rows:
            self.refresh()  # the blank rows above the text are drawn again

    def refit(self) -> None:
        """Fit the band to the text it shows (the terminal changed size: another width
        wraps it otherwise, and another height allows it more or fewer rows)."""
        self._kept_width = None
        if self._text is not None and self.is_attached:
            self.show(self._text)

    def on_resize(self) -> None:
        if self._kept_width not in (None, self.size.width):
            self.refit()

    def render_lines(self, crop: Region) -> list[Strip]:
        blank = self.outer_size.height - self._text_rows - self.styles.gutter.height
        if blank <= 0 or self._kept_width is None:
            return super().render_lines(crop)
        # The band drawn as tall as its text, under ``blank`` rows of the background.
        band = super().render_lines(crop._replace(y=0, height=self.outer_size.height))
        base, _ = self.background_colors
        empty = Strip.blank(crop.width, Style(bgcolor=base.rich_color))
        return [empty if y < blank else band[y - blank] for y in range(crop.y, crop.bottom)]


def _cells(scalar: Scalar | None, default: float) -> float | None:
    """A height rule in cells (``default`` if there is none); None in any other unit."""
    if scalar is None:
        return default
    return scalar.value if scalar.unit is Unit.CELLS else None


def keeps_its_size(widget: Static, content: Text | str) -> bool:
    """Whether ``widget``, showing ``content`` instead, would be laid out to the size it
    has: its width does not follow its content, and its height is fixed in cells or, for a
    height that follows the content, the content takes as many rows at its width as the
    widget is tall, once held within its minimum and maximum heights (a prompt at least two
    rows tall shows a one-row prompt in the same room as a two-row one). A hidden widget
    takes no room whatever it shows (showing it lays the screen out anyway): the newest log
    line under the options is hidden while the log shows, and is updated at every move."""
    styles = widget.styles
    if widget.is_mounted and not widget.display:
        return True
    width, height = widget.size
    if not widget.is_mounted or not width:
        return False
    if styles.width is not None and styles.width.unit is Unit.AUTO:
        return False
    rule = styles.height
    if rule is not None and rule.unit is Unit.CELLS:
        return True
    if rule is None or rule.unit is not Unit.AUTO:
        return False
    low, high = _cells(styles.min_height, 0), _cells(styles.max_height, float("inf"))
    if low is None or high is None:
        return False
    rows = visualize(widget, content, markup=widget._render_markup).get_height(styles, width)
    gutter = styles.gutter.height
    return min(max(rows + gutter, low), high) == height + gutter


def waiting_words(name: str, prompt: str) -> str:
    """What the seat ``name`` is deciding, for "Bot 2 (medium bot) is thinking: ...": its
    prompt without the seat's name it starts with, and a detail given after the name
    ('Bot 2 (tile F): take 2 ...') moved to the end, so the name is not said twice."""
    if prompt.startswith(f"{name}: "):
        return prompt[len(name) + 2 :]
    if prompt.startswith(f"{name} ("):
        detail, sep, rest = prompt[len(name) + 2 :].partition("): ")
        if sep and rest and ")" not in detail:
            return f"{rest} ({detail})"
    return prompt


def update_changed(widget: Static, content: Text | str) -> None:
    """Update ``widget`` only if ``content`` differs from what it shows, and lay the screen
    out again only if the widget's size would change (``keeps_its_size``): most of the
    frame stays the same from move to move, and a layout is a good part of a move's
    first frame."""
    shown = getattr(widget, "_shown_content", None)
    if (
        type(shown) is not type(content)
        or shown != content
        or (isinstance(content, Text) and content.style != shown.style)  # type: ignore[union-attr]
    ):
        widget._shown_content = content  # type: ignore[attr-defined]
        widget.update(content, layout=not keeps_its_size(widget, content))


def option_prompt(number: int, width: int, label: str) -> RichTable:
    """An option's number in its own column, so a label that wraps stays indented."""
    grid = RichTable.grid(padding=(0, 2, 0, 0))
    grid.add_column(width=width, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(str(number), Text(label))
    return grid


class OptionPrompt:
    """An option's number right-aligned in its own column and its label wrapped beside it,
    drawn exactly as ``option_prompt``'s grid draws it, without laying out a table for every
    option of every decision."""

    def __init__(self, number: int, width: int, label: str) -> None:
        self.number = number
        self.width = width
        self.label = label

    def _grid(self) -> RichTable:
        return option_prompt(self.number, self.width, self.label)

    def quick_lines(self, room: int) -> list[list[Segment]] | None:
        """The prompt's lines ``room`` cells wide as ``__rich_console__`` draws them, split
        as a console splits them, for a label of one-cell characters whose words fit
        beside the number (else None): most options of a move are new, and drawing each
        through the console took most of the time the options list took to show.
        Rich's own ``divide_line`` breaks the label, so it wraps where Rich wraps it."""
        first = self.width + 2
        label = self.label
        if (
            room <= first
            or not label.strip()
            or label[0].isspace()
            or not label.isprintable()
            or cell_len(label) != len(label)
        ):
            return None
        text_width = min(len(label), room - first)
        if any(len(word) > text_width for word in label.split()):
            return None  # a word cut short: Rich's ellipsis
        starts = [0, *divide_line(label, text_width, fold=False), len(label)]
        null = Style.null()
        number = [Segment(str(self.number).rjust(self.width)), Segment("  ", null)]
        blank = [Segment(" " * first, null)]
        lines: list[list[Segment]] = []
        for start, end in zip(starts, starts[1:], strict=False):
            row = label[start:end]
            if len(row) > text_width:  # spaces that end a row beyond its width go
                row = row[: max(text_width, len(row.rstrip()))]
            # A row is as wide as the widest (left-justified), after the number or under it.
            lines.append([*(blank if lines else number), Segment(row.ljust(text_width))])
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._grid())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        first = self.width + 2  # the number's column and the gap after it
        room = options.max_width
        if room <= first:  # no room for the label beside the number: let the grid decide
            yield self._grid()
            return
        # The grid is only as wide as its longest line needs (never wider than the room).
        longest = max((cell_len(line) for line in self.label.splitlines()), default=0)
        text_options = options.update(
            width=max(1, min(longest, room - first)),
            height=None,
            justify="left",
            overflow="ellipsis",
            no_wrap=False,
        )
        null = Style.null()
        lines = console.render_lines(Text(self.label), text_options, style=null, pad=True)
        number = Segment(str(self.number).rjust(self.width))
        gap, blank, new_line = Segment("  ", null), Segment(" " * first, null), Segment.line()
        for index, line in enumerate(lines):
            if index:
                yield blank
            else:
                yield number
                yield gap
            yield from line
            yield new_line


class PromptVisual(Visual):
    """An option's prompt as the option list draws an ``OptionPrompt`` (a ``RichVisual``),
    with what it measures and draws kept in ``kept``: the list measures every option's
    height when the options are set, again when it is laid out, and draws it after that,
    and most options come back from one decision to the next (same number, same label).
    A prompt is drawn once at a width (``_lines``), and that drawing gives its height and
    its rows in every style."""

    def __init__(self, widget: Widget, prompt: OptionPrompt, kept: dict[tuple[Any, ...], Any]):
        self._widget = widget
        self._prompt = prompt
        self._kept = kept
        self._key = (prompt.number, prompt.width, prompt.label)
        # What the prompt shows: the option list keeps the rows drawn for it by this.
        self.row_key = self._key

    def _known(self, key: tuple[Any, ...], work: Any) -> Any:
        kept = self._kept
        if key not in kept:
            if len(kept) > PROMPTS_KEPT:
                kept.clear()
            kept[key] = work()
        return kept[key]

    def _lines(self, width: int) -> list[list[Segment]]:
        """The prompt's lines at ``width`` as ``RichVisual`` draws them, before the list's
        style is put under every piece (which changes no piece's text)."""

        def draw() -> list[list[Segment]]:
            quick = self._prompt.quick_lines(width)
            if quick is not None:
                return quick
            app = active_app.get()
            options = app.console_options.update(highlight=False, width=width, height=None)
            segments = app.console.render(self._prompt, options.update_width(width))
            return list(
                Segment.split_and_crop_lines(segments, width, include_new_lines=False, pad=False)
            )

        return list(self._known((*self._key, "lines", width), draw))

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        rich = RichVisual(self._widget, self._prompt)
        key = (*self._key, "width", container_width)
        return int(self._known(key, lambda: rich.get_optimal_width(rules, container_width)))

    def get_height(self, rules: RulesMap, width: int) -> int:
        # Every line of the prompt ends in a new line: the lines are its height.
        return len(self._lines(width))

    def styled_strips(self, width: int, style: VisualStyle) -> list[Strip] | None:
        """The prompt's rows at ``width`` on ``style``, as ``RichVisual`` draws them; None
        on a style that is no style (Textual drops unstyled pieces then)."""
        base = style.rich_style
        if not base:
            return None

        def draw() -> list[Strip]:
            return [
                Strip([Segment(text, base + piece, None) for text, piece, _ in line])
                for line in self._lines(width)
            ]

        return list(self._known((*self._key, "strips", width, style), draw))

    def render_strips(
        self, width: int, height: int | None, style: VisualStyle, options: RenderOptions
    ) -> list[Strip]:
        strips = self.styled_strips(width, style)
        if strips is None:
            return RichVisual(self._widget, self._prompt).render_strips(
                width, height, style, options
            )
        return strips[:height]


# Measures and drawings of option prompts kept at most; beyond, the panel starts over.
PROMPTS_KEPT = 2000


class DecisionPanel(Vertical):
    """The pending decision: its prompt and numbered options (digits, arrows, Enter, mouse).

    The panel is as tall as its content, the options list at most as tall as the stylesheet
    allows for the layout (a share of the terminal's height); beyond that the list scrolls
    and says so with arrows in its margin. Beside the board it keeps the height it grew to
    (``keep_height``).
    """

    # It does not scroll: a new size, laid out already, needs no second layout for the
    # virtual size that follows it (``FixedText``).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class Chosen(OptionMessage):
        """The player chose an option (digit, Enter or click)."""

    class Highlighted(OptionMessage):
        """The highlight moved to another option."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.option_ids: list[str] = []
        self._prompts: dict[tuple[Any, ...], Any] = {}  # ``PromptVisual``'s
        # ``keep_height``: the width measured at and the tallest content there (0: none
        # yet); None while the panel fits its content.
        self._kept: tuple[int, int] | None = None
        # ``_fit_list``: the width of the options list and the most rows it has shown.
        self._list_rows: tuple[int, int] | None = None

    def keep_height(self, keep: bool) -> None:
        """``keep``: the panel never gets shorter (it stays as tall as its content has been
        since), so that the log under it stays where it is; a panel that followed the
        number of options moved the log at nearly every move, and a moved log is laid out
        and drawn again whole. Not keeping it (or keeping it anew) lets it fit its content
        again."""
        if keep or self._kept is not None:
            self._kept = (0, 0) if keep else None
            self._list_rows = None
            if self.is_mounted:
                self.query_one("#prompt", Static).styles.min_height = None  # the stylesheet's
                self.on_resize()  # the list fitted anew (``_fit_list``)
            self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        if self._kept is None:
            return height
        kept_width, kept = self._kept
        if width != kept_width or height > kept:
            self._kept = (width, height)
            return height
        return kept

    def compose(self) -> ComposeResult:
        yield FixedText(id="last", markup=False)
        yield FixedText(id="prompt", markup=False)
        yield FixedText(id="tip", markup=False)
        yield MarkedOptionList(id="options")

    def show_last(self, text: str) -> None:
        """The newest log line, for when the log panel is hidden."""
        update_changed(self.query_one("#last", Static), Text.assemble(("Last: ", "bold"), text))

    @property
    def options(self) -> OptionList:
        return self.query_one("#options", OptionList)

    def show(self, prompt: str, options: list[tuple[str, str]], *, waiting: bool = False) -> None:
        """Show ``prompt`` and the (id, label) options; ``waiting`` dims the prompt (the
        prompt alone is styled again, not the panel and its list, when a move hands the
        decision to a bot or back)."""
        prompt_text = self.query_one("#prompt", Static)
        if self._kept is not None:
            # Beside the board the prompt keeps the rows it grew to, as the panel does: a
            # bot's longer prompt, then the player's shorter one, laid the screen out twice.
            tall = prompt_text.outer_size.height
            low = prompt_text.styles.min_height
            if tall and (low is None or low.unit is not Unit.CELLS or low.value < tall):
                prompt_text.styles.min_height = tall
        update_changed(prompt_text, prompt)
        self.set_tip("")
        prompt_text.set_class(waiting, "-waiting")
        olist = self.options
        self.option_ids = [oid for oid, _ in options]
        width = len(str(len(options)))
        kept = self._prompts
        items = [
            ListOption(PromptVisual(olist, OptionPrompt(i + 1, width, label), kept), id=f"o{i}")
            for i, (_, label) in enumerate(options)
        ]
        self._fit_list([item.prompt for item in items])
        olist.set_options(items)
        olist.highlighted = 0 if options else None
        # A panel that keeps its height keeps its (then empty) list too: hiding it and
        # showing it again laid the screen out twice at every move against a bot.
        olist.display = bool(options) or self._kept is not None

    def _fit_list(self, prompts: list[Any]) -> None:
        """While the panel keeps its height, the options list is as tall as the most rows
        of options it has shown since (within its maximum height), set in cells: new options
        that take no more rows are then drawn in place, and nothing is laid out. Once they
        have filled it, its scrollbar stays (``overflow-y: scroll``): a scrollbar that came
        with every long list and went with the next short one laid the screen out again
        (some 9 ms more before that move's first frame), and the options re-wrapped.
        Otherwise the list is as tall as its options (the stylesheet's height and
        overflow)."""
        olist = self.options
        width = olist.scrollable_content_region.width
        room = olist.styles.max_height
        if self._kept is None or not width or room is None or room.unit is not Unit.CELLS:
            self._list_rows = None
            olist.styles.height = None
            olist.styles.overflow_y = None  # type: ignore[assignment]  # the stylesheet's
            return
        padding = olist.get_component_styles("option-list--option").padding.width
        inner = width - olist.GUTTER - padding
        rows = max(
            KEPT_LIST_ROWS, sum(prompt.get_height(olist.styles, inner) for prompt in prompts)
        )
        if self._list_rows is not None and self._list_rows[0] == width:
            rows = max(rows, self._list_rows[1])
        self._list_rows = (width, rows)
        scroll = rows > room.value
        if (olist.styles.inline.get_rule("overflow_y") == "scroll") != scroll:
            olist.styles.overflow_y = "scroll" if scroll else None  # type: ignore[assignment]
        height = min(rows, int(room.value)) + olist.styles.gutter.height
        current = olist.styles.height
        if current is None or current.unit is not Unit.CELLS or current.value != height:
            olist.styles.height = height

    def on_resize(self) -> None:
        """Fit the options list to the options shown at the panel's new width: the first
        options are shown before the panel is laid out, and a list fitted then would take
        its kept height only with the player's first move, laid out again in the frame
        that move waits for."""
        self._fit_list([option.prompt for option in self.options.options])

    def set_tip(self, tip: str) -> None:
        tip_widget = self.query_one("#tip", Static)
        update_changed(tip_widget, tip)
        tip_widget.display = bool(tip)

    def highlight(self, index: int) -> None:
        if 0 <= index < len(self.option_ids):
            self.options.highlighted = index

    @property
    def highlighted_id(self) -> str | None:
        """The id of the highlighted option, if any."""
        index = self.options.highlighted
        if index is None or not 0 <= index < len(self.option_ids):
            return None
        return self.option_ids[index]

    @on(OptionList.OptionHighlighted, "#options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        olist = self.options
        index = event.option_index
        # A late message from options since replaced says nothing about the current ones.
        if 0 <= index < len(self.option_ids) and olist.options[index] is event.option:
            self.post_message(self.Highlighted(self.option_ids[index]))

    @on(OptionList.OptionSelected, "#options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self.option_ids):
            self.post_message(self.Chosen(self.option_ids[index]))


# A log row: its marker column ('•', '»' or blank) and its text.
LogRow = tuple[str, Text]


class LogLines:
    """The log's rows drawn as a two-column grid would draw them (marker, then the text
    wrapped beside it), each row's wrapped lines kept for the width they were drawn at: a
    move adds a row to the log, and only that row is wrapped again, not the whole log.
    ``text_width`` fixes the text column's width (to draw some rows as the whole log does)."""

    def __init__(
        self,
        rows: list[LogRow],
        cache: dict[tuple[str, str, str, int], Any],
        text_width: int | None = None,
    ) -> None:
        self.rows = rows
        self.cache = cache
        self.text_width = text_width

    def _grid(self) -> RichTable:
        grid = RichTable.grid(padding=(0, 1, 0, 0))
        grid.add_column(width=1, no_wrap=True)
        grid.add_column(ratio=1)
        for marker, text in self.rows:
            grid.add_row(marker.strip(), text)
        return grid

    def text_width_for(self, width: int) -> int:
        """The text column's width in ``width`` cells: as wide as the longest line needs."""
        if self.text_width is not None:
            return self.text_width
        longest = max(
            (cell_len(line) for _, text in self.rows for line in text.plain.splitlines()),
            default=0,
        )
        return max(1, min(longest, width - 2))

    def wrapped(
        self, console: Console, options: ConsoleOptions, text: Text, marker: str, text_width: int
    ) -> list[list[Segment]]:
        """A row's text wrapped in ``text_width`` cells (kept in the cache)."""
        key = (marker, text.plain, str(text.style), text_width)
        lines: list[list[Segment]] | None = self.cache.get(key)
        if lines is None:
            text_options = options.update(
                width=text_width, height=None, justify="left", overflow="ellipsis", no_wrap=False
            )
            lines = console.render_lines(text, text_options, style=Style.null(), pad=True)
            self.cache[key] = lines
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._grid())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if width < 3:  # no room for the text beside the marker: let the grid decide
            yield self._grid()
            return
        # The grid is only as wide as its longest line needs (never wider than the room).
        text_width = self.text_width_for(width)
        null = Style.null()
        gap, blank, new_line = Segment(" ", null), Segment("  ", null), Segment.line()
        for marker, text in self.rows:
            lines = self.wrapped(console, options, text, marker, text_width)
            for index, line in enumerate(lines):
                if index:
                    yield blank
                else:
                    yield Segment(marker)
                    yield gap
                yield from line
                yield new_line


class LogVisual(Visual):
    """The log as its Static would draw ``LogLines``, each row's strips kept: a move draws
    the rows it adds, and measuring the log's height draws nothing again (drawing the whole
    log on every move took longer than the move, and grew with the game)."""

    def __init__(
        self, widget: Widget, lines: LogLines, strips: dict[tuple[Any, ...], list[Strip]]
    ) -> None:
        self._widget = widget
        self._lines = lines
        self._strips = strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        console = active_app.get().console
        return measure(console, self._lines, container_width, container_width=container_width)

    def _row_strips(self, width: int, base: Style) -> list[list[Strip]] | None:
        """Each row's strips at ``width`` on ``base``; None when too narrow for rows."""
        if width < 3:
            return None
        app = active_app.get()
        console = app.console
        options = app.console_options.update(highlight=False, width=width, height=None)
        text_width = self._lines.text_width_for(width)
        cache = self._lines.cache
        widget = self._widget
        out = []
        for row in self._lines.rows:
            marker, text = row
            key = (marker, text.plain, str(text.style), text_width, width, base)
            strips = self._strips.get(key)
            if strips is None:
                one = LogLines([row], cache, text_width)
                segments = console.render(widget.post_render(one, base), options)
                strips = [
                    Strip(line)
                    for line in Segment.split_and_crop_lines(
                        segments, width, include_new_lines=False, pad=False
                    )
                ]
                self._strips[key] = strips
            out.append(strips)
        return out

    def get_height(self, rules: RulesMap, width: int) -> int:
        if width < 3:
            return RichVisual(self._widget, self._lines).get_height(rules, width)
        app = active_app.get()
        options = app.console_options.update(highlight=False, width=width, height=None)
        lines = self._lines
        text_width = lines.text_width_for(width)
        return sum(
            len(lines.wrapped(app.console, options, text, marker, text_width))
            for marker, text in lines.rows
        )

    def render_strips(
        self, width: int, height: int | None, style: VisualStyle, options: RenderOptions
    ) -> list[Strip]:
        rows = self._row_strips(width, style.rich_style)
        if rows is None:
            return RichVisual(self._widget, self._lines).render_strips(
                width, height, style, options
            )
        return [strip for strips in rows for strip in strips][:height]


class LogPanel(VerticalScroll):
    """The game log as the viewer may read it; private lines are marked, not only coloured.

    One wrapping text, so lines re-wrap whenever the panel changes width.
    """

    # Wrapped rows kept at most (a long game at a few widths); beyond, the cache starts over.
    CACHE_ROWS = 5000
    # A new size changes the virtual size, which Textual lays the screen out for a second
    # time; the first layout placed the log's text already, and a scrollbar that shows or
    # goes is laid out anyway.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.texts: list[str] = []  # what the panel holds, shown or not
        self._lines: list[tuple[str, bool, bool]] | None = None
        self._wrapped: dict[tuple[str, str, str, int], Any] = {}
        self._strips: dict[tuple[Any, ...], list[Strip]] = {}

    def compose(self) -> ComposeResult:
        yield FixedText(id="log-lines", markup=False)

    def show_lines(self, lines: list[tuple[str, bool, bool]]) -> None:
        """(text, private, frame-line) triples, oldest first. A marker column keeps wrapped
        lines indented: '•' who decided what, '»' a line only the viewer sees."""
        if lines != self._lines:
            self._lines = list(lines)
            rows: list[LogRow] = []
            self.texts = []
            for line, private, frame in lines:
                if private:
                    rows.append(("»", Text("[you] " + line, style="italic")))
                    self.texts.append("[you] " + line)
                elif frame:
                    rows.append(("•", Text(line, style="bold")))
                    self.texts.append("• " + line)
                else:
                    rows.append((" ", Text(line)))
                    self.texts.append("  " + line)
            if len(self._wrapped) > self.CACHE_ROWS or len(self._strips) > self.CACHE_ROWS:
                self._wrapped, self._strips = {}, {}
            log = self.query_one("#log-lines", Static)
            log.update(LogVisual(log, LogLines(rows, self._wrapped), self._strips))
        self.call_after_refresh(self.scroll_end, animate=False)


# The digits' key in the footer, worded by the number of options (``describe_key``).
# The keys that pick an option (digits, Enter on the options) are priority bindings: the
# app runs them as the key comes in, where a key for the screen otherwise travels to the
# focused options list and back up through every container, a message hop each (about a
# millisecond of every move). No widget of the frame takes digits or Enter for itself; Enter
# goes on its usual way when the options are not what it picks (``action_pick``).
PICK_ACTION = "digit('1')"
PICK_BINDING = Binding("1", PICK_ACTION, "Pick", key_display="1-9", priority=True, id="frame.pick")


class GameScreen(BaseScreen):
    """The shared frame around one game's board."""

    AUTO_FOCUS = ""  # the frame gives focus to the options itself, only when they are live

    BINDINGS = [
        PICK_BINDING,
        # Shown in the footer once the game is over (``check_action``), where the digits were.
        Binding("enter", "results", "Results", id="frame.results"),
        *[
            Binding(str(d), f"digit('{d}')", show=False, priority=True, id=f"frame.digit{d}")
            for d in (2, 3, 4, 5, 6, 7, 8, 9, 0)
        ],
        Binding("enter", "pick", show=False, priority=True, id="frame.enter"),
        Binding("j", "cursor(1)", show=False, id="frame.down"),
        Binding("k", "cursor(-1)", show=False, id="frame.up"),
        Binding("u", "undo", "Undo", id="frame.undo"),
        Binding("t", "tip", "Tip", id="frame.tip"),
        Binding("l", "toggle_log", "Log", id="frame.log"),
        Binding("question_mark,f1", "help", "Help", key_display="?", id="frame.help"),
        Binding("r", "rules", "Rules", id="frame.rules"),
        Binding("s", "speed", "Bot speed", show=False, id="frame.speed"),
        Binding("q", "leave", "Leave", id="frame.leave"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        from .common import load_board_class

        self.table = TableView(session)
        self.board: BoardView = load_board_class(session.info)()
        self.board.seat_names = [s.name for s in session.seats]
        self.board.seat_kinds = [s.kind for s in session.seats]
        self._digits = ""
        self._bot_pending: str | None = None
        self._bot_running = False
        self._stop = threading.Event()
        self._shown_result = False
        self._handing_to: int | None = None
        self._left = False
        self._board_highlight: str | None = None
        self._log_due = False  # the log waits to be drawn after the next frame

    @property
    def tt_app(self) -> TabletopApp:
        return self.app  # type: ignore[return-value]

    @property
    def session(self) -> Session:
        return self.table.session

    # ---- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield FrameHeader(id="frame-header", markup=False)
        with Container(id="main"):
            with Container(id="board-area"):
                yield self.board
                yield Inspector(INSPECTOR_HINT, id="inspector", markup=False)
            with Vertical(id="side"):
                yield DecisionPanel(id="decision")
                yield LogPanel(id="log")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(LogPanel).border_title = "Log (l)"
        self.query_one(DecisionPanel).border_title = "Decision"
        self.fit_options()
        self._polls = 0
        if self.session.shared:
            self.set_interval(POLL_SECONDS, self._poll, name="shared game")
            for seat, code in self.session.codes.items():
                self.notify(
                    f"{self.table.name(seat)}: on another terminal, type: "
                    f"{self.session.join_command(code)}",
                    title="Join code",
                    timeout=60,
                )
        self.advance()
        self.call_after_refresh(self._hold_collector)

    # ``after_frame``: the callbacks waiting for this screen's next frame.
    _after_frame: list[Callable[[], None]] | None = None
    # Seconds a callback waits for that frame before it runs anyway (a redraw that changed
    # nothing on screen brings no frame).
    FRAME_WAIT = 0.1

    def _compositor_refresh(self) -> None:
        super()._compositor_refresh()
        waiting, self._after_frame = self._after_frame, None
        for run in waiting or ():
            self.call_later(run)

    def after_frame(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once this screen has drawn its next frame. Textual's
        ``call_after_refresh`` runs it at the screen's next idle moment, which can come
        before the widgets a move changed have told the screen so: the work put off that
        way (the log, the footer) then landed in the frame the player waits for."""
        done = False

        def run() -> None:
            nonlocal done
            if not done:
                done = True
                callback()

        if self._after_frame is None:
            self._after_frame = []
        self._after_frame.append(run)
        self.set_timer(self.FRAME_WAIT, run)

    def _hold_collector(self) -> None:
        """Once drawn, keep the garbage collector out of the moves' way (``collector``)."""
        if self.is_attached and not self._left:
            collector.hold(self)

    def on_unmount(self) -> None:
        self._stop.set()
        self.session.release()
        collector.release(self)

    def _poll(self) -> None:
        """A shared game: redraw when another process moved or a seat came or went."""
        if self._left or self._bot_running or self._handing_to is not None or not self.is_active:
            return  # caught up on the next tick that can redraw
        self._polls += 1
        changed = self.table.sync()
        if self._polls % PRESENCE_EVERY == 0:
            changed = self.session.refresh_presence() or changed
        if changed:
            self.advance()

    def on_resize(self) -> None:
        self.fit_options()

    # What the options were last fitted to: the terminal's size and whether the log shows.
    _fitted: tuple[int, int, bool] | None = None

    def fit_options(self) -> None:
        """Cap the options list for the terminal's size (a screen under a dialog is not told
        of a resize: it is fitted again when it comes back). Beside the board the panel
        keeps its height while the log shows under it (``DecisionPanel.keep_height``),
        from this size on."""
        width, height = self.app.size
        log_shown = not self.has_class("-log-off")
        if (width, height, log_shown) == self._fitted:
            return
        self._fitted = (width, height, log_shown)
        room = options_room(width, height, log_shown=log_shown)
        panel = self.query_one(DecisionPanel)
        panel.options.styles.max_height = room
        panel.keep_height(width >= WIDE_WIDTH and log_shown)
        self.call_after_refresh(self.query_one(Inspector).refit)

    def on_screen_resume(self) -> None:
        self.fit_options()
        if self._bot_pending is not None:
            choice, self._bot_pending = self._bot_pending, None
            self.play(choice)
        elif self._handing_to is None:
            self.focus_options()

    async def on_key(self, event: events.Key) -> None:
        """Keys nobody else took go to the board's own bindings (e.g. cycling its panels)."""
        for binding in self.board._bindings.key_to_bindings.get(event.key, []):
            event.stop()
            await self.app.run_action(binding.action, self.board)
            return

    def board_keys(self) -> list[tuple[str, str]]:
        """The board's own keys and what they do (``keys.BOARD_KEYS``)."""
        from .keys import board_rows

        return board_rows(b for b in type(self.board).BINDINGS if isinstance(b, Binding))

    # ---- the loop ------------------------------------------------------------------------

    def advance(self) -> None:
        """Redraw from the session and start what comes next."""
        if self._left:
            return
        try:
            self._advance()
        except Exception as exc:  # an engine or board bug: report it, the save is intact
            self.fail(f"The game stopped on an error: {exc!r}. Every move before it is saved.")

    def _advance(self) -> None:
        table = self.table
        handoff = table.settle_viewer()
        if handoff is not None:
            # Hide the previous viewer's private information before anything else.
            table.viewer = None
            self._handing_to = handoff
            self.redraw()
            self._show_log()  # now, not after the next frame: it may hold private lines
            from .curtain import CurtainScreen

            self.app.push_screen(
                CurtainScreen(
                    table.name(handoff), self.session.info.title, self.tt_app.curtain_guard
                ),
                partial(self._handed, handoff),
            )
            return
        self.redraw()
        decision = table.decision
        self.focus_options()
        if decision is None:
            if not self._shown_result:
                self._shown_result = True
                self.action_results()
            return
        if self._bot_to_move():
            self.start_bot()

    def _handed(self, seat: int, answer: str | None) -> None:
        self._handing_to = None
        if answer == "quit":
            self.action_leave()
            return
        self.table.hand_to(seat)
        self.query_one(Inspector).fit()  # laid out anyway as the game comes back
        self.advance()

    def redraw(self) -> None:
        table = self.table
        decision = table.decision
        view = table.view()
        update_changed(self.query_one(FrameHeader), self.header_text(view, decision))
        with self.board.batch():  # the board is drawn once, with its highlight
            self.board.update_board(view, table.board_decision(), table.viewer)
            self.update_decision_panel(decision)
            self._board_highlight = self.query_one(DecisionPanel).highlighted_id
            self.board.highlight(self._board_highlight)
        if not self._log_due:
            self._log_due = True
            self.after_frame(self._show_log)

    def _show_log(self) -> None:
        """The log and its newest line for the viewer at the keyboard now, drawn after the
        frame that shows the move: the board and the options are what the player waits for
        (once for all the redraws before that frame)."""
        if not self._log_due or self._left or not self.is_attached:
            return
        self._log_due = False
        table = self.table
        lines = table.log_lines(table.viewer)
        self.query_one(LogPanel).show_lines([(ln.text, ln.private, ln.frame) for ln in lines])
        self.query_one(DecisionPanel).show_last(lines[-1].text if lines else "the game begins.")

    def header_text(self, view: dict[str, Any], decision: Decision | None) -> Text:
        table = self.table
        text = Text()
        text.append(f" {self.session.info.title} ", style="bold reverse")
        game_header = view.get("header")
        if isinstance(game_header, str) and game_header:
            text.append(f" {table.fill(game_header)} ")
            text.append("│")
        if decision is None:
            text.append(" Game over ", style="bold")
        else:
            turn = f" ▶ {table.seat_title(decision.seat)} to play "
            text.append(turn, style="bold")
        if table.viewer is not None and len(self.session.humans) > 1:
            text.append("│")
            text.append(f" viewing: {table.name(table.viewer)} ")
        text.append("│")
        text.append(f" move {len(self.session.state.history) + (0 if decision is None else 1)} ")
        return text

    def update_decision_panel(self, decision: Decision | None) -> None:
        panel = self.query_one(DecisionPanel)
        table = self.table
        self._digits = ""
        if decision is None:
            panel.show("Game over. Press Enter to see the results, q to leave.", [], waiting=True)
            self.refresh_footer()
            return
        prompt = table.fill(decision.prompt)
        who = table.seat_title(decision.seat)
        name = table.name(decision.seat)
        what = waiting_words(name, prompt)
        if table.viewer_decides():
            options = [(o.id, table.fill(o.label)) for o in decision.options]
            panel.show(prompt if name in prompt else f"{name}: {prompt}", options)
        elif not self.session.is_human(decision.seat):
            panel.show(f"… {who} is thinking: {what}", [], waiting=True)
        else:
            note = table.waiting_note(decision.seat)
            panel.show(f"Waiting for {who}{f' ({note})' if note else ''}: {what}", [], waiting=True)
        self.refresh_footer()  # the footer names the options' numbers

    # What the footer last showed: the number of options, whether the digits are live and
    # whether the game is over.
    _footer_key: tuple[int, bool, bool] | None = None

    # The digits' key waits to be reworded after the next frame (``refresh_footer``).
    _reword_due = False

    def refresh_footer(self) -> None:
        """Tell the footer (``SteadyFooter``) only when what it shows changes
        (``describe_key`` and ``check_action``). When only the number of options changed,
        the digits' key is reworded after the frame that shows the move: a footer key
        changed with the move brings the footer row into that frame."""
        count = len(self.query_one(DecisionPanel).option_ids)
        key = (count, self.table.viewer_decides(), self.table.decision is None)
        if key == self._footer_key:
            return
        before, self._footer_key = self._footer_key, key
        if before is not None and before[1:] == key[1:]:
            if not self._reword_due:
                self._reword_due = True
                self.after_frame(self._reword_later)
            return
        self._reword_due = False
        self.refresh_bindings()

    def _reword_later(self) -> None:
        if not self._reword_due or self._left or not self.is_attached:
            return
        self._reword_due = False
        self.refresh_bindings()

    def describe_key(self, binding: Binding) -> str | None:
        """The footer's word for the digits: the numbers of the options now shown ('1-12'
        once there are twelve, typed as two digits)."""
        if binding.id != "frame.pick":
            return None
        count = len(self.query_one(DecisionPanel).option_ids)
        return "1-9" if count == 0 else "1" if count == 1 else f"1-{count}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Digits are shown dimmed while the decision is someone else's. Once the game is
        over, the footer offers the results (Enter) instead of the digits and the tip."""
        over = self.table.decision is None
        if action == "results":
            return over
        if action in ("digit", "pick", "tip") and over:
            return False
        if action == "digit" and not self.table.viewer_decides():
            return None
        return True

    def focus_options(self) -> None:
        """Keys go to the options when the viewer decides, else to the screen's bindings.
        While a bot of this process thinks, options still shown keep the focus they have
        (the list is empty, and keys it does not use go on to the screen): a list that lost
        the focus and got it back was styled and drawn again twice a move, once in the
        frame that shows the player's move."""
        if not self.is_active:
            return
        options = self.query_one(DecisionPanel).options
        if self.table.viewer_decides():
            options.focus()
        elif not (self._bot_to_move() and options.display and options.has_focus):
            self.set_focus(None)

    # ---- moves ---------------------------------------------------------------------------

    def play(self, option_id: str) -> None:
        """Apply a choice (a person's or a bot's) and carry on."""
        try:
            self.table.apply(option_id)
        except IllegalMove as exc:
            self.notify(str(exc), severity="warning")
            if isinstance(exc, MoveConflict):
                self.advance()
            return
        except Exception as exc:  # an engine or storage failure: report it, keep the save
            self.fail(f"The game stopped on an error: {exc!r}. Every move before it is saved.")
            return
        self.advance()

    def choose(self, option_id: str) -> None:
        """A person picked an option (panel, digits or board)."""
        decision = self.table.decision
        if decision is None or not self.table.viewer_decides():
            return
        if option_id not in decision.ids:
            self.notify("That is not one of the options now.", severity="warning")
            return
        self.play(option_id)

    @on(DecisionPanel.Chosen)
    def _chosen(self, event: DecisionPanel.Chosen) -> None:
        event.stop()
        self.choose(event.option_id)

    @on(BoardView.Picked)
    def _picked(self, event: BoardView.Picked) -> None:
        event.stop()
        self.choose(event.option_id)

    @on(BoardView.Inspected)
    def _inspected(self, event: BoardView.Inspected) -> None:
        event.stop()
        text = event.text if event.text is not None else self.board.legend()
        if text is None or text == "":
            text = INSPECTOR_HINT
        if isinstance(text, str):
            text = Text(self.table.fill(text))
            if not text.plain.startswith("ℹ"):
                text = Text("ℹ ").append_text(text)
        self.query_one(Inspector).show(text)

    @on(DecisionPanel.Highlighted)
    def _highlighted(self, event: DecisionPanel.Highlighted) -> None:
        """Tell the board when the panel's highlight moves (``BoardView.highlight``)."""
        event.stop()
        if self._left or event.option_id == self._board_highlight:
            return
        self._board_highlight = event.option_id
        try:
            self.board.highlight(event.option_id)
        except Exception as exc:  # a board bug: report it, the save is intact
            self.fail(f"The board failed: {exc!r}. Every move before it is saved.")

    # ---- bots ----------------------------------------------------------------------------

    def _bot_to_move(self) -> bool:
        """Whether the pending decision is a bot's that this process plays."""
        decision = self.table.decision
        return (
            decision is not None
            and not self.session.is_human(decision.seat)
            and self.session.runs_bots
        )

    def start_bot(self) -> None:
        """Let the bot to move think, once the frame that shows the position is drawn: a
        bot that searches holds the interpreter for most of its thread's turns, and the
        frame that shows the player's own move waited for it. The bot counts as busy
        from now on."""
        if self._bot_running:
            return
        self._bot_running = True
        self.after_frame(self._run_bot)

    def _run_bot(self) -> None:
        """The bot thinks about the position as it is now (whatever happened since
        ``start_bot``), if a bot is still to move."""
        if self._left or not self._bot_to_move():
            self._bot_running = False
            return
        self.run_worker(
            partial(self._think, len(self.session.state.history)),
            name="bot",
            group="bot",
            thread=True,
            exit_on_error=False,
        )

    def _think(self, moves: int) -> tuple[int, str | None]:
        """Runs in a worker thread: ask the bot, then wait out the pacing delay."""
        start = time.monotonic()
        choice = self.session.bot_choice()
        delay = BOT_SPEEDS.get(self.tt_app.bot_speed, 0.0) - (time.monotonic() - start)
        if delay > 0:
            self._stop.wait(delay)
        return moves, choice

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.name == "bot":
            self._on_bot(worker, event.state)
        elif worker.name == "tip":
            self._on_tip(worker, event.state)

    def _on_bot(self, worker: Worker[Any], state: WorkerState) -> None:
        if state == WorkerState.ERROR:
            self._bot_running = False
            self.fail(f"A bot failed to choose: {worker.error!r}. Every move before it is saved.")
        elif state == WorkerState.CANCELLED:
            self._bot_running = False
        elif state == WorkerState.SUCCESS:
            self._bot_running = False
            moves, choice = worker.result
            if self._left or choice is None or moves != len(self.session.state.history):
                return
            if not self.is_active:
                self._bot_pending = choice  # carried out when the player comes back
                return
            self.play(choice)

    @property
    def busy(self) -> bool:
        """A bot is thinking or its move waits to be shown (tests wait on this)."""
        return self._bot_running or self._bot_pending is not None

    # ---- actions -------------------------------------------------------------------------

    def action_digit(self, digit: str) -> None:
        """Digits pick options by number; with ten or more options, type both digits."""
        if not self.table.viewer_decides():
            return
        panel = self.query_one(DecisionPanel)
        count = len(panel.option_ids)
        buffer = self._digits + digit
        number = int(buffer)
        if number == 0 or number > count:
            buffer, number = digit, int(digit)
            if number == 0 or number > count:
                self._digits = ""
                self.app.bell()
                return
        if number * 10 > count:
            self._digits = ""
            self.choose(panel.option_ids[number - 1])
        else:
            self._digits = buffer
            panel.highlight(number - 1)
            panel.set_tip(f"Option {number}: press Enter, or type the next digit.")

    def action_pick(self) -> None:
        """Enter on the options picks the highlighted one, as the list's own Enter does;
        anywhere else (or with nothing to pick) the key goes on its usual way."""
        panel = self.query_one(DecisionPanel)
        option_id = panel.highlighted_id if panel.options.has_focus else None
        if option_id is None:
            raise SkipAction()
        self.choose(option_id)

    def action_cursor(self, step: int) -> None:
        options = self.query_one(DecisionPanel).options
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()

    def action_undo(self) -> None:
        if not self.table.can_undo():
            self.notify(
                "Nothing to undo: undo goes back over your own decisions only, and stops "
                "where cards were revealed, chance acted or another seat decided.",
                severity="warning",
            )
            return
        try:
            self.table.undo()
        except MoveConflict as exc:
            self.notify(str(exc), severity="warning")
            self.advance()
            return
        except Exception as exc:
            self.fail(f"Undo failed: {exc!r}. Every move before it is saved.")
            return
        self.advance()

    def action_tip(self) -> None:
        if not self.table.viewer_decides():
            self.notify("A tip is for the player whose turn it is.", severity="warning")
            return
        session = self.session
        twin = Session(session.info, session.state.clone(), list(session.seats))
        self.query_one(DecisionPanel).set_tip("Tip: thinking…")
        self.run_worker(
            partial(self._tip, twin, len(session.state.history)),
            name="tip",
            group="tip",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    @staticmethod
    def _tip(twin: Session, moves: int) -> tuple[int, tuple[str, str] | None]:
        return moves, twin.hint()

    def _on_tip(self, worker: Worker[Any], state: WorkerState) -> None:
        panel = self.query_one(DecisionPanel)
        if state == WorkerState.ERROR:
            panel.set_tip(f"Tip unavailable: {worker.error}")
        elif state == WorkerState.SUCCESS:
            moves, hint = worker.result
            decision = self.table.decision
            if hint is None or decision is None or moves != len(self.session.state.history):
                panel.set_tip("")
                return
            option_id, why = hint
            index = decision.ids.index(option_id) if option_id in decision.ids else -1
            label = self.table.fill(decision.option(option_id).label) if index >= 0 else option_id
            tip = f"Tip: {index + 1}  {label}" + (f" — {self.table.fill(why)}" if why else "")
            panel.set_tip(tip)
            panel.highlight(index)

    def action_toggle_log(self) -> None:
        if self.has_class("-w120") or self.has_class("-w160"):
            self.toggle_class("-log-off")
        else:
            self.toggle_class("-log-on")
        self.fit_options()
        self.call_after_refresh(self.query_one(LogPanel).scroll_end, animate=False)

    def action_help(self) -> None:
        from .help import HelpScreen

        info = self.session.info
        self.app.push_screen(
            HelpScreen(
                f"{info.title}: keys and rules summary",
                keys=self.key_help(),
                markdown=rules_markdown(info.rules_summary_file, "rules summary"),
                rules_file=info.rules_file,
                rules_title=info.title,
            )
        )

    def key_help(self) -> list[tuple[str, str]]:
        """The keys and what they do, made from the bindings (``keys.GAME_KEYS``)."""
        from .keys import app_bindings, help_rows

        notes = {"frame.speed": f"now {self.tt_app.bot_speed}"}
        return help_rows(app_bindings(), notes) + self.board_keys()

    def action_rules(self) -> None:
        from .help import RulesScreen

        info = self.session.info
        self.app.push_screen(RulesScreen(info.title, info.rules_file))

    def action_speed(self) -> None:
        self.tt_app.cycle_bot_speed()

    def action_results(self) -> None:
        if self.table.decision is not None:
            return
        from .results import ResultScreen

        self.app.push_screen(ResultScreen(self.session), self._after_results)

    def _after_results(self, choice: str | None) -> None:
        app = self.tt_app
        if choice == "again":
            app.play_again(self.session)
        elif choice == "replay":
            app.open_replay(self.session.record(), finished=True)
        elif choice == "picker":
            app.back_to_picker()

    def action_leave(self) -> None:
        self._left = True
        self._stop.set()
        self.workers.cancel_all()
        self.tt_app.back_to_picker()

    def fail(self, message: str) -> None:
        if self._left:
            return  # already gone: a late worker's error is moot
        self._left = True
        self._stop.set()
        self.tt_app.show_error("The game cannot go on", message)

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        cmds: list[tuple[str, str, Any]] = [
            ("Undo", "Take back your last decision", self.action_undo),
            ("Tip", "What the strongest bot would do now, and why", self.action_tip),
            ("Log", "Show or hide the game log", self.action_toggle_log),
            ("Help", "Keys and the rules summary", self.action_help),
            ("Rules", f"The full rules of {self.session.info.title}", self.action_rules),
            ("Leave game", "Back to the start screen (the game is saved)", self.action_leave),
        ]
        return cmds

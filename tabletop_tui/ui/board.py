"""The contract between the shared game frame and each game's board widget.

A game's ``screen.py`` defines a ``BoardView`` subclass (named by ``GameInfo.screen``). The
frame owns the header, decision panel, log, hand-off curtain and keys; the board only draws
the view it is given and, when the player clicks an element that stands for an option
(``Option.target``), posts ``BoardView.Picked`` with that option's id.

Conventions the frame relies on:

- ``view["header"]`` (optional, a short public string such as ``"Era 2 · Round 3"``) is shown
  in the frame's header line next to the game's title and whose turn it is. It must read the
  same for every viewer. ``{seat:N}`` in it (and in log texts, prompts and option labels) is
  replaced by the name of seat N (0-based).
- Two seats' views differ only where one of them may see something the other may not: the
  frame compares the views of the seat leaving the keyboard and the seat taking it to know
  whether a hotseat hand-off needs the curtain. Keys whose type in the game's view
  ``TypedDict`` is marked ``ForViewer`` (``tabletop_tui.engine.views``) are ignored in that
  comparison: mark so what depends on who looks without being secret (the seat number;
  advice computed for that seat, e.g. Maeshowe's madness odds).
- ``update_board`` is called after every change with the viewer's view; when the pending
  decision is another seat's secret one, its options are removed before the board sees it.
  It keeps ``self.view``, ``self.decision`` and ``self.viewer`` and calls ``redraw()``, which
  is all a game's board implements (it is also called on mount and on resize). A board asks
  for a redraw of its own (e.g. its highlight moved) with ``request_redraw()``: inside
  ``batch()`` (the frame's update and highlight together) the board is drawn once, at its end.
- The board does not take focus or keys: the decision panel has them (digits, arrows, Enter).
  Mouse clicks on board elements call ``self.pick(option_id)`` for a legal option of the
  viewer's own decision (``self.pickable(decision, viewer)`` tells whether to offer that).
- ``highlight(option_id)`` tells the board which option the decision panel highlights, so it
  can mark or inspect the element that option stands for. The frame calls it after every
  ``update_board`` (None when the viewer has no options to choose from) and whenever the
  highlight moves (arrows, a first digit, a tip). The default does nothing. A board never
  reaches into the frame's widgets for this.
- ``self.seat_names`` and ``self.seat_kinds`` hold the seats' names and kinds ("human" or a
  bot level), set before the first ``update_board``.
- The inspector: the frame shows, under the board, what the highlighted option's board element
  is and does, in sentences. The board supplies them through ``describe(target)`` (a card id,
  a region, a tile...: whatever ``Option.target`` names) and, for an option without a target,
  ``describe_option(option)``. The sentences come from the view (engines write rule texts;
  boards only pick them up). A click on any board element (``BoardText`` with
  ``kit.click(text, target)``) picks its option if it has one, and otherwise shows the
  element in the inspector (``inspect(target)``). ``legend()`` is what the inspector shows
  when nothing is highlighted: the key to whatever notation the board still uses.
- Colour comes from ``self.palette`` (``ui/kit/palette.py``: roles checked for contrast
  against the theme, plain under NO_COLOR); cards are drawn with ``ui/kit/card.py``. The
  board redraws when the theme changes.
- Size: the board gets the space above the decision panel: 78x16 cells at 80x24 while the
  decision has up to 4 options, down to 78x13 when it has more (the board scrolls if it must),
  less the inspector's lines, and more on larger terminals (beside the panel from 120 columns;
  ``band()`` names the size band). Colour is never the only signal (words, letters or
  symbols too).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from itertools import islice
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual._context import active_app
from textual.content import Content, Span
from textual.css.scalar import ScalarResolveError, Unit
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.message import Message
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.engine.core import Decision, Option
from tabletop_tui.seats import seat_name as _seat_name

from .common import FixedText
from .kit.palette import Palette

# A board line as the cache knows it: its text, its spans and its own style.
LineKey = tuple[str, tuple[Any, ...], Any]


# A line's strips drawn on one row, with each strip's offset (column, row in the line).
LineStrips = tuple[list[Strip], list[tuple[int, int]]]


def line_key(line: Text) -> LineKey:
    return (line.plain, tuple(line.spans), line.style)


def line_content(line: Text | Content, console: Any) -> Content:
    """``line`` as Textual holds it once cut out of the text of all lines: its spans cut to
    the line, and the empty ones dropped (they would split the line's segments)."""
    content = line if isinstance(line, Content) else Content.from_rich_text(line, console=console)
    end = len(content.plain)
    spans = content.spans
    if any(span.end <= span.start or span.end > end for span in spans):
        kept = [Span(s.start, min(s.end, end), s.style) for s in spans if min(s.end, end) > s.start]
        content = Content(content.plain, kept)
    return content


# Styles a board line's segments are drawn in, kept across redraws (a board draws with a
# few dozen styles): Rich span styles as Textual reads them, by the theme's ANSI colours,
# and the style of each stack of spans on the text's base style. Beyond, they start over.
_span_styles: dict[tuple[Any, int], VisualStyle] = {}
_stack_styles: dict[tuple[VisualStyle, tuple[VisualStyle, ...]], VisualStyle] = {}
STYLES_KEPT = 4096
# The Rich style of a segment at its offset (what clicks and selection read): making one
# writes the offset into the style's meta, and most segments of a board come back at the
# same place in the same style from move to move.
_offset_styles: dict[tuple[VisualStyle, int, int], Style] = {}
OFFSET_STYLES_KEPT = 16384


def _at_offset(style: VisualStyle, x: int, y: int) -> Style:
    """``style.rich_style_with_offset(x, y)``, kept."""
    key = (style, x, y)
    got = _offset_styles.get(key)
    if got is None:
        if len(_offset_styles) > OFFSET_STYLES_KEPT:
            _offset_styles.clear()
        got = _offset_styles[key] = style.rich_style_with_offset(x, y)
    return got


def _span_style(style: Any, console: Any, theme: Any) -> VisualStyle:
    """A Rich span's style as ``Content.from_rich_text`` reads it."""
    key = (style, id(theme))
    got = _span_styles.get(key)
    if got is None:
        if len(_span_styles) > STYLES_KEPT:
            _span_styles.clear()
        rich = console.get_style(style) if isinstance(style, str) else style
        got = _span_styles[key] = VisualStyle.from_rich_style(rich, theme)
    return got


def quick_line_strip(
    line: Text, y: int, base: VisualStyle, get_style: Any, console: Any, theme: Any
) -> Strip:
    """The strip Textual draws for board line ``line`` on row ``y`` (the offset that clicks
    and selection read), for a line that fits its row (no wrapping, no tab, no new line)
    drawn left-aligned with nothing added after it: the segments and styles that
    ``Content.from_rich_text``, its wrapping and ``to_strip`` make, with the styles kept
    (each new line of a board took some 150 us that way, most of it making styles)."""
    plain = line.plain
    end = len(plain)
    styles: list[Any] = []
    starts: list[int] = []
    ends: list[int] = []
    if line.style and end:  # the text's own style: the first span (``stylize_before``)
        style = line.style
        own = get_style(style) if isinstance(style, str) else _span_style(style, console, theme)
        if own:
            styles.append(own)
            starts.append(0)
            ends.append(end)
    for start, stop, style in line._spans:
        stop = min(stop, end)
        if stop > start:  # an empty span would split the line's segments
            styles.append(_span_style(style, console, theme))
            starts.append(start)
            ends.append(stop)
    if not styles:
        return Strip([Segment(plain, _at_offset(base + base, 0, y))], cell_len(plain))
    # Where spans enter and leave, in the order ``Content.render`` takes them.
    events = [(0, False, 0)]
    events += [(start, False, i) for i, start in enumerate(starts, 1)]
    events += [(stop, True, i) for i, stop in enumerate(ends, 1)]
    events.append((end, True, 0))
    events.sort(key=lambda event: (event[0], event[1]))
    stack: list[int] = []
    segments = []
    x = 0
    for (offset, leaving, index), (next_offset, _, _) in zip(events, events[1:], strict=False):
        if leaving:
            stack.remove(index)
        else:
            stack.append(index)
        if next_offset > offset:
            key = (base, tuple(styles[i - 1] for i in sorted(stack) if i))
            style = _stack_styles.get(key)
            if style is None:
                if len(_stack_styles) > STYLES_KEPT:
                    _stack_styles.clear()
                style = _stack_styles[key] = base + VisualStyle.combine([base, *key[1]])
            text = plain[offset:next_offset]
            segments.append(Segment(text, _at_offset(style, x, y)))
            x += len(text)
    return Strip(segments, cell_len(plain))


# How many lines a board text keeps parsed or drawn beyond those it shows: on a move, a
# third of the lines drawn anew had been drawn a few moves before (a card back with the
# option number it had, a highlight that comes back).
LINES_KEPT = 256


def keep_recent(kept: dict[Any, Any], used: dict[Any, Any], bound: int = LINES_KEPT) -> None:
    """Leave ``kept`` holding ``used`` (as the newest) and, of what it held before, the
    newest entries that ``bound`` leaves room for."""
    for key in used:
        kept.pop(key, None)
    kept.update(used)
    extra = len(kept) - max(bound, len(used))
    if extra > 0:
        for key in list(islice(kept, extra)):
            del kept[key]


# Unescaped square brackets: any that opens a markup tag, and those that close one.
_BRACKET = re.compile(r"(?<!\\)\[")
_CLOSER = re.compile(r"(?<!\\)\[/")


# A board line of flat markup (``[style]text[/]`` parts, text between them, ``\\[`` for a
# bracket), whose tags hold only style words, colours and element clicks.
_TAG_WORD = r"(?:#[0-9A-Fa-f]{6}|[a-z]+|@click=element\('[\w:.\-]+'\))"
_QUICK_TAG = re.compile(rf"{_TAG_WORD}(?: {_TAG_WORD})*")
_QUICK_PART = re.compile(r"\[([^\[\]]+)\]((?:[^\[\\]|\\\[)*)\[/\]|((?:[^\[\\]|\\\[)+)")


def quick_markup(line: str) -> Content | None:
    """``Content.from_markup(line)`` for a line of flat markup (``_QUICK_PART``), read
    without Textual's markup tokenizer (a new board line took 0.2-0.3 ms through it);
    None for any other line, which then goes the tokenizer's way."""
    if not line.isprintable():
        return None
    plain: list[str] = []
    spans: list[Span] = []
    at = pos = 0
    end = len(line)
    match = _QUICK_PART.match
    while pos < end:
        found = match(line, pos)
        if found is None:
            return None
        tag, body, text = found.groups()
        if tag is not None:
            if not _QUICK_TAG.fullmatch(tag):
                return None
            body = body.replace("\\[", "[")
            if body:
                spans.append(Span(at, at + len(body), tag))
                plain.append(body)
                at += len(body)
        else:
            text = text.replace("\\[", "[")
            plain.append(text)
            at += len(text)
        pos = found.end()
    return Content("".join(plain), spans)


def markup_lines(markup: str, kept: dict[str, Content]) -> list[Content] | None:
    """``markup``'s lines as ``Content.from_markup`` reads them, each parsed alone or taken
    from ``kept`` when it was parsed before (a move changes a few lines of a board, and
    parsing its markup again was much of a board's redraw); ``kept`` is left holding this
    markup's lines and those of earlier markups that ``keep_recent`` keeps. None if a
    line's tags do not all close on it (a style that runs on to the next line): then only
    the whole markup reads as Textual reads it."""
    contents: list[Content] = []
    used: dict[str, Content] = {}
    for line in markup.split("\n"):
        content = kept.get(line)
        if content is None:
            content = used.get(line)
        if content is None:
            if len(_BRACKET.findall(line)) != 2 * len(_CLOSER.findall(line)):
                kept.clear()
                return None
            content = quick_markup(line)
            if content is None:
                content = Content.from_markup(line)
        used[line] = content
        contents.append(content)
    keep_recent(kept, used)
    return contents


class BoardLines(Visual):
    """A board's lines drawn as a Static draws them joined (``join_lines``), each line's
    strips kept between redraws: a move changes a few lines of a board, and turning every
    line's Rich text into strips again was most of the time to a move's first frame.

    A line is drawn alone through the very steps Textual takes for each line of a text
    (``Content.from_rich_text``, then its wrapping and formatting), or for a line that fits
    its row by ``quick_line_strip``, with the line's number as the offset that text
    selection and clicks read, so the strips are the same; while a selection is shown the
    whole text is drawn as Textual would."""

    def __init__(
        self,
        lines: list[Text] | list[Content],
        keys: list[Any],
        strips: dict[tuple[Any, ...], dict[int, LineStrips]],
    ) -> None:
        self._lines = lines
        self.keys = keys
        self._strips = strips
        self._whole: Content | None = None
        self._one_row: dict[int, bool] = {}  # by width (``one_row_each``)
        self._pruned = False  # whether ``row_strip`` trimmed the strips of older lines

    def __str__(self) -> str:
        """The plain text, as a Static's ``Content`` reads."""
        return "\n".join(line.plain for line in self._lines)

    def _content(self) -> Content:
        """The lines as one text, as Textual would draw ``join_lines(lines)`` (or the
        markup they were parsed from)."""
        if self._whole is None:
            lines = self._lines
            if lines and isinstance(lines[0], Content):
                self._whole = Content("\n").join(lines)
            else:
                joined = Text("\n").join(lines)  # type: ignore[arg-type]
                self._whole = Content.from_rich_text(joined, console=active_app.get().console)
        return self._whole

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        width = max((cell_len(line.plain) for line in self._lines), default=0)
        return width + rules.get("line_pad", 0) * 2

    def get_height(self, rules: RulesMap, width: int) -> int:
        line_pad = rules.get("line_pad", 0) * 2
        room = width - line_pad
        height = 0
        for line in self._lines:
            plain = line.plain
            if "\t" not in plain and "\n" not in plain and cell_len(plain) <= room:
                height += 1  # fits: one line, as Textual's wrapping would find
            else:
                height += Content(plain).get_height(rules, width)
        return height or 1

    def _setting(
        self, width: int, style: VisualStyle, options: RenderOptions
    ) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """What a line's strips depend on besides the line (the cache's key), and what
        drawing one takes (``_draw``)."""
        get_rule = options.rules.get
        align = get_rule("text_align", "left")
        overflow = get_rule("text_overflow", "fold")
        no_wrap = get_rule("text_wrap", "wrap") == "nowrap"
        line_pad = get_rule("line_pad", 0)
        app = active_app.get()
        setting = (width, style, align, overflow, no_wrap, line_pad, options.post_style)
        setting += (id(app.ansi_theme),)
        # Strips only move (no padding before the text) when the text is aligned left.
        movable = align in ("left", "start")
        draw = {
            "width": width,
            "style": style,
            "options": options,
            "align": align,
            "overflow": overflow,
            "no_wrap": no_wrap,
            "line_pad": line_pad,
            "console": app.console,
            "theme": app.ansi_theme,
            "movable": movable,
            # A line that fits its row is drawn by ``quick_line_strip`` (left-aligned,
            # nothing added around or after it).
            "quick": movable and not line_pad and options.post_style is None,
        }
        return setting, draw

    @staticmethod
    def _draw(
        line: Text | Content, y: int, drawn: dict[int, LineStrips] | None, draw: dict[str, Any]
    ) -> LineStrips:
        """``line``'s strips with its first row at row ``y`` of the text: moved from another
        row it was drawn on (``drawn``), or drawn anew."""
        here = None if drawn is None else drawn.get(y)
        if here is not None:
            return here
        if drawn and draw["movable"]:
            # The same line drawn on another row: only the offsets change.
            strips, places = next(iter(drawn.values()))
            return (
                [
                    strip.apply_offsets(x, y + dy)
                    for strip, (x, dy) in zip(strips, places, strict=True)
                ],
                places,
            )
        width, style, options = draw["width"], draw["style"], draw["options"]
        if (
            draw["quick"]
            and isinstance(line, Text)
            and "\n" not in (plain := line.plain)
            and "\t" not in plain
            and len(plain) <= width
            and cell_len(plain) <= width
        ):
            strip = quick_line_strip(
                line, y, style, options.get_style, draw["console"], draw["theme"]
            )
            return [strip], [(0, 0)]
        formatted = line_content(line, draw["console"])._wrap_and_format(
            width,
            align=draw["align"],
            overflow=draw["overflow"],
            no_wrap=draw["no_wrap"],
            line_pad=draw["line_pad"],
            tab_size=8,
            post_style=options.post_style,
            get_style=options.get_style,
        )
        places = [(part.x, part.y) for part in formatted]
        for part in formatted:
            part.y += y  # the row's number in the whole text
        return [Strip(*part.to_strip(style)) for part in formatted], places

    def render_strips(
        self, width: int, height: int | None, style: VisualStyle, options: RenderOptions
    ) -> list[Strip]:
        if not width:
            return []
        if options.selection is not None:
            return self._content().render_strips(width, height, style, options)
        setting, draw = self._setting(width, style, options)
        kept, used = self._strips, {}
        out: list[Strip] = []
        y = 0  # the number of the line's first row in the whole text
        for line, key in zip(self._lines, self.keys, strict=True):
            cache_key = (key, setting)
            here = self._draw(line, y, kept.get(cache_key), draw)
            used.setdefault(cache_key, {})[y] = here
            out.extend(here[0])
            y += line.plain.count("\n") + 1
            if height is not None and len(out) >= height:
                break
        # Keep what this drawing used (the lines of the board as it is now), and what
        # ``keep_recent`` keeps of earlier drawings.
        keep_recent(kept, used)
        return out if height is None else out[:height]

    def one_row_each(self, rules: RulesMap, width: int) -> bool:
        """Whether every line is drawn on one row at ``width`` (row y is line y)."""
        known = self._one_row.get(width)
        if known is None:
            room = width - rules.get("line_pad", 0) * 2
            known = self._one_row[width] = all(
                "\t" not in (plain := line.plain) and "\n" not in plain and cell_len(plain) <= room
                for line in self._lines
            )
        return known

    def row_setting(
        self, width: int, style: VisualStyle, options: RenderOptions
    ) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """What ``row_strip`` draws with at ``width`` in ``style`` (once per drawing)."""
        return self._setting(width, style, options)

    def row_strip(self, y: int, setting: tuple[Any, ...], draw: dict[str, Any]) -> Strip | None:
        """Row ``y`` as ``render_strips`` draws it (``row_setting``), drawing only that
        row's line (a row beyond the lines is blank: None); for lines drawn on one row
        each, and no selection shown (``one_row_each``). What is kept is then what was
        drawn of the lines shown now, on whichever rows they were drawn, and what
        ``keep_recent`` keeps of older lines."""
        if not self._pruned:
            self._pruned = True
            keys = set(self.keys)
            keep_recent(self._strips, {k: v for k, v in self._strips.items() if k[0] in keys})
        if y >= len(self._lines):
            return None
        drawn = self._strips.setdefault((self.keys[y], setting), {})
        here = self._draw(self._lines[y], y, drawn, draw)
        drawn[y] = here
        return here[0][0]


class BoardText(FixedText):
    """Board text whose elements click through to the board (``kit.click`` marks them).

    Link styling is switched off so that a clickable card keeps its own colour. Given a
    list of lines (or markup), it draws them as their ``join_lines`` (the markup) would be
    drawn, keeping each line's strips (``BoardLines``)."""

    DEFAULT_CSS = """
    BoardText { width: 1fr; height: auto; }
    """

    def __init__(self, board: BoardView, content: Any = "", **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self._board = board
        self._shown: Any = None
        self._line_strips: dict[tuple[Any, ...], dict[int, LineStrips]] = {}
        self._markup_lines: dict[str, Content] = {}
        self._shown_lines: BoardLines | None = None  # the lines shown, if lines are

    def update(self, content: Any = "", *args: Any, **kwargs: Any) -> None:
        """Update the text unless it already shows exactly ``content``: most redraws of a
        board leave some of its texts as they were, and each update is laid out and drawn
        again."""
        if isinstance(content, list):
            keys = [line_key(line) for line in content]
            if keys == self._shown:
                return
            self._shown = keys
            self._show_lines(BoardLines(content, keys, self._line_strips))
            return
        shown = self._shown
        if (
            shown is not None
            and type(shown) is type(content)
            and shown == content
            and (not isinstance(content, Text) or content.style == shown.style)
        ):
            return
        self._shown = content
        if isinstance(content, str) and self._render_markup:
            lines = markup_lines(content, self._markup_lines)
            if lines is not None:
                self._show_lines(BoardLines(lines, content.split("\n"), self._line_strips))
                return
            content = Content.from_markup(content)
        self._shown_lines = None
        super().update(content, *args, **kwargs)

    def _show_lines(self, lines: BoardLines) -> None:
        """Show ``lines``. When they take the rows of the lines before, each line on one
        row before and after, and the text keeps its size (as many lines, or fewer rows of
        lines than the text is held tall by its minimum height), only the rows that changed
        are drawn again and nothing is laid out: a move changes a few rows of a board, and
        drawing a row again takes longer than drawing it from what was kept, as the other
        rows are."""
        before, self._shown_lines = self._shown_lines, lines
        rows = self._changed_rows(before, lines)
        if rows is None:
            self.refresh(layout=True)
        elif rows:
            width = self.content_size.width
            self.refresh(*(Region(0, y, width, 1) for y in rows))

    def _changed_rows(self, before: BoardLines | None, after: BoardLines) -> list[int] | None:
        """The rows where ``after`` differs from ``before`` if ``after`` can be drawn in
        their place row by row; None if the text must be laid out and drawn whole."""
        if before is None or not self.is_mounted or self.text_selection is not None:
            return None
        width, height = self.content_size
        old, new = len(before.keys), len(after.keys)
        if not width or new > height:
            return None
        # As many lines as rows, or the text held as tall by its styles: rows below the lines
        # before, or a minimum height of all its rows. Fewer lines than rows then leave it so.
        if not (old == new == height or old < height or self._min_rows() >= height):
            return None
        rules = self.styles
        if before.get_height(rules, width) != old or after.get_height(rules, width) != new:
            return None  # a line wraps: its rows are not its line's
        pairs = zip(before.keys, after.keys, strict=False)  # as many as the shorter
        changed = [y for y, (a, b) in enumerate(pairs) if a != b]
        return changed + list(range(min(old, new), max(old, new)))

    def _min_rows(self) -> Fraction:
        """The rows the text's minimum height holds it at whatever its lines, as Textual
        resolves it in the text's last layout (0 if it has none, or one of ``fr``, or if
        its container is taller than the room it shows: a scroll that the lines overflow
        is as tall as they make it, and a minimum of that room holds nothing)."""
        styles = self.styles
        scalar = styles.min_height
        parent = self.parent
        if (
            scalar is None
            or scalar.unit in (Unit.FRACTION, Unit.AUTO)
            or not isinstance(parent, Widget)
            or self.container_size.height > parent.scrollable_content_region.height
        ):
            return Fraction(0)
        container = self.container_size - styles.margin.totals
        try:
            rows = scalar.resolve(container, self.app.size)
        except ScalarResolveError:
            return Fraction(0)
        if styles.box_sizing == "border-box":
            rows -= styles.gutter.height
        return rows

    # While ``render_lines`` draws: what its rows are drawn with (``_rows_drawing``), once
    # known; None outside a drawing.
    _drawing: list[Any] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        self._drawing = []
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = None

    def _rows_drawing(self) -> tuple[Any, ...] | None:
        """What rows are drawn with alone (the lines, their setting, the blank row's
        style), or None if they are drawn Textual's way: no lines shown, lines that are not
        one row each, a selection shown, or an alignment or link style the quick way does
        not draw. Worked out once per drawing."""
        drawing = self._drawing
        if drawing:
            return drawing[0]  # type: ignore[no-any-return]
        lines = self._shown_lines
        width = self.size.width
        found: tuple[Any, ...] | None = None
        if (
            lines is not None
            and width
            and self.text_selection is None
            and self.styles.content_align == ("left", "top")
            and not self.link_style
            and lines.one_row_each(self.styles, width)
        ):
            style = self.visual_style
            options = RenderOptions(self._get_style, self.styles)
            found = (lines, *lines.row_setting(width, style, options), width, style)
        if drawing is not None:
            drawing.append(found)
        return found

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the lines shown, drawn alone when they are one row each: Textual
        draws every row of a text when any row is asked for again, and a move asks for a
        few rows of a board (``_show_lines``). The strip is the one Textual draws (the
        link style a board text gives is none: Textual's pass over every segment for it
        changes no style)."""
        drawing = self._rows_drawing()
        if drawing is None:
            return super().render_line(y)
        lines, setting, draw, width, style = drawing
        strip = lines.row_strip(y, setting, draw)
        if strip is None:
            return Strip.blank(width, style.rich_style)
        if all(segment.style for segment in strip):
            return strip  # type: ignore[no-any-return]
        # Textual's link pass writes a segment without a style as text alone.
        return Strip(
            [segment if segment.style else Segment(segment.text) for segment in strip],
            strip.cell_length,
        )

    def render(self) -> Any:
        """The lines shown (``_show_lines``), or what ``Static.update`` was given."""
        return self._shown_lines if self._shown_lines is not None else super().render()

    @property
    def content(self) -> Any:
        """What the text shows: its lines (``BoardLines``), or what it was last given."""
        return self._shown_lines if self._shown_lines is not None else Static.content.fget(self)

    @content.setter
    def content(self, content: Any) -> None:
        self._shown, self._shown_lines = None, None
        Static.content.fset(self, content)  # type: ignore[attr-defined]

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The selected text (for copying): board lines read as the text they draw."""
        if self._shown_lines is not None:
            return selection.extract(str(self._shown_lines)), "\n"
        return super().get_selection(selection)

    @property
    def link_style(self) -> Style:
        return Style()

    def action_element(self, target: str) -> None:
        self._board.element_clicked(target)


class OptionMessage(Message):
    """A message about one option of the pending decision, named by its id (the board and
    the decision panel send these: picked, chosen, highlighted)."""

    def __init__(self, option_id: str) -> None:
        super().__init__()
        self.option_id = option_id


class BoardView(Widget):
    """Base class of every game's board area."""

    DEFAULT_CSS = """
    BoardView {
        height: 1fr;
        width: 1fr;
    }
    """

    class Inspected(Message):
        """The inspector should now show ``text`` (None: the board's legend)."""

        def __init__(self, text: str | Text | None) -> None:
            super().__init__()
            self.text = text

    class Picked(OptionMessage):
        """The player picked an option by clicking the board."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seat_names: list[str] = []
        self.seat_kinds: list[str] = []
        self.view: dict[str, Any] | None = None
        self.decision: Decision | None = None
        self.viewer: int | None = None
        self.highlighted: str | None = None
        self.inspected: str | None = None
        self._palette: tuple[tuple[str, bool], Palette] | None = None  # by theme
        # Inside ``batch()``: how deep, and whether a redraw was asked for meanwhile.
        self._batched = 0
        self._redraw_wanted = False

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Draw the board at most once for all the changes made inside (an update and its
        highlight): drawing it is most of a move's work, and only the last drawing shows."""
        self._batched += 1
        try:
            yield
        except BaseException:
            self._batched -= 1
            if not self._batched:
                self._redraw_wanted = False
            raise
        self._batched -= 1
        if not self._batched and self._redraw_wanted:
            self._redraw_wanted = False
            self.request_redraw()

    def request_redraw(self) -> None:
        """Redraw now if there is a view to draw, or once at the end of the ``batch()``."""
        if self._batched:
            self._redraw_wanted = True
        elif self.view is not None and self.is_mounted:
            self.redraw()

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        """Take ``view`` (what ``viewer`` may see) and the pending ``decision`` (None, or
        one the board may highlight when it belongs to ``viewer``), then ``redraw``."""
        self.view, self.decision, self.viewer = view, decision, viewer
        self.request_redraw()

    def redraw(self) -> None:
        """Draw ``self.view``; called after every update, on mount and on resize."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._theme_changed, init=False)
        if self.view is not None:
            self.redraw()

    def _theme_changed(self, _theme: str) -> None:
        if self.view is not None and self.is_mounted:
            self.redraw()

    @property
    def palette(self) -> Palette:
        """Colour roles for the current theme (see ``ui/kit/palette.py``), kept while the
        theme stays: a board asks for them for every piece it draws."""
        try:
            app = self.app
            key = (app.theme, bool(getattr(app, "no_color", False)))
        except Exception:  # not attached to an app (a board drawn alone in a test)
            return Palette()
        if self._palette is None or self._palette[0] != key:
            try:
                palette = Palette.for_app(app)
            except Exception:
                palette = Palette()
            self._palette = (key, palette)
        return self._palette[1]

    def band(self) -> str:
        """The size band the board is drawn for: ``"small"`` (80x24 class terminals),
        ``"medium"`` (120x40), ``"large"`` (160x50 and up)."""
        try:
            width, height = self.app.size
        except Exception:
            width, height = self.size
        if width >= 160 and height >= 50:
            return "large"
        if width >= 120 and height >= 36:
            return "medium"
        return "small"

    def on_resize(self) -> None:
        if self.view is not None:
            self.redraw()

    def highlight(self, option_id: str | None) -> None:
        """The decision panel now highlights ``option_id`` (an option of the decision last
        given to ``update_board``), or nothing. The default remembers it, shows the option's
        element in the inspector and redraws if the board marks it; an override that marks
        the element itself should call ``super().highlight``."""
        self.highlighted = option_id
        option = self.option(option_id)
        if option is None:
            # Nothing of the viewer's to choose: the inspector falls back to the legend
            # rather than keep explaining an option that is gone.
            self.inspected = None
            self.post_message(self.Inspected(None))
            return
        self.inspected = option.target
        self.post_message(self.Inspected(self.describe_option(option)))

    # ---- the inspector -------------------------------------------------------------------

    def describe(self, target: str) -> str | Text | None:
        """Sentences about board element ``target``, taken from the view; None if the
        board has nothing to say about it."""
        return None

    def describe_option(self, option: Option) -> str | Text | None:
        """What the inspector says while ``option`` is highlighted: its element's
        description by default."""
        return self.describe(option.target) if option.target else None

    def legend(self) -> str | Text | None:
        """The key to the board's marks, shown when nothing is inspected."""
        return None

    def inspect(self, target: str | None) -> None:
        """Show element ``target`` in the inspector (None: the legend)."""
        self.inspected = target
        text = self.describe(target) if target else None
        self.post_message(self.Inspected(text))

    def element_clicked(self, target: str) -> None:
        """A board element was clicked: pick its option if it has one, else inspect it."""
        option_id = self.option_for(target)
        if option_id is not None:
            self.pick(option_id)
        else:
            self.inspect(target)

    # ---- options and their elements ------------------------------------------------------

    def option(self, option_id: str | None) -> Option | None:
        d = self.decision
        if d is None or option_id is None:
            return None
        return next((o for o in d.options if o.id == option_id), None)

    def option_for(self, target: str) -> str | None:
        """The viewer's own option that ``target`` stands for, if any."""
        if not self.pickable(self.decision, self.viewer):
            return None
        return self.option_for_target(self.decision, target)

    def number_for(self, target: str) -> int | None:
        """The option number (1-based, as the panel shows it) that picks ``target``."""
        d = self.decision
        if d is None or not self.pickable(d, self.viewer):
            return None
        for i, opt in enumerate(d.options):
            if opt.target == target:
                return i + 1
        return None

    def badge(self, target: str) -> Text:
        """``target``'s option number in reverse video, or nothing."""
        number = self.number_for(target)
        return Text() if number is None else Text(str(number), style=self.palette.badge())

    def is_highlighted(self, target: str) -> bool:
        option = self.option(self.highlighted)
        return option is not None and option.target == target

    def pick(self, option_id: str) -> None:
        self.post_message(self.Picked(option_id))

    def seat_name(self, seat: int | None) -> str:
        return "Table" if seat is None else _seat_name(self.seat_names, seat)

    @staticmethod
    def pickable(decision: Decision | None, viewer: int | None) -> bool:
        """Whether the board should offer clicks: the decision is the viewer's own."""
        return decision is not None and viewer is not None and decision.seat == viewer

    @staticmethod
    def option_for_target(decision: Decision | None, target: str) -> str | None:
        """The id of the option standing for board element ``target``, if there is one."""
        if decision is None:
            return None
        for opt in decision.options:
            if opt.target == target:
                return opt.id
        return None

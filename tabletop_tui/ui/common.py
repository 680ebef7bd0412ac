"""Small pieces every screen shares: names, time labels, the size notice, message dialogs."""

from __future__ import annotations

import importlib
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region, Size, Spacing
from textual.reactive import Reactive
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets._footer import FooterKey

from tabletop_tui.seats import fill_names as fill_names  # screens find these here too
from tabletop_tui.seats import kind_label as kind_label

if TYPE_CHECKING:  # the start screen draws without the engine's data models
    from tabletop_tui.engine.registry import GameInfo

MIN_WIDTH = 80
MIN_HEIGHT = 24
# From this width the game frame puts the decision panel and the log beside the board.
WIDE_WIDTH = 120
HUMAN = "human"

# Bot pacing: seconds a bot move takes at least, so people can follow the table.
BOT_SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.3, "normal": 0.8, "slow": 1.6}
DEFAULT_SPEED = "normal"


def players_label(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        n = info.min_players
        return f"{n} player" + ("" if n == 1 else "s")
    return f"{info.min_players}–{info.max_players} players"


def modes_label(info: GameInfo) -> str:
    parts = []
    for mode in info.modes:
        if mode.min_players == mode.max_players:
            parts.append(f"{mode.title} ({mode.min_players})")
        else:
            parts.append(f"{mode.title} ({mode.min_players}–{mode.max_players})")
    return ", ".join(parts)


def when_label(stamp: float, now: float | None = None) -> str:
    """A short relative time ('5 min ago', 'yesterday') and the date for older ones."""
    now = time.time() if now is None else now
    delta = max(0.0, now - stamp)
    if delta < 60:
        return "just now"
    if delta < 3600:
        return f"{int(delta // 60)} min ago"
    if delta < 86400:
        return f"{int(delta // 3600)} h ago"
    if delta < 2 * 86400:
        return "yesterday"
    return time.strftime("%Y-%m-%d", time.localtime(stamp))


def load_board_class(info: GameInfo) -> type[Any]:
    """The game's board widget class (``GameInfo.screen``), or the generic one if it has none."""
    from tabletop_tui.assets import AssetError
    from tabletop_tui.ui.board import BoardView
    from tabletop_tui.ui.generic_board import GenericBoard

    if not info.screen:
        return GenericBoard
    module_name, _, class_name = info.screen.rpartition(".")
    try:
        module = importlib.import_module(module_name)
        cls = getattr(module, class_name)
    except (ImportError, AttributeError) as exc:
        raise AssetError(f"the board of {info.title} cannot be loaded ({exc})") from None
    if not (isinstance(cls, type) and issubclass(cls, BoardView)):
        raise AssetError(f"{info.screen} is not a board widget")
    return cls


def rules_markdown(filename: str, what: str) -> str:
    """The Markdown of a rules file, or a clear notice when it is missing."""
    # The assets (importlib.resources) load with the first help shown, after the first frame.
    from tabletop_tui.assets import AssetError, read_text

    if not filename:
        return f"*This game has no {what} yet.*"
    try:
        return read_text("rules", filename)
    except AssetError as exc:
        return f"**The {what} cannot be shown:** {exc}."


class TooSmall(Static):
    """Shown instead of a screen's content when the terminal is below the minimum size."""

    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        text-style: bold;
    }
    """

    def render(self) -> str:
        w, h = self.app.size
        return (
            f"Please enlarge the terminal.\n\n"
            f"tabletop-tui needs at least {MIN_WIDTH}×{MIN_HEIGHT} cells; "
            f"this one is {w}×{h}."
        )

    def on_resize(self) -> None:
        self.refresh()


class SizeAware:
    """Mixin for screens: adds the 'enlarge the terminal' notice (shown by breakpoint CSS)."""

    def compose_too_small(self) -> ComposeResult:
        yield TooSmall(id="too-small")


# The rules of every screen but the start screen and its dialogs (app.tcss has those): read
# when the first such screen opens, so the start screen draws without parsing them.
SCREENS_CSS = Path(__file__).parent / "screens.tcss"


class BaseScreen(SizeAware, Screen[Any]):
    """A full screen with the size notice and a hook for command-palette entries."""

    CSS_PATH = SCREENS_CSS

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield from self.compose_body()

    def compose_body(self) -> ComposeResult:  # pragma: no cover - overridden
        yield from ()

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        """(title, help, callback) entries this screen adds to the command palette."""
        return []


DialogResult = TypeVar("DialogResult")


class DialogScreen(SizeAware, ModalScreen[DialogResult]):
    """A small modal box over the current screen: the size notice, the framed dialog, and the
    widget that has the focus when it opens (so Enter or typing does the expected thing)."""

    # Selector of the widget focused when the dialog opens.
    FOCUS = ""

    def dialog_classes(self) -> str:
        return "dialog"

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="dialog", classes=self.dialog_classes()):
            yield from self.compose_dialog()

    def compose_dialog(self) -> ComposeResult:  # pragma: no cover - overridden
        yield from ()

    def on_mount(self) -> None:
        if self.FOCUS:
            self.query_one(self.FOCUS).focus()


class MessageScreen(DialogScreen[None]):
    """A dialog with a title, a message and one button: errors and notices."""

    BINDINGS = [
        Binding("enter,escape,space,q", "close", "Close", id="message.close"),
    ]

    def __init__(self, title: str, message: str, *, error: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.message = message
        self.error = error

    FOCUS = "#ok"

    def dialog_classes(self) -> str:
        return "dialog -error" if self.error else "dialog"

    def compose_dialog(self) -> ComposeResult:
        yield Static(("✖ " if self.error else "ℹ ") + self.title_text, classes="dialog-title")
        with VerticalScroll(classes="dialog-body"):
            yield Static(self.message, markup=False)
        yield Button("OK (Enter)", id="ok", variant="primary", compact=True, action="screen.close")

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(DialogScreen[bool]):
    """A yes/no question."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    FOCUS = "#no"

    def compose_dialog(self) -> ComposeResult:
        yield Static(self.question, classes="dialog-title", markup=False)
        yield Button(
            "Yes (y)", id="yes", variant="warning", compact=True, action="screen.answer(True)"
        )
        yield Button("No (n)", id="no", compact=True, action="screen.answer(False)")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class SteadyFooter(Footer):
    """A footer that changes only what changed: a key that is dimmed or lit again, or
    whose key label changed, is updated in place; the footer is built again only when it
    shows other keys.

    Textual's footer is built anew (every key mounted, the screen laid out again) each time
    the screen's bindings may have changed, which it is told of at every change of focus:
    against a bot, twice a move (the options lose the focus while the bot thinks and the
    digits are dimmed, then both come back), each time in the frame that shows the move."""

    # What the footer was last built to show (``_wanted``); None: not built yet.
    _built: tuple[Any, ...] | None = None

    def _wanted(self) -> tuple[tuple[Any, ...], list[tuple[str, bool, str]]]:
        """The keys the footer shows (what building it reads of each), in the order it
        shows them, and each key's action, whether it is lit, and its key label."""
        bindings: dict[str, tuple[Any, bool, str]] = {}
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show:
                bindings.setdefault(binding.action, (binding, enabled, tooltip))
        shape: list[Any] = []
        states: list[tuple[str, bool, str]] = []
        for action, (binding, enabled, tooltip) in bindings.items():
            shape.append((action, binding.key, binding.description, tooltip, binding.group))
            states.append((action, enabled, self.app.get_key_display(binding)))
        shape.append((self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE))
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, tooltip = found
                shape.append((binding.action, binding.key, binding.description, tooltip))
                states.append((binding.action, enabled, self.app.get_key_display(binding)))
        return tuple(shape), states

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._follow)

    async def _follow(self) -> None:
        """Show the bindings as they are now: in place if the same keys are shown."""
        if not self.is_attached:
            return
        shape, states = self._wanted()
        keys = list(self.query(FooterKey))
        if shape != self._built or [k.action for k in keys] != [a for a, _, _ in states]:
            self._built = shape
            await self.recompose()
            return
        for key, (_, enabled, display) in zip(keys, states, strict=True):
            if key._disabled == enabled:  # the key is dimmed or lit again
                key._disabled = not enabled
                key.set_class(not enabled, "-disabled")
            if key.key_display != display:
                before, key.key_display = key.key_display, display
                # A label as wide as before is drawn again; nothing moves.
                key.refresh(layout=cell_len(before) != cell_len(display))


class FixedText(Static):
    """A text that holds no widgets and does not scroll: a new size is laid out once.

    Textual lays the screen out again when a widget's virtual size changes, which for a
    text is its new size, just laid out: every text that changed size in a move's layout
    asked for a second one."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class MarkedOptionList(OptionList):
    """An option list whose highlighted option also carries a '▶' (colour is not the only
    signal, e.g. with NO_COLOR), and whose margin shows '↑' / '↓' on the first / last row
    shown when more options lie above / below.

    An option whose prompt has a ``row_key`` (what it shows, e.g. its number and label) has
    its drawn rows kept by that key: new options that show what earlier ones showed (many
    come back from one decision to the next) are not drawn again."""

    GUTTER = 2
    # Drawn rows kept at most; beyond, the list starts over.
    ROWS_KEPT = 2000
    # New options that take another number of rows change the virtual size; Textual lays
    # the screen out for that, which a list of a set height does not need (a list as tall
    # as its options is laid out anyway, and a scrollbar that shows or goes lays it out).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    # The region the options are drawn in, kept while the list draws its lines: every line
    # asks for it several times (Textual's and ours), and each time it is computed again from
    # the screen's map of regions and the scrollbars.
    _drawing_region: Region | None = None
    # While the list draws its lines: what every line needs that stays the same for all of
    # them (the lines, the scroll offset, the highlight, the styles), read once.
    _drawing: tuple[Any, ...] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rows: dict[tuple[Any, ...], Strip] = {}

    @property
    def scrollable_content_region(self) -> Region:
        region = self._drawing_region
        return super().scrollable_content_region if region is None else region

    def render_lines(self, crop: Region) -> list[Strip]:
        # New options may show or hide the scrollbar: they are laid out before the region is
        # kept.
        self._update_lines()
        region = self._drawing_region = super().scrollable_content_region
        styles = (
            self.get_visual_style("option-list--option"),
            self.get_visual_style("option-list--option", "option-list--option-highlighted"),
        )
        padding = self.get_component_styles("option-list--option").padding
        self._drawing = (
            self._lines,
            self.scroll_offset.y,
            self.max_scroll_y,
            region.width,
            region.height,
            self.highlighted,
            self._mouse_hovering_over,
            styles,
            padding,
        )
        try:
            return super().render_lines(crop)
        finally:
            self._drawing_region = None
            self._drawing = None

    def _get_left_gutter_width(self) -> int:
        return self.GUTTER

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Measure at the width the options are drawn at: the margin takes its share.
        return super().get_content_height(container, viewport, width - self.GUTTER)

    def render_line(self, y: int) -> Strip:
        drawing = self._drawing
        if drawing is None:  # drawn outside ``render_lines``
            return self._draw_line(y)
        lines, scroll_y, max_scroll_y, width, height, highlighted, hover, styles, padding = drawing
        try:
            index, offset = lines[scroll_y + y]
        except IndexError:
            return Strip.blank(width, styles[0].rich_style)
        option = self.options[index]
        key = getattr(option.prompt, "row_key", None)
        if key is None or option.disabled or index == hover:
            return self._draw_line(y)
        marker = self._marker(y, offset, index == highlighted, scroll_y, max_scroll_y, height)
        row_key = (key, index, offset, index == highlighted, marker, width, styles, padding)
        rows = self._rows
        strip = rows.get(row_key)
        if strip is None:
            if len(rows) > self.ROWS_KEPT:
                rows.clear()
            style = styles[1] if index == highlighted else styles[0]
            strip = self._draw_row(option.prompt, index, offset, marker, style, width, padding)
            rows[row_key] = strip = strip or self._draw_line(y)
        return strip

    def _draw_row(
        self,
        prompt: Any,
        index: int,
        offset: int,
        marker: str,
        style: VisualStyle,
        width: int,
        padding: Spacing,
    ) -> Strip | None:
        """Row ``offset`` of option ``index`` as Textual draws it, from its prompt's rows
        (``styled_strips``): padded, filled to the width, marked with the option's index for
        the mouse and drawn after its margin. Textual's own way finds the list's link style
        and background for each option, which takes longer than the row. None when the
        prompt cannot draw its rows so (then Textual draws it)."""
        draw = getattr(prompt, "styled_strips", None)
        top, right, bottom, left = padding
        inner = width - self.GUTTER
        room = inner - left - right
        base = style.rich_style
        if draw is None or top or bottom or room <= 0 or not base:
            return None
        strips = draw(room, style)
        if strips is None or offset >= len(strips):
            return None
        strip = strips[offset]
        if padding:
            strip = strip.crop_pad(room, left, right, base)
        strip = strip.extend_cell_length(inner, base).apply_meta({"option": index})
        return Strip.join([Strip([Segment(marker, base)], 2), strip]).crop(0, width)

    @staticmethod
    def _marker(
        y: int, offset: int, highlighted: bool, scroll_y: int, max_scroll_y: int, height: int
    ) -> str:
        """The margin of a row: '▶' on the highlighted option's first row, else '↑' / '↓'
        on the first / last row shown when more options lie above / below."""
        if highlighted and offset == 0:
            return "▶ "
        if y == 0 and scroll_y > 0:
            return "↑ "
        if y == height - 1 and scroll_y < max_scroll_y:
            return "↓ "
        return "  "

    def _draw_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        width = self.scrollable_content_region.width
        style = self.get_visual_style("option-list--option")
        scroll_y = self.scroll_offset.y
        try:
            index, offset = self._lines[scroll_y + y]
        except IndexError:
            return Strip.blank(width, style.rich_style)
        highlighted = index == self.highlighted
        if highlighted:
            style = self.get_visual_style("option-list--option", "option-list--option-highlighted")
        marker = self._marker(
            y,
            offset,
            highlighted,
            scroll_y,
            self.max_scroll_y,
            self.scrollable_content_region.height,
        )
        return Strip.join([Strip([Segment(marker, style.rich_style)], 2), strip]).crop(0, width)

"""The start screen: the games, the unfinished games to resume, history and statistics."""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, on
from textual._context import active_app
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.styles import RulesMap
from textual.render import measure
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption
from textual.worker import Worker, WorkerState

from tabletop_tui.engine.registry import GameInfo, games
from tabletop_tui.store import StoredGame

from .common import (
    BaseScreen,
    ConfirmScreen,
    DialogScreen,
    MarkedOptionList,
    fill_names,
    kind_label,
    modes_label,
    players_label,
    when_label,
)

if TYPE_CHECKING:
    from textual.css.styles import RulesMap
    from textual.style import Style
    from textual.visual import RenderOptions

    from tabletop_tui.app import TabletopApp


class JoinScreen(DialogScreen[str | None]):
    """Asks for the join code the host's screen shows (a seat at another keyboard)."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="join.cancel")]

    FOCUS = "#join-code"

    def compose_dialog(self) -> ComposeResult:
        yield Static("Join a game", classes="dialog-title", markup=False)
        yield Static(
            "Type the join code shown on the host's screen (Enter joins, Esc goes back).",
            classes="dialog-body",
            markup=False,
        )
        yield Input(placeholder="XXXX-XXXX-XXXX", max_length=40, id="join-code")
        yield Button(
            "Join (Enter)", id="join", variant="primary", compact=True, action="screen.join"
        )
        yield Button("Back (Esc)", id="back", compact=True, action="screen.cancel")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        code = self.query_one("#join-code", Input).value.strip()
        if not code:
            self.notify("Type the join code first.", severity="warning")
            return
        self.dismiss(code)

    def action_cancel(self) -> None:
        self.dismiss(None)


# The classes a compact Button of the default style gives itself: "-textual-compact" as it is
# built (a style pass over the widget before it is even mounted) and "-style-default" at its
# mount (another). Given from the start, they leave neither pass anything to do.
COMPACT_CLASS = "-textual-compact"
DEFAULT_STYLE_CLASS = "-style-default"


# The blocks of Button's stylesheet a start button never needs: its other variants and the
# flat style.
UNUSED_BUTTON_BLOCKS = frozenset(
    {"&.-primary", "&.-success", "&.-warning", "&.-error", "&.-style-flat"}
)


def without_blocks(css: str, unused: frozenset[str]) -> str:
    """``css`` without the rule blocks (nested ones too) whose selector is in ``unused``."""
    kept: list[str] = []
    start = 0  # the start of the text not copied yet
    skipping = 0  # the depth of the dropped block we are in, 0 outside
    depth = 0
    selector_start = 0
    for brace in re.finditer(r"[{};]", css):
        mark, at = brace.group(), brace.start()
        if mark == ";":
            selector_start = at + 1
            continue
        if mark == "{":
            depth += 1
            if not skipping and css[selector_start:at].strip() in unused:
                kept.append(css[start:selector_start])
                skipping = depth
        else:
            if skipping == depth:
                skipping = 0
                start = at + 1
            depth -= 1
        selector_start = at + 1
    kept.append(css[start:])
    return "".join(kept)


class StartButton(Button, inherit_css=False):
    """Textual's compact Button of the default variant, styled by Button's own rules for it.

    Button's stylesheet has some sixty rules, for every variant and the flat style; the start
    screen would parse them all and match each button against them before its first frame.
    This one is Button's, as the installed Textual writes it, without the blocks of the other
    variants and the flat style.
    """

    DEFAULT_CSS = re.sub(
        r"\bButton\b", "StartButton", without_blocks(Button.DEFAULT_CSS, UNUSED_BUTTON_BLOCKS)
    )


def compact_button(label: str, name: str) -> Button:
    """A start-screen button: its id is ``name`` and it runs the screen's action ``name``."""
    button = StartButton(label, id=name, action=f"screen.{name}", classes=DEFAULT_STYLE_CLASS)
    button.set_reactive(Button.compact, True)
    button.add_class(COMPACT_CLASS, update=False)
    return button


# A hand pointer over a key, as Textual's footer shows it, where the installed Textual knows
# the ``pointer`` property (8.x); older ones, down to our floor (6.2), reject the rule.
_POINTER_RULE = "&.-over-key { pointer: pointer; }" if "pointer" in RulesMap.__annotations__ else ""


class StartFooter(Widget, can_focus=False):
    """The start screen's footer: the keys Textual's footer shows, drawn by one widget.

    Textual's footer mounts a widget per key (eight on the start screen), each styled, laid
    out and drawn on its own: more than any other part of the start screen's first frame.
    This one draws the same cells from the same rules (``FooterKey``'s, as components), and
    does what a key does when the mouse is over it (highlight, tooltip) or clicks it (the
    key is pressed, or the bell rings for a key that is off). Like Textual's, it shows one
    key per action and the command palette's key docked right; it does not group keys
    (the start screen's have no groups) and crops rather than scrolls a row too wide.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--key",
        "footer-key--description",
        "start-footer--item",
        "start-footer--palette-border",
        "start-footer--key-hover",
        "start-footer--description-hover",
        "start-footer--item-hover",
    }
    DEFAULT_CSS = """
    StartFooter {
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
        POINTER_RULE
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .start-footer--item {
            background: $footer-item-background;
        }
        .start-footer--palette-border {
            color: $foreground 20%;
        }
        /* The same parts of a key under the mouse. */
        .start-footer--key-hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
            text-style: bold;
        }
        .start-footer--description-hover {
            color: $footer-description-foreground;
            background: $block-hover-background;
        }
        .start-footer--item-hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """.replace("POINTER_RULE", _POINTER_RULE)

    def __init__(self) -> None:
        super().__init__()
        # The keys last drawn: (key, action, description, enabled, tooltip, key display,
        # whether it is the palette's key).
        self._shown: tuple[tuple[Any, ...], ...] | None = None
        self._hover: int | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _keys(self) -> tuple[tuple[Any, ...], ...]:
        """What Textual's footer shows of the screen's bindings: the first key of each action
        shown, then the command palette's."""
        app = self.app
        bindings = self.screen.active_bindings
        seen: set[str] = set()
        keys = []
        for _, binding, enabled, tooltip in bindings.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                keys.append((binding, enabled, tooltip, False))
        palette = bindings.get(app.COMMAND_PALETTE_BINDING)
        if palette is not None and app.ENABLE_COMMAND_PALETTE:
            _, binding, enabled, _ = palette
            keys.append((binding, enabled, binding.tooltip or binding.description, True))
        return tuple(
            (b.key, b.action, b.description, enabled, tooltip, app.get_key_display(b), palette)
            for b, enabled, tooltip, palette in keys
        )

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen is self.screen and self._keys() != self._shown:
            self._shown = None
            self._hover = None
            self.refresh()

    def _spans(self, width: int) -> list[tuple[int, int, tuple[Any, ...]]]:
        """(x, cells, key) of each key shown at ``width``: the keys from the left, the
        palette's docked right (a bar, its key and description, a space)."""
        if self._shown is None:
            self._shown = self._keys()
        spans = []
        x = 0
        for key in self._shown:
            display, description, palette = key[5], key[2], key[6]
            if palette:
                cells = (
                    1 + cell_len(display) + (1 + cell_len(description) if description else 0) + 1
                )
                spans.append((width - cells, cells, key))
            else:
                cells = cell_len(display) + 2 + (cell_len(description) + 1 if description else 0)
                spans.append((x, cells, key))
                x += cells
        return spans

    def _segments(self, key: tuple[Any, ...], hover: bool) -> list[Segment]:
        """A key's cells, as ``FooterKey`` draws them."""
        component = self.get_component_rich_style
        border = component("start-footer--palette-border")
        if hover:
            item, key_style, description_style = (
                component(f"start-footer--{part}-hover") for part in ("item", "key", "description")
            )
            # The bar keeps its colour (Textual blends it over the footer), on the key's.
            border += RichStyle.from_color(bgcolor=item.bgcolor)
        else:
            item, key_style, description_style = (
                component(name)
                for name in ("start-footer--item", "footer-key--key", "footer-key--description")
            )
        if not key[3]:  # off: dim
            dim = RichStyle(dim=True)
            item, key_style, description_style, border = (
                dim + style for style in (item, key_style, description_style, border)
            )
        display, description = key[5], key[2]
        if key[6]:  # the palette's key: compact, with a bar on its left
            segments = [Segment("▏", border), Segment(display, key_style)]
            if description:
                segments.append(Segment(" " + description, description_style))
            # Its right padding: the background alone, as Textual pads a widget.
            segments.append(Segment(" ", RichStyle.from_color(bgcolor=item.bgcolor)))
            return segments
        segments = [Segment(f" {display} ", key_style)]
        if description:
            segments.append(Segment(description + " ", description_style))
        return segments

    def render_line(self, y: int) -> Strip:
        """The keys' row (Textual applies the app's filters to it: NO_COLOR, dim keys)."""
        width = self.size.width
        blank = RichStyle.from_color(bgcolor=self.rich_style.bgcolor)
        if y:
            return Strip.blank(width, blank)
        segments: list[Segment] = []
        x = 0
        for index, (start, cells, key) in enumerate(self._spans(width)):
            if start < x:  # no room left of the palette's key (crop, not scroll)
                continue
            if start > x:
                segments.append(Segment(" " * (start - x), blank))
            segments.extend(self._segments(key, index == self._hover))
            x = start + cells
        if x < width:
            segments.append(Segment(" " * (width - x), blank))
        return Strip(segments).crop(0, width)

    def _key_at(self, x: int) -> int | None:
        for index, (start, cells, _) in enumerate(self._spans(self.size.width)):
            if start <= x < start + cells:
                return index
        return None

    def _set_hover(self, index: int | None) -> None:
        if index == self._hover:
            return
        self._hover = index
        key = None if index is None or self._shown is None else self._shown[index]
        self.set_class(key is not None, "-over-key")
        self.tooltip = (key[4] or None) if key is not None else None
        self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._key_at(event.x)
        if index is None or self._shown is None:
            return
        key = self._shown[index]
        if key[3]:
            self.app.simulate_key(key[0])
        else:
            self.app.bell()


def game_texts(info: GameInfo) -> tuple[Text, Text]:
    """A game's two lines in the list: title, players and modes; then its description."""
    line = Text()
    line.append(info.title, style="bold")
    line.append(f"  {players_label(info)} · {modes_label(info)}")
    return line, Text(info.blurb, style="italic")


def game_prompt(number: int, info: GameInfo) -> RichTable:
    """The number in its own column, so a wrapped description stays indented."""
    grid = RichTable.grid(padding=(0, 1))
    grid.add_column(width=2, justify="right")
    grid.add_column(ratio=1)
    line, blurb = game_texts(info)
    grid.add_row(Text(str(number), style="bold"), line)
    grid.add_row("", blurb)
    return grid


# Cells before a game's lines: its number (two cells, right-justified) and a space.
NUMBER_CELLS = 3
NULL_STYLE = RichStyle()


class GameEntry(Visual):
    """A game in the start screen's list: what ``game_prompt``'s grid draws, cell for cell,
    without laying out a table.

    Drawn as a Rich renderable, the grid measures both its columns, and is drawn twice: once
    to count its lines, once to show them. The number column's width is known, so each line
    is wrapped once per width here, by the same Rich calls the grid makes for its cells. (The
    tests compare the two with the Rich installed; Rich 13.3, the lowest we allow, gave the
    number column a third cell, which this does not.)
    """

    def __init__(self, number: int, info: GameInfo) -> None:
        self.number = number
        self.info = info
        self.rows = game_texts(info)
        self._drawn: tuple[int, list[list[Segment]]] | None = None

    def _text_width(self) -> int:
        """The grid's width for the lines when room is ample: the longest of them."""
        return max(row.cell_len for row in self.rows)

    def _lines(self, width: int) -> list[list[Segment]]:
        if self._drawn is not None and self._drawn[0] == width:
            return self._drawn[1]
        app = active_app.get()
        console = app.console
        if width <= NUMBER_CELLS:  # no room for the lines: as the grid draws itself there
            segments = console.render(
                game_prompt(self.number, self.info),
                app.console_options.update(width=width, highlight=False),
            )
            lines = list(
                Segment.split_and_crop_lines(segments, width, include_new_lines=False, pad=False)
            )
        else:
            options = app.console_options.update(
                width=min(width - NUMBER_CELLS, self._text_width()),
                justify="left",
                overflow="ellipsis",
                no_wrap=False,
                height=None,
                highlight=False,
            )
            number = [
                Segment(str(self.number).rjust(NUMBER_CELLS - 1), RichStyle(bold=True)),
                Segment(" ", NULL_STYLE),
            ]
            starts = (number, [Segment("  "), Segment(" ", NULL_STYLE)])
            follow = [Segment(" " * NUMBER_CELLS, NULL_STYLE)]
            lines = []
            for row, start in zip(self.rows, starts, strict=True):
                for index, line in enumerate(
                    console.render_lines(row, options, style=NULL_STYLE, pad=True)
                ):
                    lines.append((follow if index else start) + line)
        self._drawn = (width, lines)
        return lines

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        """As the grid measures itself (the list's width does not depend on it)."""
        grid = game_prompt(self.number, self.info)
        return measure(
            active_app.get().console, grid, container_width, container_width=container_width
        )

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self._lines(width))

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        base = style.rich_style
        return [
            Strip([Segment(text, base + segment_style) for text, segment_style, _ in line])
            for line in self._lines(width)[:height]
        ]


def saved_text(stored: StoredGame, progress: str = "", now: float | None = None) -> Text:
    """Game, when, how far (the game's own header once known, else the move count), seats."""
    registry = games()
    info = registry.get(stored.record.game)
    title = info.title if info else stored.record.game
    seats = ", ".join(f"{s.name} ({kind_label(s.kind)})" for s in stored.seats)
    text = Text()
    text.append(title, style="bold")
    text.append(f" · {when_label(stored.updated, now)} · {stored.moves} moves")
    if progress:
        text.append(f" · {progress}")
    text.append("\n")
    text.append(seats)
    return text


def saved_prompt(stored: StoredGame, progress: str = "", now: float | None = None) -> RichTable:
    grid = RichTable.grid()
    grid.add_column(width=1)
    grid.add_column(ratio=1)
    grid.add_row("", saved_text(stored, progress, now))
    return grid


def progress_of(stored: StoredGame) -> str:
    """How far a saved game went, in the game's own words (its view's public header)."""
    try:
        state = stored.record.load()
        header = state.view(None).get("header")
    except Exception:  # a damaged save says so when it is opened
        return ""
    if not isinstance(header, str):
        return ""
    return fill_names(header, [s.name for s in stored.seats])


class PickerScreen(BaseScreen):
    """Pick a game to start, or an unfinished one to resume."""

    CSS_PATH = None  # its rules are the app's own (app.tcss): nothing more to parse first

    BINDINGS = [
        Binding("enter", "open", "Open", show=False, id="picker.open"),
        Binding("1", "game(1)", "Game", key_display="1-9", id="picker.game1"),
        *[Binding(str(d), f"game({d})", show=False, id=f"picker.game{d}") for d in range(2, 10)],
        Binding("j,down", "move(1)", show=False, id="picker.down"),
        Binding("k,up", "move(-1)", show=False, id="picker.up"),
        Binding("h,left", "column('games')", show=False, id="picker.games"),
        Binding("l,right", "column('saved')", show=False, id="picker.saved"),
        Binding("r", "resume", "Resume", id="picker.resume"),
        Binding("x", "abandon", "Abandon", id="picker.abandon"),
        Binding("v", "history", "History", id="picker.history"),
        Binding("s", "stats", "Stats", id="picker.stats"),
        Binding("J", "join", "Join", show=False, id="picker.join"),
        Binding("question_mark,f1", "help", "Help", key_display="?", id="picker.help"),
        Binding("q", "quit", "Quit", id="picker.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.game_ids: list[str] = []
        self.saved: list[StoredGame] = []

    @property
    def tt_app(self) -> TabletopApp:
        return self.app  # type: ignore[return-value]

    def compose_body(self) -> ComposeResult:
        yield Static(" tabletop-tui: board games in the terminal", id="picker-title", markup=False)
        with Horizontal(id="picker-main"):
            with Vertical(id="games-box"):
                yield Static("Start a new game (Enter or its number)", classes="box-title")
                yield MarkedOptionList(id="games")
            with Vertical(id="saved-box"):
                yield Static("Resume a game (r or Enter)", classes="box-title")
                yield MarkedOptionList(id="saved")
                yield Static(id="saved-note", markup=False)
        with Horizontal(id="picker-buttons"):
            yield compact_button("History (v)", "history")
            yield compact_button("Statistics (s)", "stats")
            yield compact_button("Join (J)", "join")
            yield compact_button("Help (?)", "help")
            yield compact_button("Quit (q)", "quit")
        yield StartFooter()

    def on_mount(self) -> None:
        self.query_one("#games", OptionList).focus()

    # Whether the screen was shown before.
    _shown_once = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Also the first showing: the lists are filled every time the screen comes back."""
        if not self._shown_once:
            # Its widgets were styled as they were mounted, a moment ago: Textual's handler
            # (which runs after this one) need not style them all again.
            self._shown_once = True
            event.refresh_styles = False
        self.refresh_lists()

    # Whether the saved games were read: the first time, when there are some, only after the
    # first frame, or at the first key that needs them if it comes sooner.
    _saved_read = False

    def refresh_lists(self) -> None:
        registry = games()
        self.game_ids = sorted(registry, key=lambda gid: registry[gid].title)
        games_list = self.query_one("#games", OptionList)
        highlighted = games_list.highlighted
        games_list.set_options(
            ListOption(GameEntry(i + 1, registry[gid]), id=f"g-{gid}")
            for i, gid in enumerate(self.game_ids)
        )
        if self.game_ids:
            games_list.highlighted = min(highlighted or 0, len(self.game_ids) - 1)
        if self._saved_read or not self.tt_app.store.has_unfinished():
            # With no unfinished game nothing is read: the first frame shows the box as it
            # stays.
            self.refresh_saved()
        else:
            # Reading the saves loads the records' data models: the screen is drawn first.
            self.call_after_refresh(self._read_saved)

    def _read_saved(self) -> None:
        if not self._saved_read:
            self.refresh_saved()

    def refresh_saved(self) -> None:
        """The unfinished games, with a note for those that cannot be shown."""
        self._saved_read = True
        registry = games()
        store = self.tt_app.store
        unfinished = store.unfinished()
        damaged = store.damaged_notes
        self.saved = [g for g in unfinished if g.record.game in registry]
        unknown = sorted({g.record.game for g in unfinished if g.record.game not in registry})
        hidden = len(unfinished) - len(self.saved)
        saved_list = self.query_one("#saved", OptionList)
        saved_list.set_options(ListOption(saved_prompt(g), id=f"s-{g.id}") for g in self.saved)
        saved_list.display = bool(self.saved)
        self.query_one("#saved-box").set_class(not self.saved, "-empty")
        notes = ["No unfinished games."] if not self.saved else []
        if store.read_only:
            notes.append("Read-only: games can be resumed, but nothing new is saved.")
        if hidden:
            notes.append(
                f"{hidden} saved game(s) of a game not installed here ({', '.join(unknown)}) "
                "kept but not shown."
            )
        if len(damaged) == 1:
            notes.append(damaged[0].capitalize() + ".")
        elif damaged:
            numbers = ", ".join(note.split()[2] for note in damaged)
            notes.append(f"{len(damaged)} saved games could not be read ({numbers}): skipped.")
        self.query_one("#saved-note", Static).update(" ".join(notes))
        if self.saved:
            saved_list.highlighted = 0
            self.run_worker(
                partial(self._progress, list(self.saved)),
                name="progress",
                thread=True,
                exclusive=True,
                exit_on_error=False,
            )

    @staticmethod
    def _progress(saved: list[StoredGame]) -> list[tuple[StoredGame, str]]:
        """Runs in a worker: replaying every saved game may take a moment."""
        return [(g, progress_of(g)) for g in saved]

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "progress" or event.state != WorkerState.SUCCESS:
            return
        saved_list = self.query_one("#saved", MarkedOptionList)
        ids = [g.id for g in self.saved]
        for stored, progress in event.worker.result:
            if progress and stored.id in ids:
                index = ids.index(stored.id)
                saved_list.replace_option_prompt_at_index(index, saved_prompt(stored, progress))

    # ---- keys ----------------------------------------------------------------------------

    def _focused_list(self) -> OptionList:
        focused = self.focused
        if isinstance(focused, OptionList):
            return focused
        return self.query_one("#games", OptionList)

    def action_move(self, step: int) -> None:
        olist = self._focused_list()
        if step > 0:
            olist.action_cursor_down()
        else:
            olist.action_cursor_up()

    def action_column(self, which: str) -> None:
        target = self.query_one(f"#{which}", OptionList)
        if target.display:
            target.focus()

    def action_open(self) -> None:
        olist = self._focused_list()
        if olist.id == "saved":
            self.action_resume()
        elif olist.highlighted is not None and self.game_ids:
            self.open_game(self.game_ids[olist.highlighted])

    def action_game(self, number: int) -> None:
        if 1 <= number <= len(self.game_ids):
            self.query_one("#games", OptionList).highlighted = number - 1
            self.open_game(self.game_ids[number - 1])
        else:
            self.app.bell()

    @on(OptionList.OptionSelected, "#games")
    def _game_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_game(self.game_ids[event.option_index])

    @on(OptionList.OptionSelected, "#saved")
    def _saved_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.tt_app.resume_game(self.saved[event.option_index].id)

    def open_game(self, game_id: str) -> None:
        self.tt_app.open_setup(game_id)

    def _highlighted_saved(self) -> StoredGame | None:
        self._read_saved()
        olist = self.query_one("#saved", OptionList)
        if not self.saved or olist.highlighted is None:
            return None
        return self.saved[olist.highlighted]

    def action_resume(self) -> None:
        stored = self._highlighted_saved()
        if stored is None:
            self.notify("There is no unfinished game to resume.", severity="warning")
            return
        self.tt_app.resume_game(stored.id)

    def action_abandon(self) -> None:
        stored = self._highlighted_saved()
        if stored is None:
            return

        if self.tt_app.store.read_only:
            self.notify(
                f"Saved games are read-only ({self.tt_app.store.read_only}).", severity="warning"
            )
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.tt_app.store.set_status(stored.id, "abandoned")
                self.refresh_lists()

        self.app.push_screen(
            ConfirmScreen(
                f"Abandon this game? It stays in the history.\n\n{saved_text(stored).plain}"
            ),
            done,
        )

    def action_history(self) -> None:
        self.tt_app.open_history("history")

    def action_join(self) -> None:
        """Take a seat of a game hosted in another window, with its join code."""

        def done(code: str | None) -> None:
            if code:
                self.tt_app.join_game(code)

        self.app.push_screen(JoinScreen(), done)

    def action_stats(self) -> None:
        self.tt_app.open_history("stats")

    def action_help(self) -> None:
        from .common import rules_markdown
        from .help import HelpScreen
        from .keys import START_KEYS, app_bindings, help_rows

        self.app.push_screen(
            HelpScreen(
                "tabletop-tui: keys",
                keys=help_rows(app_bindings(), entries=START_KEYS),
                markdown=rules_markdown("keys.md", "guide to the keys"),
            )
        )

    async def action_quit(self) -> None:
        self.app.exit()

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        cmds: list[tuple[str, str, Any]] = [
            ("History", "Games played so far, to replay", self.action_history),
            ("Statistics", "Wins, best scores and win rates", self.action_stats),
            ("Join a game", "Take a seat with the join code a host shows", self.action_join),
        ]
        registry = games()
        for gid in self.game_ids:
            cmds.append(
                (
                    f"New game: {registry[gid].title}",
                    registry[gid].blurb,
                    lambda gid=gid: self.open_game(gid),
                )
            )
        return cmds

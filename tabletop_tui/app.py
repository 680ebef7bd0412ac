"""The Textual application: the start screen, the game frame and every screen around them.

``run_app`` is what the command line calls. The app owns the store (one SQLite database) and
the navigation between screens; each screen lives in ``tabletop_tui.ui``.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tabletop_tui.engine.registry import GameInfo, get_game
from tabletop_tui.store import Store, StoreError
from tabletop_tui.store.db import JoinRefused
from tabletop_tui.ui.common import (
    BOT_SPEEDS,
    DEFAULT_SPEED,
    MIN_HEIGHT,
    MIN_WIDTH,
    WIDE_WIDTH,
    MessageScreen,
    load_board_class,
)

if TYPE_CHECKING:
    from textual.theme import Theme

    # The data models (pydantic) load with the first game opened, after the start screen's
    # first frame.
    from tabletop_tui.engine.core import GameConfig
    from tabletop_tui.engine.record import GameRecord, SeatSpec
    from tabletop_tui.session import Session

THEME_PREF = "theme"
SPEED_PREF = "bot_speed"
STYLESHEET = Path(__file__).parent / "ui" / "app.tcss"
# The other screens' stylesheet (``BaseScreen.CSS_PATH``, read when the first of them opens).
SCREENS_STYLESHEET = Path(__file__).parent / "ui" / "screens.tcss"
# Keys that still work below the minimum size: leaving the app.
KEYS_WHEN_TOO_SMALL = ("ctrl+q", "ctrl+c")


def breakpoint_class(size: int, breakpoints: list[tuple[int, str]]) -> str:
    """The class of the widest breakpoint that ``size`` reaches (they start at 0)."""
    return max((b for b in breakpoints if size >= b[0]), default=breakpoints[0])[1]


def collect_from_now() -> None:
    """Switch the garbage collector back on after the start-up: what the start-up made lives
    as long as the app, so it is frozen first, out of the way of every later collection (the
    first full one would otherwise traverse it all, on a frame)."""
    gc.freeze()
    gc.enable()


class TabletopApp(App[int]):
    """The whole game collection in one app."""

    CSS_PATH = "ui/app.tcss"
    TITLE = "tabletop-tui"
    # Breakpoint classes on every screen: below the minimum size the CSS hides the content
    # and shows the 'enlarge the terminal' notice; larger sizes get roomier layouts.
    HORIZONTAL_BREAKPOINTS = [
        (0, "-narrow"),
        (MIN_WIDTH, "-w80"),
        (WIDE_WIDTH, "-w120"),
        (160, "-w160"),
    ]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-h24"), (40, "-h40"), (50, "-h50")]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit"),
        # Textual's own palette binding, given an id so the key help can name it.
        Binding(
            "ctrl+p",
            "command_palette",
            "palette",
            show=False,
            priority=True,
            id="app.command_palette",
        ),
    ]

    def __init__(
        self,
        store: Store,
        start: dict[str, Any] | None = None,
        *,
        bot_speed: str | None = None,
        curtain_guard: float = 0.6,
        curtain_clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        # Seconds during which the hand-off curtain ignores keys typed ahead, and the clock
        # it measures them by.
        self.curtain_guard = curtain_guard
        self.curtain_clock = curtain_clock
        self.store = store
        self.start_request = start
        speed = bot_speed or store.get_pref(SPEED_PREF, DEFAULT_SPEED)
        self.bot_speed: str = speed if speed in BOT_SPEEDS else DEFAULT_SPEED
        self._theme_ready = False

    # ---- themes ----------------------------------------------------------------------------

    # Themes by the names asked for: Textual looks the current theme up by name for every
    # widget it draws (its ANSI colours), and each look-up copies the table of all themes.
    _themes_by_name: dict[str, Theme | None] | None = None

    def get_theme(self, theme_name: str) -> Theme | None:
        found = self._themes_by_name
        if found is None:
            found = self._themes_by_name = {}
        if theme_name not in found:
            found[theme_name] = super().get_theme(theme_name)
        return found[theme_name]

    def register_theme(self, theme: Theme) -> None:
        super().register_theme(theme)
        self._themes_by_name = None

    def unregister_theme(self, theme_name: str) -> None:
        super().unregister_theme(theme_name)
        self._themes_by_name = None

    # ---- the minimum size ----------------------------------------------------------------

    @property
    def too_small(self) -> bool:
        """Below the minimum size only the 'enlarge the terminal' notice is on screen (the
        breakpoint CSS hides the rest), so no key or click may act on what is hidden."""
        width, height = self.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    async def on_event(self, event: events.Event) -> None:
        if (
            isinstance(event, (events.InputEvent, events.Paste))
            and not event.is_forwarded
            and self.too_small
        ):
            if isinstance(event, events.Key) and event.key in KEYS_WHEN_TOO_SMALL:
                await super().on_event(event)
            elif isinstance(event, events.Key):
                self.bell()
            return
        await super().on_event(event)

    # ---- start-up ------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The start screen, at the bottom of the stack: no blank screen is mounted under it
        (one screen less to compose, style and lay out before the first frame). The saved
        theme is set first, so that the screen is styled once, in its colours."""
        from tabletop_tui.ui.picker import PickerScreen

        theme = self.store.get_pref(THEME_PREF)
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
            # Nothing is parsed yet: the first parse takes the saved theme's colours.
            self.stylesheet.set_variables(self.get_css_variables())
        self._theme_ready = True
        screen = PickerScreen()
        # The breakpoint classes its first resize would give it, given now: its widgets are
        # styled once, for this size, rather than once without them and again with them.
        width, height = self.size
        for size, breakpoints in (
            (width, self.HORIZONTAL_BREAKPOINTS),
            (height, self.VERTICAL_BREAKPOINTS),
        ):
            screen.add_class(breakpoint_class(size, breakpoints), update=False)
        return screen

    def on_mount(self) -> None:
        if not gc.isenabled():  # held off for the start-up by the launcher
            self.call_after_refresh(collect_from_now)
        if self.start_request:
            self.handle_start(self.start_request)
        if self.store.warning:
            self.push_screen(
                MessageScreen(self.store.warning_title, self.store.warning, error=False)
            )

    def watch_theme(self, theme: str) -> None:
        if self._theme_ready:
            self.store.set_pref(THEME_PREF, theme)

    def handle_start(self, start: dict[str, Any]) -> None:
        """Go straight into a game: {"game", "players", "seats", "seed", "options"}, or
        {"resume": game id}, or {"replay": game id}, or {"join": code, "game_id": id or None}
        (a seat of a game hosted in another process)."""
        if "join" in start:
            self.join_game(str(start["join"]), start.get("game_id"))
            return
        if "resume" in start:
            self.resume_game(int(start["resume"]))
            return
        from tabletop_tui.engine.record import SeatSpec

        if "replay" in start:
            try:
                stored = self.store.get(int(start["replay"]))
            except Exception as exc:
                self.show_error("This game cannot be replayed", str(exc))
                return
            self.open_replay(stored.record, finished=stored.status == "finished")
            return
        try:
            info = get_game(str(start["game"]))
            players = int(start.get("players") or info.min_players)
            config = info.make_config(players, start.get("options") or {})
            seats = [
                s if isinstance(s, SeatSpec) else SeatSpec.model_validate(s)
                for s in start.get("seats") or []
            ]
            if not seats:
                seats = [SeatSpec(name="Player 1", kind="human")] + [
                    SeatSpec(
                        name=f"Bot {i + 1}", kind="medium" if "medium" in info.bots else "random"
                    )
                    for i in range(1, players)
                ]
        except Exception as exc:
            self.show_error("The game cannot start", str(exc))
            return
        seed = start.get("seed")
        self.start_game(info, config, seats, None if seed is None else int(seed))

    # ---- navigation ----------------------------------------------------------------------

    def open_setup(self, game_id: str) -> None:
        from tabletop_tui.ui.setup import SetupScreen, pref_key

        if self.store.read_only:
            self.show_error(
                "New games cannot be saved",
                f"Saved games are read-only: {self.store.read_only}.\n\nUnfinished games can "
                "still be resumed and past games replayed.",
            )
            return
        try:
            info = get_game(game_id)
            screen = SetupScreen(info, self.store.get_pref(pref_key(game_id)))
        except Exception as exc:
            self.show_error("This game cannot be set up", str(exc))
            return
        self.push_screen(screen)

    def start_game(
        self,
        info: GameInfo,
        config: GameConfig,
        seats: list[SeatSpec],
        seed: int | None,
        *,
        replace: Screen[Any] | None = None,
    ) -> None:
        from tabletop_tui.session import REMOTE, Session
        from tabletop_tui.ui.frame import GameScreen

        try:
            load_board_class(info)  # before anything is saved
            if any(s.kind == REMOTE for s in seats):
                session = Session.host(info, config, seats, seed, store=self.store)
            else:
                session = Session.start(info, config, seats, seed, store=self.store)
            screen = GameScreen(session)
        except Exception as exc:
            self.show_error("The game cannot start", str(exc))
            return
        if replace is not None and replace is self.screen:
            self.pop_screen()
        self.push_screen(screen)

    def resume_game(self, game_id: int) -> None:
        from tabletop_tui.session import Session
        from tabletop_tui.ui.frame import GameScreen

        read_only = self.store.read_only
        try:
            session = Session.resume(self.store, game_id)
            if read_only:
                session.store = None  # play on, but nothing can be written
            result = session.result
            if result is not None and not read_only:  # it ended just before the app closed
                self.store.finish(game_id, result)
            screen = GameScreen(session)
        except JoinRefused as exc:
            self.show_error("This game is hosted elsewhere", str(exc))
            return
        except Exception as exc:
            self.show_error(
                "This saved game cannot be opened",
                f"{exc}\n\nIt is kept as it is; you can abandon it from the start screen (x).",
            )
            return
        self.back_to_picker()
        self.push_screen(screen)
        for note in session.repairs:
            self.notify(note, title="This save was repaired", severity="warning", timeout=12)
        if read_only:
            self.notify(
                f"Saved games are read-only ({read_only}): moves made now are not saved.",
                severity="warning",
                timeout=12,
            )

    def join_game(self, code: str, game_id: int | None = None) -> None:
        """Take a seat of a game hosted in another process, with the code its host shows."""
        from tabletop_tui.session import Session
        from tabletop_tui.ui.frame import GameScreen

        if self.store.read_only:
            self.show_error(
                "Seats cannot be joined", f"Saved games are read-only: {self.store.read_only}."
            )
            return
        try:
            session = Session.join(self.store, code, game_id)
        except JoinRefused as exc:
            self.show_error("This join code cannot be used", str(exc))
            return
        try:
            screen = GameScreen(session)
        except Exception as exc:
            session.release()
            self.show_error("This game cannot be joined", str(exc))
            return
        self.back_to_picker()
        self.push_screen(screen)

    def play_again(self, session: Session) -> None:
        """Same game, options and seats, a new deal."""
        if session.shared:
            # Seats at other keyboards need new codes: the host starts the next game.
            self.back_to_picker()
            self.notify(
                "A game with seats at other keyboards starts from its host: New game, "
                "or tabletop-tui host GAME.",
                timeout=10,
            )
            return
        self.back_to_picker()
        self.start_game(session.info, session.state.config, list(session.seats), None)

    def open_replay(self, record: GameRecord, *, finished: bool) -> None:
        from tabletop_tui.ui.replay import ReplayScreen

        try:
            screen = ReplayScreen(record, finished=finished)
        except Exception as exc:
            self.show_error("This game cannot be replayed", str(exc))
            return
        self.push_screen(screen)

    def open_history(self, tab: str) -> None:
        from tabletop_tui.ui.history import HistoryScreen

        self.push_screen(HistoryScreen(tab))

    def back_to_picker(self) -> None:
        from tabletop_tui.ui.picker import PickerScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, PickerScreen):
            self.pop_screen()

    def show_error(self, title: str, message: str) -> None:
        """Say what went wrong, over the start screen (nothing saved is touched)."""
        self.back_to_picker()
        self.push_screen(MessageScreen(title, message))

    # ---- settings ------------------------------------------------------------------------

    def set_bot_speed(self, speed: str) -> None:
        if speed not in BOT_SPEEDS:
            return
        self.bot_speed = speed
        self.store.set_pref(SPEED_PREF, speed)
        self.notify(f"Bot speed: {speed}")

    def cycle_bot_speed(self) -> None:
        names = list(BOT_SPEEDS)
        self.set_bot_speed(names[(names.index(self.bot_speed) + 1) % len(names)])

    def get_key_display(self, binding: Binding) -> str:
        """A screen may word a key by its state (``describe_key``): the game frame's digits
        read '1-12 Pick' when there are twelve options."""
        for screen in reversed(self.screen_stack):
            describe = getattr(screen, "describe_key", None)
            text = describe(binding) if callable(describe) else None
            if text:
                return str(text)
        return super().get_key_display(binding)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        palette = getattr(screen, "palette_commands", None)
        if callable(palette):
            for title, help_text, callback in palette():
                yield SystemCommand(title, help_text, callback)
        for speed in BOT_SPEEDS:
            mark = " (current)" if speed == self.bot_speed else ""
            yield SystemCommand(
                f"Bot speed: {speed}{mark}",
                "How long each bot move stays on screen before the next",
                lambda speed=speed: self.set_bot_speed(speed),
            )


def run_app(data_dir: str | None, start: dict[str, Any] | None) -> int:
    """Run the app on the real terminal; returns the process exit code.

    ``start`` None opens the start screen; ``{"game": id, "players": n, "seats": [SeatSpec],
    "seed": s or None, "options": {...}}`` goes straight into a new game, and
    ``{"resume": game_id}`` / ``{"replay": game_id}`` open a saved one.
    """
    for sheet, name in ((STYLESHEET, "app.tcss"), (SCREENS_STYLESHEET, "screens.tcss")):
        if not sheet.is_file():
            print(
                f"tabletop-tui: error: the stylesheet tabletop_tui/ui/{name} is missing: "
                "reinstall tabletop-tui",
                file=sys.stderr,
            )
            return 1
    try:
        store = Store.open(data_dir)
    except StoreError as exc:
        print(f"tabletop-tui: error: {exc}", file=sys.stderr)
        return 1
    try:
        app = TabletopApp(store, start)
        # What is loaded by now (Textual, the app's modules, the store) lives as long as the
        # process: out of the collector's way, it is not traversed again by each full
        # collection, the first of which would otherwise fall on the start screen's frame.
        gc.freeze()
        app.run()
    finally:
        store.close()
    return app.return_code or 0

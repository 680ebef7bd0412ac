"""The replay viewer: step forward, back and jump through a saved game's decisions."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from tabletop_tui.engine.core import Decision, GameState
from tabletop_tui.engine.record import GameRecord
from tabletop_tui.engine.registry import GameInfo, get_game
from tabletop_tui.seats import seat_name
from tabletop_tui.session import Move, play_move

from .board import BoardView
from .common import SCREENS_CSS, BaseScreen, SizeAware, fill_names, load_board_class
from .frame import FrameHeader, LogPanel
from .table import decision_seen_by, move_lines


class ReplayCursor:
    """The state of a recorded game at any move number, with checkpoints every few moves so
    that stepping back or jumping does not replay from the start each time."""

    EVERY = 25

    def __init__(self, record: GameRecord, info: GameInfo | None = None) -> None:
        self.record = record
        self.info = info or get_game(record.game)
        record.load(self.info)  # raises DamagedSave for a record that does not replay
        self.config = self.info.config_model.model_validate(record.config)
        self.history = list(record.history)
        # One pass keeps each move's log entries and a checkpoint every EVERY moves.
        self.moves: list[Move] = []
        self._checkpoints: dict[int, GameState] = {}
        state = self.info.state_class.new(self.config, record.seed)
        for i, option_id in enumerate(self.history):
            if i % self.EVERY == 0:
                self._checkpoints[i] = state.clone()
            self.moves.append(play_move(state, option_id))
        self._checkpoints[len(self.history)] = state.clone()
        self.pos = len(self.history)
        self.state = state

    @property
    def length(self) -> int:
        return len(self.history)

    def goto(self, pos: int) -> GameState:
        pos = max(0, min(self.length, pos))
        if pos == self.pos:
            return self.state
        base = pos if pos in self._checkpoints else (pos // self.EVERY) * self.EVERY
        if self.pos <= pos and self.pos >= base:
            state = self.state  # going forward from here is shorter
        else:
            state = self._checkpoints[base].clone()
        while len(state.history) < pos:
            state.apply_replay(self.history[len(state.history)])
        self.state = state
        self.pos = pos
        return state


class GotoScreen(SizeAware, ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="goto.cancel")]

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(classes="dialog"):
            yield Static(f"Go to move (0–{self.length})", classes="dialog-title")
            yield Input(placeholder="move number", type="integer", id="goto-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            self.dismiss(int(event.value))
        except ValueError:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayScreen(BaseScreen):
    """Shows the board as it was after any number of moves, with the log up to there.

    For a finished game any seat's perspective can be chosen (``v``); an unfinished game is
    shown with public information only, so nobody sees a hand that is still in play.
    """

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("right,l,n", "step(1)", "Next", key_display="→", priority=True, id="replay.next"),
        Binding("left,h,p", "step(-1)", "Back", key_display="←", priority=True, id="replay.back"),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True, id="replay.ahead10"),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True, id="replay.back10"),
        Binding("home", "jump(0)", "Start", show=False, priority=True, id="replay.start"),
        Binding("end", "jump(-1)", "End", show=False, priority=True, id="replay.end"),
        Binding("g", "goto", "Go to", id="replay.goto"),
        Binding("v", "perspective", "View as", id="replay.perspective"),
        Binding("escape,q", "close", "Close", id="replay.close"),
    ]

    def __init__(self, record: GameRecord, *, finished: bool) -> None:
        super().__init__()
        self.cursor = ReplayCursor(record)
        self.info = self.cursor.info
        self.finished = finished
        self.names = [s.name for s in record.seats] or [
            f"Player {i + 1}" for i in range(self.cursor.config.players)
        ]
        self.viewer: int | None = None
        self.board: BoardView = load_board_class(self.info)()
        self.board.seat_names = list(self.names)
        self.board.seat_kinds = [s.kind for s in record.seats]

    def compose_body(self) -> ComposeResult:
        yield FrameHeader(id="frame-header", markup=False)
        with Container(id="replay-main"):
            with Container(id="board-area"):
                yield self.board
            with Vertical(id="replay-panel"):
                yield Static(id="replay-next", markup=False)
                yield LogPanel(id="replay-log")
        yield Footer()

    def on_mount(self) -> None:
        self.cursor.goto(0)
        self.redraw()

    def next_decision_text(self, decision: Decision | None) -> Text:
        pos = self.cursor.pos
        if decision is None or pos >= self.cursor.length:
            return Text("End of the game." if decision is None else "End of the saved moves.")
        move = self.cursor.moves[pos]
        who = seat_name(self.names, move.seat)
        if move.secret and self.viewer != move.seat:
            what = f"{fill_names(move.prompt, self.names)} (hidden choice)"
        else:
            what = fill_names(move.label, self.names)
        return Text.assemble(("Next: ", "bold"), f"{who}: {what}")

    def redraw(self) -> None:
        try:
            self._redraw()
        except Exception as exc:  # a board or engine bug: say so rather than crash
            self.app.pop_screen()
            self.notify(f"The replay stopped on an error: {exc!r}", severity="error")

    def _redraw(self) -> None:
        state = self.cursor.state
        view = state.view(self.viewer)
        decision = state.decision()
        shown = decision_seen_by(decision, self.viewer)
        header = Text()
        header.append(f" Replay: {self.info.title} ", style="bold reverse")
        game_header = view.get("header")
        if isinstance(game_header, str) and game_header:
            header.append(f" {fill_names(game_header, self.names)} │")
        header.append(f" move {self.cursor.pos}/{self.cursor.length} │")
        seen = "everyone (public)" if self.viewer is None else self.names[self.viewer]
        header.append(f" view: {seen} ")
        self.query_one(FrameHeader).update(header)
        self.board.update_board(view, shown, self.viewer)
        self.query_one("#replay-next", Static).update(self.next_decision_text(decision))
        lines = []
        for move in self.cursor.moves[: self.cursor.pos]:
            lines.extend(move_lines(move, self.viewer, self.names))
        self.query_one(LogPanel).show_lines([(ln.text, ln.private, ln.frame) for ln in lines])

    def on_board_view_picked(self, event: BoardView.Picked) -> None:
        event.stop()  # a replay only shows the game

    def action_step(self, step: int) -> None:
        self.cursor.goto(self.cursor.pos + step)
        self.redraw()

    def action_jump(self, pos: int) -> None:
        self.cursor.goto(self.cursor.length if pos < 0 else pos)
        self.redraw()

    def action_goto(self) -> None:
        def done(pos: int | None) -> None:
            if pos is not None:
                self.action_jump(max(0, pos))

        self.app.push_screen(GotoScreen(self.cursor.length), done)

    def action_perspective(self) -> None:
        if not self.finished:
            self.notify(
                "This game is still being played: the replay shows public information only.",
                severity="warning",
            )
            return
        seats = self.cursor.config.players
        self.viewer = (
            0 if self.viewer is None else (None if self.viewer + 1 >= seats else self.viewer + 1)
        )
        self.redraw()

    def action_close(self) -> None:
        self.dismiss(None)

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        return [
            ("Replay: first move", "Go to the start of the game", lambda: self.action_jump(0)),
            ("Replay: last move", "Go to the end of the game", lambda: self.action_jump(-1)),
            ("Replay: go to move…", "Jump to a move number", self.action_goto),
            ("Replay: view as…", "Change whose view the board shows", self.action_perspective),
        ]

"""A game's board widget alone, as the game frame holds it: for the games' board tests.

``BoardApp`` mounts one board with its seat names and kinds set and records the options
picked by clicks; ``board_shown`` draws a state's view for a viewer the way the frame does
(another seat's secret options removed, then ``highlight`` with the first option when the
viewer decides); ``board_text`` is what the screen shows.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot

from tabletop_tui.engine.core import GameState
from tabletop_tui.ui.board import BoardView
from tabletop_tui.ui.table import decision_seen_by


class BoardApp(App[None]):
    """One board filling the app; ``picked`` collects the option ids its clicks pick."""

    def __init__(
        self,
        board: BoardView,
        names: Sequence[str],
        kinds: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.board = board
        board.seat_names = list(names)
        board.seat_kinds = list(kinds) if kinds is not None else ["human"] * len(names)
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.board

    def on_board_view_picked(self, event: BoardView.Picked) -> None:
        event.stop()
        self.picked.append(event.option_id)


def show(board: BoardView, state: GameState, viewer: int | None) -> None:
    """Draw ``viewer``'s view of ``state`` as the frame would."""
    decision = decision_seen_by(state.decision(), viewer)
    board.update_board(state.view(viewer), decision, viewer)
    mine = board.pickable(decision, viewer) and decision is not None and decision.options
    board.highlight(decision.options[0].id if mine and decision is not None else None)


@asynccontextmanager
async def board_shown(
    board: BoardView,
    state: GameState,
    viewer: int | None | str = "decider",
    size: tuple[int, int] = (80, 24),
    names: Sequence[str] | None = None,
) -> AsyncIterator[tuple[BoardApp, Pilot[None]]]:
    """``board`` alone in an app of ``size``, drawing ``viewer``'s view of ``state`` (by
    default the seat that decides next; None for a spectator). Seats are named Ann0, Ann1…
    unless ``names`` are given."""
    if viewer == "decider":
        decision = state.decision()
        viewer = decision.seat if decision is not None else None
    assert viewer is None or isinstance(viewer, int)
    app = BoardApp(board, names or [f"Ann{i}" for i in range(state.players)])
    async with app.run_test(size=size) as pilot:
        show(board, state, viewer)
        await pilot.pause()
        yield app, pilot


def board_text(app: App[Any]) -> str:
    """The screen's text, line by line, as a person reads it."""
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(seg.text for seg in strip) for strip in update.strips)

"""The board widget on its own: it draws real views at 80x24 without error."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult

from tabletop_tui.games.maeshowe.rules import MaeshoweState
from tabletop_tui.games.maeshowe.screen import CardSlot, MaeshoweBoard


class BoardApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        yield MaeshoweBoard()

    def on_board_view_picked(self, event: MaeshoweBoard.Picked) -> None:
        self.picked.append(event.option_id)


def _advance(state: MaeshoweState, moves: int) -> MaeshoweState:
    for _ in range(moves):
        d = state.decision()
        if d is None:
            break
        state.apply(d.options[-1].id)
    return state


def _text(app: App[Any]) -> str:
    return "\n".join(str(s.render()) for s in app.query("Static"))


CASES = [
    ({"players": 1}, 0, 0),
    ({"players": 1, "horror_hope": True, "crumble_conservation": True}, 6, 0),
    ({"players": 2}, 3, 1),
    ({"players": 2, "fear_of_the_dark": True, "gluttony_garner": True}, 2, 0),
]


@pytest.mark.parametrize(("config", "moves", "viewer"), CASES)
async def test_board_renders_real_views(config, moves, viewer):
    state = _advance(MaeshoweState.new(config, 11), moves)
    app = BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MaeshoweBoard)
        board.update_board(state.view(viewer), state.decision(), viewer)
        await pilot.pause()
        text = _text(app)
        assert "Passages" in text and "Chain" in text
        hand = state.view(viewer)["hands"][viewer]
        assert hand[0]["short"] in text
        if config.get("fear_of_the_dark"):
            assert "hidden" in text  # the partner's hand is not drawn
            other = state.hands[1 - viewer]
            assert len(other) == 5
        board.action_cycle_panel()
        await pilot.pause()
        assert "Discards" in _text(app) or "discards" in _text(app)


async def test_clicking_a_card_picks_its_option():
    state = MaeshoweState.new({"players": 1}, 4)
    app = BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MaeshoweBoard)
        board.update_board(state.view(0), state.decision(), 0)
        await pilot.pause()
        slot = app.query_one("#mh-card-0-0", CardSlot)
        await pilot.click(slot)
        await pilot.pause()
        first = state.hands[0][0]
        assert app.picked == [f"play:{state.cat.ids[first]}"]


async def test_finished_game_shows_the_outcome():
    state = MaeshoweState.new({"players": 1}, 2)
    while (d := state.decision()) is not None:
        state.apply(d.options[0].id)
    app = BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MaeshoweBoard)
        board.update_board(state.view(0), None, 0)
        await pilot.pause()
        assert "LOST" in _text(app) or "ESCAPED" in _text(app)

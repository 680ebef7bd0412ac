"""Every registered game in the shared frame: its board draws at 80x24 and 120x40, a person
plays a few decisions with the keyboard while random bots take their turns."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.registry import games
from tabletop_tui.ui.common import MessageScreen
from tabletop_tui.ui.frame import GameScreen
from tabletop_tui.ui.results import ResultScreen
from tests.ui.conftest import screen_text, settle

GAMES = [pytest.param(info, id=info.id) for info in games().values()]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("info", GAMES)
async def test_game_plays_in_the_frame(make_app, store, info, size):
    players = info.min_players if info.min_players > 1 else min(2, info.max_players)
    seats = [SeatSpec(name="Ann", kind="human")] + [
        SeatSpec(name=f"Bot {i}", kind="random") for i in range(1, players)
    ]
    app = make_app({"game": info.id, "players": players, "seats": seats, "seed": 1})
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen), screen_text(app)
        for _ in range(4):
            if isinstance(app.screen, ResultScreen):
                break  # a short game may end within a few decisions
            assert app.screen is game, screen_text(app)
            assert "Please enlarge" not in screen_text(app)
            await pilot.press("1" if len(game.table.decision.options) < 10 else "enter")
            await settle(pilot)
        assert not isinstance(app.screen, MessageScreen), screen_text(app)
        stored = store.get(game.session.game_id)
        assert stored.moves >= 4 or stored.status == "finished"


@pytest.mark.parametrize("info", GAMES)
async def test_the_board_is_drawn_once_per_update(make_app, info):
    """An update and the highlight that follows it draw the board once, not twice."""
    players = info.min_players if info.min_players > 1 else min(2, info.max_players)
    seats = [SeatSpec(name="Ann", kind="human")] + [
        SeatSpec(name=f"Bot {i}", kind="random") for i in range(1, players)
    ]
    app = make_app({"game": info.id, "players": players, "seats": seats, "seed": 1})
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen), screen_text(app)
        assert game.table.viewer_decides()
        board = game.board
        drawn: list[str | None] = []
        draw = board.redraw

        def counted() -> None:
            drawn.append(board.highlighted)
            draw()

        board.redraw = counted  # type: ignore[method-assign]
        board.highlighted = None  # the highlight moves with the update, as after a move
        game.redraw()
        first = game.query_one("DecisionPanel").highlighted_id
        assert first is not None
        assert drawn == [first]  # once, and with the new highlight
        panel = game.query_one("DecisionPanel")
        panel.highlight(1)
        await pilot.pause()
        # A highlight moved alone still redraws the board (and a resize may follow, when
        # the inspector under the board takes another number of lines).
        assert drawn[:2] == [first, panel.highlighted_id]

"""A whole solo game in the app, played with the keyboard: tip, moves, results, analysis."""

from __future__ import annotations

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.games.maeshowe.screen import MaeshoweBoard
from tabletop_tui.store import Store
from tabletop_tui.ui.frame import DecisionPanel, GameScreen
from tabletop_tui.ui.results import ResultScreen
from tests.ui.conftest import screen_text, settle


@pytest.fixture
def store(tmp_path):
    st = Store.open(tmp_path / "data")
    yield st
    st.close()


async def test_solo_game_to_the_end_with_the_keyboard(store):
    start = {
        "game": "maeshowe",
        "players": 1,
        "seats": [SeatSpec(name="Ann", kind="human")],
        "seed": 0,
        "options": {"difficulty": "easy"},
    }
    app = TabletopApp(store, start, bot_speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert isinstance(game.board, MaeshoweBoard)
        text = screen_text(app)
        assert "Passages" in text and "Your hand" in text
        await pilot.press("t")
        await settle(pilot)
        tip = str(game.query_one(DecisionPanel).query_one("#tip").render())
        assert tip.startswith("Tip: ") and "Then: " in tip
        for _ in range(200):
            if isinstance(app.screen, ResultScreen):
                break
            # With ten or more options a digit waits for a second one; Enter confirms it.
            many = len(game.query_one(DecisionPanel).option_ids) >= 10
            await pilot.press(*(("1", "enter") if many else ("1",)))
            await settle(pilot)
        results = app.screen
        assert isinstance(results, ResultScreen)
        assert game.session.state.is_over()
        for _ in range(100):
            await pilot.pause(0.05)
            if not results.analysing:
                break
        await pilot.pause()
        assert "Winnable" in screen_text(app)

"""A whole solo game of Mezo in the app, played with the keyboard to the result screen."""

from __future__ import annotations

import pytest

app_module = pytest.importorskip("tabletop_tui.app")

from tabletop_tui.engine.record import SeatSpec  # noqa: E402
from tabletop_tui.games.mezo.screen import MezoBoard  # noqa: E402
from tabletop_tui.games.mezo.solo import VG, SoloState  # noqa: E402
from tabletop_tui.store import Store  # noqa: E402
from tests.ui.conftest import game_start, screen_text, settle  # noqa: E402


async def test_a_solo_game_against_the_vengeful_gods_to_the_end(tmp_path) -> None:
    from tabletop_tui.ui.curtain import CurtainScreen
    from tabletop_tui.ui.frame import DecisionPanel, GameScreen
    from tabletop_tui.ui.results import ResultScreen

    store = Store.open(tmp_path / "data")
    start = game_start("mezo", [SeatSpec(name="Ann", kind="human")], 12, difficulty="apprentice")
    app = app_module.TabletopApp(store, start, bot_speed="instant")
    seen_card = seen_here = seen_task = False
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            game = app.screen
            assert isinstance(game, GameScreen)
            assert isinstance(game.board, MezoBoard)
            for _ in range(400):
                if isinstance(app.screen, ResultScreen):
                    break
                assert not isinstance(app.screen, CurtainScreen), "no hand-off in solo"
                state = game.session.state
                assert isinstance(state, SoloState)
                text = screen_text(app)
                assert "{seat:" not in text and "Seat 2" not in text
                if state.vg_card and state.conflict_region >= 0:
                    assert state.solo.card(state.vg_card).name in text
                    seen_card = True
                if state.vengeful_here() and state.decision().kind == "action":
                    assert "▶here" in text
                    seen_here = True
                if state.task_side:
                    assert state.task().name in text
                    seen_task = True
                for g, v in zip(state.vg_gods, state.vg_vertex, strict=True):
                    name = state.data.god(g).name
                    assert f"{state.data.vertex_ids[v]}☠{name[0]}" in text
                before = len(state.history)
                many = len(game.query_one(DecisionPanel).option_ids) >= 10
                await pilot.press(*(("1", "enter") if many else ("1",)))
                await settle(pilot)
                assert len(game.session.state.history) > before
            results = app.screen
            assert isinstance(results, ResultScreen)
            final = game.session.state
            assert final.is_over()
            res = final.result()
            assert res.cooperative and res.won == (final.vp[0] > final.vp[VG])
            text = screen_text(app)
            assert "Vengeful gods" in text and str(final.vp[VG]) in text
            assert "Ann" in text
            assert seen_card and seen_here and seen_task
    finally:
        store.close()

"""Two people at one keyboard play into Mezo's first conflict through the app, passing the
keyboard behind the hand-off curtain for the secret God card choices."""

from __future__ import annotations

import pytest

app_module = pytest.importorskip("tabletop_tui.app")

from tabletop_tui.engine.record import SeatSpec  # noqa: E402
from tabletop_tui.games.mezo.screen import MezoBoard  # noqa: E402
from tabletop_tui.store import Store  # noqa: E402
from tests.ui.conftest import game_start, screen_text, settle  # noqa: E402


async def test_two_humans_through_the_curtain(tmp_path) -> None:
    from tabletop_tui.ui.curtain import CurtainScreen
    from tabletop_tui.ui.frame import GameScreen

    store = Store.open(tmp_path / "data")
    start = game_start(
        "mezo", [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Ben", kind="human")], 21
    )
    app = app_module.TabletopApp(store, start, bot_speed="instant")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 400)
            curtains = 0
            kept_before_reveal: dict[int, str] = {}
            game = None
            for _ in range(400):
                if isinstance(app.screen, CurtainScreen):
                    curtains += 1
                    game = app.screen_stack[-2]
                    state = game.session.state
                    # under the curtain no unrevealed God card shows on the board
                    for cid in kept_before_reveal.values():
                        if not state.cards_shown:
                            assert state.data.cards[cid].name not in screen_text(app)
                    assert "Pass the keyboard to" in screen_text(app)
                    await pilot.press("enter")
                    await settle(pilot, 400)
                    continue
                game = app.screen
                assert isinstance(game, GameScreen)
                state = game.session.state
                decision = state.decision()
                assert decision is not None
                if decision.kind == "keep_card":
                    kept_before_reveal[decision.seat] = decision.options[0].id.split(":", 1)[1]
                if decision.kind == "action" and len(state.conflict_order) == 0:
                    board = game.query_one(MezoBoard)
                    assert board.view is not None and board.view["conflict"]["region"]
                    if state.used_rows[decision.seat] == "" and decision.seat == state.turn[0]:
                        # both cards are revealed now: the board shows them with their rows
                        for cid in kept_before_reveal.values():
                            assert state.data.cards[cid].name in screen_text(app)
                if state.conflict_order:
                    break
                before = len(state.history)
                await pilot.press("1")
                if len(decision.options) >= 10:  # "1" may begin "10": Enter confirms
                    await pilot.press("enter")
                await settle(pilot, 400)
                assert len(game.session.state.history) > before or isinstance(
                    app.screen, CurtainScreen
                ), (decision, screen_text(app))
            assert game is not None
            final = game.session.state
            assert len(final.conflict_order) == 1, "the first conflict was not resolved"
            assert curtains >= 2
            assert len(kept_before_reveal) == 2
            assert "{seat:" not in screen_text(app)
            assert "Ann" in screen_text(app) or "Ben" in screen_text(app)
    finally:
        store.close()

"""A whole 2-player Mesos game through the app, played with the keyboard (a human and a bot)."""

from __future__ import annotations

import pytest

app_module = pytest.importorskip("tabletop_tui.app")

from tabletop_tui.engine.record import SeatSpec  # noqa: E402
from tabletop_tui.games.mesos.screen import MesosBoard  # noqa: E402
from tabletop_tui.store import Store  # noqa: E402
from tests.ui.conftest import game_start, screen_text, settle  # noqa: E402


async def test_whole_two_player_game_with_the_keyboard(tmp_path) -> None:
    from tabletop_tui.ui.frame import GameScreen

    store = Store.open(tmp_path / "data")
    start = game_start(
        "mesos", [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bot", kind="medium")], 12
    )
    app = app_module.TabletopApp(store, start, bot_speed="instant")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 400)
            game = app.screen
            assert isinstance(game, GameScreen)
            board = game.query_one(MesosBoard)
            assert board.view is not None and board.view["players"] == 2
            human_moves = 0
            keys = ["1", "2", "1", "3"]
            for _ in range(300):
                state = game.session.state
                decision = state.decision()
                if decision is None:
                    break
                assert decision.seat == 0, "the bot's turn should have been played"
                before = len(state.history)
                # Alternate between the first few options, by digit, as a person would.
                key = keys[human_moves % len(keys)]
                if int(key) > len(decision.options):
                    key = "1"
                await pilot.press(key)
                await settle(pilot, 400)
                human_moves += 1
                assert len(game.session.state.history) > before
                # The board follows every move.
                assert board.view["round"] == game.session.state.view(0)["round"]
            final = game.session.state
            assert final.decision() is None, "the game did not end"
            assert final.round_no == 10 and human_moves >= 20
            result = final.result()
            assert sorted(s.seat for s in result.seats) == [0, 1]
            # The frame shows the results, with the seats' names filled into the summary.
            from tabletop_tui.ui.results import ResultScreen

            assert isinstance(app.screen, ResultScreen)
            text = screen_text(app)
            assert "Ann" in text and "Bot" in text and "{seat:" not in text
            # The score breakdown is there line by line, and the log kept the final scoring.
            assert "Score breakdown" in text and "PP during the game" in text
            log = [entry.text for entry in game.session.log]
            assert "Final scoring:" in log
            assert sum(1 for t in log if t.startswith("End of round")) == 10
    finally:
        store.close()

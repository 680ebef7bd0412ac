"""Games in the app played with the keyboard: a whole solo game (tip, moves, results,
analysis) and a Fear of the Dark gift between two players behind the hand-off curtain."""

from __future__ import annotations

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.games.maeshowe.screen import MaeshoweBoard
from tabletop_tui.ui.curtain import CurtainScreen
from tabletop_tui.ui.frame import DecisionPanel, GameScreen
from tabletop_tui.ui.results import ResultScreen
from tests.ui.conftest import game_start, screen_text, settle


async def test_solo_game_to_the_end_with_the_keyboard(store):
    start = game_start("maeshowe", [SeatSpec(name="Ann", kind="human")], 0, difficulty="easy")
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


async def _choose(pilot, game: GameScreen, option_id: str) -> None:
    """Pick an option with its number keys, as a player would."""
    ids = game.query_one(DecisionPanel).option_ids
    number = str(ids.index(option_id) + 1)
    keys = list(number) + (["enter"] if len(ids) >= 10 and len(number) == 1 else [])
    await pilot.press(*keys)
    await settle(pilot)


async def test_fear_of_the_dark_gift_between_two_players_behind_the_curtain(store):
    """A gift in Fear of the Dark: the curtain passes the keyboard to the receiver, who sees
    the gift marked and never the giver's hand, discards, and hands the keyboard back."""
    start = game_start(
        "maeshowe",
        [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Ben", kind="human")],
        3,
        fear_of_the_dark=True,
    )
    app = TabletopApp(store, start, bot_speed="instant", curtain_guard=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        state = game.session.state
        text = screen_text(app)
        assert "Ben's hand (5): ▒ ▒ ▒ ▒ ▒ hidden" in text
        ben_cards = {state.cat.names[c] for c in state.hands[1]}
        ann_hand = [state.cat.ids[c] for c in state.hands[0]]
        play_id = next(o for o in game.query_one(DecisionPanel).option_ids if o.startswith("play:"))
        await _choose(pilot, game, play_id)
        gift = next(cid for cid in ann_hand if f"give:{cid}" in state.decision().ids)
        await _choose(pilot, game, f"give:{gift}")
        assert isinstance(app.screen, CurtainScreen)  # Ben must decide, in secret
        assert not any(name in screen_text(app) for name in ben_cards)
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "received" in text and "Ann's hand ◀ turn (3): ▒ ▒ ▒ hidden" in text
        assert f"Ann gave you {state.cat.names[state.cat.index[gift]]}" in text
        await _choose(pilot, game, f"discard:{gift}")
        assert state.turn_seat == 1 and len(state.hands[0]) == 5 and len(state.hands[1]) == 5
        assert state.piles[1] == [state.cat.index[gift]]

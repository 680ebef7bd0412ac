"""The frame's inspector follows the decision panel's highlight on the Maeshowe board and
names the highlighted element in words (card, effect, warning), in the full app."""

from __future__ import annotations

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.games.maeshowe.screen import MaeshoweBoard, card_name
from tabletop_tui.ui.frame import DecisionPanel, GameScreen, Inspector
from tests.ui.conftest import game_start, settle


def solo_start(seed: int = 3) -> dict:
    seats = [SeatSpec(name="Ann", kind="human")]
    return game_start("maeshowe", seats, seed, horror_hope=True, crumble_conservation=True)


def inspector_text(game: GameScreen) -> str:
    return str(game.query_one(Inspector).render())


async def test_inspector_follows_the_highlight_and_names_the_card(store):
    app = TabletopApp(store, solo_start(), bot_speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        board = game.board
        assert isinstance(board, MaeshoweBoard)
        panel = game.query_one(DecisionPanel)
        decision = game.session.state.decision()
        cards = {c["id"]: c for c in board.view["hands"][0]}
        seen = []
        for i, option in enumerate(decision.options):
            if i:
                await pilot.press("down")
                await pilot.pause()
            assert panel.option_ids[i] == option.id
            assert board.highlighted == option.id
            text = inspector_text(game)
            seen.append(text)
            card = cards[option.target]
            verb = "Play" if option.id.startswith("play:") else "Discard"
            effect = card["play_text"] if verb == "Play" else card["discard_text"]
            # The card by name, what this choice does, in the words of the card's text.
            assert f"{verb} {card_name(card)}: {effect}" in text
        assert len(set(seen)) > 1  # it changed as the highlight moved


async def test_inspector_puts_a_losing_warning_first(store):
    """The warning of a losing option leads the inspector's text (two lines at 80x24)."""
    app = TabletopApp(store, solo_start(), bot_speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        state = game.session.state
        state.health[0] = 1  # a position where every health cost loses
        state._decision_cache = None
        board = game.board
        board.update_board(state.view(0), state.decision(), 0)
        losing = [o for o in state.decision().options if "you lose" in o.label]
        assert losing, "the seed should hold a card that costs health"
        board.highlight(losing[0].id)
        await pilot.pause()
        assert inspector_text(game).startswith("ℹ ⚠ ")
        assert "you lose" in inspector_text(game)

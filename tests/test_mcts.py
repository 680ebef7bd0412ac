"""The game-agnostic search bot, on the test-only game."""

from __future__ import annotations

import random

from tabletop_tui.engine.bots import RandomBot, bot_rng, context_for
from tabletop_tui.engine.core import GameResult, ScoreLine, SeatResult
from tabletop_tui.engine.mcts import SearchBot, reward
from tests.fixture_game import GAME, HighCard, HighCardConfig


def test_reward_values():
    res = GameResult(
        (SeatResult(0, 10, 1, (ScoreLine("x", 10),)), SeatResult(1, 4, 2), SeatResult(2, 10, 1))
    )
    assert reward(res, 0) == reward(res, 2) > reward(res, 1)
    coop = GameResult((SeatResult(0, 3, 1),), cooperative=True, won=True)
    assert reward(coop, 0) == 1.0


def _play(seed: int, bots) -> int:
    state = HighCard.new(HighCardConfig(players=2, rounds=3), seed)
    rngs = [bot_rng(seed, i) for i in range(2)]
    while (d := state.decision()) is not None:
        state.apply(bots[d.seat].choose(context_for(state, rngs[d.seat])))
    return state.result().seats[0].score - state.result().seats[1].score


def test_search_beats_random_over_many_deals():
    """Seat order matters in High Card, so compare the same deals with the seats swapped."""
    search, rnd = SearchBot(iterations=60), RandomBot()
    as_first = sum(_play(seed, [search, rnd]) for seed in range(60))
    as_second = sum(_play(seed, [rnd, search]) for seed in range(60))
    assert as_first - as_second > 0


def test_search_is_deterministic_given_its_rng():
    state = HighCard.new(HighCardConfig(players=2), 3)
    a = SearchBot(iterations=40).choose(context_for(state, random.Random(1)))
    b = SearchBot(iterations=40).choose(context_for(state, random.Random(1)))
    assert a == b
    assert a in state.decision().ids


def test_search_level_is_available_for_every_game():
    assert isinstance(GAME.bot("search"), SearchBot)

"""The game-agnostic search bot, on the test-only game."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.bots import context_for
from tabletop_tui.engine.core import (
    Decision,
    EngineError,
    GameConfig,
    GameResult,
    GameState,
    Option,
    ScoreLine,
    SeatResult,
)
from tabletop_tui.engine.mcts import SearchBot, reward
from tests.fixture_game import GAME, HighCard, HighCardConfig


def test_reward_values():
    res = GameResult(
        (SeatResult(0, 10, 1, (ScoreLine("x", 10),)), SeatResult(1, 4, 2), SeatResult(2, 10, 1))
    )
    assert reward(res, 0) == reward(res, 2) > reward(res, 1)
    coop = GameResult((SeatResult(0, 3, 1),), cooperative=True, won=True)
    assert reward(coop, 0) == 1.0


class Nim(GameState):
    """Take 1-3 stones; whoever takes the last stone wins. Perfect play is known exactly."""

    game_id = "nim"

    def _setup(self) -> None:
        self.stones = 10
        self.turn = 0

    def _decision(self) -> Decision | None:
        if self.stones == 0:
            return None
        opts = tuple(Option(f"take:{k}", f"Take {k}") for k in (1, 2, 3) if k <= self.stones)
        return Decision(self.turn, "Take stones", opts)

    def _apply(self, option: Option) -> None:
        self.stones -= int(option.id.split(":")[1])
        self.turn = 1 - self.turn

    def view(self, seat: int | None) -> dict:
        return {"stones": self.stones}

    def _result(self) -> GameResult:
        winner = 1 - self.turn
        return GameResult(
            tuple(SeatResult(s, int(s == winner), 1 if s == winner else 2) for s in (0, 1))
        )


def test_search_finds_the_winning_move():
    # From n stones the winning move leaves a multiple of 4.
    for stones, best in ((10, "take:2"), (7, "take:3"), (5, "take:1")):
        state = Nim(GameConfig(players=2), 0)
        state.stones = stones
        assert SearchBot(iterations=600).choose(context_for(state, random.Random(stones))) == best


def test_search_does_not_peek_at_hidden_cards():
    """Two deals that look the same to seat 0 get the same choice from the same bot seed."""
    for seed in range(5):
        state = HighCard.new(HighCardConfig(players=3), seed)
        other = state.determinize(0, random.Random(seed + 100))
        assert other.view(0) == state.view(0)
        assert other.hands[1:] != state.hands[1:]
        a = SearchBot(iterations=50).choose(context_for(state, random.Random(seed)))
        b = SearchBot(iterations=50).choose(context_for(other, random.Random(seed)))
        assert a == b


def test_search_is_deterministic_given_its_rng():
    state = HighCard.new(HighCardConfig(players=2), 3)
    a = SearchBot(iterations=40).choose(context_for(state, random.Random(1)))
    b = SearchBot(iterations=40).choose(context_for(state, random.Random(1)))
    assert a == b
    assert a in state.decision().ids


def test_search_is_not_a_bot_level():
    """The search bot is a protocol check, not a level players can seat (it does not beat
    the hard bots): asking a game for it names the real levels."""
    with pytest.raises(EngineError, match="no bot level 'search'"):
        GAME.bot("search")


def test_a_playout_finishes_the_game_or_stops_at_its_limit():
    state = Nim(GameConfig(), 0)
    state.playout(random.Random(1), limit=2)
    assert len(state.history) == 2 and state.decision() is not None
    state.playout(random.Random(1), limit=100)
    assert state.decision() is None and state.stones == 0
    # The same stream draws the same moves as choosing among the options by hand.
    by_hand = Nim(GameConfig(), 0)
    rng = random.Random(1)
    for _ in range(2):
        by_hand.apply_unrecorded(rng.choice(by_hand.decision().options).id)
    rng = random.Random(1)
    while (d := by_hand.decision()) is not None:
        by_hand.apply_unrecorded(rng.choice(d.options).id)
    assert by_hand.history == state.history


def test_the_search_freezes_older_objects_only_while_it_runs(monkeypatch):
    """The objects made before a search are frozen for it and thawed after it; a process
    that froze objects itself keeps them frozen (the search neither freezes nor thaws)."""
    import gc

    state = HighCard.new(HighCardConfig(players=2), 3)
    seen: list[int] = []
    iterate = SearchBot._iterate

    def spy(self, *args):  # type: ignore[no-untyped-def]
        seen.append(gc.get_freeze_count())
        return iterate(self, *args)

    monkeypatch.setattr(SearchBot, "_iterate", spy)
    gc.unfreeze()
    SearchBot(iterations=5).choose(context_for(state, random.Random(1)))
    assert len(seen) == 5 and all(n > 0 for n in seen)
    assert gc.get_freeze_count() == 0

    seen.clear()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        SearchBot(iterations=5).choose(context_for(state, random.Random(1)))
        assert seen == [frozen] * 5 and gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()

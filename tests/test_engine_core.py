"""The engine protocol itself, checked on the test-only game."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from tabletop_tui.engine.conformance import check_illegal_move, play_checked
from tabletop_tui.engine.core import Decision, GameOver, IllegalMove, Option, rank_scores
from tabletop_tui.engine.record import DamagedSave, GameRecord
from tests.fixture_game import GAME, HighCard, HighCardConfig


def test_illegal_move_raises_and_changes_nothing():
    state = HighCard.new(HighCardConfig(players=2), 5)
    before = state.fingerprint()
    with pytest.raises(IllegalMove):
        state.apply("card:99:99")
    assert state.fingerprint() == before
    check_illegal_move(state)


def test_replay_is_deterministic_and_seed_matters():
    a = HighCard.new(HighCardConfig(players=2), 1)
    b = HighCard.new(HighCardConfig(players=2), 1)
    c = HighCard.new(HighCardConfig(players=2), 2)
    assert a == b
    assert a.hands != c.hands


def test_apply_failure_restores_state():
    state = HighCard.new(HighCardConfig(players=2), 3)
    before = state.fingerprint()

    def boom(option):
        state.hands[0].clear()
        raise RuntimeError("rule bug")

    state._apply = boom  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        state.apply(state.decision().options[0].id)
    del state._apply
    assert state.fingerprint() == before


def test_undo_policy_stops_at_reveal_and_other_seat():
    state = HighCard.new(HighCardConfig(players=2, open_hands=True), 4)
    assert not state.can_undo(0)
    state.apply(state.decision().options[0].id)  # seat 0 plays; now seat 1 decides
    assert not state.can_undo(0), "undo never crosses another seat's decision"
    assert not state.can_undo(1)
    state.apply(state.decision().options[0].id)  # round resolves: a reveal
    assert not state.can_undo(0) and not state.can_undo(1)


def test_undo_within_own_turn():
    # Solo: consecutive decisions by one seat; undo works until a reveal.
    state = HighCard.new(HighCardConfig(players=1, rounds=3), 4)
    state.apply(state.decision().options[0].id)  # resolves at once (one seat): barrier
    assert not state.can_undo(0)


def test_game_over_rejects_moves():
    state = play_checked(GAME, {"players": 2}, 9)
    with pytest.raises(GameOver):
        state.apply("anything")


def test_save_round_trip_and_damaged_saves(highcard):
    state = HighCard.new(HighCardConfig(players=2), 11)
    state.apply(state.decision().options[1].id)
    text = GameRecord.of(state).to_json()
    assert GameRecord.from_json(text).load() == state
    with pytest.raises(DamagedSave):
        GameRecord.from_json("{not json")
    with pytest.raises(DamagedSave):
        GameRecord.from_json('{"game": "highcard"}')
    bad = GameRecord.of(state)
    bad.history.append("card:42:42")
    with pytest.raises(DamagedSave):
        bad.load()
    bad_config = GameRecord.of(state)
    bad_config.config["rounds"] = 99
    with pytest.raises(DamagedSave):
        bad_config.load()


def test_determinize_hides_other_hands_only():
    state = HighCard.new(HighCardConfig(players=3), 21)
    samples = {tuple(state.determinize(0, random.Random(i)).hands[1]) for i in range(20)}
    assert len(samples) > 1
    assert all(state.determinize(0, random.Random(i)).hands[0] == state.hands[0] for i in range(5))


def test_rank_scores_shares_ties():
    assert rank_scores([(5,), (7,), (5,), (1,)]) == [2, 1, 2, 4]


def test_kit_catches_a_broken_clone():
    class SharedClone(HighCard):
        def clone(self):
            twin = super().clone()
            twin.hands = self.hands  # shares mutable data: a bug
            return twin

    broken = GAME.__class__(**{**GAME.__dict__, "state_class": SharedClone})
    with pytest.raises(AssertionError):
        play_checked(broken, {"players": 2}, 1, deep_every=1)


def test_option_and_decision_are_values_that_survive_pickling():
    """Saves, the decision memo and multiprocessing rely on value semantics."""
    a = Option("x", "Take X", target="r1")
    assert a == Option(id="x", label="Take X", target="r1")
    assert a != Option("x", "Take X")
    assert Option("x", "Take X").target is None
    assert hash(a) == hash(Option("x", "Take X", "r1"))
    assert repr(a) == "Option(id='x', label='Take X', target='r1')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.id = "y"  # type: ignore[misc]
    d = Decision(0, "Pick", (a,), kind="play")
    assert d == Decision(seat=0, prompt="Pick", options=(a,), secret=False, kind="play")
    assert d.context == {} and d.context is not Decision(0, "Pick", (a,)).context
    assert Decision(1, "P", (), context={"k": 1}).context == {"k": 1}
    assert [f.name for f in dataclasses.fields(Decision)] == [
        "seat",
        "prompt",
        "options",
        "secret",
        "kind",
        "context",
    ]
    for obj in (a, d):
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and type(back) is type(obj)
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.seat = 1  # type: ignore[misc]

"""Mezo's own play-out (``MezoState.playout``) plays exactly the protocol's generic one."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.core import GameState
from tabletop_tui.games.mezo.modules import MODULES
from tabletop_tui.games.mezo.rules import MezoState


@pytest.mark.parametrize(
    "config",
    [{"players": 2}, {"players": 4, **dict.fromkeys(MODULES, True)}, {"players": 1}],
    ids=["2p", "4p-modules", "solo"],
)
@pytest.mark.parametrize("limit", [2000, 40])
def test_the_fast_playout_is_the_generic_one(config, limit):
    for seed in range(3):
        start = MezoState.new(config, seed)
        rng = random.Random(seed)
        for _ in range(30):  # some way into the game
            start.apply_unrecorded(rng.choice(start.decision().options).id)
        fast, generic = start.clone(), start.clone()
        fast.playout(random.Random(seed), limit)
        GameState.playout(generic, random.Random(seed), limit)
        assert fast.history == generic.history
        assert fast.full_state() == generic.full_state()
        assert fast.decision() == generic.decision()
        assert (fast.decision() is None) == (limit == 2000)


class _OwnChoice(random.Random):
    """A stream with its own ``choice``: the play-out must draw through it."""

    def choice(self, seq):  # type: ignore[override]
        return seq[-1 if self.random() < 0.5 else 0]


def test_a_stream_with_its_own_choice_is_drawn_from_through_it():
    start = MezoState.new({"players": 2}, 7)
    fast, generic = start.clone(), start.clone()
    fast.playout(_OwnChoice(3), 2000)
    GameState.playout(generic, _OwnChoice(3), 2000)
    assert fast.history == generic.history
    assert fast.full_state() == generic.full_state()
    assert fast.decision() is None


@pytest.mark.parametrize("config", [{"players": 2}, {"players": 1}], ids=["2p", "solo"])
def test_a_determinized_state_draws_from_a_stream_of_its_own(config):
    """``determinize`` copies the state without its stream and gives the copy a new one:
    playing the copy out leaves the original's stream and lists untouched."""
    state = MezoState.new(config, 3)
    rng = random.Random(3)
    for _ in range(30):
        state.apply_unrecorded(rng.choice(state.decision().options).id)
    before, fingerprint = state.rng.getstate(), state.full_state()
    twin = state.determinize(state.decision().seat, random.Random(1))
    assert twin.rng is not state.rng
    twin.playout(random.Random(2), 2000)
    assert twin.decision() is None
    assert state.rng.getstate() == before and state.full_state() == fingerprint
    seat = state.decision().seat
    one, two = (state.determinize(seat, random.Random(1)) for _ in range(2))
    assert one.full_state() == two.full_state() and one.rng.getstate() == two.rng.getstate()


def test_the_written_out_shuffle_draws_as_random_shuffle():
    """``rules._shuffle`` makes the same order from the same stream state as ``rng.shuffle``,
    and leaves the stream where ``rng.shuffle`` does (a plain stream and one of its own)."""
    from tabletop_tui.games.mezo.rules import _shuffle

    for stream in (random.Random, _OwnChoice):
        for n in range(0, 40, 3):
            a, b = stream(n), stream(n)
            x, y = list(range(n)), list(range(n))
            _shuffle(a, x)
            b.shuffle(y)
            assert x == y and a.getstate() == b.getstate()
    moved = list(range(20))
    _shuffle(random.Random(1), moved)
    assert moved != list(range(20))


@pytest.mark.parametrize(
    "config",
    [{"players": 2}, {"players": 4, **dict.fromkeys(MODULES, True)}, {"players": 1}],
    ids=["2p", "4p-modules", "solo"],
)
def test_a_sample_is_the_protocol_sample(config):
    """``MezoState.sample`` skips the stream ``determinize`` makes only to be replaced: the
    copy, its stream and the caller's stream are those of ``GameState.sample``."""
    state = MezoState.new(config, 5)
    rng = random.Random(5)
    for _ in range(40):
        state.apply_unrecorded(rng.choice(state.decision().options).id)
    seat, before = state.decision().seat, state.rng.getstate()
    for k in range(3):
        ours, theirs = random.Random(k), random.Random(k)
        fast, generic = state.sample(seat, ours), GameState.sample(state, seat, theirs)
        assert fast.full_state() == generic.full_state()
        assert fast.rng.getstate() == generic.rng.getstate() and fast.rng is not state.rng
        assert ours.getstate() == theirs.getstate()
    assert state.rng.getstate() == before

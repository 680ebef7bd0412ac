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

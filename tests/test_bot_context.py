"""A bot's view is built when first read and at most once per decision; bots that never read
it (random play) never build it."""

from __future__ import annotations

import random

from tabletop_tui.engine.bots import RandomBot, bot_rng, context_for
from tests.fixture_game import GAME

from .bounded import bounded


class CountingViews(GAME.state_class):  # type: ignore[misc, valid-type]
    views = 0

    def view(self, seat):  # type: ignore[no-untyped-def]
        type(self).views += 1
        return super().view(seat)


def _state() -> CountingViews:
    CountingViews.views = 0
    return CountingViews.new({"players": 2}, 3)


def test_random_bot_never_builds_a_view():
    state = _state()
    rng = bot_rng(3, 0)
    for _step in bounded():
        if (d := state.decision()) is None:
            break
        state.apply(RandomBot().choose(context_for(state, rng)))
        assert d.options
    assert CountingViews.views == 0


def test_view_is_built_once_and_equals_the_seat_view():
    state = _state()
    ctx = context_for(state, random.Random(1))
    assert CountingViews.views == 0
    first = ctx.view
    assert ctx.view is first
    assert CountingViews.views == 1
    assert first == state.view(ctx.seat)

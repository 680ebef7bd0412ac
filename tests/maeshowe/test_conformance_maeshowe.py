"""The conformance kit over every Maeshowe configuration, with random and greedy seats."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.engine.conformance import play_checked
from tabletop_tui.games.maeshowe import GAME

from ..bounded import bounded


def _label(config: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in config.items())


@pytest.mark.parametrize("config", GAME.test_configs, ids=_label)
def test_random_games(config):
    for seed in range(4):
        play_checked(GAME, config, seed, deep_every=5)


@pytest.mark.parametrize("config", GAME.test_configs, ids=_label)
def test_greedy_games_reach_deep_positions(config):
    """Greedy seats survive long enough to meet looks, Garner, gifts and empty decks."""
    n = config["players"]
    turns = [
        play_checked(GAME, config, seed, deep_every=7, levels=["medium"] * n).turn_no
        for seed in (11, 12, 13)
    ]
    assert max(turns) > 6


def test_expansion_decisions_all_occur():
    """Across a few greedy games with every set, each kind of decision comes up."""
    kinds: set[str] = set()
    config = {
        "players": 2,
        "fear_of_the_dark": True,
        "gluttony_garner": True,
        "crumble_conservation": True,
        "horror_hope": True,
    }
    for seed in range(12):
        state = GAME.state_class.new(config, seed)
        bots = [GAME.bot("medium"), GAME.bot("medium")]
        rngs = [bot_rng(seed, 0), bot_rng(seed, 1)]
        for _step in bounded():
            if (d := state.decision()) is None:
                break
            kinds.add(d.kind)
            state.apply(bots[d.seat].choose(context_for(state, rngs[d.seat])))
    assert {"first", "second", "eat", "gift"} <= kinds
    assert kinds & {"rune", "look", "take", "spend"}

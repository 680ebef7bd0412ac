"""The conformance kit over Mezo's player counts and god combinations."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.conformance import play_checked
from tabletop_tui.games.mezo import GAME

CONFIGS = [
    *GAME.test_configs,
    {"players": 3, "god_1": "kukulkan", "god_2": "ah_puch", "god_3": "ixchel"},
    {"players": 2, "god_1": "xolotl", "god_2": "cabrakan", "content": "base"},
]


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_random_games_conform(config):
    for seed in (101, 102):
        state = play_checked(GAME, config, seed)
        assert state.is_over()
        result = state.result()
        assert {s.seat for s in result.seats} == set(range(config["players"]))


def test_every_god_appears_in_the_declared_configs():
    seen = {v for cfg in GAME.test_configs for k, v in cfg.items() if k.startswith("god_")}
    assert seen == {"ah_puch", "cabrakan", "ixchel", "kukulkan", "uayeb", "xolotl", "zotz"}
    assert {cfg["players"] for cfg in GAME.test_configs} == {1, 2, 3, 4}

"""The conformance kit over every registered game and every configuration it declares."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabletop_tui.engine.conformance import play_checked
from tabletop_tui.engine.registry import games
from tests.fixture_game import GAME as HIGHCARD

SEEDS = (1, 2, 3)


def _cases():
    cases = []
    for info in [*games().values(), HIGHCARD]:
        configs = info.test_configs or tuple(
            {"players": n} for n in range(info.min_players, info.max_players + 1)
        )
        for config in configs:
            for seed in SEEDS:
                label = ",".join(f"{k}={v}" for k, v in config.items())
                cases.append(pytest.param(info, config, seed, id=f"{info.id}[{label}]-s{seed}"))
    return cases


@pytest.mark.parametrize(("info", "config", "seed"), _cases())
def test_random_game_conforms(info, config, seed):
    play_checked(info, config, seed)


@pytest.mark.parametrize("info", list(games().values()), ids=lambda i: i.id)
def test_every_level_bot_finishes_a_game(info):
    config = (info.test_configs or ({"players": info.min_players},))[0]
    for level in ("easy", "medium", "hard"):
        assert level in info.bots, f"{info.id} lacks bot level {level}"
    n = config["players"]
    play_checked(info, config, 7, deep_every=50, levels=["hard"] * n)


def test_every_game_covers_its_player_range():
    for info in games().values():
        counts = {c["players"] for c in info.test_configs}
        assert counts == set(range(info.min_players, info.max_players + 1)), info.id
        for n in counts:
            assert info.mode_for(n) is not None, f"{info.id}: no mode for {n} players"


def test_engine_imports_no_textual_or_rich():
    """Engines and rules stay UI-free: import them all in a clean interpreter and look."""
    code = (
        "import sys, importlib, pkgutil\n"
        "import tabletop_tui.engine, tabletop_tui.session, tabletop_tui.store\n"
        "import tabletop_tui.games as g\n"
        "for m in pkgutil.iter_modules(g.__path__):\n"
        "    pkg = importlib.import_module('tabletop_tui.games.' + m.name)\n"
        "    for sub in pkgutil.iter_modules(pkg.__path__):\n"
        "        if 'screen' not in sub.name:  # screen*.py / *_screen.py are the UI side\n"
        "            importlib.import_module(pkg.__name__ + '.' + sub.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"UI modules imported by the engine: {out.stdout[:200]}"

"""The conformance kit over every registered game and every configuration it declares."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_tui.engine.conformance import play_checked
from tabletop_tui.engine.registry import games
from tests.fixture_game import GAME as HIGHCARD

SEEDS = (1, 2, 3)
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


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


def test_engine_imports_no_textual_or_rich(capsys):
    """Engines and rules stay UI-free: the import contract in pyproject.toml holds (CI runs
    it as ``lint-imports``)."""
    from importlinter.cli import lint_imports

    code = lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "The engine side imports no Textual or Rich KEPT" in out, out[-2000:]

"""The benchmark scripts stay importable as the code under them changes (they are not run
here: speed is measured by running them, never by timed tests)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(BENCH.glob("bench_*.py"))


def test_every_game_has_a_benchmark():
    from tabletop_tui.engine.registry import games

    names = {p.stem for p in SCRIPTS}
    for game_id in games():
        assert f"bench_{game_id}" in names


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_benchmark_imports_and_has_main(path, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))  # as when run as a script: harness.py is beside it
    spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses in a script look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    assert callable(getattr(module, "main", None))


@pytest.mark.parametrize("name", ["bench_app", "bench_speed"])
def test_asking_how_to_run_a_long_benchmark_does_not_start_it(name, monkeypatch, capsys):
    """``--help`` prints how to run the benchmark and starts no process: a run takes
    minutes."""
    monkeypatch.syspath_prepend(str(BENCH))
    path = BENCH / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)

        def started(*args, **kwargs):
            raise AssertionError("the benchmark started")

        import subprocess

        monkeypatch.setattr(subprocess, "run", started)
        monkeypatch.setattr(subprocess, "Popen", started)
        monkeypatch.setattr(sys, "argv", [str(path), "--help"])
        module.main()
    finally:
        sys.modules.pop(spec.name, None)
    assert "Run: python benchmarks/" in capsys.readouterr().out


def test_mezo_solo_benchmark_plays_a_game_to_its_end(monkeypatch):
    """The solo benchmark starts its games the one way a game starts (``MezoState.new``, the
    solo state for one player) and scores a finished game."""
    monkeypatch.syspath_prepend(str(BENCH))
    path = BENCH / "bench_mezo_solo.py"
    spec = importlib.util.spec_from_file_location("bench_solo_run", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        played = module.solo_game("ixchel", "standard", 3, make=module.easy)
    finally:
        sys.modules.pop(spec.name, None)
    assert played.god == "ixchel"
    assert played.margin == played.mine - played.theirs
    assert played.won == (played.margin > 0)
    assert played.mine > 0 and played.theirs > 0


def test_repeated_key_timings_keep_each_keys_fastest_pass(monkeypatch):
    """``bench_app --repeat``: each key at its least (first frame, last frame and CPU
    apart), over the passes that made the same moves; a pass with another number of keys
    is left out."""
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("bench_app_fastest", BENCH / "bench_app.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        passes = [
            [[3.0, 5.0, 1.0], [2.0, 2.0, 2.0]],
            [[1.0, 6.0, 2.0], [4.0, 1.0, 1.0]],
            [[0.1, 0.1, 0.1]],
        ]
        assert module.fastest(passes) == [[1.0, 5.0, 1.0], [2.0, 1.0, 1.0]]
        assert module.fastest(passes[:1]) == passes[0]
    finally:
        sys.modules.pop(spec.name, None)

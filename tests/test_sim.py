"""``sim``: several processes give the same totals as one, ``--check`` runs the conformance
kit on every game, and a run's size is bounded with a clear message."""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_tui import cli
from tabletop_tui.engine.conformance import check_views_hide_hidden, play_checked
from tabletop_tui.engine.registry import GameInfo, Mode, get_game
from tabletop_tui.engine.sim import MAX_GAMES, simulate
from tests.fixture_game import GAME, HighCard

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "game_id, players, games, jobs",
    [("highcard", 3, 23, 2), ("highcard", 2, 400, 3), ("mesos", 3, 23, 2), ("mesos", 2, 60, 3)],
)
def test_jobs_give_the_same_totals_as_one_process(highcard, game_id, players, games, jobs):
    info = get_game(game_id)
    config = info.make_config(players)
    levels = ["random"] * players
    one = simulate(info, config, games, 4, levels).to_json()
    two = simulate(info, config, games, 4, levels, jobs=jobs).to_json()
    one.pop("ms_per_game"), two.pop("ms_per_game")
    assert one == two
    assert sum(one["wins"]) == pytest.approx(games)


def test_progress_counts_every_game_with_jobs(highcard):
    seen: list[int] = []
    simulate(GAME, GAME.make_config(2), 41, 1, ["random", "random"], seen.append, jobs=2)
    assert sum(seen) == 41 and len(seen) > 1


def test_cli_jobs_match_and_bad_jobs_are_one_line(capsys, highcard):
    args = ["sim", "highcard", "--games", "12", "--json", "--seed", "5"]
    _, one, _ = run(capsys, *args)
    _, two, _ = run(capsys, *args, "--jobs", "2")
    a, b = json.loads(one), json.loads(two)
    assert a["wins"] == b["wins"] and a["mean_scores"] == b["mean_scores"]
    code, out, err = run(capsys, *args, "--jobs", "0")
    assert code == 2 and out == "" and "--jobs" in err and len(err.strip().splitlines()) == 1


def test_games_bound_is_one_clear_line(capsys, highcard):
    code, out, err = run(capsys, "sim", "highcard", "--games", "99999999999")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        f"tabletop-tui: error: sim plays at most {MAX_GAMES} games a run, not 99999999999 "
        "(split a longer run with --seed)"
    ]
    with pytest.raises(ValueError):
        simulate(GAME, GAME.make_config(2), MAX_GAMES + 1, 1, ["random"] * 2)


def test_check_plays_the_same_games_and_counts_broken_promises(capsys, highcard):
    args = ["sim", "highcard", "--games", "6", "--json", "--seed", "2"]
    _, fast, _ = run(capsys, *args)
    code, checked, _ = run(capsys, *args, "--check")
    assert code == 0
    assert json.loads(fast)["mean_scores"] == json.loads(checked)["mean_scores"]

    class Leaky(HighCard):
        game_id = "leaky"

        def view(self, seat):  # type: ignore[no-untyped-def]
            view = super().view(seat)
            view["next_hand"] = list(self.hands[(0 if seat is None else seat + 1) % 2])
            return view

    modes = (Mode("v", "V", 2, 2),)
    leaky = GameInfo("leaky", "Leaky", "x", 2, 2, modes, state_class=Leaky, bots=GAME.bots)
    summary = simulate(leaky, leaky.make_config(2), 3, 1, ["random"] * 2, check=True)
    assert summary.errors == 3
    assert "shows hidden information" in summary.error_messages[0]
    assert simulate(leaky, leaky.make_config(2), 3, 1, ["random"] * 2).errors == 0
    # Several processes play a game that is not registered by id as well.
    summary = simulate(leaky, leaky.make_config(2), 4, 1, ["random"] * 2, jobs=2, check=True)
    assert summary.errors == 4


def test_view_leak_check_passes_for_honest_views_and_open_hands():
    for options in ({"players": 3}, {"players": 2, "open_hands": True}):
        state = GAME.state_class.new(options, 1)
        check_views_hide_hidden(state, random.Random(0))
    state = play_checked(GAME, {"players": 2}, 4, deep_every=1)
    assert state.is_over()


def test_chunks_shrink_as_the_games_run_out():
    from tabletop_tui.engine.sim import _FEWEST_GAMES, _MOST_GAMES, _chunk_size

    for jobs in (2, 3, 8):
        sizes = [_chunk_size(left, jobs) for left in range(1, 100_000, 7)]
        assert sizes == sorted(sizes)
        assert sizes[0] == _FEWEST_GAMES and sizes[-1] == _MOST_GAMES
        # Two chunks out to each worker are never more than an even share of what is left,
        # so the workers are not left playing after this process is done.
        for left in range(8 * jobs * _FEWEST_GAMES, 100_000, 7):
            assert 2 * _chunk_size(left, jobs) <= left / jobs


class Tattler(HighCard):
    """Every game fails, naming the process that played it."""

    game_id = "tattler"

    def _setup(self) -> None:
        raise RuntimeError(f"played by {os.getpid()}")


def test_jobs_share_the_games_between_this_process_and_the_workers():
    modes = (Mode("v", "V", 2, 2),)
    info = GameInfo("tattler", "Tattler", "x", 2, 2, modes, state_class=Tattler, bots=GAME.bots)
    summary = simulate(info, info.make_config(2), 60, 1, ["random"] * 2, jobs=2)
    assert summary.errors == 60
    players = [msg.rsplit(" ", 1)[1] for msg in summary.error_messages]
    # Seed order is kept; the first games went to a worker, the last ones were played here.
    assert [msg.split(":")[0] for msg in summary.error_messages] == [
        f"seed {s}" for s in range(1, 61)
    ]
    assert players[0] != str(os.getpid()) and players[-1] == str(os.getpid())


def test_a_worker_that_dies_stops_the_run_with_one_clear_line(monkeypatch, capsys, highcard):
    parent = os.getpid()
    real_setup = HighCard._setup

    def setup(self):  # type: ignore[no-untyped-def]
        if os.getpid() != parent:
            os._exit(3)  # a worker killed in the middle of a game
        real_setup(self)

    monkeypatch.setattr(HighCard, "_setup", setup)
    code, out, err = run(capsys, "sim", "highcard", "--games", "40", "--jobs", "2", "--json")
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        "tabletop-tui: internal error: RuntimeError: a sim worker process stopped before its "
        "games were done (exit code 3)"
    ]
    assert multiprocessing.active_children() == []


def test_an_interrupt_stops_the_workers_too(highcard):
    def interrupt(_: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(GAME, GAME.make_config(2), 5000, 1, ["random"] * 2, interrupt, jobs=3)
    assert multiprocessing.active_children() == []


def test_one_process_sim_loads_neither_the_pool_nor_the_save_models():
    probe = (
        "import contextlib, io, sys\n"
        "from tabletop_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = main(['sim', 'mesos', '--games', '2', '--seat', '2=easy', '--json'])\n"
        "names = ('multiprocessing', 'concurrent.futures', 'tabletop_tui.engine.record')\n"
        "print(code, *(n in sys.modules for n in names))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["0", "False", "False", "False"]


@pytest.fixture
def collector():
    """Whatever a test does to the collector is undone after it."""
    yield
    gc.unfreeze()
    gc.enable()


def test_sim_sets_up_with_the_collector_held_off_and_plays_with_it(
    monkeypatch, capsys, collector, highcard
):
    from tabletop_tui.launch import run as launch

    seen = []
    real_build, real_simulate = cli.build_config, simulate

    def build_config(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(("set-up", gc.isenabled()))
        return real_build(*args, **kwargs)

    def simulate_watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(("games", gc.isenabled(), gc.get_freeze_count() > 0))
        return real_simulate(*args, **kwargs)

    monkeypatch.setattr(cli, "build_config", build_config)
    monkeypatch.setattr("tabletop_tui.engine.sim.simulate", simulate_watched)
    assert launch(["sim", "highcard", "--games", "3", "--json"]) == 0
    assert seen == [("set-up", False), ("games", True, True)]
    assert json.loads(capsys.readouterr().out)["games"] == 3
    # Called with the collector on (not from the launcher), sim leaves it as it is.
    gc.unfreeze()
    seen.clear()
    assert cli.main(["sim", "highcard", "--games", "3", "--json"]) == 0
    assert seen == [("set-up", True), ("games", True, False)]

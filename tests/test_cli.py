"""The command line: options, seats, sim output, help and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tabletop_tui import cli


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert "tabletop-tui" in capsys.readouterr().out


def test_sim_json_keys(capsys, highcard):
    code, out, err = run(capsys, "sim", "highcard", "--games", "6", "--players", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    for key in ("game", "games", "players", "errors", "ms_per_game", "wins", "mean_scores"):
        assert key in data
    assert data["game"] == "highcard" and data["games"] == 6 and data["players"] == 3
    assert data["errors"] == 0
    assert len(data["wins"]) == 3 and len(data["mean_scores"]) == 3
    assert sum(data["wins"]) == pytest.approx(6, abs=1e-6)


def test_sim_levels_change_outcomes(capsys, highcard):
    args = ["sim", "highcard", "--games", "40", "--players", "2", "--json", "--seed", "3"]
    _, out, _ = run(capsys, *args, "--seat", "1=hard")
    mixed = json.loads(out)
    _, out, _ = run(capsys, *args)
    plain = json.loads(out)
    assert mixed["levels"] == ["hard", "random"] and plain["levels"] == ["random", "random"]
    assert mixed["mean_scores"] != plain["mean_scores"]


def test_sim_is_deterministic(capsys, highcard):
    args = ["sim", "highcard", "--games", "10", "--json", "--seed", "5"]
    _, a, _ = run(capsys, *args)
    _, b, _ = run(capsys, *args)
    strip = lambda s: {k: v for k, v in json.loads(s).items() if k != "ms_per_game"}  # noqa: E731
    assert strip(a) == strip(b)


def test_sim_table(capsys, highcard):
    code, out, _ = run(capsys, "sim", "highcard", "--games", "4", "--option", "rounds=2")
    assert code == 0
    assert "mean length" in out and "win rate" in out


def test_sim_game_help_lists_options(capsys, highcard):
    code, out, _ = run(capsys, "sim", "highcard", "--help")
    assert code == 0
    assert "rounds=1..5" in out and "open_hands=true|false" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["sim", "nope", "--games", "1"], "unknown game 'nope'"),
        (["sim", "highcard", "--games", "1", "--option", "colour=red"], "no option 'colour'"),
        (["sim", "highcard", "--games", "1", "--option", "rounds=9"], "rounds"),
        (["sim", "highcard", "--games", "1", "--option", "rounds=many"], "whole number"),
        (["sim", "highcard", "--games", "1", "--option", "open_hands=perhaps"], "true or false"),
        (["sim", "highcard", "--games", "1", "--players", "7"], "1 to 3 players"),
        (["sim", "highcard", "--games", "1", "--seat", "1=human"], "bots only"),
        (["sim", "highcard", "--games", "1", "--seat", "4=easy"], "seat number"),
        (["sim", "highcard", "--games", "1", "--seat", "1=genius"], "unknown seat kind"),
        (["sim", "highcard"], "--games"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_clear_line(capsys, highcard, argv, message):
    code, _, err = run(capsys, *argv)
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert message in lines[0]
    assert "Traceback" not in err


def test_history_on_empty_and_damaged_database(capsys, tmp_path):
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0 and "No games" in out
    db = next(tmp_path.glob("*.sqlite3"))
    for side in tmp_path.glob("*.sqlite3-*"):
        side.unlink()
    db.write_bytes(b"this is not a database" * 100)
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0
    assert "moved to" in out
    assert list(tmp_path.glob("*.damaged-*")), "the damaged file is kept, never deleted"


def test_python_dash_m_entry_point(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert out.returncode == 0 and out.stdout.startswith("tabletop-tui ")


def test_every_real_game_sims_from_the_command_line(capsys):
    from tabletop_tui.engine.registry import games

    for game_id, info in games().items():
        n = info.min_players
        code, out, err = run(capsys, "sim", game_id, "--games", "2", "--players", str(n), "--json")
        assert code == 0, err
        assert json.loads(out)["errors"] == 0


def test_play_seats_a_human_first_unless_told(monkeypatch, highcard):
    started = {}
    monkeypatch.setattr(cli, "_run_app", lambda data_dir, start: started.update(start) or 0)
    assert cli.main(["play", "highcard", "--players", "3", "--seat", "2=human"]) == 0
    assert [s.kind for s in started["seats"]] == ["human", "human", "medium"]
    assert cli.main(["play", "highcard", "--players", "2", "--seat", "1=hard"]) == 0
    assert [s.kind for s in started["seats"]] == ["hard", "medium"]
    assert [s.name for s in started["seats"]] == ["Bot 1", "Bot 2"]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--data-dir", "saves"],
        ["--data-dir=saves"],
        ["--data-dir="],
        ["--data-dir", "play"],
        # Left to the parser: what it reads otherwise, or refuses.
        ["--data-dir"],
        ["--data-dir", "-x"],
        ["--data", "saves"],
        ["--data-dir", "a", "--data-dir", "b"],
        ["--data-dir", "saves", "locate"],
        ["locate"],
        ["-h"],
    ],
)
def test_a_plain_launch_is_read_as_the_parser_reads_it(argv):
    """The app opened with at most a data folder skips the parser, to the same effect; the
    rest goes to the parser."""
    plain, data_dir = cli.plain_launch(argv)
    try:
        args = cli.build_parser().parse_args(argv)
    except (cli.CliError, SystemExit):
        assert not plain
        return
    if plain:
        assert args.command is None and args.data_dir == data_dir


def test_a_plain_launch_opens_the_app_without_the_parser(monkeypatch, tmp_path):
    opened = []
    monkeypatch.setattr(cli, "_run_app", lambda data_dir, start: opened.append(data_dir) or 0)
    monkeypatch.setattr(cli, "build_parser", None)  # not called
    assert cli.main(["--data-dir", str(tmp_path)]) == 0
    assert cli.main([]) == 0
    assert opened == [str(tmp_path), None]


def test_the_app_opens_without_loading_argparse():
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from tabletop_tui import cli\n"
            "cli._run_app = lambda data_dir, start: 0\n"
            "cli.main(['--data-dir', 'x'])\n"
            "print('argparse' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == ["False"]

"""Portable game records: export, import (checked by replay), and where the saves live."""

from __future__ import annotations

import json
import random

import pytest

from tabletop_tui import __version__, cli
from tabletop_tui.engine.record import GameRecord, SeatSpec
from tabletop_tui.engine.registry import games
from tabletop_tui.session import Session
from tabletop_tui.store import DB_NAME, Store

from .bounded import bounded

GAMES = [pytest.param(info, id=info.id) for info in games().values()]


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def played(info, store: Store, finish: bool, seed: int = 3) -> Session:
    players = info.min_players if info.min_players > 1 else min(2, info.max_players)
    seats = [SeatSpec(name="Ann", kind="human")] + [
        SeatSpec(name=f"Bot {i + 1}", kind="random") for i in range(1, players)
    ]
    session = Session.start(info, info.make_config(players), seats, seed, store)
    rng = random.Random(seed)
    for moves in bounded():
        if not (session.decision is not None and (finish or moves < 6)):
            break
        session.apply(rng.choice(session.decision.options).id)
    return session


@pytest.mark.parametrize("finish", [True, False], ids=["finished", "unfinished"])
@pytest.mark.parametrize("info", GAMES)
def test_export_import_replay_round_trip(capsys, tmp_path, info, finish):
    source, target = tmp_path / "a", tmp_path / "b"
    store = Store.open(source)
    session = played(info, store, finish)
    store.close()
    out_file = tmp_path / "game.json"
    code, _, err = run(
        capsys, "--data-dir", str(source), "export", str(session.game_id), "-o", str(out_file)
    )
    assert code == 0, err
    data = json.loads(out_file.read_text())
    assert data["game"] == info.id and data["seed"] == 3
    assert data["history"] == session.state.history
    assert data["seats"] == [s.model_dump() for s in session.seats]
    assert data["app_version"] == __version__
    assert data["rules_version"] == info.state_class.rules_version
    assert (data["result"] is not None) == finish
    code, out, err = run(capsys, "--data-dir", str(target), "import", str(out_file))
    assert code == 0, err
    assert out.startswith("imported as game #1 (")
    imported = Store.open(target).get(1)
    assert imported.record.history == session.state.history
    assert imported.status == ("finished" if finish else "playing")
    assert imported.result == session.result
    assert imported.record.load() == session.state  # the replay shows the same game
    code, out, _ = run(capsys, "--data-dir", str(target), "history")
    assert code == 0 and info.title.split(":")[0] in out


def test_export_to_stdout_and_unknown_id(capsys, tmp_path, highcard):
    from tests.fixture_game import HighCardConfig

    store = Store.open(tmp_path)
    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bo", kind="human")]
    s = Session.start(highcard, HighCardConfig(players=2), seats, 4, store)
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "export", str(s.game_id))
    assert code == 0 and GameRecord.from_json(out).seed == 4
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "export", "99")
    assert code == 2 and err == "tabletop-tui: error: there is no saved game #99\n"


def test_a_record_that_does_not_replay_is_refused_naming_the_move(capsys, tmp_path, highcard):
    from tests.fixture_game import HighCardConfig

    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bo", kind="human")]
    s = Session.start(highcard, HighCardConfig(players=2), seats, 4)
    for _ in range(3):
        s.apply(s.decision.options[0].id)
    record = s.record().model_copy(update={"history": [*s.state.history[:2], "card:9:9"]})
    bad = tmp_path / "bad.json"
    bad.write_text(record.to_json())
    code, out, err = run(capsys, "import", str(bad))
    assert code == 2 and out == ""
    assert err.startswith(f"tabletop-tui: error: {bad} was not imported: move 3 ('card:9:9')")
    assert len(err.splitlines()) == 1
    assert Store.open().all_games() == []  # nothing was added


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not a game record: the save is damaged"),
        ('{"game": "chess", "config": {}, "seed": 1}', "unknown game 'chess'"),
        ('{"game": "highcard", "config": {"players": 9}, "seed": 1}', "options are invalid"),
        ('{"game": "highcard", "config": {"players": 2}, "seed": 1, "seats": []', "damaged"),
    ],
)
def test_bad_records_are_one_clear_line(capsys, tmp_path, highcard, content, message):
    path = tmp_path / "r.json"
    path.write_text(content)
    code, _, err = run(capsys, "import", str(path))
    assert code == 2 and message in err and len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_a_result_that_the_moves_do_not_lead_to_is_refused(capsys, tmp_path, highcard):
    from tests.fixture_game import HighCardConfig

    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bo", kind="human")]
    s = Session.start(highcard, HighCardConfig(players=2), seats, 4)
    for _step in bounded():
        if s.decision is None:
            break
        s.apply(s.decision.options[0].id)
    result = s.result.to_json()
    result["seats"][0]["score"] += 5
    path = tmp_path / "r.json"
    path.write_text(s.record().model_copy(update={"result": result}).to_json())
    code, _, err = run(capsys, "import", str(path))
    assert code == 2 and "the recorded result is not the one the moves lead to" in err


def test_import_of_a_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "import", str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in err and "No such file" in err


def test_locate_honours_the_option_and_the_environment(capsys, tmp_path, monkeypatch):
    code, out, _ = run(capsys, "--data-dir", str(tmp_path / "x"), "locate")
    assert code == 0
    assert out == f"data folder: {tmp_path / 'x'}\ndatabase:    {tmp_path / 'x' / DB_NAME}\n"
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "env"))
    code, out, _ = run(capsys, "locate")
    assert out.splitlines()[0] == f"data folder: {tmp_path / 'env'}"
    code, out, _ = run(capsys, "locate", "--data-dir", str(tmp_path / "y"))
    assert out.splitlines()[1] == f"database:    {tmp_path / 'y' / DB_NAME}"
    assert not (tmp_path / "x").exists()  # asking does not create anything

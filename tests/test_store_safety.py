"""Saved data survives bad rows, permissions and upgrades; nothing healthy is ever moved.

The permission cases need a user the file modes apply to: run as root, they drop privileges
in a forked child (user ``nobody``); run as anyone else they run in place.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from tabletop_tui import cli
from tabletop_tui.engine.record import DamagedSave, GameRecord, SeatSpec
from tabletop_tui.session import Session
from tabletop_tui.store import DB_NAME, ReadOnlyStore, Store, StoreError
from tabletop_tui.store import db as store_db
from tests.fixture_game import HighCardConfig

HUMANS = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bo", kind="human")]
FIXTURE = Path(__file__).parent / "fixtures" / "schema1.sqlite3"


def files(folder: Path, journals: bool = True) -> list[str]:
    """The files in a folder (without SQLite's own journal files if not ``journals``)."""
    return sorted(
        p.name for p in folder.iterdir() if journals or not p.name.endswith(("-wal", "-shm"))
    )


def two_games(folder: Path, highcard) -> tuple[int, int]:
    store = Store.open(folder)
    a = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=1, store=store)
    a.apply(a.decision.options[0].id)
    b = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=2, store=store)
    store.close()
    return a.game_id, b.game_id


def cli_run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


# ---- 1: a bad row ----------------------------------------------------------------------


@pytest.mark.parametrize("column", ["updated", "created"])
def test_a_bad_time_stamp_skips_that_game_with_a_note_naming_it(tmp_path, highcard, column):
    good, bad = two_games(tmp_path, highcard)
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute(f"UPDATE games SET {column}='yesterday' WHERE id=?", (bad,))
    conn.commit()
    conn.close()
    before = files(tmp_path, journals=False)
    store = Store.open(tmp_path)
    assert store.warning is None
    assert [g.id for g in store.unfinished()] == [good]
    assert store.damaged_rows == 1
    assert store.damaged_notes == [
        f"saved game #{bad} has an unreadable "
        f"{'last-move' if column == 'updated' else 'start'} time 'yesterday': skipped"
    ]
    with pytest.raises(DamagedSave, match=f"#{bad}"):
        store.get(bad)
    Session.resume(store, good)  # the rest stays usable
    store.close()
    code, out, err = cli_run("--data-dir", str(tmp_path), "history")
    assert code == 0, err
    assert f"saved game #{bad}" in out and "internal error" not in out + err
    assert files(tmp_path, journals=False) == before


# ---- 2, 3: permissions -----------------------------------------------------------------


def as_user(fn: Callable[[], Any]) -> Any:
    """Run ``fn`` as a user without root's powers: in a forked child as ``nobody`` when the
    tests run as root, in place otherwise. Returns what ``fn`` returns (JSON-able)."""
    if os.geteuid() != 0:
        return fn()
    import pwd

    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("the tests run as root and there is no user 'nobody' to drop to")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root, run, report, leave without cleanup
        code = 0
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            payload = {"ok": fn()}
        except BaseException as exc:  # reported to the parent, which fails the test
            payload = {"error": f"{type(exc).__name__}: {exc}"}
            code = 1
        with os.fdopen(write, "w") as fh:
            json.dump(payload, fh)
        os._exit(code)
    os.close(write)
    with os.fdopen(read) as fh:
        text = fh.read()
    os.waitpid(pid, 0)
    payload = json.loads(text)
    assert "error" not in payload, payload.get("error")
    return payload["ok"]


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A data folder the unprivileged user can reach (the test's own tmp_path cannot be
    reached by another user when the tests run as root)."""
    base = Path(tempfile.mkdtemp(prefix="tabletop-tui-perm-"))
    base.chmod(0o755)
    folder = base / "data"
    folder.mkdir()
    yield folder
    for path in [base, *base.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    shutil.rmtree(base)


def give_away(folder: Path) -> None:
    """Hand the folder and its files to the user ``as_user`` runs as."""
    if os.geteuid() != 0:
        return
    import pwd

    nobody = pwd.getpwnam("nobody")
    for path in [folder, *folder.iterdir()]:
        os.chown(path, nobody.pw_uid, nobody.pw_gid)


def checkpoint(folder: Path) -> None:
    """Fold the journal into the file, as a cleanly closed app leaves it."""
    conn = sqlite3.connect(folder / DB_NAME)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def open_and_use(folder: Path) -> dict[str, Any]:
    store = Store.open(folder)
    out: dict[str, Any] = {
        "read_only": store.read_only,
        "warning": store.warning,
        "title": store.warning_title,
        "unfinished": sorted(g.id for g in store.unfinished()),
    }
    session = Session.resume(store, out["unfinished"][0])
    out["resumed_moves"] = len(session.state.history)
    try:
        store.create_game(session.record())
        out["create"] = "allowed"
    except ReadOnlyStore as exc:
        out["create"] = str(exc)
    store.set_pref("theme", "x")  # quietly kept as it was
    code, _, err = cli_run("--data-dir", str(folder), "history")
    out["history"] = [code, err]
    store.close()
    return out


def test_a_read_only_database_opens_read_only(shared_dir, highcard):
    ids = two_games(shared_dir, highcard)
    checkpoint(shared_dir)
    give_away(shared_dir)
    (shared_dir / DB_NAME).chmod(0o444)
    before = files(shared_dir)
    out = as_user(lambda: open_and_use(shared_dir))
    assert out["read_only"] == f"the database {shared_dir / DB_NAME} is read-only"
    assert out["title"] == "Saved games are read-only"
    assert "can be resumed and replayed" in out["warning"]
    assert out["unfinished"] == sorted(ids)
    assert out["resumed_moves"] == 1
    assert out["create"].startswith("nothing can be saved: the database")
    assert out["history"] == [0, ""]
    assert files(shared_dir) == before  # nothing moved aside, nothing added
    # Made writable again, it is writable again (no read-only side file was left behind).
    (shared_dir / DB_NAME).chmod(0o644)
    assert as_user(lambda: Store.open(shared_dir).read_only) is None


def test_a_read_only_folder_with_a_healthy_database_opens_read_only(shared_dir, highcard):
    ids = two_games(shared_dir, highcard)
    checkpoint(shared_dir)
    give_away(shared_dir)
    before = files(shared_dir)
    shared_dir.chmod(0o555)
    out = as_user(lambda: open_and_use(shared_dir))
    assert out["read_only"] == f"the data folder {shared_dir} cannot be written"
    assert out["unfinished"] == sorted(ids)
    assert out["create"].startswith("nothing can be saved")
    assert files(shared_dir) == before


def test_an_empty_read_only_folder_is_one_clear_line(shared_dir):
    give_away(shared_dir)
    shared_dir.chmod(0o555)

    def run() -> list[Any]:
        return list(cli_run("--data-dir", str(shared_dir), "history"))

    code, out, err = as_user(run)
    assert code == 1 and out == ""
    assert err == (
        f"tabletop-tui: error: the data folder {shared_dir} cannot be written (permission "
        "denied): choose another with --data-dir or TABLETOP_TUI_DATA_DIR\n"
    )
    assert files(shared_dir) == []


def test_a_damaged_database_in_a_read_only_folder_is_left_alone(shared_dir):
    (shared_dir / DB_NAME).write_bytes(b"not a database" * 200)
    give_away(shared_dir)
    shared_dir.chmod(0o555)

    def run() -> list[Any]:
        return list(cli_run("--data-dir", str(shared_dir), "history"))

    code, _, err = as_user(run)
    assert code == 1 and "internal error" not in err
    assert "could not be read" in err and "left as it is" in err
    assert len(err.strip().splitlines()) == 1
    assert files(shared_dir) == [DB_NAME]


# ---- 6: a save with a broken seat list -------------------------------------------------


def test_an_empty_seat_list_is_repaired_on_resume_and_said(tmp_path, highcard):
    store = Store.open(tmp_path)
    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bot", kind="hard")]
    s = Session.start(highcard, HighCardConfig(players=2), seats, seed=3, store=store)
    store.conn.execute("UPDATE games SET seats='[]' WHERE id=?", (s.game_id,))
    again = Session.resume(store, s.game_id)
    assert [x.kind for x in again.seats] == ["human", "medium"]
    assert again.repairs == ["the save had no seat list: seat 1 a person, seat 2 a medium bot"]
    assert store.get(s.game_id).seats == again.seats  # the repair is kept
    assert Session.resume(store, s.game_id).repairs == []


def test_an_unknown_bot_level_becomes_the_default_one(tmp_path, highcard):
    store = Store.open(tmp_path)
    s = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=3, store=store)
    broken = json.dumps([{"name": "Ann", "kind": "human"}, {"name": "X", "kind": "genius"}])
    store.conn.execute("UPDATE games SET seats=? WHERE id=?", (broken, s.game_id))
    again = Session.resume(store, s.game_id)
    assert [x.kind for x in again.seats] == ["human", "medium"]
    assert "unknown bot level 'genius'" in again.repairs[0]


# ---- 7: schema migrations --------------------------------------------------------------


def fixture_copy(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURE, folder / DB_NAME)
    return folder / DB_NAME


def rows(path: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(path)
    try:
        games = conn.execute(
            "SELECT id, game, config, seed, seats, status, result FROM games ORDER BY id"
        ).fetchall()
        moves = conn.execute("SELECT * FROM moves ORDER BY game_id, idx").fetchall()
        prefs = conn.execute("SELECT * FROM prefs ORDER BY key").fetchall()
    finally:
        conn.close()
    return [games, moves, prefs]


def test_a_database_of_schema_1_is_upgraded_in_place_after_a_backup(tmp_path):
    path = fixture_copy(tmp_path)
    before = rows(path)
    store = Store.open(tmp_path)
    assert store.read_only is None
    assert store.warning_title == "Saved games were upgraded"
    backups = list(tmp_path.glob(f"{DB_NAME}.v1-backup-*"))
    assert len(backups) == 1 and backups[0].name in store.warning
    assert rows(backups[0]) == before  # the copy holds the old database whole
    assert rows(path) == before  # nothing lost in the upgrade
    schema = store.conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0]
    assert schema == str(store_db.SCHEMA_VERSION) == "3"
    listed = store.all_games()
    assert [(g.id, g.record.game, g.status) for g in listed] == [
        (3, "mezo", "playing"),
        (2, "maeshowe", "playing"),
        (1, "mesos", "finished"),
    ]
    assert all(g.record.app_version is None for g in listed)  # not known for old saves
    for g in listed:
        assert g.record.load().history == g.record.history
    resumed = Session.resume(store, 2)
    resumed.apply(resumed.decision.options[0].id)
    assert store.get(2).moves == 7
    assert store.get_pref("theme") == "textual-light"
    store.close()
    # Opened again: no second upgrade, no second backup.
    again = Store.open(tmp_path)
    assert again.warning is None
    assert len(list(tmp_path.glob(f"{DB_NAME}.v1-backup-*"))) == 1


def test_a_failed_upgrade_changes_nothing_and_opens_read_only(tmp_path, monkeypatch):
    path = fixture_copy(tmp_path)
    before = rows(path)
    monkeypatch.setitem(
        store_db.MIGRATIONS,
        2,
        ("ALTER TABLE games ADD COLUMN app_version TEXT", "ALTER TABLE nowhere ADD COLUMN x"),
    )
    store = Store.open(tmp_path)
    assert store.read_only and "could not be upgraded" in store.read_only
    assert len(store.all_games()) == 3
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == "1"
    columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    conn.close()
    assert "app_version" not in columns  # the half-done step was rolled back
    assert rows(path) == before
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_database_from_a_newer_app_opens_read_only(tmp_path):
    path = fixture_copy(tmp_path)
    Store.open(tmp_path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value='4' WHERE key='schema'")
    conn.commit()
    conn.close()
    before = files(tmp_path, journals=False)
    store = Store.open(tmp_path)
    assert store.read_only and "newer version of tabletop-tui" in store.read_only
    assert "database version 4; this one knows up to 3" in store.read_only
    assert len(store.all_games()) == 3
    with pytest.raises(ReadOnlyStore):
        store.set_status(2, "abandoned")
    store.close()
    assert files(tmp_path, journals=False) == before


def test_a_read_only_database_of_an_older_schema_is_read_as_it_is(shared_dir):
    fixture_copy(shared_dir)
    give_away(shared_dir)
    (shared_dir / DB_NAME).chmod(0o444)

    def run() -> list[Any]:
        store = Store.open(shared_dir)
        out = [store.read_only is not None, [g.id for g in store.all_games()]]
        store.close()
        return out

    assert as_user(run) == [True, [3, 2, 1]]
    assert files(shared_dir) == [DB_NAME]  # neither upgraded nor copied


# ---- 8: versions on saves --------------------------------------------------------------


def test_saves_carry_the_app_and_rules_versions(tmp_path, highcard):
    from tabletop_tui import __version__

    store = Store.open(tmp_path)
    s = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=1, store=store)
    record = store.get(s.game_id).record
    assert record.app_version == __version__
    assert record.rules_version == highcard.state_class.rules_version == "1"


def test_a_missing_stylesheet_is_one_clear_line(tmp_path, monkeypatch, capsys):
    from tabletop_tui import app

    monkeypatch.setattr(app, "STYLESHEET", tmp_path / "gone.tcss")
    assert app.run_app(str(tmp_path), None) == 1
    err = capsys.readouterr().err
    assert err == (
        "tabletop-tui: error: the stylesheet tabletop_tui/ui/app.tcss is missing: "
        "reinstall tabletop-tui\n"
    )


def test_a_missing_screens_stylesheet_is_one_clear_line(tmp_path, monkeypatch, capsys):
    from tabletop_tui import app

    monkeypatch.setattr(app, "SCREENS_STYLESHEET", tmp_path / "gone.tcss")
    assert app.run_app(str(tmp_path), None) == 1
    assert capsys.readouterr().err == (
        "tabletop-tui: error: the stylesheet tabletop_tui/ui/screens.tcss is missing: "
        "reinstall tabletop-tui\n"
    )


def test_the_stylesheet_the_screens_name_is_the_one_checked():
    from tabletop_tui import app
    from tabletop_tui.ui.common import BaseScreen

    assert Path(BaseScreen.CSS_PATH) == app.SCREENS_STYLESHEET
    assert app.SCREENS_STYLESHEET.is_file()


def test_the_stylesheet_the_app_names_is_the_one_checked():
    from tabletop_tui import app

    assert (Path(sys.modules[app.__name__].__file__).parent / app.TabletopApp.CSS_PATH) == (
        app.STYLESHEET
    )
    assert app.STYLESHEET.is_file()


def test_store_error_is_not_an_internal_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = cli_run("--data-dir", str(blocker / "sub"), "history")
    assert code == 1 and err.startswith("tabletop-tui: error: cannot create the data folder")
    with pytest.raises(StoreError):
        Store.open(blocker / "sub")


def test_record_verify_names_the_first_bad_move(highcard):
    s = Session.start(highcard, HighCardConfig(players=2), HUMANS, seed=1)
    s.apply(s.decision.options[0].id)
    s.apply(s.decision.options[0].id)
    record = s.record().model_copy(update={"history": [s.state.history[0], "card:9:9"]})
    with pytest.raises(DamagedSave, match=r"move 2 \('card:9:9'\) does not replay"):
        record.verify()
    assert GameRecord.from_json(s.record().to_json()).verify().history == s.state.history

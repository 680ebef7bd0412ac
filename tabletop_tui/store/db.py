"""One SQLite database for saves, history, statistics and remembered choices.

Every applied option is written in its own transaction as it happens, so a killed process
loses nothing. A file that is not our database (damaged, or something else entirely) is moved
aside, never deleted, and a fresh database takes its place, with one clear message.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tabletop_tui.engine.core import GameResult
from tabletop_tui.engine.record import DamagedSave, GameRecord, SeatSpec

DB_NAME = "tabletop-tui.sqlite3"
SCHEMA_VERSION = 1
ENV_DATA_DIR = "TABLETOP_TUI_DATA_DIR"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    result TEXT,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    option_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS prefs (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS games_status ON games(status, updated);
"""

STATUSES = ("playing", "finished", "abandoned")


class StoreError(Exception):
    """The database cannot be used at all (e.g. the folder is not writable)."""


@dataclass(frozen=True)
class StoredGame:
    """One row of the games table with its moves, validated."""

    id: int
    record: GameRecord
    status: str
    created: float
    updated: float
    result: GameResult | None

    @property
    def moves(self) -> int:
        return len(self.record.history)

    @property
    def seats(self) -> list[SeatSpec]:
        return self.record.seats


def default_data_dir() -> Path:
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("tabletop-tui", appauthor=False))


class Store:
    """The project's database. Open it with ``Store.open``; read ``warning`` once."""

    def __init__(self, path: Path, conn: sqlite3.Connection, warning: str | None) -> None:
        self.path = path
        self.conn = conn
        self.warning = warning
        self.damaged_rows = 0

    # ---- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: str | Path | None = None) -> Store:
        folder = Path(data_dir).expanduser() if data_dir else default_data_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the data folder {folder}: {exc.strerror}") from None
        path = folder / DB_NAME
        warning = None
        try:
            conn = cls._connect(path)
        except sqlite3.DatabaseError as exc:
            aside = cls._move_aside(path)
            warning = (
                f"The saved-games database could not be read ({exc}); it was moved to "
                f"{aside.name} and a new one was started."
            )
            try:
                conn = cls._connect(path)
            except sqlite3.DatabaseError as exc2:
                raise StoreError(f"cannot open the database {path}: {exc2}") from None
        except OSError as exc:
            raise StoreError(f"cannot open the database {path}: {exc}") from None
        return cls(path, conn, warning)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            check = conn.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise sqlite3.DatabaseError("integrity check failed")
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            ours = {"meta", "games", "moves", "prefs"}
            if tables and not tables & ours:
                raise sqlite3.DatabaseError("the file is not a tabletop-tui database")
            conn.executescript(_SCHEMA)
            row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif row[0] != str(SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"unknown database version {row[0]}")
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    @staticmethod
    def _move_aside(path: Path) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
            n += 1
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.rename(aside.with_name(aside.name + suffix))
        return aside

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # ---- writing ----------------------------------------------------------------------------

    def create_game(self, record: GameRecord) -> int:
        """Store a new game (with any moves already in its record); returns its id."""
        now = time.time()
        with self._tx() as c:
            cur = c.execute(
                "INSERT INTO games (game, config, seed, seats, status, created, updated)"
                " VALUES (?, ?, ?, ?, 'playing', ?, ?)",
                (
                    record.game,
                    json.dumps(record.config),
                    record.seed,
                    json.dumps([s.model_dump() for s in record.seats]),
                    now,
                    now,
                ),
            )
            game_id = int(cur.lastrowid or 0)
            c.executemany(
                "INSERT INTO moves VALUES (?, ?, ?, -1)",
                [(game_id, i, opt) for i, opt in enumerate(record.history)],
            )
        return game_id

    def append_move(self, game_id: int, index: int, option_id: str, seat: int) -> None:
        """Record move number ``index`` (0-based); replaces any later moves (after an undo)."""
        with self._tx() as c:
            c.execute("DELETE FROM moves WHERE game_id=? AND idx>=?", (game_id, index))
            c.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (game_id, index, option_id, seat))
            c.execute("UPDATE games SET updated=? WHERE id=?", (time.time(), game_id))

    def truncate(self, game_id: int, length: int) -> None:
        """Keep only the first ``length`` moves (undo)."""
        with self._tx() as c:
            c.execute("DELETE FROM moves WHERE game_id=? AND idx>=?", (game_id, length))
            c.execute(
                "UPDATE games SET updated=?, status='playing', result=NULL WHERE id=?",
                (time.time(), game_id),
            )

    def finish(self, game_id: int, result: GameResult) -> None:
        with self._tx() as c:
            c.execute(
                "UPDATE games SET status='finished', result=?, updated=? WHERE id=?",
                (json.dumps(result.to_json()), time.time(), game_id),
            )

    def set_status(self, game_id: int, status: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown status {status}")
        with self._tx() as c:
            c.execute(
                "UPDATE games SET status=?, updated=? WHERE id=?", (status, time.time(), game_id)
            )

    def delete(self, game_id: int) -> None:
        with self._tx() as c:
            c.execute("DELETE FROM games WHERE id=?", (game_id,))

    # ---- reading ----------------------------------------------------------------------------

    def _row_to_game(self, row: tuple[Any, ...]) -> StoredGame:
        gid, game, config, seed, seats, status, result, created, updated = row
        moves = [
            r[0]
            for r in self.conn.execute(
                "SELECT option_id FROM moves WHERE game_id=? ORDER BY idx", (gid,)
            )
        ]
        try:
            record = GameRecord(
                game=game,
                config=json.loads(config),
                seed=seed,
                history=moves,
                seats=[SeatSpec.model_validate(s) for s in json.loads(seats)],
            )
            res = GameResult.from_json(json.loads(result)) if result else None
        except (ValidationError, ValueError, KeyError, TypeError) as exc:
            raise DamagedSave(f"saved game #{gid} is damaged: {exc}".splitlines()[0]) from None
        if status not in STATUSES:
            raise DamagedSave(f"saved game #{gid} has an unknown status '{status}'")
        return StoredGame(gid, record, status, float(created), float(updated), res)

    _COLUMNS = "id, game, config, seed, seats, status, result, created, updated"

    def get(self, game_id: int) -> StoredGame:
        row = self.conn.execute(
            f"SELECT {self._COLUMNS} FROM games WHERE id=?", (game_id,)
        ).fetchone()
        if row is None:
            raise DamagedSave(f"there is no saved game #{game_id}")
        return self._row_to_game(row)

    def _list(self, where: str, args: tuple[Any, ...], limit: int | None) -> list[StoredGame]:
        sql = f"SELECT {self._COLUMNS} FROM games WHERE {where} ORDER BY updated DESC"
        if limit:
            sql += f" LIMIT {int(limit)}"
        out = []
        self.damaged_rows = 0
        for row in self.conn.execute(sql, args).fetchall():
            try:
                out.append(self._row_to_game(row))
            except DamagedSave:
                self.damaged_rows += 1
        return out

    def unfinished(self, limit: int | None = 20) -> list[StoredGame]:
        return self._list("status='playing'", (), limit)

    def finished(self, game: str | None = None, limit: int | None = None) -> list[StoredGame]:
        if game:
            return self._list("status='finished' AND game=?", (game,), limit)
        return self._list("status='finished'", (), limit)

    def all_games(self, limit: int | None = 200) -> list[StoredGame]:
        return self._list("1=1", (), limit)

    def stats(self) -> dict[str, Any]:
        """Per game: games played, wins per seat kind, best scores, solo/co-op win rates."""
        out: dict[str, Any] = {}
        for g in self.finished():
            res = g.result
            if res is None:
                continue
            entry = out.setdefault(
                g.record.game,
                {"played": 0, "wins_by_kind": {}, "seats_by_kind": {}, "best": None, "coop": {}},
            )
            entry["played"] += 1
            winners = set(res.winners())
            for sr in res.seats:
                kind = g.seats[sr.seat].kind if sr.seat < len(g.seats) else "unknown"
                entry["seats_by_kind"][kind] = entry["seats_by_kind"].get(kind, 0) + 1
                if sr.seat in winners:
                    entry["wins_by_kind"][kind] = entry["wins_by_kind"].get(kind, 0) + 1
                name = g.seats[sr.seat].name if sr.seat < len(g.seats) else f"Seat {sr.seat + 1}"
                if entry["best"] is None or sr.score > entry["best"][0]:
                    entry["best"] = (sr.score, name, g.id)
            if res.cooperative:
                key = _difficulty_key(g.record.config)
                won, total = entry["coop"].get(key, (0, 0))
                entry["coop"][key] = (won + (1 if res.won else 0), total + 1)
        return out

    # ---- remembered choices -----------------------------------------------------------------

    def get_pref(self, key: str, default: Any = None) -> Any:
        row = self.conn.execute("SELECT value FROM prefs WHERE key=?", (key,)).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:
            return default

    def set_pref(self, key: str, value: Any) -> None:
        with self._tx() as c:
            c.execute("INSERT OR REPLACE INTO prefs VALUES (?, ?)", (key, json.dumps(value)))


def _difficulty_key(config: dict[str, Any]) -> str:
    players = config.get("players", "?")
    diff = config.get("difficulty")
    label = f"{players}p"
    return f"{label} {diff}" if diff is not None else label

"""One SQLite database for saves, history, statistics and remembered choices.

Every applied option is written in its own transaction as it happens, so a killed process
loses nothing. A file that is not our database (damaged, or something else entirely) is moved
aside, never deleted, and a fresh database takes its place, with one clear message.

Nothing healthy is ever moved: a database or folder that cannot be written is opened
read-only (saved games can be resumed and replayed, nothing new is written), an older
database is upgraded in place by the steps in ``MIGRATIONS`` after a backup copy is made next
to it, and a database from a newer version of the app is opened read-only. A row that cannot
be read is skipped with a note naming it; the others stay usable.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import socket
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop_tui.seats import seat_name

if TYPE_CHECKING:
    from tabletop_tui.engine.core import GameResult
    from tabletop_tui.engine.record import GameRecord, SeatSpec

# The records are pydantic models, imported on first read of a saved game: opening the store
# (the start screen's theme and bot speed) needs none of them.

DB_NAME = "tabletop-tui.sqlite3"
SCHEMA_VERSION = 3
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

# Schema steps: MIGRATIONS[n] turns a version n-1 database into version n. The base schema
# above is version 1; a new database is created at version 1 and brought up by these same
# steps, so every step runs on every new database too. Never edit a step once released: add
# the next one.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    # 2: each save carries the app version and the game's rules version it was played with.
    2: (
        "ALTER TABLE games ADD COLUMN app_version TEXT",
        "ALTER TABLE games ADD COLUMN rules_version TEXT",
    ),
    # 3: shared games. A row per seat played from another process (seat >= 0) and one for
    # the hosting process (seat -1), naming the process that holds it now (pid NULL: nobody);
    # join codes are kept only as hashes, several per seat (a new one when the host returns).
    3: (
        "CREATE TABLE shared_seats ("
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, pid INTEGER, machine TEXT, since REAL,"
        " PRIMARY KEY (game_id, seat))",
        "CREATE TABLE join_codes ("
        " hash TEXT PRIMARY KEY,"
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, created REAL NOT NULL)",
    ),
}

# The seat number of the hosting process in ``shared_seats``.
HOST_SEAT = -1
# Join codes: 12 characters of Crockford's base 32 (60 random bits), shown in groups of 4.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 12
# Seconds SQLite waits for another process's write to end before giving up.
BUSY_TIMEOUT = 10.0

# SQLite result codes (the low byte of ``sqlite_errorcode``) that mean the file is damaged or
# not a database, as opposed to a permission or locking problem.
_CORRUPT, _NOTADB = 11, 26

STATUSES = ("playing", "finished", "abandoned")


class StoreError(Exception):
    """The database cannot be used at all (e.g. the folder is not writable)."""


class ReadOnlyStore(StoreError):
    """A write was asked of a database opened read-only; the message says why it is."""


class StaleMove(Exception):
    """Another process changed the game's moves first: the write was not made."""


class JoinRefused(Exception):
    """A join code that cannot be used; the message says why."""


class SeatHolder(NamedTuple):
    """A seat of a shared game (``HOST_SEAT``: the hosting process) and who holds it now.

    (This and ``StoredGame`` are named tuples, not dataclasses: the store is opened before the
    start screen's first frame, and a dataclass builds its methods from source as it is
    defined.)"""

    seat: int
    pid: int | None
    machine: str | None

    @property
    def present(self) -> bool:
        """Whether a live process holds the seat (a killed one lets it go by itself)."""
        return self.pid is not None and process_alive(self.pid, self.machine)


def process_alive(pid: int, machine: str | None) -> bool:
    """Whether process ``pid`` runs; one on another machine is taken to (it cannot be seen)."""
    if machine is not None and machine != socket.gethostname():
        return True
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def this_process() -> tuple[int, str]:
    return os.getpid(), socket.gethostname()


def normalise_code(code: str) -> str:
    """A typed join code as stored: no dashes or spaces, upper case, O read as 0, I/L as 1."""
    text = "".join(code.split()).replace("-", "").upper()
    return text.translate(str.maketrans({"O": "0", "I": "1", "L": "1"}))


def hash_code(code: str) -> str:
    import hashlib  # join codes only: not loaded at start-up

    return hashlib.sha256(f"tabletop-tui join {normalise_code(code)}".encode()).hexdigest()


def new_code() -> str:
    import secrets  # join codes only: not loaded at start-up

    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


class _Damaged(Exception):
    """The file is not a usable tabletop-tui database (it may be moved aside)."""


class _NewerSchema(Exception):
    """The database was written by a newer version of the app."""


class StoredGame(NamedTuple):
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


def _free_name(path: Path, label: str) -> Path:
    """A name next to ``path`` for a kept copy: ``NAME.LABEL-STAMP``, numbered when taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while name.exists():
        name = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
        n += 1
    return name


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
        # Why nothing can be written (None: the database is writable).
        self.read_only: str | None = None
        # The heading of ``warning`` (what happened to the saved games).
        self.warning_title = "Saved games were reset"
        # Rows skipped by the last listing, and one line naming each.
        self.damaged_rows = 0
        self.damaged_notes: list[str] = []
        # A database opened read-only may predate the version columns: read NULL for them.
        have = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
        self._columns = ", ".join(c if c in have else f"NULL AS {c}" for c in self._COLUMN_NAMES)

    # ---- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: str | Path | None = None) -> Store:
        """Open (or create) the database in ``data_dir``; never moves a healthy file."""
        folder = Path(data_dir).expanduser() if data_dir else default_data_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the data folder {folder}: {exc.strerror}") from None
        if not folder.is_dir():
            raise StoreError(f"the data folder {folder} is not a folder")
        path = folder / DB_NAME
        exists = path.exists()
        folder_writable = os.access(folder, os.W_OK | os.X_OK)
        if not folder_writable and not exists:
            raise StoreError(
                f"the data folder {folder} cannot be written (permission denied): "
                f"choose another with --data-dir or {ENV_DATA_DIR}"
            )
        if exists and not os.access(path, os.R_OK):
            raise StoreError(f"the database {path} cannot be read (permission denied)")
        read_only = None
        if not folder_writable:
            read_only = f"the data folder {folder} cannot be written"
        elif exists and not os.access(path, os.W_OK):
            read_only = f"the database {path} is read-only"
        if read_only is None:
            try:
                conn, warning = cls._connect(path)
                store = cls(path, conn, warning)
                if warning:
                    store.warning_title = "Saved games were upgraded"
                return store
            except _NewerSchema as exc:
                read_only = str(exc)
            except _Damaged as exc:
                return cls._replace_damaged(path, str(exc))
            except sqlite3.DatabaseError as exc:
                # Permission, lock or I/O trouble: the file may well be healthy, so keep it.
                read_only = f"the database {path} cannot be written ({exc})"
            except OSError as exc:
                raise StoreError(f"cannot open the database {path}: {exc}") from None
        return cls._open_read_only(path, read_only)

    @classmethod
    def _open_read_only(cls, path: Path, reason: str) -> Store:
        """Open without writing anything: not even the journal files.

        With no write-ahead log beside it, everything is in the file itself and it is opened
        as immutable, so SQLite creates no side files (a side file made now would copy the
        file's read-only mode and keep the database read-only once it is writable again).
        With a log, it is read through the log so that no move is missed."""
        conn = None
        wal = path.with_name(path.name + "-wal").exists()
        error: Exception | None = None
        for query in ("mode=ro", "immutable=1") if wal else ("immutable=1",):
            try:
                conn = sqlite3.connect(
                    f"{path.resolve().as_uri()}?{query}",
                    uri=True,
                    isolation_level=None,
                    check_same_thread=False,
                    timeout=BUSY_TIMEOUT,
                )
                cls._check(conn)
                break
            except _Damaged as exc:
                if conn is not None:
                    conn.close()
                raise StoreError(
                    f"the database {path} could not be read ({exc}) and cannot be moved "
                    "aside here; it was left as it is"
                ) from None
            except sqlite3.DatabaseError as exc:
                if conn is not None:
                    conn.close()
                conn = None
                error = exc
        if conn is None:
            raise StoreError(f"cannot open the database {path}: {error}")
        store = cls(path, conn, None)
        store.read_only = reason
        store.warning_title = "Saved games are read-only"
        store.warning = (
            f"Saved games are read-only: {reason}. Past games can be resumed and replayed, "
            "but nothing new is saved."
        )
        return store

    @classmethod
    def _replace_damaged(cls, path: Path, why: str) -> Store:
        try:
            aside = cls._move_aside(path)
        except OSError as exc:
            raise StoreError(
                f"the database {path} could not be read ({why}) and could not be moved "
                f"aside ({exc.strerror or exc}); it was left as it is"
            ) from None
        warning = (
            f"The saved-games database could not be read ({why}); it was moved to "
            f"{aside.name} and a new one was started."
        )
        try:
            conn, _ = cls._connect(path)
        except (_Damaged, _NewerSchema, sqlite3.DatabaseError) as exc:
            raise StoreError(f"cannot open the database {path}: {exc}") from None
        return cls(path, conn, warning)

    @staticmethod
    def _check(conn: sqlite3.Connection) -> int:
        """Check the file is ours and healthy; returns its schema version (0: empty file)."""
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise _Damaged("integrity check failed")
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        except sqlite3.DatabaseError as exc:
            code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
            if code in (_CORRUPT, _NOTADB):
                raise _Damaged(str(exc)) from None
            raise
        if not tables:
            return 0
        ours = {"meta", "games", "moves", "prefs"}
        if not tables & ours:
            raise _Damaged("the file is not a tabletop-tui database")
        if not {"games", "moves"} <= tables:
            raise _Damaged("the file lacks the saved-games tables")
        row = None
        if "meta" in tables:
            row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            return 1
        try:
            version = int(row[0])
        except (TypeError, ValueError):
            raise _Damaged(f"unknown database version '{row[0]}'") from None
        if version < 1:
            raise _Damaged(f"unknown database version '{row[0]}'")
        return version

    @classmethod
    def _connect(cls, path: Path) -> tuple[sqlite3.Connection, str | None]:
        """Open for writing, create or upgrade the schema; returns a message if upgraded."""
        conn = sqlite3.connect(
            path, isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT
        )
        try:
            version = cls._check(conn)
            if version > SCHEMA_VERSION:
                raise _NewerSchema(
                    f"the database was written by a newer version of tabletop-tui (database "
                    f"version {version}; this one knows up to {SCHEMA_VERSION})"
                )
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            warning = None
            if version == 0:
                conn.executescript(_SCHEMA)
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', '1')")
                cls._migrate(conn, 1)
            elif version < SCHEMA_VERSION:
                backup = cls._backup(conn, path, version)
                try:
                    cls._migrate(conn, version)
                except sqlite3.DatabaseError as exc:
                    raise _NewerSchema(
                        f"the database could not be upgraded ({exc}); a copy is in {backup.name}"
                    ) from None
                warning = (
                    f"The saved-games database was upgraded (version {version} to "
                    f"{SCHEMA_VERSION}); the old one is kept as {backup.name}."
                )
        except BaseException:
            conn.close()
            raise
        return conn, warning

    @staticmethod
    def _migrate(conn: sqlite3.Connection, version: int) -> None:
        """Run every step after ``version`` in one transaction: all of them or none."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            for target in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[target]:
                    conn.execute(statement)
            conn.execute(
                "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
            )
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @staticmethod
    def _backup(conn: sqlite3.Connection, path: Path, version: int) -> Path:
        """A consistent copy of the database next to it, before it is upgraded."""
        dest = _free_name(path, f"v{version}-backup")
        target = sqlite3.connect(dest)
        try:
            conn.backup(target)
        finally:
            target.close()
        return dest

    @staticmethod
    def _move_aside(path: Path) -> Path:
        aside = _free_name(path, "damaged")
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.rename(aside.with_name(aside.name + suffix))
        return aside

    def close(self) -> None:
        self.conn.close()

    def check_writable(self) -> None:
        """Raise ``ReadOnlyStore`` with the reason when nothing can be saved."""
        if self.read_only:
            raise ReadOnlyStore(f"nothing can be saved: {self.read_only}")

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self.check_writable()
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # ---- writing ----------------------------------------------------------------------------

    def create_game(
        self,
        record: GameRecord,
        *,
        status: str = "playing",
        result: GameResult | None = None,
    ) -> int:
        """Store a game (with any moves already in its record); returns its id.

        The record's versions are kept; a record without them gets this app's version and
        the game's current rules version."""
        if status not in STATUSES:
            raise ValueError(f"unknown status {status}")
        now = time.time()
        versions = record.with_versions()
        with self._tx() as c:
            cur = c.execute(
                "INSERT INTO games (game, config, seed, seats, status, result, created, updated,"
                " app_version, rules_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.game,
                    json.dumps(record.config),
                    record.seed,
                    json.dumps([s.model_dump() for s in record.seats]),
                    status,
                    json.dumps(result.to_json()) if result is not None else None,
                    now,
                    now,
                    versions.app_version,
                    versions.rules_version,
                ),
            )
            game_id = int(cur.lastrowid or 0)
            c.executemany(
                "INSERT INTO moves VALUES (?, ?, ?, -1)",
                [(game_id, i, opt) for i, opt in enumerate(record.history)],
            )
        return game_id

    def append_move(self, game_id: int, index: int, option_id: str, seat: int) -> None:
        """Record move number ``index`` (0-based), only if the save holds exactly ``index``
        moves: when another process wrote that move first (or took one back), nothing is
        written and ``StaleMove`` says so, so no move is ever doubled or lost."""
        with self._tx() as c:
            self._expect_moves(c, game_id, index)
            c.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (game_id, index, option_id, seat))
            c.execute("UPDATE games SET updated=? WHERE id=?", (time.time(), game_id))

    @staticmethod
    def _expect_moves(c: sqlite3.Connection, game_id: int, count: int) -> None:
        row = c.execute("SELECT COUNT(*) FROM moves WHERE game_id=?", (game_id,)).fetchone()
        have = int(row[0]) if row else 0
        if have != count:
            raise StaleMove(
                f"the save holds {have} moves, not {count}: another seat moved first"
                if have > count
                else f"the save holds {have} moves, not {count}: a move was taken back"
            )

    def move_count(self, game_id: int) -> int:
        row = self.conn.execute("SELECT COUNT(*) FROM moves WHERE game_id=?", (game_id,))
        return int(row.fetchone()[0])

    def moves_of(self, game_id: int) -> list[str]:
        """The option ids of a game's moves, in order (what another process may have added)."""
        return [
            r[0]
            for r in self.conn.execute(
                "SELECT option_id FROM moves WHERE game_id=? ORDER BY idx", (game_id,)
            )
        ]

    def data_version(self) -> int:
        """A number that changes when another connection commits (``PRAGMA data_version``):
        a cheap question to ask a few times a second."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def truncate(self, game_id: int, length: int, *, expect: int | None = None) -> None:
        """Keep only the first ``length`` moves (undo); with ``expect``, only if the save
        still holds exactly that many (else ``StaleMove``)."""
        with self._tx() as c:
            if expect is not None:
                self._expect_moves(c, game_id, expect)
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

    def set_seats(self, game_id: int, seats: list[SeatSpec]) -> None:
        """Replace a save's seat list (a repair of a missing or broken one)."""
        with self._tx() as c:
            c.execute(
                "UPDATE games SET seats=? WHERE id=?",
                (json.dumps([s.model_dump() for s in seats]), game_id),
            )

    # ---- reading ----------------------------------------------------------------------------

    def _row_to_game(self, row: tuple[Any, ...]) -> StoredGame:
        from pydantic import ValidationError

        from tabletop_tui.engine.core import GameResult
        from tabletop_tui.engine.record import DamagedSave, GameRecord, SeatSpec

        (gid, game, config, seed, seats, status, result, created, updated) = row[:9]
        app_version, rules_version = row[9:11]
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
                app_version=app_version,
                rules_version=rules_version,
            )
            res = GameResult.from_json(json.loads(result)) if result else None
        except (ValidationError, ValueError, KeyError, TypeError) as exc:
            raise DamagedSave(f"saved game #{gid} is damaged: {exc}".splitlines()[0]) from None
        if status not in STATUSES:
            raise DamagedSave(f"saved game #{gid} has an unknown status '{status}'")
        stamps = []
        for name, value in (("start", created), ("last-move", updated)):
            try:
                stamp = float(value)
                if not math.isfinite(stamp):
                    raise ValueError(value)
                dt.datetime.fromtimestamp(stamp)  # within the range a date can show
            except (TypeError, ValueError, OverflowError, OSError):
                raise DamagedSave(
                    f"saved game #{gid} has an unreadable {name} time '{value}'"
                ) from None
            stamps.append(stamp)
        return StoredGame(gid, record, status, stamps[0], stamps[1], res)

    _COLUMN_NAMES = (
        "id", "game", "config", "seed", "seats", "status", "result", "created", "updated",
        "app_version", "rules_version",
    )  # fmt: skip

    def get(self, game_id: int) -> StoredGame:
        row = self.conn.execute(
            f"SELECT {self._columns} FROM games WHERE id=?", (game_id,)
        ).fetchone()
        if row is None:
            from tabletop_tui.engine.record import DamagedSave

            raise DamagedSave(f"there is no saved game #{game_id}")
        return self._row_to_game(row)

    def _list(self, where: str, args: tuple[Any, ...], limit: int | None) -> list[StoredGame]:
        sql = f"SELECT {self._columns} FROM games WHERE {where} ORDER BY updated DESC"
        if limit:
            sql += f" LIMIT {int(limit)}"
        out = []
        self.damaged_rows = 0
        self.damaged_notes = []
        rows = self.conn.execute(sql, args).fetchall()
        if rows:
            from tabletop_tui.engine.record import DamagedSave
        for row in rows:
            try:
                out.append(self._row_to_game(row))
            except DamagedSave as exc:
                self.damaged_rows += 1
                self.damaged_notes.append(f"{exc}: skipped")
        return out

    def unfinished(self, limit: int | None = 20) -> list[StoredGame]:
        return self._list("status='playing'", (), limit)

    def has_unfinished(self) -> bool:
        """Whether any game is unfinished, without reading one (``unfinished`` validates each
        with the records' data models)."""
        return (
            self.conn.execute("SELECT 1 FROM games WHERE status='playing' LIMIT 1").fetchone()
            is not None
        )

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
                name = seat_name([s.name for s in g.seats], sr.seat)
                if entry["best"] is None or sr.score > entry["best"][0]:
                    entry["best"] = (sr.score, name, g.id)
            if res.cooperative:
                key = _difficulty_key(g.record.config)
                won, total = entry["coop"].get(key, (0, 0))
                entry["coop"][key] = (won + (1 if res.won else 0), total + 1)
        return out

    # ---- shared games ------------------------------------------------------------------

    def share(self, game_id: int, remote: list[int]) -> dict[int, str]:
        """Make a game shared: ``remote`` seats are played from other processes, each with a
        new join code (returned once, stored only as a hash); this process hosts it."""
        pid, machine = this_process()
        codes = {seat: new_code() for seat in remote}
        now = time.time()
        with self._tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO shared_seats VALUES (?, ?, ?, ?, ?)",
                (game_id, HOST_SEAT, pid, machine, now),
            )
            for seat, code in codes.items():
                c.execute(
                    "INSERT OR IGNORE INTO shared_seats VALUES (?, ?, NULL, NULL, NULL)",
                    (game_id, seat),
                )
                c.execute(
                    "INSERT INTO join_codes VALUES (?, ?, ?, ?)",
                    (hash_code(code), game_id, seat, now),
                )
        return codes

    def new_codes(self, game_id: int, seats: list[int]) -> dict[int, str]:
        """Fresh join codes for ``seats`` (the old ones keep working): the host shows these
        when it comes back, since it never stored the codes themselves."""
        codes = {seat: new_code() for seat in seats}
        now = time.time()
        with self._tx() as c:
            for seat, code in codes.items():
                c.execute(
                    "INSERT INTO join_codes VALUES (?, ?, ?, ?)",
                    (hash_code(code), game_id, seat, now),
                )
        return codes

    def holders(self, game_id: int) -> dict[int, SeatHolder]:
        """The shared seats of a game (empty: not shared), ``HOST_SEAT`` for the host."""
        rows = self.conn.execute(
            "SELECT seat, pid, machine FROM shared_seats WHERE game_id=?", (game_id,)
        ).fetchall()
        return {int(s): SeatHolder(int(s), p, m) for s, p, m in rows}

    def find_code(self, code: str, game_id: int | None = None) -> tuple[int, int]:
        """The (game id, seat) a join code opens, or ``JoinRefused`` saying why not: no such
        code, a code for another game, a game that is over, a seat held by a live process."""
        if not normalise_code(code):
            raise JoinRefused("type the join code the host's screen shows")
        row = self.conn.execute(
            "SELECT j.game_id, j.seat, g.status FROM join_codes j JOIN games g ON g.id=j.game_id"
            " WHERE j.hash=?",
            (hash_code(code),),
        ).fetchone()
        if row is None:
            raise JoinRefused(f"no game has the join code '{code.strip()}': check it with the host")
        found, seat, status = int(row[0]), int(row[1]), row[2]
        if game_id is not None and found != game_id:
            raise JoinRefused(f"this join code is for another game (#{found}, not #{game_id})")
        if status != "playing":
            raise JoinRefused(f"game #{found} is {status}: there is nothing left to join")
        holder = self.holders(found).get(seat)
        pid, _ = this_process()
        if holder is not None and holder.present and holder.pid != pid:
            raise JoinRefused(
                f"seat {seat + 1} of game #{found} is already being played from another "
                "window; close that one first (the code is in use)"
            )
        return found, seat

    def claim(
        self,
        code: str,
        game_id: int | None = None,
        owner: tuple[int, str] | None = None,
    ) -> tuple[int, int]:
        """Take the seat a join code opens for this process (or ``owner``); the checks of
        ``find_code`` run again inside the write, so two processes cannot both take it."""
        pid, machine = owner or this_process()
        with self._tx() as c:
            found, seat = self.find_code(code, game_id)
            holder = self.holders(found).get(seat)
            if holder is not None and holder.present and holder.pid not in (pid, os.getpid()):
                raise JoinRefused(f"seat {seat + 1} of game #{found} is already taken")
            c.execute(
                "UPDATE shared_seats SET pid=?, machine=?, since=? WHERE game_id=? AND seat=?",
                (pid, machine, time.time(), found, seat),
            )
        return found, seat

    def hold(self, game_id: int, seat: int, owner: tuple[int, str] | None = None) -> None:
        """Mark ``seat`` (``HOST_SEAT``: the host's part) as held by this process."""
        pid, machine = owner or this_process()
        with self._tx() as c:
            c.execute(
                "UPDATE shared_seats SET pid=?, machine=?, since=? WHERE game_id=? AND seat=?",
                (pid, machine, time.time(), game_id, seat),
            )

    def release(self, game_id: int, seat: int, owner: tuple[int, str] | None = None) -> None:
        """Let a seat go (its process is closing); only the process holding it can."""
        if self.read_only:
            return
        pid, _ = owner or this_process()
        with self._tx() as c:
            c.execute(
                "UPDATE shared_seats SET pid=NULL, machine=NULL, since=NULL"
                " WHERE game_id=? AND seat=? AND pid=?",
                (game_id, seat, pid),
            )

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
        """Remember a choice; a read-only database quietly keeps the old one."""
        if self.read_only:
            return
        with self._tx() as c:
            c.execute("INSERT OR REPLACE INTO prefs VALUES (?, ?)", (key, json.dumps(value)))


def _difficulty_key(config: dict[str, Any]) -> str:
    players = config.get("players", "?")
    diff = config.get("difficulty")
    label = f"{players}p"
    return f"{label} {diff}" if diff is not None else label

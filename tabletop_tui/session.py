"""A game at the table: the state, its seats (people or bots), its moves and its save.

The app and the ``play`` command both drive games through a ``Session``: it applies options,
writes each one to the store as it happens, keeps the moves with the log entries each made
(the only log: screens derive what they show from it), asks bots for their moves and carries
out undo. Resuming, undoing or catching up replays the moves once. It imports no Textual or
Rich, so it is tested without a terminal.
"""

from __future__ import annotations

import contextlib
import os
import random
import shlex
from dataclasses import dataclass, field

from pydantic import ValidationError

from tabletop_tui.engine.bots import Bot, bot_rng, choose_explained, context_for
from tabletop_tui.engine.core import (
    Decision,
    EngineError,
    GameConfig,
    GameResult,
    GameState,
    IllegalMove,
    LogEntry,
)
from tabletop_tui.engine.errors import GameOver
from tabletop_tui.engine.record import DamagedSave, GameRecord, SeatSpec
from tabletop_tui.engine.registry import GameInfo, get_game
from tabletop_tui.seats import seat_name
from tabletop_tui.store import Store
from tabletop_tui.store.db import HOST_SEAT, JoinRefused, SeatHolder, StaleMove

HUMAN = "human"
# Bot levels saved games may name that are no longer offered, and the level that plays them.
RENAMED_LEVELS = {"greedy": "medium"}
# A seat kind for the new-game form and the command line only: a person who plays from
# another process with a join code. It is saved as a human seat of a shared game.
REMOTE = "remote"


class MoveConflict(IllegalMove):
    """Another seat's process changed the game first: this choice was not made, and the
    session now holds the game as it is saved."""


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 10**9)


@dataclass(frozen=True)
class Move:
    """One applied decision: who decided, what was asked, the option's label, whether the
    choice was secret, and the log entries it produced."""

    seat: int
    prompt: str
    label: str
    secret: bool
    entries: tuple[LogEntry, ...]


def play_move(state: GameState, option_id: str) -> Move:
    """Apply ``option_id`` to ``state`` and keep what the log needs to tell of it."""
    decision = state.decision()
    if decision is None:
        raise GameOver("the game is over")
    option = decision.option(option_id)
    entries = state.apply(option_id)
    return Move(decision.seat, decision.prompt, option.label, decision.secret, tuple(entries))


def journal(
    state_class: type[GameState], config: GameConfig, seed: int, history: list[str]
) -> tuple[GameState, list[Move]]:
    """Replay ``history`` once: the state it reaches and the moves with their log entries.

    A move that does not replay raises ``EngineError`` naming the move."""
    state = state_class.new(config, seed)
    moves = []
    for i, option_id in enumerate(history):
        try:
            moves.append(play_move(state, option_id))
        except EngineError as exc:
            raise EngineError(f"move {i + 1} ('{option_id}'): {exc}") from None
    return state, moves


@dataclass
class Session:
    info: GameInfo
    state: GameState
    seats: list[SeatSpec]
    store: Store | None = None
    game_id: int | None = None
    # The moves played, in step with ``state.history``, each with the log entries it made.
    moves: list[Move] = field(default_factory=list)
    _bots: dict[int, Bot] = field(default_factory=dict)
    _bot_rngs: dict[int, random.Random] = field(default_factory=dict)
    # What was repaired in the save on resume (one line each), for the player to read.
    repairs: list[str] = field(default_factory=list)
    # A shared game (seats at other keyboards): the seats this process plays (None: every
    # human seat, the hotseat table), whether it hosts (runs the bots), the join codes it
    # issued (host only, shown once), and the store's data version last seen.
    local: frozenset[int] | None = None
    hosting: bool = False
    codes: dict[int, str] = field(default_factory=dict)
    _seen_version: int | None = None
    _holders: dict[int, SeatHolder] = field(default_factory=dict)
    # Whether a live process held each shared seat when last looked at (``refresh_presence``).
    _presence: dict[int, bool] = field(default_factory=dict)
    # The after-game analysis once made (``GameInfo.analysis``), with the number of moves
    # it was made for: the results shown again show it without searching again.
    analysis: tuple[int, str] | None = None

    # ---- starting and resuming ----------------------------------------------------------

    @classmethod
    def start(
        cls,
        info: GameInfo,
        config: GameConfig,
        seats: list[SeatSpec],
        seed: int | None = None,
        store: Store | None = None,
    ) -> Session:
        if len(seats) != config.players:
            raise ValueError(f"{config.players} players need {config.players} seats")
        for seat in seats:
            if seat.kind != HUMAN and seat.kind not in info.bots:
                raise ValueError(f"unknown seat kind '{seat.kind}'")
        seed = new_seed() if seed is None else seed
        state = info.state_class.new(config, seed)
        session = cls(info, state, seats, store)
        if store is not None:
            session.game_id = store.create_game(GameRecord.of(state, seats))
        session._make_bots()
        return session

    @classmethod
    def resume(cls, store: Store, game_id: int, *, bind: bool = True) -> Session:
        """Rebuild a stored game by replaying its moves (raises DamagedSave if it cannot).

        A shared game is resumed as its host (``bind``): the host's seats and the bots,
        with fresh join codes for the remote seats nobody plays now."""
        stored = store.get(game_id)
        session = cls.from_record(stored.record, store, game_id)
        if bind and not store.read_only and stored.status == "playing":
            holders = store.holders(game_id)
            host = holders.get(HOST_SEAT)
            if host is not None and host.present and host.pid != os.getpid():
                raise JoinRefused(
                    f"game #{game_id} is being hosted from another window; a remote seat "
                    "takes its join code (tabletop-tui join CODE)"
                )
            if holders:
                away = [s for s, h in holders.items() if s >= 0 and not h.present]
                session.codes = store.new_codes(game_id, away) if away else {}
                session._shared_as(None, hosting=True)
        return session

    @classmethod
    def from_record(
        cls, record: GameRecord, store: Store | None = None, game_id: int | None = None
    ) -> Session:
        info = get_game(record.game)
        try:
            config = info.config_model.model_validate(record.config)
        except ValidationError as exc:
            raise DamagedSave(f"the saved options are invalid: {exc.errors()[0]['msg']}") from None
        try:
            state, moves = journal(info.state_class, config, record.seed, record.history)
        except EngineError as exc:
            raise DamagedSave(f"the saved moves do not replay: {exc}") from None
        session = cls(info, state, list(record.seats), store, game_id, moves)
        session.seats, session.repairs = repair_seats(info, session.seats, state.players)
        if session.repairs and store is not None and game_id is not None and not store.read_only:
            store.set_seats(game_id, session.seats)
        session._make_bots()
        return session

    # ---- shared games ----------------------------------------------------------------

    @classmethod
    def host(
        cls,
        info: GameInfo,
        config: GameConfig,
        seats: list[SeatSpec],
        seed: int | None = None,
        *,
        store: Store,
    ) -> Session:
        """Start a game whose ``remote`` seats are played from other processes; this one
        plays the other human seats and the bots. ``codes`` holds one join code per remote
        seat (only this process ever knows them)."""
        remote = [i for i, s in enumerate(seats) if s.kind == REMOTE]
        saved = [SeatSpec(name=s.name, kind=HUMAN) if s.kind == REMOTE else s for s in seats]
        session = cls.start(info, config, saved, seed, store=store)
        assert session.game_id is not None
        if remote:
            session.codes = store.share(session.game_id, remote)
            session._shared_as(None, hosting=True)
        return session

    @classmethod
    def join(cls, store: Store, code: str, game_id: int | None = None) -> Session:
        """Take the seat a join code opens (``JoinRefused`` says why not) and load the game
        as it is saved; the session plays that seat only."""
        found, seat = store.claim(code, game_id)
        try:
            session = cls.resume(store, found, bind=False)
        except BaseException:
            store.release(found, seat)
            raise
        session._shared_as(frozenset({seat}), hosting=False)
        return session

    def _shared_as(self, local: frozenset[int] | None, *, hosting: bool) -> None:
        assert self.store is not None and self.game_id is not None
        holders = self.store.holders(self.game_id)
        remote = {s for s in holders if s >= 0}
        if local is None:
            local = frozenset(i for i in self.humans if i not in remote)
        self.local = local
        self.hosting = hosting
        if hosting:
            self.store.hold(self.game_id, HOST_SEAT)
        self._look_at_holders()
        self._seen_version = self.store.data_version()

    @property
    def shared(self) -> bool:
        """Whether other processes play seats of this game."""
        return self.local is not None

    @property
    def local_humans(self) -> list[int]:
        """The human seats played at this keyboard."""
        return [i for i in self.humans if self.local is None or i in self.local]

    def plays(self, seat: int) -> bool:
        """Whether this process decides for ``seat`` (a person here, or a bot it runs)."""
        if self.is_human(seat):
            return self.local is None or seat in self.local
        return self.runs_bots

    @property
    def runs_bots(self) -> bool:
        """Bots move in the hosting process; when it is gone, any seat's process may."""
        if not self.shared or self.hosting:
            return True
        return not self._presence.get(HOST_SEAT, False)

    def present(self, seat: int) -> bool | None:
        """Whether a process plays ``seat`` now (None: the seat is played here or is a bot)."""
        if not self.shared or self.plays(seat) or not self.is_human(seat):
            return None
        key = seat if seat in self._holders else HOST_SEAT  # else a seat of the host's keyboard
        return self._presence.get(key, False)

    def join_command(self, code: str) -> str:
        """The command that takes a seat with ``code`` (naming the data folder if it is not
        the usual one, so the other process opens the same database)."""
        from tabletop_tui.store import default_data_dir

        command = "tabletop-tui"
        if self.store is not None and self.store.path.parent != default_data_dir():
            command += f" --data-dir {shlex.quote(str(self.store.path.parent))}"
        return f"{command} join {code}"

    def release(self) -> None:
        """Let this process's seats go (it is closing); the game itself is untouched."""
        if not self.shared or self.store is None or self.game_id is None:
            return
        for seat in [HOST_SEAT] if self.hosting else sorted(self.local or ()):
            # Closing anyway: a seat left marked is freed once this process is gone.
            with contextlib.suppress(Exception):
                self.store.release(self.game_id, seat)

    def sync(self) -> bool:
        """Catch up with moves other processes wrote; True if anything they wrote changed
        (moves, or who is at which seat). Cheap when nothing changed (one pragma)."""
        if not self.shared or self.store is None or self.game_id is None:
            return False
        version = self.store.data_version()
        if version == self._seen_version:
            return False
        self._seen_version = version
        self._look_at_holders()
        self.reload()
        return True

    def refresh_presence(self) -> bool:
        """Look again at who holds each seat (a killed process writes nothing); True if it
        changed."""
        if not self.shared or self.store is None or self.game_id is None:
            return False
        before = self._presence
        self._look_at_holders()
        return before != self._presence

    def _look_at_holders(self) -> None:
        assert self.store is not None and self.game_id is not None
        self._holders = self.store.holders(self.game_id)
        self._presence = {s: h.present for s, h in self._holders.items()}

    def reload(self) -> bool:
        """Bring the state to the moves saved now; True if they differ from ours. New moves
        are applied on top; a move taken back means a replay from the start."""
        assert self.store is not None and self.game_id is not None
        saved = self.store.moves_of(self.game_id)
        mine = self.state.history
        if saved == list(mine):
            return False
        if len(saved) > len(mine) and saved[: len(mine)] == list(mine):
            for option_id in saved[len(mine) :]:
                self.moves.append(play_move(self.state, option_id))
        else:
            self._catch_up()
        return True

    def _make_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.kind != HUMAN:
                self._bots[i] = self.info.bot(RENAMED_LEVELS.get(seat.kind, seat.kind))
                self._bot_rngs[i] = bot_rng(self.state.seed + len(self.state.history), i)

    # ---- playing ----------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.state.decision()

    @property
    def result(self) -> GameResult | None:
        return self.state.result()

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].kind == HUMAN

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    @property
    def log(self) -> list[LogEntry]:
        """Every log entry of the game so far, oldest first."""
        return [entry for move in self.moves for entry in move.entries]

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "Table"
        return seat_name([s.name for s in self.seats], seat)

    def apply(self, option_id: str) -> list[LogEntry]:
        """Apply a choice, save it at once, and record the result when the game ends.

        The save takes the move only if it still extends the same moves; if another
        process wrote first, the session reloads and ``MoveConflict`` says so."""
        decision = self.state.decision()
        seat = decision.seat if decision else -1
        if self.store is not None and self.game_id is not None:
            self.store.check_writable()  # refuse before the move, so state and save agree
        before = len(self.state.history)
        move = play_move(self.state, option_id)
        self.moves.append(move)
        if self.store is not None and self.game_id is not None:
            try:
                self.store.append_move(self.game_id, before, option_id, seat)
            except StaleMove as exc:
                self._catch_up()
                raise MoveConflict(
                    f"Not played: {exc}. The table now shows the game as it is."
                ) from None
            res = self.state.result()
            if res is not None:
                self.store.finish(self.game_id, res)
        return list(move.entries)

    def bot_choice(self) -> str | None:
        """The option the bot in the deciding seat picks, or None if a person decides."""
        decision = self.state.decision()
        if decision is None or decision.seat not in self._bots:
            return None
        bot = self._bots[decision.seat]
        return bot.choose(context_for(self.state, self._bot_rngs[decision.seat]))

    def hint(self, level: str = "hard") -> tuple[str, str] | None:
        """What the strongest bot would do now for the deciding seat, and why if it can say.

        The option and the reason come from one computation, so the reason is always about
        the option named."""
        decision = self.state.decision()
        if decision is None:
            return None
        bot = self.info.bot(level if level in self.info.bots else "random")
        ctx = context_for(self.state, random.Random(len(self.state.history)))
        choice, reason = choose_explained(bot, ctx)
        return choice, str(reason)

    def can_undo(self, seat: int) -> bool:
        return self.is_human(seat) and self.state.can_undo(seat)

    def undo(self) -> None:
        """Take back the last decision (the caller checked ``can_undo``). In a shared game
        the save is cut only if nobody moved since (else ``MoveConflict``)."""
        had = len(self.state.history)
        if self.store is not None and self.game_id is not None:
            try:
                self.store.truncate(self.game_id, had - 1, expect=had)
            except StaleMove as exc:
                self._catch_up()
                raise MoveConflict(f"Not undone: {exc}.") from None
        # One replay rebuilds the state; the moves before the last keep their log entries.
        self.state = self.state.undone()
        del self.moves[len(self.state.history) :]

    def _catch_up(self) -> None:
        """After a refused write: the state becomes the saved game again."""
        assert self.store is not None and self.game_id is not None
        saved = self.store.moves_of(self.game_id)
        self.state, self.moves = journal(
            self.info.state_class, self.state.config, self.state.seed, saved
        )
        if self.shared:
            self._seen_version = self.store.data_version()
            self._look_at_holders()

    def visible_log(self, viewer: int | None) -> list[LogEntry]:
        return [e for e in self.log if e.visible_to(viewer)]

    def record(self) -> GameRecord:
        return GameRecord.of(self.state, self.seats)


def default_bot(info: GameInfo) -> str:
    return "medium" if "medium" in info.bots else "random"


def repair_seats(
    info: GameInfo, seats: list[SeatSpec], players: int
) -> tuple[list[SeatSpec], list[str]]:
    """A seat list that fits the game: one seat per player, each a person or a known bot.

    A save whose list is missing or short gets the usual seating for what is missing (a
    person in seat 1, bots elsewhere), an unknown bot level becomes the default one, and
    each change is described so the player is told."""
    notes: list[str] = []
    fixed = list(seats[:players])
    if len(seats) > players:
        notes.append(
            f"the save listed {len(seats)} seats for {players} players; extra ones dropped"
        )
    if len(fixed) < players:
        added = []
        for i in range(len(fixed), players):
            kind = HUMAN if i == 0 else default_bot(info)
            name = "Player 1" if kind == HUMAN else f"Bot {i + 1}"
            fixed.append(SeatSpec(name=name, kind=kind))
            added.append(f"seat {i + 1} {'a person' if kind == HUMAN else f'a {kind} bot'}")
        missing = "had no seat list" if not seats else f"listed only {len(seats)} seats"
        notes.append(f"the save {missing}: {', '.join(added)}")
    for i, seat in enumerate(fixed):
        if seat.kind != HUMAN and seat.kind not in info.bots:
            kind = default_bot(info)
            notes.append(f"seat {i + 1} had an unknown bot level '{seat.kind}': now {kind}")
            fixed[i] = SeatSpec(name=seat.name, kind=kind)
    return fixed, notes

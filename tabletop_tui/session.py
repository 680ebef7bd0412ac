"""A game at the table: the state, its seats (people or bots), its log and its save.

The app and the ``play`` command both drive games through a ``Session``: it applies options,
writes each one to the store as it happens, keeps the log, asks bots for their moves and
carries out undo. It imports no Textual or Rich, so it is tested without a terminal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pydantic import ValidationError

from tabletop_tui.engine.bots import Bot, bot_rng, choose_explained, context_for
from tabletop_tui.engine.core import (
    Decision,
    EngineError,
    GameConfig,
    GameResult,
    GameState,
    LogEntry,
)
from tabletop_tui.engine.record import DamagedSave, GameRecord, SeatSpec
from tabletop_tui.engine.registry import GameInfo, get_game
from tabletop_tui.store import Store

HUMAN = "human"
# Bot levels saved games may name that are no longer offered, and the level that plays them.
RENAMED_LEVELS = {"greedy": "medium"}


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 10**9)


@dataclass
class Session:
    info: GameInfo
    state: GameState
    seats: list[SeatSpec]
    store: Store | None = None
    game_id: int | None = None
    log: list[LogEntry] = field(default_factory=list)
    _bots: dict[int, Bot] = field(default_factory=dict)
    _bot_rngs: dict[int, random.Random] = field(default_factory=dict)
    # What was repaired in the save on resume (one line each), for the player to read.
    repairs: list[str] = field(default_factory=list)

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
    def resume(cls, store: Store, game_id: int) -> Session:
        """Rebuild a stored game by replaying its moves (raises DamagedSave if it cannot)."""
        stored = store.get(game_id)
        return cls.from_record(stored.record, store, game_id)

    @classmethod
    def from_record(
        cls, record: GameRecord, store: Store | None = None, game_id: int | None = None
    ) -> Session:
        info = get_game(record.game)
        try:
            config = info.config_model.model_validate(record.config)
        except ValidationError as exc:
            raise DamagedSave(f"the saved options are invalid: {exc.errors()[0]['msg']}") from None
        state = info.state_class.new(config, record.seed)
        session = cls(info, state, list(record.seats), store, game_id)
        for i, option_id in enumerate(record.history):
            try:
                session.log.extend(state.apply(option_id))
            except EngineError as exc:
                raise DamagedSave(
                    f"the saved moves do not replay: move {i + 1} ('{option_id}'): {exc}"
                ) from None
        session.seats, session.repairs = repair_seats(info, session.seats, state.players)
        if session.repairs and store is not None and game_id is not None and not store.read_only:
            store.set_seats(game_id, session.seats)
        session._make_bots()
        return session

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

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "Table"
        return self.seats[seat].name if seat < len(self.seats) else f"Seat {seat + 1}"

    def apply(self, option_id: str) -> list[LogEntry]:
        """Apply a choice, save it at once, and record the result when the game ends."""
        decision = self.state.decision()
        seat = decision.seat if decision else -1
        if self.store is not None and self.game_id is not None:
            self.store.check_writable()  # refuse before the move, so state and save agree
        entries = self.state.apply(option_id)
        self.log.extend(entries)
        if self.store is not None and self.game_id is not None:
            self.store.append_move(self.game_id, len(self.state.history) - 1, option_id, seat)
            res = self.state.result()
            if res is not None:
                self.store.finish(self.game_id, res)
        return entries

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
        """Take back the last decision (the caller checked ``can_undo``)."""
        self.state = self.state.undone()
        self.log = []
        replay = self.info.state_class.new(self.state.config, self.state.seed)
        for option_id in self.state.history:
            self.log.extend(replay.apply(option_id))
        self.state = replay
        if self.store is not None and self.game_id is not None:
            self.store.truncate(self.game_id, len(self.state.history))

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

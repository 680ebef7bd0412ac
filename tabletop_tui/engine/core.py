"""The game-agnostic engine protocol: decisions, options, results and the state base class.

Every game is a ``GameState`` subclass. The UI, the bots, the store and the conformance kit
only ever talk to this protocol, so they work for every game without knowing its rules.
Nothing here imports Textual or Rich.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field

from .errors import EngineError, GameOver, IllegalMove  # defined apart from the models
from .views import ResultView


class GameConfig(BaseModel):
    """Options of one game. Each game subclasses it with its own fields.

    Fields must be ``bool``, ``int`` (with bounds) or a ``Literal`` of strings, each with a
    ``description``: the new-game screen and ``--option KEY=VALUE`` are built from them.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(2, ge=1, le=5, description="Number of seats at the table.")


_NO_CONTEXT: Any = object()  # Decision's context when none is given


@dataclass(frozen=True, slots=True, init=False)
class Option:
    """One legal choice. ``id`` is stable (saves are lists of ids); ``label`` is for people.

    ``target`` names the board element the option stands for (a card id, a region, a tile),
    so a screen can let the player pick it by clicking that element.
    """

    id: str
    label: str
    target: str | None = None

    def __init__(self, id: str, label: str, target: str | None = None) -> None:  # noqa: A002
        # Written out: the generated frozen __init__ goes through object.__setattr__ per
        # field, and search play-outs build options by the million; the slots' own setters
        # (bound below the class) skip the attribute look-up.
        _option_id(self, id)
        _option_label(self, label)
        _option_target(self, target)


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    """Who must decide what next, with every legal option.

    ``secret`` marks a decision whose options must not be seen by any other seat.
    ``kind`` is a short machine tag (``play``, ``discard``, ``place``...) that bots and
    screens may use; ``context`` carries small extra facts for the screen (never hidden ones).
    """

    seat: int
    prompt: str
    options: tuple[Option, ...]
    secret: bool = False
    kind: str = ""
    context: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        seat: int,
        prompt: str,
        options: tuple[Option, ...],
        secret: bool = False,
        kind: str = "",
        context: dict[str, Any] = _NO_CONTEXT,
    ) -> None:
        # Written out for speed, as Option's; a fresh dict when no context is given.
        _decision_seat(self, seat)
        _decision_prompt(self, prompt)
        _decision_options(self, options)
        _decision_secret(self, secret)
        _decision_kind(self, kind)
        _decision_context(self, {} if context is _NO_CONTEXT else context)

    def option(self, option_id: str) -> Option:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise IllegalMove(f"'{option_id}' is not a legal choice now")

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.options]


# The slot setters the two __init__ above use (frozen classes refuse plain assignment).
_option_id, _option_label, _option_target = (
    vars(Option)[name].__set__ for name in ("id", "label", "target")
)
(
    _decision_seat,
    _decision_prompt,
    _decision_options,
    _decision_secret,
    _decision_kind,
    _decision_context,
) = (
    vars(Decision)[name].__set__
    for name in ("seat", "prompt", "options", "secret", "kind", "context")
)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log. ``private_to`` hides it from every seat but that one."""

    text: str
    seat: int | None = None
    private_to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat


@dataclass(frozen=True, slots=True, init=False)
class ScoreLine:
    label: str
    points: int

    def __init__(self, label: str, points: int) -> None:
        # Written out as Option's: every search play-out ends in a result with its lines.
        _line_label(self, label)
        _line_points(self, points)


@dataclass(frozen=True, slots=True, init=False)
class SeatResult:
    seat: int
    score: int
    rank: int
    breakdown: tuple[ScoreLine, ...] = ()
    won: bool | None = None

    def __init__(
        self,
        seat: int,
        score: int,
        rank: int,
        breakdown: tuple[ScoreLine, ...] = (),
        won: bool | None = None,
    ) -> None:
        _seat_seat(self, seat)
        _seat_score(self, score)
        _seat_rank(self, rank)
        _seat_breakdown(self, breakdown)
        _seat_won(self, won)


@dataclass(frozen=True, slots=True, init=False)
class GameResult:
    """Final standing. For solo and co-op games ``won`` says whether the table won."""

    seats: tuple[SeatResult, ...]
    cooperative: bool = False
    won: bool | None = None
    summary: str = ""

    def __init__(
        self,
        seats: tuple[SeatResult, ...],
        cooperative: bool = False,
        won: bool | None = None,
        summary: str = "",
    ) -> None:
        _result_seats(self, seats)
        _result_cooperative(self, cooperative)
        _result_won(self, won)
        _result_summary(self, summary)

    def winners(self) -> list[int]:
        if self.cooperative:
            return [s.seat for s in self.seats] if self.won else []
        return [s.seat for s in self.seats if s.rank == 1]

    def to_json(self) -> ResultView:
        return {
            "cooperative": self.cooperative,
            "won": self.won,
            "summary": self.summary,
            "seats": [
                {
                    "seat": s.seat,
                    "score": s.score,
                    "rank": s.rank,
                    "won": s.won,
                    "breakdown": [[b.label, b.points] for b in s.breakdown],
                }
                for s in self.seats
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        return cls(
            cooperative=bool(data.get("cooperative", False)),
            won=data.get("won"),
            summary=str(data.get("summary", "")),
            seats=tuple(
                SeatResult(
                    seat=int(s["seat"]),
                    score=int(s["score"]),
                    rank=int(s["rank"]),
                    won=s.get("won"),
                    breakdown=tuple(ScoreLine(str(lbl), int(p)) for lbl, p in s["breakdown"]),
                )
                for s in data["seats"]
            ),
        )


# The slot setters of the three result classes' __init__ (frozen, as Decision's above).
_line_label, _line_points = (vars(ScoreLine)[name].__set__ for name in ("label", "points"))
_seat_seat, _seat_score, _seat_rank, _seat_breakdown, _seat_won = (
    vars(SeatResult)[name].__set__ for name in ("seat", "score", "rank", "breakdown", "won")
)
_result_seats, _result_cooperative, _result_won, _result_summary = (
    vars(GameResult)[name].__set__ for name in ("seats", "cooperative", "won", "summary")
)


def rank_scores(scores: list[tuple[int, ...]]) -> list[int]:
    """Competition ranks (1, 1, 3...) from per-seat sort keys; higher keys rank better."""
    ranks = []
    for key in scores:
        ranks.append(1 + sum(1 for other in scores if other > key))
    return ranks


class GameState(ABC):
    """Base of every game's state.

    A state is a pure function of ``(config, seed, history)``: ``apply`` is the only way it
    changes, chance comes from ``self.rng`` (seeded from the seed), and ``replay`` rebuilds
    any point of a game. Subclasses implement ``_setup``, ``_decision``, ``_apply``, ``view``
    and ``_result``; they call ``self.log(...)`` to report what happened and
    ``self.mark_barrier()`` whenever hidden information is revealed or chance acts, which
    is as far back as undo may go.
    """

    game_id: ClassVar[str] = ""
    config_model: ClassVar[type[GameConfig]] = GameConfig
    # Saved with every game. Raise it when a rules change makes old move lists replay
    # differently, so a save that no longer replays can say which rules it was played under.
    rules_version: ClassVar[str] = "1"

    def __init__(self, config: GameConfig, seed: int) -> None:
        if not isinstance(config, self.config_model):
            config = self.config_model.model_validate(
                config.model_dump() if isinstance(config, BaseModel) else config
            )
        self.config = config
        self.seed = int(seed)
        self.rng = random.Random(self.seed)
        self.history: list[str] = []
        # Index into history before which undo may not reach.
        self.barrier = 0
        self._log_buffer: list[LogEntry] | None = None
        self._decision_cache: Decision | None = None
        self._setup()

    # ---- what subclasses implement -------------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Deal, shuffle and place: the state before the first decision."""

    @abstractmethod
    def _decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""

    @abstractmethod
    def _apply(self, option: Option) -> None:
        """Carry out a legal option (already checked against ``decision()``)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as JSON-ready data (``None``: a spectator, public info only)."""

    @abstractmethod
    def _result(self) -> GameResult:
        """The final standing; only called once the game is over."""

    def determinize(self, seat: int, rng: random.Random) -> GameState:
        """A full state that ``seat`` could not tell apart from this one.

        Bots that search use it: hidden cards are re-dealt at random from what ``seat`` cannot
        see. The result must depend only on what the seat sees and on ``rng`` (sort the unseen
        cards before shuffling them), or the sample leaks the real deal; the kit checks this. The default clones the state unchanged, which is right only for games without
        hidden information; games with hidden cards override it.
        """
        return self.clone()

    def sample(self, seat: int, rng: random.Random) -> GameState:
        """``determinize`` plus a fresh chance stream: what a searching bot may look at.

        The copy's own RNG is reseeded so future chance cannot leak either.
        """
        twin = self.determinize(seat, rng)
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def check_invariants(self) -> None:
        """Raise AssertionError when the game's own invariants break (cards lost, bounds)."""
        return None

    # ---- the protocol --------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    def decision(self) -> Decision | None:
        if self._decision_cache is None:
            self._decision_cache = self._decision()
        return self._decision_cache

    def is_over(self) -> bool:
        return self.decision() is None

    def apply(self, option_id: str) -> list[LogEntry]:
        """Apply one option by id and return the log entries it produced.

        An illegal id raises ``IllegalMove`` and leaves the state unchanged. If the game's own
        rule code fails half-way, the state is restored from before the call and the error
        propagates, so a bug never leaves a half-applied move behind.
        """
        decision = self.decision()
        if decision is None:
            raise GameOver("the game is over")
        option = decision.option(option_id)
        backup = self.clone()
        self._log_buffer = []
        try:
            self._apply(option)
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(backup.__dict__)
            raise
        finally:
            entries, self._log_buffer = self._log_buffer or [], None
        self.history.append(option_id)
        self._decision_cache = None
        self._keep_barrier(decision)
        return entries

    def apply_unrecorded(self, option_id: str) -> None:
        """``apply`` for simulations and search: it skips the safety copy, the log and the undo
        barrier (the move still joins ``history``).

        Nothing a player may undo should be played this way: without the barrier, undo
        could cross another seat's decision.
        """
        self._answer(option_id)

    def playout(self, rng: random.Random, limit: int) -> None:
        """Finish the game with random options, at most ``limit`` moves (search play-outs).

        Each move is ``rng.choice`` of the pending decision's options, applied unrecorded. A
        game may do the same faster (it must draw the same options in the same way).
        """
        moves = 0
        while (decision := self.decision()) is not None and moves < limit:
            self.apply_unrecorded(rng.choice(decision.options).id)
            moves += 1

    def _answer(self, option_id: str) -> Decision:
        """Apply a legal option and add it to the history; return the decision it answered."""
        decision = self.decision()
        if decision is None:
            raise GameOver("the game is over")
        self._apply(decision.option(option_id))
        self.history.append(option_id)
        self._decision_cache = None
        return decision

    def _keep_barrier(self, decision: Decision) -> None:
        """Undo never crosses another seat's decision: once the seat to decide changes after
        ``decision``, the barrier moves up to here."""
        nxt = self.decision()
        if nxt is not None and nxt.seat != decision.seat:
            self.barrier = max(self.barrier, len(self.history))

    def result(self) -> GameResult | None:
        return self._result() if self.is_over() else None

    def clone(self) -> Self:
        """An independent copy. Subclasses with big immutable data may make it cheaper."""
        return copy.deepcopy(self)

    # ---- helpers for subclasses ----------------------------------------------------------

    def log(self, text: str, seat: int | None = None, private_to: int | None = None) -> None:
        if self._log_buffer is not None:
            self._log_buffer.append(LogEntry(text, seat, private_to))

    def mark_barrier(self) -> None:
        """Hidden information was revealed or chance acted: undo stops here."""
        self.barrier = len(self.history) + 1

    # ---- replay and undo -----------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig | dict[str, Any], seed: int) -> Self:
        if not isinstance(config, GameConfig):
            config = cls.config_model.model_validate(config)
        return cls(config, seed)

    @classmethod
    def replay(cls, config: GameConfig, seed: int, history: list[str]) -> Self:
        state = cls.new(config, seed)
        for i, option_id in enumerate(history):
            try:
                state.apply_replay(option_id)
            except EngineError as exc:
                raise EngineError(f"move {i + 1} ('{option_id}') does not replay: {exc}") from exc
        return state

    def apply_replay(self, option_id: str) -> None:
        """Apply during a replay: like ``apply`` but keeps barrier bookkeeping, no log."""
        self._keep_barrier(self._answer(option_id))

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision (the Board Game Arena policy)."""
        if not self.history or len(self.history) <= self.barrier:
            return False
        decision = self.decision()
        return decision is None or decision.seat == seat

    def undone(self) -> Self:
        """The state one decision earlier, rebuilt by replay (the caller checks can_undo)."""
        return type(self).replay(self.config, self.seed, self.history[:-1])

    def __eq__(self, other: object) -> bool:  # equality of whole states, for the kit
        if type(other) is not type(self):
            return NotImplemented
        return self.fingerprint() == other.fingerprint()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def fingerprint(self) -> Any:
        """Everything that defines the position (the full view plus history and RNG)."""
        return (self.view(None), self.full_state(), tuple(self.history), self.rng.getstate())

    def full_state(self) -> Any:
        """The complete hidden-and-public position; used for equality checks.

        The default collects instance attributes except caches; games may override it.
        """
        skip = {"_log_buffer", "_decision_cache", "rng", "history", "barrier"}
        return repr({k: v for k, v in sorted(self.__dict__.items()) if k not in skip})

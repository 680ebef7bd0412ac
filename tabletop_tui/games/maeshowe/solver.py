"""After a game: was this deal winnable? A perfect-information search over the same deal.

The solver replays the game from its seed and searches every sequence of choices, seeing the
deck order and the outcome of every later shuffle (they follow from the seed and the choices).
It is a depth-first search with good moves first, a memory of positions already shown to
lose, and a bound that drops positions without enough Excavates left to clear the passages.
It stops at a time limit and then says the answer is unknown.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from tabletop_tui.engine.core import GameState

from .bots import STRONG, evaluate
from .rules import MaeshoweState

Status = Literal["winnable", "not winnable", "unknown"]


@dataclass
class SolveResult:
    status: Status
    line: list[str] = field(default_factory=list)  # option ids of a winning line
    labels: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


class _OutOfTime(Exception):
    pass


def _key(s: MaeshoweState) -> tuple[Any, ...]:
    """The position up to identical cards. Hands and piles are multisets (shuffles sort
    their cards first, so the order in which cards lie never matters); the row counts only
    through the chain and the cards Conservation could take back."""
    cls = s.cat.cls
    rng = s.rng.getstate()[1]
    return (
        tuple(cls[c] for c in s.deck),
        tuple(s.known_top),
        tuple(tuple(sorted(cls[c] for c in h)) for h in s.hands),
        tuple(tuple(sorted(cls[c] for c in p)) for p in s.piles),
        tuple(sorted(cls[c] for c in s.row)),
        tuple(s.chain),
        tuple(s.health),
        tuple(s.max_health),
        s.food,
        s.passages,
        s.step,
        s.actor,
        s.turn_seat,
        s.played,
        s.discarded,
        s.gift_pending,
        s.skip_check,
        s.jarl,
        s.jarl_locked,
        s.last_pass,
        cls[s.pending_card] if s.pending_card >= 0 else -1,
        len(s.queue),
        tuple(cls[c] for c in s.looking),
        s.garner_left,
        tuple(sorted(cls[c] for c in s.garner_returned)),
        (rng[-1], rng[0], rng[1], rng[2], rng[311], rng[623]),
    )


def _hopeless(s: MaeshoweState) -> bool:
    """True when even perfect four-of-a-rune sets cannot clear what is left."""
    need_sets = (s.passages + 1) // 2
    need = need_sets * s.chain_len - len(s.chain)
    if need <= 0:
        return False
    exc = s.cat.excavate
    have = sum(1 for c in s.deck if exc[c])
    have += sum(1 for h in s.hands for c in h if exc[c])
    have += sum(1 for p in s.piles for c in p if exc[c])
    have += sum(1 for c in s.looking if exc[c])
    return have < need


class Solver:
    def __init__(
        self,
        time_limit: float = 5.0,
        max_nodes: int = 2_000_000,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.time_limit = time_limit
        self.max_nodes = max_nodes
        self.stop = stop  # asked with the clock: true once the answer is no longer wanted
        self.nodes = 0
        self.dead: set[tuple[Any, ...]] = set()
        self.deadline = 0.0
        self._won_line: list[str] = []

    def solve_state(self, state: MaeshoweState) -> SolveResult:
        start = time.perf_counter()
        self.deadline = start + self.time_limit
        self.nodes = 0
        self.dead = set()
        root = state.clone()
        line: list[str] = []
        try:
            won = self._search(root, line)
        except _OutOfTime:
            return SolveResult("unknown", nodes=self.nodes, seconds=time.perf_counter() - start)
        seconds = time.perf_counter() - start
        if not won:
            return SolveResult("not winnable", nodes=self.nodes, seconds=seconds)
        labels = []
        replay = state.clone()
        for oid in line:
            decision = replay.decision()
            assert decision is not None
            labels.append(decision.option(oid).label)
            replay.apply_unrecorded(oid)
        assert replay.outcome == 1, "the winning line must win"
        return SolveResult("winnable", line, labels, self.nodes, seconds)

    def _search(self, s: MaeshoweState, line: list[str]) -> bool:
        """Depth-first over whole turns: every way to play this turn is expanded to the next
        turn's start, equal positions are merged, and the best-looking go first."""
        if s.outcome:
            return s.outcome == 1
        if _hopeless(s):
            return False
        key = _key(s)
        if key in self.dead:
            return False
        successors = self._turns(s)
        if successors is None:  # a line won during this turn
            line.extend(self._won_line)
            return True
        successors.sort(key=lambda item: -evaluate(item[0], 0, STRONG))
        for child, moves in successors:
            line.extend(moves)
            if self._search(child, line):
                return True
            del line[len(line) - len(moves) :]
        self.dead.add(key)
        return False

    def _turns(self, s: MaeshoweState) -> list[tuple[MaeshoweState, list[str]]] | None:
        """The distinct positions at the start of the next turn, each with one line to it;
        None when some line wins at once (kept in ``_won_line``)."""
        found: dict[tuple[Any, ...], tuple[MaeshoweState, list[str]]] = {}
        turn = s.turn_no
        stack: list[tuple[MaeshoweState, list[str]]] = [(s, [])]
        while stack:
            state, moves = stack.pop()
            decision = state.decision()
            assert decision is not None
            for oid in decision.ids:
                self.nodes += 1
                if self.nodes & 511 == 0 and (
                    time.perf_counter() > self.deadline
                    or self.nodes > self.max_nodes
                    or (self.stop is not None and self.stop())
                ):
                    raise _OutOfTime
                child = state.clone()
                child.apply_unrecorded(oid)
                line = [*moves, oid]
                if child.outcome == 1:
                    self._won_line = line
                    return None
                if child.outcome == -1:
                    continue
                if child.turn_no != turn:
                    if _hopeless(child):
                        continue
                    key = _key(child)
                    if key not in found and key not in self.dead:
                        found[key] = (child, line)
                else:
                    stack.append((child, line))
        return list(found.values())


def solve(
    config: Any, seed: int, time_limit: float = 5.0, stop: Callable[[], bool] | None = None
) -> SolveResult:
    """Search the deal of ``seed`` from its first decision."""
    return Solver(time_limit, stop=stop).solve_state(MaeshoweState.new(config, seed))


def analyse(
    state: GameState, stop: Callable[[], bool] | None = None, time_limit: float = 5.0
) -> str:
    """The after-game answer to "was this deal winnable?" (``GameInfo.analysis``). In co-op
    the search sees both hands too, so it ignores Fear of the Dark's silence. ``stop()``
    true ends the search early (the answer is then unknown)."""
    assert isinstance(state, MaeshoweState)
    result = solve(state.config, state.seed, time_limit, stop)
    stats = f"{result.nodes:,} positions in {result.seconds:.1f} s"
    known = "the deck order" if state.n == 1 else "the deck order and both hands"
    if result.status == "winnable":
        first = "; ".join(result.labels[:4])
        more = "..." if len(result.labels) > 4 else ""
        played = "You found it!" if state.outcome == 1 else "A winning line existed."
        return (
            f"Winnable: with {known} known, this deal can be won ({stats}). "
            f"{played} It starts: {first}{more}"
        )
    if result.status == "not winnable":
        return f"Not winnable: even with {known} known, no line of play escapes ({stats})."
    return f"Unknown: the search ran out of time ({stats}) without an answer."

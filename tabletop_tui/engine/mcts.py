"""A search bot that works for every game through the protocol alone.

Information-set Monte Carlo tree search in its simplest sound form: every iteration deals a
fresh determinisation of what the seat cannot see (``ctx.determinize()``), walks a tree of
option ids shared across determinisations (UCB1 on the options that are legal in this deal),
adds one node, finishes the game with random play-outs (at most ``rollout_limit`` steps; a
play-out that does not finish counts for nothing), and backs up into every node on the path
the reward of the seat whose move led to it. Since the tree is keyed by option ids rather than
positions, it never learns from hidden cards.

It is not offered as a seat level: with random play-outs it loses to every game's ``hard``
bot (and never wins a Maeshowe play-out, so solo it has nothing to learn from). It stays as
a protocol check on small games (the tests play Nim with it).
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import ClassVar

from .bots import BotContext
from .core import GameResult, GameState


def reward(result: GameResult, seat: int) -> float:
    """1 for an outright win (or a won co-op game), shared wins split, plus a small score term."""
    if result.cooperative:
        return 1.0 if result.won else 0.0
    mine = next(s for s in result.seats if s.seat == seat)
    winners = [s for s in result.seats if s.rank == 1]
    base = 1.0 / len(winners) if mine.rank == 1 else 0.0
    scores = [s.score for s in result.seats]
    spread = (max(scores) - min(scores)) or 1
    return 0.9 * base + 0.1 * (mine.score - min(scores)) / spread


@contextmanager
def _older_objects_frozen() -> Iterator[None]:
    """Keep the collector's full passes off what existed before the search.

    Play-outs allocate many short-lived containers, so the collector runs often, and each of
    its full passes would walk every object of the process (the loaded games, the caches)
    though none of them is garbage the search made. Frozen for the search and unfrozen after
    it, they are walked again as before. A process that froze objects itself (``sim``) is
    left as it is: ``unfreeze`` would thaw its objects too.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@dataclass
class _Node:
    """One option id's node: how often it was visited and the reward backed up through it."""

    visits: int = 0
    total: float = 0.0
    # The nodes of the option ids tried from here, by id.
    children: dict[str, _Node] = field(default_factory=dict)
    # Per option id: in how many visits here it was legal (the deal decides), for UCB1.
    avail: dict[str, int] = field(default_factory=dict)


@dataclass
class SearchBot:
    """ISMCTS over option ids; ``iterations`` bounds the work per decision, ``rollout_limit``
    the moves of one play-out, and ``c`` weighs exploring against the best average."""

    name: ClassVar[str] = "search"
    iterations: int = 300
    rollout_limit: int = 2000
    c: float = 0.7

    def choose(self, ctx: BotContext) -> str:
        if (only := ctx.forced) is not None:
            return only
        options = ctx.decision.options
        root = _Node()
        rng = random.Random(ctx.rng.random())
        with _older_objects_frozen():
            for _ in range(self.iterations):
                state = ctx.determinize()
                self._iterate(state, root, ctx.seat, rng)
        legal = {o.id for o in options}
        best = max(
            (cid for cid in root.children if cid in legal),
            key=lambda cid: (root.children[cid].visits, root.children[cid].total),
            default=None,
        )
        return best if best is not None else rng.choice(options).id

    def _iterate(self, state: GameState, root: _Node, seat: int, rng: random.Random) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        # Selection and expansion along option ids.
        while (decision := state.decision()) is not None:
            ids = decision.ids
            for oid in ids:
                node.avail[oid] = node.avail.get(oid, 0) + 1
            untried = [oid for oid in ids if oid not in node.children]
            if untried:
                oid = rng.choice(untried)
                child = node.children[oid] = _Node()
                state.apply_unrecorded(oid)
                path.append((child, decision.seat))
                break
            oid = max(ids, key=lambda i: self._ucb(node, i))
            state.apply_unrecorded(oid)
            node = node.children[oid]
            path.append((node, decision.seat))
        state.playout(rng, self.rollout_limit)
        result = state.result()
        if result is None:
            return
        values = {s.seat: reward(result, s.seat) for s in result.seats}
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += values.get(mover, values.get(seat, 0.0))

    def _ucb(self, node: _Node, oid: str) -> float:
        child = node.children[oid]
        avail = node.avail.get(oid, 1)
        return child.total / child.visits + self.c * math.sqrt(math.log(avail) / child.visits)

"""The bot ladder: for each game and player count, each level against the one below.

Competitive games: the two levels fill the seats alternately (higher, lower, higher, ...),
then the same deals are played again with every seat swapped to the other level, so each
level holds exactly half the seats over a pair of games and par is 50%. A game won by a
seat of the higher level counts 1 for it (a shared win counts each level's share).

Solo and co-op games have no rival at the table: both levels play the same deals, and a
deal goes to the level that did better on it: a win beats a loss, then the higher score
(passages cleared, VP), so par is 50% again; equal deals count for neither. How many deals
both levels won, or both lost, is reported too.

Every rate comes with a 95% Wilson interval; a pair is "ordered" when the higher level wins
at least 55% of what was decided. Games run in parallel processes (``--jobs``); the summary
is printed as JSON (``--json FILE`` also writes it to a file).

    python benchmarks/ladder.py [--games N] [--jobs J] [--game GAME] [--json FILE] [--quick]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

# Let "python benchmarks/ladder.py" import the package from a checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.engine.registry import GameInfo, get_game  # noqa: E402
from tabletop_tui.engine.sim import play  # noqa: E402

LEVELS = ("random", "easy", "medium", "hard")
ORDERED_AT = 0.55

# (game, options without players, player counts): what the ladder measures.
TABLES: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("mesos", {}, (2, 3, 4, 5)),
    ("mezo", {}, (1, 2, 3, 4)),
    ("maeshowe", {}, (1, 2)),
]


@dataclass(frozen=True)
class Task:
    """One game to play: which levels sit where."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    levels: tuple[str, ...]


def seatings(players: int, higher: str, lower: str, alone: bool = False) -> list[tuple[str, ...]]:
    """The seat arrangements of one pairing: alternate seats, then every seat swapped.

    Alone (solo or co-op) there is no rival: each level takes every seat of the deal."""
    if alone:
        return [(higher,) * players, (lower,) * players]
    first = tuple(higher if i % 2 == 0 else lower for i in range(players))
    swapped = tuple(lower if level == higher else higher for level in first)
    return [first, swapped]


def tasks_for(pairing: Pairing, options: dict[str, Any], deals: int, seed: int) -> list[Task]:
    """Every game of one pairing: each deal under every seating."""
    opts = tuple(sorted(options.items()))
    p = pairing
    return [
        Task(p.game, p.players, opts, seed + deal, levels)
        for deal in range(deals)
        for levels in seatings(p.players, p.higher, p.lower, p.alone)
    ]


def run_task(task: Task, info: GameInfo | None = None) -> dict[str, Any]:
    """Play one game; what each level won (shares of a shared win) and whether the table won."""
    info = info or get_game(task.game)
    config = info.make_config(task.players, dict(task.options))
    result = play(info, config, task.seed, list(task.levels)).result
    shares: dict[str, float] = {}
    if result.cooperative:  # solo or co-op: one level holds every seat
        shares[task.levels[0]] = 1.0 if result.won else 0.0
        return {"task": task, "shares": shares, "key": (bool(result.won), result.seats[0].score)}
    else:
        winners = result.winners()
        for seat in winners:
            level = task.levels[seat]
            shares[level] = shares.get(level, 0.0) + 1 / len(winners)
    return {"task": task, "shares": shares}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Pairing:
    game: str
    players: int
    higher: str
    lower: str
    alone: bool = False  # solo or co-op: the levels play the same deals, never each other
    games: int = 0
    decided: float = 0.0  # games won by either level; alone, deals one level did better on
    higher_wins: float = 0.0
    both: int = 0  # solo and co-op: deals both levels won
    neither: int = 0  # solo and co-op: deals both levels lost
    rate: float = 0.0
    low: float = 0.0
    high: float = 1.0
    ordered: bool = False
    seconds: float = 0.0  # wall-clock time waiting for this pairing's games


def tally(pairing: Pairing, results: Iterable[dict[str, Any]]) -> Pairing:
    """Fold the played games of one pairing into its win rate and interval."""
    results = list(results)
    pairing.games = len(results)
    if pairing.alone:
        by_deal: dict[int, dict[str, tuple[bool, int]]] = {}
        for r in results:
            task: Task = r["task"]
            by_deal.setdefault(task.seed, {})[task.levels[0]] = r["key"]
        for outcome in by_deal.values():
            h, lo = outcome[pairing.higher], outcome[pairing.lower]
            if h[0] and lo[0]:
                pairing.both += 1
            elif not h[0] and not lo[0]:
                pairing.neither += 1
            if h != lo:  # a win beats a loss; then the score (passages cleared, VP)
                pairing.decided += 1
                pairing.higher_wins += 1 if h > lo else 0
    else:
        for r in results:
            won = sum(r["shares"].values())
            pairing.decided += won
            pairing.higher_wins += r["shares"].get(pairing.higher, 0.0)
    n = round(pairing.decided)
    pairing.rate = pairing.higher_wins / pairing.decided if pairing.decided else 0.0
    pairing.low, pairing.high = wilson(pairing.higher_wins, n)
    pairing.ordered = pairing.decided > 0 and pairing.rate >= ORDERED_AT
    return pairing


def ladder(
    tables: Sequence[tuple[str, dict[str, Any], tuple[int, ...]]],
    deals: int,
    jobs: int,
    seed: int = 1,
    levels: Sequence[str] = LEVELS,
    progress: Any = None,
    infos: dict[str, GameInfo] | None = None,
) -> list[Pairing]:
    """Play every adjacent pair of ``levels`` at every table; one Pairing each.

    ``infos`` plays games that are not registered (in one process): the tests use it."""
    plan: list[tuple[Pairing, list[Task]]] = []
    for game, options, counts in tables:
        info = infos[game] if infos else get_game(game)
        for players in counts:
            if not info.min_players <= players <= info.max_players:
                continue
            mode = info.mode_for(players)
            alone = players == 1 or (mode is not None and mode.id == "coop")
            for lower, higher in zip(levels, levels[1:], strict=False):
                pairing = Pairing(game, players, higher, lower, alone)
                plan.append((pairing, tasks_for(pairing, options, deals, seed)))
    everything = [t for _, tasks in plan for t in tasks]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return _collect(plan, pool.map(run_task, everything, chunksize=1), progress)
    run = (lambda t: run_task(t, infos[t.game])) if infos else run_task
    return _collect(plan, map(run, everything), progress)


def _collect(
    plan: list[tuple[Pairing, list[Task]]], results: Iterable[dict[str, Any]], progress: Any
) -> list[Pairing]:
    """Tally each pairing as soon as its games are in (results come in task order)."""
    stream = iter(results)
    out = []
    for pairing, tasks in plan:
        start = time.perf_counter()
        out.append(tally(pairing, [next(stream) for _ in tasks]))
        pairing.seconds = round(time.perf_counter() - start, 1)
        if progress is not None:
            progress(pairing)
    return out


def summary(pairings: Sequence[Pairing], deals: int) -> dict[str, Any]:
    return {
        "deals_per_pairing": deals,
        "ordered_at": ORDERED_AT,
        "all_ordered": all(p.ordered for p in pairings),
        "pairings": [
            {k: (round(v, 3) if isinstance(v, float) else v) for k, v in asdict(p).items()}
            for p in pairings
        ],
    }


def line(p: Pairing) -> str:
    mark = "ordered" if p.ordered else "NOT ordered"
    return (
        f"{p.game:9} {p.players}p  {p.higher:>6} over {p.lower:<6} "
        f"{100 * p.rate:5.1f}% [{100 * p.low:.0f}-{100 * p.high:.0f}] "
        f"of {p.decided:g} decided ({p.games} games)  {mark}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Each bot level against the one below.")
    parser.add_argument("--games", type=int, default=40, help="deals per pairing and seating")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only these counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the summary to this file")
    parser.add_argument("--quick", action="store_true", help="4 deals, to check it runs")
    args = parser.parse_args(argv)
    deals = 4 if args.quick else args.games
    tables = [
        (g, o, tuple(n for n in counts if not args.players or n in args.players))
        for g, o, counts in TABLES
        if not args.game or g in args.game
    ]
    pairings = ladder(
        tables, deals, max(1, args.jobs), args.seed, progress=lambda p: print(line(p), flush=True)
    )
    data = summary(pairings, deals)
    text = json.dumps(data, indent=1)
    if args.json:
        args.json.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

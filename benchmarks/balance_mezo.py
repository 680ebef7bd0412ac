"""Mezo's competitive balance: each god's win rate at 2, 3 and 4 players.

Every game draws distinct gods for all its seats at random (from the game's seed, so a run
is reproducible), and the seat order is drawn by the game itself; each seat's result counts
for the god it held, so one game feeds a cell for every seat. A win counts 1, a shared win
its share (as ``tabletop-tui sim`` counts it); par is 1/N. Games are added in seed order
until every god has held at least ``--min-per-cell`` seats at that player count.

Per (god, player count) the summary gives the win rate with its 95% Wilson interval, the
seats played, the mean final VP and the mean VP by source (Altars, Blessed Region, Calendar
and Codex, pyramids, God cards and CALL, Devotion, ...), so a weak god's missing points show.

Each finished game is appended to ``--records`` (JSON lines) as soon as it is in, tagged
with a fingerprint of the Mezo data and code: a later run with the same file plays only the
games still missing, and ignores records from other data or code. ``--max-minutes`` stops
starting new games after that long, so a long run can be done in bounded pieces; the player
counts advance together, so a stopped run has about the same share of each.

    python benchmarks/balance_mezo.py [--players 2 3 4] [--min-per-cell 300] [--jobs 2]
        [--level hard] [--seed 0] [--records FILE] [--json FILE] [--max-minutes M] [--quick]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

# Let "python benchmarks/balance_mezo.py" import the package and the ladder from a checkout.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ladder import wilson  # noqa: E402

from tabletop_tui.engine.registry import get_game  # noqa: E402
from tabletop_tui.engine.sim import play  # noqa: E402

GODS = ("ah_puch", "cabrakan", "ixchel", "kukulkan", "uayeb", "xolotl", "zotz")
# Par ± this many points is "in band" (the aim of issue 19).
BAND = 0.08


def gods_for(players: int, seed: int) -> tuple[str, ...]:
    """The gods of one game's seats: distinct, drawn at random from the seed alone.

    Seeds come in blocks of seven games: each block lays the gods round a circle in a random
    order and game ``j`` of the block takes ``players`` neighbours starting at ``j * players``,
    so over a block every god holds exactly ``players`` seats, and its rivals change from
    block to block. The seats then get those gods in a random order.
    """
    block, j = divmod(seed, len(GODS))
    circle = random.Random(f"mezo-balance:{players}:{block}").sample(GODS, len(GODS))
    gods = [circle[(j * players + k) % len(GODS)] for k in range(players)]
    random.Random(f"mezo-balance:{players}:{block}:{j}").shuffle(gods)
    return tuple(gods)


def plan(players: int, min_per_cell: int, seed: int) -> list[int]:
    """The seeds to play: from ``seed`` on, until every god has held ``min_per_cell`` seats."""
    held = dict.fromkeys(GODS, 0)
    seeds = []
    s = seed
    while min(held.values()) < min_per_cell:
        for g in gods_for(players, s):
            held[g] += 1
        seeds.append(s)
        s += 1
    return seeds


def _without_notes(value: Any) -> Any:
    """Data with its "note" fields dropped: a note says why a value changed, never plays."""
    if isinstance(value, dict):
        return {k: _without_notes(v) for k, v in value.items() if k != "note"}
    if isinstance(value, list):
        return [_without_notes(v) for v in value]
    return value


def fingerprint() -> str:
    """A short hash of what decides a game's outcome: the Mezo data and engine and bot code."""
    h = hashlib.sha256()
    for f in sorted((ROOT / "assets" / "mezo").glob("*.json")):
        h.update(f.name.encode())
        data = _without_notes(json.loads(f.read_text()))
        h.update(json.dumps(data, sort_keys=True).encode())
    files = sorted((ROOT / "tabletop_tui" / "games" / "mezo").glob("*.py"))
    files += [
        ROOT / "tabletop_tui" / "engine" / "bots.py",
        ROOT / "tabletop_tui" / "engine" / "core.py",
    ]
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:12]


def play_one(players: int, seed: int, level: str) -> dict[str, Any]:
    """One game, every seat at ``level``: each seat's god, win share, VP and VP by source."""
    from tabletop_tui.games.mezo.rules import SOURCES

    info = get_game("mezo")
    gods = gods_for(players, seed)
    config = info.make_config(players, {f"god_{i + 1}": g for i, g in enumerate(gods)})
    try:
        played = play(info, config, seed, [level] * players)
    except Exception as exc:  # one broken game is reported, not fatal to the run
        return {"players": players, "seed": seed, "error": f"{type(exc).__name__}: {exc}"}
    winners = played.result.winners()
    st = played.state
    return {
        "players": players,
        "seed": seed,
        "gods": list(gods),
        "share": [1 / len(winners) if s in winners else 0.0 for s in range(players)],
        "vp": [st.vp[s] for s in range(players)],  # type: ignore[attr-defined]
        "src": [
            {k: v for k, v in zip(SOURCES, st.vpsrc[s], strict=True) if v}  # type: ignore[attr-defined]
            for s in range(players)
        ],
        "seconds": round(played.seconds, 3),
    }


def load_records(path: Path | None, mark: str) -> dict[tuple[int, int], dict[str, Any]]:
    """Games already played with this data and code, by (players, seed)."""
    done: dict[tuple[int, int], dict[str, Any]] = {}
    if path is None or not path.exists():
        return done
    for line in path.read_text().splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by a stopped run
        if rec.get("fingerprint") == mark and "error" not in rec:
            done[(rec["players"], rec["seed"])] = rec
    return done


def run_games(
    todo: Sequence[tuple[int, int]], level: str, jobs: int, deadline: float | None
) -> Iterator[dict[str, Any]]:
    """Play ``todo`` (players, seed) games in ``jobs`` processes; yield each as it ends."""
    if jobs <= 1:
        for players, seed in todo:
            if deadline is not None and time.monotonic() > deadline:
                return
            yield play_one(players, seed, level)
        return
    fork = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if fork else None)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        queue = iter(todo)
        running: set[Future[dict[str, Any]]] = set()

        def top_up() -> None:
            while len(running) < 2 * jobs:
                if deadline is not None and time.monotonic() > deadline:
                    return
                nxt = next(queue, None)
                if nxt is None:
                    return
                running.add(pool.submit(play_one, nxt[0], nxt[1], level))

        top_up()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                running.discard(fut)
                yield fut.result()
            top_up()


def tally(records: Iterable[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """One row per god at this player count: rate, interval, seats, mean VP (and by source)."""
    rows = []
    recs = [r for r in records if r["players"] == players]
    for god in GODS:
        shares: list[float] = []
        vps: list[int] = []
        src: dict[str, float] = {}
        for r in recs:
            if god not in r["gods"]:
                continue
            s = r["gods"].index(god)
            shares.append(r["share"][s])
            vps.append(r["vp"][s])
            for k, v in r["src"][s].items():
                src[k] = src.get(k, 0.0) + v
        n = len(shares)
        wins = sum(shares)
        low, high = wilson(wins, n)
        par = 1 / players
        rate = wins / n if n else 0.0
        rows.append(
            {
                "god": god,
                "players": players,
                "n": n,
                "wins": round(wins, 3),
                "win_rate": round(rate, 4),
                "low": round(low, 4),
                "high": round(high, 4),
                "par": round(par, 4),
                "in_band": bool(n) and abs(rate - par) <= BAND,
                "mean_vp": round(statistics.fmean(vps), 2) if vps else 0.0,
                "mean_vp_by_source": {k: round(v / n, 2) for k, v in sorted(src.items())},
            }
        )
    return rows


def table(rows: Sequence[dict[str, Any]], counts: Sequence[int]) -> str:
    """A god × player count table of rate [interval] (n), "*" outside par ± 8 points."""
    head = "| god | " + " | ".join(f"{n}p (par {100 / n:.0f}%)" for n in counts) + " |"
    lines = [head, "| --- |" + " --- |" * len(counts)]
    by = {(r["god"], r["players"]): r for r in rows}
    for god in GODS:
        cells = []
        for n in counts:
            r = by.get((god, n))
            if r is None or not r["n"]:
                cells.append("–")
                continue
            mark = "" if r["in_band"] else " *"
            cells.append(
                f"{100 * r['win_rate']:.1f} [{100 * r['low']:.0f}–{100 * r['high']:.0f}]"
                f" ({r['n']}){mark}"
            )
        lines.append(f"| {god} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Mezo: each god's win rate by player count.")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--min-per-cell", type=int, default=300, help="seats per god and count")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--level", default="hard", help="the bot level of every seat")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--records", type=Path, help="JSON lines of played games (resumable)")
    parser.add_argument("--json", type=Path, help="write the summary to this file")
    parser.add_argument("--max-minutes", type=float, help="start no game after this long")
    parser.add_argument("--quick", action="store_true", help="2 seats a cell, to check it runs")
    args = parser.parse_args(argv)
    if any(not 2 <= n <= 4 for n in args.players):
        parser.error("--players must be 2, 3 or 4")
    if args.min_per_cell < 1:
        parser.error("--min-per-cell must be at least 1")
    info = get_game("mezo")
    if args.level not in info.bots:
        parser.error(f"--level must be one of {', '.join(info.bots)}")
    per_cell = 2 if args.quick else args.min_per_cell
    mark = fingerprint()
    done = load_records(args.records, mark)
    plans = {n: plan(n, per_cell, args.seed) for n in args.players}
    wanted = [(n, s) for n in args.players for s in plans[n]]
    # The counts advance together (by the share of their plan done), so a run stopped by
    # --max-minutes leaves every count about as far along.
    order = {(n, s): i / len(plans[n]) for n in args.players for i, s in enumerate(plans[n])}
    todo = sorted((k for k in wanted if k not in done), key=lambda k: (order[k], k[0]))
    print(f"{len(wanted)} games, {len(wanted) - len(todo)} already in records", flush=True)
    deadline = time.monotonic() + 60 * args.max_minutes if args.max_minutes else None
    errors: list[str] = []
    start = time.monotonic()
    out = args.records.open("a") if args.records else None
    try:
        for i, rec in enumerate(run_games(todo, args.level, max(1, args.jobs), deadline), 1):
            if "error" in rec:
                errors.append(f"{rec['players']}p seed {rec['seed']}: {rec['error']}")
                continue
            rec["fingerprint"] = mark
            done[(rec["players"], rec["seed"])] = rec
            if out is not None:
                out.write(json.dumps(rec) + "\n")
                out.flush()
            if i % 50 == 0:
                print(f"  {i}/{len(todo)} in {time.monotonic() - start:.0f} s", flush=True)
    finally:
        if out is not None:
            out.close()
    records = [done[k] for k in wanted if k in done]
    rows = [row for n in args.players for row in tally(records, n)]
    summary = {
        "game": "mezo",
        "level": args.level,
        "min_per_cell": per_cell,
        "seed": args.seed,
        "fingerprint": mark,
        "games": {str(n): sum(1 for r in records if r["players"] == n) for n in args.players},
        "complete": len(records) == len(wanted),
        "band": BAND,
        "all_in_band": all(r["in_band"] for r in rows),
        "errors": errors[:10],
        "cells": rows,
    }
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    print(table(rows, args.players))
    if not summary["complete"]:
        print(f"incomplete: {len(records)} of {len(wanted)} games played", flush=True)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())

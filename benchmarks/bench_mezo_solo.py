"""Mezo solo benchmarks: random solo games per second, and the hard heuristic bot's win rate
in the player's seat against the Vengeful gods, per difficulty and per god.

The hard level is the player the rulebook's balance notes (B13) describe: one-step greedy,
averaging its first action of each conflict over the unseen Vengeful cards. Every god plays
the same deals (seeds) at every difficulty, so columns and rows compare like with like.

Run: python benchmarks/bench_mezo_solo.py [--quick] [--games N] [--difficulties a,b].
N is the number of games per god and difficulty (default 30: 210 per difficulty, a 95%
interval of about +-7 points on the overall rate). Speed figures are medians over runs.
Balance target (B13): about 0.49 overall at Standard, 0.44 at Hard, each god within about
10 points of its row below.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass

from harness import median_of, random_game_seconds

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.games.mezo.bots import easy, hard, medium
from tabletop_tui.games.mezo.rules import MezoConfig, MezoState

DIFFICULTIES = ("apprentice", "standard", "hard", "legendary")
# B13's table (Standard) and its overall figures.
B13 = {
    "ah_puch": 0.53,
    "cabrakan": 0.45,
    "ixchel": 0.52,
    "kukulkan": 0.57,
    "uayeb": 0.42,
    "xolotl": 0.42,
    "zotz": 0.42,
}
B13_OVERALL = {"standard": 0.49, "hard": 0.44}
SEED = 20_000


@dataclass
class Played:
    god: str
    won: bool
    margin: int
    mine: int
    theirs: int
    conditions: tuple[tuple[str, int], ...]  # (Task condition, tokens) for both goals


def solo_game(god: str, difficulty: str, seed: int, make=hard) -> Played:
    """One finished solo game with a heuristic bot (hard by default) playing ``god``."""
    state = MezoState.new(MezoConfig(players=1, god_1=god, difficulty=difficulty), seed)
    bot = make()
    rng = bot_rng(seed, 0)
    while state.decision() is not None:
        state.apply_unrecorded(bot.choose(context_for(state, rng)))
    me, them = state.vp
    side = state.task()
    conds = (
        (
            (side.player.condition, state.task_tokens[0]),
            (side.vengeful.condition, state.task_tokens[1]),
        )
        if side is not None
        else ()
    )
    return Played(god, me > them, me - them, me, them, conds)


def interval(wins: list[bool]) -> float:
    """Half-width of the normal 95% interval of a win rate."""
    p = statistics.fmean(wins)
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / len(wins))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="few games, for a smoke run")
    ap.add_argument("--games", type=int, default=None, help="games per god and difficulty")
    ap.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    args = ap.parse_args()
    games = args.games or (3 if args.quick else 30)
    difficulties = [d for d in args.difficulties.split(",") if d]
    gods = sorted(B13)

    runs = 3 if args.quick else 5
    n_random = 20 if args.quick else 100
    cfg = MezoConfig(players=1)
    ms = 1000 * median_of(runs, lambda r: random_game_seconds(MezoState, cfg, n_random, 1000 * r))
    print(f"random solo game: {ms:.1f} ms median ({1000 / ms:.0f} games/s)")

    table: dict[str, dict[str, list[Played]]] = {}
    tokens: dict[str, list[int]] = defaultdict(list)
    for difficulty in difficulties:
        start = time.perf_counter()
        played = {g: [solo_game(g, difficulty, SEED + i) for i in range(games)] for g in gods}
        table[difficulty] = played
        flat = [p for ps in played.values() for p in ps]
        spent = (time.perf_counter() - start) / len(flat)
        wins = [p.won for p in flat]
        margins = [p.margin for p in flat]
        target = B13_OVERALL.get(difficulty)
        print(
            f"hard bot, {difficulty:10}: win rate {statistics.fmean(wins):.2f} "
            f"+-{interval(wins):.2f}"
            + (f" (B13 {target:.2f})" if target is not None else "")
            + f", margin {statistics.fmean(margins):+.1f} (sd {statistics.pstdev(margins):.1f}), "
            f"scores {statistics.fmean(p.mine for p in flat):.0f} / "
            f"{statistics.fmean(p.theirs for p in flat):.0f} "
            f"({len(flat)} games, {spent:.2f} s/game)"
        )
        for p in flat:
            for cond, k in p.conditions:
                tokens[cond].append(k)

    print(f"\nwin rate per god (hard bot, {games} games per cell, same deals in every cell)")
    print(f"{'god':10} {'B13 std':>8} " + " ".join(f"{d:>10}" for d in difficulties))
    for g in gods:
        cells = " ".join(
            f"{statistics.fmean(p.won for p in table[d][g]):>10.2f}" for d in difficulties
        )
        print(f"{g:10} {B13[g]:>8.2f} {cells}")
    overall = " ".join(
        f"{statistics.fmean(p.won for ps in table[d].values() for p in ps):>10.2f}"
        for d in difficulties
    )
    print(f"{'overall':10} {B13_OVERALL['standard']:>8.2f} {overall}")

    for name, make in (("medium", medium), ("easy", easy)):
        sample = max(1, games // 3)
        played_l = [solo_game(g, "standard", SEED + i, make) for g in gods for i in range(sample)]
        wins_l = [p.won for p in played_l]
        margin = statistics.fmean(p.margin for p in played_l)
        print(
            f"{name} bot, standard: win rate {statistics.fmean(wins_l):.2f}, "
            f"margin {margin:+.1f} ({len(played_l)} games)"
        )
    print(
        "Task tokens per game: "
        + ", ".join(f"{c} {statistics.fmean(t):.1f}" for c, t in sorted(tokens.items()))
    )


if __name__ == "__main__":
    main()

"""Mezo benchmarks: random 4-player games per second, clone cost, heuristic decisions per
second, and the heuristic bots' win rates against random bots (and against each other).

Run: python benchmarks/bench_mezo.py [--quick]. Figures are medians over several runs.
Goal: a random 4-player game in at most 30 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tabletop_tui.engine.bots import RandomBot, bot_rng, context_for
from tabletop_tui.games.mezo.bots import hard, medium
from tabletop_tui.games.mezo.rules import MezoConfig, MezoState


def random_games(games: int, seed: int, players: int = 4) -> float:
    """Seconds per random game (apply_fast, options drawn uniformly)."""
    cfg = MezoConfig(players=players)
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        state = MezoState(cfg, seed + i)
        while (d := state.decision()) is not None:
            state.apply_fast(rng.choice(d.options).id)
    return (time.perf_counter() - start) / games


def clone_time(n: int) -> float:
    state = MezoState(MezoConfig(players=4), 1)
    rng = random.Random(1)
    for _ in range(150):
        state.apply_fast(rng.choice(state.decision().options).id)
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    return (time.perf_counter() - start) / n


def heuristic_decisions(games: int, players: int, seed: int, make=hard) -> float:
    """Bot decisions per second (the bot's own time, view and sampling included)."""
    bot = make()
    spent = 0.0
    count = 0
    for g in range(games):
        state = MezoState(MezoConfig(players=players), seed + g)
        rngs = [bot_rng(seed + g, s) for s in range(players)]
        while (d := state.decision()) is not None:
            t = time.perf_counter()
            option = bot.choose(context_for(state, rngs[d.seat]))
            spent += time.perf_counter() - t
            count += 1
            state.apply_fast(option)
    return count / spent


def win_rate(
    games: int, players: int, seed: int, make=hard, rival=RandomBot
) -> tuple[float, float]:
    """Share of games the ``make`` bot wins (shared wins count a share) against ``rival``
    bots, its seat rotating; and its mean margin over the best rival."""
    wins = 0.0
    margins = []
    for g in range(games):
        hero = g % players
        bots = [make() if s == hero else rival() for s in range(players)]
        state = MezoState(MezoConfig(players=players), seed + g)
        rngs = [bot_rng(seed + g, s) for s in range(players)]
        while (d := state.decision()) is not None:
            state.apply_fast(bots[d.seat].choose(context_for(state, rngs[d.seat])))
        result = state.result()
        winners = result.winners()
        if hero in winners:
            wins += 1 / len(winners)
        scores = {s.seat: s.score for s in result.seats}
        margins.append(scores[hero] - max(v for k, v in scores.items() if k != hero))
    return wins / games, statistics.fmean(margins)


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 3 if quick else 5
    n_random = 20 if quick else 100
    per_game = [random_games(n_random, 1000 * r) for r in range(runs)]
    ms = 1000 * statistics.median(per_game)
    print(f"random 4-player game: {ms:.1f} ms median ({1000 / ms:.0f} games/s; goal <= 30 ms)")
    for players in (2, 3):
        ms_p = 1000 * statistics.median(random_games(n_random, 7 + r, players) for r in range(runs))
        print(f"random {players}-player game: {ms_p:.1f} ms median")
    us = 1e6 * statistics.median(clone_time(2000) for _ in range(runs))
    print(f"clone: {us:.1f} us median")
    rate = statistics.median(heuristic_decisions(1 if quick else 2, 4, 50 + r) for r in range(runs))
    print(f"heuristic (hard) decisions: {rate:.0f}/s median")
    games = 8 if quick else 40
    for players in (2, 4):
        wr, margin = win_rate(games, players, 500)
        print(
            f"hard vs {players - 1} random: win rate {wr:.2f}, mean margin {margin:+.1f} VP ({games} games)"
        )
    wr, margin = win_rate(games // 2, 2, 900, make=hard, rival=medium)
    print(f"hard vs medium (2 players): win rate {wr:.2f}, mean margin {margin:+.1f} VP")


if __name__ == "__main__":
    main()

"""Mesos benchmarks: random 5-player games per second, heuristic decisions per second, and
the heuristic bot's win rate against random bots.

Run: python benchmarks/bench_mesos.py [--quick]. Figures are medians over several runs.
Goal: a random 5-player game in at most 10 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tabletop_tui.engine.bots import RandomBot, bot_rng, context_for
from tabletop_tui.games.mesos import GAME
from tabletop_tui.games.mesos.bots import hard, medium
from tabletop_tui.games.mesos.rules import MesosConfig, MesosState


def random_games(games: int, seed: int) -> float:
    """Seconds per random 5-player game (apply_fast, options drawn uniformly)."""
    cfg = MesosConfig(players=5)
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        state = MesosState(cfg, seed + i)
        while (d := state.decision()) is not None:
            state.apply_fast(rng.choice(d.options).id)
    return (time.perf_counter() - start) / games


def clone_time(n: int) -> float:
    state = MesosState(MesosConfig(players=5), 1)
    for _ in range(30):
        state.apply_fast(state.decision().options[0].id)
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    return (time.perf_counter() - start) / n


def heuristic_decisions(games: int, players: int, seed: int, make=medium) -> float:
    """Bot decisions per second (the bot's own time, view building included)."""
    bot = make()
    spent = 0.0
    count = 0
    for g in range(games):
        state = MesosState(MesosConfig(players=players), seed + g)
        rngs = [bot_rng(seed + g, s) for s in range(players)]
        while (d := state.decision()) is not None:
            t = time.perf_counter()
            option = bot.choose(context_for(state, rngs[d.seat]))
            spent += time.perf_counter() - t
            count += 1
            state.apply_fast(option)
    return count / spent


def win_rate(
    games: int, players: int, seed: int, make=medium, rival=RandomBot
) -> tuple[float, float]:
    """Share of games the ``make`` bot wins (shared wins count a share) against ``rival``
    bots, its seat rotating; and its mean margin over the best rival."""
    wins = 0.0
    margins = []
    for g in range(games):
        hero = g % players
        bots = [make() if s == hero else rival() for s in range(players)]
        state = MesosState(MesosConfig(players=players), seed + g)
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
    runs = 3 if quick else 7
    per_run = 50 if quick else 200
    times = [random_games(per_run, 1000 * r) for r in range(runs)]
    med = statistics.median(times)
    print(
        f"random 5-player game: median {med * 1000:.2f} ms ({1 / med:.0f} games/s) over {runs} runs"
    )
    clones = [clone_time(2000) for _ in range(runs)]
    print(f"clone (5 players, mid-game): median {statistics.median(clones) * 1e6:.1f} µs")
    rates = [heuristic_decisions(2 if quick else 5, 4, 50 * r) for r in range(runs)]
    print(f"heuristic (medium) decisions, 4 players: median {statistics.median(rates):.0f}/s")
    rates = [heuristic_decisions(1, 4, 50 * r, hard) for r in range(3)]
    print(f"lookahead (hard) decisions, 4 players: median {statistics.median(rates):.0f}/s")
    n = 20 if quick else 100
    for players in (2, 3, 4, 5):
        rate, margin = win_rate(n, players, 7)
        print(
            f"heuristic vs {players - 1} random: wins {rate:.0%} of {n} games, "
            f"mean margin {margin:+.1f} PP (chance {1 / players:.0%})"
        )
    n = 10 if quick else 40
    for players in (2, 3, 4, 5):
        rate, margin = win_rate(n, players, 9, hard, RandomBot)
        print(
            f"lookahead vs {players - 1} random: wins {rate:.0%} of {n} games, margin {margin:+.1f}"
        )
    for players in (2, 3, 4):
        rate, margin = win_rate(n, players, 11, hard, medium)
        print(
            f"lookahead vs {players - 1} heuristic: wins {rate:.0%} of {n} games, "
            f"margin {margin:+.1f} (chance {1 / players:.0%})"
        )
    print(f"registered bots: {', '.join(GAME.bots)}")


if __name__ == "__main__":
    main()

"""Maeshowe speed: random solo games, greedy decisions and the deal solver.

Run with ``python benchmarks/bench_maeshowe.py``; prints medians over several runs.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.games.maeshowe.bots import GreedyBot, hard
from tabletop_tui.games.maeshowe.rules import MaeshoweState
from tabletop_tui.games.maeshowe.solver import solve

RUNS = 5


def random_games(n: int, config: dict) -> float:
    """Seconds per random game (apply_fast, options chosen uniformly)."""
    rng = random.Random(1)
    start = time.perf_counter()
    for seed in range(n):
        state = MaeshoweState.new(config, seed)
        while (d := state.decision()) is not None:
            state.apply_fast(rng.choice(d.options).id)
    return (time.perf_counter() - start) / n


def clone_time(n: int) -> float:
    state = MaeshoweState.new({"players": 1}, 3)
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    return (time.perf_counter() - start) / n


def greedy_decisions(games: int, bot: GreedyBot, config: dict) -> tuple[float, float]:
    """(decisions per second, win rate) over ``games`` solo games."""
    decisions = 0
    wins = 0
    start = time.perf_counter()
    for seed in range(games):
        state = MaeshoweState.new(config, seed)
        rngs = [bot_rng(seed, s) for s in range(state.n)]
        while (d := state.decision()) is not None:
            state.apply_fast(bot.choose(context_for(state, rngs[d.seat])))
            decisions += 1
        wins += state.outcome == 1
    return decisions / (time.perf_counter() - start), wins / games


def main() -> None:
    for label, config in [
        ("solo core", {"players": 1}),
        (
            "solo all sets",
            {
                "players": 1,
                "gluttony_garner": True,
                "crumble_conservation": True,
                "horror_hope": True,
            },
        ),
        ("co-op", {"players": 2}),
    ]:
        times = [random_games(500, config) for _ in range(RUNS)]
        ms = 1000 * statistics.median(times)
        print(f"random game, {label}: {ms:.3f} ms median ({1000 / ms:.0f} games/s)")
    clones = [clone_time(20_000) for _ in range(RUNS)]
    print(f"clone: {1e6 * statistics.median(clones):.1f} us median")
    for name, bot in [("greedy", GreedyBot()), ("hard", hard())]:
        rates = [greedy_decisions(40, bot, {"players": 1})[0] for _ in range(3)]
        print(f"{name} bot: {statistics.median(rates):.0f} decisions/s median")
    for difficulty in ("easy", "medium"):
        seconds = []
        status: Counter[str] = Counter()
        for seed in range(20):
            result = solve({"players": 1, "difficulty": difficulty}, seed, time_limit=5.0)
            seconds.append(result.seconds)
            status[result.status] += 1
        print(
            f"solver {difficulty}: {statistics.median(seconds):.3f} s median over 20 deals "
            f"(limit 5 s): {dict(status)}"
        )


if __name__ == "__main__":
    main()

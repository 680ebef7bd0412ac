"""Maeshowe speed and strength: random games, bot decisions, the tip, bot win rates against
the design notes' figures, and the deal solver.

Run with ``python benchmarks/bench_maeshowe.py``; prints medians over several runs.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from harness import clone_seconds, median_of, random_game_seconds

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.games.maeshowe.bots import GreedyBot, hard, play_greedy_game
from tabletop_tui.games.maeshowe.rules import MaeshoweState
from tabletop_tui.games.maeshowe.solver import solve

RUNS = 5


def greedy_decisions(games: int, bot: GreedyBot, config: dict) -> tuple[float, float]:
    """(decisions per second, win rate) over ``games`` solo games."""
    decisions = 0
    wins = 0
    start = time.perf_counter()
    for seed in range(games):
        state = MaeshoweState.new(config, seed)
        rngs = [bot_rng(seed, s) for s in range(state.n)]
        while (d := state.decision()) is not None:
            state.apply_unrecorded(bot.choose(context_for(state, rngs[d.seat])))
            decisions += 1
        wins += state.outcome == 1
    return decisions / (time.perf_counter() - start), wins / games


def win_rates(games: int) -> None:
    """Solo win rates of the plain greedy bot (the notes: about 50%, 24%, 4%) and of hard."""
    for name, make in [("greedy", GreedyBot), ("hard", hard)]:
        rates = []
        for difficulty in ("easy", "medium", "hard"):
            config = {"players": 1, "difficulty": difficulty}
            wins = sum(play_greedy_game(config, s, make()).outcome == 1 for s in range(games))
            rates.append(f"{difficulty} {100 * wins / games:.0f}%")
        print(f"{name} bot solo win rate over {games} deals: {', '.join(rates)}")
    wins = sum(play_greedy_game({"players": 2}, s, GreedyBot()).outcome == 1 for s in range(games))
    print(f"greedy bots co-op easy win rate over {games} deals: {100 * wins / games:.0f}%")


def tip_time(deals: int) -> float:
    """Seconds for the tip at a game's first decision (the hard bot's choice and reasons)."""
    times = []
    for seed in range(deals):
        state = MaeshoweState.new({"players": 1}, seed)
        ctx = context_for(state, bot_rng(seed, 0))
        start = time.perf_counter()
        bot = hard()
        bot.choose(ctx)
        bot.explain(ctx)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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
        cfg = MaeshoweState.config_model.model_validate(config)
        ms = 1000 * median_of(
            RUNS, lambda r, cfg=cfg: random_game_seconds(MaeshoweState, cfg, 500, r)
        )
        print(f"random game, {label}: {ms:.3f} ms median ({1000 / ms:.0f} games/s)")
    solo = MaeshoweState.config_model(players=1)
    clone = median_of(RUNS, lambda r: clone_seconds(MaeshoweState, solo, 20_000, moves=0))
    print(f"clone: {1e6 * clone:.1f} us median")
    for name, bot in [("greedy", GreedyBot()), ("hard", hard())]:
        rates = [greedy_decisions(40, bot, {"players": 1})[0] for _ in range(3)]
        print(f"{name} bot: {statistics.median(rates):.0f} decisions/s median")
    print(f"tip (hard bot choice and reasons): {1000 * tip_time(30):.1f} ms median over 30 deals")
    win_rates(300)
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

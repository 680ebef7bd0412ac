"""Mesos benchmarks: random 5-player games per second, heuristic decisions per second, and
the heuristic bots' win rates against random bots and each other.

Run: python benchmarks/bench_mesos.py [--quick]. Figures are medians over several runs.
Goal: a random 5-player game in at most 10 ms.
"""

from __future__ import annotations

from harness import (
    bot_decisions_per_second,
    clone_seconds,
    median_of,
    quick,
    random_game_seconds,
    win_rate,
)

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.games.mesos import GAME
from tabletop_tui.games.mesos.bots import hard, medium
from tabletop_tui.games.mesos.rules import MesosConfig, MesosState


def main() -> None:
    fast = quick()
    runs = 3 if fast else 7
    per_run = 50 if fast else 200
    five = MesosConfig(players=5)
    four = MesosConfig(players=4)
    med = median_of(runs, lambda r: random_game_seconds(MesosState, five, per_run, 1000 * r))
    print(
        f"random 5-player game: median {med * 1000:.2f} ms ({1 / med:.0f} games/s) over {runs} runs"
    )
    clone = median_of(runs, lambda r: clone_seconds(MesosState, five, 2000, moves=30))
    print(f"clone (5 players, mid-game): median {clone * 1e6:.1f} µs")
    rate = median_of(
        runs, lambda r: bot_decisions_per_second(MesosState, four, medium, 2 if fast else 5, 50 * r)
    )
    print(f"heuristic (medium) decisions, 4 players: median {rate:.0f}/s")
    rate = median_of(3, lambda r: bot_decisions_per_second(MesosState, four, hard, 1, 50 * r))
    print(f"lookahead (hard) decisions, 4 players: median {rate:.0f}/s")
    n = 20 if fast else 100
    for players in (2, 3, 4, 5):
        res = win_rate(MesosState, MesosConfig(players=players), medium, n, 7)
        print(
            f"heuristic vs {players - 1} random: wins {res['win_rate']:.0%} of {n} games, "
            f"mean margin {res['mean_margin']:+.1f} PP (chance {1 / players:.0%})"
        )
    n = 10 if fast else 40
    for players in (2, 3, 4, 5):
        res = win_rate(MesosState, MesosConfig(players=players), hard, n, 9, RandomBot)
        print(
            f"lookahead vs {players - 1} random: wins {res['win_rate']:.0%} of {n} games, "
            f"margin {res['mean_margin']:+.1f}"
        )
    for players in (2, 3, 4):
        res = win_rate(MesosState, MesosConfig(players=players), hard, n, 11, medium)
        print(
            f"lookahead vs {players - 1} heuristic: wins {res['win_rate']:.0%} of {n} games, "
            f"margin {res['mean_margin']:+.1f} (chance {1 / players:.0%})"
        )
    print(f"registered bots: {', '.join(GAME.bots)}")


if __name__ == "__main__":
    main()

"""Mezo benchmarks: random 4-player games per second, clone cost, heuristic decisions per
second, and the heuristic bots' win rates against random bots (and against each other).

Run: python benchmarks/bench_mezo.py [--quick]. Figures are medians over several runs.
Goal: a random 4-player game in at most 30 ms.
"""

from __future__ import annotations

import statistics
import sys

from harness import bot_decisions_per_second, clone_seconds, random_game_seconds
from harness import win_rate as harness_win_rate

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.games.mezo.bots import hard, medium
from tabletop_tui.games.mezo.rules import MezoConfig, MezoState


def random_games(games: int, seed: int, players: int = 4) -> float:
    """Seconds per random game (apply_unrecorded, options drawn uniformly)."""
    return random_game_seconds(MezoState, MezoConfig(players=players), games, seed)


def clone_time(n: int) -> float:
    return clone_seconds(MezoState, MezoConfig(players=4), n, moves=150)


def heuristic_decisions(games: int, players: int, seed: int, make=hard) -> float:
    """Bot decisions per second (the bot's own time, view and sampling included)."""
    return bot_decisions_per_second(MezoState, MezoConfig(players=players), make, games, seed)


def win_rate(
    games: int, players: int, seed: int, make=hard, rival=RandomBot
) -> tuple[float, float]:
    """Share of games ``make`` wins against ``rival`` bots (seat rotating), and its margin."""
    res = harness_win_rate(MezoState, MezoConfig(players=players), make, games, seed, rival)
    return res["win_rate"], res["mean_margin"]


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

"""Mezo with the modules: what all five cost in speed, and how the hard bot fares with them.

Run: python benchmarks/bench_mezo_modules.py [--quick]. Figures are medians over several
runs. Goals: a random 4-player game with every module within 1.5x the base game's time;
the hard bot beats random bots in at least 90% of 2-player games with every module.
"""

from __future__ import annotations

import statistics
import sys

from harness import bot_decisions_per_second, random_game_seconds

from tabletop_tui.engine.bots import RandomBot, bot_rng, context_for
from tabletop_tui.games.mezo.bots import hard
from tabletop_tui.games.mezo.modules import MODULES
from tabletop_tui.games.mezo.rules import MezoConfig, MezoState

ALL = dict.fromkeys(MODULES, True)


def random_games(games: int, seed: int, modules: dict[str, bool], players: int = 4) -> float:
    """Seconds per random game with the given modules switched on."""
    return random_game_seconds(MezoState, MezoConfig(players=players, **modules), games, seed)


def bot_decisions(games: int, seed: int, modules: dict[str, bool], players: int = 3) -> float:
    """Hard-bot decisions per second."""
    config = MezoConfig(players=players, **modules)
    return bot_decisions_per_second(MezoState, config, hard, games, seed)


def hard_vs_random(games: int, seed: int) -> tuple[float, float]:
    """The hard bot's win rate against one random bot with every module, and its share of
    module VP (Cities, Rituals, Prophecies) against the random bot's."""
    wins, mine, theirs = 0, 0, 0
    for g in range(games):
        state = MezoState(MezoConfig(players=2, **ALL), seed + g)
        me = g % 2
        bots = {me: hard(), 1 - me: RandomBot()}
        rngs = [bot_rng(seed + g, s) for s in range(2)]
        while (d := state.decision()) is not None:
            state.apply_unrecorded(bots[d.seat].choose(context_for(state, rngs[d.seat])))
        result = state.result()
        wins += result.seats[me].rank == 1
        for seat in result.seats:
            pts = sum(
                b.points for b in seat.breakdown if b.label in ("Cities", "Rituals", "Prophecies")
            )
            if seat.seat == me:
                mine += pts
            else:
                theirs += pts
    return wins / games, mine / max(1, mine + theirs)


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 3 if quick else 5
    n = 10 if quick else 30
    base = statistics.median(random_games(n, 100 + r * n, {}) for r in range(runs))
    full = statistics.median(random_games(n, 100 + r * n, ALL) for r in range(runs))
    print(f"random 4-player game: base {base * 1000:.1f} ms, all modules {full * 1000:.1f} ms")
    print(f"  ratio {full / base:.2f} (goal <= 1.5)")
    for m in MODULES:
        t = statistics.median(random_games(n, 500 + r * n, {m: True}) for r in range(runs))
        print(f"  {m:13} alone: {t * 1000:.1f} ms")
    games = 2 if quick else 4
    rate_base = bot_decisions(games, 7, {})
    rate_full = bot_decisions(games, 7, ALL)
    print(f"hard bot, 3 players: {rate_base:.0f} decisions/s base, {rate_full:.0f} with modules")
    rate, share = hard_vs_random(10 if quick else 40, 900)
    print(f"hard vs random, 2 players, all modules: wins {rate:.0%} (goal >= 90%),")
    print(f"  hard bot's share of module VP {share:.0%}")


if __name__ == "__main__":
    main()

"""Mezo solo benchmarks: random solo games per second, and the hard heuristic bot's win rate
in the player's seat against the Vengeful gods at each difficulty (plus per god and the
Task tokens it reaches, which feed the bot's Task side choice).

Run: python benchmarks/bench_mezo_solo.py [--quick]. Figures are medians over several runs.
Balance target (rulebook B13): a competent player wins about half the Standard games.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.games.mezo.bots import easy, hard, medium
from tabletop_tui.games.mezo.rules import MezoConfig, MezoState

DIFFICULTIES = ("apprentice", "standard", "hard", "legendary")


def random_games(games: int, seed: int) -> float:
    """Seconds per random solo game (apply_fast, options drawn uniformly)."""
    cfg = MezoConfig(players=1)
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        state = MezoState(cfg, seed + i)
        while (d := state.decision()) is not None:
            state.apply_fast(rng.choice(d.options).id)
    return (time.perf_counter() - start) / games


def bot_games(games: int, difficulty: str, seed: int, make=hard) -> list[MezoState]:
    """Finished solo games with a heuristic bot (hard by default) in the player's seat."""
    out = []
    for g in range(games):
        state = MezoState(MezoConfig(players=1, difficulty=difficulty), seed + g)
        bot = make()
        rng = bot_rng(seed + g, 0)
        while state.decision() is not None:
            state.apply_fast(bot.choose(context_for(state, rng)))
        out.append(state)
    return out


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 3 if quick else 5
    n_random = 20 if quick else 100
    per_game = [random_games(n_random, 1000 * r) for r in range(runs)]
    ms = 1000 * statistics.median(per_game)
    print(f"random solo game: {ms:.1f} ms median ({1000 / ms:.0f} games/s)")

    games = 12 if quick else 80
    by_god: dict[str, list[bool]] = defaultdict(list)
    tokens: dict[str, list[int]] = defaultdict(list)
    for difficulty in DIFFICULTIES:
        start = time.perf_counter()
        played = bot_games(games, difficulty, 20_000)  # the same deals at every level
        spent = (time.perf_counter() - start) / games
        wins = [st.vp[0] > st.vp[1] for st in played]
        margins = [st.vp[0] - st.vp[1] for st in played]
        mine = statistics.fmean(st.vp[0] for st in played)
        theirs = statistics.fmean(st.vp[1] for st in played)
        print(
            f"hard bot, {difficulty:10}: win rate {statistics.fmean(wins):.2f}, "
            f"margin {statistics.fmean(margins):+.1f} (sd {statistics.pstdev(margins):.1f}), "
            f"scores {mine:.0f} / {theirs:.0f} ({games} games, {spent:.2f} s/game)"
        )
        if difficulty == "standard":
            for st in played:
                by_god[st.god[0]].append(st.vp[0] > st.vp[1])
        for st in played:
            side = st.task()
            if side is not None:
                tokens[side.player.condition].append(st.task_tokens[0])
                tokens[side.vengeful.condition].append(st.task_tokens[1])
    for name, make in (("medium", medium), ("easy", easy)):
        played = bot_games(games // 2, "standard", 20_000, make)
        wins = statistics.fmean(st.vp[0] > st.vp[1] for st in played)
        margin = statistics.fmean(st.vp[0] - st.vp[1] for st in played)
        print(
            f"{name} bot, standard  : win rate {wins:.2f}, margin {margin:+.1f} ({len(played)} games)"
        )
    print(
        "standard win rate by god: "
        + ", ".join(f"{g} {statistics.fmean(w):.2f} ({len(w)})" for g, w in sorted(by_god.items()))
    )
    print(
        "Task tokens per game: "
        + ", ".join(f"{c} {statistics.fmean(t):.1f}" for c, t in sorted(tokens.items()))
    )


if __name__ == "__main__":
    main()

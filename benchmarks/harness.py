"""Measurements every game's benchmark shares: random-game speed, clone cost, bot decision
rate and a bot's win rate against rivals, all through the engine protocol.

Figures are medians over several runs (``median_of``), so a busy machine skews them less.
Run a game's benchmark as ``python benchmarks/bench_GAME.py [--quick]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Let "python benchmarks/bench_x.py" import this module and the package from a checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.engine.bots import Bot, RandomBot, bot_rng, context_for  # noqa: E402
from tabletop_tui.engine.core import GameConfig, GameState  # noqa: E402

StateClass = type[GameState]


def quick() -> bool:
    return "--quick" in sys.argv


def baseline() -> Path | None:
    """The checkout named by ``--baseline DIR``, timed beside this one in the same run."""
    if "--baseline" not in sys.argv:
        return None
    path = Path(sys.argv[sys.argv.index("--baseline") + 1]).resolve()
    if not (path / "tabletop_tui").is_dir():
        raise SystemExit(f"--baseline {path}: not a checkout of the project")
    return path


def median_of(runs: int, measure: Callable[[int], float]) -> float:
    """The median of ``measure(run_index)`` over ``runs`` runs."""
    return statistics.median(measure(r) for r in range(runs))


def random_game_seconds(cls: StateClass, config: GameConfig, games: int, seed: int) -> float:
    """Seconds per game with uniformly random options (``apply_unrecorded``, no bots' overhead)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        state = cls.new(config, seed + i)
        while (d := state.decision()) is not None:
            state.apply_unrecorded(rng.choice(d.options).id)
    return (time.perf_counter() - start) / games


def clone_seconds(cls: StateClass, config: GameConfig, n: int, moves: int = 100) -> float:
    """Seconds per ``clone()`` of a position ``moves`` random decisions into a game."""
    state = cls.new(config, 1)
    rng = random.Random(1)
    for _ in range(moves):
        d = state.decision()
        if d is None:
            break
        state.apply_unrecorded(rng.choice(d.options).id)
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    return (time.perf_counter() - start) / n


def bot_decisions_per_second(
    cls: StateClass, config: GameConfig, make: Callable[[], Bot], games: int, seed: int
) -> float:
    """Decisions per second of ``make()`` bots in every seat (only the bots' time counts)."""
    bot = make()
    spent = 0.0
    count = 0
    for g in range(games):
        state = cls.new(config, seed + g)
        rngs = [bot_rng(seed + g, s) for s in range(config.players)]
        while (d := state.decision()) is not None:
            t = time.perf_counter()
            option = bot.choose(context_for(state, rngs[d.seat]))
            spent += time.perf_counter() - t
            count += 1
            state.apply_unrecorded(option)
    return count / spent if spent else float("inf")


def win_rate(
    cls: StateClass,
    config: GameConfig,
    make: Callable[[], Bot],
    games: int,
    seed: int,
    rival: Callable[[], Bot] = RandomBot,
) -> dict[str, Any]:
    """How ``make()`` fares against ``rival()`` bots, its seat rotating game by game.

    Shared wins count a share; for solo and co-op games every seat is ``make()`` and the
    rate is the table's. Returns the win rate and the mean margin over the best rival.
    """
    wins = 0.0
    margins: list[float] = []
    n = config.players
    for g in range(games):
        hero = g % n
        bots = [make() if s == hero or n == 1 else rival() for s in range(n)]
        state = cls.new(config, seed + g)
        rngs = [bot_rng(seed + g, s) for s in range(n)]
        while (d := state.decision()) is not None:
            state.apply_unrecorded(bots[d.seat].choose(context_for(state, rngs[d.seat])))
        result = state.result()
        assert result is not None
        if result.cooperative:
            wins += 1 if result.won else 0
            continue
        winners = result.winners()
        if hero in winners:
            wins += 1 / len(winners)
        scores = {s.seat: s.score for s in result.seats}
        margins.append(scores[hero] - max(v for k, v in scores.items() if k != hero))
    return {
        "games": games,
        "win_rate": wins / games,
        "mean_margin": statistics.fmean(margins) if margins else None,
    }

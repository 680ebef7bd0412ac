"""One speed measurement in a fresh process, for ``bench_speed.py``.

Run as ``python probe.py ROOT WHAT [ARGS...]``: it imports the package from the checkout at
ROOT (so the same probe can time another checkout, e.g. the code before a change) and prints
one JSON object. It uses only long-standing APIs (the registry, ``engine.sim.play``, the bots'
random streams and ``SearchBot``) so that older checkouts can run it too.

- ``sim GAME PLAYERS GAMES RUNS``: per run, ms a game for the engine alone (random options
  drawn from the very streams the random bots use, so both play the same games) and for
  ``engine.sim.play`` with random bots; medians over the runs.
- ``search GAME PLAYERS ITERATIONS POSITIONS``: play-outs per second of ``SearchBot`` over
  a few positions of seeded random games.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any


def _unrecorded(state: Any) -> Any:
    """The state's apply without log or undo barrier (named ``apply_fast`` in older checkouts,
    which this probe also measures)."""
    return getattr(state, "apply_unrecorded", None) or state.apply_fast


def _engine_only(info: Any, config: Any, seed: int, bot_rng: Any) -> int:
    state = info.state_class.new(config, seed)
    rngs = [bot_rng(seed, s) for s in range(config.players)]
    apply = _unrecorded(state)
    n = 0
    while (d := state.decision()) is not None:
        apply(rngs[d.seat].choice(d.options).id)
        n += 1
    return n


def probe_sim(game: str, players: int, games: int, runs: int) -> dict[str, Any]:
    from tabletop_tui.engine.bots import bot_rng
    from tabletop_tui.engine.registry import get_game
    from tabletop_tui.engine.sim import play

    info = get_game(game)
    config = info.make_config(players)
    levels = ["random"] * players
    engine_ms: list[float] = []
    sim_ms: list[float] = []
    for r in range(runs):
        seeds = range(1000 * r, 1000 * r + games)
        t = time.perf_counter()
        for seed in seeds:
            _engine_only(info, config, seed, bot_rng)
        engine_ms.append(1000 * (time.perf_counter() - t) / games)
        t = time.perf_counter()
        for seed in seeds:
            play(info, config, seed, levels)
        sim_ms.append(1000 * (time.perf_counter() - t) / games)
    engine, sim = statistics.median(engine_ms), statistics.median(sim_ms)
    return {"engine_ms": engine, "sim_ms": sim, "ratio": sim / engine}


def probe_search(game: str, players: int, iterations: int, positions: int) -> dict[str, Any]:
    from tabletop_tui.engine.bots import bot_rng, context_for
    from tabletop_tui.engine.mcts import SearchBot
    from tabletop_tui.engine.registry import get_game

    info = get_game(game)
    config = info.make_config(players)
    bot = SearchBot(iterations=iterations)
    rates: list[float] = []
    for p in range(positions):
        state = info.state_class.new(config, 100 + p)
        rng = random.Random(p)
        for _ in range(10 + 15 * p):  # some way into the game
            d = state.decision()
            if d is None:
                break
            _unrecorded(state)(rng.choice(d.options).id)
        d = state.decision()
        if d is None or len(d.options) < 2:
            continue
        # CPU time: other work on the machine does not count against the search.
        t = time.process_time()
        bot.choose(context_for(state, bot_rng(p, d.seat)))
        rates.append(iterations / (time.process_time() - t))
    return {"playouts_per_s": statistics.median(rates), "positions": len(rates)}


def main() -> None:
    root, what, *args = sys.argv[1:]
    sys.path.insert(0, root)
    name, players, *rest = args
    if what == "sim":
        out = probe_sim(name, int(players), int(rest[0]), int(rest[1]))
    elif what == "search":
        out = probe_search(name, int(players), int(rest[0]), int(rest[1]))
    else:
        raise SystemExit(f"unknown probe {what}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()

"""Whole games: the conformance kit, bots and the registry entry."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.engine.bots import RandomBot, bot_rng, context_for
from tabletop_tui.engine.conformance import play_checked
from tabletop_tui.engine.registry import get_game
from tabletop_tui.engine.sim import simulate
from tabletop_tui.games.mesos import GAME
from tabletop_tui.games.mesos.bots import HeuristicBot

from .helpers import (
    arrange,
    building_of,
    chars_of,
    discarded_characters,
    new_game,
    play_until,
    set_tribe,
)


def test_registered() -> None:
    info = get_game("mesos")
    assert info is GAME
    assert {"random", "easy", "medium", "hard"} <= set(info.bots)
    assert {c["players"] for c in info.test_configs} == {2, 3, 4, 5}
    assert any(c.get("expert") for c in info.test_configs)


@pytest.mark.parametrize("config", GAME.test_configs, ids=lambda c: str(c))
def test_conformance(config: dict) -> None:
    for seed in range(2):
        play_checked(GAME, config, seed)
    play_checked(GAME, config, 7, levels=["hard"] + ["easy"] * (config["players"] - 1))


def test_heuristic_beats_random() -> None:
    summary = simulate(GAME, GAME.make_config(3), 8, 40, ["hard", "random", "random"])
    assert summary.errors == 0
    assert summary.wins[0] >= 6


def test_heuristic_takes_the_obvious_card() -> None:
    s = new_game(2, seed=4)
    artists = chars_of("artist", 2)
    arrange(s, top=[artists[1], *chars_of("gatherer", 1)], bottom=chars_of("hunter", 3), top_b=[])
    set_tribe(s, 0, chars=artists[:1], food=10)
    s.order = [0, 1]
    s.apply("tile:C")
    s.apply("tile:B")
    s.apply(s.decision().options[0].id)  # seat 1, tile B
    bot = HeuristicBot()
    ctx = context_for(s, random.Random(0))
    # A second Artist completes a 10 PP pair.
    assert bot.choose(ctx) == f"take:top:{artists[1]}"
    assert "Artist" in bot.explain(ctx)


def test_heuristic_builds_monument_when_rich() -> None:
    mono = building_of("end_flat_pp")
    s = new_game(2, seed=5)
    play_until(s, lambda st: st.era == 3)
    arrange(s, top=discarded_characters(s)[:1], top_b=[mono])
    set_tribe(s, 0, food=30)
    s.order = [0, 1]
    s.apply("tile:C")
    s.apply("tile:B")
    while s.decision().seat != 0:
        s.apply(s.decision().options[0].id)
    assert HeuristicBot().choose(context_for(s, random.Random(0))) == f"take:top:{mono}"


def test_bots_only_see_views() -> None:
    # A bot context carries the view and a determinize hook, never the state.
    s = new_game(3, seed=6)
    ctx = context_for(s, bot_rng(6, 0))
    assert isinstance(ctx.view, dict) and not hasattr(ctx, "state")
    for bot in (RandomBot(), HeuristicBot(), GAME.bot("easy")):
        assert bot.choose(ctx) in ctx.decision.ids


def test_lookahead_bot_uses_only_a_sample() -> None:
    from tabletop_tui.games.mesos.bots import LookaheadBot

    s = new_game(3, seed=8)
    for _ in range(4):
        s.apply(s.decision().options[0].id)
    before = s.fingerprint()
    bot = LookaheadBot()
    ctx = context_for(s, random.Random(1))
    choice = bot.choose(ctx)
    assert choice in s.decision().ids
    assert s.fingerprint() == before  # the real state is never touched
    ranked = bot.rank(ctx)
    assert sorted(oid for oid, _ in ranked) == sorted(s.decision().ids)
    assert ranked[0][1] >= ranked[-1][1]
    oid, reason = bot.choose_explained(ctx)
    assert oid == choice and reason.gain and reason.versus


def test_levels_are_ordered() -> None:
    summary = simulate(GAME, GAME.make_config(2), 6, 70, ["hard", "easy"])
    assert summary.errors == 0 and summary.wins[0] >= 4


def test_engine_imports_no_textual() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tabletop_tui.games.mesos.rules, tabletop_tui.games.mesos.bots;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

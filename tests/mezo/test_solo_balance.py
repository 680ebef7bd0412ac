"""A tripwire on the solo balance (B13): the hard bot, the greedy player the balance notes
describe, plays every god on the same two Standard deals. The band is wide on purpose (14
games are noisy); it fails when the balance drifts as far as it was before tuning (the old
Vengeful track values gave 12 wins of 14 and a mean margin of +29 VP on these deals).
The benchmark measures the real rates with enough games.
"""

from __future__ import annotations

import statistics

import pytest

from tabletop_tui.engine.sim import play
from tabletop_tui.games.mezo import GAME
from tabletop_tui.games.mezo.data import load_data
from tabletop_tui.games.mezo.rules import MezoConfig

SEEDS = (20_000, 20_001)


@pytest.mark.slow
def test_the_hard_bot_wins_about_half_of_a_fixed_set_of_standard_deals():
    margins = []
    for god in sorted(g.id for g in load_data().gods):
        for seed in SEEDS:
            played = play(GAME, MezoConfig(players=1, god_1=god), seed, ["hard"])
            me, them = played.state.vp
            assert played.result.won == (me > them)
            margins.append(me - them)
    wins = sum(m > 0 for m in margins) / len(margins)
    assert 0.2 <= wins <= 0.8, (wins, margins)
    assert -20 <= statistics.fmean(margins) <= 20, margins

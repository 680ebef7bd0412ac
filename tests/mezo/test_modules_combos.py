"""Modules together: every combination plays to the end, all five at once, bots with modules."""

from __future__ import annotations

from itertools import combinations

import pytest

from tabletop_tui.engine.bots import RandomBot, bot_rng, context_for
from tabletop_tui.engine.conformance import play_checked
from tabletop_tui.games.mezo import GAME
from tabletop_tui.games.mezo.bots import hard
from tabletop_tui.games.mezo.modules import (
    MODULES,
    SRC_CENOTE,
    SRC_CITIES,
    SRC_PROPHECY,
    SRC_RITUAL,
)
from tabletop_tui.games.mezo.rules import SOURCES

from ..bounded import bounded
from .helpers import clear_board, put
from .module_helpers import ALL, finish_conflict, mod_state, set_ritual, to_kind

COMBOS = [c for k in range(1, len(MODULES) + 1) for c in combinations(MODULES, k)]


def test_there_are_31_combinations_and_the_kit_covers_each_module_and_all_five():
    assert len(COMBOS) == 31
    declared = [c for c in GAME.test_configs if any(c.get(m) for m in MODULES)]
    for n in (2, 3, 4):
        for m in MODULES:
            assert {"players": n, m: True} in declared
        assert {"players": n, **ALL} in declared
    assert not any(c["players"] == 1 for c in declared)


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "+".join(c))
def test_every_combination_plays_to_the_end(combo):
    players = 2 + COMBOS.index(combo) % 3
    config = {"players": players, **dict.fromkeys(combo, True)}
    st = play_checked(GAME, config, 31, deep_every=60)
    result = st.result()
    assert sorted(s.seat for s in result.seats) == list(range(players))
    assert st.view(None)["modules"]["on"] == list(combo)


def test_all_five_in_one_conflict():
    """A win here pays the Altar, the Cenote, the City, the Ritual and the Prophecy at once."""
    st = to_kind(mod_state(3, 2, **ALL), "ability")
    set_ritual(st, "RI07")  # Feast: 2 VP to each normal Strength winner
    st = to_kind(st, "action")
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    victim = next(s for s in range(3) if s != owner)
    st.city = tuple(st.conflict_region if s == victim else -1 for s in range(3))
    st.city_lost = (False,) * 3
    st.cenote = st.conflict_region
    st.altar[st.conflict_region] = "AL01"
    st.prophecy = ("PR06", "PR07", "PR11")  # Overwhelming Might: 7 Strength
    st.proph_level, st.monument = (0, 0, 0), -1
    put(st, st.rid(st.conflict_region), owner, 3, 2)
    st.power_used = (True, True, True)  # no Tribe Power to ask about
    dev = st.dev[owner]
    finish_conflict(st)
    src = st.vpsrc[owner]
    assert src[SOURCES.index("Altars")] == 4
    assert src[SOURCES.index(SRC_CITIES)] == 1 and st.city_lost[victim]
    assert src[SOURCES.index(SRC_RITUAL)] == 2
    assert src[SOURCES.index(SRC_PROPHECY)] == 3
    assert st.dev[owner] >= dev + 3 + 2  # Cenote and two passes
    assert src[SOURCES.index(SRC_CENOTE)] == 0  # Devotion, not VP
    st.check_invariants()


def test_hard_bots_finish_a_game_with_every_module():
    st = play_checked(GAME, {"players": 2, **ALL}, 5, deep_every=400, levels=["hard"] * 2)
    assert st.is_over()


def test_hard_bot_beats_random_with_every_module():
    wins = powers = 0
    for seed in range(4):
        st = GAME.state_class.new({"players": 2, **ALL}, 100 + seed)
        me = seed % 2
        bots = {me: hard(), 1 - me: RandomBot()}
        rngs = [bot_rng(seed, i) for i in range(2)]
        for _step in bounded():
            if (d := st.decision()) is None:
                break
            oid = bots[d.seat].choose(context_for(st, rngs[d.seat]))
            powers += d.seat == me and d.kind == "power" and oid != "power:keep"
            st.apply(oid)
        wins += st.result().seats[me].rank == 1
    assert wins >= 3
    assert powers >= 2  # it spends its Tribe Power rather than hoarding it

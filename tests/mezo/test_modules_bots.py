"""The heuristic bots' view of the modules: what is still to come is worth something."""

from __future__ import annotations

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.games.mezo.bots import hard
from tabletop_tui.games.mezo.module_eval import (
    module_tribe_value,
    prophecy_progress,
    region_bonus,
)

from .helpers import clear_board
from .module_helpers import ALL, mod_state, set_ritual, to_kind


def test_a_standing_city_and_an_unused_power_are_worth_vp():
    st = to_kind(mod_state(2, 3, **ALL), "ability")
    st.city = (-1, -1)
    st.power_used = (True, True)
    st.prophecy = ()
    assert module_tribe_value(st, 0) == 0
    r = next(x for x in range(6) if st.inplay[x])
    st.city = (r, -1)
    with_city = module_tribe_value(st, 0)
    assert with_city > 1.5
    st.power_used = (False, True)
    assert module_tribe_value(st, 0) > with_city
    # a token loses its worth as the conflicts run out
    late = to_kind(mod_state(2, 3, tribe_powers=True), "ability")
    early_value = module_tribe_value(late, 0)
    late.age = 3
    late.in_conflicts = True
    late.status = [2 if late.inplay[x] else 0 for x in range(6)]
    assert module_tribe_value(late, 0) < early_value


def test_a_prophecy_card_in_reach_pulls_and_a_met_one_counts_nearly_in_full():
    st = to_kind(mod_state(2, 3, prophecies=True), "action")
    clear_board(st)
    st.prophecy = ("PR03", "PR07", "PR11")  # Wall of Glyphs first
    regs = [r for r in range(6) if st.inplay[r]]
    base = module_tribe_value(st, 0)
    st.glyphs[regs[0] * 2] = 1
    one = module_tribe_value(st, 0)
    assert prophecy_progress(st, 0, st.mdata.prophecy("PR03")) == 1 / 3
    st.glyphs[regs[1] * 2] = st.glyphs[regs[2] * 2] = 1
    met = module_tribe_value(st, 0)
    assert base < one < met
    assert met - base > 2.5
    assert prophecy_progress(st, 0, st.mdata.prophecy("PR06")) == 0  # this-conflict card


def test_winning_a_region_is_worth_more_with_the_cenote_a_rival_city_or_the_feast():
    st = to_kind(mod_state(3, 4, **ALL), "ability")
    set_ritual(st, "RI02")
    r = next(x for x in range(6) if st.inplay[x])
    st.cenote, st.city = -1, (-1, -1, -1)
    assert region_bonus(st, 0, r) == 0
    st.cenote = r
    cenote = region_bonus(st, 0, r)
    assert cenote > 3
    st.city = (-1, r, -1)
    assert region_bonus(st, 0, r) > cenote + 1
    assert region_bonus(st, 1, r) == cenote  # one's own City is not a prize
    set_ritual(st, "RI07")
    st.blessed = -1
    assert region_bonus(st, 1, r) == cenote + 2


def test_the_bot_deploys_its_city_unit_and_places_the_cenote_where_it_is_strong():
    st = to_kind(mod_state(2, 9, cities=True, cenote=True), "city")
    regs = [st.rid(r) for r in range(6) if st.inplay[r]]
    st.apply(f"city:{regs[0]}")
    st.apply(f"city:{regs[1]}")
    assert st.decision().kind == "cenote"
    seat = st.decision().seat
    strong = st.data.region_ids.index(regs[2])
    st.glyphs[strong * 2 + seat] = 3  # staged: three of its Glyphs there
    ctx = context_for(st, bot_rng(9, seat))
    assert hard().choose(ctx) == f"cenote:{regs[2]}"
    st.apply(f"cenote:{regs[2]}")
    while st.decision().kind != "city_unit":
        st.apply(st.decision().ids[0])
    d = st.decision()
    assert hard().choose(context_for(st, bot_rng(9, d.seat))) != "split:S0W0"

"""Prophecies (C3, ruling E.4 59): a column climbed alone, checkpoints, 3 VP, the Monument."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mezo.modules import SRC_PROPHECY
from tabletop_tui.games.mezo.rules import SOURCES

from .helpers import clear_board, put, to_xibalba
from .module_helpers import advance, finish_conflict, mod_state, quiet, set_ritual, to_kind

PROPHECY = SOURCES.index(SRC_PROPHECY)


def at_action(players: int = 2, seed: int = 0, **extra):
    st = to_kind(mod_state(players, seed, prophecies=True, **extra), "action")
    clear_board(st)
    return st


def card(st, pid):
    return st.mdata.prophecy(pid)


def check(st, when="age"):
    st._prophecy_check(when, tuple(st.calendar), tuple(st.codex))


def regs(st):
    return [r for r in range(6) if st.inplay[r] and r != st.conflict_region]


# ---- each condition (D14) ------------------------------------------------------------------


def stage_static(st, s, pid):
    """Make card ``pid`` true for seat ``s`` (conditions that do not need this conflict)."""
    P = st.tribe_count
    r0, r1, r2 = regs(st)[:3]
    if pid == "PR01":
        st.pyr[r0 * P + s] = (1,)
        st.pyr[r1 * P + s] = (2,)
    elif pid == "PR02":
        st.pyr[r0 * P + s] = (4, 3, 2)
    elif pid == "PR03":
        for r in (r0, r1, r2):
            st.glyphs[r * P + s] = 1
    elif pid == "PR04":
        st.calendar[0] = st.calendar[3] = s
    elif pid == "PR05":
        st.codex[1] = st.codex[2] = s
    elif pid == "PR07":
        st.dev[s] = 10
    elif pid == "PR11":
        st.xib[s * 2] = st.xib[s * 2 + 1] = 0
    elif pid == "PR12":
        for r in (r0, r1):
            st.glyphs[r * P + s] = 1
            st.pyr[r * P + s] = (3,)


def stage_almost(st, s, pid):
    """Just short of card ``pid``."""
    P = st.tribe_count
    r0, r1, r2 = regs(st)[:3]
    if pid == "PR01":
        st.pyr[r0 * P + s] = (4, 3)
    elif pid == "PR02":
        st.pyr[r0 * P + s] = (4, 3)
        st.pyr[r1 * P + s] = (2, 1)
    elif pid == "PR03":
        st.glyphs[r0 * P + s] = 3
        st.glyphs[r1 * P + s] = 2
    elif pid == "PR04":
        st.calendar[0] = s
        st.calendar[1] = 1 - s
    elif pid == "PR05":
        st.codex[4] = s
    elif pid == "PR07":
        st.dev[s] = 9
    elif pid == "PR11":
        st.xib[s * 2] = 0
        st.xib[s * 2 + 1] = 1
    elif pid == "PR12":
        st.glyphs[r0 * P + s] = 1
        st.pyr[r0 * P + s] = (3,)
        st.glyphs[r1 * P + s] = 2
        st.pyr[r2 * P + s] = (4,)


@pytest.mark.parametrize("pid", ["PR01", "PR02", "PR03", "PR04", "PR05", "PR07", "PR11", "PR12"])
def test_standing_conditions(pid):
    st = at_action(2, 3)
    for s in (0, 1):
        to_xibalba(st, s, shamans=1)
    stage_almost(st, 0, pid)
    assert not st.prophecy_met(0, card(st, pid), "age")
    st = at_action(2, 3)
    to_xibalba(st, 1, shamans=1)
    stage_static(st, 0, pid)
    assert st.prophecy_met(0, card(st, pid), "age")
    assert st.prophecy_met(0, card(st, pid), "conflict")
    assert not st.prophecy_met(1, card(st, pid), "age")


def test_this_conflict_conditions_need_a_win_in_this_conflict():
    st = at_action(3, 4)
    s = st.champion_owner(st.conflict_region)
    o = next(x for x in range(3) if x != s)
    st.last_strength = {s: 7, o: 6}
    might = card(st, "PR06")
    assert not st.prophecy_met(s, might, "conflict")  # nobody has won yet
    st.cwin = s
    assert st.prophecy_met(s, might, "conflict")
    assert not st.prophecy_met(s, might, "age")
    st.last_strength = {s: 6, o: 6}
    assert not st.prophecy_met(s, might, "conflict")
    # Usurper: another player's Champion must stand here
    usurp = card(st, "PR10")
    assert not st.prophecy_met(s, usurp, "conflict")  # only s's own Champion here
    st.cwin = o
    assert st.prophecy_met(o, usurp, "conflict")
    # Blessed Offering: only in the Blessed Region
    assert not st.prophecy_met(o, card(st, "PR08"), "conflict")
    st.blessed = st.conflict_region
    assert st.prophecy_met(o, card(st, "PR08"), "conflict")
    assert not st.prophecy_met(s, card(st, "PR08"), "conflict")


def test_double_majority_counts_units_placed_in_this_conflict():
    st = at_action(2, 4)
    before_cal, before_cod = tuple(st.calendar), tuple(st.codex)
    dbl = card(st, "PR09")
    st.calendar[2] = 0
    assert not st.prophecy_met(0, dbl, "conflict", before_cal, before_cod)
    st.codex[0] = 0
    assert st.prophecy_met(0, dbl, "conflict", before_cal, before_cod)
    assert not st.prophecy_met(0, dbl, "age", before_cal, before_cod)
    # units already on the tracks when the conflict began do not count
    assert not st.prophecy_met(0, dbl, "conflict", tuple(st.calendar), tuple(st.codex))


# ---- the column ----------------------------------------------------------------------------


def test_column_is_climbed_from_the_bottom_one_card_per_checkpoint_3_vp_each():
    st = at_action(2, 5)
    st.prophecy = ("PR07", "PR11", "PR01")
    for pid in st.prophecy:
        stage_static(st, 0, pid)
    vp = st.vp[0]
    check(st)
    assert st.proph_level == (1, 0) and st.vp[0] == vp + 3
    v = st.view(None)["modules"]["prophecy"]
    assert v["cards"][0]["tokens"] == [0] and v["cards"][1]["tokens"] == []
    check(st)
    assert st.proph_level == (2, 0) and st.monument == -1
    # seat 1 fulfils nothing above its current (bottom) card
    stage_static(st, 1, "PR01")
    stage_static(st, 1, "PR11")
    check(st)
    assert st.proph_level[1] == 0
    assert st.proph_level[0] == 3 and st.monument == 0
    assert st.vpsrc[0][PROPHECY] == 3 + 3 + 3 + 6
    v = st.view(None)["modules"]["prophecy"]
    assert v["closed"] and v["monument"]["taken_by"] == 0
    # closed for everyone
    stage_static(st, 1, "PR07")
    check(st)
    assert st.proph_level[1] == 0
    assert st._checkpoint_frames("conflict") == [] and st._checkpoint_frames("age") == []


def test_a_current_card_not_met_blocks_the_ones_above():
    st = at_action(2, 5)
    st.prophecy = ("PR07", "PR11", "PR01")
    stage_static(st, 0, "PR11")
    stage_static(st, 0, "PR01")
    check(st)
    assert st.proph_level == (0, 0)


def test_monument_race_goes_to_the_trailing_player_by_reverse_vp_order():
    st = at_action(3, 6)
    st.prophecy = ("PR07", "PR11", "PR01")
    st.proph_level = (2, 2, 1)
    for s in range(3):
        stage_static(st, s, "PR01")
        stage_static(st, s, "PR11")
    st.vp = [10, 4, 0]
    for s in range(3):
        st.vpsrc[s][0] = st.vp[s]
    check(st)
    # seat 2 (fewest VP) is checked first and climbs to card 2; then seat 1 takes the
    # Monument before seat 0, who leads, is checked
    assert st.proph_level == (2, 3, 2)
    assert st.monument == 1
    assert st.vpsrc[1][PROPHECY] == 9 and st.vpsrc[0][PROPHECY] == 0
    assert st.vpsrc[2][PROPHECY] == 3


def test_reverse_vp_order_checks_the_trailing_player_first():
    st = at_action(3, 6)
    st.prophecy = ("PR07", "PR11", "PR01")
    st.proph_level = (2, 2, 2)
    for s in range(3):
        stage_static(st, s, "PR01")
    st.vp = [3, 9, 5]
    for s in range(3):
        st.vpsrc[s][0] = st.vp[s]
    check(st)
    assert st.monument == 0


# ---- checkpoints in play -------------------------------------------------------------------


def test_conflict_checkpoint_comes_before_the_clean_up():
    """Usurper needs the other Champion still here, so the check precedes the clean-up."""
    st = at_action(2, 7)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    st.prophecy = ("PR10", "PR07", "PR11")
    put(st, st.rid(st.conflict_region), other, 3, 2)  # beats the Champion's 2
    finish_conflict(st)
    assert st.proph_level[other] == 1 and st.vpsrc[other][PROPHECY] == 3
    assert st.proph_level[owner] == 0


def test_overwhelming_might_and_double_majority_in_a_real_conflict():
    st = at_action(2, 8)
    owner = st.champion_owner(st.conflict_region)
    st.prophecy = ("PR06", "PR09", "PR07")
    put(st, st.rid(st.conflict_region), owner, 3, 2)  # 2 + 5 = 7 Strength, both majorities
    finish_conflict(st)
    assert st.proph_level[owner] == 1  # one card per checkpoint, though PR09 also holds
    st2 = at_action(2, 8)
    owner = st2.champion_owner(st2.conflict_region)
    st2.prophecy = ("PR09", "PR06", "PR07")
    put(st2, st2.rid(st2.conflict_region), owner, 2, 2)
    finish_conflict(st2)
    assert st2.proph_level[owner] == 1


def test_blessed_win_fulfils_blessed_offering():
    st = to_kind(mod_state(2, 4, prophecies=True), "offer")
    clear_board(st)
    st.prophecy = ("PR08", "PR07", "PR11")
    st.proph_level, st.monument = (0, 0), -1
    put(st, st.rid(st.conflict_region), 1, 1, 0)
    finish_conflict(st)
    assert st.proph_level == (0, 1)


def test_end_of_age_checkpoint_follows_the_pyramids_and_the_ritual():
    """Hanal Pixan empties Xibalba at End of Age; the check after it sees an empty Xibalba."""
    st = to_kind(mod_state(2, 2, rituals=True, prophecies=True), "ability")
    set_ritual(st, "RI10")
    st.prophecy = ("PR11", "PR07", "PR01")
    for s in (0, 1):
        to_xibalba(st, s, shamans=1)  # nobody's Xibalba is empty during the Age
    st = advance(st, lambda x: x.phase == "End of Age")
    assert st.proph_level == (0, 0)
    while st.phase == "End of Age":
        d = st.decision()
        st.apply(max(d.ids, key=lambda o: int(o[7]) + int(o[9])))
    assert st.proph_level == (1, 1)
    assert st.age == 2


def test_prophecy_on_the_board_and_in_the_log():
    st = mod_state(3, 9, prophecies=True)
    entries = []
    while st.decision().kind != "ability":
        entries += [e.text for e in st.apply(quiet(st.decision()))]
    assert any(e.startswith("The Prophecy, from the bottom up") for e in entries)
    v = st.view(2)["modules"]["prophecy"]
    assert [c["id"] for c in v["cards"]] == list(st.prophecy)
    assert v["levels"] == [0, 0, 0] and v["vp_per_card"] == 3
    assert v["monument"] == {"name": "The Monument", "vp": 6, "taken_by": None}

"""The automaton (B11): how the Vengeful gods choose types, regions, vertices and pieces.

Every scenario starts from seed 0 at the first action of the first conflict, where E is the
Abandoned region and F is being fought over; the board is cleared and staged by hand.
"""

from __future__ import annotations

import pytest

from tabletop_tui.games.mezo.frames import VgEff
from tabletop_tui.games.mezo.rules import SH, WA
from tabletop_tui.games.mezo.solo import PLAYER, VG

from .helpers import REG, clear_board, put
from .solo_helpers import at_action, board_units, run_frames, steps, vg_run


def stage(champion: str = "A") -> object:
    st = at_action(0)
    assert st.rid(st.conflict_region) == "F" and not st.inplay[REG["E"]]
    clear_board(st)
    st.champs[0] = REG[champion]
    st.tokens = [0, 0]
    return st


# ---- majority need (B11.2-3) ------------------------------------------------------------


def test_need_counts_ties_for_them_except_by_your_champion():
    st = stage(champion="A")
    put(st, "F", PLAYER, shamans=2)
    put(st, "F", VG, shamans=1)
    assert st.need(REG["F"], SH) == 1  # 2 against 2 would be theirs
    assert st.need(REG["F"], WA) == 1  # nobody has one: they need 1
    st.champs[0] = REG["F"]
    assert st.need(REG["F"], SH) == 2  # by your Champion a tie is yours
    put(st, "F", VG, shamans=3)
    assert st.need(REG["F"], SH) == 0


def test_shaman_circle_makes_shaman_ties_yours_everywhere():
    st = stage()
    put(st, "F", PLAYER, shamans=1, warriors=1)
    put(st, "F", VG, shamans=1, warriors=1)
    assert st.tie_v(REG["F"], SH) and st.tie_v(REG["F"], WA)
    st.abil[PLAYER] = ("pilgrims", "shaman_circle")
    assert not st.tie_v(REG["F"], SH) and st.tie_v(REG["F"], WA)
    assert st.need(REG["F"], SH) == 1 and st.need(REG["F"], WA) == 0
    assert st.tie_v(REG["F"])  # Strength ties are still theirs


# ---- ADD (B11.4) ------------------------------------------------------------------------


def test_add_takes_the_type_closest_to_a_majority_then_the_smaller_lead():
    st = stage()
    put(st, "F", PLAYER, shamans=2, warriors=1)
    put(st, "F", VG, shamans=1, warriors=1)
    log = vg_run(st, {"op": "deploy", "n": 2})
    # Shaman: 1 more ties 2-2 (theirs); then they hold both and both leads are 0: Shaman
    assert board_units(st, "F", VG) == (3, 1)
    assert "1 more takes the Shaman majority" in log[0]
    assert "this lead is the smaller" in log[1]
    assert st.reserve[VG * 2] == 16 - 3


def test_add_recomputes_after_each_unit():
    st = stage()
    put(st, "F", PLAYER, shamans=1, warriors=3)
    put(st, "F", VG, shamans=1, warriors=1)
    vg_run(st, {"op": "deploy", "n": 3})
    # Warrior (need 2), Warrior (need 1), then both held: Warrior lead 0 < Shaman lead 0? tie
    # -> Shaman
    assert board_units(st, "F", VG) == (2, 3)


def test_add_takes_the_other_type_when_the_source_lacks_one():
    st = stage()
    put(st, "F", PLAYER, shamans=1, warriors=3)  # a Shaman is the closest majority
    st.xib[VG * 2] += st.reserve[VG * 2]  # every Vengeful Shaman is in their Xibalba
    st.reserve[VG * 2] = 0
    log = vg_run(st, {"op": "deploy", "n": 1})
    assert board_units(st, "F", VG) == (0, 1)
    assert "no Shaman left to take" in log[0]


def test_awaken_shortfall_is_deployed_from_the_reserve():
    st = stage()
    st.reserve[VG * 2 + WA] -= 1
    st.xib[VG * 2 + WA] += 1  # Vengeful Xibalba: 1 Warrior
    log = vg_run(st, {"op": "awaken", "n": 2})
    assert sum(board_units(st, "F", VG)) == 2
    assert st.xib[VG * 2 : VG * 2 + 2] == [0, 0]
    assert sum(st.reserve[VG * 2 : VG * 2 + 2]) == 30
    assert "AWAKEN" in log[0] and "DEPLOY (nothing to AWAKEN)" in log[1]


def test_typed_awaken_keeps_its_type_in_the_shortfall():
    st = stage()
    st.reserve[VG * 2 + WA] -= 2
    st.xib[VG * 2 + WA] += 2  # Warriors in Xibalba, no Shaman
    vg_run(st, {"op": "awaken", "unit": "shaman"})
    assert board_units(st, "F", VG) == (1, 0)
    assert st.xib[VG * 2 + WA] == 2


def test_move_in_takes_from_the_pending_region_with_most_vengeful_units():
    st = stage()
    put(st, "B", VG, shamans=1, warriors=2)
    put(st, "C", VG, shamans=2, warriors=1)
    put(st, "D", VG, warriors=1)
    put(st, "F", PLAYER, warriors=1)
    log = vg_run(st, {"op": "move_in", "n": 2, "from": "pending"})
    # B and C tie on 3 units: B (lower letter) gives a Shaman (both majorities need 1: the
    # tie goes to Shaman); then C has the most (3 against B's 2) and gives the Warrior the
    # Warrior majority still needs
    assert board_units(st, "F", VG) == (1, 1)
    assert board_units(st, "B", VG) == (0, 2) and board_units(st, "C", VG) == (2, 0)
    assert "from B" in log[0] and "from C" in log[1]


# ---- HIT (B11.5) ------------------------------------------------------------------------


def test_hit_takes_the_type_whose_majority_is_closest_to_flipping():
    st = stage()
    put(st, "F", PLAYER, shamans=2, warriors=2)
    put(st, "F", VG, shamans=1, warriors=2)
    log = vg_run(st, {"op": "smite", "n": 1})
    assert board_units(st, "F", PLAYER) == (1, 2)
    assert st.xib[PLAYER * 2] == 1  # SMITE sends it to your Xibalba
    assert "1 short of the Shaman majority" in log[0]


def test_hit_takes_your_larger_type_when_they_hold_both():
    st = stage()
    put(st, "F", PLAYER, shamans=1, warriors=3)
    put(st, "F", VG, shamans=3, warriors=3)
    vg_run(st, {"op": "exile", "n": 1})
    assert board_units(st, "F", PLAYER) == (1, 2)
    assert st.reserve[PLAYER * 2 + WA] == 8 - 2  # EXILE sends it to your Reserve
    st2 = stage()
    put(st2, "F", PLAYER, shamans=2, warriors=2)
    put(st2, "F", VG, shamans=5, warriors=5)
    vg_run(st2, {"op": "exile", "n": 1})
    assert board_units(st2, "F", PLAYER) == (1, 2)  # equal counts: Shaman


def test_typed_hit_and_its_else():
    st = stage()
    put(st, "F", PLAYER, shamans=3)
    vp = st.vp[VG]
    log = vg_run(st, {"op": "smite", "unit": "warrior", "else": [{"op": "vp", "n": 1}]})
    assert board_units(st, "F", PLAYER) == (3, 0) and st.vp[VG] == vp + 1
    assert "no Warrior to hit" in log[0]


def test_your_champion_is_never_hit():
    st = stage(champion="F")
    log = vg_run(st, {"op": "smite", "n": 2}, {"op": "exile", "n": 2})
    assert st.champs[0] == REG["F"] and st.xib[0:2] == [0, 0]
    assert all("no unit to hit" in line for line in log)


# ---- region rules (B11.6) ---------------------------------------------------------------


def test_contest_picks_your_smallest_lead_then_their_smallest_lead():
    st = stage(champion="F")  # keep the Champion out of the pending regions
    put(st, "A", PLAYER, shamans=3)
    put(st, "A", VG, shamans=1)  # d = 2
    put(st, "B", PLAYER, warriors=1)
    put(st, "B", VG, warriors=1)  # d = 0
    put(st, "C", VG, warriors=2)  # d = -2
    put(st, "D", VG, shamans=1)  # d = -1
    log = vg_run(st, {"op": "deploy", "n": 1, "region": "pending"})
    assert sum(board_units(st, "B", VG)) == 2
    assert "you lead there by 0" in log[0]
    st2 = stage(champion="F")
    for r in "ABCD":
        put(st2, r, VG, shamans=2 if r in "AC" else 1)
    put(st2, "D", VG, warriors=2)  # d: A -2, B -1, C -2, D -3
    vg_run(st2, {"op": "deploy", "n": 1, "region": "pending"})
    assert sum(board_units(st2, "B", VG)) == 2


def test_contest_ties_go_to_the_lower_letter():
    st = stage(champion="F")
    vg_run(st, {"op": "awaken", "n": 1, "region": "pending"})  # all d = 0
    assert sum(board_units(st, "A", VG)) == 1


def test_harm_picks_most_of_your_units_then_your_champion_then_letter():
    st = stage(champion="C")
    put(st, "B", PLAYER, shamans=2)
    put(st, "D", PLAYER, warriors=2)
    log = vg_run(st, {"op": "smite", "n": 1, "region": "pending"})
    assert board_units(st, "B", PLAYER) == (1, 0)  # B and D tie: B, the lower letter
    assert "most of your units (2)" in log[0]
    put(st, "C", PLAYER, shamans=1)
    vg_run(st, {"op": "smite", "n": 1, "region": "pending"})
    assert board_units(st, "D", PLAYER) == (0, 1)  # D has 2
    vg_run(st, {"op": "smite", "n": 1, "region": "pending"})
    assert board_units(st, "C", PLAYER) == (0, 0)  # B, C, D tie on 1: your Champion's C


def test_harm_does_nothing_without_your_units_in_pending_regions():
    st = stage()
    put(st, "F", PLAYER, shamans=2)  # here is not pending
    vg_run(st, {"op": "smite", "n": 1, "region": "pending"})
    assert board_units(st, "F", PLAYER) == (2, 0)


def test_build_prefers_a_new_pyramid_where_you_build_most():
    st = stage()
    st.pyr[REG["C"] * 2 + PLAYER] = (4, 3)
    st.pyr[REG["D"] * 2 + PLAYER] = (4,)
    st._log_buffer = []
    log = vg_run(st, {"op": "build_pyramid", "n": 1, "region": "any"})
    assert st.pyr[REG["C"] * 2 + VG] == (4,)  # B11.7: the largest element
    assert "no Vengeful pyramid there yet" in log[0]


def test_build_then_the_shortest_pyramid_that_can_grow():
    st = stage()
    p = st.pyr
    p[REG["A"] * 2 + VG] = (4, 2)
    p[REG["B"] * 2 + VG] = (4, 1)  # closed by a top
    p[REG["C"] * 2 + VG] = (3, 2)
    p[REG["D"] * 2 + VG] = (3,)
    p[REG["F"] * 2 + VG] = (2,)
    vg_run(st, {"op": "build_pyramid", "n": 1, "region": "any"})
    # medium elements are used up, so D (1 element, lowest letter of D/F) takes a top
    assert p[REG["D"] * 2 + VG] == (3, 1)


def test_build_here_places_the_largest_legal_element():
    st = stage()
    st.pyr[REG["F"] * 2 + VG] = (4,)
    vg_run(st, {"op": "build_pyramid", "n": 2})
    assert st.pyr[REG["F"] * 2 + VG] == (4, 3, 2)


def test_demolish_takes_your_glyph_before_your_pyramid():
    st = stage()
    st.glyphs[REG["F"] * 2 + PLAYER] = 1
    st.pyr[REG["F"] * 2 + PLAYER] = (4, 2)
    log = vg_run(st, {"op": "demolish", "n": 2})
    assert st.glyphs[REG["F"] * 2 + PLAYER] == 0
    assert st.pyr[REG["F"] * 2 + PLAYER] == (4,)
    assert "your Glyph" in log[0] and "medium top of your pyramid" in log[1]
    vg_run(st, {"op": "demolish", "n": 1, "what": "glyph"})
    assert st.pyr[REG["F"] * 2 + PLAYER] == (4,)


def test_recover_takes_the_type_they_have_more_of():
    st = stage()
    st.reserve[VG * 2] -= 1
    st.reserve[VG * 2 + 1] -= 3
    st.xib[VG * 2], st.xib[VG * 2 + 1] = 1, 3
    vg_run(st, {"op": "recover", "n": 3})
    assert st.xib[VG * 2 : VG * 2 + 2] == [0, 1]  # W, W (2 > 1), then S (1 = 1: Shaman)


# ---- the vertex rule (B11.8) ------------------------------------------------------------


def test_vertex_rule_prefers_regions_then_fresh_regions_then_number():
    st = stage()
    st.vertex[PLAYER] = -1
    st.vg_gods, st.vg_vertex = [], []
    v, why = st.vertex_rule(REG["A"])
    assert st.data.vertex_ids[v] == "V1"  # V1 and V5 touch 3 regions: lower number
    st.vg_gods, st.vg_vertex = ["zotz"], [st.data.vertex_ids.index("V2")]  # B, C, F
    v, why = st.vertex_rule(REG["A"])
    assert st.data.vertex_ids[v] == "V5"  # V5 reaches A and D without Vengeful presence
    assert "2 without Vengeful presence" in why
    st.vertex[PLAYER] = st.data.vertex_ids.index("V5")
    v, _ = st.vertex_rule(REG["A"])
    assert st.data.vertex_ids[v] == "V1"  # V5 is taken by your god
    # E is Abandoned: V9 (D, E) touches one in-play region, V4 (B, D, E) two
    st.vertex[PLAYER] = -1
    st.vg_vertex = [st.data.vertex_ids.index("V5")]
    v, _ = st.vertex_rule(REG["D"])
    assert st.data.vertex_ids[v] == "V4"


# ---- other steps (B11.9) ----------------------------------------------------------------


def test_devotion_becomes_vp_and_lost_devotion_is_yours():
    st = stage()
    st.dev[PLAYER] = 1
    vp = st.vp[VG]
    vg_run(st, {"op": "devotion", "n": 2}, {"op": "lose_devotion", "n": 3, "who": "player"})
    assert st.vp[VG] == vp + 2 and st.dev[VG] == 0
    assert st.dev[PLAYER] == 0  # not below 0
    vg_run(st, {"op": "lose_devotion", "n": 2})
    assert st.vp[VG] == vp  # their own loss comes off their VP


def test_strength_tokens_only_during_a_conflict():
    st = stage()
    vg_run(st, {"op": "strength", "n": 3})
    assert st.tokens[VG] == 3 and st.strength(VG, REG["F"]) == 3
    assert st.strength(VG, REG["A"]) == 0


def test_move_your_god_and_other_player_only_steps_are_ignored():
    st = stage()
    vertices = list(st.vg_vertex)
    vp = st.vp[VG]
    log = vg_run(st, {"op": "move_god"}, {"op": "vp", "n": 3})
    assert st.vg_vertex == vertices and st.vp[VG] == vp + 3
    assert "ignored" in log[0]


def test_vengeful_vp_per_counts_their_own_pieces():
    st = stage()
    st.glyphs[REG["F"] * 2 + VG] = 1
    st.pyr[REG["F"] * 2 + VG] = (4, 3, 2)
    st.glyphs[REG["F"] * 2 + PLAYER] = 2
    vp = st.vp[VG]
    vg_run(st, {"op": "vp_per", "counter": "own_pieces_here", "per": 1, "max": 3})
    assert st.vp[VG] == vp + 3


def test_soul_toll_lets_you_choose_the_unit():
    st = stage()
    vp = st.vp[VG]
    xolotl = st.solo.abilities["xolotl"].steps
    run_frames(st, VgEff(xolotl, 0, "VENGEFUL abilities", "Soul Toll"))
    d = st.decision()
    assert d.kind == "vg_discard" and d.seat == PLAYER
    assert d.ids == ["discard:S", "discard:W"]
    st.apply("discard:W")
    assert st.xib[PLAYER * 2 + WA] == 1 and st.vp[VG] == vp + 1
    assert st.decision().kind == "action"


def test_soul_toll_without_reserve_gives_them_2_vp():
    st = stage()
    st.xib[0] += st.reserve[0]
    st.xib[1] += st.reserve[1]
    st.reserve[0] = st.reserve[1] = 0
    vp = st.vp[VG]
    run_frames(st, VgEff(st.solo.abilities["xolotl"].steps, 0, "VENGEFUL abilities", "x"))
    assert st.vp[VG] == vp + 2 and st.decision().kind == "action"


@pytest.mark.parametrize(
    ("god", "check"),
    [
        ("ah_puch", lambda st, vp: board_units(st, "F", PLAYER) == (2, 1)),
        ("cabrakan", lambda st, vp: st.glyphs[REG["F"] * 2] == 0 and st.tokens[VG] == 2),
        ("ixchel", lambda st, vp: board_units(st, "F", VG) == (2, 1) and st.xib[2] == 0),
        ("kukulkan", lambda st, vp: st.tokens[VG] == 3),
        ("uayeb", lambda st, vp: st.draw_limit == 2 and st.tokens[VG] == 2),
        ("zotz", lambda st, vp: board_units(st, "F", PLAYER) == (1, 2)),
    ],
)
def test_each_vengeful_ability(god, check):
    st = stage()
    put(st, "F", PLAYER, shamans=2, warriors=2)
    put(st, "F", VG, shamans=1, warriors=1)
    st.glyphs[REG["F"] * 2] = 1
    st.reserve[VG * 2] -= 1
    st.xib[VG * 2] += 1  # one Vengeful Shaman waits in Xibalba
    vp = st.vp[VG]
    run_frames(st, VgEff(st.solo.abilities[god].steps, 0, "VENGEFUL abilities", god))
    assert check(st, vp)


def test_unknown_region_words_read_for_the_vengeful_gods():
    st = stage()
    # "present": where a Vengeful god stands (Xolotl on V1: A, B, C)
    assert st._vg_regions("present") == [REG["A"], REG["B"], REG["C"]]
    assert st._vg_regions("champion") == []
    vg_run(st, {"op": "build_glyph", "n": 1, "region": "present"})
    assert sum(st.glyphs[r * 2 + VG] for r in range(6)) == 1


def test_every_vengeful_card_row_resolves_on_a_busy_board():
    for card in stage().solo.cards:
        for row in range(3):
            st = stage()
            put(st, "F", PLAYER, shamans=2, warriors=2)
            put(st, "F", VG, shamans=1, warriors=1)
            st.glyphs[REG["F"] * 2] = 1
            st.pyr[REG["F"] * 2] = (4,)
            log = run_frames(st, VgEff(card.rows[row], 0, "Vengeful cards", card.name))
            prefixes = ("Vengeful [", "The Vengeful", "Task met")
            assert log and all(line.startswith(prefixes) for line in log)
            st.check_invariants()


def test_steps_helper_is_the_data_language():
    assert steps({"op": "vp", "n": 2})[0].n == 2

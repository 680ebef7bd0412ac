"""The solo game's steps (B4-B10, B12, E.3): Start of Age to the final result."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from tabletop_tui.games.mezo.frames import ConflictBegin, EndOfAge, Majority, Strength, VgEff
from tabletop_tui.games.mezo.rules import (
    PENDING,
    SH,
    SOURCES,
    SRC_ALTAR,
    SRC_BLESSED,
    SRC_OFFERING,
    SRC_PYRAMIDS,
    SRC_TRACKS,
    WA,
    MezoConfig,
)
from tabletop_tui.games.mezo.solo import CAL, COD, PLAYER, VG, VG_WON, WON

from ..bounded import bounded
from .helpers import REG, clear_board, kind, play_until, put, run_effect, steps
from .solo_helpers import at_action, board_units, calm, run_frames, solo


def _play(st, stop=lambda st: False, chooser=calm, limit=3000):
    """Play calm choices until ``stop(st)`` or the end; return every log line."""
    lines = []
    for _ in range(limit):
        d = st.decision()
        if d is None or stop(st):
            return lines
        lines += [e.text for e in st.apply(chooser(d))]
    raise AssertionError("the game did not end")


# ---- Start of Age (B4) ------------------------------------------------------------------


def test_a_vengeful_god_arrives_each_age_by_the_top_tile_and_never_moves():
    st = solo(3, god="ixchel")
    seen: list[tuple[list[str], list[int]]] = []

    def at_ability(s):
        return s.decision().kind == "ability"

    for age in (1, 2, 3):
        _play(st, stop=at_ability)
        assert st.age == age and len(st.vg_gods) == age
        god, r, v = st.arrival
        assert st.vg_gods[-1] == god and st.vg_vertex[-1] == v
        assert r in st.data.vertex_regions[v] and st.inplay[r]
        assert sorted(st.conflict_stack) == [x for x in range(6) if st.inplay[x]]
        assert "ixchel" not in st.vg_gods
        if seen:  # earlier Vengeful gods stay where they stood
            assert st.vg_vertex[: len(seen[-1][1])] == seen[-1][1]
        seen.append((list(st.vg_gods), list(st.vg_vertex)))
        st.apply(st.decision().ids[0])
    assert len(set(st.vg_vertex)) == 3


def test_the_arrival_vertex_is_the_vertex_rule_choice():
    for seed in range(8):
        st = solo(seed)
        play_until(st, "ability", chooser=calm)
        god, r, v = st.arrival
        # replay the rule on the board as it was (no god placed yet in Age 1)
        placed = st.vg_vertex.pop()
        st.vg_gods.pop()
        assert st.vertex_rule(r)[0] == placed == v


def test_the_start_of_age_reveal_is_not_a_conflict_and_uayeb_cannot_bury_it():
    st = solo(6, god="uayeb")
    lines = _play(st, stop=lambda s: s.decision().kind == "ability")
    assert not any("Conflict tile revealed" in x for x in lines)
    assert any("it is shuffled back" in x for x in lines)
    assert st.status.count(PENDING) == 6 and st.conflict_region == -1


# ---- Tribe Step (B5) --------------------------------------------------------------------


def test_you_choose_the_blessed_region_then_they_fill_every_region():
    st = solo(2)
    play_until(st, "blessed", chooser=calm)
    d = st.decision()
    champ = st.champs[0]
    expect = [st.rid(r) for r in range(6) if st.inplay[r] and r != champ]
    assert [i.split(":")[1] for i in d.ids] == expect
    before = [board_units(st, st.rid(r), VG) for r in range(6)]
    assert before == [(0, 0)] * 6
    st.apply(d.ids[-1])
    assert st.blessed == st.data.region_ids.index(expect[-1])
    for r in range(6):
        assert board_units(st, st.rid(r), VG) == ((1, 1) if st.inplay[r] else (0, 0))
    assert st.reserve[VG * 2 : VG * 2 + 2] == [10, 10]


def test_vengeful_shortage_fills_regions_in_letter_order():
    st = solo(2)
    play_until(st, "blessed", chooser=calm)
    st.xib[VG * 2] += st.reserve[VG * 2] - 3
    st.xib[VG * 2 + 1] += st.reserve[VG * 2 + 1] - 1
    st.reserve[VG * 2], st.reserve[VG * 2 + 1] = 3, 1
    st.apply(st.decision().ids[0])
    got = [board_units(st, st.rid(r), VG) for r in range(6) if st.inplay[r]]
    assert got == [(1, 1), (1, 0), (1, 0), (0, 0), (0, 0)]


def test_your_god_cannot_stand_on_a_vengeful_vertex():
    st = solo(4)
    play_until(st, "god_place", chooser=calm)
    taken = {f"vertex:{st.data.vertex_ids[v]}" for v in st.vg_vertex}
    assert taken and not taken & set(st.decision().ids)


# ---- a normal conflict (B7) -------------------------------------------------------------


def _first_conflict_with(pred, god="kukulkan", seeds=range(60)):
    for seed in seeds:
        st = solo(seed, god=god)
        lines = _play(st, stop=lambda s: s.conflict_region >= 0 and s.conflict_region != s.blessed)
        if st.decision() is not None and pred(st):
            return st, lines
    raise AssertionError("no such game among the seeds")


def test_vengeful_abilities_resolve_first_only_when_present():
    st, lines = _first_conflict_with(lambda s: "kukulkan" in s.vengeful_here(), god="ixchel")
    assert st.tokens[VG] >= 3  # Feathered Wrath before the God card is drawn
    i = next(k for k, x in enumerate(lines) if "VENGEFUL Kukulkan" in x)
    assert all("keeps a God card" not in x for x in lines[:i])
    st, lines = _first_conflict_with(lambda s: not s.vengeful_here(), god="ixchel")
    assert st.tokens[VG] == 0
    assert any("No Vengeful god is present" in x for x in lines)


def test_kukulkan_moves_after_the_vengeful_abilities():
    st, lines = _first_conflict_with(
        lambda s: s.vengeful_here() and s.decision().kind == "move_god", god="kukulkan"
    )
    assert any(x.startswith("Vengeful [VENGEFUL") for x in lines)


def test_vengeful_gods_resolve_in_order_of_arrival():
    st = at_action(0)
    vid = st.data.vertex_ids
    st.vg_gods = ["zotz", "kukulkan", "cabrakan"]
    st.vg_vertex = [vid.index("V6"), vid.index("V7"), vid.index("V8")]  # V7, V8 touch F
    st.vg_pool = sorted(set(st.vg_pool) - set(st.vg_gods) | {"xolotl"})
    assert st.vengeful_here() == ["kukulkan", "cabrakan"]
    lines = run_frames(st, ConflictBegin())
    order = [x for x in lines if x.startswith("Vengeful [VENGEFUL")]
    assert "Kukulkan" in order[0] and "Cabrakan" in order[-1]
    assert st.tokens[VG] == 5


def test_the_vengeful_card_mirrors_each_row_you_use():
    st = at_action(0)
    st.vg_deck.remove("VG2")
    st.vg_deck.insert(0, "VG2")  # Storm Caller: 1 DEPLOY 2, 2 EXILE 2, 3 +3 VP
    st.glyphs[st.conflict_region * 2 + PLAYER] += 1  # a Glyph for the third action
    assert st.vg_card is None and len(st.vg_deck) == 6  # not before your first action
    vp = st.vp[VG]
    st.apply("pass:c:devotion")  # a pass resolves the row it marked
    assert st.vg_card == "VG2" and st.vg_rows == [3] and len(st.vg_deck) == 5
    assert st.vp[VG] == vp + 3
    v_before = sum(board_units(st, "F", VG))
    st.apply("pass:a:devotion")
    assert st.vg_rows == [3, 1] and sum(board_units(st, "F", VG)) == v_before + 2
    assert kind(st) == "third"
    lines = [e.text for e in st.apply("third:b")]  # DESTROY the Glyph: row 2 too
    while not any("row 2 of Storm Caller" in x for x in lines):
        lines += [e.text for e in st.apply(st.decision().ids[0])]
    assert st.vg_rows == [3, 1, 2] or st.vg_discard[-1] == "VG2"
    assert any("EXILE" in x or "no unit to hit" in x for x in lines)


def test_no_third_row_when_you_decline_the_third_action():
    st = at_action(0)
    st.glyphs[st.conflict_region * 2 + PLAYER] += 1
    st.apply("pass:a:devotion")
    st.apply("pass:b:devotion")
    assert kind(st) == "third" and st.vg_rows == [1, 2]
    lines = [e.text for e in st.apply("third:no")]
    assert not any("Your action was row" in x for x in lines)
    assert st.vg_discard[-1] == st.vg_discard[0]


def test_nameless_days_cuts_your_draw_to_two():
    st = solo(0)
    play_until(st, "keep_card", chooser=calm)
    assert len(st.decision().ids) == 3
    run_frames(st, VgEff(st.solo.abilities["uayeb"].steps, 0, "VENGEFUL abilities", "u"))
    d = st.decision()
    assert d.kind == "keep_card" and len(d.ids) == 2
    assert d.ids == [f"card:{c}" for c in st.deck[0][:2]]
    st.apply(d.ids[0])
    assert len(st.deck[0]) == 4 and st.known_deck[0] == 1
    assert st.draw_limit == 2


def _strength_case(champion_here: bool):
    st = at_action(0)
    clear_board(st)
    st.tokens = [0, 0]
    st.champs[0] = st.conflict_region if champion_here else REG["A"]
    put(st, "F", VG, shamans=1, warriors=1)
    put(st, "F", PLAYER, shamans=0 if champion_here else 2)
    return st


def test_strength_ties_go_to_them_outside_your_champions_region():
    st = _strength_case(champion_here=False)
    vp = st.vp[VG]
    lines = run_frames(st, Strength())
    assert st.flags[VG_WON] and not st.flags[WON]
    assert any("ties go to them" in x for x in lines)
    assert any("take the Jade Altar" in x for x in lines)
    assert st.vp[VG] == vp + 4 and st.vpsrc[VG][SOURCES.index(SRC_ALTAR)] == 4


def test_strength_ties_are_yours_by_your_champion():
    st = _strength_case(champion_here=True)
    vp = st.vp[PLAYER]
    lines = run_frames(st, Strength())
    assert st.flags[WON] and st.vp[PLAYER] == vp + 4
    assert any("a tie in the region of your Champion" in x for x in lines)


def test_zero_strength_everywhere_is_still_their_tie():
    st = _strength_case(champion_here=False)
    clear_board(st)
    run_frames(st, Strength())
    assert st.flags[VG_WON]


def _majority_case(p: tuple[int, int], v: tuple[int, int], champion_here=False):
    st = at_action(0)
    clear_board(st)
    st.champs[0] = st.conflict_region if champion_here else REG["A"]
    put(st, "F", PLAYER, *p)
    put(st, "F", VG, *v)
    return st


def test_majority_ties_and_the_vengeful_tracks_fill_left_to_right():
    st = _majority_case((2, 1), (3, 3))
    vp = st.vp[VG]
    run_frames(st, Majority(SH), Majority(WA))
    assert st.vg_calendar == [1, 0, 0, 0] and st.vg_codex == [1, 0, 0, 0]
    assert board_units(st, "F", VG) == (2, 2)
    assert st.vp[VG] == vp + 10  # VC1 and VK1: +5 VP each (tuned for balance, B13)
    run_frames(st, Majority(SH))  # 2 against 2: a tie, theirs
    assert st.vg_calendar == [1, 1, 0, 0] and board_units(st, "F", VG) == (1, 2)


def test_majority_ties_are_yours_by_your_champion_or_with_shaman_circle():
    st = _majority_case((1, 1), (1, 1), champion_here=True)
    run_frames(st, Majority(SH))
    d = st.decision()
    assert d.kind == "space" and len(d.ids) == 5  # any free Immortal Calendar space
    st = _majority_case((1, 1), (1, 1))
    st.abil[PLAYER] = ("pilgrims", "shaman_circle")
    run_frames(st, Majority(WA), Majority(SH))
    assert st.decision().kind == "space" and st.vg_codex == [1, 0, 0, 0]


def test_majority_needs_a_unit_and_a_free_space():
    st = _majority_case((0, 0), (0, 0))
    run_frames(st, Majority(SH), Majority(WA))
    assert st.vg_calendar == [0] * 4 and st.decision().kind == "action"
    st = _majority_case((0, 0), (3, 0))
    st.vg_calendar[:] = [1, 1, 1, 1]
    st.reserve[VG * 2] -= 4
    lines = run_frames(st, Majority(SH))
    assert board_units(st, "F", VG) == (3, 0) and any("is full" in x for x in lines)


def test_their_calendar_space_is_resolved():
    st = _majority_case((0, 0), (2, 0))
    st.vg_calendar[0] = 1
    st.reserve[VG * 2] -= 1
    st.reserve[VG * 2 + 1] -= 1
    st.xib[VG * 2 + 1] += 1  # a Warrior to RECOVER
    vp = st.vp[VG]
    run_frames(st, Majority(SH))  # VC2: RECOVER 2, then +1 VP
    assert st.vg_calendar == [1, 1, 0, 0] and st.xib[VG * 2 + 1] == 0 and st.vp[VG] == vp + 1


def test_the_conflict_ends_with_units_home_and_the_card_discarded():
    st = at_action(0)
    _play(st, stop=lambda s: s.conflict_order)
    r = st.conflict_order[0]
    assert all(st.units[(r * 2 + s) * 2 + t] == 0 for s in (0, 1) for t in (0, 1))
    assert len(st.vg_discard) == 1 and len(st.vg_deck) + len(st.vg_discard) <= 6
    assert st.champs[0] == -1 or st.champs[0] != r


# ---- the Blessed Region (B8) ------------------------------------------------------------


def _at_blessed_offer(seed=0, card="VG5"):
    st = solo(seed)
    play_until(st, "offer", chooser=calm)
    assert st.conflict_region == st.blessed
    if card in st.vg_discard:  # swap it with the top card
        st.vg_discard.remove(card)
        st.vg_discard.append(st.vg_deck.pop(0))
    else:
        st.vg_deck.remove(card)
    st.vg_deck.insert(0, card)
    st.check_invariants()
    return st


def test_their_offering_alternates_from_their_reserve_and_scores_vp():
    st = _at_blessed_offer(card="VG5")  # corner 4
    r = st.conflict_region
    xib = st.xib[VG * 2 : VG * 2 + 2]
    vp = st.vp[VG]
    ps = st.strength(PLAYER, r) + 2
    vs = st.strength(VG, r) + 4
    lines = [e.text for e in st.apply("offer:2")]  # 2 Shamans
    if kind(st) == "offer":
        lines += [e.text for e in st.apply("offer:0")]
    assert any(
        "corner number is 4: the Vengeful gods offer 2 Shamans + 2 Warriors" in x for x in lines
    )
    if st.age == 1:  # their offering went to their Xibalba (End of Age may follow)
        assert st.xib[VG * 2 : VG * 2 + 2] == [xib[0] + 2, xib[1] + 2]
    assert st.vpsrc[VG][SOURCES.index(SRC_OFFERING)] == 4
    assert st.vp[VG] >= vp + 4
    assert (st.vpsrc[VG][SOURCES.index(SRC_BLESSED)] == 8) == (vs >= ps)


def test_their_offering_runs_short_on_one_type():
    st = _at_blessed_offer(card="VG2")  # corner 3
    st.xib[VG * 2] += st.reserve[VG * 2]
    st.reserve[VG * 2] = 0  # no Shaman in their Reserve
    lines = [e.text for e in st.apply("offer:0")]
    if kind(st) == "offer":
        lines += [e.text for e in st.apply("offer:0")]
    assert any("the Vengeful gods offer 3 Warriors" in x for x in lines)


def _blessed_tie_case(player_offer: int, vengeful_reserve: int, card: str):
    st = _at_blessed_offer(card=card)
    r = st.conflict_region
    for s in (PLAYER, VG):
        for t in (SH, WA):
            i = (r * 2 + s) * 2 + t
            st.reserve[s * 2 + t] += st.units[i]
            st.units[i] = 0
        st.glyphs[r * 2 + s] = 0
    st.tokens = [0, 0]
    for t in (SH, WA):
        st.xib[VG * 2 + t] += st.reserve[VG * 2 + t]
        st.reserve[VG * 2 + t] = 0
    st.reserve[VG * 2] = vengeful_reserve
    st.xib[VG * 2] -= vengeful_reserve
    return st


def test_blessed_ties_go_to_the_vengeful_gods_even_at_zero():
    st = _blessed_tie_case(0, 0, "VG3")
    st.apply("offer:0")
    if kind(st) == "offer":
        st.apply("offer:0")
    assert st.vpsrc[VG][SOURCES.index(SRC_BLESSED)] == 8
    assert st.vpsrc[PLAYER][SOURCES.index(SRC_BLESSED)] == 0
    st = _blessed_tie_case(0, 5, "VG3")  # corner 1 against your 1 Shaman
    st.apply("offer:1")
    if kind(st) == "offer":
        st.apply("offer:0")
    assert st.vpsrc[VG][SOURCES.index(SRC_BLESSED)] == 8
    st = _blessed_tie_case(0, 5, "VG3")
    st.apply("offer:2")
    if kind(st) == "offer":
        st.apply("offer:0")
    assert st.vpsrc[PLAYER][SOURCES.index(SRC_BLESSED)] == 8
    assert st.dev[PLAYER] >= 2  # each offered unit gave you 1 Devotion


# ---- End of Age and End of Game (B9, B10) -----------------------------------------------


def test_end_of_age_scores_their_tracks_and_pyramids_then_reshuffles():
    st = at_action(0)
    st.vg_calendar[:] = [1, 1, 0, 0]
    st.vg_codex[:] = [1, 0, 0, 0]
    st.reserve[VG * 2] -= 2
    st.reserve[VG * 2 + 1] -= 1
    st.pyr[REG["A"] * 2 + VG] = (4,)
    st.pyr[REG["B"] * 2 + VG] = (3, 2)
    st.pyr[REG["E"] * 2 + VG] = ()  # the Abandoned region never scores
    st.vg_discard = [st.vg_deck.pop(0)]
    vp = st.vp[VG]
    reserve = sum(st.reserve[VG * 2 : VG * 2 + 2])
    st.stack = [EndOfAge()]
    st._decision_cache = None
    st._run()
    assert st.vpsrc[VG][SOURCES.index(SRC_TRACKS)] == 6
    assert st.vp[VG] == vp + 6 + 2 * 1
    assert st.vg_calendar == [0] * 4 and st.vg_codex == [0] * 4
    assert sum(st.reserve[VG * 2 : VG * 2 + 2]) >= reserve + 3
    assert sorted(st.vg_deck) == [f"VG{i}" for i in range(1, 7)] and st.vg_discard == []
    assert st.age == 2 and len(st.vg_gods) == 2 and kind(st) == "ability"


def test_their_pyramids_score_one_vp_per_region_times_the_age():
    # In Age 2 each region with a Vengeful pyramid is worth 2 VP (Age 1 alone cannot tell).
    st = at_action(0)
    st.age = 2
    st.pyr[REG["A"] * 2 + VG] = (4,)
    st.pyr[REG["B"] * 2 + VG] = (3, 2)
    st.pyr[REG["C"] * 2 + VG] = (1,)
    st.pyr[REG["E"] * 2 + VG] = ()
    before = st.vpsrc[VG][SOURCES.index(SRC_PYRAMIDS)]
    st.stack = [EndOfAge()]
    st._decision_cache = None
    st._run()
    assert st.vpsrc[VG][SOURCES.index(SRC_PYRAMIDS)] - before == 3 * 2
    assert st.age == 3


def test_a_whole_game_ends_with_a_cooperative_result():
    st = solo(11, god="zotz")
    _play(st, chooser=lambda d: random.Random(len(st.history)).choice(d.ids))
    res = st.result()
    assert res is not None and res.cooperative and len(res.seats) == 1
    seat = res.seats[0]
    assert res.won == seat.won == (st.vp[PLAYER] > st.vp[VG])
    assert sum(x.points for x in seat.breakdown) == seat.score == st.vp[PLAYER]
    assert f"{st.vp[VG]}" in res.summary and "Vengeful gods:" in res.summary
    assert len(st.vg_gods) == 3 and st.age == 3


def test_a_tie_is_a_loss():
    st = solo(11)
    _play(st)
    st.vp[VG] = st.vp[PLAYER]
    res = st._result()
    assert res.won is False and res.seats[0].won is False
    st.vp[VG] = st.vp[PLAYER] - 1
    assert st._result().won is True


# ---- your effects against the Vengeful gods (B12) ---------------------------------------


def test_your_smite_exile_and_demolish_hit_the_vengeful_gods():
    st = at_action(0, god="zotz")
    clear_board(st)
    put(st, "F", VG, shamans=2, warriors=1)
    st.glyphs[REG["F"] * 2 + VG] = 1
    run_effect(st, PLAYER, steps({"op": "smite", "n": 1}))
    assert set(st.decision().ids) == {"hit:1:S", "hit:1:W"}
    assert "Vengeful Shaman" in st.decision().options[0].label
    st.apply("hit:1:S")
    assert st.xib[VG * 2] == 1
    run_effect(st, PLAYER, steps({"op": "demolish", "n": 1}))
    assert st.glyphs[REG["F"] * 2 + VG] == 0
    assert st.counter(PLAYER, "opp_units_in_xibalba") == 1


def test_zotz_sends_exiled_vengeful_units_to_their_xibalba_when_present():
    st = at_action(0, god="zotz")
    clear_board(st)
    put(st, "F", VG, shamans=2)
    st.vertex[PLAYER] = st.data.vertex_ids.index("V7")  # C and F
    run_effect(st, PLAYER, steps({"op": "exile", "n": 1}))
    assert st.xib[VG * 2] == 1 and board_units(st, "F", VG) == (1, 0)


# ---- hidden information -----------------------------------------------------------------


def test_the_vengeful_deck_order_is_hidden_and_resampled():
    st = at_action(0)
    view = repr(st.view(PLAYER))
    assert st.view(PLAYER)["solo"]["deck_size"] == 6 and "vg_deck" not in view
    orders = {tuple(st.sample(PLAYER, random.Random(i)).vg_deck) for i in range(12)}
    assert len(orders) > 3
    assert all(sorted(o) == sorted(st.vg_deck) for o in orders)


def test_flags_follow_your_track_placements():
    st = _majority_case((2, 2), (0, 0), champion_here=False)
    run_frames(st, Majority(SH))
    st.apply(st.decision().ids[-1])
    assert st.flags[CAL] and not st.flags[COD]


def test_an_empty_vengeful_deck_is_rebuilt_from_its_discards():
    st = at_action(0)
    st.vg_discard, st.vg_deck = sorted(st.vg_deck), []
    st._log_buffer = []
    cid = st._vg_reveal()
    lines = [e.text for e in st._log_buffer]
    assert any("shuffled into a new deck" in x for x in lines)
    assert st.vg_discard == [] and len(st.vg_deck) == 5 and cid not in st.vg_deck
    st.check_invariants()


def test_modules_are_refused_in_solo():
    with pytest.raises(ValidationError):
        MezoConfig(players=1, cities=True)


def test_a_vengeful_god_always_finds_a_vertex_and_replays_exactly():
    for seed in range(12):
        st = solo(seed, god="choose")
        rng = random.Random(seed)
        for _step in bounded():
            if st.decision() is None:
                break
            st.apply(rng.choice(st.decision().ids))
        assert len(st.vg_gods) == 3 and min(st.vg_vertex) >= 0  # B1.2
        again = type(st).replay(st.config, st.seed, list(st.history))
        assert again == st and again.vp == st.vp


def test_war_drums_make_warrior_ties_yours_everywhere():
    st = _majority_case((1, 1), (1, 1))
    st.abil[PLAYER] = ("pilgrims", "war_drums")
    run_frames(st, Majority(SH), Majority(WA))
    assert st.vg_calendar == [1, 0, 0, 0]  # Shaman tie: theirs
    assert st.decision().kind == "space" and st.vg_codex == [0] * 4  # Warrior tie: yours

"""One test per ruling of Part E that concerns the base game (E.1 1-9 and 12, E.2 14-42).

Several rulings are also exercised in more depth by the other test modules; each test here
pins the ruling itself so that a change to it fails a test named after it.
"""

from __future__ import annotations

import random

from tabletop_tui.games.mezo.data import load_data
from tabletop_tui.games.mezo.rules import RESOLVED, SH, WA, MezoState

from ..bounded import bounded
from .helpers import (
    at_first_action,
    clear_board,
    gods_config,
    ids,
    kind,
    new,
    play_until,
    put,
    run_effect,
    steps,
    to_xibalba,
    units,
)


def finish_conflict(st: MezoState) -> int:
    """Pass everything, answer the rest with first options; returns the resolved region."""
    r = st.conflict_region
    while st.status[r] != RESOLVED:
        d = st.decision()
        if d.kind == "action":
            st.apply(
                next(i for i in d.ids if i.startswith("pass") and i.endswith(("devotion", "both")))
            )
        else:
            st.apply(d.ids[0])
    return r


def test_e1_god_deck_reshuffled_only_at_end_of_age():
    st = at_first_action(2, seed=30)
    s = st.turn[0]
    finish_conflict(st)
    assert len(st.played[s]) == 1 and len(st.deck[s]) == 4
    st = play_until(st, "ability")
    assert st.age == 2 and st.played[s] == [] and len(st.deck[s]) == 5


def test_e2_after_a_conflict_everything_returns_to_reserve():
    st = at_first_action(2, seed=31, gods=("ixchel", "kukulkan"))
    clear_board(st)
    r = st.conflict_region
    put(st, st.rid(r), 0, 2, 2)
    put(st, st.rid(r), 1, 1, 0)
    st.glyphs[r * 2 + 1] = 1
    finish_conflict(st)
    on_tracks = st.calendar.count(0) + st.codex.count(0) + st.calendar.count(1) + st.codex.count(1)
    elsewhere = sum(st.units)  # an Altar reward may have placed units in pending regions
    assert sum(st.reserve) + sum(st.xib) + on_tracks + elsewhere == 32
    assert units(st, st.rid(r), 0) == (0, 0) and units(st, st.rid(r), 1) == (0, 0)
    assert st.glyphs[r * 2 + 1] == 1


def test_e3_pass_is_one_action_and_marks_an_option():
    st = at_first_action(2, seed=32, gods=("kukulkan", "zotz"))
    s = st.decision().seat
    st.apply("pass:c:devotion")
    st.apply(next(i for i in ids(st) if i.startswith("pass")))
    assert st.decision().seat == s and kind(st) == "action"  # still acts in round two
    assert "play:c" not in ids(st)


def test_e4_third_action_only_with_a_glyph_here_and_no_pass():
    st = at_first_action(2, seed=33, gods=("kukulkan", "zotz"))
    s = st.turn[0]
    st.glyphs[st.conflict_region * 2 + s] = 1
    while kind(st) == "action":
        st.apply(next(i for i in ids(st) if i.startswith("pass")))
    assert kind(st) == "third"
    assert not any(i.startswith("pass") for i in ids(st))


def test_e5_turn_order_left_of_champion_owner():
    st = at_first_action(3, seed=34)
    owner = st.champion_owner(st.conflict_region)
    assert st.turn[-1] == owner
    assert st.turn[0] == st.ring[(st.pos[owner] + 1) % 3]


def test_e6_ties_settled_by_champion_owner():
    st = at_first_action(2, seed=35, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    put(st, st.rid(st.conflict_region), 1 - owner, 0, 2)
    while kind(st) == "action":
        st.apply(next(i for i in ids(st) if i.endswith(("devotion", "both"))))
    while kind(st) != "tie":
        st.apply(ids(st)[0])
    assert st.decision().seat == owner


def test_e7_champions_and_one_champion_free_region():
    for players in (2, 3, 4):
        st = play_until(new(players, 36), "god_place")
        champs = [r for r in st.champs if r >= 0]
        in_play = [r for r in range(6) if st.inplay[r]]
        assert len(champs) == len(in_play) - 1
        assert st.blessed in in_play and st.blessed not in champs
        for s in range(players):
            for r in st.champs[s * 2 : s * 2 + 2]:
                if r >= 0:
                    assert st.units_of(r, s) == 0  # no Tribe Step units with own Champion


def test_e8_component_counts():
    per = load_data().constants.per_tribe
    assert per["shaman"] == per["warrior"] == 8 and per["glyph"] == 6
    assert per["pyramid"] == {"base": 2, "large": 2, "medium": 3, "top": 3}


def test_e9_gods_persist_and_move_to_any_empty_vertex():
    st = play_until(new(2, 37), "god_turn")
    s = st.decision().seat
    v = st.vertex[s]
    assert v >= 0
    moves = [i for i in ids(st) if i.startswith("vertex:")]
    assert len(moves) == len(st.empty_vertices())  # not only neighbours


def test_e12_devotion_track_values_and_cap():
    st = at_first_action(2, seed=38)
    s = st.decision().seat
    st.dev[s] = 22
    run_effect(st, s, steps({"op": "devotion", "n": 5}))
    assert st.dev[s] == 23
    assert load_data().devotion_values[23] == 28


def test_e14_start_at_zero_vp_and_vp_order_ties_to_lower_seat():
    st = play_until(new(4, 39), "ability")
    assert st.vp == [0, 0, 0, 0]
    assert st.vp_order() == st.ring


def test_e15_god_step_in_reverse_vp_order():
    st = play_until(new(3, 40), "god_place")
    expected = list(reversed(st.vp_order()))
    seen = []
    while st.phase == "God Step":
        d = st.decision()
        if d.kind == "god_place":
            seen.append(d.seat)
        st.apply(d.ids[0])
    assert seen == expected


def test_e16_call_mandatory_up_to_parts_may_be_zero():
    st = MezoState.new(gods_config(2, "ixchel", "zotz"), 41)
    st = play_until(st, "god_place")
    while st.decision().seat != 0:
        st.apply(ids(st)[0])
    st.apply(ids(st)[0])
    while kind(st) == "region":
        st.apply(ids(st)[0])
    assert kind(st) == "split" and "split:S0W0" in ids(st)


def test_e17_secret_card_choice():
    st = play_until(new(2, 42), "keep_card")
    assert st.decision().secret
    s = st.decision().seat
    st.apply(ids(st)[0])
    assert st.view(1 - s)["tribes"][s]["card"] is None


def test_e18_options_that_do_nothing_may_be_chosen():
    st = at_first_action(2, seed=43, gods=("ah_puch", "ixchel"))
    clear_board(st)
    s = st.decision().seat
    # a card whose row 1 cannot do anything on an empty board
    wanted = {"ah_puch": "ah_puch.1", "ixchel": "ixchel.4"}[st.god[s]]
    if st.kept[s] != wanted:
        st.deck[s][st.deck[s].index(wanted)] = st.kept[s]
        st.kept[s] = wanted
    st.stack.append(st.stack.pop())
    st._decision_cache = None
    st._run()
    assert {"play:a", "play:b", "play:c"} <= set(ids(st))
    before = (list(st.units), list(st.xib), list(st.vp))
    st.apply("play:a")  # SMITE with nobody here, or VP per own Shaman with none: nothing
    assert (st.units, st.xib, st.vp) == before
    assert "a" in st.used_rows[s]


def test_e19_no_strength_from_pyramids():
    st = at_first_action(2, seed=44)
    clear_board(st)
    r = st.conflict_region
    s = 1 - st.champion_owner(r)
    st.pyr[r * 2 + s] = (4, 3, 2, 1)
    assert st.strength(s, r) == 0


def test_e20_winner_needs_one_strength():
    st = at_first_action(2, seed=45, gods=("ixchel", "kukulkan"))
    clear_board(st)
    st.champs = [-1 if x == st.conflict_region else x for x in st.champs]
    vps = list(st.vpsrc[0]), list(st.vpsrc[1])
    finish_conflict(st)
    assert st.vpsrc[0][0] == vps[0][0] and st.vpsrc[1][0] == vps[1][0]


def test_e21_majority_rules():
    st = at_first_action(2, seed=46, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    put(st, st.rid(st.conflict_region), 1 - owner, 0, 1)  # Warriors only: no Shaman majority
    r = finish_conflict(st)
    assert st.calendar == [-1] * 5
    assert st.codex.count(1 - owner) == 1
    assert r == st.conflict_order[-1]


def test_e22_blessed_region_has_no_cards_actions_or_third_action():
    st = play_until(new(2, 47), "offer")
    r = st.conflict_region
    while st.status[r] != RESOLVED:
        assert kind(st) in ("offer", "order", "split", "region")
        st.apply(ids(st)[0])


def test_e23_offering_secret():
    st = play_until(new(2, 48), "offer")
    assert st.decision().secret
    a = st.decision().seat
    b = 1 - a
    texts = []
    while st.decision().seat == a:  # a's Shamans, then Warriors: 1 each where possible
        d = st.decision()
        texts += [e.text for e in st.apply("offer:1" if "offer:1" in d.ids else "offer:0")]
    assert all("offers" not in t for t in texts)  # nothing revealed before b has chosen
    assert st.decision().seat == b and st.decision().secret
    seen_by_b = st.view(b)["tribes"][a]
    assert seen_by_b["offer_chosen"] and seen_by_b["offer_pending"] is None
    assert seen_by_b["offering"] == [0, 0]
    assert st.view(a)["tribes"][a]["offer_pending"] is not None


def test_e24_offering_is_not_a_sacrifice():
    st = MezoState.new(gods_config(2, "xolotl", "ixchel"), 49)
    st = play_until(st, "offer")
    st.wrath_tiles[st.age - 1] = "W1-1"
    clear_board(st)
    vp = list(st.vp)
    while kind(st) == "offer":
        d = st.decision()
        st.apply("offer:1" if d.seat == 0 and d.context["type"] == "S" else "offer:0")
    # the 8 VP only: no Wrathful or Xolotl VP
    assert st.vp[0] == vp[0] + 8
    assert st.wrath == [0, 0, 0, 0]


def test_e25_blessed_tie_fewest_vp():
    st = play_until(new(2, 50), "offer")
    clear_board(st)
    st.vp = [3, 7]
    st.vpsrc = [[0] * 8 + [3], [0] * 8 + [7]]
    while kind(st) == "offer":
        st.apply("offer:1" if st.decision().context["type"] == "S" else "offer:0")
    assert st.vpsrc[0][1] == 8 and st.vpsrc[1][1] == 0


def test_e26_end_of_age_cleanup_keeps_gods_glyphs_pyramids():
    st = new(2, 51)
    while st.age == 1:
        st.apply(ids(st)[0])
    # the first decision of Age 2: Blessed token off, tracks empty, gods still placed
    assert st.blessed == -1
    assert st.calendar == [-1] * 5 and st.codex == [-1] * 5
    assert min(st.vertex) >= 0
    st = play_until(st, "god_turn")
    assert st.blessed >= 0  # a new Blessed Region for Age 2


def test_e27_end_game_ties_devotion_then_pyramids():
    st = new(2, 52)
    for _step in bounded():
        if st.decision() is None:
            break
        st.apply(ids(st)[0])
    st.vp = [10, 10]
    st.dev = [3, 3]
    st.pyr = [()] * 12
    st.pyr[1] = (2,)
    res = st._result()
    assert [s.rank for s in res.seats] == [2, 1]
    assert res.summary == (
        "{seat:1} wins with 10 VP, ahead on pyramid elements on the board in the VP tie (1, 0)."
    )
    st.dev = [3, 5]
    assert "ahead on Devotion in the VP tie (5, 3)" in st._result().summary


def test_e28_units_enter_only_active_or_pending_regions():
    st = at_first_action(2, seed=53, gods=("ixchel", "kukulkan"))
    s = st.decision().seat
    for r in range(6):
        if r != st.conflict_region:
            st.status[r] = RESOLVED
    run_effect(st, s, steps({"op": "deploy", "n": 1, "region": "pending"}))
    assert kind(st) == "action"


def test_e29_champions_are_not_units():
    st = at_first_action(2, seed=54, gods=("ixchel", "kukulkan"))
    clear_board(st)
    s = st.decision().seat
    o = 1 - s
    st.champs[o * 2] = st.conflict_region
    st.champs[s * 2] = -1
    st.champs[s * 2 + 1] = (
        -1 if st.champs[s * 2 + 1] == st.conflict_region else st.champs[s * 2 + 1]
    )
    run_effect(st, s, steps({"op": "exile", "n": 1}))
    assert st.champion_owner(st.conflict_region) == o


def test_e30_exile_to_reserve():
    st = at_first_action(2, seed=55, gods=("ixchel", "kukulkan"))
    clear_board(st)
    s = st.decision().seat
    put(st, st.rid(st.conflict_region), 1 - s, 1, 0)
    res = st.reserve[(1 - s) * 2]
    run_effect(st, s, steps({"op": "exile", "n": 1}))
    assert st.reserve[(1 - s) * 2] == res + 1


def test_e31_move_needs_no_adjacency():
    st = at_first_action(2, seed=56, gods=("ixchel", "kukulkan"))
    clear_board(st)
    s = st.decision().seat
    far = [
        r
        for r in range(6)
        if st.inplay[r]
        and r != st.conflict_region
        and r not in st.data.adjacent[st.conflict_region]
    ]
    if not far:
        return
    put(st, st.rid(far[0]), s, 1, 0)
    run_effect(st, s, steps({"op": "move_in", "n": 1, "from": "pending"}))
    assert units(st, st.rid(st.conflict_region), s) == (1, 0)


def test_e32_sacrifice_devotion_and_xibalba():
    st = at_first_action(2, seed=57, gods=("ixchel", "kukulkan"))
    clear_board(st)
    s = st.decision().seat
    put(st, st.rid(st.conflict_region), s, 0, 1)
    run_effect(st, s, steps({"op": "sacrifice", "n": 1}))
    assert st.wrath[s * 2 + WA] == 1 and st.dev[s] >= 1
    finish_conflict(st)
    assert st.xib[s * 2 + WA] >= 1


def test_e33_demolish_top_element_only():
    st = at_first_action(2, seed=58, gods=("ixchel", "kukulkan"))
    s = st.decision().seat
    st.pyr[st.conflict_region * 2 + 1 - s] = (4, 3, 2)
    run_effect(st, s, steps({"op": "demolish", "n": 1}))
    if kind(st) == "demolish":
        st.apply(f"demolish:{1 - s}:pyramid")
    assert st.pyr[st.conflict_region * 2 + 1 - s] == (4, 3)


def test_e34_pyramid_building_rules():
    st = at_first_action(2, seed=59, gods=("ixchel", "kukulkan"))
    s = st.decision().seat
    st.pyr[st.conflict_region * 2 + s] = (2,)
    assert st.legal_sizes(s, st.conflict_region) == [1]
    st.pyr[st.conflict_region * 2 + s] = (1,)
    assert st.legal_sizes(s, st.conflict_region) == []


def test_e35_five_spaces_each():
    assert len(load_data().calendar) == len(load_data().codex) == 5


def test_e36_two_expansion_wrathful_tiles_per_age():
    for age in (1, 2, 3):
        assert sum(1 for w in load_data().wrathful if w.age == age and w.set == "sfx") == 2


def test_e37_strength_tokens_unlimited_vp_never_negative():
    st = at_first_action(2, seed=60)
    s = st.decision().seat
    run_effect(st, s, steps(*[{"op": "strength", "n": 9}] * 3))
    assert st.tokens[s] == 27
    st.gain_vp(s, -5, "Altars")
    assert st.vp[s] >= 0


def test_e38_faith_is_devotion():
    # "faith" appears only in the Tribe Powers module; its data reads as the devotion op
    from tabletop_tui.assets import load_json

    powers = load_json("mezo", "tribe_powers.json")["tribe_powers"]
    faith = [p for tp in powers for p in tp["powers"] if "faith" in p["text"]]
    assert faith and all(p["effect"][0]["op"] == "devotion" for p in faith)


def test_e39_counting_happens_at_resolution():
    st = at_first_action(2, seed=61, gods=("ixchel", "kukulkan"))
    clear_board(st)
    s = st.decision().seat
    put(st, st.rid(st.conflict_region), s, 1, 0)
    eff = steps(
        {"op": "deploy", "n": 2, "unit": "shaman"},
        {"op": "vp_per", "counter": "own_shamans_here", "per": 1, "max": 4},
    )
    vp = st.vp[s]
    run_effect(st, s, eff)
    assert st.vp[s] == vp + 3


def test_e40_seeded_randomness_and_hidden_information():
    a = new(4, 62)
    b = new(4, 62)
    rng = random.Random(0)
    for _step in bounded():
        if a.decision() is None:
            break
        oid = rng.choice(a.decision().ids)
        a.apply(oid)
        b.apply(oid)
    assert a.fingerprint() == b.fingerprint()
    st = play_until(new(3, 63), "keep_card")
    v = st.view(None)
    assert "conflict_stack" not in v and v["stack_known_top"] == []
    assert all("deck" not in t for t in v["tribes"])


def test_e41_tribe_abilities_may_be_shared():
    st = play_until(new(2, 64), "ability")
    first = ids(st)[0]
    st.apply(first)
    assert first in ids(st)


def test_e42_shaman_circle_overrides_the_chooser():
    st = at_first_action(2, seed=65, gods=("ixchel", "kukulkan"))
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 1, 0)
    put(st, st.rid(st.conflict_region), owner, 1, 0)
    st.abil[other] = ("shaman_circle",)
    r = finish_conflict(st)
    assert st.calendar.count(other) == 1 and st.calendar.count(owner) == 0
    assert r >= 0 and SH == 0
    assert to_xibalba is not None

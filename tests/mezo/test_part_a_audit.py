"""Audit of Part A (the 2-4 player game): one test per rule the older suites left open."""

from __future__ import annotations

import random

from tabletop_tui.games.mezo.data import load_data
from tabletop_tui.games.mezo.rules import RESOLVED, SH, SOURCES, SRC_ALTAR, WA, MezoState

from ..bounded import bounded
from .helpers import clear_board, gods_config, kind, new, play_until, put, run_effect, steps

BASE_GODS = ("ah_puch", "cabrakan", "ixchel", "kukulkan")


def _first(d) -> str:
    """A neutral choice: pass for Devotion where possible, decline third actions."""
    if d.kind == "action":
        return next((i for i in d.ids if i.startswith("pass") and "devotion" in i), d.ids[0])
    if d.kind == "third":
        return "third:no"
    return d.ids[0]


def _finish_conflict(st: MezoState) -> list[tuple[int, str]]:
    """Play the active conflict to its end; return the (seat, kind) of every decision."""
    r = st.conflict_region
    seen = []
    while st.status[r] != RESOLVED:
        d = st.decision()
        seen.append((d.seat, d.kind))
        st.apply(_first(d))
    return seen


def test_a14_10_setup_draws_in_the_order_of_a3():
    """Seats, Abandoned region, Altars, Wrathful tiles by Age, then God decks by seat."""
    seed = 31
    st = MezoState.new(gods_config(2, "zotz", "xolotl"), seed)
    while kind(st) in ("colour", "god"):
        st.apply(st.decision().ids[0])
    d = load_data()
    rng = random.Random(seed)
    ring = [0, 1]
    rng.shuffle(ring)
    tiles = list(range(6))
    rng.shuffle(tiles)
    abandoned = tiles.pop(0)
    pool = [a.id for a in d.altars]
    rng.shuffle(pool)
    altars = [None if r == abandoned else pool.pop(0) for r in range(6)]
    wrath = []
    for age in (1, 2, 3):
        wp = [w.id for w in d.wrathful if w.age == age]
        rng.shuffle(wp)
        wrath.append(wp[0])
    decks = {}
    for s in ring:
        deck = list(d.god(st.god[s]).cards)
        rng.shuffle(deck)
        decks[s] = deck
    assert st.ring == ring
    assert [not x for x in st.inplay] == [r == abandoned for r in range(6)]
    assert st.altar == altars
    assert st.wrath_tiles == wrath
    assert sorted(st.conflict_stack) == sorted(tiles)
    for s in ring:
        assert st.deck[s] == decks[s]


def test_a8_5_without_a_champion_the_vp_leader_starts_then_clockwise():
    st = new(4, seed=5, **{f"god_{i + 1}": g for i, g in enumerate(BASE_GODS)})
    st = play_until(st, "god_place")
    # the last God Step turn belongs to the VP leader: stop there and stage the board
    while not (kind(st) in ("god_place", "god_turn") and st.vertex.count(-1) == 1):
        st.apply(st.decision().ids[0])
    st.champs = [-1] * len(st.champs)
    normal = next(r for r in st.conflict_stack if r != st.blessed)
    st.conflict_stack.remove(normal)
    st.conflict_stack.insert(0, normal)
    st.vp = [0, 0, 0, 0]
    leader = st.ring[2]  # not the first seat, so VP order and seat order differ
    st.vp[leader] = 5
    st.vp[st.ring[0]] = 3  # VP order would put ring[0] second
    st.vpsrc = [[0] * (len(SOURCES) - 1) + [v] for v in st.vp]
    st = play_until(st, "keep_card", chooser=_first)
    assert st.conflict_region == normal
    assert st.turn == (st.ring[2], st.ring[3], st.ring[0], st.ring[1])


def test_a8_4_everyone_takes_part_with_nothing_here():
    st = play_until(new(3, seed=8), "keep_card")
    clear_board(st)
    seen = _finish_conflict(st)
    for s in range(3):
        assert (s, "keep_card") in seen
        assert sum(1 for x in seen if x == (s, "action")) == 2


def test_a8_3_fewer_cards_than_three_are_all_offered():
    st = play_until(new(2, seed=4), "keep_card")
    s = st.decision().seat
    extra = st.deck[s][2:]
    st.deck[s] = st.deck[s][:2]
    st.played[s] += extra
    st._decision_cache = None
    st._run()
    d = st.decision()
    assert d.seat == s and d.kind == "keep_card"
    assert d.ids == [f"card:{c}" for c in st.deck[s]]
    assert len(d.ids) == 2


def test_a8_3_without_a_card_actions_are_passes_that_mark_nothing():
    st = play_until(new(2, seed=4), "keep_card")
    s = st.decision().seat
    st.played[s] += st.deck[s]
    st.deck[s] = []
    st._decision_cache = None
    st._run()
    assert (st.decision().seat, st.decision().kind) != (s, "keep_card")
    r = st.conflict_region
    st.glyphs[r * st.tribe_count + s] = 1  # a Glyph here still gives no third action
    to_xib = st.reserve[s * 2]
    st.reserve[s * 2] -= to_xib
    st.xib[s * 2] += to_xib
    seen = []
    while st.status[r] != RESOLVED:
        d = st.decision()
        if d.seat == s:
            seen.append(d.kind)
            if d.kind == "action":
                assert set(d.ids) == {"pass:devotion", "pass:recover"}
                assert st.used_rows[s] == ""
        st.apply(_first(d))
    assert seen.count("action") == 2
    assert "third" not in seen


def test_a9_5_blessed_winner_takes_8_vp_but_not_the_altar():
    st = play_until(new(2, seed=6), "offer")
    r = st.conflict_region
    clear_board(st)
    a = st.decision().seat
    put(st, st.rid(r), a, 2, 0)
    dev = list(st.dev)
    while kind(st) == "offer":
        st.apply("offer:0")
    assert st.vpsrc[a][SOURCES.index("Blessed Region")] == 8
    assert st.vpsrc[a][SOURCES.index(SRC_ALTAR)] == 0
    assert st.dev == dev  # nothing offered, so no Devotion and no Altar reward
    assert st.altar[r] is not None  # the Altar stays for later Ages


def test_a12_lose_devotion_stops_at_zero():
    st = play_until(new(2, seed=3), "action")
    s = st.decision().seat
    st.dev[s] = 1
    run_effect(st, s, steps({"op": "lose_devotion", "n": 3}))
    assert st.dev[s] == 0


def test_a13_5_a_glyph_counts_in_a_conflict_of_a_later_age():
    st = play_until(new(2, seed=12), "keep_card")
    r = st.conflict_region
    s = st.turn[0]
    st.glyphs[r * st.tribe_count + s] = 1
    # reach Age 2 and the conflict of the same region
    while not (st.age == 2 and st.conflict_region == r and kind(st) in ("keep_card", "offer")):
        st.apply(_first(st.decision()))
    assert st.glyphs[r * st.tribe_count + s] == 1
    assert st.strength_parts(s, r)[2] == 1


def test_a8_14_units_here_go_home_and_the_next_tile_is_revealed():
    st = play_until(new(2, seed=2), "keep_card")
    r = st.conflict_region
    clear_board(st)
    s = st.turn[0]
    put(st, st.rid(r), s, 1, 1)
    reserve = (st.reserve[s * 2 + SH], st.reserve[s * 2 + WA])
    _finish_conflict(st)
    on_tracks = st.calendar.count(s), st.codex.count(s)
    assert st.reserve[s * 2 + SH] == reserve[0] + 1 - on_tracks[0]
    assert st.reserve[s * 2 + WA] == reserve[1] + 1 - on_tracks[1]
    assert r not in st.champs and st.status[r] == RESOLVED
    assert st.conflict_region != r


def _age_2_with_a_reordered_vp_order(players: int = 3) -> MezoState:
    """Age 2's first ability choice, in a game whose VP order differs from seat order."""
    for seed in range(40):
        st = new(players, seed=seed)
        while not (st.age == 2 and kind(st) == "ability"):
            st.apply(_first(st.decision()))
        if len(set(st.vp)) == players and st.vp_order() != st.ring:
            return st
    raise AssertionError("no seed found")  # pragma: no cover


def test_a5_a6_a7_ability_tribe_and_god_turns_follow_the_vp_order():
    """A5.3 and A6 go in VP order, A7 in reverse VP order (VP does not change meanwhile)."""
    st = _age_2_with_a_reordered_vp_order()
    order = st.vp_order()
    seats: dict[str, list[int]] = {"ability": [], "champion": [], "god": []}
    while st.phase != "Conflict Step":
        d = st.decision()
        k = {"ability": "ability", "champion": "champion", "god_turn": "god"}.get(d.kind)
        if k and (not seats[k] or seats[k][-1] != d.seat):
            seats[k].append(d.seat)
        st.apply(_first(d))
    assert seats["ability"] == order
    assert seats["champion"] == order
    assert seats["god"] == list(reversed(order))


def test_a5_3_each_age_adds_one_ability_from_its_column():
    st = new(2, seed=3)
    while not (st.age == 3 and st.phase == "Tribe Step"):
        st.apply(_first(st.decision()))
    for s in range(2):
        ages = [st.data.ability(a).age for a in st.abil[s]]
        assert ages == [1, 2, 3]


def test_a7_1_age_1_vertices_must_touch_an_in_play_region():
    d = load_data()
    for seed in range(200):
        st = play_until(new(3, seed=seed), "god_place")
        dead = [v for v, regs in enumerate(d.vertex_regions) if not any(st.inplay[r] for r in regs)]
        if dead:
            break
    else:  # pragma: no cover
        raise AssertionError("no seed leaves a vertex touching only Abandoned regions")
    offered = {i.split(":")[1] for i in st.decision().ids}
    assert not offered & {d.vertex_ids[v] for v in dead}
    free = {d.vertex_ids[v] for v in st.empty_vertices()}
    assert offered == free and free


def test_a14_10_end_of_age_shuffles_god_decks_by_seat_then_the_stack():
    st = new(3, seed=17)
    for _step in bounded():
        before = st.clone()
        st.apply(_first(st.decision()))
        if st.age == 2:
            break
    rng = random.Random()
    rng.setstate(before.rng.getstate())
    for s in before.ring:
        kept = [before.kept[s]] if before.kept[s] else []
        deck = before.deck[s] + before.played[s] + kept
        rng.shuffle(deck)
        assert st.deck[s] == deck
    stack = [r for r in range(6) if before.inplay[r]]
    rng.shuffle(stack)
    assert kind(st) == "ability" and st.conflict_stack == stack


def test_a2_2_outside_the_conflict_step_every_in_play_region_is_pending():
    st = play_until(new(3, seed=2), "god_place")
    s = st.decision().seat
    run_effect(st, s, steps({"op": "deploy", "n": 1, "region": "pending"}))
    assert kind(st) == "region"
    assert set(st.decision().ids) == {f"region:{st.rid(r)}" for r in range(6) if st.inplay[r]}
    assert len(st.decision().ids) == 4  # two Abandoned regions with 3 players


def test_a9_3_blood_offering_adds_devotion_to_each_offered_unit():
    st = play_until(new(2, seed=6), "offer")
    clear_board(st)
    a = st.decision().seat
    b = 1 - a
    st.abil[a] = (*st.abil[a], "blood_offering")
    st.dev = [0, 0]
    while kind(st) == "offer":
        st.apply("offer:2" if st.decision().context["type"] == "S" else "offer:0")
    assert st.dev[a] == 4  # 2 units x (1 + 1)
    assert st.dev[b] == 2
    assert st.xib[a * 2] >= 2 and st.xib[b * 2] >= 2  # offered units end in Xibalba

"""Each keyword of A12 with its legal targets, exact numbers and "as much as possible"."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mezo.rules import RESOLVED, SH, WA

from .helpers import (
    REG,
    at_first_action,
    clear_board,
    ids,
    kind,
    put,
    run_effect,
    steps,
    to_xibalba,
    units,
)

NEUTRAL = ("ixchel", "kukulkan")  # passives that never fire on these keywords


@pytest.fixture
def st():
    state = at_first_action(2, seed=3, gods=NEUTRAL)
    clear_board(state)
    return state


def actor(st):
    return st.decision().seat


def here(st):
    return st.rid(st.conflict_region)


def test_deploy_here_offers_every_mix_of_exactly_n(st):
    a = actor(st)
    run_effect(st, a, steps({"op": "deploy", "n": 2}))
    assert kind(st) == "split"
    assert sorted(ids(st)) == ["split:S0W2", "split:S1W1", "split:S2W0"]
    before = st.reserve[a * 2], st.reserve[a * 2 + 1]
    st.apply("split:S1W1")
    assert units(st, here(st), a) == (1, 1)
    assert (st.reserve[a * 2], st.reserve[a * 2 + 1]) == (before[0] - 1, before[1] - 1)
    assert kind(st) == "action"  # the flow resumes where it was


def test_deploy_typed_takes_no_substitute(st):
    a = actor(st)
    st.reserve[a * 2 + WA] += st.reserve[a * 2 + SH] - 1
    st.reserve[a * 2 + SH] = 1
    run_effect(st, a, steps({"op": "deploy", "n": 2, "unit": "shaman"}))
    # one Shaman only: the single legal option is taken at once, no Warrior substitutes
    assert units(st, here(st), a) == (1, 0)
    assert kind(st) == "action"


def test_deploy_as_much_as_possible_when_short(st):
    a = actor(st)
    st.xib[a * 2] += st.reserve[a * 2] - 1
    st.reserve[a * 2] = 1
    st.xib[a * 2 + 1] += st.reserve[a * 2 + 1]
    st.reserve[a * 2 + 1] = 0
    run_effect(st, a, steps({"op": "deploy", "n": 3}))
    assert units(st, here(st), a) == (1, 0)


def test_deploy_pending_lists_only_pending_in_play_regions(st):
    a = actor(st)
    resolved = next(r for r in range(6) if st.inplay[r] and r != st.conflict_region)
    st.status[resolved] = RESOLVED
    run_effect(st, a, steps({"op": "deploy", "n": 1, "region": "pending"}))
    assert kind(st) == "region"
    expected = {
        f"region:{st.rid(r)}"
        for r in range(6)
        if st.inplay[r] and r != st.conflict_region and r != resolved
    }
    assert set(ids(st)) == expected


def test_awaken_takes_from_xibalba_only(st):
    a = actor(st)
    to_xibalba(st, a, shamans=1)
    run_effect(st, a, steps({"op": "awaken", "n": 2}))
    assert units(st, here(st), a) == (1, 0)
    assert st.xib[a * 2] == 0


def test_awaken_with_empty_xibalba_does_nothing(st):
    a = actor(st)
    run_effect(st, a, steps({"op": "awaken", "n": 2}))
    assert units(st, here(st), a) == (0, 0)
    assert kind(st) == "action"


def test_recover_types_of_choice_and_up_to(st):
    a = actor(st)
    to_xibalba(st, a, shamans=2, warriors=2)
    run_effect(st, a, steps({"op": "recover", "n": 2}))
    assert sorted(ids(st)) == ["split:S0W2", "split:S1W1", "split:S2W0"]
    st.apply("split:S0W2")
    assert (st.xib[a * 2], st.xib[a * 2 + 1]) == (2, 0)
    run_effect(st, a, steps({"op": "recover", "n": 3, "up_to": True}))
    assert "split:S0W0" in ids(st) and "split:S2W0" in ids(st)


def test_smite_hits_only_opponents_and_sends_to_xibalba(st):
    a = actor(st)
    b = 1 - a
    put(st, here(st), a, 2, 2)
    put(st, here(st), b, 1, 1)
    run_effect(st, a, steps({"op": "smite", "n": 2}))
    assert kind(st) == "hit"
    assert sorted(ids(st)) == [f"hit:{b}:S", f"hit:{b}:W"]
    xb = st.xib[b * 2 + 1]
    st.apply(f"hit:{b}:W")
    assert ids(st) == [f"hit:{b}:S"] or kind(st) == "action"
    assert st.xib[b * 2 + 1] == xb + 1
    assert units(st, here(st), b) == (0, 0)  # the second hit took the last Shaman
    assert units(st, here(st), a) == (2, 2)


def test_smite_in_pending_region_lists_regions_with_targets(st):
    a = actor(st)
    b = 1 - a
    others = [st.rid(r) for r in range(6) if st.inplay[r] and r != st.conflict_region]
    put(st, others[0], b, 1, 0)
    put(st, others[1], a, 1, 0)  # own units are no target
    run_effect(st, a, steps({"op": "smite", "n": 1, "region": "pending"}))
    # a single legal region and a single unit: resolved at once
    assert units(st, others[0], b) == (0, 0)
    assert st.xib[b * 2] == 1


def test_smite_champion_is_never_a_target(st):
    a = actor(st)
    assert st.champion_owner(st.conflict_region) >= 0
    run_effect(st, a, steps({"op": "smite", "n": 1}))
    assert kind(st) == "action"  # nothing to hit although a Champion stands here


def test_exile_returns_to_reserve(st):
    a = actor(st)
    b = 1 - a
    put(st, here(st), b, 0, 2)
    res = st.reserve[b * 2 + 1]
    run_effect(st, a, steps({"op": "exile", "n": 2}))
    assert units(st, here(st), b) == (0, 0)
    assert st.reserve[b * 2 + 1] == res + 2


def test_exile_by_zotz_present_goes_to_xibalba():
    st = at_first_action(2, seed=3, gods=("zotz", "ixchel"))
    clear_board(st)
    z = 0
    b = 1
    put(st, st.rid(st.conflict_region), b, 1, 0)
    # Zotz stands on a vertex touching here
    v = next(
        v
        for v, regs in enumerate(st.data.vertex_regions)
        if st.conflict_region in regs and v not in st.vertex
    )
    st.vertex[z] = v
    run_effect(st, z, steps({"op": "exile", "n": 1}))
    assert st.xib[b * 2] == 1
    # not present: back to Reserve
    put(st, st.rid(st.conflict_region), b, 1, 0)
    v2 = next(
        v
        for v, regs in enumerate(st.data.vertex_regions)
        if st.conflict_region not in regs and v not in st.vertex
    )
    st.vertex[z] = v2
    res = st.reserve[b * 2]
    run_effect(st, z, steps({"op": "exile", "n": 1}))
    assert st.reserve[b * 2] == res + 1 and st.xib[b * 2] == 1


def test_move_into_here_from_several_pending_regions(st):
    a = actor(st)
    others = [st.rid(r) for r in range(6) if st.inplay[r] and r != st.conflict_region]
    put(st, others[0], a, 1, 0)
    put(st, others[1], a, 0, 1)
    run_effect(st, a, steps({"op": "move_in", "n": 2, "from": "pending"}))
    assert kind(st) == "move_in"
    assert sorted(ids(st)) == sorted([f"from:{others[0]}:S", f"from:{others[1]}:W"])
    assert "done" not in ids(st)  # exact: no stopping early
    st.apply(f"from:{others[0]}:S")
    # the second unit has one source left: taken at once
    assert units(st, here(st), a) == (1, 1)
    assert units(st, others[0], a) == (0, 0) and units(st, others[1], a) == (0, 0)


def test_move_up_to_may_stop(st):
    a = actor(st)
    others = [st.rid(r) for r in range(6) if st.inplay[r] and r != st.conflict_region]
    put(st, others[0], a, 2, 0)
    run_effect(st, a, steps({"op": "move_in", "n": 3, "up_to": True, "from": "pending"}))
    assert "done" in ids(st)
    st.apply(f"from:{others[0]}:S")
    st.apply("done")
    assert units(st, here(st), a) == (1, 0)
    assert units(st, others[0], a) == (1, 0)


def test_move_never_takes_from_resolved_regions(st):
    a = actor(st)
    others = [r for r in range(6) if st.inplay[r] and r != st.conflict_region]
    put(st, st.rid(others[0]), a, 1, 0)
    st.status[others[0]] = RESOLVED
    run_effect(st, a, steps({"op": "move_in", "n": 1, "from": "pending"}))
    assert kind(st) == "action"
    assert units(st, here(st), a) == (0, 0)


def test_move_out_each_unit_picks_a_pending_region(st):
    a = actor(st)
    put(st, here(st), a, 1, 1)
    others = [st.rid(r) for r in range(6) if st.inplay[r] and r != st.conflict_region]
    run_effect(st, a, steps({"op": "move_out", "n": 3, "up_to": True, "region": "pending"}))
    assert kind(st) == "move_out"
    assert f"to:{others[0]}:S" in ids(st) and f"to:{others[1]}:W" in ids(st)
    st.apply(f"to:{others[0]}:S")
    st.apply(f"to:{others[1]}:W")
    assert units(st, others[0], a) == (1, 0) and units(st, others[1], a) == (0, 1)
    assert units(st, here(st), a) == (0, 0)


def test_build_glyph_limited_by_supply(st):
    a = actor(st)
    r = st.conflict_region
    st.glyphs[r * st.tribe_count + a] = 5
    run_effect(st, a, steps({"op": "build_glyph", "n": 3}))
    assert st.glyphs[r * st.tribe_count + a] == 6
    run_effect(st, a, steps({"op": "build_glyph", "n": 1}))
    assert st.glyphs[r * st.tribe_count + a] == 6 and st.glyph_supply(a) == 0


def test_build_pyramid_sizes_follow_a13(st):
    a = actor(st)
    r = st.conflict_region
    run_effect(st, a, steps({"op": "build_pyramid", "n": 1}))
    assert sorted(ids(st)) == ["size:1", "size:2", "size:3", "size:4"]  # any size starts
    st.apply("size:3")
    run_effect(st, a, steps({"op": "build_pyramid", "n": 1}))
    assert sorted(ids(st)) == ["size:1", "size:2"]  # strictly smaller than the top
    st.apply("size:1")
    assert st.pyr[r * st.tribe_count + a] == (3, 1)
    run_effect(st, a, steps({"op": "build_pyramid", "n": 1}))
    assert kind(st) == "action"  # a top closes the pyramid
    assert st.pyr[r * st.tribe_count + a] == (3, 1)


def test_build_pyramid_respects_the_2_2_3_3_supply(st):
    a = actor(st)
    P = st.tribe_count
    inplay = [r for r in range(6) if st.inplay[r] and r != st.conflict_region]
    st.pyr[inplay[0] * P + a] = (4,)
    st.pyr[inplay[1] * P + a] = (4,)
    run_effect(st, a, steps({"op": "build_pyramid", "n": 1}))
    assert "size:4" not in ids(st)


def test_demolish_glyph_or_top_element(st):
    a = actor(st)
    b = 1 - a
    r = st.conflict_region
    P = st.tribe_count
    st.glyphs[r * P + b] = 1
    st.pyr[r * P + b] = (4, 2)
    st.glyphs[r * P + a] = 1
    run_effect(st, a, steps({"op": "demolish", "n": 1}))
    assert sorted(ids(st)) == [f"demolish:{b}:glyph", f"demolish:{b}:pyramid"]
    st.apply(f"demolish:{b}:pyramid")
    assert st.pyr[r * P + b] == (4,)
    assert st.glyphs[r * P + b] == 1 and st.glyphs[r * P + a] == 1


def test_demolish_glyph_only_form(st):
    a = actor(st)
    b = 1 - a
    r = st.conflict_region
    st.pyr[r * st.tribe_count + b] = (4,)
    run_effect(st, a, steps({"op": "demolish", "n": 1, "what": "glyph"}))
    assert st.pyr[r * st.tribe_count + b] == (4,)
    assert kind(st) == "action"


def test_sacrifice_units_devotion_and_tile_rewards(st):
    a = actor(st)
    put(st, here(st), a, 1, 1)
    # Age 1 tile: make it a known one for the test
    st.wrath_tiles[0] = "W1-1"  # Jaguar's Hunger: +1 VP per unit
    vp, dev = st.vp[a], st.dev[a]
    run_effect(st, a, steps({"op": "sacrifice", "n": 2}))
    assert st.wrath[a * 2] == 1 and st.wrath[a * 2 + 1] == 1
    assert st.dev[a] == dev + 2
    assert st.vp[a] == vp + 2


def test_sacrifice_per_action_reward_once(st):
    a = actor(st)
    put(st, here(st), a, 2, 0)
    st.wrath_tiles[0] = "W1-3"  # Rising Smoke: BUILD 1 Glyph here per action
    run_effect(st, a, steps({"op": "sacrifice", "n": 2}))
    assert st.glyphs[st.conflict_region * st.tribe_count + a] == 1


def test_sacrifice_of_nothing_gives_no_per_action_reward(st):
    a = actor(st)
    st.wrath_tiles[0] = "W1-3"
    run_effect(st, a, steps({"op": "sacrifice", "n": 1}))
    assert st.glyphs[st.conflict_region * st.tribe_count + a] == 0
    assert st.dev[a] == 0


def test_vp_per_counts_at_resolution_with_a_cap(st):
    a = actor(st)
    put(st, here(st), a, 3, 3)
    vp = st.vp[a]
    run_effect(st, a, steps({"op": "vp_per", "counter": "own_units_here", "per": 1, "max": 4}))
    assert st.vp[a] == vp + 4


def test_strength_tokens_only_in_a_conflict(st):
    a = actor(st)
    run_effect(st, a, steps({"op": "strength", "n": 2}))
    assert st.tokens[a] == 2
    st.conflict_region = -1
    run_effect(st, a, steps({"op": "strength", "n": 2}))
    assert st.tokens[a] == 2


def test_if_god_present_here(st):
    a = actor(st)
    v_in = next(
        v
        for v, regs in enumerate(st.data.vertex_regions)
        if st.conflict_region in regs and v not in st.vertex
    )
    v_out = next(
        v
        for v, regs in enumerate(st.data.vertex_regions)
        if st.conflict_region not in regs and v not in st.vertex
    )
    eff = steps(
        {"op": "strength", "n": 2},
        {"op": "if", "cond": "god_present_here", "then": [{"op": "strength", "n": 1}]},
    )
    st.vertex[a] = v_out
    run_effect(st, a, eff)
    assert st.tokens[a] == 2
    st.vertex[a] = v_in
    run_effect(st, a, eff)
    assert st.tokens[a] == 5


def test_move_god_lists_empty_vertices_touching_in_play_regions(st):
    a = actor(st)
    run_effect(st, a, steps({"op": "move_god"}))
    assert kind(st) == "move_god"
    assert "stay" not in ids(st)  # a mandatory move
    taken = {st.data.vertex_ids[v] for v in st.vertex if v >= 0}
    for oid in ids(st):
        vid = oid.split(":")[1]
        assert vid not in taken
        v = st.data.vertex_ids.index(vid)
        assert any(st.inplay[r] for r in st.data.vertex_regions[v])
    run_effect(st, a, steps({"op": "move_god", "optional": True}))
    assert "stay" in ids(st)


def test_reorder_top_tiles_reveals_them_and_sets_the_order(st):
    a = actor(st)
    top = list(st.conflict_stack[:2])
    assert len(top) == 2
    run_effect(st, a, steps({"op": "reorder_tiles", "n": 2}))
    assert st.known_top == 2
    assert st.view(None)["stack_known_top"] == [st.rid(r) for r in top]
    st.apply(f"top:{st.data.tiles[top[1]]}")
    assert st.conflict_stack[:2] == [top[1], top[0]]


def test_abandoned_regions_are_never_targets():
    st = at_first_action(3, seed=5, gods=("ixchel", "kukulkan", "uayeb"))
    clear_board(st)
    a = st.decision().seat
    abandoned = {st.rid(r) for r in range(6) if not st.inplay[r]}
    assert len(abandoned) == 2
    for op in ("deploy", "build_glyph", "build_pyramid"):
        run_effect(st, a, steps({"op": op, "n": 1, "region": "any"}))
        if kind(st) == "region":
            assert not {i.split(":")[1] for i in ids(st)} & abandoned
        while kind(st) != "action":
            st.apply(ids(st)[0])


def test_units_never_enter_a_resolved_region_but_pieces_may(st):
    a = actor(st)
    resolved = next(r for r in range(6) if st.inplay[r] and r != st.conflict_region)
    st.status[resolved] = RESOLVED
    st.vertex[a] = next(
        v
        for v, regs in enumerate(st.data.vertex_regions)
        if resolved in regs and st.conflict_region not in regs
    )
    present = st.god_regions(a)
    assert resolved in present
    run_effect(st, a, steps({"op": "deploy", "n": 1, "region": "present"}))
    if kind(st) == "region":
        assert f"region:{st.rid(resolved)}" not in ids(st)
        st.apply(ids(st)[0])
    while kind(st) != "action":
        st.apply(ids(st)[0])
    assert units(st, st.rid(resolved), a) == (0, 0)
    run_effect(st, a, steps({"op": "build_glyph", "n": 1, "region": "present"}))
    if kind(st) == "region":
        assert f"region:{st.rid(resolved)}" in ids(st)


def test_region_of_a_step_is_one_region_for_all_n(st):
    a = actor(st)
    b = 1 - a
    others = [st.rid(r) for r in range(6) if st.inplay[r] and r != st.conflict_region]
    put(st, others[0], b, 1, 0)
    put(st, others[1], b, 1, 0)
    run_effect(st, a, steps({"op": "smite", "n": 2, "region": "pending"}))
    st.apply(f"region:{others[0]}")
    # one unit in that region: the second SMITE finds nothing there and is lost
    assert units(st, others[0], b) == (0, 0)
    assert units(st, others[1], b) == (1, 0)
    assert REG[others[1]] >= 0

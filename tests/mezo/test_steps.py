"""Tribe Step, God Step, Blessed Region, End of Age and End of Game (A5-A11)."""

from __future__ import annotations

from tabletop_tui.games.mezo.frames import EndOfAge, TribeTurn
from tabletop_tui.games.mezo.rules import MezoState

from ..bounded import bounded
from .helpers import clear_board, gods_config, ids, kind, new, play_until, put


def _no_honor_guard(d):
    return "ability:pilgrims" if d.kind == "ability" else d.ids[0]


def test_abilities_in_vp_order_from_this_ages_column():
    st = play_until(new(3, 1), "ability")
    st.vp = [2, 5, 5]
    st.vpsrc = [[0] * 8 + [v] for v in st.vp]
    assert st.vp_order()[0] in (1, 2)
    # ties go to the lower seat of the ring
    a, b = 1, 2
    assert st.vp_order()[:2] == sorted([a, b], key=lambda s: st.pos[s])
    d = st.decision()
    assert {i.split(":")[1] for i in d.ids} == {"honor_guard", "pilgrims", "stonecutters"}


def test_tribe_step_champion_then_deploy_up_to_3_outside_its_region():
    st = play_until(new(2, 3), "champion", chooser=_no_honor_guard)
    s = st.decision().seat
    free = {i.split(":")[1] for i in ids(st)}
    assert len(free) == 5
    st.apply(ids(st)[0])
    st.apply(ids(st)[0])  # the second Champion (2 players)
    assert kind(st) == "deploy"
    own = {r for r in st.champs[s * 2 : s * 2 + 2]}
    deployed = []
    while kind(st) == "deploy" and st.decision().seat == s:
        d = st.decision()
        r = st.data.region_ids.index(d.context["region"])
        assert r not in own
        assert max(int(i[7]) + int(i[9]) for i in d.ids) == 3
        deployed.append(r)
        st.apply("split:S2W1")
    assert len(deployed) == 3
    assert st.reserve[s * 2] == 1 and st.reserve[s * 2 + 1] == 4


def test_deploy_limited_by_reserve():
    st = play_until(new(2, 3), "deploy")
    s = st.decision().seat
    st.reserve[s * 2] = 1
    st.reserve[s * 2 + 1] = 0
    st.xib[s * 2] += 6
    st.xib[s * 2 + 1] += 7
    st.stack.append(st.stack.pop())
    st._decision_cache = None
    st._run()
    assert sorted(ids(st)) == ["split:S0W0", "split:S1W0"]


def test_blessed_region_is_the_one_without_champion_chosen_by_last_player():
    st = play_until(new(4, 5), "champion")
    seen = 0
    while kind(st) != "god_place":
        d = st.decision()
        if d.kind == "champion":
            seen += 1
            if seen == 4:
                assert len(d.ids) == 2  # the last player fixes the Blessed Region
        st.apply(d.ids[0])
    free = [r for r in range(6) if st.inplay[r] and st.champion_owner(r) < 0]
    assert free == [st.blessed]


def test_honor_guard_deploys_up_to_2_into_own_champion_region():
    st = play_until(new(2, 6), "ability")
    st.apply("ability:honor_guard")
    st.apply("ability:pilgrims")
    first = st.decision().seat
    st.apply(ids(st)[0])
    st.apply(ids(st)[1])
    assert kind(st) in ("region", "split")
    if kind(st) == "region":
        champ_regions = {f"region:{st.rid(r)}" for r in st.champs[first * 2 : first * 2 + 2]}
        assert set(ids(st)) == champ_regions
        st.apply(ids(st)[0])
    assert "split:S0W0" in ids(st) and "split:S2W0" in ids(st)
    st.apply("split:S1W1")
    r = next(x for x in st.champs[first * 2 : first * 2 + 2] if st.units_of(x, first))
    assert st.units_of(r, first) == 2


def test_stonecutters_only_in_ages_2_and_3_and_glyph_carvers():
    st = new(2, 8)
    st = play_until(st, "ability")
    st.abil = [("stonecutters",), ("stonecutters",)]
    assert st._hooked(0, "start_of_tribe_step") == ()
    st.age = 2
    assert st._hooked(0, "start_of_tribe_step") == ("stonecutters",)
    st.abil[0] = ("stonecutters", "glyph_carvers")
    assert st._hooked(0, "start_of_tribe_step") == ("stonecutters", "glyph_carvers")


def test_own_simultaneous_triggers_in_the_order_chosen():
    st = play_until(new(2, 8), "ability")
    st.age = 2
    s = st.vp_order()[0]
    st.abil[s] = ("stonecutters", "glyph_carvers")
    st.stack[-1:] = [TribeTurn(s)]
    st._decision_cache = None
    st._run()
    assert kind(st) == "order"
    assert sorted(ids(st)) == ["first:glyph_carvers", "first:stonecutters"]


def test_god_step_reverse_vp_order_age_1_place_then_call():
    st = play_until(new(3, 9), "god_place")
    # Nobody has VP yet, so the tie-break (position on the turn order track) decides:
    # seats stand 0, 2, 1 from first to last, so they place last-first: 1, 2, 0.
    assert st.vp == [0, 0, 0] and st.vp_order() == [0, 2, 1]
    expected = list(reversed(st.vp_order()))
    order = []
    for _step in bounded():
        if not (st.decision() is not None and st.phase == "God Step"):
            break
        d = st.decision()
        if d.kind == "god_place":
            order.append(d.seat)
            for i in d.ids:
                v = st.data.vertex_ids.index(i.split(":")[1])
                assert v not in st.vertex
        st.apply(d.ids[0])
    assert order == expected == [1, 2, 0]
    assert len({v for v in st.vertex}) == 3 and min(st.vertex) >= 0


def test_god_step_later_ages_move_and_call_in_either_order():
    st = new(2, 10)
    st = play_until(st, "god_turn")
    assert st.age == 2
    s = st.decision().seat
    opts = ids(st)
    assert opts[0] == "stay" and opts[-1] == "call_first"
    assert any(o.startswith("vertex:") for o in opts)
    st.apply("call_first")
    while kind(st) != "move_god":
        st.apply(ids(st)[0])
    assert "stay" in ids(st)
    target = next(i for i in ids(st) if i.startswith("vertex:"))
    st.apply(target)
    assert st.data.vertex_ids[st.vertex[s]] == target.split(":")[1]


def _to_blessed(players=2, seed=0, **opts):
    st = MezoState.new({"players": players, **opts}, seed)
    return play_until(st, "offer")


def test_blessed_offering_is_secret_and_simultaneous():
    st = _to_blessed(3, 2)
    d = st.decision()
    assert d.secret and d.kind == "offer"
    s = d.seat
    assert st.conflict_region == st.blessed
    reserve = st.reserve[s * 2]
    assert len(d.ids) == reserve + 1
    st.apply("offer:2")
    other = next(o for o in range(3) if o != s)
    assert st.view(other)["tribes"][s]["offer_pending"] is None
    assert st.view(s)["tribes"][s]["offer_pending"][0] == 2
    assert st.reserve[s * 2] == reserve  # nothing moves before the reveal


def test_blessed_region_strength_devotion_and_8_vp():
    st = _to_blessed(2, 2)
    r = st.conflict_region
    clear_board(st)
    a, b = st.turn
    put(st, st.rid(r), a, 1, 0)
    st.glyphs[r * 2 + a] = 1
    dev = list(st.dev)
    vp = list(st.vp)
    answers = {(a, 0): 1, (a, 1): 0, (b, 0): 2, (b, 1): 0}
    while kind(st) == "offer":
        d = st.decision()
        t = 0 if d.context["type"] == "S" else 1
        st.apply(f"offer:{answers[(d.seat, t)]}")
    # a: 1 unit + 1 Glyph + 1 offered = 3; b: 2 offered = 2
    assert st.dev[a] == dev[a] + 1 and st.dev[b] == dev[b] + 2
    assert st.vpsrc[a][1] == 8 and st.vp[a] >= vp[a] + 8
    assert st.vpsrc[b][1] == 0
    # offered units are in Xibalba, units here back in Reserve
    assert st.xib[b * 2] >= 2
    assert st.units_of(r, a) == 0


def test_blessed_tie_fewest_vp_then_later_in_vp_order():
    st = _to_blessed(3, 4)
    clear_board(st)
    st.vp = [4, 4, 2]
    st.vpsrc = [[0] * 8 + [v] for v in st.vp]
    while kind(st) == "offer":
        d = st.decision()
        st.apply("offer:1" if d.context["type"] == "S" else "offer:0")
    assert st.vpsrc[2][1] == 8
    st = _to_blessed(3, 4)
    clear_board(st)
    st.vp = [4, 4, 9]
    st.vpsrc = [[0] * 8 + [v] for v in st.vp]
    later = max((0, 1), key=lambda s: st.pos[s])  # equal VP: the later seat is later
    while kind(st) == "offer":
        d = st.decision()
        st.apply("offer:1" if d.context["type"] == "S" and d.seat != 2 else "offer:0")
    assert st.vpsrc[later][1] == 8


def test_blessed_zero_strength_nobody_wins():
    st = _to_blessed(2, 6)
    clear_board(st)
    while kind(st) == "offer":
        st.apply("offer:0")
    assert st.vpsrc[0][1] == st.vpsrc[1][1] == 0


def test_pilgrims_gain_devotion_tier_at_blessed_start():
    st = MezoState.new({"players": 2}, 12)
    st = play_until(st, "ability")
    st.apply("ability:pilgrims")
    st.apply("ability:pilgrims")
    st = play_until(st, "keep_card")
    for s in range(2):
        st.dev[s] = 10
    devs = None
    while kind(st) != "offer":
        st.apply(ids(st)[0])
        if st.conflict_region == st.blessed and devs is None:
            devs = True
    assert all(d >= 12 for d in st.dev)


def test_end_of_age_tracks_pyramids_cleanup_and_reshuffle():
    st = play_until(new(2, 14), "action")
    clear_board(st)
    in_play = [r for r in range(6) if st.inplay[r]]
    st.calendar[0] = 0
    st.codex[2] = 0
    st.codex[3] = 1
    st.reserve[0] -= 1
    st.reserve[1] -= 1
    st.reserve[3] -= 1
    st.pyr[in_play[0] * 2 + 0] = (4,)
    st.pyr[in_play[1] * 2 + 0] = (3, 2)
    st.glyphs[in_play[2] * 2 + 1] = 2
    put(st, st.rid(in_play[3]), 1, 2, 0)  # a stray unit: the clean-up returns it
    vertices = list(st.vertex)
    vp = list(st.vp)
    # jump to End of Age
    st.conflict_region = -1
    st.stack = [EndOfAge()]
    st._decision_cache = None
    st._run()
    assert st.vp[0] - vp[0] == 2 * 2 + 1 * 2  # two track units, two pyramid regions in Age 1
    assert st.vp[1] - vp[1] == 2
    assert st.calendar == [-1] * 5 and st.codex == [-1] * 5
    assert st.reserve[0] == 8 - st.xib[0] and st.reserve[3] == 8 - st.xib[3]
    assert sum(st.units) == 0
    assert st.blessed == -1 and st.age == 2
    assert st.vertex == vertices  # gods stay
    assert st.glyphs[in_play[2] * 2 + 1] == 2 and st.pyr[in_play[1] * 2] == (3, 2)
    for s in range(2):
        assert len(st.deck[s]) == 5 and st.played[s] == [] and st.kept[s] is None
    assert sorted(st.conflict_stack) == in_play
    assert st.status == [0] * 6 and st.conflict_order == []
    assert kind(st) == "ability"


def test_pyramid_points_are_the_age_number_per_region():
    st = new(2, 14)
    st = play_until(st, "ability")
    while st.age < 3:
        st.apply(ids(st)[0])
    r = next(x for x in range(6) if st.inplay[x])
    st.pyr[r * 2 + 1] = (1,)
    st.pyr[(r + 1) % 6 * 2 + 1] = ()
    before = st.vpsrc[1][3]
    for _step in bounded():
        if st.decision() is None:
            break
        st.apply(ids(st)[0])
    gained = st.vpsrc[1][3] - before
    regions = sum(1 for x in range(6) if st.inplay[x] and st.pyr[x * 2 + 1])
    assert gained == 3 * regions


def test_end_of_game_devotion_value_monument_builders_and_breakdown():
    st = new(2, 15)
    st = play_until(st, "ability")
    while st.age < 3:
        st.apply(ids(st)[0])
    st.apply("ability:monument_builders")
    st.apply(ids(st)[0])
    for _step in bounded():
        if st.decision() is None:
            break
        st.dev = [18, 9]
        st.apply(ids(st)[0])
    res = st.result()
    s0 = next(x for x in res.seats if x.seat == 0)
    lines = dict((b.label, b.points) for b in s0.breakdown)
    assert st.dev[0] >= 18
    assert lines["Devotion track"] == st.data.devotion_values[st.dev[0]] >= 23
    assert sum(lines.values()) == s0.score == st.vp[0]
    assert st.abil[0][-1] == "monument_builders" or st.abil[1][-1] == "monument_builders"


def test_end_of_game_ties_devotion_then_pyramids_then_shared():
    st = new(2, 15)
    for _step in bounded():
        if st.decision() is None:
            break
        st.apply(ids(st)[0])
    st.vp = [50, 50]
    st.dev = [10, 9]
    assert [s.rank for s in st._result().seats] == [1, 2]
    st.dev = [9, 9]
    st.pyr = [()] * 12
    st.pyr[0] = (4,)
    assert [s.rank for s in st._result().seats] == [1, 2]
    st.pyr[0] = ()
    assert [s.rank for s in st._result().seats] == [1, 1]


def test_gods_stay_between_ages_and_decks_reshuffle():
    st = new(2, 16)
    st = play_until(st, "god_turn")
    assert st.age == 2
    assert min(st.vertex) >= 0
    for s in range(2):
        assert len(st.deck[s]) == 5 and st.played[s] == []
    assert gods_config(2) == {"players": 2}

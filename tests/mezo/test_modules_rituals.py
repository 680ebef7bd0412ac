"""Rituals (C2, ruling E.4 58): one per Age, its step only, one-time effects in VP order."""

from __future__ import annotations

from tabletop_tui.games.mezo.modules import SRC_RITUAL
from tabletop_tui.games.mezo.rules import SOURCES, SRC_CARDS, _parse_split

from ..bounded import bounded
from .helpers import clear_board, ids, kind, put, run_effect, steps, to_xibalba
from .module_helpers import advance, finish_conflict, mod_state, quiet, set_ritual, to_kind

RITUAL = SOURCES.index(SRC_RITUAL)
CARDS = SOURCES.index(SRC_CARDS)


def total(oid: str) -> int:
    a, b = _parse_split(oid)
    return a + b


def with_ritual(rid: str, players: int = 2, seed: int = 0, gods=(), **extra):
    """Age 1 with ``rid`` revealed, paused at the first Tribe ability choice."""
    st = to_kind(mod_state(players, seed, gods, rituals=True, **extra), "ability")
    set_ritual(st, rid)
    return st


def at_action(rid: str, players: int = 2, seed: int = 0, gods=(), **extra):
    st = with_ritual(rid, players, seed, gods, **extra)
    return to_kind(st, "action")


def test_one_ritual_revealed_per_age_after_the_wrathful_tile_and_removed_at_end_of_age():
    st = mod_state(3, 8, rituals=True)
    log: list[str] = []
    revealed = []
    for _step in bounded():
        if st.decision() is None:
            break
        before = st.ritual
        log += [e.text for e in st.apply(quiet(st.decision()))]
        if st.ritual is not None and st.ritual is not before:
            revealed.append(st.ritual.id)
            assert st.wrath_revealed == st.age  # the Wrathful tile came first
    assert len(revealed) == 3 and revealed == list(st.rituals_seen)
    assert st.ritual is None and st.ritual_deck == ()
    reveals = [i for i, t in enumerate(log) if t.startswith("Ritual of Age")]
    leaves = [i for i, t in enumerate(log) if "leaves the game" in t]
    ages = [i for i, t in enumerate(log) if t.startswith("Age ") and "begins" in t]
    assert len(reveals) == len(leaves) == 3
    for k in range(3):
        assert ages[k] < reveals[k] < leaves[k]
        if k < 2:
            assert leaves[k] < ages[k + 1]


def test_view_shows_the_current_ritual_and_whether_it_acts_now():
    st = with_ritual("RI02", 3, 1)
    v = st.view(None)["modules"]["ritual"]
    assert v["current"]["name"] == "Great Muster" and v["current"]["step"] == "tribe"
    assert not v["current"]["active"] and v["deck"] == 2
    st = to_kind(st, "deploy")
    assert st.view(None)["modules"]["ritual"]["current"]["active"]


def test_blood_tithe_each_player_in_vp_order_a_warrior_else_a_shaman():
    st = with_ritual("RI01", 3, 2)
    st.vp = [0, 5, 2]
    for s, v in enumerate(st.vp):
        st.vpsrc[s][0] = v
    # seat 2 has no Warrior left in Reserve
    to_xibalba(st, 2, warriors=st.reserve[2 * 2 + 1])
    xib = list(st.xib)
    res = list(st.reserve)
    log = []
    while st.phase != "Tribe Step" or kind(st) == "ability":
        log += [e.text for e in st.apply(quiet(st.decision()))]
    assert st.xib[0 * 2 + 1] == xib[1] + 1 and st.reserve[1] == res[1] - 1
    assert st.xib[1 * 2 + 1] == xib[3] + 1 and st.reserve[3] == res[3] - 1
    assert st.xib[2 * 2] == xib[4] + 1 and st.reserve[4] == res[4] - 1  # a Shaman instead
    sent = [t for t in log if t.startswith("{seat:") and "from Reserve to Xibalba" in t]
    assert [t.split("}")[0] + "}" for t in sent] == ["{seat:1}", "{seat:2}", "{seat:0}"]


def test_great_muster_and_lean_harvest_change_the_tribe_step_limit_only():
    for rid, cap in (("RI02", 4), ("RI03", 2)):
        st = with_ritual(rid, 2, 3)
        st = to_kind(st, "deploy")
        assert max(total(o) for o in ids(st)) == cap
        assert st.deploy_cap() == cap
        st.phase = "God Step"
        assert st.deploy_cap() == 3


def god_step_gain(rid: str | None) -> tuple[int, int]:
    """Xolotl's CALL (AWAKEN 1, then 1 VP) under a Ritual: (CALL VP, Devotion) gained."""
    st = to_kind(mod_state(2, 4, ("xolotl", "zotz"), rituals=True), "ability")
    if rid:
        set_ritual(st, rid)
    else:
        st.ritual = None
    st = to_kind(st, "god_place")
    while st.decision().seat != 0:
        st.apply(quiet(st.decision()))
    vp, dev = st.vpsrc[0][CARDS], st.dev[0]
    st.apply(st.decision().ids[0])
    while st.phase == "God Step" and st.decision().seat == 0:
        st.apply(quiet(st.decision()))
    return st.vpsrc[0][CARDS] - vp, st.dev[0] - dev


def test_twin_invocation_resolves_the_call_twice():
    assert god_step_gain(None) == (1, 0)
    assert god_step_gain("RI04") == (2, 0)


def test_silent_heavens_replaces_the_call_by_2_devotion():
    assert god_step_gain("RI05") == (0, 2)


def test_rain_of_obsidian_smites_one_more_in_the_conflict_step_only():
    st = at_action("RI06", 2, 5)
    s = st.decision().seat
    o = 1 - s
    clear_board(st)
    put(st, st.rid(st.conflict_region), o, 2, 2)
    xib = st.xib[o * 2] + st.xib[o * 2 + 1]
    run_effect(st, s, steps({"op": "smite", "n": 1}))
    hits = 0
    while kind(st) == "hit":
        st.apply(ids(st)[0])
        hits += 1
    assert hits == 2 and st.xib[o * 2] + st.xib[o * 2 + 1] == xib + 2
    st.phase = "God Step"
    run_effect(st, s, steps({"op": "smite", "n": 1}))
    while kind(st) == "hit":
        st.apply(ids(st)[0])
    assert st.xib[o * 2] + st.xib[o * 2 + 1] == xib + 3


def test_feast_pays_the_strength_winner_of_a_normal_conflict_2_vp():
    st = at_action("RI07", 2, 6)
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    put(st, st.rid(st.conflict_region), owner, 1, 1)
    finish_conflict(st)
    assert st.vpsrc[owner][RITUAL] == 2 and st.vpsrc[1 - owner][RITUAL] == 0
    # the Blessed Region pays only its 8 VP
    st = with_ritual("RI07", 2, 6)
    st = to_kind(st, "offer")
    clear_board(st)
    put(st, st.rid(st.conflict_region), 0, 2, 0)
    before = st.vpsrc[0][RITUAL]
    finish_conflict(st)
    assert st.vpsrc[0][SOURCES.index("Blessed Region")] == 8
    assert st.vpsrc[0][RITUAL] == before


def test_festival_of_flowers_every_pass_gives_both_and_ixchel_1_vp_more():
    st = at_action("RI08", 2, 5, ("ixchel", "zotz"))
    seen = set()
    while kind(st) in ("action", "split"):
        d = st.decision()
        if d.kind == "split":
            st.apply(d.ids[0])
            continue
        assert not any(i.endswith((":devotion", ":recover")) for i in d.ids)
        assert any(i.endswith(":both") for i in d.ids)
        if d.seat in seen:
            st.apply(next(i for i in d.ids if i.endswith(":both")))
            continue
        seen.add(d.seat)
        vp, dev = st.vpsrc[d.seat][RITUAL], st.dev[d.seat]
        st.apply(next(i for i in d.ids if i.endswith(":both")))
        if kind(st) == "split":
            st.apply(ids(st)[0])
        assert st.dev[d.seat] == dev + 1
        assert st.vpsrc[d.seat][RITUAL] == vp + (1 if d.seat == 0 else 0)
    assert seen == {0, 1}


def test_sacred_ballgame_strength_ties_go_to_fewest_vp_then_later_in_vp_order():
    st = at_action("RI09", 3, 4)
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    a, b = [s for s in range(3) if s != owner]
    put(st, st.rid(st.conflict_region), a, 3, 0)
    put(st, st.rid(st.conflict_region), b, 3, 0)
    st.vp = [0, 0, 0]
    st.vp[a], st.vp[b] = 4, 1
    for s in range(3):
        st.vpsrc[s] = [0] * len(SOURCES)
        st.vpsrc[s][0] = st.vp[s]
    st.altar[st.conflict_region] = "AL01"

    def no_tie(d):
        assert d.kind != "tie" or d.context["what"] != "strength", "no Strength tie to settle"
        return quiet(d)

    finish_conflict(st, no_tie)
    assert st.vpsrc[b][0] == 1 + 4 and st.vpsrc[a][0] == 4  # Jade Altar: 4 VP to b
    # equal VP: the later in VP order wins
    st = at_action("RI09", 2, 4)
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    other = 1 - owner
    put(st, st.rid(st.conflict_region), other, 2, 0)
    st.altar[st.conflict_region] = "AL01"
    later = st.vp_order()[-1]
    finish_conflict(st)
    assert st.vpsrc[later][0] == 4


def test_hanal_pixan_each_player_may_recover_up_to_3_after_the_pyramids():
    st = with_ritual("RI10", 3, 2)
    st = advance(st, lambda x: x.phase == "End of Age")
    assert st.calendar == [-1] * 5 and st.codex == [-1] * 5  # tracks scored first
    expected = [s for s in st.vp_order() if st.xib[s * 2] + st.xib[s * 2 + 1]]
    d = st.decision()
    assert d.kind == "split" and d.seat == expected[0]
    assert "split:S0W0" in d.ids  # "may": zero is allowed
    order = []
    while st.phase == "End of Age":
        d = st.decision()
        order.append(d.seat)
        xib = st.xib[d.seat * 2] + st.xib[d.seat * 2 + 1]
        assert max(total(o) for o in d.ids) == min(3, xib)
        st.apply(max(d.ids, key=total))
        assert st.xib[d.seat * 2] + st.xib[d.seat * 2 + 1] == xib - min(3, xib)
    assert order == expected


def test_sacred_architecture_pays_2_vp_per_tall_pyramid_at_end_of_age():
    st = with_ritual("RI11", 2, 3)
    regs = [r for r in range(6) if st.inplay[r]]
    st.pyr[regs[0] * 2 + 0] = (4, 3, 2)
    st.pyr[regs[1] * 2 + 0] = (3, 2, 1)
    st.pyr[regs[2] * 2 + 0] = (4, 1)
    st.pyr[regs[0] * 2 + 1] = (2, 1)
    st = advance(st, lambda x: x.age == 2)
    assert st.vpsrc[0][RITUAL] == 4 and st.vpsrc[1][RITUAL] == 0


def test_offerings_to_the_wrathful_add_1_devotion_per_unit_sacrificed_or_offered():
    st = at_action("RI12", 2, 5)
    s = st.decision().seat
    clear_board(st)
    put(st, st.rid(st.conflict_region), s, 2, 0)
    dev = st.dev[s]
    run_effect(st, s, steps({"op": "sacrifice", "n": 2}))
    while kind(st) == "split":
        st.apply(ids(st)[0])
    assert st.dev[s] == dev + 4
    st = with_ritual("RI12", 2, 5)
    st = to_kind(st, "offer")
    s = st.decision().seat
    dev = st.dev[s]
    st.apply("offer:2")
    st = advance(st, lambda x: x.phase != "Conflict Step" or x.conflict_region != x.blessed)
    assert st.dev[s] == dev + 4

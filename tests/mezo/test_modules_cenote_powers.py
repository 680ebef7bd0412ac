"""Sacred Cenote (C4, ruling E.4 60) and Tribe Powers (C5, ruling E.4 61)."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mezo.frames import Action, Third

from ..bounded import bounded
from .helpers import clear_board, ids, kind, put, to_xibalba, units
from .module_helpers import advance, finish_conflict, mod_state, quiet, to_kind

# ---- Sacred Cenote -------------------------------------------------------------------------


def test_cenote_is_placed_each_age_by_the_vp_leader_after_the_ritual():
    st = to_kind(mod_state(3, 3, cenote=True, rituals=True), "cenote")
    assert st.ritual is not None  # the Ritual is revealed first (A5.2)
    d = st.decision()
    assert d.seat == st.vp_order()[0] == st.ring[0]
    assert ids(st) == [f"cenote:{st.rid(r)}" for r in range(6) if st.inplay[r]]
    r = ids(st)[-1]
    st.apply(r)
    assert st.rid(st.cenote) == r.split(":")[1]
    assert kind(st) == "ability" and all(a == () for a in st.abil)
    assert st.view(None)["modules"]["cenote"] == r.split(":")[1]
    # next Age: off at End of Age, then placed again by the new leader
    st = advance(st, lambda x: x.age == 2)
    assert st.cenote == -1 and kind(st) == "cenote"
    assert st.decision().seat == st.vp_order()[0]


def test_the_winner_where_the_cenote_lies_gains_3_devotion_besides_the_altar():
    st = to_kind(mod_state(2, 5, cenote=True), "action")
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)  # wins with the Champion alone: no majority
    st.altar[st.conflict_region] = "AL01"  # 4 VP, no Devotion
    st.cenote = st.conflict_region
    devs = list(st.dev)
    passes = {s: 0 for s in (0, 1)}

    def chooser(d):
        if d.kind == "action":
            passes[d.seat] += 1
        return quiet(d)

    finish_conflict(st, chooser)
    assert st.dev[owner] == devs[owner] + passes[owner] + 3
    assert st.dev[1 - owner] == devs[1 - owner] + passes[1 - owner]
    assert st.vpsrc[owner][0] == 4


def test_no_cenote_bonus_elsewhere():
    st = to_kind(mod_state(2, 5, cenote=True), "action")
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    st.cenote = next(r for r in range(6) if st.inplay[r] and r != st.conflict_region)
    st.altar[st.conflict_region] = "AL01"
    dev = st.dev[owner]
    finish_conflict(st)
    assert st.dev[owner] == dev + 2  # two passes only


def test_cenote_in_the_blessed_region_rewards_the_blessed_winner():
    st = to_kind(mod_state(2, 4, cenote=True), "offer")
    clear_board(st)
    st.cenote = st.conflict_region
    put(st, st.rid(st.conflict_region), 1, 1, 0)
    dev = list(st.dev)
    finish_conflict(st)
    assert st.dev[1] == dev[1] + 3 and st.dev[0] == dev[0]
    assert st.vpsrc[1][1] == 8


# ---- Tribe Powers --------------------------------------------------------------------------


def to_power(players: int = 2, seed: int = 0, token: str = "TP1", **extra):
    """The first normal conflict with the Champion owner holding ``token``; board cleared."""
    st = to_kind(mod_state(players, seed, tribe_powers=True, **extra), "action")
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    tokens = list(st.power_token)
    if token in tokens:
        tokens[tokens.index(token)] = tokens[owner]
    tokens[owner] = token
    st.power_token = tuple(tokens)
    return st, owner


def reach_power(st, seat):
    return advance(
        st,
        lambda x: x.decision().kind == "power" and x.decision().seat == seat,
    )


def test_powers_are_offered_after_the_third_actions_to_qualifying_players_in_turn_order():
    st, owner = to_power(3, 2)
    other = [s for s in st.turn if s != owner]
    # god of the first other player present here, the second neither present nor Champion
    here = st.conflict_region
    st.vertex = list(st.vertex)
    present = next(v for v, regs in enumerate(st.data.vertex_regions) if here in regs)
    away = next(
        v
        for v, regs in enumerate(st.data.vertex_regions)
        if here not in regs and v != present and any(st.inplay[r] for r in regs)
    )
    taken = {present, away}
    for s in range(3):
        if st.vertex[s] in taken:
            st.vertex[s] = next(
                v for v in range(10) if v not in taken and v not in st.vertex and v != present
            )
    st.vertex[other[0]] = present
    st.vertex[other[1]] = away
    asked = []
    while st.conflict_region == here:
        d = st.decision()
        if d.kind == "power":
            assert not any(isinstance(f, (Action, Third)) for f in st.stack)
            asked.append(d.seat)
            assert d.ids == ["power:1", "power:2", "power:keep"]
        st.apply(quiet(d))
    assert asked == [other[0], owner]


def test_no_tribe_power_in_the_blessed_region():
    st = to_kind(mod_state(2, 4, tribe_powers=True), "offer")
    here = st.conflict_region
    while st.conflict_region == here:
        assert st.decision().kind != "power"
        st.apply(quiet(st.decision()))


def test_kept_token_is_offered_again_and_a_used_one_never():
    st, owner = to_power(2, 3, "TP5")
    st = reach_power(st, owner)
    st.apply("power:keep")
    assert not st.power_used[owner]
    st = reach_power(st, owner)
    dev = st.dev[owner]
    st.apply("power:2")  # Gain 2 faith
    assert st.dev[owner] == dev + 2
    assert st.power_used[owner]
    v = st.view(None)["modules"]["tribe_powers"][owner]
    assert v["used"] and v["id"] == "TP5"
    for _step in bounded():
        if st.decision() is None:
            break
        d = st.decision()
        assert not (d.kind == "power" and d.seat == owner)
        st.apply(quiet(d))


POWER_CASES = ["TP1:1", "TP1:2", "TP2:1", "TP2:2", "TP3:1", "TP3:2", "TP4:1", "TP4:2", "TP5:1"]


@pytest.mark.parametrize("case", POWER_CASES)
def test_each_tribe_power(case):
    token, which = case.split(":")
    st, me = to_power(2, 6, token, gods=("kukulkan", "xolotl"))
    o = 1 - me
    here = st.rid(st.conflict_region)
    P = 2
    put(st, here, me, 1, 1)
    put(st, here, o, 1, 1)
    st.glyphs[st.conflict_region * P + o] = 1
    pending = [r for r in range(6) if st.inplay[r] and r != st.conflict_region]
    st.pyr[st.conflict_region * P + o] = (4,)
    to_xibalba(st, me, shamans=2, warriors=1)
    st.altar[st.conflict_region] = "AL01"  # the win that follows asks nothing
    st = reach_power(st, me)
    before = {
        "units": units(st, here, me),
        "opp": units(st, here, o),
        "glyph": st.glyphs[st.conflict_region * P + me],
        "oglyph": st.glyphs[st.conflict_region * P + o],
        "tokens": st.tokens[me],
        "xib": (st.xib[me * 2], st.xib[me * 2 + 1]),
        "oxib": st.xib[o * 2] + st.xib[o * 2 + 1],
        "ores": st.reserve[o * 2] + st.reserve[o * 2 + 1],
        "res": st.reserve[me * 2] + st.reserve[me * 2 + 1],
    }
    st.apply(f"power:{which}")
    while st.decision().seat == me and st.decision().kind not in ("power", "tie", "space"):
        st.apply(ids(st)[0])
    opp_here = sum(units(st, here, o))
    mine_here = sum(units(st, here, me))
    if case == "TP1:1":
        assert st.glyphs[st.conflict_region * P + me] == before["glyph"] + 1
    elif case == "TP1:2":
        assert opp_here == 1 and st.reserve[o * 2] + st.reserve[o * 2 + 1] == before["ores"] + 1
    elif case == "TP2:1":
        assert mine_here == 3 and sum(st.xib[me * 2 : me * 2 + 2]) == 2
    elif case == "TP2:2":
        assert st.tokens[me] == before["tokens"] + 1
    elif case == "TP3:1":
        assert opp_here == 1 and st.xib[o * 2] + st.xib[o * 2 + 1] == before["oxib"] + 1
    elif case == "TP3:2":
        assert st.glyphs[st.conflict_region * P + o] == 0 and st.pyr[
            st.conflict_region * P + o
        ] == (4,)
    elif case == "TP4:1":
        assert mine_here == 1
        assert sum(sum(units(st, st.rid(r), me)) for r in pending) == 1
    elif case == "TP4:2":
        assert sum(st.xib[me * 2 : me * 2 + 2]) == 1
        assert st.reserve[me * 2] + st.reserve[me * 2 + 1] == before["res"] + 2
    elif case == "TP5:1":
        assert mine_here == 3
    assert st.power_used[me]

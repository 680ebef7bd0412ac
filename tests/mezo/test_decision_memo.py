"""Decisions are built once per key and shared (``rules._DECISIONS``): a remembered one must
be exactly the one the state would build afresh, across games of every shape."""

from __future__ import annotations

import random

from tabletop_tui.games.mezo import rules
from tabletop_tui.games.mezo.modules import MODULES
from tabletop_tui.games.mezo.rules import MezoState

# Games in one run, so that questions remembered in one are asked again in the next (other
# player counts abandon other regions; the modules and the solo state word things apart).
GAMES = [
    ({"players": 2}, 1),
    ({"players": 3}, 2),
    ({"players": 2}, 3),
    ({"players": 4, **dict.fromkeys(MODULES, True)}, 4),
    ({"players": 1, "god_1": "uayeb"}, 5),
    ({"players": 4}, 6),
]


def _afresh(state: MezoState):
    """The pending decision built again by its frame's step handler, with nothing remembered."""
    twin = state.clone()
    frame = twin.stack.pop()
    kept = rules._DECISIONS
    rules._DECISIONS = {}
    try:
        return twin.HANDLERS[type(frame)][0](twin, frame)
    finally:
        rules._DECISIONS = kept


def test_a_remembered_decision_is_the_one_built_afresh():
    asked = 0
    for config, seed in GAMES:
        state = MezoState.new(config, seed)
        rng = random.Random(seed)
        while (decision := state.decision()) is not None:
            assert _afresh(state) == decision, (config, seed, decision.kind)
            state.apply_unrecorded(rng.choice(decision.options).id)
            asked += 1
    assert asked > 1000
    assert rules._DECISIONS  # the games did share questions


def test_the_table_of_decisions_stays_bounded(monkeypatch):
    monkeypatch.setattr(rules, "_DECISIONS", {})
    decision = MezoState.new({"players": 2}, 0).decision()
    for i in range(10_050):
        assert rules._remember(("test", i), decision) is decision
        assert len(rules._DECISIONS) <= 10_001
    assert rules._DECISIONS[("test", 10_049)] is decision


def test_units_a_deploy_cannot_take_do_not_split_its_decision():
    """A DEPLOY takes at most ``deploy_cap`` units: reserves above it ask the same question."""
    state = MezoState.new({"players": 2}, 1)
    while (decision := state.decision()) is not None and decision.kind != "deploy":
        state.apply_unrecorded(decision.options[0].id)
    assert decision is not None
    frame, cap, s = state.stack[-1], state.deploy_cap(), decision.seat
    asked = []
    for extra in (0, 3):
        twin = state.clone()
        twin.reserve[s * 2] = twin.reserve[s * 2 + 1] = cap + extra
        asked.append(twin.HANDLERS[type(frame)][0](twin, frame))
    assert asked[0] is asked[1] and asked[0] == _afresh(twin)


def test_vertices_and_their_labels_follow_the_regions_in_play():
    """Games of other sizes put other regions in play: each is told its own vertices."""
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        state = MezoState.new({"players": players}, seed)
        d, inplay = state.data, state.inplay
        for v, regs in enumerate(d.vertex_regions):
            names = ", ".join(d.region_ids[r] for r in regs if inplay[r])
            assert state._vertex_label(v) == f"{d.vertex_ids[v]} (present in {names})"
        state.vertex[0] = state.empty_vertices()[0]
        assert state.empty_vertices() == [
            v
            for v, regs in enumerate(d.vertex_regions)
            if v not in state.vertex and any(inplay[r] for r in regs)
        ]


HOOKS = (
    "start_of_tribe_step",
    "after_champion_deploy",
    "start_of_blessed_conflict",
    "on_destroy_for_third_action",
    "on_win_conflict_with_own_champion",
    "end_of_game",
)
MODIFIER_KEYS = (
    "champion_strength",
    "wins_majority_ties",
    "extra_devotion_per_sacrificed_unit",
    "deploy_cap",
)


def _hooked_afresh(state: MezoState, s: int, hook: str) -> tuple[str, ...]:
    out = []
    for aid in state.abil[s]:
        a = state.data.ability(aid)
        if hook in a.hooks and (not a.only_ages or state.age in a.only_ages):
            out.append(aid)
    return tuple(out)


def _modifiers_afresh(state: MezoState, s: int, key: str) -> list:
    out = [m[key] for m in (state.data.ability(a).modifier for a in state.abil[s]) if key in m]
    if state.ritual is not None:
        out += state.ritual_modifiers(key)
    return out


def test_hooks_and_modifiers_found_once_are_the_ones_found_afresh():
    """``_hooked`` and ``modifiers`` remember what an ability set gives (``rules._HOOKED``,
    ``rules._MODIFIERS``): at every decision of games of every shape they answer as a scan."""
    seen = set()
    for config, seed in GAMES:
        state = MezoState.new(config, seed)
        rng = random.Random(seed)
        while (decision := state.decision()) is not None:
            for s in range(state.tribe_count):
                for hook in HOOKS:
                    assert state._hooked(s, hook) == _hooked_afresh(state, s, hook)
                for key in MODIFIER_KEYS:
                    assert list(state.modifiers(s, key)) == _modifiers_afresh(state, s, key)
                    seen.add(tuple(state.modifiers(s, key)))
            state.apply_unrecorded(rng.choice(decision.options).id)
    assert len(seen) > 1 and rules._HOOKED and rules._MODIFIERS  # some sets gave something


def test_the_tables_of_hooks_and_modifiers_stay_bounded():
    table: dict = {}
    for i in range(5000):
        assert rules._cache_put(table, i, ("data", ())) == ("data", ())
        assert len(table) <= 4097
    assert table[4999] == ("data", ())


def test_chosen_ids_are_parsed_as_the_handlers_read_them():
    """The parsed forms of option ids (made once per id) and the data's id indexes."""
    assert rules._payload("card:c12") == "c12" and rules._payload("third:no") == "no"
    assert rules._int_payload("offer:2") == 2 and rules._int_payload("size:4") == 4
    assert rules._parts("pass:a:devotion") == ("pass", "a", "devotion")
    assert rules._parts("play:b") == ("play", "b")
    assert rules._hit_target("hit:1:W") == (1, rules.WA)
    assert rules._hit_target("hit:0:S") == (0, rules.SH)
    d = MezoState.new({"players": 2}, 0).data
    assert all(d.region_index[rid] == d.region_ids.index(rid) for rid in d.region_ids)
    for track, spaces in (("calendar", d.calendar), ("codex", d.codex)):
        ids = [sp.id for sp in spaces]
        assert all(d.space_index[track][sid] == ids.index(sid) for sid in ids)


def test_the_vp_order_of_two_tribes_is_the_sort_by_vp_then_seat_order():
    state = MezoState.new({"players": 2}, 0)
    for vp in ((0, 0), (3, 1), (1, 3), (5, 5)):
        for pos in ([0, 1], [1, 0]):
            state.vp, state.pos = list(vp), pos
            assert state.vp_order() == sorted(range(2), key=lambda s: (-vp[s], pos[s]))

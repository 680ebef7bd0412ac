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

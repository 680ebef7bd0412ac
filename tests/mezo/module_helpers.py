"""Scenario helpers for the module tests: switch modules on, force a Ritual, finish steps."""

from __future__ import annotations

from typing import Any

from tabletop_tui.games.mezo.modules import MODULES
from tabletop_tui.games.mezo.rules import MezoState

from .helpers import gods_config

ALL = {m: True for m in MODULES}


def mod_state(
    players: int = 2, seed: int = 0, gods: tuple[str, ...] = (), **modules: Any
) -> MezoState:
    return MezoState.new(gods_config(players, *gods, **modules), seed)


def quiet(d) -> str:
    """A choice that changes as little as possible: pass for Devotion, keep tokens, no extras."""
    prefer = (
        "third:no",
        "power:keep",
        "champion:no",
        "city:none",
        "split:S0W0",
        "stay",
        "offer:0",
    )
    for oid in prefer:
        if oid in d.ids:
            return oid
    if d.kind == "action":
        return next(i for i in d.ids if i.startswith("pass") and i.endswith(("devotion", "both")))
    return d.ids[0]


def advance(st: MezoState, until, chooser=quiet, limit: int = 3000) -> MezoState:
    """Apply ``chooser`` until ``until(state)`` holds (or the game ends)."""
    for _ in range(limit):
        if until(st):
            return st
        d = st.decision()
        if d is None:
            return st
        st.apply(chooser(d))
    raise AssertionError("the condition was never reached")


def to_kind(st: MezoState, kind: str, chooser=quiet) -> MezoState:
    def reached(x: MezoState) -> bool:
        d = x.decision()
        assert d is not None, f"the game ended before a '{kind}' decision"
        return d.kind == kind

    return advance(st, reached, chooser)


def set_ritual(st: MezoState, rid: str) -> None:
    """Make ``rid`` this Age's revealed Ritual, keeping the deck consistent."""
    old = st.rituals_seen[-1]
    st.ritual_deck = tuple(old if r == rid else r for r in st.ritual_deck)
    st.rituals_seen = st.rituals_seen[:-1] + (rid,)
    st.ritual = st.mdata.ritual(rid)
    st._decision_cache = None


def finish_conflict(st: MezoState, chooser=quiet) -> MezoState:
    """Play quietly until the conflict in progress is resolved."""
    r = st.conflict_region
    assert r >= 0
    return advance(st, lambda x: x.conflict_region != r, chooser)


def region_of(st: MezoState, r: int) -> str:
    return st.data.region_ids[r]

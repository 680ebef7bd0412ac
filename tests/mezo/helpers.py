"""Scenario helpers for the Mezo tests: reach a known decision, then stage the board."""

from __future__ import annotations

from typing import Any

from tabletop_tui.games.mezo.data import StepModel, compile_effect
from tabletop_tui.games.mezo.frames import Eff
from tabletop_tui.games.mezo.rules import SH, WA, MezoState

REG = {c: i for i, c in enumerate("ABCDEF")}


def steps(*dicts: dict[str, Any]):
    return compile_effect(tuple(StepModel.model_validate(d) for d in dicts))


def new(players: int = 2, seed: int = 0, **options: Any) -> MezoState:
    return MezoState.new({"players": players, **options}, seed)


def play_until(st: MezoState, kind: str, chooser=None, limit: int = 2000) -> MezoState:
    """Apply first options (or ``chooser(decision)``) until a decision of ``kind``."""
    for _ in range(limit):
        d = st.decision()
        assert d is not None, "the game ended first"
        if d.kind == kind:
            return st
        st.apply(chooser(d) if chooser else d.options[0].id)
    raise AssertionError(f"no '{kind}' decision reached")


def gods_config(players: int, *gods: str, **extra: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {"players": players, **extra}
    for i, g in enumerate(gods):
        cfg[f"god_{i + 1}"] = g
    return cfg


def at_first_action(
    players: int = 2, seed: int = 0, gods: tuple[str, ...] = (), **extra: Any
) -> MezoState:
    """A game paused at the first action of its first normal conflict."""
    st = MezoState.new(gods_config(players, *gods, **extra), seed)
    return play_until(st, "action")


def clear_board(st: MezoState) -> None:
    """Every unit back in Reserve and no pieces: a blank slate for staging."""
    P = st.tribe_count
    for r in range(6):
        for s in range(P):
            for t in (SH, WA):
                i = (r * P + s) * 2 + t
                st.reserve[s * 2 + t] += st.units[i]
                st.units[i] = 0
            st.glyphs[r * P + s] = 0
            st.pyr[r * P + s] = ()
    for s in range(P):
        for t in (SH, WA):
            st.reserve[s * 2 + t] += st.xib[s * 2 + t]
            st.xib[s * 2 + t] = 0


def put(st: MezoState, region: str, seat: int, shamans: int = 0, warriors: int = 0) -> None:
    """Move units from the seat's Reserve into a region."""
    r = REG[region]
    P = st.tribe_count
    for t, k in ((SH, shamans), (WA, warriors)):
        assert st.reserve[seat * 2 + t] >= k
        st.reserve[seat * 2 + t] -= k
        st.units[(r * P + seat) * 2 + t] += k


def to_xibalba(st: MezoState, seat: int, shamans: int = 0, warriors: int = 0) -> None:
    for t, k in ((SH, shamans), (WA, warriors)):
        st.reserve[seat * 2 + t] -= k
        st.xib[seat * 2 + t] += k


def units(st: MezoState, region: str, seat: int) -> tuple[int, int]:
    r = REG[region]
    i = (r * st.tribe_count + seat) * 2
    return st.units[i], st.units[i + 1]


def run_effect(st: MezoState, seat: int, effect, src: str = "God cards and CALL") -> None:
    """Start an effect on top of the current flow, as a card option would."""
    st.stack.append(Eff(seat, effect, 0, src))
    st._decision_cache = None
    st._run()


def ids(st: MezoState) -> list[str]:
    d = st.decision()
    assert d is not None
    return d.ids


def kind(st: MezoState) -> str:
    d = st.decision()
    assert d is not None
    return d.kind


def other_regions(st: MezoState) -> list[str]:
    return [st.rid(r) for r in range(6) if st.inplay[r] and r != st.conflict_region]

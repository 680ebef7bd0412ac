"""Scenario helpers for the solo tests: reach a solo decision, stage the board, run frames."""

from __future__ import annotations

from typing import Any

from tabletop_tui.games.mezo.frames import Frame, VgEff
from tabletop_tui.games.mezo.rules import MezoState
from tabletop_tui.games.mezo.solo import PLAYER, VG, SoloState

from .helpers import REG, play_until, steps

__all__ = ["PLAYER", "VG", "REG", "solo", "calm", "at_action", "run_frames", "vg_run", "steps"]


def solo(seed: int = 0, god: str = "kukulkan", **options: Any) -> SoloState:
    st = MezoState.new({"players": 1, "god_1": god, **options}, seed)
    assert isinstance(st, SoloState)
    return st


def calm(d) -> str:
    """A quiet default choice: first options, but no offering and no Honor Guard."""
    if d.kind == "offer":
        return "offer:0"
    if d.kind == "ability" and "ability:pilgrims" in d.ids:
        return "ability:pilgrims"
    return d.ids[0]


def at_action(seed: int = 0, god: str = "kukulkan", **options: Any) -> SoloState:
    """A solo game paused at the first action of its first normal conflict."""
    st = solo(seed, god, **options)
    play_until(st, "action", chooser=calm)
    return st


def run_frames(st: SoloState, *frames: Frame) -> list[str]:
    """Run frames on top of the current flow (as an effect would) and return the log."""
    st._log_buffer = []
    st.stack.extend(reversed(frames))
    st._decision_cache = None
    st._run()
    out = [e.text for e in st._log_buffer]
    st._log_buffer = None
    return out


def vg_run(st: SoloState, *step_dicts: dict[str, Any], label: str = "test") -> list[str]:
    """The Vengeful gods resolve the given steps now (as a card row would)."""
    return run_frames(st, VgEff(steps(*step_dicts), 0, "Vengeful cards", label))


def board_units(st: SoloState, region: str, tribe: int) -> tuple[int, int]:
    r = REG[region]
    i = (r * st.tribe_count + tribe) * 2
    return st.units[i], st.units[i + 1]

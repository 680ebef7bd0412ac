"""What the modules are worth to the heuristic bots, in expected VP.

VP the modules have already paid (Prophecy cards, destroyed Cities, Ritual VP) is in the
tribe's VP total; these estimates add what is still to come: a City's end-of-game VP and
its deployments, a Prophecy card about to be fulfilled, an unused Tribe Power, and what
winning a region is worth on top of its Altar (Sacred Cenote, another tribe's City, a
Ritual that pays the winner). Values come from the value table of the rulebook (D17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import Prophecy, load_data

if TYPE_CHECKING:
    from .rules import MezoState

# Chance a City survives to the end of the game once it stands (a rough prior).
CITY_SURVIVAL = 0.6
# Chance a Prophecy card whose condition holds is still fulfilled at the next checkpoint.
PROPHECY_SURE = 0.9
# Share of a Prophecy card's VP credited for the way already made toward its condition.
PROPHECY_PULL = 0.4
# What an unused Tribe Power is worth while enough conflicts remain to use it well.
POWER_VALUE = 1.8


def _conflicts_left(st: MezoState) -> int:
    """Normal conflicts still to come in the game, this Age's included (roughly)."""
    per_age = sum(st.inplay) - 1
    this_age = sum(
        1 for r in range(len(st.inplay)) if st.inplay[r] and st.status[r] != 2 and r != st.blessed
    )
    if not st.in_conflicts:
        this_age = per_age
    return this_age + per_age * (st.data.constants.ages - st.age)


def module_tribe_value(st: MezoState, s: int) -> float:
    """The modules' still-to-come value for tribe ``s`` (0 when no module is on)."""
    v = 0.0
    md = st.mdata
    if st.city[s] >= 0:
        vt = load_data().value_table
        ages_ahead = st.data.constants.ages - st.age
        v += CITY_SURVIVAL * md.city_end_vp + vt["deploy_pending"] * md.city_deploy * ages_ahead
    if st.prophecy and st.monument < 0:
        level = st.proph_level[s]
        if level < len(st.prophecy):
            card = md.prophecy(st.prophecy[level])
            gain = md.prophecy_vp + (md.monument_vp if level + 1 == len(st.prophecy) else 0)
            if st.prophecy_met(s, card, "age"):
                v += PROPHECY_SURE * gain
            else:  # a pull toward the card's condition
                v += PROPHECY_PULL * gain * prophecy_progress(st, s, card)
            v += 0.5 * level  # each card climbed brings the Monument nearer
    if st.power_token[s] is not None and not st.power_used[s]:
        v += POWER_VALUE * min(1.0, _conflicts_left(st) / 4)
    return v


def prophecy_progress(st: MezoState, s: int, card: Prophecy) -> float:
    """How far ``s`` is toward ``card``'s condition, 0 to 1 ("this conflict" cards: 0)."""
    P, n = st.tribe_count, max(1, card.n)
    regs = [r for r in range(len(st.inplay)) if st.inplay[r]]
    cond = card.condition
    if cond == "pyramid_regions_at_least":
        have = sum(1 for r in regs if st.pyr[r * P + s])
    elif cond == "pyramid_height_at_least":
        have = max((len(st.pyr[r * P + s]) for r in regs), default=0)
    elif cond == "glyph_regions_at_least":
        have = sum(1 for r in regs if st.glyphs[r * P + s])
    elif cond == "glyph_and_pyramid_regions_at_least":
        have = sum(1 for r in regs if st.glyphs[r * P + s] and st.pyr[r * P + s])
    elif cond == "calendar_units_at_least":
        have = st.calendar.count(s)
    elif cond == "codex_units_at_least":
        have = st.codex.count(s)
    elif cond == "devotion_at_least":
        have = st.dev[s]
    elif cond == "xibalba_empty":
        return 1.0 / (1 + st.xib[s * 2] + st.xib[s * 2 + 1])
    else:
        return 0.0
    return min(1.0, have / n)


def region_bonus(st: MezoState, s: int, r: int) -> float:
    """What winning region ``r`` gives ``s`` beyond its Altar or the 8 VP, in VP."""
    bonus = 0.0
    if st.cenote == r:
        bonus += load_data().value_table["devotion"] * 3
    if any(st.city[o] == r for o in range(st.tribe_count) if o != s):
        bonus += st.mdata.city_destroyer_vp + CITY_SURVIVAL * st.mdata.city_end_vp * 0.5
    ritual = st.ritual
    if ritual is not None and r != st.blessed and ritual.step == "conflict":
        bonus += float(ritual.modifier.get("strength_winner_vp", 0))
    return bonus

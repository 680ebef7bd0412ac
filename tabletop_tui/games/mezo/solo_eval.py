"""What the heuristic bot reads differently in a solo game against the Vengeful gods.

Only the bot uses this module, and only through the determinised sample it is given: the
Vengeful deck's contents are public, its order is what the sample re-dealt, so trying each
unseen card on top is an exact expectation over the card the first action will reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import MezoState
from .solo import PLAYER, VG, SoloState

if TYPE_CHECKING:
    from .bots import HeuristicBot


def solo_tribe_value(st: MezoState, s: int) -> float:
    """Task circles already covered, and the Vengeful track units' 2 VP at End of Age."""
    if not isinstance(st, SoloState):
        return 0.0
    v = 0.0
    side = st.task()
    if side is not None:
        goal = side.player if s == PLAYER else side.vengeful
        k = st.task_tokens[s]
        v += goal.track[k - 1] if k else 0
        if k < len(goal.track):  # the next circle is worth chasing a little
            v += 0.25 * (goal.track[k] - (goal.track[k - 1] if k else 0))
    if s == VG:
        per = st.data.constants.track_vp_per_unit
        v += per * (sum(st.vg_calendar) + sum(st.vg_codex))
    return v


def tie_owner(st: MezoState, r: int) -> int:
    """Who wins ties in region ``r``: its Champion's owner; in solo, else the Vengeful gods."""
    owner = st.champion_owner(r)
    if owner < 0 and isinstance(st, SoloState):
        return VG
    return owner


def first_action(st: MezoState, kind: str) -> bool:
    """A solo action taken before this conflict's Vengeful card is revealed."""
    return (
        isinstance(st, SoloState)
        and kind == "action"
        and st.vg_card is None
        and st.conflict_region >= 0
        and bool(st.vg_deck)
    )


def expected_try(bot: HeuristicBot, st: SoloState, seat: int, oid: str) -> float:
    """The option's score averaged over every card the Vengeful deck may reveal next."""
    cards = sorted(set(st.vg_deck))
    total = 0.0
    for card in cards:
        child = st.clone()
        child.vg_deck.remove(card)
        child.vg_deck.insert(0, card)
        total += bot._try(child, seat, oid, bot.complete)
    return total / len(cards)


# Mean Task tokens per game by condition, measured over 80 Standard games of the hard bot
# with sides A and B forced in turn (the benchmark prints them for the sides the bot picks);
# unknown conditions count 1.5.
TASK_REACH = {
    "clean_sweep": 2.1,
    "vengeful_win_player_champion_region": 1.2,
    "player_wins_blessed": 1.7,
    "vengeful_wins_blessed": 1.3,
    "player_starts_pyramid": 3.0,
    "vengeful_starts_pyramid": 1.7,
    "player_track_units_at_least_3": 2.4,
    "vengeful_track_units_at_least_4": 1.5,
}


def _expected(track: tuple[int, ...], reach: float) -> float:
    """The value of the rightmost covered circle after ``reach`` tokens, interpolated."""
    reach = max(0.0, min(float(len(track)), reach))
    values = (0, *track)
    k = int(reach)
    if k >= len(track):
        return float(values[-1])
    return values[k] + (reach - k) * (values[k + 1] - values[k])


def task_side_value(st: SoloState, oid: str) -> float:
    """A side is worth what you may score on it against what the Vengeful gods may."""
    side = st.solo.tasks[st.task_card][oid.split(":", 1)[1]]
    mine = _expected(side.player.track, TASK_REACH.get(side.player.condition, 1.5))
    theirs = _expected(side.vengeful.track, TASK_REACH.get(side.vengeful.condition, 1.5))
    return mine - theirs

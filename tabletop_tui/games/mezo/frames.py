"""The frames of Mezo's game flow: one small immutable record per kind of step.

The state keeps a stack of frames (``MezoState.stack``). The frame machine (``_run`` in
``rules.py``) pops the top frame and calls its *step* handler; a handler that returns a
``Decision`` puts the frame back and waits for the player, whose option goes to the frame's
*choice* handler. Each state class lists its handlers in one table, ``HANDLERS``: frame
``GodTurn`` is handled by ``_f_god_turn`` (the step) and ``_c_god_turn`` (the choice), so
searching for a frame's name finds its row and both handlers.

A frame names its fields; a tribe is always ``seat``, and related frames keep the same
order (``seat, step, source, region, left, done`` for the keyword steps). Frames are frozen
so a clone of the state can share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .data import Step


class Frame:
    """Base of every frame class (it adds no field)."""

    __slots__ = ()


_frame = dataclass(frozen=True, slots=True)

# ---- setup ------------------------------------------------------------------------------


@_frame
class SetupColour(Frame):
    seat: int


@_frame
class SetupGod(Frame):
    seat: int


@_frame
class SetupFinish(Frame):
    pass


# ---- Start of Age and Tribe Step ----------------------------------------------------------


@_frame
class AgeStart(Frame):
    pass


@_frame
class Ability(Frame):
    """``seat`` chooses this Age's Tribe ability."""

    seat: int


@_frame
class TribeStep(Frame):
    pass


@_frame
class TribeTurn(Frame):
    seat: int


@_frame
class Triggers(Frame):
    """Abilities of ``seat`` that trigger at ``hook``; the player orders them."""

    seat: int
    hook: str
    abilities: tuple[str, ...]


@_frame
class Champion(Frame):
    """``seat`` deploys its Champion number ``slot`` (0 or 1)."""

    seat: int
    slot: int


@_frame
class TribeDeploy(Frame):
    seat: int


@_frame
class Deploy(Frame):
    seat: int
    region: int


@_frame
class SetBlessed(Frame):
    pass


# ---- God Step -----------------------------------------------------------------------------


@_frame
class GodStep(Frame):
    pass


@_frame
class GodTurn(Frame):
    seat: int


@_frame
class MoveGod(Frame):
    seat: int
    optional: bool


# ---- Conflict Step ------------------------------------------------------------------------


@_frame
class ConflictStep(Frame):
    pass


@_frame
class Bury(Frame):
    seat: int


@_frame
class ConflictBegin(Frame):
    pass


@_frame
class Keep(Frame):
    seat: int


@_frame
class RevealCards(Frame):
    pass


@_frame
class Action(Frame):
    seat: int


@_frame
class Third(Frame):
    seat: int


@_frame
class Strength(Frame):
    pass


@_frame
class Win(Frame):
    """``seat`` has won the conflict here (``seat`` is -1 in a ``Tie``'s template)."""

    seat: int


@_frame
class Majority(Frame):
    unit_type: int


@_frame
class Space(Frame):
    """``seat`` moves a unit of ``unit_type`` from ``region`` to a free space of ``track``
    (``seat`` is -1 in a ``Tie``'s template)."""

    seat: int
    track: str
    unit_type: int
    region: int
    resolve: bool
    source: str


@_frame
class Tie(Frame):
    """``seat`` (the Champion's owner) settles a tie among ``tied``; the winner goes into
    the ``then`` template's ``seat``."""

    seat: int
    what: str
    tied: tuple[int, ...]
    then: Win | Space


@_frame
class ConflictEnd(Frame):
    pass


@_frame
class Offer(Frame):
    seat: int
    unit_type: int


@_frame
class BlessedResolve(Frame):
    pass


# ---- End of Age and End of Game -------------------------------------------------------------


@_frame
class EndOfAge(Frame):
    pass


@_frame
class AgeCleanup(Frame):
    pass


@_frame
class EndGame(Frame):
    pass


# ---- the effect interpreter ----------------------------------------------------------------


@_frame
class Eff(Frame):
    """``seat`` resolves ``steps[index:]``, scoring their VP as ``source``."""

    seat: int
    steps: tuple[Step, ...]
    index: int
    source: str


@_frame
class Region(Frame):
    """``seat`` chooses the region of ``step`` among ``candidates``."""

    seat: int
    step: Step
    source: str
    candidates: tuple[int, ...]


@_frame
class Split(Frame):
    """``seat`` chooses which units ``step`` moves (``region`` -1 when none is involved)."""

    seat: int
    step: Step
    source: str
    region: int


@_frame
class Hit(Frame):
    seat: int
    step: Step
    source: str
    region: int
    left: int
    done: int


@_frame
class MoveIn(Frame):
    seat: int
    step: Step
    source: str
    region: int
    left: int
    done: int


@_frame
class MoveOut(Frame):
    """MOVE out of the active region (the region is always ``here``)."""

    seat: int
    step: Step
    source: str
    left: int
    done: int


@_frame
class Build(Frame):
    seat: int
    step: Step
    source: str
    region: int
    left: int
    done: int


@_frame
class Demolish(Frame):
    seat: int
    step: Step
    source: str
    region: int
    left: int
    done: int


@_frame
class Reorder(Frame):
    seat: int
    tiles: tuple[int, ...]
    placed: tuple[int, ...]


# ---- the modules (Part C) -------------------------------------------------------------------


@_frame
class CityPlace(Frame):
    seat: int


@_frame
class CityUnit(Frame):
    seat: int


@_frame
class CityChampion(Frame):
    seat: int


@_frame
class RitualReveal(Frame):
    pass


@_frame
class RitualOnce(Frame):
    """A one-time Ritual fires at the start of the step named ``step_name``."""

    step_name: str


@_frame
class RitualEnd(Frame):
    pass


@_frame
class Cenote(Frame):
    pass


@_frame
class CenoteOff(Frame):
    pass


@_frame
class ModWin(Frame):
    seat: int


@_frame
class Power(Frame):
    seat: int


@_frame
class ProphecyCheck(Frame):
    """A Prophecy checkpoint; ``calendar`` and ``codex`` as the conflict began."""

    when: str
    calendar: tuple[int, ...]
    codex: tuple[int, ...]


# ---- solo (Part B) ----------------------------------------------------------------------------


@_frame
class PickTaskSide(Frame):
    pass


@_frame
class SoloDecks(Frame):
    pass


@_frame
class VgRow(Frame):
    """The Vengeful gods resolve the row ``key`` (``a``, ``b`` or ``c``) of their card."""

    key: str


@_frame
class VgEff(Frame):
    """The Vengeful gods resolve ``steps[index:]``; ``label`` names them in the log."""

    steps: tuple[Step, ...]
    index: int
    source: str
    label: str


@_frame
class VgDiscard(Frame):
    step: Step
    label: str
    left: int


@_frame
class EndGameBase(Frame):
    pass


@_frame
class TaskScore(Frame):
    pass

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

from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Self, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from .data import Step


class Frame:
    """Base of every frame class (it adds no field)."""

    __slots__ = ()

    def with_seat(self, seat: int) -> Self:
        """This frame for tribe ``seat``: ``dataclasses.replace(frame, seat=seat)`` without
        its bookkeeping (each frame class with a ``seat`` makes its own, see ``_frame``)."""
        raise TypeError(f"{type(self).__name__} names no tribe")


_F = TypeVar("_F", bound=type)


@dataclass_transform(frozen_default=True)
def _frame(cls: _F) -> _F:
    """A frozen, slotted dataclass that is cheap to build.

    A game pushes thousands of frames (a search play-out about 400), and a frozen
    dataclass's own ``__init__`` sets each field through ``object.__setattr__``. This one
    fills the slots through their descriptors instead, about twice as fast; assigning to
    a field still raises, so a clone can go on sharing its frames.
    """
    cls = dataclass(frozen=True, slots=True)(cls)
    names = [f.name for f in fields(cls)]
    assert all(f.default is MISSING and f.default_factory is MISSING for f in fields(cls))
    setters = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    body = "".join(f"    _set_{n}(self, {n})\n" for n in names) or "    pass\n"
    space: dict[str, object] = {"cls": cls}
    exec(f"def __init__(self, {', '.join(names)}):\n{body}", setters, space)
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    if names[:1] == ["seat"]:
        rest = "".join(f", self.{n}" for n in names[1:])
        exec(f"def with_seat(self, seat):\n    return cls(seat{rest})\n", space)
        cls.with_seat = space["with_seat"]  # type: ignore[attr-defined]
    return cls


@_frame
class _SeatFrame(Frame):
    """Base of the frames that name only a tribe (a base, never pushed itself)."""

    seat: int


@_frame
class _Counted(Frame):
    """Base of the keyword steps that act ``left`` more times on ``region`` and report how
    many they did (``done``): SMITE/EXILE, MOVE into, BUILD a pyramid, DEMOLISH."""

    seat: int
    step: Step
    source: str
    region: int
    left: int
    done: int


# ---- setup ------------------------------------------------------------------------------


@_frame
class SetupColour(_SeatFrame):
    """``seat`` chooses its tribe colour (A3.8)."""


@_frame
class SetupGod(_SeatFrame):
    """``seat`` chooses its god, or takes the one the options fixed."""


@_frame
class SetupFinish(Frame):
    """Starting units, VP and shuffled God decks; then the first Age."""


# ---- Start of Age and Tribe Step ----------------------------------------------------------


@_frame
class AgeStart(Frame):
    """Reveal the Wrathful tile; the modules' start, abilities, City units, Tribe Step."""


@_frame
class Ability(_SeatFrame):
    """``seat`` chooses this Age's Tribe ability."""


@_frame
class TribeStep(Frame):
    """Each tribe in VP order deploys; then the Blessed Region and the God Step."""


@_frame
class TribeTurn(_SeatFrame):
    """``seat``'s Tribe Step: its triggers, Champions, then a DEPLOY per region."""


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
class TribeDeploy(_SeatFrame):
    """``seat`` deploys into every in-play region without its Champion."""


@_frame
class Deploy(Frame):
    """``seat`` chooses how many units to DEPLOY into ``region`` (A6.4)."""

    seat: int
    region: int


@_frame
class SetBlessed(Frame):
    """The region without a Champion becomes the Blessed Region (solo: chosen)."""


# ---- God Step -----------------------------------------------------------------------------


@_frame
class GodStep(Frame):
    """Each god in reverse VP order moves and CALLs; then the Conflict Step."""


@_frame
class GodTurn(_SeatFrame):
    """``seat`` places or moves its god and CALLs, in the order it chooses."""


@_frame
class MoveGod(Frame):
    """``seat`` may move its god (must, unless ``optional`` or it cannot)."""

    seat: int
    optional: bool


# ---- Conflict Step ------------------------------------------------------------------------


@_frame
class ConflictStep(Frame):
    """Reveal the next Conflict tile, or end the Age when none is left."""


@_frame
class Bury(_SeatFrame):
    """``seat`` may put the revealed tile at the bottom (Uayeb's passive)."""


@_frame
class ConflictBegin(Frame):
    """Turn order and the frames of one conflict, normal or Blessed."""


@_frame
class Keep(_SeatFrame):
    """``seat`` keeps one of the God cards it draws, face down."""


@_frame
class RevealCards(Frame):
    """Every kept God card is turned face up."""


@_frame
class Action(_SeatFrame):
    """``seat`` plays a row of its card or passes (one of its two actions)."""


@_frame
class Third(_SeatFrame):
    """``seat`` may destroy a Glyph here for a third action."""


@_frame
class Strength(Frame):
    """Compare Strength here; the winner (a tie settled) takes the Altar."""


@_frame
class Win(_SeatFrame):
    """``seat`` has won the conflict here (``seat`` is -1 in a ``Tie``'s template)."""


@_frame
class Majority(Frame):
    """The Shaman (``unit_type`` 0) or Warrior (1) majority here goes to a track."""

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
    """Units home, Champions and cards cleared; then the next tile."""


@_frame
class Offer(Frame):
    """``seat`` secretly offers units of ``unit_type`` in the Blessed Region."""

    seat: int
    unit_type: int


@_frame
class BlessedResolve(Frame):
    """Offerings revealed, Strength compared, VP to the winner, clean-up."""


# ---- End of Age and End of Game -------------------------------------------------------------


@_frame
class EndOfAge(Frame):
    """Track and pyramid VP, the modules' End of Age, then the clean-up."""


@_frame
class AgeCleanup(Frame):
    """The clean-up after the modules' End-of-Age frames (A10.4-A10.8)."""


@_frame
class EndGame(Frame):
    """Devotion VP, Cities, and the abilities that score at the end."""


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
class Hit(_Counted):
    """``seat`` SMITEs or EXILEs ``left`` more units in ``region``."""


@_frame
class MoveIn(_Counted):
    """``seat`` MOVEs ``left`` more of its units into ``region``."""


@_frame
class MoveOut(Frame):
    """MOVE out of the active region (the region is always ``conflict_region``)."""

    seat: int
    step: Step
    source: str
    left: int
    done: int


@_frame
class Build(_Counted):
    """``seat`` BUILDs ``left`` more pyramid elements in ``region``."""


@_frame
class Demolish(_Counted):
    """``seat`` DEMOLISHes ``left`` more opposing pieces in ``region``."""


@_frame
class Reorder(Frame):
    """``seat`` orders ``tiles`` on top of the Conflict stack; ``placed`` so far."""

    seat: int
    tiles: tuple[int, ...]
    placed: tuple[int, ...]


# ---- the modules (Part C) -------------------------------------------------------------------
# Pushed only when their module is on (``modules.py`` says where).


@_frame
class CityPlace(_SeatFrame):
    """``seat`` may place its City token (C1.1)."""


@_frame
class CityUnit(_SeatFrame):
    """``seat``'s City lets it DEPLOY one more unit into its region (C1.2)."""


@_frame
class CityChampion(_SeatFrame):
    """``seat`` may DEPLOY a Champion into its City's region at once."""


@_frame
class RitualReveal(Frame):
    """This Age's Ritual card is turned up (C2.1)."""


@_frame
class RitualOnce(Frame):
    """A one-time Ritual fires at the start of the step named ``step_name``."""

    step_name: str


@_frame
class RitualEnd(Frame):
    """The Age's Ritual leaves the game."""


@_frame
class Cenote(Frame):
    """The VP leader places the Sacred Cenote (C4.1)."""


@_frame
class CenoteOff(Frame):
    """The Sacred Cenote leaves the board at the End of Age."""


@_frame
class ModWin(_SeatFrame):
    """The modules reward ``seat``, the winner here: Cenote, Cities, Ritual VP."""


@_frame
class Power(_SeatFrame):
    """``seat`` may use its Tribe Power in this conflict (C5)."""


@_frame
class ProphecyCheck(Frame):
    """A Prophecy checkpoint; ``calendar`` and ``codex`` as the conflict began."""

    when: str
    calendar: tuple[int, ...]
    codex: tuple[int, ...]


# ---- solo (Part B) ----------------------------------------------------------------------------
# The player's frames ask; the Vengeful gods' frames (``Vg*``) act at once by the rules of B11.


@_frame
class PickTaskSide(Frame):
    """The player chooses the side of the drawn Task card (B2.7)."""


@_frame
class SoloDecks(Frame):
    """The player's God deck, the Vengeful ability pool and deck (B2)."""


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
    """The player sends ``left`` more units from Reserve to Xibalba for ``step``."""

    step: Step
    label: str
    left: int


@_frame
class TaskScore(Frame):
    """Both sides score their Task track (B10.2)."""

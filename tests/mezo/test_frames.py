"""The frame machine's handler tables: every frame kind has a handler, every handler is
reachable from a table, and a frame's name leads to its handlers."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from tabletop_tui.games.mezo import frames
from tabletop_tui.games.mezo.frames import Eff, Frame, Keep, MoveGod, Win
from tabletop_tui.games.mezo.rules import MezoState
from tabletop_tui.games.mezo.solo import SoloState

from .helpers import new, play_until, steps

# Every frame class (the bases ``Frame``, ``_SeatFrame`` and ``_Counted`` are never pushed).
FRAME_KINDS = sorted(
    (
        c
        for name, c in vars(frames).items()
        if isinstance(c, type) and issubclass(c, Frame) and c is not Frame and name[0] != "_"
    ),
    key=lambda c: c.__name__,
)
# Frames only the solo rules push.
SOLO_ONLY = {"PickTaskSide", "SoloDecks", "VgRow", "VgEff", "VgDiscard", "TaskScore"}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def test_every_frame_kind_has_a_handler():
    assert len(FRAME_KINDS) > 50
    for cls in FRAME_KINDS:
        assert cls in SoloState.HANDLERS, cls.__name__
        assert (cls in MezoState.HANDLERS) == (cls.__name__ not in SOLO_ONLY), cls.__name__


@pytest.mark.parametrize("state", [MezoState, SoloState])
def test_every_handler_is_reachable_from_the_table(state):
    """No ``_f_``/``_c_`` method is left out of the table, and each row holds the class's
    own version of the method (an override that is not listed would never run)."""
    listed = set()
    for cls, (step, choose) in state.HANDLERS.items():
        for prefix, handler in (("_f_", step), ("_c_", choose)):
            if handler is None:
                assert not hasattr(state, prefix + _snake(cls.__name__)), cls.__name__
                continue
            assert handler.__name__ == prefix + _snake(cls.__name__), cls.__name__
            assert getattr(state, handler.__name__) is handler, f"{state.__name__}.{cls.__name__}"
            listed.add(handler.__name__)
    defined = {n for n in dir(state) if n.startswith(("_f_", "_c_"))}
    assert defined == listed


def test_frames_are_frozen_and_named():
    frame = Eff(2, (), 0, "Altars")
    assert frame.seat == 2 and frame.source == "Altars"
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.seat = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        frame[0]  # type: ignore[index]
    assert frames.Hit(0, None, "x", 1, 2, 0) != frames.Build(0, None, "x", 1, 2, 0)
    assert not hasattr(frames.Hit(0, None, "x", 1, 2, 0), "__dict__")
    # Built by keyword too (``dataclasses.replace`` does), every field filled.
    assert Eff(source="x", index=1, steps=(), seat=3) == Eff(3, (), 1, "x")
    assert dataclasses.replace(Win(-1), seat=2) == Win(2)
    with pytest.raises(TypeError):
        Eff(2, (), 0)  # type: ignore[call-arg]
    # A tribe is always ``seat``, and always the first field when a frame has one.
    for cls in FRAME_KINDS:
        names = [f.name for f in dataclasses.fields(cls)]
        assert "seat" not in names or names[0] == "seat", cls.__name__
        frame = cls(*range(len(names)))
        if names[:1] == ["seat"]:
            assert frame.with_seat(7) == dataclasses.replace(frame, seat=7), cls.__name__
        else:
            with pytest.raises(TypeError):
                frame.with_seat(7)


def test_an_automatic_frame_is_popped_by_the_machine():
    """A step handler that acts alone returns None; the machine has already popped it, so a
    frame cannot loop forever by forgetting to pop itself."""
    st = new(2, 3)
    calls = []
    table = dict(MezoState.HANDLERS)
    table[Win] = (lambda self, f: calls.append(f), None)
    st.HANDLERS = table  # this game only
    st.stack.append(Win(0))
    st._decision_cache = None
    st._run()
    assert calls == [Win(0)]
    assert Win(0) not in st.stack
    assert st.decision() is not None


def test_a_waiting_frame_stays_on_the_stack():
    st = new(2, 1)
    for _ in range(200):
        d = st.decision()
        if d.kind == "keep_card":
            break
        st.apply(d.options[0].id)
    assert isinstance(st.stack[-1], Keep) and st.stack[-1].seat == st.decision().seat


def test_the_rest_of_an_effect_waits_under_a_choice():
    """Steps that need no choice follow one another at once; a step that asks leaves the
    rest of its effect under the question, to go on after the answer."""
    st = play_until(new(2, 1), "ability")
    s = st.decision().seat
    effect = steps({"op": "vp", "n": 1}, {"op": "move_god"}, {"op": "vp", "n": 2})
    vp = st.vp[s]
    st.stack.append(Eff(s, effect, 0, "Altars"))
    st._run()
    st._decision_cache = None
    assert st.decision().kind == "move_god" and st.vp[s] == vp + 1
    assert st.stack[-2:] == [Eff(s, effect, 2, "Altars"), MoveGod(s, False)]
    st.apply(st.decision().options[0].id)
    assert st.vp[s] == vp + 3


def test_a_normal_conflict_pushes_its_turns_in_order_and_shares_them():
    """The actions and third actions follow the turn order, then Strength, the majorities
    and the end; frames are immutable, so conflicts with the same order share them."""
    st = play_until(new(2, 4), "action")
    turn = st.turn
    assert len(turn) == 2
    pushed = [frames.Action(s) for _ in range(2) for s in turn]
    pushed += [frames.Third(s) for s in turn]
    pushed += [frames.Strength(), frames.Majority(0), frames.Majority(1), frames.ConflictEnd()]
    below = list(reversed(st.stack))[: len(pushed)]  # the next frame to run first
    assert below == pushed
    again = list(reversed(play_until(new(2, 4), "action").stack))[: len(pushed)]
    assert all(a is b for a, b in zip(again, below, strict=True))


def test_an_effect_that_ends_a_handler_runs_as_its_frame_would(monkeypatch):
    """Card rows, CALLs and single triggers start their steps at once (``_effect_now``); the
    game goes on exactly as if their Eff frame had been pushed and popped."""
    for seed in range(3):
        a, b = new(2, seed), new(2, seed)
        rng = random.Random(seed)
        moves = 0
        while (d := a.decision()) is not None:
            oid = rng.choice(d.options).id
            a.apply(oid)
            with monkeypatch.context() as m:
                m.setattr(MezoState, "_effect_now", MezoState._effect)
                b.apply(oid)
            assert a.full_state() == b.full_state()
            moves += 1
        assert b.decision() is None and moves > 100

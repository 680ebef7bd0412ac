"""The curtain reads privacy from the view's type: a key marked ``ForViewer`` may differ
between two seats without calling for the curtain, any other differing key calls for it,
whatever the key is named."""

import dataclasses
from typing import Annotated, TypedDict

from tabletop_tui.engine.core import Decision
from tabletop_tui.engine.views import ForViewer, Private, view_type
from tabletop_tui.session import Session
from tabletop_tui.ui.table import TableView
from tests.fixture_game import HighCard
from tests.ui.conftest import seats


class OpenHighCard(HighCard):
    """High Card with open hands, public choices and no private log line: nothing two seats
    see differs, so only what a test adds to the view can call for the curtain."""

    def _decision(self) -> Decision | None:
        decision = super()._decision()
        return None if decision is None else dataclasses.replace(decision, secret=False)

    def _apply(self, option):  # type: ignore[no-untyped-def]
        super()._apply(option)
        self._log_buffer[:] = [e for e in self._log_buffer if e.private_to is None]


class AdviceView(TypedDict):
    round: int
    scores: list[int]
    hands: Annotated[list[list[int | None]], Private]
    played: list[bool]
    # Named like a public key on purpose: only the marker makes it the viewer's own.
    hint: Annotated[int | None, ForViewer]


class SecretView(TypedDict):
    round: int
    scores: list[int]
    hands: Annotated[list[list[int | None]], Private]
    played: list[bool]
    # Named like advice on purpose: without the marker a difference is a secret.
    viewer_hint: int | None


class Advised(OpenHighCard):
    def view(self, seat: int | None) -> AdviceView:
        return {**super().view(seat), "hint": seat}  # type: ignore[typeddict-item]


class Unmarked(OpenHighCard):
    def view(self, seat: int | None) -> SecretView:
        return {**super().view(seat), "viewer_hint": seat}  # type: ignore[typeddict-item]


def table_for(highcard, state_class: type[HighCard]) -> TableView:  # type: ignore[no-untyped-def]
    info = dataclasses.replace(highcard, state_class=state_class)
    config = info.make_config(2, {"open_hands": True})
    return TableView(Session.start(info, config, seats("human", "human"), 5))


def test_the_types_carry_the_markers():
    assert view_type(Advised) is AdviceView
    assert view_type(Unmarked) is SecretView


def test_equal_views_need_no_curtain(highcard):
    table = table_for(highcard, OpenHighCard)
    assert not table.needs_curtain(0, 1)


def test_a_key_marked_for_the_viewer_does_not_force_the_curtain(highcard):
    table = table_for(highcard, Advised)
    state = table.session.state
    assert state.view(0)["hint"] != state.view(1)["hint"]
    assert not table.needs_curtain(0, 1)
    assert not table.needs_curtain(None, 1)
    # So two humans hand the keyboard over without it.
    assert table.settle_viewer() is None and table.viewer == 0
    table.apply(table.decision.options[0].id)
    assert table.settle_viewer() is None and table.viewer == 1


def test_an_unmarked_differing_key_forces_the_curtain(highcard):
    table = table_for(highcard, Unmarked)
    assert table.needs_curtain(0, 1)
    assert table.needs_curtain(None, 0)
    assert table.settle_viewer() == 0


def test_a_view_without_a_declared_type_has_every_key_compared(highcard):
    class Undeclared(OpenHighCard):
        def view(self, seat):  # type: ignore[no-untyped-def]
            return {**super().view(seat), "hint": seat}

    assert view_type(Undeclared) is None
    assert table_for(highcard, Undeclared).needs_curtain(0, 1)

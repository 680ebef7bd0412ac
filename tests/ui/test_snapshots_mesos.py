"""Snapshots of the real Mesos board mid-game through the whole app: at 80x24, 120x40 and
160x50, under NO_COLOR and in a light theme.

The game is seeded and its first moves are played by taking the first option, then saved and
resumed, so the picture depends on nothing but the seed. Update with ``pytest
--snapshot-update`` after a deliberate change, and look at the report before accepting.
"""

from __future__ import annotations

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.registry import get_game
from tabletop_tui.session import Session
from tests.ui.conftest import BOARD_SIZES, settle

from ..bounded import bounded


def midgame(store, players: int = 3, seed: int = 11, moves: int = 40) -> int:
    """A stored Mesos game after ``moves`` first-option moves (and on to Player 1's next
    decision), Player 1 at the keyboard against bots; returns its id."""
    info = get_game("mesos")
    config = info.make_config(players, {})
    seats = [SeatSpec(name="Player 1", kind="human")] + [
        SeatSpec(name=f"Bot {i + 1}", kind="easy") for i in range(1, players)
    ]
    session = Session.start(info, config, seats, seed, store=store)
    for _ in range(moves):
        session.apply(session.decision.options[0].id)
    for _step in bounded():
        if not (session.decision is not None and session.decision.seat != 0):
            break
        session.apply(session.decision.options[0].id)
    assert session.decision is not None and session.decision.seat == 0
    assert session.game_id is not None
    return session.game_id


async def _resumed(pilot) -> None:
    await settle(pilot)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_mesos_midgame(snap_compare, store, size):
    game_id = midgame(store)
    app = TabletopApp(store, {"resume": game_id}, bot_speed="instant")
    assert snap_compare(app, terminal_size=size, run_before=_resumed)


@pytest.mark.parametrize("presses", [pytest.param(0, id="top"), pytest.param(1, id="scrolled")])
def test_mesos_five_players_seven_options(snap_compare, store, presses):
    """Five tribes and seven tiles at 80x24: the board says that b scrolls, and one press
    brings the last tribes into sight."""
    game_id = midgame(store, players=5, seed=1, moves=0)
    app = TabletopApp(store, {"resume": game_id}, bot_speed="instant")

    async def scroll(pilot) -> None:
        await settle(pilot)
        assert len(app.screen.session.decision.options) == 7
        for _ in range(presses):
            await pilot.press("b")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=scroll)


def test_mesos_no_color(snap_compare, store, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    game_id = midgame(store)
    app = TabletopApp(store, {"resume": game_id}, bot_speed="instant")
    assert snap_compare(app, terminal_size=(120, 40), run_before=_resumed)


def test_mesos_light_theme(snap_compare, store):
    game_id = midgame(store)
    app = TabletopApp(store, {"resume": game_id}, bot_speed="instant")

    async def light(pilot) -> None:
        await settle(pilot)
        app.theme = "textual-light"
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=light)

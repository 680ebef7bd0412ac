"""Snapshots of a real Maeshowe game mid-play: 80x24, 120x40 and 160x50, and once under
NO_COLOR and once in the light theme.

A co-op game with a fixed seed, Ann at the keyboard and a medium bot partner; Ann takes the
first option that does not lose a fixed number of times, so the picture is the same on every run. Update
them with ``pytest --snapshot-update`` after a deliberate change, and look at the report
before accepting.
"""

from __future__ import annotations

import pytest

from tabletop_tui.app import THEME_PREF, TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tests.ui.conftest import BOARD_SIZES, game_start, settle

MOVES = 7


def start() -> dict:
    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Bot 2", kind="medium")]
    return game_start("maeshowe", seats, 21, horror_hope=True, crumble_conservation=True)


async def mid_game(pilot) -> None:
    """Ann takes the first option that does not lose, MOVES times (arrows, then Enter)."""
    await settle(pilot)
    for _ in range(MOVES):
        decision = pilot.app.screen.session.state.decision()
        safe = next(i for i, o in enumerate(decision.options) if "lose" not in o.label)
        await pilot.press(*["down"] * safe, "enter")
        await settle(pilot)
    assert not pilot.app.screen.session.state.is_over()


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_maeshowe_mid_game(snap_compare, store, size):
    app = TabletopApp(store, start(), bot_speed="instant")
    assert snap_compare(app, terminal_size=size, run_before=mid_game)


def test_maeshowe_no_color(snap_compare, store, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = TabletopApp(store, start(), bot_speed="instant")
    assert snap_compare(app, terminal_size=(80, 24), run_before=mid_game)


def test_maeshowe_light_theme(snap_compare, store):
    store.set_pref(THEME_PREF, "textual-light")
    app = TabletopApp(store, start(), bot_speed="instant")
    assert snap_compare(app, terminal_size=(120, 40), run_before=mid_game)

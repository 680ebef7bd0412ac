"""Snapshots of the picker, the new-game screen and a game in progress at 80x24 and 120x40.

They use the fixture game alone, fixed seeds, an empty private store and instant bots, and
show nothing that depends on the time. Update them with ``pytest --snapshot-update`` after a
deliberate change, and look at the report before accepting.
"""

from __future__ import annotations

import pytest

from tabletop_tui.app import TabletopApp
from tests.ui.conftest import highcard_start, market_start, settle
from tests.ui.test_layout import play_market_to_the_end

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("tabletop_tui.ui.setup.new_seed", lambda: 123456)


@pytest.mark.parametrize("size", SIZES)
def test_picker(snap_compare, only_highcard, store, size):
    assert snap_compare(TabletopApp(store, bot_speed="instant"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare, only_highcard, store, fixed_seed, size):
    app = TabletopApp(store, bot_speed="instant")
    assert snap_compare(app, press=["1"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_in_progress(snap_compare, only_highcard, store, size):
    app = TabletopApp(
        store, highcard_start("human", "medium", "random", seed=5), bot_speed="instant"
    )

    async def play_a_round(pilot):
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=play_a_round)


@pytest.mark.parametrize("size", SIZES)
def test_many_options(snap_compare, market, store, size):
    """Twelve options: seven and a '↓' under the board at 80x24, all of them beside it at
    120x40."""
    app = TabletopApp(store, market_start(), bot_speed="instant")

    async def start(pilot):
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=start)


@pytest.mark.parametrize("size", SIZES)
def test_results_of_five_players(snap_compare, market, store, size):
    """The ranking, then the breakdown down to its total, with nothing below the fold."""
    app = TabletopApp(store, market_start(players=5), bot_speed="instant")

    async def play_to_the_end(pilot):
        await play_market_to_the_end(pilot)

    assert snap_compare(app, terminal_size=size, run_before=play_to_the_end)


@pytest.mark.parametrize("size", [pytest.param((60, 20), id="60x20")])
def test_too_small(snap_compare, only_highcard, store, size):
    assert snap_compare(TabletopApp(store, bot_speed="instant"), terminal_size=size)

"""Fixtures for the UI tests: an app on a private store with instant bots, and helpers to
wait for the table to settle and to read what is on screen."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine import registry
from tabletop_tui.engine.record import SeatSpec
from tests.fixture_game import GAME as HIGHCARD


@pytest.fixture
def only_highcard(monkeypatch, highcard):
    """The registry holds the fixture game alone, so screens do not change as games land."""
    monkeypatch.setattr(registry, "_REGISTRY", {HIGHCARD.id: HIGHCARD})
    return HIGHCARD


@pytest.fixture
def market(monkeypatch):
    """The registry holds the test-only Market game alone (many options, long results)."""
    from tests.ui.games import MARKET

    monkeypatch.setattr(registry, "_REGISTRY", {MARKET.id: MARKET})
    return MARKET


@pytest.fixture
def make_app(store):
    def make(start: dict[str, Any] | None = None) -> TabletopApp:
        return TabletopApp(store, start, bot_speed="instant", curtain_guard=0)

    return make


def seats(*kinds: str) -> list[SeatSpec]:
    names = {"human": ["Ann", "Ben", "Cat"], "bot": ["Bot A", "Bot B", "Bot C"]}
    out = []
    for i, kind in enumerate(kinds):
        name = names["human" if kind == "human" else "bot"][i]
        out.append(SeatSpec(name=name, kind=kind))
    return out


def game_start(game: str, seats: list[SeatSpec], seed: int, **options: Any) -> dict[str, Any]:
    """The app's start for a new game of ``game``: as many players as seats."""
    return {"game": game, "players": len(seats), "seats": seats, "seed": seed, "options": options}


def highcard_start(*kinds: str, seed: int = 5, **options: Any) -> dict[str, Any]:
    return game_start("highcard", seats(*kinds), seed, **options)


def market_start(players: int = 2, stalls: int = 12, **options: Any) -> dict[str, Any]:
    """A Market game with Ann at the keyboard and random bots in the other seats."""
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    people = [SeatSpec(name=names[0], kind="human")]
    people += [SeatSpec(name=names[i], kind="random") for i in range(1, players)]
    return game_start("market", people, 4, stalls=stalls, **options)


# The terminal sizes each game's board is drawn at by the snapshot tests.
BOARD_SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((120, 40), id="120x40"),
    pytest.param((160, 50), id="160x50"),
]


async def settle(pilot, rounds: int = 200) -> None:
    """Wait until no bot is thinking and no move is waiting to be shown."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        busy = any(getattr(s, "busy", False) for s in app.screen_stack)
        if not busy and not any(not w.is_finished for w in app.workers):
            return
    raise AssertionError("the table did not settle")


async def wait_until(pilot, ready: Callable[[], bool], rounds: int = 200) -> None:
    """Pause until ``ready()`` holds, however slow the machine; fail if it never does."""
    for _ in range(rounds):
        await pilot.pause()
        if ready():
            return
    raise AssertionError("the screen never reached the expected state")


def hold_slow_bots(monkeypatch) -> None:
    """Make the 'slow' bot wait an hour, so it is still thinking whenever a test looks and
    only leaving the table (which stops the wait) ends it."""
    from tabletop_tui.ui import common

    monkeypatch.setitem(common.BOT_SPEEDS, "slow", 3600.0)


def screen_text(app) -> str:
    """The current screen as plain text, as a person would read it."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()

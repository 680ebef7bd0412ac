"""Snapshots of the real Mezo board mid-game through the whole app: 80x24, 120x40, 160x50,
one under NO_COLOR and one in the light theme.

A seeded four-player game with every module is played without the app (Ann takes her first
option, three random bots theirs, all seeded) up to Ann's first God card action, saved, and
opened in the app: the picture is the same on every run. Update with
``pytest --snapshot-update`` after a deliberate change, and look at the report before
accepting.
"""

from __future__ import annotations

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.registry import get_game
from tabletop_tui.session import Session
from tabletop_tui.store import Store
from tests.ui.conftest import BOARD_SIZES, game_start, settle

MODULES = {"cities": True, "rituals": True, "prophecies": True, "cenote": True}


def mezo_start(players: int = 4, seed: int = 7, modules: bool = True) -> dict:
    seats = [SeatSpec(name="Ann", kind="human")] + [
        SeatSpec(name=f"Bot {i}", kind="random") for i in range(1, players)
    ]
    options = {**MODULES, "tribe_powers": True} if modules else {}
    return game_start("mezo", seats, seed, **options)


def saved_game(store: Store, kind: str = "action", **start_args: object) -> int:
    """A game saved where Ann (seat 0) must first decide ``kind``; its id."""
    start = mezo_start(**start_args)  # type: ignore[arg-type]
    info = get_game("mezo")
    config = info.config_model.model_validate({"players": start["players"], **start["options"]})
    session = Session.start(info, config, start["seats"], start["seed"], store=store)
    for _ in range(2000):
        d = session.decision
        assert d is not None, "the game ended first"
        if d.seat == 0 and d.kind == kind:
            assert session.game_id is not None
            return session.game_id
        session.apply(session.bot_choice() or d.options[0].id)
    raise AssertionError(f"no {kind} decision for Ann")


def resumed(store: Store, kind: str = "action", **start_args: object) -> TabletopApp:
    game_id = saved_game(store, kind, **start_args)
    return TabletopApp(store, {"resume": game_id}, bot_speed="instant", curtain_guard=0)


async def shown(pilot, theme: str | None = None) -> None:
    await settle(pilot)
    if theme is not None:
        pilot.app.theme = theme
    await pilot.pause()


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_mezo_conflict(snap_compare, store, size):
    """Ann's first God card action: the region in conflict, the cards, the inspector."""
    assert snap_compare(resumed(store), terminal_size=size, run_before=shown)


def test_mezo_champion_at_80x24(snap_compare, store):
    """The Champion placement at the smallest size: numbered regions and the inspector."""
    app = resumed(store, "champion", modules=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shown)


def test_mezo_no_color(snap_compare, store, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(resumed(store), terminal_size=(120, 40), run_before=shown)


def test_mezo_light_theme(snap_compare, store):
    async def light(pilot):
        await shown(pilot, "textual-light")

    assert snap_compare(resumed(store), terminal_size=(120, 40), run_before=light)

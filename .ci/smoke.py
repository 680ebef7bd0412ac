"""Smoke test for an installed tabletop-tui: start the app headless and play a few moves of
each game (a person in seat 1, random bots elsewhere), then export each game and import it
into another folder. Exits non-zero on any failure.

It needs only the package's own dependencies (no pytest), so it runs in the floor-version
environment of ``.ci/run``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from tabletop_tui import cli
from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.registry import games
from tabletop_tui.store import Store

MOVES = 4


async def settle(pilot) -> None:
    app = pilot.app
    for _ in range(200):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        busy = any(getattr(s, "busy", False) for s in app.screen_stack)
        if not busy and not any(not w.is_finished for w in app.workers):
            return
    raise AssertionError("the table did not settle")


async def play(game_id: str, folder: str) -> str:
    from tabletop_tui.ui.frame import GameScreen

    info = games()[game_id]
    players = info.min_players if info.min_players > 1 else min(2, info.max_players)
    seats = [SeatSpec(name="Ann", kind="human")] + [
        SeatSpec(name=f"Bot {i + 1}", kind="random") for i in range(1, players)
    ]
    store = Store.open(folder)
    start = {"game": game_id, "players": players, "seats": seats, "seed": 1}
    app = TabletopApp(store, start, bot_speed="instant", curtain_guard=0)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            screen = app.screen
            if not isinstance(screen, GameScreen):
                raise AssertionError(f"{game_id}: the game did not open ({type(screen).__name__})")
            game_id_saved = screen.session.game_id
            for _ in range(MOVES):
                if app.screen is not screen or screen.session.decision is None:
                    break
                await pilot.press("enter")
                await settle(pilot)
            stored = store.get(game_id_saved)
            if stored.moves < MOVES and stored.status != "finished":
                raise AssertionError(f"{game_id}: only {stored.moves} moves were saved")
    finally:
        store.close()
    record = str(Path(folder) / f"{game_id}.json")
    if cli.main(["--data-dir", folder, "export", str(game_id_saved), "-o", record]) != 0:
        raise AssertionError(f"{game_id}: export failed")
    if cli.main(["--data-dir", str(Path(folder) / "imported"), "import", record]) != 0:
        raise AssertionError(f"{game_id}: import failed")
    return f"{game_id}: {stored.moves} moves saved, exported and imported"


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        for game_id in sorted(games()):
            print(asyncio.run(play(game_id, folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

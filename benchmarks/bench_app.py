"""Where players wait in the app, each figure a ratio to a bare Textual app in the same run.

- start-up: the process from launch to the picker's first frame (headless, exit on the first
  ``on_ready``) ÷ the same for a bare Textual app (goal ≤ 1.2); peak memory of both; and
  which game engines the picker imported (goal: none);
- key → first frame: a key that makes a move in each game at 120×40, people in every seat
  (Pilot: the key is pressed and every message it caused handled, the frame redrawn), against
  a key that updates one widget of a bare app (goal ≤ 15 ms).

Figures are medians. ``--baseline DIR`` also times another checkout (e.g. the code before a
change) in the same run: its start-up, and its keys in a fresh process after this one's.
Run: python benchmarks/bench_app.py [--quick] [--baseline DIR]
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness import baseline, quick

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BARE = """
import json, resource, sys, time
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    def compose(self):
        yield Static("hello")
        yield Footer()

    def on_ready(self):
        self.exit()

Bare().run(headless=True, size=(120, 40))
print(json.dumps({"rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

PICKER = """
import json, resource, sys
from tabletop_tui.app import TabletopApp
from tabletop_tui.store import Store

def on_ready(self):  # the app's stylesheet is found beside its class: patch, not subclass
    self.shown = type(self.screen).__name__
    self.models = "pydantic" in sys.modules
    self.exit()

TabletopApp.on_ready = on_ready
store = Store.open(sys.argv[1])
app = TabletopApp(store)
app.run(headless=True, size=(120, 40))
engines = sorted(
    m for m in sys.modules if m.startswith("tabletop_tui.games.") and m.count(".") == 3
)
print(json.dumps({
    "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "screen": getattr(app, "shown", None),
    "engines": engines,
    "models": getattr(app, "models", None),
}))
"""


def _launch(code: str, *args: str, cwd: Path = ROOT) -> tuple[float, dict[str, Any]]:
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, check=True
    )
    seconds = time.perf_counter() - t
    return seconds, json.loads(out.stdout.strip().splitlines()[-1])


def _yes_no(flag: object) -> str:
    return "unknown" if flag is None else "yes" if flag else "no"


def startup(runs: int) -> None:
    roots = {"this": ROOT}
    base = baseline()
    if base is not None:
        roots["baseline"] = base
    bare: list[float] = []
    times: dict[str, list[float]] = {label: [] for label in roots}
    infos: dict[str, dict[str, Any]] = {}
    bare_info: dict[str, Any] = {}
    # Each checkout gets its own data folder: one with an older schema would otherwise open
    # the other's database and start on a notice instead of the picker.
    with tempfile.TemporaryDirectory() as data:
        for _ in range(runs):
            s, bare_info = _launch(BARE)
            bare.append(s)
            for label, root in roots.items():
                s, infos[label] = _launch(PICKER, str(Path(data) / label), cwd=root)
                times[label].append(s)
    b = statistics.median(bare)
    print(f"start-up to the first frame (median of {runs}):")
    print(f"  bare Textual app {b * 1000:.0f} ms, {bare_info['rss_mib']:.1f} MiB")
    for label in roots:
        o, info = statistics.median(times[label]), infos[label]
        print(
            f"  {label:8} picker ({info['screen']}) {o * 1000:.0f} ms, {info['rss_mib']:.1f} MiB"
            f" -> ratio {o / b:.2f}; game modules imported: {', '.join(info['engines']) or 'none'}"
            f"; data models (pydantic) at the first frame: {_yes_no(info.get('models'))}"
        )


async def _bare_keys(presses: int) -> list[float]:
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.widgets import Footer, Static

    class Bare(App[None]):
        BINDINGS = [Binding("1", "bump", "Bump")]

        def compose(self) -> ComposeResult:
            yield Static("0", id="count")
            yield Footer()

        def action_bump(self) -> None:
            static = self.query_one("#count", Static)
            static.update(str(int(str(static.render())) + 1))

    app = Bare()
    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(presses):
            t = time.perf_counter()
            await pilot.press("1")
            await pilot.pause()
            times.append(time.perf_counter() - t)
    return times


# Seats that are all people at one keyboard, so that no bot plays between the keys.
GAMES = (("maeshowe", 1, "human"), ("mesos", 2, "human"), ("mezo", 1, "human"))


async def _game_keys(game: str, players: int, others: str, presses: int) -> list[float]:
    from tabletop_tui.app import TabletopApp
    from tabletop_tui.engine.record import SeatSpec
    from tabletop_tui.store import Store
    from tabletop_tui.ui.frame import GameScreen

    seats = [SeatSpec(name="Ann", kind="human")] + [
        SeatSpec(name=f"Bot {i}", kind=others) for i in range(1, players)
    ]
    start = {"game": game, "players": players, "seats": seats, "seed": 3}
    times = []
    with tempfile.TemporaryDirectory() as data:
        store = Store.open(data)
        app = TabletopApp(store, start, bot_speed="instant", curtain_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, GameScreen):
                    break
            screen = app.screen
            assert isinstance(screen, GameScreen), type(screen).__name__
            while len(times) < presses and app.screen is screen:
                # Wait until the person decides (bots have moved), then time one move.
                for _ in range(200):
                    if screen.table.viewer_decides():
                        break
                    await pilot.pause(0.01)
                else:
                    break
                decision = screen.table.decision
                if decision is None:
                    break
                key = "1" if len(decision.options) < 10 else "enter"
                t = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                times.append(time.perf_counter() - t)
        store.close()
    return times


KEYS = """
import asyncio, json, statistics, sys
sys.path.insert(0, sys.argv[1])
import tabletop_tui.app  # the checkout at argv[1], before bench_app puts its own first
sys.path.insert(0, sys.argv[2])
import bench_app

presses = int(sys.argv[3])
out = {"bare": statistics.median(asyncio.run(bench_app._bare_keys(presses)))}
for game, players, others in bench_app.GAMES:
    times = asyncio.run(bench_app._game_keys(game, players, others, presses))
    out[game] = [statistics.median(times), len(times)] if times else None
print(json.dumps(out))
"""


def _keys_of(root: Path, presses: int) -> dict[str, Any]:
    """Key -> frame medians (seconds) of the checkout at ``root``, in a fresh process."""
    _, out = _launch(KEYS, str(root), str(Path(__file__).resolve().parent), str(presses))
    return out


def keypress(presses: int) -> None:
    roots = {"this": ROOT}
    base = baseline()
    if base is not None:
        roots["baseline"] = base
    print(f"key -> first frame at 120x40 (median of up to {presses} keys, each checkout in turn):")
    for label, root in roots.items():
        out = _keys_of(root, presses)
        b = out["bare"]
        print(f"  {label:8} bare Textual app {b * 1000:.1f} ms")
        for game, players, _ in GAMES:
            if out.get(game) is None:
                print(f"  {label:8} {game}: no move to time")
                continue
            m, count = out[game]
            print(
                f"  {label:8} {game} {players}p: {m * 1000:.1f} ms ({count} keys)"
                f" -> ratio {m / b:.1f}"
            )


def main() -> None:
    fast = quick()
    startup(3 if fast else 9)
    keypress(8 if fast else 30)


if __name__ == "__main__":
    main()

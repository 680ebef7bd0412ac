"""Where players wait in the app, each figure a ratio to a bare Textual app in the same run.

- start-up: from launch to the picker's first frame (headless, ``on_ready``) ÷ the same for a
  bare Textual app (goal ≤ 1.2), and likewise to the first frame that shows the footer's keys
  and to the end of the process that exits on ``on_ready``; peak memory of both; and which
  game engines the picker imported (goal: none). Both run with compiled bytecode;
- key → frame at 120×40, people in every seat: from the key event entering the app (sent as
  the terminal driver sends it) to the first frame written after it (``App._display``, the
  update encoded as a terminal would get it), and to the last frame the key caused; for a key
  that makes a move and a key that moves the highlight in each game, and a key that updates
  one widget of a bare app (goal: a move's first frame ≤ 15 ms). A move against medium bots
  too ("vs bots": the move hands the decision to a bot; the bots' own moves are not timed).
  The app's CPU time to the first frame is given too: it varies far less than the wall
  clock on a busy machine; and the slowest tenth of the keys.

Figures are medians. ``--baseline DIR`` also times another checkout (e.g. the code before a
change) in the same run: its start-up, and its keys in fresh processes taking turns with this
one's, round by round; both make the same moves (same seeds, same keys), so each key of one
is also compared with the same key of the other ("paired": the median of those ratios).
``--repeat N`` plays every round's keys N times (the checkouts taking turns) and keeps, for
each key, its fastest time: what the move costs when the machine did not hold it up, which
tells a change of a few per cent from the machine's swings far better than one pass.
Run: python benchmarks/bench_app.py [--quick] [--baseline DIR] [--only startup|keys]
     [--repeat N]
"""

from __future__ import annotations

import json
import os
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

# Run at the start of both start-up scripts: the app's frames are watched from its first
# (``App._display``, as the key timings below). A launch with "complete" runs on past
# ``on_ready`` to the first frame that shows the footer's keys (Textual's footer composes
# them after its first refresh), then exits.
PROBE = """
import json, resource, sys, time

COMPLETE = sys.argv[-1] == "complete"
times = {"first": None, "ready": None, "complete": None}
shown = {"first_screen": None, "first_cpu": None}

def watch(app):
    display = app._display

    def frame(screen, renderable):
        display(screen, renderable)
        if renderable is None:
            return
        if times["first"] is None:
            times["first"] = time.time()
            shown["first_screen"] = type(screen).__name__
            shown["first_cpu"] = time.process_time()
        # Textual's footer shows its keys as FooterKey widgets; the start screen's footer
        # draws them itself, from its first frame.
        if times["complete"] is None and any(
            key.region.width for key in screen.query("FooterKey, StartFooter")
        ):
            times["complete"] = time.time()
            if COMPLETE:
                app.exit()

    app._display = frame

def ready(app):
    times["ready"] = time.time()
    if COMPLETE and times["complete"] is None:
        app.set_timer(5, app.exit)  # a footer that never shows its keys
    else:
        app.exit()

def report(**more):
    more["rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({**times, **shown, **more}))
"""

BARE = (
    PROBE
    + """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    def compose(self):
        yield Static("hello")
        yield Footer()

    def on_ready(self):
        ready(self)

app = Bare()
watch(app)
app.run(headless=True, size=(120, 40))
report()
"""
)

# The picker as the "tabletop-tui" command starts it (the entry point, its command line,
# the store, the app), only headless.
PICKER = (
    PROBE
    + """
from functools import partialmethod
from textual.app import App
from tabletop_tui.app import TabletopApp
from tabletop_tui.launch import run

def on_ready(self):  # the app's stylesheet is found beside its class: patch, not subclass
    self.models = "pydantic" in sys.modules
    ready(self)

def init(self, *args, __init__=TabletopApp.__init__, **kwargs):
    __init__(self, *args, **kwargs)
    watch(self)
    apps.append(self)

apps = []
TabletopApp.__init__ = init
TabletopApp.on_ready = on_ready
TabletopApp.run = partialmethod(App.run, headless=True, size=(120, 40))
run(["--data-dir", sys.argv[1]])
engines = sorted(
    m for m in sys.modules if m.startswith("tabletop_tui.games.") and m.count(".") == 3
)
report(engines=engines, models=getattr(apps[0], "models", None))
"""
)


def _launch(code: str, *args: str, cwd: Path = ROOT) -> tuple[float, dict[str, Any]]:
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, check=True
    )
    seconds = time.perf_counter() - t
    return seconds, json.loads(out.stdout.strip().splitlines()[-1])


def _yes_no(flag: object) -> str:
    return "unknown" if flag is None else "yes" if flag else "no"


# What the probe times, in seconds from the launch.
PROBED = ("first", "ready", "complete")


def _start(
    code: str, *args: str, cwd: Path, env: dict[str, str]
) -> tuple[dict[str, float | None], dict[str, Any]]:
    """One start-up launch: seconds from launch to the first frame, to ``on_ready``, to the
    first frame with the footer's keys (launched with "complete") and to the process's end."""
    launched = time.time()
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    process = time.perf_counter() - t
    info = json.loads(out.stdout.strip().splitlines()[-1])
    times = {k: None if info[k] is None else info[k] - launched for k in PROBED}
    times["process"] = process
    times["cpu"] = info["first_cpu"]
    return times, info


def startup(runs: int) -> None:
    roots = {"this": ROOT}
    base = baseline()
    if base is not None:
        roots["baseline"] = base
    kinds = (*PROBED, "process", "cpu")
    times: dict[str, dict[str, list[float]]] = {
        label: {k: [] for k in kinds} for label in ("bare", *roots)
    }
    infos: dict[str, dict[str, Any]] = {}
    # Each checkout gets its own data folder: one with an older schema would otherwise open
    # the other's database and start on a notice instead of the picker. The bytecode goes to
    # a folder of its own, written by an untimed first launch: Textual is installed with its
    # bytecode, and so is the app once installed (not compiling it at each launch, as a
    # checkout run with PYTHONDONTWRITEBYTECODE set would).
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as pyc:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = pyc
        launches = [("bare", BARE, (), ROOT)] + [
            (label, PICKER, (str(Path(data) / label),), root) for label, root in roots.items()
        ]
        for _label, code, args, cwd in launches:  # untimed: bytecode and data folders
            _start(code, *args, "complete", cwd=cwd, env=env)
        for _ in range(runs):
            for label, code, args, cwd in launches:
                done, infos[label] = _start(code, *args, "ready", cwd=cwd, env=env)
                for kind in ("first", "ready", "process", "cpu"):
                    if done[kind] is not None:
                        times[label][kind].append(done[kind])
                done, _ = _start(code, *args, "complete", cwd=cwd, env=env)
                if done["complete"] is not None:
                    times[label]["complete"].append(done["complete"])

    def median(label: str, kind: str) -> float | None:
        values = times[label][kind]
        return statistics.median(values) if len(values) == runs else None

    def figure(label: str, kind: str) -> str:
        value, bare = median(label, kind), median("bare", kind)
        if value is None:
            return "not seen"
        ratio = f" (ratio {value / bare:.2f})" if label != "bare" and bare else ""
        return f"{value * 1000:.0f} ms{ratio}"

    print(
        f"start-up, headless at 120x40 (median of {runs}): from launch to the first frame, "
        "to on_ready, to the first frame showing the footer's keys, and to the end of the "
        "process (it exits on on_ready); and the CPU time the process took to its first "
        "frame, which other work on the machine sways less"
    )
    for label in ("bare", *roots):
        info = infos[label]
        name = "bare Textual app" if label == "bare" else f"{label} picker"
        print(
            f"  {name}: first frame {figure(label, 'first')} ({info['first_screen']}), "
            f"on_ready {figure(label, 'ready')}, with the footer's keys "
            f"{figure(label, 'complete')}, process {figure(label, 'process')}; "
            f"CPU to the first frame {figure(label, 'cpu')}; {info['rss_mib']:.1f} MiB"
        )
        if label != "bare":
            print(
                f"    game modules imported: {', '.join(info['engines']) or 'none'}; "
                f"data models (pydantic) at the first frame: {_yes_no(info.get('models'))}"
            )


class FrameClock:
    """Times the frames an app writes: ``App._display`` is wrapped, and each update is turned
    into the terminal codes a real driver would write (a headless driver writes nothing), so
    a frame's time includes composing and encoding it. The app's thread's CPU time to the
    first frame is kept too: on a busy machine it moves far less than the wall clock."""

    def __init__(self, app: Any) -> None:
        import asyncio

        from textual._compositor import CompositorUpdate

        self.frames: list[float] = []
        self.first_cpu: float | None = None
        self.drawn = asyncio.Event()
        original = app._display
        console = app.console

        def display(screen: Any, renderable: Any) -> None:
            original(screen, renderable)
            if renderable is None or app._batch_count:
                return
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(console)
            if not self.frames:
                self.first_cpu = time.thread_time()
            self.frames.append(time.perf_counter())
            self.drawn.set()

        app._display = display

    async def key(self, app: Any, key: str, character: str | None) -> tuple[float, float, float]:
        """Send ``key`` as a terminal would and wait until the app is quiet again: seconds
        from the key event entering the app to the first frame after it, and to the last,
        and the app's CPU seconds to the first frame."""
        import asyncio

        from textual import events

        self.frames.clear()
        self.drawn.clear()
        event = events.Key(key, character)
        event.set_sender(app)
        cpu = time.thread_time()
        start = time.perf_counter()
        app._driver.send_message(event)
        await asyncio.wait_for(self.drawn.wait(), 10)
        first = self.frames[0] - start
        first_cpu = (self.first_cpu or cpu) - cpu
        await self.quiet()
        return first, self.frames[-1] - start, first_cpu

    async def quiet(self) -> None:
        """Wait until no frame came for QUIET seconds (follow-up frames: the log, its
        scroll, the footer, bots)."""
        import asyncio

        seen = -1
        while seen != len(self.frames):
            seen = len(self.frames)
            await asyncio.sleep(QUIET)


# A key's frames are over once no frame came for this long.
QUIET = 0.06


async def _bare_keys(presses: int) -> list[tuple[float, float, float]]:
    """A key that updates one widget of a bare app (a Static and a Footer)."""
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
        clock = FrameClock(app)
        await pilot.pause(QUIET)
        for _ in range(presses):
            times.append(await clock.key(app, "1", "1"))
    return times


# Seats that are all people at one keyboard, so that no bot plays between the keys.
GAMES = (("maeshowe", 1, "human"), ("mesos", 2, "human"), ("mezo", 1, "human"))
# A person against medium bots (the bots play instantly, untimed, between the keys): each
# move hands the decision to a bot, which starts thinking as the move is drawn.
BOT_GAMES = (("maeshowe", 2, "medium"), ("mesos", 3, "medium"), ("mezo", 2, "medium"))


async def _game_keys(
    game: str, players: int, others: str, presses: int, move: bool = True, first_seed: int = 3
) -> list[tuple[float, float, float]]:
    """Keys of a person playing at 120x40: ``move`` a key that makes a move (the first
    option), else one that moves the highlight. A game that ends first is followed by
    another (the next seed); a hand-off curtain is lifted between keys, untimed."""
    import asyncio

    from tabletop_tui.app import TabletopApp
    from tabletop_tui.engine.record import SeatSpec
    from tabletop_tui.store import Store
    from tabletop_tui.ui.frame import GameScreen

    seats = [SeatSpec(name="Ann", kind="human")] + [
        SeatSpec(name=f"Bot {i}", kind=others) for i in range(1, players)
    ]
    times: list[tuple[float, float, float]] = []
    for seed in range(first_seed, first_seed + 10):
        if len(times) >= presses:
            break
        start = {"game": game, "players": players, "seats": seats, "seed": seed}
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
                clock = FrameClock(app)
                await pilot.pause(QUIET)
                step = 0
                while len(times) < presses:
                    for _ in range(400):  # the bots' moves, untimed
                        if not screen.busy or app.screen is not screen:
                            break
                        await asyncio.sleep(0.025)
                    if others != "human":
                        # The bots' frames and what follows them (the log drawn, then
                        # scrolled) are over before a person's next key.
                        await clock.quiet()
                    if app.screen is not screen:  # the curtain: lift it, untimed
                        await pilot.press("enter")
                        await pilot.pause(QUIET)
                        if app.screen is not screen:
                            break
                    decision = screen.table.decision
                    if decision is None or not screen.table.viewer_decides():
                        break
                    if move:
                        key, char = ("1", "1") if len(decision.options) < 10 else ("enter", "\r")
                    else:  # down, then up again: the highlight stays on the first options
                        key, char = ("j", "j") if step % 2 == 0 else ("k", "k")
                        step += 1
                        if len(decision.options) < 2:
                            key, char = "enter", "\r"
                    times.append(await clock.key(app, key, char))
            store.close()
    return times


KEYS = """
import asyncio, json, sys
sys.path.insert(0, sys.argv[1])
import tabletop_tui.app  # the checkout at argv[1], before bench_app puts its own first
sys.path.insert(0, sys.argv[2])
import bench_app

presses, first_seed = int(sys.argv[3]), int(sys.argv[4])
out = {"bare": asyncio.run(bench_app._bare_keys(presses))}
for game, players, others in bench_app.GAMES:
    out[game] = asyncio.run(bench_app._game_keys(game, players, others, presses, True, first_seed))
    out[game + " cursor"] = asyncio.run(
        bench_app._game_keys(game, players, others, presses, False, first_seed)
    )
for game, players, others in bench_app.BOT_GAMES:
    out[game + " bots"] = asyncio.run(
        bench_app._game_keys(game, players, others, presses, True, first_seed)
    )
print(json.dumps(out))
"""


def _keys_of(root: Path, presses: int, first_seed: int) -> dict[str, Any]:
    """Key -> frame times (seconds) of the checkout at ``root``, in a fresh process: for
    each kind of key, a (first, last, first's CPU) triple per key."""
    here = str(Path(__file__).resolve().parent)
    _, out = _launch(KEYS, str(root), here, str(presses), str(first_seed))
    return out


# Key -> frame rounds: each round times every checkout in turn, in fresh processes, on the
# same games (its own seeds), so that a load that comes and goes on the machine weighs on
# every checkout alike.
ROUNDS = 2


def fastest(passes: list[list[list[float]]]) -> list[list[float]]:
    """The keys of several passes over the same moves, each key at its fastest (first
    frame, last frame and CPU each at their least); a pass with another number of keys
    than the first (other moves) is left out."""
    same = [keys for keys in passes if len(keys) == len(passes[0])]
    return [[min(values) for values in zip(*key, strict=True)] for key in zip(*same, strict=True)]


def keypress(presses: int, repeat: int = 1) -> None:
    roots = {"this": ROOT}
    base = baseline()
    if base is not None:
        roots["baseline"] = base
    per_round = -(-presses // ROUNDS)
    times: dict[str, dict[str, list[list[float]]]] = {label: {} for label in roots}
    for r in range(ROUNDS):
        passes: dict[str, dict[str, list[list[list[float]]]]] = {label: {} for label in roots}
        for n in range(repeat):
            order = list(roots.items())
            for label, root in order if n % 2 == 0 else reversed(order):
                for name, keys in _keys_of(root, per_round, 3 + 10 * r).items():
                    passes[label].setdefault(name, []).append(keys)
        for label, by_name in passes.items():
            for name, runs in by_name.items():
                times[label].setdefault(name, []).extend(fastest(runs))
    each = f"each key's fastest of {repeat} passes, " if repeat > 1 else ""
    print(
        f"key -> frame at 120x40, from the key event entering the app to the first frame "
        f"written after it (and to the last, once quiet), and the app's CPU time to the first "
        f"frame; {each}medians of {ROUNDS} x {per_round} keys, the checkouts taking turns:"
    )

    def ms(keys: list[list[float]], i: int) -> float:
        return 1000 * statistics.median(k[i] for k in keys)

    def slow(keys: list[list[float]]) -> float:
        """The first frame of the slowest tenth of the keys (those a layout, a game's end
        or the machine held up): what a player feels as a stutter."""
        return 1000 * statistics.quantiles([k[0] for k in keys], n=10)[-1]

    for label in roots:
        bare = times[label]["bare"]
        b, b_cpu = ms(bare, 0), ms(bare, 2)
        print(
            f"  {label:8} bare Textual app: first {b:.1f} ms (CPU {b_cpu:.1f}), "
            f"last {ms(bare, 1):.1f} ms"
        )
        kinds = [(g, p, "move", g) for g, p, _ in GAMES]
        kinds += [(g, p, "cursor", g + " cursor") for g, p, _ in GAMES]
        kinds += [(g, p, "vs bots", g + " bots") for g, p, _ in BOT_GAMES]
        for game, players, kind, name in sorted(kinds, key=lambda k: k[0]):
            keys = times[label].get(name) or []
            if not keys:
                print(f"  {label:8} {game} {players}p {kind}: no key to time")
                continue
            first, cpu = ms(keys, 0), ms(keys, 2)
            print(
                f"  {label:8} {game} {players}p {kind:6}: first {first:.1f} ms"
                f" (ratio {first / b:.1f}; CPU {cpu:.1f} ms), last {ms(keys, 1):.1f} ms"
                f" ({len(keys)} keys); slowest tenth from {slow(keys):.1f} ms"
            )
    if "baseline" in times:
        # Each checkout's keys run in a process of their own, beside its own bare app: a
        # process that the machine slowed down shows it in both.
        scale = ms(times["baseline"]["bare"], 0) / ms(times["this"]["bare"], 0)
        print(
            "  this ÷ baseline, a move's first frame (wall; CPU; slowest tenth; wall as a ratio "
            "to each one's bare app; paired, the median of each key's ratio to the same key):"
        )
        moves = [(p, g) for g, p, _ in GAMES] + [(p, g + " bots") for g, p, _ in BOT_GAMES]
        for players, name in moves:
            this, old = times["this"].get(name), times["baseline"].get(name)
            if this and old:
                paired = "other moves"
                if len(this) == len(old):
                    ratios = [t[0] / o[0] for t, o in zip(this, old, strict=True)]
                    paired = f"{statistics.median(ratios):.2f}"
                print(
                    f"    {name} {players}p: {ms(this, 0) / ms(old, 0):.2f}; "
                    f"{ms(this, 2) / ms(old, 2):.2f}; {slow(this) / slow(old):.2f}; "
                    f"{ms(this, 0) / ms(old, 0) * scale:.2f}; {paired}"
                )


def main() -> None:
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)  # the runs take minutes: asking how to run must not start them
        return
    fast = quick()
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    if only in (None, "startup"):
        startup(3 if fast else 9)
    if only in (None, "keys"):
        repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 1
        keypress(20 if fast else 40, max(1, repeat))


if __name__ == "__main__":
    main()

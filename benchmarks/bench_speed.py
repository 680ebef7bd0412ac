"""Where simulations and the command line wait, each figure a ratio measured in one run.

- ``sim`` ms a game ÷ the engine alone, for each game (goal ≤ 1.5), and Mezo 4p / Mesos 5p
  ``sim`` ms a game (goals < 10 ms / < 2.5 ms);
- ``tabletop-tui --version`` ÷ ``python -c "import pydantic"`` (goal ≤ 1.3);
- ``sim --jobs 2`` ÷ ``--jobs 1`` wall time, Mesos games (goal ≤ 0.6 on 2 cores; with
  ``--baseline`` the baseline's too), beside the best ratio that start-up and exit, which
  no number of processes splits, allow;
- search play-outs per second, Mezo 2p (goal ≥ 3× the code before the change: pass
  ``--baseline DIR``, a checkout of that code, to time both in the same run).

Every measurement runs in fresh processes (``probe.py``), this checkout and the baseline
taking turns, so a busy machine skews both alike. Figures are medians.
Run: python benchmarks/bench_speed.py [--quick] [--baseline DIR] [--only sim|version|search|jobs]
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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SIM_CASES = (("maeshowe", 1), ("maeshowe", 2), ("mesos", 5), ("mezo", 4), ("mezo", 1))


def probe(root: Path, *args: object) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(HERE / "probe.py"), str(root), *map(str, args)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


# The command-line figures run with compiled bytecode, kept in a folder of its own and
# written by an untimed first launch: an installed app has its bytecode (pip compiles it, as
# it did pydantic's), whereas a checkout run with PYTHONDONTWRITEBYTECODE set compiles every
# module again at each launch, about 0.1 s that no player's launch pays.
_ENV: dict[str, str] = dict(os.environ)


def wall(argv: list[str], cwd: Path) -> float:
    t = time.perf_counter()
    subprocess.run(argv, cwd=cwd, capture_output=True, check=True, env=_ENV)
    return time.perf_counter() - t


def warm(argv: list[str], roots: dict[str, Path]) -> None:
    """One untimed launch per checkout, which writes its bytecode."""
    for root in roots.values():
        wall(argv, root)


def sim_vs_engine(roots: dict[str, Path], fast: bool) -> None:
    print("sim ÷ engine alone (random bots, the same games), medians:")
    for game, players in SIM_CASES:
        games = {"maeshowe": 200, "mesos": 40, "mezo": 10}[game] // (4 if fast else 1)
        for label, root in roots.items():
            r = probe(root, "sim", game, players, max(2, games), 3 if fast else 5)
            print(
                f"  {label:8} {game} {players}p: engine {r['engine_ms']:.2f} ms, "
                f"sim {r['sim_ms']:.2f} ms a game -> ratio {r['ratio']:.2f}"
            )


def version_vs_pydantic(roots: dict[str, Path], fast: bool) -> None:
    runs = 5 if fast else 11
    times: dict[str, list[float]] = {"pydantic": []} | {label: [] for label in roots}
    warm([sys.executable, "-m", "tabletop_tui", "--version"], roots)
    for _ in range(runs):
        times["pydantic"].append(wall([sys.executable, "-c", "import pydantic"], ROOT))
        for label, root in roots.items():
            times[label].append(wall([sys.executable, "-m", "tabletop_tui", "--version"], root))
    base = statistics.median(times["pydantic"])
    print(f"--version ÷ import pydantic (median of {runs}; pydantic {base * 1000:.0f} ms):")
    for label in roots:
        med = statistics.median(times[label])
        print(f"  {label:8} {med * 1000:.0f} ms -> ratio {med / base:.2f}")


def jobs_wall(roots: dict[str, Path], fast: bool) -> None:
    """Also times ``--games 1``: start-up, one game and exit, the part of a run that no
    number of processes splits, which bounds the ratio from below."""
    games = 400 if fast else 2000
    argv = [sys.executable, "-m", "tabletop_tui", "sim", "mesos", "--games", str(games), "--json"]
    for label, root in list(roots.items()):  # code from before ``--jobs`` existed is left out
        usage = subprocess.run(
            [*argv[:4], "--help"], cwd=root, capture_output=True, text=True, env=_ENV
        )
        if "--jobs" not in usage.stdout:
            print(f"  {label:8} sim has no --jobs: left out of the jobs figure")
            roots = {k: v for k, v in roots.items() if k != label}
    single = [*argv[:5], "--games", "1", "--json"]
    warm(single, roots)
    load = os.getloadavg()[0]
    ones: dict[str, list[float]] = {label: [] for label in roots}
    twos: dict[str, list[float]] = {label: [] for label in roots}
    fixed: dict[str, list[float]] = {label: [] for label in roots}
    for _ in range(1 if fast else 3):  # taking turns, so a busy moment skews all alike
        for label, root in roots.items():
            ones[label].append(wall(argv, root))
            twos[label].append(wall([*argv, "--jobs", "2"], root))
            fixed[label].append(wall(single, root))
    print(
        f"sim mesos --games {games}, --jobs 2 ÷ --jobs 1 (median of {len(ones['this'])}; "
        f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after: the ratio needs "
        "two idle cores):"
    )
    for label in roots:
        one, two = statistics.median(ones[label]), statistics.median(twos[label])
        print(f"  {label:8} --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s -> ratio {two / one:.2f}")
        unsplit = statistics.median(fixed[label])
        best = (unsplit + (one - unsplit) / 2) / one
        print(
            f"  {'':8} --games 1 {unsplit:.2f} s: that much never splits -> best ratio {best:.2f}"
        )


def search_rate(roots: dict[str, Path], fast: bool) -> None:
    iterations, positions = (60, 3) if fast else (200, 5)
    runs = 1 if fast else 5
    found: dict[str, list[float]] = {label: [] for label in roots}
    for _ in range(runs):  # taking turns, so a busy moment skews all alike
        for label, root in roots.items():
            out = probe(root, "search", "mezo", 2, iterations, positions)
            found[label].append(out["playouts_per_s"])
    print(f"search play-outs per CPU second, Mezo 2p ({positions} positions, median of {runs}):")
    rates = {label: statistics.median(found[label]) for label in roots}
    for label in roots:
        print(f"  {label:8} {rates[label]:.0f}/s")
    if "baseline" in rates:
        print(f"  -> ratio {rates['this'] / rates['baseline']:.2f}")


FIGURES = {
    "sim": sim_vs_engine,
    "version": version_vs_pydantic,
    "search": search_rate,
    "jobs": jobs_wall,
}


def main() -> None:
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)  # the runs take minutes: asking how to run must not start them
        return
    fast = quick()
    roots = {"this": ROOT}
    base = baseline()
    if base is not None:
        roots["baseline"] = base
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    if only is not None and only not in FIGURES:
        raise SystemExit(f"--only {only}: one of {', '.join(FIGURES)}")
    with tempfile.TemporaryDirectory() as pyc:
        _ENV.pop("PYTHONDONTWRITEBYTECODE", None)
        _ENV["PYTHONPYCACHEPREFIX"] = pyc
        for name, figure in FIGURES.items():
            if only in (None, name):
                figure(roots, fast)


if __name__ == "__main__":
    main()

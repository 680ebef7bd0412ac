"""The ``tabletop-tui`` command's entry point.

It answers ``--version`` before importing anything else (loading the engine's data models
takes far longer than the answer) and otherwise hands over to ``cli.main``, with the garbage
collector held off: start-up creates a great many objects and frees few, and the collector,
run every few hundred allocations, would go over them again and again before the first frame.
The app switches it back on after its first frame, ``sim`` once its engine is loaded, every
other command at once (``cli.main``).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence

from tabletop_tui import __version__


def run(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        print(f"tabletop-tui {__version__}")
        return 0
    gc.disable()
    try:
        from tabletop_tui.cli import main

        return main(args)
    finally:
        gc.enable()

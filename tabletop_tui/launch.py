"""The ``tabletop-tui`` command's entry point.

It answers ``--version`` before importing anything else (loading the engine's data models
takes far longer than the answer) and otherwise hands over to ``cli.main``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tabletop_tui import __version__


def run(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        print(f"tabletop-tui {__version__}")
        return 0
    from tabletop_tui.cli import main

    return main(args)

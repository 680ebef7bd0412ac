"""``python -m tabletop_tui``: the same as the ``tabletop-tui`` command."""

import sys

from tabletop_tui.launch import run

sys.exit(run())

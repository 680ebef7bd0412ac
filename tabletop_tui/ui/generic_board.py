"""A plain board for games that have no board widget of their own: the view as text.

It keeps a game playable through the frame's decision panel while its real board is being
written, and it is what the replay viewer falls back on if a board cannot be loaded.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tabletop_tui.engine.core import Decision

from .board import BoardView


def describe(value: Any, indent: int = 0) -> list[str]:
    """Readable lines for a JSON-like value: keys as labels, short lists inline."""
    pad = "  " * indent
    if isinstance(value, dict):
        labelled = [
            (str(key).replace("_", " "), item)
            for key, item in value.items()
            if key not in ("header", "viewer")
        ]
    elif isinstance(value, list):
        labelled = [(f"#{i + 1}", item) for i, item in enumerate(value)]
    else:
        return [pad + _inline(value)]
    lines = []
    for label, item in labelled:
        if isinstance(item, dict | list) and not _is_flat(item):
            lines.append(f"{pad}{label}:")
            lines.extend(describe(item, indent + 1))
        else:
            lines.append(f"{pad}{label}: {_inline(item)}")
    return lines


def _is_flat(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) <= 12 and all(not isinstance(v, dict | list) for v in value)
    return False


def _inline(value: Any) -> str:
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(_inline(v) for v in value) or "—"
    return str(value)


class GenericBoard(BoardView):
    DEFAULT_CSS = """
    GenericBoard > VerticalScroll { height: 1fr; }
    GenericBoard Static { width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="generic-view", markup=False)

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        lines = describe(view)
        self.query_one("#generic-view", Static).update("\n".join(lines) or "(nothing to show)")

"""The contract between the shared game frame and each game's board widget.

A game's ``screen.py`` defines a ``BoardView`` subclass (named by ``GameInfo.screen``). The
frame owns the header, decision panel, log, hand-off curtain and keys; the board only draws
the view it is given and, when the player clicks an element that stands for an option
(``Option.target``), posts ``BoardView.Picked`` with that option's id.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message
from textual.widget import Widget

from tabletop_tui.engine.core import Decision


class BoardView(Widget):
    """Base class of every game's board area."""

    DEFAULT_CSS = """
    BoardView {
        height: 1fr;
        width: 1fr;
    }
    """

    class Picked(Message):
        """The player picked an option by clicking the board."""

        def __init__(self, option_id: str) -> None:
            super().__init__()
            self.option_id = option_id

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        """Redraw from ``view`` (what ``viewer`` may see). ``decision`` is the pending one,
        or None; when it belongs to ``viewer`` the board may highlight its targets."""
        raise NotImplementedError

    def pick(self, option_id: str) -> None:
        self.post_message(self.Picked(option_id))

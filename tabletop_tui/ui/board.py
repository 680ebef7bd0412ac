"""The contract between the shared game frame and each game's board widget.

A game's ``screen.py`` defines a ``BoardView`` subclass (named by ``GameInfo.screen``). The
frame owns the header, decision panel, log, hand-off curtain and keys; the board only draws
the view it is given and, when the player clicks an element that stands for an option
(``Option.target``), posts ``BoardView.Picked`` with that option's id.

Conventions the frame relies on:

- ``view["header"]`` (optional, a short public string such as ``"Era 2 · Round 3"``) is shown
  in the frame's header line next to the game's title and whose turn it is. It must read the
  same for every viewer. ``{seat:N}`` in it (and in log texts, prompts and option labels) is
  replaced by the name of seat N (0-based).
- Two seats' views differ only where one of them may see something the other may not: the
  frame compares the views of the seat leaving the keyboard and the seat taking it to know
  whether a hotseat hand-off needs the curtain. The key ``"viewer"`` and keys starting with
  ``"viewer_"`` are ignored in that comparison: put there what depends on who looks without
  being secret (the seat number; advice computed for that seat, e.g. ``viewer_mad_risks``).
- ``update_board`` is called after every change with the viewer's view; when the pending
  decision is another seat's secret one, its options are removed before the board sees it.
  It keeps ``self.view``, ``self.decision`` and ``self.viewer`` and calls ``redraw()``, which
  is all a game's board implements (it is also called on mount and on resize).
- The board does not take focus or keys: the decision panel has them (digits, arrows, Enter).
  Mouse clicks on board elements call ``self.pick(option_id)`` for a legal option of the
  viewer's own decision (``self.pickable(decision, viewer)`` tells whether to offer that).
- ``highlight(option_id)`` tells the board which option the decision panel highlights, so it
  can mark or inspect the element that option stands for. The frame calls it after every
  ``update_board`` (None when the viewer has no options to choose from) and whenever the
  highlight moves (arrows, a first digit, a tip). The default does nothing. A board never
  reaches into the frame's widgets for this.
- ``self.seat_names`` and ``self.seat_kinds`` hold the seats' names and kinds ("human" or a
  bot level), set before the first ``update_board``.
- Size: the board gets the space above the decision panel: 78x16 cells at 80x24 while the
  decision has up to 4 options, down to 78x13 when it has more (the board scrolls if it must),
  and more on larger terminals (beside the panel from 120 columns). Colour is never the only
  signal (letters or symbols too).
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seat_names: list[str] = []
        self.seat_kinds: list[str] = []
        self.view: dict[str, Any] | None = None
        self.decision: Decision | None = None
        self.viewer: int | None = None

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        """Take ``view`` (what ``viewer`` may see) and the pending ``decision`` (None, or
        one the board may highlight when it belongs to ``viewer``), then ``redraw``."""
        self.view, self.decision, self.viewer = view, decision, viewer
        if self.is_mounted:
            self.redraw()

    def redraw(self) -> None:
        """Draw ``self.view``; called after every update, on mount and on resize."""
        raise NotImplementedError

    def on_mount(self) -> None:
        if self.view is not None:
            self.redraw()

    def on_resize(self) -> None:
        if self.view is not None:
            self.redraw()

    def highlight(self, option_id: str | None) -> None:
        """The decision panel now highlights ``option_id`` (an option of the decision last
        given to ``update_board``), or nothing. Override to follow it; by default the board
        ignores it."""

    def pick(self, option_id: str) -> None:
        self.post_message(self.Picked(option_id))

    def seat_name(self, seat: int | None) -> str:
        if seat is not None and 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return "Table" if seat is None else f"Seat {seat + 1}"

    @staticmethod
    def pickable(decision: Decision | None, viewer: int | None) -> bool:
        """Whether the board should offer clicks: the decision is the viewer's own."""
        return decision is not None and viewer is not None and decision.seat == viewer

    @staticmethod
    def option_for_target(decision: Decision | None, target: str) -> str | None:
        """The id of the option standing for board element ``target``, if there is one."""
        if decision is None:
            return None
        for opt in decision.options:
            if opt.target == target:
                return opt.id
        return None

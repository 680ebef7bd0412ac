"""The board of the test-only High Card game: scores, hands as cards, click a card to play it;
the card of the option the decision panel highlights reads ``›7‹``."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Label, Static

from tabletop_tui.engine.core import Decision
from tabletop_tui.ui.board import BoardView

MAX_SEATS = 3
MAX_CARDS = 5


class CardFace(Static):
    """One card: its value, '?' when hidden; clickable when it stands for an option, marked
    ``›7‹`` while that option is highlighted."""

    DEFAULT_CSS = """
    CardFace { width: 5; height: 3; border: round $secondary; content-align: center middle; }
    CardFace.-pickable { border: heavy $accent; }
    CardFace.-pickable:hover { background: $accent 30%; }
    CardFace.-highlighted { border: double $accent; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.option_id: str | None = None
        self.value = ""

    def show(self, value: str) -> None:
        self.value = value
        self.refresh()

    def render(self) -> str:
        return f"›{self.value}‹" if self.has_class("-highlighted") else self.value

    def on_click(self) -> None:
        if self.option_id is not None:
            board = next(a for a in self.ancestors if isinstance(a, BoardView))
            board.pick(self.option_id)


class HighCardBoard(BoardView):
    BINDINGS = [Binding("o", "flip_order", "Card order")]

    DEFAULT_CSS = """
    HighCardBoard { padding: 0 1; }
    HighCardBoard #hc-round { text-style: bold; }
    HighCardBoard .hc-seat { height: 3; }
    HighCardBoard .hc-name { width: 30; height: 3; content-align: left middle; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.descending = False
        self.last: tuple[dict[str, Any], Decision | None, int | None] | None = None
        self.highlighted: str | None = None
        self.highlights: list[str | None] = []  # every call, for the tests

    def highlight(self, option_id: str | None) -> None:
        self.highlights.append(option_id)
        self.highlighted = option_id
        for card in self.query(CardFace):
            card.set_class(option_id is not None and card.option_id == option_id, "-highlighted")
            card.refresh()

    def action_flip_order(self) -> None:
        """Show hands from the highest card down (a board-only key, nothing is played)."""
        self.descending = not self.descending
        if self.last is not None:
            self.update_board(*self.last)

    def compose(self) -> ComposeResult:
        yield Label(id="hc-round")
        for s in range(MAX_SEATS):
            with Horizontal(classes="hc-seat", id=f"hc-seat{s}"):
                yield Label(classes="hc-name", id=f"hc-name{s}", markup=False)
                for c in range(MAX_CARDS):
                    yield CardFace(id=f"hc-card{s}-{c}")

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        self.last = (view, decision, viewer)
        self.query_one("#hc-round", Label).update(f"Round {view['round']}")
        mine = self.pickable(decision, viewer)
        for s in range(MAX_SEATS):
            row = self.query_one(f"#hc-seat{s}")
            if s >= len(view["hands"]):
                row.display = False
                continue
            row.display = True
            hand = view["hands"][s]
            played = "played" if view["played"][s] else "to play"
            marker = "▶ " if decision is not None and decision.seat == s else "  "
            self.query_one(f"#hc-name{s}", Label).update(
                f"{marker}{self.seat_name(s)}: {view['scores'][s]} pts, {played}"
            )
            order = list(range(len(hand)))[:: -1 if self.descending else 1]
            for slot in range(MAX_CARDS):
                card = self.query_one(f"#hc-card{s}-{slot}", CardFace)
                if slot >= len(hand):
                    card.display = False
                    continue
                c = order[slot]
                card.display = True
                card.show("?" if hand[c] is None else str(hand[c]))
                target = self.option_for_target(decision, f"card{c}") if s == viewer else None
                card.option_id = target if mine else None
                card.set_class(card.option_id is not None, "-pickable")
                highlighted = card.option_id is not None and card.option_id == self.highlighted
                card.set_class(highlighted, "-highlighted")

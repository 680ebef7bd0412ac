"""The Maeshowe board: tracks, the row with its Excavate chain, hands, deck and discards.

Every card shows its rune as a letter on a coloured tag (``R`` red, ``B`` blue, ``*`` both
for Horror, ``-`` none for Hope), its name, and both effects (``▶`` played, ``✗``
discarded). Clicking a hand card picks the first option that names it; clicking the bottom
panel (or ``d`` while the board has focus) cycles between the unseen cards and each discard
pile.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from tabletop_tui.engine.core import Decision
from tabletop_tui.ui.board import BoardView

RUNE_TAG = {"red": "R", "blue": "B", "any": "*", "none": "-"}
RUNE_STYLE = {
    "red": "bold white on dark_red",
    "blue": "bold white on dark_blue",
    "any": "bold black on magenta",
    "none": "bold black on grey70",
}
SEAT_STYLE = ["bold red", "bold blue"]
MAX_SLOTS = 8


def rune_tag(rune: str) -> Text:
    return Text(f"{RUNE_TAG[rune]}", style=RUNE_STYLE[rune])


def card_token(card: dict[str, Any], rune: str | None = None) -> Text:
    """``R:Excavate`` style token for rows and piles."""
    text = rune_tag(rune or card["rune"])
    text.append(f" {card['short']}")
    return text


def card_line(card: dict[str, Any], width: int, marked: bool) -> Text:
    """One hand card: rune, name, then both effects, shortened to ``width`` cells."""
    text = Text()
    text.append("»" if marked else " ", style="bold yellow")
    text.append_text(rune_tag(card["rune"]))
    text.append(f" {card['short']:<9}", style="bold" if marked else "")
    if width >= 60:
        text.append(f" ▶ {card['play']:<22}", style="green")
        text.append(f" ✗ {card['discard']}", style="yellow")
    else:
        text.append(f" ▶{card['play']}", style="green")
        text.append(f" ✗{card['discard']}", style="yellow")
    text.truncate(width, overflow="ellipsis")
    return text


def track(filled: int, total: int, on: str, off: str, style: str) -> Text:
    text = Text(on * filled, style=style)
    text.append(off * max(0, total - filled), style="dim")
    return text


class CardSlot(Static):
    """A hand card; clicking it picks the first option that names it."""

    DEFAULT_CSS = "CardSlot { height: 1; width: 1fr; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.card_id: str | None = None

    def on_click(self) -> None:
        board = next((a for a in self.ancestors if isinstance(a, MaeshoweBoard)), None)
        if board is not None and self.card_id:
            board.pick_card(self.card_id)


class PilePanel(Static):
    """The bottom panel; a click shows the next pile."""

    def on_click(self) -> None:
        board = next((a for a in self.ancestors if isinstance(a, MaeshoweBoard)), None)
        if board is not None:
            board.action_cycle_panel()


class MaeshoweBoard(BoardView):
    can_focus = True
    BINDINGS = [Binding("d", "cycle_panel", "Deck/discards")]
    DEFAULT_CSS = """
    MaeshoweBoard > VerticalScroll { height: 1fr; }
    MaeshoweBoard Static { width: 1fr; }
    MaeshoweBoard #mh-hands { height: auto; }
    MaeshoweBoard .mh-hand { height: auto; width: 1fr; }
    MaeshoweBoard .mh-hand-title { height: 1; }
    MaeshoweBoard #mh-panel { height: auto; min-height: 2; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._view: dict[str, Any] | None = None
        self._decision: Decision | None = None
        self._viewer: int | None = None
        self._panel = 0  # 0: unseen cards, 1..n: discard pile of seat panel-1

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="mh-status")
            yield Static(id="mh-row")
            with Horizontal(id="mh-hands"):
                for seat in range(2):
                    with Vertical(classes="mh-hand", id=f"mh-hand-{seat}"):
                        yield Static(classes="mh-hand-title", id=f"mh-title-{seat}")
                        for i in range(MAX_SLOTS):
                            yield CardSlot(id=f"mh-card-{seat}-{i}")
            yield Static(id="mh-info")
            yield PilePanel(id="mh-panel")

    def on_mount(self) -> None:
        if self._view is not None:
            self._redraw()

    # ---- the contract with the frame ---------------------------------------------------

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        self._view, self._decision, self._viewer = view, decision, viewer
        if self.is_mounted:
            self._redraw()

    def pick_card(self, card_id: str) -> None:
        decision = self._decision
        if decision is None or (self._viewer is not None and decision.seat != self._viewer):
            return
        for option in decision.options:
            if option.target == card_id:
                self.pick(option.id)
                return

    def action_cycle_panel(self) -> None:
        if self._view is None:
            return
        self._panel = (self._panel + 1) % (1 + self._view["players"])
        self._redraw()

    # ---- drawing -------------------------------------------------------------------------

    def _targets(self) -> set[str]:
        d = self._decision
        if d is None or (self._viewer is not None and d.seat != self._viewer):
            return set()
        return {o.target for o in d.options if o.target}

    def _redraw(self) -> None:
        view = self._view
        assert view is not None
        width = max(40, self.size.width or 80)
        self.query_one("#mh-status", Static).update(self._status(view))
        self.query_one("#mh-row", Static).update(self._row(view, width))
        self._hands(view, width)
        self.query_one("#mh-info", Static).update(self._info(view))
        self.query_one("#mh-panel", Static).update(self._panel_text(view))

    def _status(self, view: dict[str, Any]) -> Text:
        text = Text()
        n = view["players"]
        for seat in range(n):
            name = "Health" if n == 1 else f"P{seat + 1}"
            hp, mx = view["health"][seat], view["max_health"][seat]
            text.append(f"{name} ", style=SEAT_STYLE[seat] if n > 1 else "bold")
            text.append_text(track(hp, mx, "♥", "♡", "bold red"))
            text.append(f" {hp}/{mx}  ")
        text.append("Food ", style="bold")
        text.append_text(track(view["food"], view["max_food"], "●", "○", "bold yellow"))
        text.append(f" {view['food']}/{view['max_food']}  ")
        text.append("Passages ", style="bold")
        left, start = view["passages"], view["passages_start"]
        text.append_text(track(left, start, "▮", "▯", "bold cyan"))
        text.append(f" {left} left\n")
        text.append(f"Deck {view['deck_size']}", style="bold")
        if view["turns_left"] is not None:
            turns = view["turns_left"]
            said = ", ".join(f"P{s + 1}: {t}" if n > 1 else str(t) for s, t in enumerate(turns))
            text.append(f" (empty: turns left {said})", style="bold red")
        if n > 1:
            text.append(f"  Turn: P{view['turn'] + 1}", style=SEAT_STYLE[view["turn"]])
            if view["jarl"] is not None:
                text.append(f"  Jarl: P{view['jarl'] + 1}", style="bold yellow")
                if view["jarl_can_pass"]:
                    text.append(" (may pass)")
            if view["fear_of_the_dark"]:
                text.append("  Fear of the Dark", style="italic")
        mad = sum(view["mad_count"])
        if mad:
            text.append(f"  Went mad: {mad}×", style="magenta")
        if view["won"] is not None:
            text.append("  ESCAPED!" if view["won"] else "  LOST", style="bold reverse")
        return text

    def _row(self, view: dict[str, Any], width: int) -> Text:
        chain = view["chain"]
        text = Text("Chain ", style="bold")
        for rune in chain["runes"]:
            text.append_text(rune_tag(rune))
        text.append("·" * (chain["target"] - chain["count"]), style="dim")
        kind = chain["kind"]
        label = {"red": "one rune (R)", "blue": "one rune (B)", "mixed": "mixed", None: "none"}
        text.append(f" {chain['count']}/{chain['target']} {label.get(kind, kind)}")
        text.append(f"  sets done {chain['sets_done']}\n", style="dim")
        row = view["row"]
        text.append(f"Row ({len(row)}): ", style="bold")
        tail = Text()
        for card in reversed(row):
            token = card_token(card, card.get("as"))
            if tail.cell_len + token.cell_len + 12 > width:
                tail = Text("… ") + tail
                break
            tail = token + Text(" ") + tail
        text.append_text(tail if row else Text("empty", style="dim"))
        return text

    def _hands(self, view: dict[str, Any], width: int) -> None:
        n = view["players"]
        targets = self._targets()
        col = width if n == 1 else width // 2 - 1
        for seat in range(2):
            box = self.query_one(f"#mh-hand-{seat}", Vertical)
            box.display = seat < n
            if seat >= n:
                continue
            hand = view["hands"][seat]
            size = view["hand_sizes"][seat]
            title = Text("Your hand" if n == 1 else f"P{seat + 1} hand", style="bold")
            if n > 1:
                title.stylize(SEAT_STYLE[seat])
                if seat == view["turn"]:
                    title.append(" ◀ turn", style="bold")
            title.append(f" ({size})", style="dim")
            if hand is None:
                title.append(" hidden", style="italic")
            self.query_one(f"#mh-title-{seat}", Static).update(title)
            for i in range(MAX_SLOTS):
                slot = self.query_one(f"#mh-card-{seat}-{i}", CardSlot)
                if hand is not None and i < len(hand):
                    card = hand[i]
                    slot.card_id = card["id"]
                    slot.update(card_line(card, col, card["id"] in targets))
                    slot.display = True
                elif hand is None and i < size:
                    slot.card_id = None
                    slot.update(Text("  ▒▒▒ hidden card", style="dim"))
                    slot.display = True
                else:
                    slot.card_id = None
                    slot.display = False

    def _info(self, view: dict[str, Any]) -> Text:
        text = Text()
        if view["looking"]:
            text.append("Hope shows: ", style="bold")
            for card in view["looking"]:
                text.append_text(card_token(card))
                text.append(" ")
            text.append("(first is the top)\n")
        if view["known_top"]:
            text.append("Known on top: ", style="bold")
            for card in view["known_top"]:
                text.append_text(card_token(card))
                text.append(" ")
            text.append("\n")
        risks = view["viewer_mad_risks"]
        if risks:
            names = {
                c["id"]: f"{c['short']}[{RUNE_TAG[c['rune']]}]"
                for hand in view["hands"]
                if hand
                for c in hand
            }
            worst = risks[0]
            kept = ", ".join(names.get(cid, cid) for cid in worst["keep"])
            pct = round(100 * worst["odds"])
            text.append("⚠ Madness: ", style="bold magenta")
            if len(risks) == 1:
                text.append(f"keeping {kept} risks {pct}%")
            else:
                text.append(f"{len(risks)} ways to keep one rune; worst {pct}% ({kept})")
            text.append("\n")
        if view["won"] is False and view["end_reason"]:
            text.append(f"Lost: {view['end_reason']}\n", style="bold red")
        text.rstrip()
        return text

    def _panel_text(self, view: dict[str, Any]) -> Text:
        n = view["players"]
        panel = self._panel % (1 + n)
        if panel == 0:
            unseen = view["unseen"]
            where = "deck + hidden hand" if unseen["includes_hidden_hand"] else "deck"
            text = Text(f"Unseen cards ({where}, {unseen['count']}): ", style="bold")
            by_type: dict[str, list[tuple[str, int]]] = {}
            names: dict[str, str] = {}
            for entry in unseen["cards"]:
                by_type.setdefault(entry["type"], []).append((entry["rune"], entry["count"]))
                names[entry["type"]] = entry["name"]
            for i, (type_id, runes) in enumerate(by_type.items()):
                if i:
                    text.append(", ")
                text.append(names[type_id])
                for rune, count in runes:
                    text.append(" ")
                    text.append_text(rune_tag(rune))
                    text.append(f"×{count}")
        else:
            seat = panel - 1
            pile = view["discards"][seat]
            whose = "Discards" if n == 1 else f"P{seat + 1} discards"
            text = Text(f"{whose} ({len(pile)}): ", style="bold")
            if not pile:
                text.append("empty", style="dim")
            for i, card in enumerate(pile):
                if i:
                    text.append(" ")
                text.append_text(card_token(card))
        text.append("  [click or d: next pile]", style="dim")
        return text

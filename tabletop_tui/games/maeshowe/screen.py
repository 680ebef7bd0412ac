"""The Maeshowe board: tracks, the row with its Excavate chain, hands, deck and discards.

Every card shows its rune as a letter on a coloured tag (``R`` red, ``B`` blue, ``*`` both
for Horror, ``-`` none for Hope), its name, and both effects (``▶`` played, ``✗``
discarded). The board fits 78x16 cells: there the partner's hand takes one line and the
bottom panel shows one pile at a time (``d`` or a click shows the next). With more height
both hands are drawn in full, the whole row wraps and every pile is listed. Clicking a hand
card picks the first option for a card like it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tabletop_tui.ui.board import BoardView
from tabletop_tui.ui.common import fill_names

from .data import load_data

RUNE_TAG = {"red": "R", "blue": "B", "any": "*", "none": "-"}
RUNE_STYLE = {
    "red": "bold white on dark_red",
    "blue": "bold white on dark_blue",
    "any": "bold black on magenta",
    "none": "bold black on grey70",
}
SEAT_STYLE = ["bold red", "bold blue"]
MAX_SLOTS = 8
WIDE = 60  # from this width a card shows its effects in two aligned columns


def rune_tag(rune: str) -> Text:
    return Text(RUNE_TAG[rune], style=RUNE_STYLE[rune])


def card_token(card: dict[str, Any], rune: str | None = None) -> Text:
    """``R Excavate`` style token for rows and lists (the tag is coloured)."""
    text = rune_tag(rune or card["rune"])
    text.append(f" {card['short']}")
    return text


def card_line(card: dict[str, Any], width: int, marked: bool, note: str = "") -> Text:
    """One hand card: rune, name, then both effects, shortened to ``width`` cells."""
    text = Text()
    text.append("»" if marked else " ", style="bold yellow")
    text.append_text(rune_tag(card["rune"]))
    text.append(f" {card['short']:<9}", style="bold" if marked else "")
    if width >= WIDE:
        text.append(f" ▶ {card['play']:<22}", style="green")
        text.append(f" ✗ {card['discard']}", style="yellow")
    else:
        text.append(f" ▶{card['play']}", style="green")
        text.append(f" ✗{card['discard']}", style="yellow")
    if note:
        text.append(f"  {note}", style="bold reverse")
    text.truncate(width, overflow="ellipsis")
    return text


def track(filled: int, total: int, on: str, off: str, style: str) -> Text:
    text = Text(on * filled, style=style)
    text.append(off * max(0, total - filled), style="dim")
    return text


def counted(cards: list[dict[str, Any]]) -> Text:
    """Cards grouped by kind with a count per rune: ``Excavate R×3 B×2, Raven B×1``."""
    groups: dict[str, dict[str, int]] = {}
    for card in sorted(cards, key=lambda c: (c["short"], c["rune"])):
        runes = groups.setdefault(card["short"], {})
        runes[card["rune"]] = runes.get(card["rune"], 0) + card.get("count", 1)
    text = Text()
    for i, (name, runes) in enumerate(groups.items()):
        if i:
            text.append(", ")
        text.append(name)
        for rune, count in runes.items():
            text.append(" ")
            text.append_text(rune_tag(rune))
            text.append(f"×{count}")
    return text


def lines_of(text: Text, width: int) -> int:
    """Roughly how many lines ``text`` takes once wrapped at ``width``."""
    if not text.plain:
        return 0
    return sum(1 + max(0, len(line) - 1) // max(1, width) for line in text.plain.split("\n"))


def card_class(card: dict[str, Any]) -> tuple[str, str]:
    """Cards of one kind and rune are interchangeable: options name one of them."""
    return (card["type"], card["rune"])


class CardSlot(Static):
    """A hand card; clicking it picks the first option for a card like it."""

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
    MaeshoweBoard .mh-hand { height: auto; width: 1fr; }
    MaeshoweBoard .mh-hand-title { height: auto; }
    MaeshoweBoard #mh-panel { height: auto; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._panel = 0  # 0: the unseen cards, 1..n: the discard pile of seat panel-1
        self._all_piles = False  # every pile fits: the panel shows them all

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="mh-status")
            yield Static(id="mh-row")
            # Block 0 is the hand of the seat looking at the board, block 1 the partner's;
            # the madness warning and what Hope shows go with the first.
            for block in range(2):
                with Vertical(classes="mh-hand", id=f"mh-hand-{block}"):
                    yield Static(classes="mh-hand-title", id=f"mh-title-{block}")
                    for i in range(MAX_SLOTS):
                        yield CardSlot(id=f"mh-card-{block}-{i}")
                if block == 0:
                    yield Static(id="mh-info")
            yield PilePanel(id="mh-panel")
            yield Static(id="mh-ref")

    def pick_card(self, card_id: str) -> None:
        """Pick the first option naming this card, or else a card of the same kind and rune
        (options name one card of each kind)."""
        decision = self.decision
        if decision is None or self.view is None or not self.pickable(decision, self.viewer):
            return
        cards = {c["id"]: c for hand in self.view["hands"] if hand for c in hand}
        wanted = cards.get(card_id)
        for option in decision.options:
            target = cards.get(option.target or "")
            if option.target == card_id or (
                wanted and target and card_class(target) == card_class(wanted)
            ):
                self.pick(option.id)
                return

    def action_cycle_panel(self) -> None:
        if self.view is None:
            return
        self._panel = (self._panel + 1) % (1 + self.view["players"])
        self.redraw()

    # ---- drawing -------------------------------------------------------------------------

    def _who(self, seat: int) -> str:
        if self.view is not None and self.view["players"] == 1:
            return "You"
        return self.seat_name(seat)[:12]

    def _fill(self, text: str) -> str:
        names = [self._who(s) for s in range(2)]
        return fill_names(text, names)

    def _targets(self) -> set[tuple[str, str]]:
        """Kinds of card (type, rune) that some option of the viewer's decision names."""
        d, view = self.decision, self.view
        if view is None or not self.pickable(d, self.viewer):
            return set()
        cards = {c["id"]: c for hand in view["hands"] if hand for c in hand}
        return {card_class(cards[o.target]) for o in d.options if o.target in cards}

    def redraw(self) -> None:
        view = self.view
        assert view is not None
        width = max(40, self.size.width or 80)
        n = view["players"]
        main = self.viewer if self.viewer is not None else view["turn"]
        other = 1 - main if n == 2 else None
        status, info = self._status(view), self._info(view)
        row, row_full = self._row_tail(view, width), self._row(view)
        panel, piles = self._panel_text(view), self._all_piles_text(view)
        partner = self._hand_title(other, view, full=False) if other is not None else Text()
        ref = self._reference(view)
        # What 78x16 needs; then, as the height allows, the partner's hand in full, every
        # pile at once, the whole row and the card texts.
        used = sum(lines_of(t, width) for t in (status, row, info, panel))
        used += (
            1 + view["hand_sizes"][main] + (lines_of(partner, width) if other is not None else 0)
        )
        spare = (self.size.height or 16) - used
        if spare < 0:  # too short even for that: the chain joins the row's line
            row = self._row_tail(view, width, one_line=True)
            spare += 1

        def fits(extra: int) -> bool:
            nonlocal spare
            if extra > spare:
                return False
            spare -= extra
            return True

        full_partner = other is not None and fits(
            1 + view["hand_sizes"][other] - lines_of(partner, width)
        )
        self._all_piles = fits(lines_of(piles, width) - lines_of(panel, width))
        if fits(lines_of(row_full, width) - lines_of(row, width)):
            row = row_full
        ref_box = self.query_one("#mh-ref", Static)
        ref_box.display = fits(lines_of(ref, width))
        ref_box.update(ref)
        self.query_one("#mh-status", Static).update(status)
        self.query_one("#mh-row", Static).update(row)
        self._hand(0, main, view, width, full=True)
        self._hand(1, other, view, width, full=full_partner)
        info_box = self.query_one("#mh-info", Static)
        info_box.display = bool(info.plain)
        info_box.update(info)
        panel_box = self.query_one("#mh-panel", Static)
        panel_box.update(piles if self._all_piles else panel)
        # Still too short: the panel keeps what fits (its title and hint come first).
        panel_box.styles.max_height = max(1, lines_of(panel, width) + spare) if spare < 0 else None

    def _status(self, view: dict[str, Any]) -> Text:
        text = Text()
        n = view["players"]
        for seat in range(n):
            hp, mx = view["health"][seat], view["max_health"][seat]
            text.append(
                "Health " if n == 1 else f"{self._who(seat)} ",
                style="bold" if n == 1 else SEAT_STYLE[seat],
            )
            text.append_text(track(hp, mx, "♥", "♡", "bold red"))
            text.append(f" {hp}/{mx}  ")
        text.append("Food ", style="bold")
        text.append_text(track(view["food"], view["max_food"], "●", "○", "bold yellow"))
        text.append(f" {view['food']}/{view['max_food']}  ")
        text.append("Passages ", style="bold")
        left, start = view["passages"], view["passages_start"]
        text.append_text(track(left, start, "▮", "▯", "bold cyan"))
        text.append(f" {left} left\n")
        turns = view["turns_left"]
        if turns is None:
            text.append(f"Deck {view['deck_size']}", style="bold")
        elif n == 1:
            said = "1 turn" if turns[0] == 1 else f"{turns[0]} turns"
            text.append(f"Deck empty: {said} left", style="bold red")
        else:
            said = ", ".join(f"{self._who(s)} {t}" for s, t in enumerate(turns))
            text.append(f"Deck empty: turns left {said}", style="bold red")
        if n > 1:
            turn = view["turn"]
            text.append("  Turn: ")
            text.append(self._who(turn), style=SEAT_STYLE[turn])
            if view["jarl"] is not None:
                text.append(f"  Jarl: {self._who(view['jarl'])}", style="bold yellow")
                if view["jarl_can_pass"]:
                    text.append(" (may pass)")
            if view["fear_of_the_dark"]:
                text.append("  Fear of the Dark", style="italic")
        for seat, times in enumerate(view["mad_count"]):
            if times:
                who = "" if n == 1 else f" {self._who(seat)}"
                text.append(f"  Went mad{who}: {times}×", style="magenta")
        if view["won"] is not None:
            text.append("  ESCAPED!" if view["won"] else "  LOST", style="bold reverse")
        return text

    def _chain(self, view: dict[str, Any], short: bool = False) -> Text:
        chain = view["chain"]
        text = Text("Chain " if short else "Excavate chain ", style="bold")
        for rune in chain["runes"]:
            text.append_text(rune_tag(rune))
        text.append("·" * (chain["target"] - chain["count"]), style="dim")
        text.append(f" {chain['count']}/{chain['target']}  ")
        kind = chain["kind"]
        if short:
            text.append("" if kind is None else "mixed" if kind == "mixed" else "one rune")
            text.rstrip()
        elif kind is None:
            text.append("4 in a row clear a passage, 2 if all one rune", style="dim")
        elif kind == "mixed":
            last = chain["count"] == chain["target"] - 1
            text.append("next Excavate clears 1 passage" if last else "mixed: this set clears 1")
        elif chain["count"] == chain["target"] - 1:
            text.append("next: ")
            text.append_text(rune_tag(kind))
            text.append(" clears 2 passages, ")
            text.append_text(rune_tag("blue" if kind == "red" else "red"))
            text.append(" clears 1")
        else:
            text.append("all ")
            text.append_text(rune_tag(kind))
            text.append(" so far: keep to ")
            text.append_text(rune_tag(kind))
            text.append(" to clear 2 passages")
        return text

    def _row_start(self, view: dict[str, Any], one_line: bool = False) -> Text:
        text = self._chain(view, short=one_line)
        text.append(" │ " if one_line else "\n")
        text.append(f"Row ({len(view['row'])}): ", style="bold")
        if not view["row"]:
            text.append("empty", style="dim")
        return text

    def _row(self, view: dict[str, Any]) -> Text:
        """The chain, then the whole row, oldest card first."""
        text = self._row_start(view)
        for i, card in enumerate(view["row"]):
            if i:
                text.append(" ")
            text.append_text(card_token(card, card.get("as")))
        return text

    def _row_tail(self, view: dict[str, Any], width: int, one_line: bool = False) -> Text:
        """The chain, then as much of the row's newest end as one line holds (the line of
        the chain too when ``one_line``)."""
        text = self._row_start(view, one_line)
        room = width - len(text.plain.rsplit("\n", 1)[-1]) - 2
        tail = Text()
        for card in reversed(view["row"]):
            token = card_token(card, card.get("as"))
            if tail.cell_len + token.cell_len + 1 > room:
                tail = Text("… ") + tail
                break
            tail = token + Text(" ") + tail
        text.append_text(tail)
        return text

    def _hand_title(self, seat: int, view: dict[str, Any], full: bool) -> Text:
        """The title of a hand; when not drawn in full, the cards follow on the same line."""
        n = view["players"]
        hand = view["hands"][seat]
        size = view["hand_sizes"][seat]
        title = Text("Your hand" if n == 1 else f"{self._who(seat)}'s hand", style="bold")
        if n > 1:
            title.stylize(SEAT_STYLE[seat])
            if seat == view["turn"]:
                title.append(" ◀ turn", style="bold")
        title.append(f" ({size})", style="dim")
        if hand is None:
            title.append(": " + "▒ " * size + "hidden", style="italic")
        elif not full:
            title.append(": ")
            for i, card in enumerate(hand):
                if i:
                    title.append(", ")
                title.append_text(card_token(card))
        return title

    def _hand(
        self, block: int, seat: int | None, view: dict[str, Any], width: int, full: bool
    ) -> None:
        box = self.query_one(f"#mh-hand-{block}", Vertical)
        box.display = seat is not None
        if seat is None:
            return
        hand = view["hands"][seat]
        title = self._hand_title(seat, view, full)
        if full and hand and block == 0:
            title.append("   ▶ played  ✗ discarded", style="dim")
        self.query_one(f"#mh-title-{block}", Static).update(title)
        targets = self._targets() if block == 0 else set()
        received = view.get("received")
        for i in range(MAX_SLOTS):
            slot = self.query_one(f"#mh-card-{block}-{i}", CardSlot)
            if full and hand is not None and i < len(hand):
                card = hand[i]
                slot.card_id = card["id"]
                note = "received" if card["id"] == received else ""
                slot.update(card_line(card, width, card_class(card) in targets, note))
                slot.display = True
            else:
                slot.card_id = None
                slot.display = False

    def _madness(self, view: dict[str, Any]) -> Text | None:
        """The odds of going mad, one figure per rune the kept cards could share."""
        risks = view["viewer_mad_risks"]
        if not risks:
            return None
        worst: dict[str, float] = {}
        for risk in risks:
            worst[risk["rune"]] = max(worst.get(risk["rune"], 0.0), risk["odds"])
        draw = risks[0]["draw"]
        text = Text("⚠ Madness: ", style="bold magenta")
        for i, (rune, odds) in enumerate(sorted(worst.items(), key=lambda r: -r[1])):
            text.append("keep only " if i == 0 else ", only ")
            text.append_text(rune_tag(rune))
            text.append(" cards → ")
            pct = round(100 * odds)
            text.append("<1%" if odds and not pct else f"{pct}%", style="bold")
        if draw == 0:
            text.append(" (five kept, nothing drawn)")
        elif draw == 1:
            text.append(" if the card drawn matches (−1 health and max)")
        else:
            text.append(f" if the {draw} drawn match (−1 health and max)")
        return text

    def _info(self, view: dict[str, Any]) -> Text:
        lines: list[Text] = []
        if view["looking"]:
            text = Text("Hope shows: ", style="bold")
            for card in view["looking"]:
                text.append_text(card_token(card))
                text.append(" ")
            text.append("(the first is the top card)")
            lines.append(text)
        if view["known_top"]:
            text = Text("Known on top of the deck: ", style="bold")
            for card in view["known_top"]:
                text.append_text(card_token(card))
                text.append(" ")
            lines.append(text)
        madness = self._madness(view)
        if madness is not None:
            lines.append(madness)
        if view["won"] is not None:
            reason = self._fill(view["end_reason"])
            if view["won"]:
                lines.append(Text(f"Escaped: {reason}!", style="bold green"))
            else:
                lines.append(Text(f"Lost: {reason}.", style="bold red"))
        return Text("\n").join(lines)

    def _reference(self, view: dict[str, Any]) -> Text:
        """Every kind of card in this game with both effects in full (when there is room)."""
        places = [view["row"], view["known_top"], view["looking"], view["unseen"]["cards"]]
        places += [h for h in view["hands"] if h] + view["discards"]
        kinds = {c["type"] for cards in places for c in cards}
        text = Text("\nThe cards", style="bold")
        for t in sorted(
            (t for t in load_data().cards.cards if t.id in kinds), key=lambda t: t.name
        ):
            text.append(f"\n{t.name}: ", style="bold")
            text.append(f"▶ {t.play_text} ", style="green")
            text.append(f"✗ {t.discard_text}", style="yellow")
        return text

    def _pile(self, view: dict[str, Any], panel: int, hint: str = "") -> Text:
        """One pile's title (then ``hint``) and its cards, counted by kind."""
        n = view["players"]
        if panel == 0:
            unseen = view["unseen"]
            where = "Deck"
            if unseen["includes_hidden_hand"]:
                hidden = [s for s in range(n) if view["hands"][s] is None]
                where += "".join(f" + {self._who(s)}'s hand" for s in hidden)
            if view["known_top"]:
                where += " below the known cards"
            text = Text(f"{where}, unseen ({unseen['count']})", style="bold")
            text.append(hint, style="dim")
            text.append(": ")
            if not unseen["cards"]:
                text.append("none", style="dim")
            text.append_text(counted(unseen["cards"]))
            return text
        seat = panel - 1
        pile = view["discards"][seat]
        whose = "Your discards" if n == 1 else f"{self._who(seat)}'s discards"
        text = Text(f"{whose} ({len(pile)})", style="bold")
        text.append(hint, style="dim")
        text.append(": ")
        if not pile:
            text.append("empty", style="dim")
        text.append_text(counted(pile))
        return text

    def _all_piles_text(self, view: dict[str, Any]) -> Text:
        return Text("\n").join(self._pile(view, p) for p in range(1 + view["players"]))

    def _panel_text(self, view: dict[str, Any]) -> Text:
        count = 1 + view["players"]
        panel = self._panel % count
        nxt = (panel + 1) % count
        if nxt == 0:
            label = "the deck"
        else:
            label = "your discards" if count == 2 else f"{self._who(nxt - 1)}'s discards"
        return self._pile(view, panel, f" [d or click: {label}]")

"""The Mesos board: offer track, turn order, the two rows, every tribe and an inspector.

Every card is a short token whose letter says its type (colour repeats it): ``H2b`` is an
Era II Hunter with a bow, ``B1-2/3`` a Builder with a 2-food discount and 3 PP, ``S3**`` a
Shaman with two stars, ``I1:rope`` an Inventor with the rope icon, ``!Hunt2`` an Event and
``#Name`` a Building. The Events this round's end resolves follow an ``at end:`` mark.
A card that one of your options takes carries that option's number. Clicking such a card
picks it; clicking any other card, or moving through the options (``highlight``), shows it
in full in the inspector line. Each tribe takes three lines, two or one, whichever the height allows.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from tabletop_tui.ui.board import BoardView

from .data import CHAR_TYPES, ERA_NAME, TYPE_LETTER

TYPE_STYLE = {
    "hunter": "bold red",
    "builder": "bold yellow",
    "gatherer": "bold green",
    "artist": "bold magenta",
    "inventor": "bold cyan",
    "shaman": "bold blue",
    "event": "bold black on yellow",
    "building": "bold white on dark_green",
}
EVENT_SHORT = {
    "hunt": "Hunt",
    "sustenance": "Sust",
    "shamanic_ritual": "Ritl",
    "cave_paintings": "Cave",
}
SEAT_STYLE = ["bold red", "bold blue", "bold green", "bold magenta", "bold yellow"]
LEGEND = (
    "H Hunter(b bow) B Builder(-discount/PP) G Gatherer A Artist I Inventor:icon "
    "S Shaman(*stars) !Event #Building(cost,PP); digit = era; →N = projected score; "
    "at end: Events this round resolves"
)


def token(card: dict[str, Any], owned: bool = False) -> str:
    """The short text of a card (no markup). A Building in a tribe shows its PP only."""
    kind = card["kind"]
    if kind == "event":
        era = "F" if card.get("final") else str(card["era"])
        return f"!{EVENT_SHORT[card['type']]}{era}"
    if kind == "building":
        if owned:
            return f"#{card['short_name']}({card['pp']}P)"
        return f"#{card['short_name']}({card['cost']}f,{card['pp']}P)"
    t = card["type"]
    base = f"{TYPE_LETTER[t]}{card['era']}"
    if t == "hunter":
        return base + ("b" if card["bow"] else "")
    if t == "builder":
        return f"{base}-{card['discount']}/{card['end_pp']}"
    if t == "inventor":
        # Four letters: "bow" would read as a Hunter's bow, "bowl" does not.
        return f"{base}:{card['invention'][:4]}"
    if t == "shaman":
        return base + "*" * card["stars"]
    return base


def card_style(card: dict[str, Any]) -> str:
    kind = card["kind"]
    return TYPE_STYLE[
        "event" if kind == "event" else "building" if kind == "building" else card["type"]
    ]


@lru_cache(maxsize=4096)
def _cells(markup: str) -> int:
    """Cells a piece of markup takes on screen (pieces repeat from one redraw to the next)."""
    return Content.from_markup(markup).cell_length


class CardLine(Static):
    """A block of board text whose card tokens can be clicked."""

    def __init__(self, board: MesosBoard, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self._board = board

    def action_card(self, cid: str) -> None:
        self._board.card_clicked(cid)


class MesosBoard(BoardView):
    """Draws a Mesos view; never computes a rule (all numbers come from the view)."""

    DEFAULT_CSS = """
    MesosBoard { layout: vertical; }
    MesosBoard > VerticalScroll { height: 1fr; scrollbar-size-vertical: 1; }
    MesosBoard CardLine { width: 1fr; height: auto; }
    MesosBoard #m-inspector {
        dock: bottom;
        height: auto;
        max-height: 3;
        background: $boost;
    }
    MesosBoard #m-tribes { margin-top: 0; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.focused_card: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield CardLine(self, id="m-status")
            yield CardLine(self, id="m-rows")
            yield CardLine(self, id="m-tribes")
        yield CardLine(self, id="m-inspector")

    # ---- the frame's entry point ----------------------------------------------------------

    # ---- interaction ----------------------------------------------------------------------

    def card_clicked(self, cid: str) -> None:
        oid = self._option_for(cid)
        self.focused_card = cid
        if oid is not None:
            self.pick(oid)
        self.redraw()

    def inspect(self, cid: str | None) -> None:
        """Show ``cid`` in full in the inspector (None: the legend)."""
        self.focused_card = cid
        if self.view is not None:
            self._draw_inspector()

    def highlight(self, option_id: str | None) -> None:
        """Inspect the card (or tile) of the option the decision panel highlights; with
        none highlighted the inspector keeps what it shows."""
        d = self.decision
        if d is None or option_id is None:
            return
        target = next((o.target for o in d.options if o.id == option_id), None)
        if target:
            self.inspect(target)

    def _option_for(self, target: str) -> str | None:
        if not self.pickable(self.decision, self.viewer):
            return None
        return self.option_for_target(self.decision, target)

    def _number_for(self, target: str) -> int | None:
        d = self.decision
        if not self.pickable(d, self.viewer) or d is None:
            return None
        for i, opt in enumerate(d.options):
            if opt.target == target:
                return i + 1
        return None

    # ---- drawing --------------------------------------------------------------------------

    def redraw(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        head = self._status(v) + "\n" + self._track(v)
        rows = self._rows(v)
        self.query_one("#m-status", CardLine).update(head)
        self.query_one("#m-rows", CardLine).update(rows)
        room = self.size.height - head.count("\n") - rows.count("\n") - 2 - 2  # + inspector
        self.query_one("#m-tribes", CardLine).update(self._tribes(v, room))
        self._draw_inspector()

    def _pack(self, pieces: list[str], indent: int = 3) -> str:
        """Lay markup pieces out in lines that fit the board's width, breaking only between
        pieces and indenting the lines that continue one."""
        width = max(24, self.size.width - 1)
        lines: list[str] = []
        line, used = "", 0
        for piece in pieces:
            size = _cells(piece)
            if line and used + 1 + size > width:
                lines.append(line)
                line, used = " " * indent + piece, indent + size
            elif line:
                line, used = f"{line} {piece}", used + 1 + size
            else:
                line, used = piece, size
        lines.append(line)
        return "\n".join(lines)

    def _seat(self, seat: int | None, short: bool = False) -> str:
        if seat is None:
            return "[dim]·[/]"
        name = self.seat_name(seat)
        text = f"{seat + 1}" if short else f"{seat + 1} {name}"
        return f"[{SEAT_STYLE[seat % 5]}]{escape(text)}[/]"

    def _card(self, card: dict[str, Any], owned: bool = False) -> str:
        cid = card["id"]
        num = self._number_for(cid)
        text = escape(token(card, owned))
        style = card_style(card)
        if cid == self.focused_card:
            style += " underline"
        mark = f"[bold reverse]{num}[/]" if num is not None else ""
        return f"{mark}[{style} @click=card('{cid}')]{text}[/]"

    def _status(self, v: dict[str, Any]) -> str:
        deck = v["deck"]
        left = " ".join(f"{ERA_NAME[int(e)]}:{deck[e]}" for e in ("1", "2", "3"))
        pieces = [f"[b]R{v['round']}/{v['rounds']}[/]"]
        if v.get("final_round"):
            pieces.append("[b reverse]last round[/]")
        pieces += [f"Era {ERA_NAME[v['era']]} ·", f"Deck {left} F:{deck['final']} ·", "Order"]
        for sp in v["turn_order"]:
            bonus = "last" if sp["last"] else f"+{sp['food']}" if sp["food"] else "0"
            pieces.append(f"{bonus}={self._seat(sp['seat'], short=True)}")
        return self._pack(pieces)

    def _track(self, v: dict[str, Any]) -> str:
        pieces = ["Offers"]
        acting = v.get("acting") or {}
        for t in v["tiles"]:
            target = f"tile:{t['letter']}"
            num = self._number_for(target)
            mark = f"[bold reverse]{num}[/]" if num is not None else ""
            what = t["label"].replace(" food", "f").replace(" top", "▲").replace(" bottom", "▼")
            what = escape(what.replace(" + ", ""))
            who = self._seat(t["totem"], short=True)
            style = "bold" if acting.get("tile") == t["letter"] else ""
            head = f"[{style}]{t['letter']}[/]" if style else t["letter"]
            pieces.append(f"{mark}[@click=card('{target}')]{head} {what}[/]({who})")
        return self._pack(pieces)

    def _row(
        self,
        label: str,
        cards: list[dict[str, Any]],
        buildings: list[dict[str, Any]],
        at_end: list[str],
    ) -> str:
        pieces = [f"[b]{label}[/]"]
        pieces += [self._card(c) for c in cards if c["kind"] != "event"] or [
            "[dim]no Characters[/]"
        ]
        events = [self._card(c) for c in cards if c["kind"] == "event"]
        if events:
            if any(c["id"] in at_end for c in cards):
                events[0] = "[b]at end:[/] " + events[0]
            pieces += [" [dim]·[/]", *events]
        if buildings:
            pieces += [" [dim]|[/]", *(self._card(b) for b in buildings)]
        return self._pack(pieces, indent=6)

    def _rows(self, v: dict[str, Any]) -> str:
        at_end = v.get("events_at_end") or []
        lines = [
            self._row("Top ▲", v["top"], v["top_buildings"], at_end),
            self._row("Bot ▼", v["bottom"], v["bottom_buildings"], at_end),
        ]
        later: list[str] = ["[dim]Later Buildings[/]"]
        for era, pile in (v.get("upcoming_buildings") or {}).items():
            sep = "· " if len(later) > 1 else ""
            if isinstance(pile, list):
                later.append(f"{sep}{ERA_NAME[int(era)]}:")
                later += [self._card(b) for b in pile]
            else:
                later.append(f"{sep}{ERA_NAME[int(era)]}: {pile['face_down']} face down")
        if len(later) > 1:
            lines.append(self._pack(later, indent=6))
        return "\n".join(lines)

    def _tribes(self, v: dict[str, Any], room: int) -> str:
        """Every tribe in the richest layout that fits in ``room`` lines: three lines each
        (cards grouped by type, Buildings and end scoring), two, or one line of counts."""
        text = ""
        for per in (3, 2, 1):
            text = "\n".join(self._tribe(v, t, per) for t in v["tribes"])
            if text.count("\n") < room:
                break
        return text

    def _tribe(self, v: dict[str, Any], t: dict[str, Any], per: int) -> str:
        seat = t["seat"]
        arrow = "▶" if seat == (v.get("acting") or {}).get("seat") else " "
        you = "*" if seat == self.viewer else ""
        head = [
            f"{arrow}{self._seat(seat)}{you}",
            f"[b]{t['food']}f {t['pp']}PP[/]",
            f"→[b]{t['projected']}[/]",
        ]
        by_type: dict[str, list[dict[str, Any]]] = {k: [] for k in CHAR_TYPES}
        for c in t["characters"]:
            by_type[c["type"]].append(c)
        blds = [self._card(b, owned=True) for b in t["buildings"]]
        if per == 1:
            groups = [self._count(k, by_type[k], t) for k in CHAR_TYPES if by_type[k]]
            return self._pack(head + groups + blds)
        head.append(
            f" [dim]stars {t['stars']} · discount {t['discount']} · eats "
            f"{t['sustenance_need']} · icons {len(t['inventions'])}[/]"
        )
        cards: list[str] = []
        for k in CHAR_TYPES:
            if by_type[k]:
                cards += ["[dim]│[/]"] if cards else []
                cards += [self._card(c) for c in by_type[k]]
        lines = [self._pack(head + (blds if per == 2 else [])), self._pack(["  ", *cards])]
        if not cards:
            lines[1] = "   [dim]no Characters[/]"
        scoring = ", ".join(f"{lbl} {pts}" for lbl, pts in t["end_scoring"] if pts)
        extra = blds + ([f"[dim]end: {escape(scoring)}[/]"] if scoring else [])
        if per == 3 and extra:
            lines.append(self._pack(["  ", *extra]))
        return "\n".join(lines)

    @staticmethod
    def _count(kind: str, cards: list[dict[str, Any]], t: dict[str, Any]) -> str:
        """A type's count with what matters about it, e.g. ``S3(5*)`` or ``H2(1b)``."""
        extra = ""
        if kind == "shaman":
            extra = f"({sum(c['stars'] for c in cards)}*)"
        elif kind == "inventor":
            extra = f"({len(t['inventions'])}i)"
        elif kind == "hunter":
            bows = sum(1 for c in cards if c["bow"])
            extra = f"({bows}b)" if bows else ""
        elif kind == "builder":
            extra = f"(-{t['discount']})"
        return f"[{TYPE_STYLE[kind]}]{TYPE_LETTER[kind]}{len(cards)}[/]{extra}"

    def _find(self, cid: str) -> dict[str, Any] | None:
        v = self.view or {}
        pools = [v.get("top", []), v.get("bottom", []), v.get("top_buildings", [])]
        pools.append(v.get("bottom_buildings", []))
        for pile in (v.get("upcoming_buildings") or {}).values():
            if isinstance(pile, list):
                pools.append(pile)
        for t in v.get("tribes", []):
            pools.extend([t["characters"], t["buildings"]])
        for pool in pools:
            for c in pool:
                if c["id"] == cid:
                    return c
        return None

    def _draw_inspector(self) -> None:
        insp = self.query_one("#m-inspector", CardLine)
        cid = self.focused_card
        v = self.view or {}
        if cid and cid.startswith("tile:"):
            letter = cid.split(":", 1)[1]
            tile = next((t for t in v.get("tiles", []) if t["letter"] == letter), None)
            if tile is not None:
                text = f"Offer tile {letter}: {tile['label']}. Actions run left to right; "
                text += "the totem then returns to the first free Turn Order space."
                insp.update(escape(text))
                return
        card = self._find(cid) if cid else None
        if card is None:
            insp.update(escape(LEGEND))
            return
        text = f"{token(card)} — {card['text']}"
        cost = (v.get("viewer_costs") or {}).get(card["id"])
        if cost is not None:
            text += f" You would pay {cost} food."
        insp.update(
            f"[{card_style(card)}]{escape(token(card))}[/] " + escape(text[len(token(card)) + 1 :])
        )

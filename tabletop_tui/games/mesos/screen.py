"""The Mesos board: offer track, turn order, the two rows, every tribe and an inspector.

Every card is a short token whose letter says its type (colour repeats it): ``H2b`` is an
Era II Hunter with a bow, ``B1-2/3`` a Builder with a 2-food discount and 3 PP, ``S3**`` a
Shaman with two stars, ``I1:rop`` an Inventor with the rope icon, ``!Hunt2`` an Event and
``#Name`` a Building. A card that one of your options takes carries that option's number.
Clicking such a card picks it; clicking any other card, or moving through the options,
shows it in full in the inspector line.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Static

from tabletop_tui.engine.core import Decision
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
    "S Shaman(*stars) !Event #Building(cost,PP); digit = era; →N = projected score"
)


def token(card: dict[str, Any]) -> str:
    """The short text of a card (no markup)."""
    kind = card["kind"]
    if kind == "event":
        era = "F" if card.get("final") else str(card["era"])
        return f"!{EVENT_SHORT[card['type']]}{era}"
    if kind == "building":
        return f"#{card['short_name']}({card['cost']}f,{card['pp']}P)"
    t = card["type"]
    base = f"{TYPE_LETTER[t]}{card['era']}"
    if t == "hunter":
        return base + ("b" if card["bow"] else "")
    if t == "builder":
        return f"{base}-{card['discount']}/{card['end_pp']}"
    if t == "inventor":
        return f"{base}:{card['invention'][:3]}"
    if t == "shaman":
        return base + "*" * card["stars"]
    return base


def card_style(card: dict[str, Any]) -> str:
    kind = card["kind"]
    return TYPE_STYLE[
        "event" if kind == "event" else "building" if kind == "building" else card["type"]
    ]


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
        self.view: dict[str, Any] | None = None
        self.decision: Decision | None = None
        self.viewer: int | None = None
        self.focused_card: str | None = None
        self._watched = False

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield CardLine(self, id="m-status")
            yield CardLine(self, id="m-track")
            yield CardLine(self, id="m-rows")
            yield CardLine(self, id="m-tribes")
        yield CardLine(self, id="m-inspector")

    # ---- the frame's entry point ----------------------------------------------------------

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        self.view, self.decision, self.viewer = view, decision, viewer
        self._follow_options()
        self.refresh_board()

    def on_resize(self) -> None:
        if self.view is not None:
            self.refresh_board()

    # ---- interaction ----------------------------------------------------------------------

    def card_clicked(self, cid: str) -> None:
        oid = self._option_for(cid)
        self.focused_card = cid
        if oid is not None:
            self.pick(oid)
        self.refresh_board()

    def inspect(self, cid: str | None) -> None:
        """Show ``cid`` in full in the inspector (None: the legend)."""
        self.focused_card = cid
        if self.view is not None:
            self._draw_inspector()

    def _follow_options(self) -> None:
        """Inspect the card under the decision panel's highlight, when there is a panel."""
        if self._watched or not self.is_mounted:
            return
        try:
            from textual.widgets import OptionList

            olist = self.screen.query_one("#options", OptionList)
        except Exception:  # no frame around the board (a standalone test, a replay)
            return
        self._watched = True
        self.watch(olist, "highlighted", self._highlighted, init=False)

    def _highlighted(self, index: int | None) -> None:
        d = self.decision
        if d is None or index is None or not 0 <= index < len(d.options):
            return
        target = d.options[index].target
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

    @property
    def wide(self) -> bool:
        """Room for every tribe's cards grouped by type (about 3 lines per tribe)."""
        players = (self.view or {}).get("players", 5)
        return self.size.width >= 70 and self.size.height >= 8 + 3 * players

    def refresh_board(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        self.query_one("#m-status", CardLine).update(self._status(v))
        self.query_one("#m-track", CardLine).update(self._track(v))
        self.query_one("#m-rows", CardLine).update(self._rows(v))
        self.query_one("#m-tribes", CardLine).update(self._tribes(v))
        self._draw_inspector()

    def _seat(self, seat: int | None, short: bool = False) -> str:
        if seat is None:
            return "[dim]·[/]"
        name = self.seat_name(seat)
        text = f"{seat + 1}" if short else f"{seat + 1} {name}"
        return f"[{SEAT_STYLE[seat % 5]}]{escape(text)}[/]"

    def _card(self, card: dict[str, Any]) -> str:
        cid = card["id"]
        num = self._number_for(cid)
        text = escape(token(card))
        style = card_style(card)
        if cid == self.focused_card:
            style += " underline"
        mark = f"[bold reverse]{num}[/]" if num is not None else ""
        return f"{mark}[{style} @click=card('{cid}')]{text}[/]"

    def _status(self, v: dict[str, Any]) -> str:
        deck = v["deck"]
        left = " ".join(f"{ERA_NAME[int(e)]}:{deck[e]}" for e in ("1", "2", "3"))
        order = []
        for sp in v["turn_order"]:
            bonus = "last" if sp["last"] else f"+{sp['food']}" if sp["food"] else "0"
            order.append(f"{bonus}={self._seat(sp['seat'], short=True)}")
        return (
            f"[b]R{v['round']}/{v['rounds']}[/] Era {ERA_NAME[v['era']]} · "
            f"Deck {left} F:{deck['final']} · Order " + " ".join(order)
        )

    def _track(self, v: dict[str, Any]) -> str:
        parts = []
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
            parts.append(f"{mark}[@click=card('{target}')]{head} {what}[/]({who})")
        return "Offers " + " ".join(parts)

    def _row(self, label: str, cards: list[dict[str, Any]], buildings: list[dict[str, Any]]) -> str:
        chars = [self._card(c) for c in cards if c["kind"] != "event"]
        events = [self._card(c) for c in cards if c["kind"] == "event"]
        line = f"[b]{label}[/] " + (" ".join(chars) or "[dim]no Characters[/]")
        if events:
            line += "  [dim]·[/] " + " ".join(events)
        if buildings:
            line += "  [dim]|[/] " + " ".join(self._card(b) for b in buildings)
        return line

    def _rows(self, v: dict[str, Any]) -> str:
        lines = [
            self._row("Top ▲", v["top"], v["top_buildings"]),
            self._row("Bot ▼", v["bottom"], v["bottom_buildings"]),
        ]
        up = v.get("upcoming_buildings") or {}
        later = []
        for era, pile in up.items():
            if isinstance(pile, list):
                later.append(f"{ERA_NAME[int(era)]}: " + " ".join(self._card(b) for b in pile))
            else:
                later.append(f"{ERA_NAME[int(era)]}: {pile['face_down']} face down")
        if later and (self.wide or v.get("expert")):
            lines.append("[dim]Later Buildings[/] " + " · ".join(later))
        return "\n".join(lines)

    def _tribes(self, v: dict[str, Any]) -> str:
        acting = (v.get("acting") or {}).get("seat")
        out = []
        for t in v["tribes"]:
            seat = t["seat"]
            arrow = "▶" if seat == acting else " "
            you = "*" if seat == self.viewer else ""
            head = (
                f"{arrow}{self._seat(seat)}{you} [b]{t['food']}f {t['pp']}PP[/] "
                f"→[b]{t['projected']}[/]"
            )
            counts = t["counts"]
            by_type: dict[str, list[dict[str, Any]]] = {k: [] for k in CHAR_TYPES}
            for c in t["characters"]:
                by_type[c["type"]].append(c)
            if self.wide:
                out.append(
                    head + f"  [dim]stars {t['stars']} · discount {t['discount']} · feeds "
                    f"{t['sustenance_need']} · icons {len(t['inventions'])}[/]"
                )
                groups = [
                    " ".join(self._card(c) for c in by_type[k]) for k in CHAR_TYPES if by_type[k]
                ]
                out.append("   " + (" [dim]│[/] ".join(groups) or "[dim]no Characters[/]"))
                extra = [self._card(b) for b in t["buildings"]]
                scoring = ", ".join(f"{lbl} {pts}" for lbl, pts in t["end_scoring"] if pts)
                if scoring:
                    extra.append(f"[dim]end: {escape(scoring)}[/]")
                if extra:
                    out.append("   " + " ".join(extra))
            else:
                groups = []
                for k in CHAR_TYPES:
                    n = counts[k]
                    if not n:
                        continue
                    extra = ""
                    if k == "shaman":
                        extra = f"({sum(c['stars'] for c in by_type[k])}*)"
                    elif k == "inventor":
                        extra = f"({len(t['inventions'])}i)"
                    elif k == "hunter":
                        bows = sum(1 for c in by_type[k] if c["bow"])
                        extra = f"({bows}b)" if bows else ""
                    elif k == "builder":
                        extra = f"(-{t['discount']})"
                    groups.append(f"[{TYPE_STYLE[k]}]{TYPE_LETTER[k]}{n}[/]{extra}")
                blds = " ".join(self._card(b) for b in t["buildings"])
                out.append(f"{head} " + " ".join(groups) + (f" {blds}" if blds else ""))
        return "\n".join(out)

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
        if card["kind"] == "building" and self.viewer is not None:
            mine = v["tribes"][self.viewer]
            cost = max(0, card["cost"] - mine["discount"])
            text += f" You would pay {cost} food."
        insp.update(
            f"[{card_style(card)}]{escape(token(card))}[/] " + escape(text[len(token(card)) + 1 :])
        )

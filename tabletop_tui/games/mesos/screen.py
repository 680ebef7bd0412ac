"""The Mesos board in words: offer tiles, turn order, the two rows, every tribe.

Every card says its type and name in words with its numbers labelled (``Builder −2 food,
3 PP``, ``Inventor Leather``, ``Shaman ★★``), the offer tiles and the turn order read as
short phrases with the totem's owner by name, and each tribe is its piles of cards by type
with counts and the score it would end with now. The board picks the richest of a few
layouts that fits its size: cards drawn as boxes and tribes as piles of boxes on large
terminals, one line of words per card group at 80x24 (where the board scrolls, also with
``b``). The frame's inspector explains the highlighted option's card, tile or space, and any
element clicked that is not an option. Every sentence comes from the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from tabletop_tui.engine.core import Option
from tabletop_tui.ui.board import BoardText, BoardView
from tabletop_tui.ui.kit import (
    CardFace,
    box_height,
    click,
    fit,
    flow,
    flow_lines,
    kept_card_box,
    pack,
    pack_height,
)

from .data import CHAR_TYPES, ERA_NAME, EVENT_NAME, TYPE_NAME, invention_name
from .views import MesosView

TYPE_HUE = {
    "hunter": "red",
    "builder": "yellow",
    "gatherer": "green",
    "artist": "magenta",
    "inventor": "cyan",
    "shaman": "blue",
    "event": "orange",
    "building": "brown",
}
LEGEND = (
    "Cards say their type and their numbers. Highlight an option or click a card, tile or "
    "tribe to read it here. The top row ▲ moves down at the end of the round; the bottom row "
    "▼ leaves, and its Events resolve first. 'End score' is what a tribe would score if the "
    "game ended now. The board scrolls (b or the mouse wheel)."
)
LEGEND_SHORT = (
    "Highlight an option or click a card, tile or tribe to read it here. 'end' is the score "
    "if the game ended now; b scrolls the board."
)
PASS_TEXT = "Take nothing: you keep your food and the card stays in the row."


@dataclass(frozen=True)
class Plan:
    """One layout. ``box``: cards as boxes of that many lines, ``per`` to a line (0: cards
    as words on lines); ``tribes``: ``"piles"`` of boxes, ``"two"`` lines or ``"one"`` line
    each; ``track``: offer tiles and turn order as ``"blocks"`` (what, then whose, under
    it) or ``"lines"``."""

    box: int
    per: int
    tribes: str
    track: str


MAX_BOX = 6  # the tallest card box a layout draws (in lines)
BOX_WEIGHT = {6: 6.0, 5: 5.0, 4: 4.0, 3: 3.0, 0: 0.0}
TRIBES_WEIGHT = {"piles": 3.0, "two": 2.0, "one": 0.0}


def plans(width: int) -> list[Plan]:
    """Every layout for ``width`` cells, richest first: taller and wider card boxes, tribes
    as piles, then the track as blocks, each worth a little less than the one before."""
    base = max(4, width // 22)
    out = [
        Plan(box, per, tribes, track)
        for box in (6, 5, 4, 3)
        for per in (base, base + 1)
        for tribes in ("piles", "two", "one")
        for track in ("blocks", "lines")
    ]
    out += [Plan(0, 0, "two", "lines"), Plan(0, 0, "one", "lines")]

    def worth(p: Plan) -> float:
        narrow = 0.5 if p.per > base else 0.0
        return BOX_WEIGHT[p.box] - narrow + TRIBES_WEIGHT[p.tribes] + 0.25 * (p.track == "blocks")

    return sorted(out, key=worth, reverse=True)


def hue_of(card: dict[str, Any]) -> str:
    kind = card["kind"]
    return TYPE_HUE[kind if kind in ("event", "building") else card["type"]]


def card_words(card: dict[str, Any], cost: int | None = None) -> str:
    """A card as a few words on one line: its type or name and its labelled numbers."""
    kind = card["kind"]
    if kind == "event":
        return card["name"]
    if kind == "building":
        pay = card["cost"] if cost is None else cost
        return f"{card['name']} ({pay} food, {card['pp']} PP)"
    t = card["type"]
    if t == "hunter":
        return "Hunter with bow" if card["bow"] else "Hunter"
    if t == "builder":
        return f"Builder −{card['discount']} food {card['end_pp']} PP"
    if t == "inventor":
        return f"Inventor {invention_name(card['invention'])}"
    if t == "shaman":
        return "Shaman " + "★" * card["stars"]
    return TYPE_NAME[t]


def pile_words(kind: str, cards: list[dict[str, Any]], tribe: dict[str, Any]) -> str:
    """What a tribe's pile of one type adds up to, in words."""
    n = len(cards)
    if kind == "hunter":
        bows = sum(1 for c in cards if c["bow"])
        return f"{bows} bow{'s' * (bows != 1)}" if bows else "no bow"
    if kind == "builder":
        return f"−{tribe['discount']} food, {sum(c['end_pp'] for c in cards)} PP"
    if kind == "gatherer":
        return f"{n} fed"
    if kind == "artist":
        return f"{n // 2} pair{'s' * (n // 2 != 1)}"
    if kind == "inventor":
        return ", ".join(invention_name(i) for i in tribe["inventions"])
    return f"{sum(c['stars'] for c in cards)} ★"


class MesosBoard(BoardView):
    """Draws a Mesos view; never computes a rule (all numbers come from the view)."""

    view: MesosView | None  # what ``update_board`` was given

    BINDINGS = [Binding("b", "scroll_board", "Scroll board", id="mesos.scroll_board")]

    DEFAULT_CSS = """
    MesosBoard > VerticalScroll { height: 1fr; scrollbar-size-vertical: 1; }
    /* At least as tall as the board's room: a board of fewer lines keeps its size, and a
       move redraws only the rows that changed (``BoardText``). */
    #m-board { min-height: 100%; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.plan: Plan | None = None
        self.clicked = False  # the inspector shows a clicked element, not the highlight

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="m-scroll"):
            yield BoardText(self, id="m-board")

    # ---- interaction ----------------------------------------------------------------------

    def action_scroll_board(self) -> None:
        """Page down through the board, and back to the top from its end."""
        scroll = self.query_one("#m-scroll", VerticalScroll)
        if scroll.scroll_y >= scroll.max_scroll_y:
            scroll.scroll_home(animate=False)
        else:
            scroll.scroll_page_down(animate=False)

    def highlight(self, option_id: str | None) -> None:
        """Mark the highlighted option's card or tile; with nothing highlighted (another seat
        decides) the inspector goes back to the legend unless the player clicked something."""
        before = self.highlighted
        super().highlight(option_id)
        mine = self.pickable(self.decision, self.viewer)
        if option_id is None and not mine and not self.clicked and self.inspected is not None:
            self.inspected = None
            self.post_message(self.Inspected(None))
        if option_id is not None:
            self.clicked = False
        if before != self.highlighted:
            self.request_redraw()

    def element_clicked(self, target: str) -> None:
        self.clicked = self.option_for(target) is None
        super().element_clicked(target)

    # ---- the inspector --------------------------------------------------------------------

    def legend(self) -> str:
        return LEGEND_SHORT if self.band() == "small" else LEGEND

    def describe_option(self, option: Option) -> str | Text | None:
        if option.id == "pass":
            return PASS_TEXT
        return super().describe_option(option)

    def describe(self, target: str) -> str | None:
        v = self.view
        if v is None:
            return None
        kind, _, rest = target.partition(":")
        if kind == "tile":
            return self._describe_tile(v, rest)
        if kind == "order" and rest.isdigit():
            space = v["turn_order"][int(rest)]
            who = space["seat"]
            there = f" {self.seat_name(who)}'s totem is here." if who is not None else ""
            return space["text"] + there
        if kind == "tribe" and rest.isdigit():
            return self._describe_tribe(v, int(rest))
        return self._describe_card(v, target)

    def _describe_tile(self, v: MesosView, letter: str) -> str | None:
        tile = next((t for t in v["tiles"] if t["letter"] == letter), None)
        if tile is None:
            return None
        who = tile["totem"]
        there = f"{self.seat_name(who)}'s totem is on it." if who is not None else "It is free."
        text = f"{tile['text']} {there}"
        if self.band() != "small":
            for row in ("top", "bottom"):
                if tile[row]:
                    text += " " + self._in_reach(v, row)
            text += (
                " The tiles act from left to right; then the totem returns to the first free "
                "Turn Order space."
            )
        return text

    def _in_reach(self, v: MesosView, row: str) -> str:
        """What a row offers now, with what its Buildings would cost the viewer."""
        chars = sum(1 for c in v[row] if c["kind"] == "character")
        costs = v.get("viewer_costs") or {}
        blds = [f"{b['name']} {costs.get(b['id'], b['cost'])} food" for b in v[f"{row}_buildings"]]
        text = f"The {row} row holds {chars} Character{'s' * (chars != 1)}"
        return text + (f" and {', '.join(blds)}." if blds else ".")

    def _describe_tribe(self, v: MesosView, seat: int) -> str | None:
        t = next((t for t in v["tribes"] if t["seat"] == seat), None)
        if t is None:
            return None
        cards = len(t["characters"])
        parts = [
            f"{self.seat_name(seat)}'s tribe: {cards} Character{'s' * (cards != 1)}, "
            f"{t['food']} food and {t['pp']} PP now.",
            f"Rituals count {t['stars']} star{'s' * (t['stars'] != 1)}; a Sustenance asks "
            f"{t['sustenance_need']} food; Buildings cost {t['discount']} food less.",
        ]
        if t["inventions"]:
            names = ", ".join(invention_name(i) for i in t["inventions"])
            parts.append(f"Inventions: {names}.")
        if t["buildings"]:
            parts.append("Buildings: " + ", ".join(b["name"] for b in t["buildings"]) + ".")
        scoring = ", ".join(f"{label} {pts}" for label, pts in t["end_scoring"] if pts)
        parts.append(
            f"If the game ended now: {t['projected']} PP"
            + (f" ({t['pp']} earned; {scoring})." if scoring else ".")
        )
        return " ".join(parts)

    def _describe_card(self, v: MesosView, cid: str) -> str | None:
        found = self._find(v, cid)
        if found is None:
            return None
        card, where = found
        text = card["text"]
        cost = (v.get("viewer_costs") or {}).get(cid)
        if cost is not None and where in ("top", "bottom"):
            text = f"You would pay {cost} food. {text}"
        if card["kind"] == "event" and cid in (v.get("events_at_end") or []):
            text += " It resolves at the end of this round."
        small = self.band() == "small"  # two inspector lines: what it does comes first
        if where == "top" and not small:
            text += " In the top row: it moves down at the end of the round."
        elif where == "bottom" and not small:
            text += " In the bottom row: it leaves at the end of the round."
        elif where.startswith("tribe:"):
            text += f" In {self.seat_name(int(where[6:]))}'s tribe."
        elif where.startswith("later:"):
            text += f" It comes up with Era {ERA_NAME[int(where[6:])]}."
        return text

    @staticmethod
    def _find(v: MesosView, cid: str) -> tuple[dict[str, Any], str] | None:
        """The card ``cid`` in the view and where it is (``top``, ``tribe:2``...)."""
        pools: list[tuple[str, list[dict[str, Any]]]] = [
            ("top", v.get("top", []) + v.get("top_buildings", [])),
            ("bottom", v.get("bottom", []) + v.get("bottom_buildings", [])),
        ]
        for era, pile in (v.get("upcoming_buildings") or {}).items():
            if isinstance(pile, list):
                pools.append((f"later:{era}", pile))
        for t in v.get("tribes", []):
            pools.append((f"tribe:{t['seat']}", t["characters"] + t["buildings"]))
        for where, pool in pools:
            for c in pool:
                if c["id"] == cid:
                    return c, where
        return None

    # ---- drawing --------------------------------------------------------------------------

    def redraw(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        width = max(30, self.size.width - 1)
        lines, self.plan = self.fitted(v, width, max(1, self.size.height))
        self.query_one("#m-board", BoardText).update(lines)

    def fitted(self, v: MesosView, width: int, height: int) -> tuple[list[Text], Plan]:
        """The richest layout that fits ``height`` lines (the leanest one if none does:
        the board then scrolls). The boxed rows and the tribes are counted, not drawn, for
        the layouts tried; each other section is drawn once per variant."""
        cache: dict[tuple[str, Any], list[Text]] = {}

        def part(key: tuple[str, Any], draw: Any) -> list[Text]:
            if key not in cache:
                cache[key] = draw()
            return cache[key]

        needs: dict[tuple[str, int], int] = {}
        measured: dict[tuple[str, int], tuple[int, int]] = {}
        tribes_tall: dict[tuple[str, bool, bool], int] = {}
        lines: list[Text] = []
        plan = Plan(0, 0, "one", "lines")
        for plan in plans(width):
            track = part(("track", plan.track), lambda p=plan: self._track(v, p, width))
            # Boxed rows are measured without drawing them: only the chosen ones are drawn.
            if plan.box:
                tall = len(track) + self._rows_height(v, plan, width, needs, measured)
            else:
                tall = len(track) + len(part(("rows", 0), lambda p=plan: self._rows(v, p, width)))
            if tall >= height and plan.box:
                continue
            # The tribes too are counted, and drawn only for the layout chosen.
            key = (plan.tribes, plan.box >= 5, bool(plan.box))
            if key not in tribes_tall:
                tribes_tall[key] = self._tribes_height(v, plan, width)
            rest = part(("rest", None), lambda: self._still_to_come(v, width))
            if tall + tribes_tall[key] + len(rest) <= height:
                break
        rows = part(("rows", (plan.box, plan.per)), lambda: self._rows(v, plan, width))
        lines = track + rows + self._tribes(v, plan, width) + rest
        if len(lines) > height:
            # Too tall even at its leanest: say how to reach the rest.
            at = len(track) + len(rows)
            hint = Text().append("Tribes", style="bold")
            hint.append("  (end = score if the game ended now) · ", style=self.palette.muted())
            hint.append("b scrolls", style=self.palette.accent())
            lines[at] = fit(hint, width)
        return lines, plan

    def _rows_height(
        self,
        v: MesosView,
        plan: Plan,
        width: int,
        needs: dict[tuple[str, int], int],
        measured: dict[tuple[str, int], tuple[int, int]] | None = None,
    ) -> int:
        """The lines ``_rows_boxed`` takes for ``plan``, counted without drawing a box.
        A row is measured once per box width (``per``, kept in ``measured``): the layouts
        tried differ mostly in box height, which only caps the tallest box's need."""
        measured = {} if measured is None else measured
        total = 0
        for row in ("top", "bottom"):
            key = (row, plan.per)
            if key not in measured:
                faces, tallest = self._row_faces(v, row, MAX_BOX, plan.per, width, needs)
                measured[key] = (flow_lines([fw for _, fw in faces], width), tallest)
            boxes, tallest = measured[key]
            total += 1 + (boxes * min(plan.box, tallest) if boxes else 1)
        return total

    def _row_faces(
        self,
        v: MesosView,
        row: str,
        height: int,
        per: int,
        width: int,
        needs: dict[tuple[str, int], int] | None = None,
    ) -> tuple[list[tuple[CardFace, int]], int]:
        """A row's card faces with their box widths, and the boxes' common height."""
        w = (width + 1) // per - 1
        chars, events, buildings, _ = self._row_groups(v, row)
        faces = [(self._face(v, c), w) for c in chars + events]
        faces += [(self._face(v, b), 2 * w + 1) for b in buildings]
        needs = {} if needs is None else needs
        for face, fw in faces:
            key = (face.target or "", fw)
            if key not in needs:
                needs[key] = box_height(face, fw, self.palette)
        tall = min(height, max((needs[(f.target or "", fw)] for f, fw in faces), default=3))
        return faces, tall

    def board_lines(self, v: MesosView, plan: Plan, width: int) -> list[Text]:
        """The whole board drawn to ``plan`` in ``width`` cells."""
        return (
            self._track(v, plan, width)
            + self._rows(v, plan, width)
            + self._tribes(v, plan, width)
            + self._still_to_come(v, width)
        )

    def _track(self, v: MesosView, plan: Plan, width: int) -> list[Text]:
        if plan.track == "blocks":
            return self._track_blocks(v, width)
        return self._track_lines(v, width)

    def _rows(self, v: MesosView, plan: Plan, width: int) -> list[Text]:
        if plan.box:
            return self._rows_boxed(v, plan.box, plan.per, width)
        return self._rows_lines(v, width)

    # ---- pieces ---------------------------------------------------------------------------

    def _seat_text(self, seat: int | None, *, you: bool = True, empty: str = "free") -> Text:
        if seat is None:
            return Text(empty, style=self.palette.muted())
        name = self.seat_name(seat)
        if you and seat == self.viewer:
            name += " (you)"
        return Text(name, style=self.palette.seat(seat))

    def _badged(self, target: str, body: Text) -> Text:
        out = Text()
        badge = self.badge(target)
        if badge.cell_len:
            out.append_text(badge)  # the badge's reverse video stays on its digits
            out.append(" ")
        out.append_text(body)
        return click(out, target)

    def _title(self, text: str) -> Text:
        return Text(text, style="bold")

    # ---- offer tiles and turn order ------------------------------------------------------

    def _tile_text(self, v: MesosView, tile: dict[str, Any], owner: bool = True) -> Text:
        acting = (v.get("acting") or {}).get("tile") == tile["letter"]
        # The tile acting now: a mark and the accent, never the colour alone.
        body = Text().append(
            f"▶{tile['letter']}: " if acting else f"{tile['letter']}: ",
            style=self.palette.accent() if acting else "bold",
        )
        body.append(tile["words"])
        if self.is_highlighted(f"tile:{tile['letter']}"):
            body.stylize("reverse" if self.palette.plain else "underline")
        if owner and tile["totem"] is not None:
            body.append(" — ")
            body.append_text(self._seat_text(tile["totem"]))
        return self._badged(f"tile:{tile['letter']}", body)

    @staticmethod
    def _order_gap(v: MesosView) -> str:
        """What an empty Turn Order space says: while totems are placed, its totem has
        gone to a tile; later, no totem has come back to it yet."""
        return "on a tile" if v.get("phase") == "place" else "empty"

    def _track_lines(self, v: MesosView, width: int) -> list[Text]:
        pieces: list[Text] = []
        head = Text()
        if v.get("final_round"):
            head.append("Last round! ", style=self.palette.accent())
        head.append("Offers", style="bold")
        for i, tile in enumerate(v["tiles"]):
            piece = self._tile_text(v, tile)
            if i == 0:
                piece = head.copy().append(" ").append_text(piece)
            pieces.append(piece)
        lines = pack(pieces, width, indent=7, sep=" · ")
        order: list[Text] = []
        for i, space in enumerate(v["turn_order"]):
            piece = Text(space["words"] + ": ")
            piece.append_text(self._seat_text(space["seat"], empty=self._order_gap(v)))
            click(piece, f"order:{i}")
            if i == 0:
                piece = Text().append("Order  ", style="bold").append_text(piece)
            order.append(piece)
        return lines + pack(order, width, indent=7, sep=" · ")

    def _track_blocks(self, v: MesosView, width: int) -> list[Text]:
        """Tiles and Turn Order spaces as two-line blocks: what it gives, whose totem."""
        title = Text().append("OFFER TILES", style="bold")
        if v.get("final_round"):
            title.append("  Last round!", style=self.palette.accent())
        title.append("  act from left to right", style=self.palette.muted())
        tiles = [
            [
                self._tile_text(v, t, owner=False),
                click(Text("  ").append_text(self._seat_text(t["totem"])), f"tile:{t['letter']}"),
            ]
            for t in v["tiles"]
        ]
        order_title = Text().append("TURN ORDER", style="bold")
        order_title.append("  where totems return; next round's order", style=self.palette.muted())
        spaces = [
            [
                click(Text(space["words"]), f"order:{i}"),
                click(self._seat_text(space["seat"], empty=self._order_gap(v)), f"order:{i}"),
            ]
            for i, space in enumerate(v["turn_order"])
        ]
        return [
            fit(title, width),
            *flow(tiles, width, gap=3),
            fit(order_title, width),
            *flow(spaces, width, gap=3),
        ]

    # ---- the rows -------------------------------------------------------------------------

    def _cost(self, v: MesosView, card: dict[str, Any]) -> int | None:
        return (v.get("viewer_costs") or {}).get(card["id"])

    def _card_piece(self, v: MesosView, card: dict[str, Any]) -> Text:
        style = self.palette.hue(hue_of(card))
        body = Text(card_words(card, self._cost(v, card)), style=style)
        if self.is_highlighted(card["id"]):
            body.stylize("reverse" if self.palette.plain else "underline")
        return self._badged(card["id"], body)

    def _row_groups(self, v: MesosView, row: str) -> tuple[list, list, list, bool]:
        cards = v[row]
        chars = [c for c in cards if c["kind"] != "event"]
        events = [c for c in cards if c["kind"] == "event"]
        at_end = set(v.get("events_at_end") or [])
        resolving = any(c["id"] in at_end for c in events)
        return chars, events, v[f"{row}_buildings"], resolving

    def _rows_lines(self, v: MesosView, width: int) -> list[Text]:
        lines: list[Text] = []
        for row, label in (("top", "Top ▲  "), ("bottom", "Bottom▼")):
            chars, events, buildings, resolving = self._row_groups(v, row)
            pieces: list[Text] = [self._card_piece(v, c) for c in chars]
            if not pieces:
                pieces.append(Text("no Characters", style=self.palette.muted()))
            pieces[0] = Text().append(label + " ", style="bold").append_text(pieces[0])
            for group, name in (
                (events, "Events at round end: " if resolving else "Events: "),
                (buildings, "Buildings: "),
            ):
                for i, card in enumerate(group):
                    piece = self._card_piece(v, card)
                    if i == 0:
                        piece = Text().append(name, style="bold").append_text(piece)
                    pieces.append(piece)
            lines += pack(pieces, width, indent=8, sep=" · ")
        return lines

    def _face(self, v: MesosView, card: dict[str, Any]) -> CardFace:
        kind = card["kind"]
        hue = hue_of(card)
        if kind == "event":
            name = EVENT_NAME[card["type"]]
            return CardFace(
                name, tuple(card["facts"]), card["era_label"], hue=hue, target=card["id"]
            )
        if kind == "building":
            cost = self._cost(v, card)
            lines = list(card["facts"])
            if cost is not None and cost != card["cost"]:
                lines[0] = f"you pay {cost} food · {card['pp']} PP"
            return CardFace(card["name"], tuple(lines), "Building", hue=hue, target=card["id"])
        # A Character's era changes nothing it does: the inspector names it.
        return CardFace(TYPE_NAME[card["type"]], tuple(card["facts"]), hue=hue, target=card["id"])

    def _box(self, face: CardFace, width: int, height: int) -> list[Text]:
        target = face.target or ""
        badge = self.number_for(target)
        room = width - 6 - (len(str(badge)) + 1 if badge is not None else 0)
        if face.corner and len(face.title) + len(face.corner) + 2 > room:
            # No room in the border: the corner's fact goes last inside.
            lines = (*face.lines, face.corner)
            face = CardFace(face.title, lines, "", face.symbol, face.hue, face.target)
        return list(
            kept_card_box(face, width, self.palette, height, badge, self.is_highlighted(target))
        )

    def _rows_boxed(self, v: MesosView, height: int, per: int, width: int) -> list[Text]:
        lines: list[Text] = []
        titles = {
            "top": "TOP ROW ▲  moves down at the end of the round",
            "bottom": "BOTTOM ROW ▼  leaves at the end of the round",
        }
        for row in ("top", "bottom"):
            chars, events, buildings, resolving = self._row_groups(v, row)
            title = Text().append(titles[row], style="bold")
            if resolving:
                title.append(" · its Events resolve first", style=self.palette.accent())
            lines.append(fit(title, width))
            faces, tall = self._row_faces(v, row, height, per, width)
            boxes = [self._box(f, fw, tall) for f, fw in faces]
            lines += flow(boxes, width) if boxes else [Text("  (empty)", self.palette.muted())]
        return lines

    # ---- the tribes -----------------------------------------------------------------------

    def _tribe_head(self, v: MesosView, t: dict[str, Any], short: bool) -> Text:
        seat = t["seat"]
        acting = seat == (v.get("acting") or {}).get("seat")
        head = Text().append("▶ " if acting else "  ", style=self.palette.accent())
        head.append_text(self._seat_text(seat))
        if short:
            head.append(f" {t['food']} food {t['pp']} PP end {t['projected']}")
        else:
            head.append(
                f"  {t['food']} food · {t['pp']} PP · {t['stars']} ★ · eats "
                f"{t['sustenance_need']} · end score {t['projected']}"
            )
        return click(head, f"tribe:{seat}")

    def _by_type(self, t: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
        groups: dict[str, list[dict[str, Any]]] = {k: [] for k in CHAR_TYPES}
        for c in t["characters"]:
            groups[c["type"]].append(c)
        return [(k, cards) for k, cards in groups.items() if cards]

    def _pile_text(self, kind: str, cards: list[dict[str, Any]], t: dict[str, Any]) -> Text:
        text = Text(f"{TYPE_NAME[kind]} ×{len(cards)}", style=self.palette.hue(TYPE_HUE[kind]))
        text.append(f" ({pile_words(kind, cards, t)})")
        return click(text, f"tribe:{t['seat']}")

    def _tribes(self, v: MesosView, plan: Plan, width: int) -> list[Text]:
        lines: list[Text] = []
        if plan.box:
            title = Text().append("TRIBES", style="bold")
            title.append(
                "  end score = what the tribe would score if the game ended now",
                style=self.palette.muted(),
            )
            lines.append(fit(title, width))
        else:
            title = Text().append("Tribes", style="bold")
            title.append("  (end = score if the game ended now)", style=self.palette.muted())
            lines.append(fit(title, width))
        for t in v["tribes"]:
            lines += self._tribe(v, t, plan, width)
        return lines

    def _tribes_height(self, v: MesosView, plan: Plan, width: int) -> int:
        """The lines ``_tribes`` takes for ``plan``, counted from the texts' plain words
        without drawing them: of the layouts tried, only the chosen one's are drawn."""
        return 1 + sum(self._tribe_height(t, plan, width) for t in v["tribes"])

    def _tribe_height(self, t: dict[str, Any], plan: Plan, width: int) -> int:
        """The lines ``_tribe`` takes, as ``_tribes_height`` counts them."""
        if plan.tribes == "one":
            return 1
        groups = self._by_type(t)
        if plan.tribes == "two":
            pieces = [
                f"{TYPE_NAME[k]} ×{len(cards)} ({pile_words(k, cards, t)})" for k, cards in groups
            ]
            pieces += [f"{b['name']} ({b['pp']} PP)" for b in t["buildings"]]
            pieces = pieces or ["no cards yet"]
            pieces[0] = "    " + pieces[0]
            return 1 + pack_height(pieces, width, indent=4, sep=" · ")
        widths = [
            max(14, len(f"{TYPE_NAME[k]} ×{len(cards)}") + 6, len(pile_words(k, cards, t)) + 4)
            for k, cards in groups
        ]
        widths += [max(16, len(b["name"]) + 6) for b in t["buildings"]]
        body = 3 * flow_lines(widths, width - 4) if widths else 1
        scoring = plan.box >= 5 and any(pts for _, pts in t["end_scoring"])
        return 1 + body + scoring

    def _tribe(self, v: MesosView, t: dict[str, Any], plan: Plan, width: int) -> list[Text]:
        groups = self._by_type(t)
        target = f"tribe:{t['seat']}"
        owned = [
            click(Text(f"{b['name']} ({b['pp']} PP)", style=self.palette.hue("brown")), target)
            for b in t["buildings"]
        ]
        if plan.tribes == "one":
            pieces: list[Text] = [self._tribe_head(v, t, short=True)]
            pieces += [
                click(
                    Text(f"{TYPE_NAME[k]}×{len(cards)}", style=self.palette.hue(TYPE_HUE[k])),
                    target,
                )
                for k, cards in groups
            ]
            if t["buildings"]:
                n = len(t["buildings"])
                pieces.append(click(Text(f"{n} Building{'s' * (n != 1)}"), target))
            line = Text(" ").join(pieces)
            return [fit(line, width)]
        head = self._tribe_head(v, t, short=False)
        if plan.tribes == "two":
            pieces = [self._pile_text(k, cards, t) for k, cards in groups] + owned
            if not pieces:
                pieces = [Text("no cards yet", style=self.palette.muted())]
            pieces[0] = Text("    ").append_text(pieces[0])
            return [fit(head, width), *pack(pieces, width, indent=4, sep=" · ")]
        boxes = []
        palette = self.palette
        for kind, cards in groups:
            face = CardFace(
                f"{TYPE_NAME[kind]} ×{len(cards)}",
                (pile_words(kind, cards, t),),
                hue=TYPE_HUE[kind],
                target=target,
            )
            box_width = max(14, len(face.title) + 6, len(face.lines[0]) + 4)
            boxes.append(list(kept_card_box(face, box_width, palette, 3)))
        for b in t["buildings"]:
            face = CardFace(b["name"], (f"{b['pp']} PP at the end",), hue="brown", target=target)
            boxes.append(list(kept_card_box(face, max(16, len(b["name"]) + 6), palette, 3)))
        body = flow(boxes, width - 4) if boxes else [Text("no cards yet", self.palette.muted())]
        lines = [fit(head, width)] + [Text("    ").append_text(r) for r in body]
        if plan.box >= 5:
            scoring = " · ".join(f"{label} {pts}" for label, pts in t["end_scoring"] if pts)
            if scoring:
                lines.append(fit(Text(f"    at the end: {scoring}", self.palette.muted()), width))
        return lines

    def _still_to_come(self, v: MesosView, width: int) -> list[Text]:
        deck = v["deck"]
        pieces = [
            Text(f"Era {ERA_NAME[int(e)]} deck {deck[e]}") for e in ("1", "2", "3") if deck[e]
        ]
        if deck.get("final"):
            pieces.append(Text(f"Final Events {deck['final']}"))
        for era, pile in (v.get("upcoming_buildings") or {}).items():
            name = ERA_NAME[int(era)]
            if isinstance(pile, list):
                for i, b in enumerate(pile):
                    piece = self._card_piece(v, b)
                    if i == 0:
                        piece = Text(f"Era {name} Buildings: ").append_text(piece)
                    pieces.append(piece)
            else:
                pieces.append(Text(f"Era {name} Buildings {pile['face_down']} face down"))
        if not pieces:
            return []
        pieces[0] = Text().append("Still to come: ", style="bold").append_text(pieces[0])
        return pack(pieces, width, indent=4, sep=" · ")

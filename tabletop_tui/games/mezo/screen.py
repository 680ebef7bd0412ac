"""The Mezo board: six regions in boxes, the gods on their vertices, tracks and tribes.

The regions sit in a 3x2 grid laid out like the printed ring (D A C over E B F; B, the
centre, touches them all). Each box shows per tribe the Warriors and Shamans as
``R2/1`` (tribe letter, Shamans/Warriors), Champions as ``♔R``, Glyphs as ``gR2`` and pyramid
heights as ``▲R3``; its bottom edge lists the vertices that touch it with the god standing
there. ``▶`` marks the region in conflict, ``✓`` a resolved one, ``☀`` the Blessed Region,
``×`` an Abandoned one. Modules: ``⌂R`` is red's City, ``◎`` after a region's letter the
Sacred Cenote; the Ritual, Prophecy and Tribe Power lines come under the tribes

(``module_screen``). Tribe letters carry their colour too, but never only the colour.
A bracketed number next to an element is the option that picks it; clicking picks it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Static

from tabletop_tui.engine.core import Decision
from tabletop_tui.ui.board import BoardView

from .module_screen import cenote_here, city_here, modules_markup

COLOUR_STYLE = {
    "red": "bold red",
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold blue",
}
# Where each region sits in the grid (row, column).
GRID = (("D", "A", "C"), ("E", "B", "F"))
PYR = {4: "base", 3: "large", 2: "medium", 1: "top"}


class Line:
    """A run of styled, maybe clickable text whose printed width is tracked."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0

    def add(self, text: str, style: str = "", click: str | None = None) -> Line:
        body = text.replace("[", "\\[")
        if click:
            style = f"{style} @click=target('{click}')".strip()
        self.parts.append(f"[{style}]{body}[/]" if style else body)
        self.width += len(text)
        return self

    def pad(self, width: int, fill: str = " ", style: str = "") -> Line:
        if self.width < width:
            self.add(fill * (width - self.width), style)
        return self

    def markup(self) -> str:
        return "".join(self.parts)


class Clickable(Static):
    """Board text whose elements call back into the board when clicked."""

    def __init__(self, board: MezoBoard, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self._board = board

    def action_target(self, target: str) -> None:
        self._board.clicked(target)


class MezoBoard(BoardView):
    """Draws a Mezo view; every number comes from the view, no rule is computed here."""

    DEFAULT_CSS = """
    MezoBoard { layout: vertical; }
    MezoBoard > VerticalScroll { height: 1fr; scrollbar-size-vertical: 1; }
    MezoBoard Clickable { width: 1fr; height: auto; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.view: dict[str, Any] | None = None
        self.decision: Decision | None = None
        self.viewer: int | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Clickable(self, id="mz-status")
            yield Clickable(self, id="mz-cards")
            yield Clickable(self, id="mz-solo")  # the Vengeful gods (solo only)
            yield Clickable(self, id="mz-map")
            yield Clickable(self, id="mz-tracks")
            yield Clickable(self, id="mz-tribes")
            # Ritual, Prophecy, Tribe Powers: last, so a crowded 80x24 board scrolls them first
            yield Clickable(self, id="mz-modules")

    def update_board(
        self, view: dict[str, Any], decision: Decision | None, viewer: int | None
    ) -> None:
        self.view, self.decision, self.viewer = view, decision, viewer
        self.refresh_board()

    def on_resize(self) -> None:
        if self.view is not None:
            self.refresh_board()

    # ---- interaction ----------------------------------------------------------------------

    def clicked(self, target: str) -> None:
        oid = self.option_for(target)
        if oid is not None:
            self.pick(oid)

    def option_for(self, target: str) -> str | None:
        if not self.pickable(self.decision, self.viewer):
            return None
        return self.option_for_target(self.decision, target)

    def number_for(self, target: str) -> int | None:
        d = self.decision
        if d is None or not self.pickable(d, self.viewer):
            return None
        for i, opt in enumerate(d.options):
            if opt.target == target:
                return i + 1
        return None

    # ---- drawing --------------------------------------------------------------------------

    @property
    def wide(self) -> bool:
        return self.size.width >= 110 and self.size.height >= 30

    def refresh_board(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        self.query_one("#mz-status", Clickable).update(self._status(v))
        self.query_one("#mz-map", Clickable).update(self._map(v))
        self.query_one("#mz-tracks", Clickable).update(self._tracks(v))
        self.query_one("#mz-tribes", Clickable).update(self._tribes(v))
        self.query_one("#mz-cards", Clickable).update(self._cards(v))
        solo = self.query_one("#mz-solo", Clickable)
        solo.display = "solo" in v
        if "solo" in v:
            from .solo_screen import panel

            solo.update(panel(self, v))
        mods = self.query_one("#mz-modules", Clickable)
        text = modules_markup(self, v)
        mods.display = bool(text)
        mods.update(text)

    def _tribe(self, v: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if seat is None:
            return None
        return v["tribes"][seat]

    def letter(self, v: dict[str, Any], seat: int) -> tuple[str, str]:
        """The tribe's letter and style (colour initial, else the seat number)."""
        if v["tribes"][seat].get("vengeful"):
            return "V", "bold magenta"  # the solo Vengeful gods
        col = v["tribes"][seat]["colour"]
        if col:
            return col[0].upper(), COLOUR_STYLE.get(col, "bold")
        return str(seat + 1), "bold"

    def _mark(self, line: Line, target: str) -> None:
        num = self.number_for(target)
        if num is not None:
            line.add(f"[{num}]", "bold reverse")

    def _status(self, v: dict[str, Any]) -> str:
        c = v["conflict"]
        line = Line().add(f"Age {v['age']}", "bold").add(f" · {v['phase']}")
        if c["region"]:
            reg = next(r for r in v["regions"] if r["id"] == c["region"])
            kind = " ☀ Blessed" if c["blessed"] else ""
            line.add(" · ▶ ").add(f"{reg['id']} {reg['name']}{kind}", "bold reverse")
        done = v["resolved_order"]
        if done:
            line.add(" · done " + ">".join(done))
        if self.wide:
            line.add(f" · stack {v['stack_size']}")
        if v["stack_known_top"]:
            line.add(" (next " + ",".join(v["stack_known_top"]) + ")")
        w = v["current_wrathful"]
        if w and not self.wide:
            line.add(" · Wrath ").add(w["name"], "bold magenta")
        text = line.markup()
        if w and self.wide:
            what = " ".join(
                x
                for x in (
                    w["per_unit"] and f"per unit {w['per_unit']}",
                    w["per_action"] and f"per SACRIFICE {w['per_action']}",
                )
                if x
            )
            text += f"\nWrathful god: [bold magenta]{escape(w['name'])}[/] ({escape(what)})"
        if c["turn_order"] and "solo" not in v:  # solo: Strength is on the Vengeful line
            order = Line().add("Turn order: ")
            for i, s in enumerate(c["turn_order"]):
                letter, style = self.letter(v, s)
                order.add(("" if i == 0 else " → ") + letter, style)
                order.add(f" {self.seat_name(s)}")
                if c["strength"] is not None:
                    order.add(f" ({c['strength'][s]}⚔)")
            text += "\n" + order.markup()
        return text

    def _box(self, v: dict[str, Any], reg: dict[str, Any], width: int, rows: int) -> list[Line]:
        inner = width - 2
        rid = reg["id"]
        target = f"region:{rid}"
        active = v["conflict"]["region"] == rid
        status = {"active": "▶", "resolved": "✓"}.get(reg["status"], "")
        border = "bold" if active else "dim" if not reg["in_play"] else ""
        title = Line().add("┌", border)
        self._mark(title, target)
        name = reg["name"] if self.wide else reg["name"][:10]
        head = f"{status}{rid}{'◎' if cenote_here(v, rid) else ''} {name}"
        if not reg["in_play"]:
            tag = " ×abandoned"
        elif reg["blessed"]:
            tag = " ☀BLESSED"
        else:
            tag = f" ◆{reg['altar']['name'].replace(' Altar', '')}" if reg["altar"] else ""
        room = inner - title.width + 1
        text = (head + tag)[:room]
        title.add(text, "bold" + (" reverse" if active else ""), click=target)
        title.pad(width - 1, "─", border).add("┐", border)
        lines = [title]
        body: list[Line] = []
        P = len(v["tribes"])
        if reg["in_play"]:
            units = Line()
            for s in range(P):
                sh, wa = reg["units"][s]
                if sh or wa:
                    letter, style = self.letter(v, s)
                    if units.width:
                        units.add(" ")
                    shamans, warriors = f"units:{rid}:{s}:S", f"units:{rid}:{s}:W"
                    units.add(letter, style, click=shamans)
                    if self.wide:
                        units.add(f" S{sh}", click=shamans).add(f" W{wa}", click=warriors)
                    else:
                        units.add(str(sh), click=shamans).add("/").add(str(wa), click=warriors)
            if not units.width:
                units.add("no units", "dim")
            body.append(units)
            pieces = Line()
            city = city_here(v, rid)
            if city is not None:
                letter, style = self.letter(v, city)
                pieces.add("⌂").add(letter, style).add(" ")
            for s in reg["champions"]:
                letter, style = self.letter(v, s)
                pieces.add("♔").add(letter, style).add(" ")
            for s in range(P):
                if reg["glyphs"][s]:
                    letter, style = self.letter(v, s)
                    pieces.add("g").add(letter, style).add(
                        f"{reg['glyphs'][s]} ", click=f"piece:{rid}:{s}:glyph"
                    )
            for s in range(P):
                if reg["pyramids"][s]:
                    letter, style = self.letter(v, s)
                    pieces.add("▲").add(letter, style).add(
                        f"{len(reg['pyramids'][s])} ", click=f"piece:{rid}:{s}:pyramid"
                    )
            body.append(pieces)
            if rows > 2:
                info = Line()
                if reg["blessed"]:
                    info.add("Blessed: 8 VP to the most Strength", "yellow")
                elif reg["altar"]:
                    info.add(f"{reg['altar']['name']}: {reg['altar']['text']}", "cyan")
                body.append(info)
            if rows > 3:
                stack = Line()
                for s in range(P):
                    if reg["pyramids"][s]:
                        letter, style = self.letter(v, s)
                        stack.add(letter, style).add(
                            ":" + "/".join(PYR[x][0].upper() for x in reg["pyramids"][s]) + " "
                        )
                body.append(stack)
        for i in range(rows):
            line = Line().add("│", border)
            if i < len(body):
                b = body[i]
                if b.width > inner:
                    plain = Line().add("".join(_strip(p) for p in b.parts)[: inner - 1] + "…")
                    b = plain
                line.parts.extend(b.parts)
                line.width += b.width
            line.pad(width - 1).add("│", border)
            lines.append(line)
        bottom = Line().add("└", border)
        for vx in v["vertices"]:
            if rid not in vx["regions"]:
                continue
            vt = f"vertex:{vx['id']}"
            self._mark(bottom, vt)
            if vx.get("vengeful"):
                from .solo_screen import vertex_mark

                bottom.add(vx["id"], click=vt)
                vertex_mark(self, v, vx, bottom)
                bottom.add("─", border)
            elif vx["god"] is not None:
                letter, style = self.letter(v, vx["god"])
                bottom.add(vx["id"], click=vt).add(letter, style + " reverse").add("─", border)
            else:
                bottom.add(vx["id"], "dim", click=vt).add("─", border)
        if bottom.width > width - 1:
            bottom = Line().add("└" + "─" * (width - 2), border)
        bottom.pad(width - 1, "─", border).add("┘", border)
        lines.append(bottom)
        return lines

    def _map(self, v: dict[str, Any]) -> str:
        avail = max(60, self.size.width - 2) if self.size.width else 78
        width = min(40, avail // 3)
        rows = 4 if self.wide else 2
        regions = {r["id"]: r for r in v["regions"]}
        out = []
        for grid_row in GRID:
            boxes = [self._box(v, regions[rid], width, rows) for rid in grid_row]
            for i in range(len(boxes[0])):
                out.append("".join(b[i].markup() for b in boxes))
        return "\n".join(out)

    def _tracks(self, v: dict[str, Any]) -> str:
        if not self.wide:
            return self._tracks_compact(v)
        lines = []
        for key, title in (("calendar", "Calendar"), ("codex", "Codex")):
            line = Line().add(f"{title:8} ", "bold")
            for sp in v[key]:
                target = f"space:{sp['id']}"
                self._mark(line, target)
                label = sp["name"] if self.wide else sp["id"][-1] + ":" + sp["name"][:5]
                if sp["unit"] is not None:
                    letter, style = self.letter(v, sp["unit"])
                    line.add(label, click=target).add("[").add(letter, style).add("] ")
                else:
                    line.add(label, "dim", click=target).add("[·] ")
            lines.append(line.markup())
        return "\n".join(lines)

    def _tribes(self, v: dict[str, Any]) -> str:
        out = []
        d = self.decision
        acting = d.seat if d is not None else None
        for t in v["tribes"]:
            s = t["seat"]
            if t.get("vengeful"):
                from .solo_screen import tribe_line

                out.append(tribe_line(self, v, t))
                continue
            letter, style = self.letter(v, s)
            line = Line().add("▶" if s == acting else " ")
            line.add(letter, style).add(f" {self.seat_name(s)}")
            if s == self.viewer:
                line.add("*")
            god = t["god"]["name"] if t["god"] else "—"
            line.add(f" {god}")
            if t["vertex"]:
                line.add(f"@{t['vertex']}")
            line.add(f" VP {t['vp']}", "bold").add(
                f" Dev {t['devotion']}({'I' * t['devotion_tier']})"
            )
            res, xib = t["reserve"], t["xibalba"]
            if self.wide:
                line.add(f" Reserve S{res[0]} W{res[1]} · Xibalba S{xib[0]} W{xib[1]}")
                line.add(f" · ♔{t['champions_in_reserve']} g{t['glyph_supply']}")
                sup = t["pyramid_supply"]
                line.add(" ▲" + "".join(f"{k[0].upper()}{n}" for k, n in sup.items()))
            else:
                line.add(f" Res {res[0]}/{res[1]} Xib {xib[0]}/{xib[1]}")
            if t["wrathful"][0] or t["wrathful"][1]:
                line.add(f" sacrificed {t['wrathful'][0]}/{t['wrathful'][1]}", "magenta")
            if t["offering"][0] or t["offering"][1]:
                line.add(f" offered {t['offering'][0]}/{t['offering'][1]}", "yellow")
            elif t["offer_pending"] is not None:
                line.add(
                    f" offering {t['offer_pending'][0]}/{t['offer_pending'][1]} (secret)", "yellow"
                )
            elif t["offer_chosen"]:
                line.add(" offering chosen", "yellow")
            if t["strength_tokens"]:
                line.add(f" +{t['strength_tokens']}⚔")
            abil = t["abilities"]
            if abil:
                names = (
                    ", ".join(a["name"] for a in abil)
                    if self.wide
                    else ",".join("".join(w[0] for w in a["name"].split()) for a in abil)
                )
                line.add(f" [{names}]", "cyan")
            out.append(line.markup())
        return "\n".join(out)

    def _tracks_compact(self, v: dict[str, Any]) -> str:
        """Both tracks on one line: space number and the tribe letter on it."""
        line = Line()
        for key, title in (("calendar", "Cal "), ("codex", " │ Cod ")):
            line.add(title, "bold")
            for sp in v[key]:
                target = f"space:{sp['id']}"
                self._mark(line, target)
                line.add(sp["id"][-1], click=target)
                if sp["unit"] is not None:
                    letter, style = self.letter(v, sp["unit"])
                    line.add(letter, style).add(" ")
                else:
                    line.add("· ", "dim")
        return line.markup()

    def _cards_compact(self, v: dict[str, Any]) -> str:
        """One line: each tribe's card name and its rows (✓ used); your rows are pickable."""
        line = Line()
        for t in v["tribes"]:
            s = t["seat"]
            if t["card"] is None and not t["has_card"]:
                continue
            letter, style = self.letter(v, s)
            if line.width:
                line.add(" │ ")
            line.add(letter, style)
            card = t["card"]
            if card is None:
                line.add(" face down", "dim")
                continue
            line.add(f" {card['name']} ", "bold")
            mine = s == self.viewer
            for o in card["options"]:
                target = f"cardopt:{o['key']}"
                if mine:
                    self._mark(line, target)
                used = "✓" if o["used"] else "·"
                click = target if mine else None
                line.add(f"{o['row']}{used}", "dim" if o["used"] else "", click=click)
        return line.markup()

    def _cards(self, v: dict[str, Any]) -> str:
        if not self.wide:
            return self._cards_compact(v)
        out = []
        for t in v["tribes"]:
            card = t["card"]
            s = t["seat"]
            if card is None:
                if t["has_card"]:
                    letter, style = self.letter(v, s)
                    out.append(Line().add(letter, style).add(" God card face down", "dim").markup())
                continue
            letter, style = self.letter(v, s)
            line = Line().add(letter, style).add(f" {card['name']}: ", "bold")
            full = self.wide or s == self.viewer
            for o in card["options"]:
                target = f"cardopt:{o['key']}"
                if s == self.viewer:
                    self._mark(line, target)
                mark = "✓" if o["used"] else "·"
                text = f"{o['row']}{mark} {o['text']}" if full else f"{o['row']}{mark}"
                line.add(
                    text + "  ",
                    "dim strike" if o["used"] else "",
                    click=target if s == self.viewer else None,
                )
            out.append(line.markup())
        return "\n".join(out)


def _strip(markup: str) -> str:
    """The plain text of one part built by ``Line.add``."""
    if markup.startswith("[") and "]" in markup and markup.endswith("[/]"):
        body = markup[markup.index("]") + 1 : -3]
    else:
        body = markup
    return body.replace("\\[", "[")

"""The Mezo board: six regions in boxes, the gods on their vertices, tracks and tribes.

The regions sit in a 3x2 grid laid out like the printed ring (D A C over E B F; B, the
centre, touches them all). Each box shows per tribe the Warriors and Shamans as
``R2/1`` (tribe letter, Shamans/Warriors), Champions as ``♔R``, Glyphs as ``gR2`` and pyramid
heights as ``▲R3``; its bottom edge lists the vertices that touch it with the god standing
there. ``▶`` marks the region in conflict, ``✓`` a resolved one, ``☀`` the Blessed Region,
``×`` an Abandoned one. Modules: ``⌂R`` is red's City, ``◎`` after a region's letter the
Sacred Cenote; the Ritual, Prophecy and Tribe Power lines come under the tribes

(``module_screen``). Tribe letters carry their colour too, but never only the colour.
A bracketed number next to an element is the option that picks it; clicking picks it. The
option the decision panel highlights reads ``›3‹`` instead of ``[3]``.
"""

from __future__ import annotations

import textwrap
from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tabletop_tui.ui.board import BoardView

from .lines import Line, _strip
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
ORDER = "①②③④⑤⑥"  # turn positions in a conflict


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
        self._status_width = 0
        self._wrath_shown = False
        self.highlighted: str | None = None  # the option the decision panel highlights

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Clickable(self, id="mz-status")
            yield Clickable(self, id="mz-solo")  # the Vengeful gods (solo only)
            yield Clickable(self, id="mz-map")
            yield Clickable(self, id="mz-tracks")
            yield Clickable(self, id="mz-cards")  # the conflict: turn order, Strength, cards
            yield Clickable(self, id="mz-tribes")
            # Ritual, Prophecy, Tribe Powers: last, so a crowded 80x24 board scrolls them first
            yield Clickable(self, id="mz-modules")

    # ---- interaction ----------------------------------------------------------------------

    def clicked(self, target: str) -> None:
        oid = self.option_for(target)
        if oid is not None:
            self.pick(oid)

    def highlight(self, option_id: str | None) -> None:
        if option_id != self.highlighted:
            self.highlighted = option_id
            self.redraw()

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
        """A full-width board on a big terminal: full names and texts across."""
        return self.size.width >= 110 and self.size.height >= 30

    @property
    def tall(self) -> bool:
        """Room for detailed boxes and a line per card (80x38 beside the side column)."""
        return self.size.height >= 30

    @property
    def cols(self) -> int:
        """Usable width: the board's, less a column for the scrollbar."""
        return max(60, self.size.width - 1) if self.size.width else 78

    def redraw(self) -> None:
        v = self.view
        if v is None or not self.is_mounted:
            return
        texts: dict[str, str] = {
            "status": self._status(v),
            "cards": self._cards(v),
            "solo": "",
            "tracks": self._tracks(v),
            "tribes": self._tribes(v),
            "modules": modules_markup(self, v),
        }
        if "solo" in v:
            from .solo_screen import panel

            texts["solo"] = panel(self, v)
        height = self.size.height or 16
        used = sum(t.count("\n") + 1 for t in texts.values() if t)
        rows = max(3, min(5, (height - used) // 2 - 2)) if self.tall else 2
        if not self.tall and used + 8 > height:
            rows = 1  # units and pieces share a line in each box
            tiny = self._tracks_compact(v, tiny=True)
            if used + 6 > height and self._status_width + 3 + tiny.width <= self.cols:
                texts["status"] += " │ " + tiny.markup()
                texts["tracks"] = ""
                used -= 1
            if used + 6 > height and texts["cards"]:
                texts["tribes"] = self._tribes(v, with_cards=True)
                texts["cards"] = self._wrath_item(v)
        texts["map"] = self._map(v, rows)
        for key, text in texts.items():
            widget = self.query_one(f"#mz-{key}", Clickable)
            widget.display = bool(text)
            widget.update(text)

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
            here = self.highlighted is not None and self.option_for(target) == self.highlighted
            line.add(f"›{num}‹" if here else f"[{num}]", "bold reverse")

    def _wrath_what(self, w: dict[str, Any]) -> str:
        return " ".join(
            x
            for x in (
                w["per_unit"] and f"per unit {w['per_unit']}",
                w["per_action"] and f"per SACRIFICE {w['per_action']}",
            )
            if x
        )

    def _status(self, v: dict[str, Any]) -> str:
        """One line that never wraps: the Age, the Region in conflict (else the step), the
        Wrathful god, the Regions done and the known top of the stack.
        The frame's header repeats the step; what does not fit is left out."""
        c, cols = v["conflict"], self.cols
        line = Line().add(f"Age {v['age']}", "bold")
        if c["region"]:
            reg = next(r for r in v["regions"] if r["id"] == c["region"])
            kind = " ☀Blessed" if c["blessed"] else ""
            line.add(" · ").add(f"▶ {reg['id']} {reg['name']}{kind}", "bold reverse")
        else:
            line.add(f" · {v['phase']}")
        extra: list[tuple[str, str]] = []
        w = v["current_wrathful"]
        if w and not self.tall:
            extra.append((f" · Wrath {w['name']}", "magenta"))
        if v["resolved_order"]:
            extra.append((" · done " + ">".join(v["resolved_order"]), ""))
        if v["stack_known_top"]:
            extra.append((" · next " + ",".join(v["stack_known_top"]), ""))
        if self.tall:
            extra.append((f" · {v['stack_size']} in the stack", "dim"))
        self._wrath_shown = self.tall
        for text, style in extra:
            if line.width + len(text) <= cols:
                line.add(text, style)
                self._wrath_shown = self._wrath_shown or text.startswith(" · Wrath")
        self._status_width = line.width
        text = line.markup()
        if w and self.tall:
            wl = Line().add("Wrathful god ").add(w["name"], "bold magenta")
            wl.add(f": {self._wrath_what(w)}")
            text += "\n" + wl.fit(cols).markup()
        return text

    def _title(self, v: dict[str, Any], reg: dict[str, Any], inner: int, active: bool) -> Line:
        """The box's title: marks, letter, name and altar, shortened in a fixed order
        (altar cut to its first word, then the name to its first word) so names stay
        recognisable."""
        rid = reg["id"]
        target = f"region:{rid}"
        status = {"active": "▶", "resolved": "✓"}.get(reg["status"], "")
        head = f"{status}{rid}{'◎' if cenote_here(v, rid) else ''} "
        if not reg["in_play"]:
            tags = [" ×"]
        elif reg["blessed"]:
            tags = [" ☀BLESSED", " ☀"]
        elif reg["altar"]:
            altar = reg["altar"]["name"].replace(" Altar", "")
            tags = [f" ◆{altar}", f" ◆{altar[:4]}"]
        else:
            tags = [""]
        name = reg["name"]
        first = name.split()[0]
        title = Line()
        self._mark(title, target)
        room = inner - title.width
        for nm, tag in ((name, tags[0]), (name, tags[-1]), (first, tags[0]), (first, tags[-1])):
            text = head + nm + tag
            if len(text) <= room:
                break
        else:
            text = text[:room]
        return title.add(text, "bold" + (" reverse" if active else ""), click=target)

    def _box(self, v: dict[str, Any], reg: dict[str, Any], width: int, rows: int) -> list[Line]:
        inner = width - 2
        rid = reg["id"]
        active = v["conflict"]["region"] == rid
        border = "bold" if active else "dim" if not reg["in_play"] else ""
        top = Line().add("┌", border)
        title = self._title(v, reg, inner, active)
        top.extend(title).pad(width - 1, "─", border).add("┐", border)
        if reg["in_play"]:
            body = self._box_body(v, reg, rows, inner)
        else:
            body = [Line().add("×abandoned: no conflict", "dim")]
        lines = [top]
        for i in range(rows):
            line = Line().add("│", border)
            if i < len(body):
                line.extend(body[i].fit(inner))
            line.pad(width - 1).add("│", border)
            lines.append(line)
        lines.append(self._edge(v, rid, width, border))
        return lines

    def _box_body(
        self, v: dict[str, Any], reg: dict[str, Any], rows: int, inner: int
    ) -> list[Line]:
        rid = reg["id"]
        P = len(v["tribes"])
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
                pieces.add("g").add(letter, style)
                pieces.add(f"{reg['glyphs'][s]} ", click=f"piece:{rid}:{s}:glyph")
        for s in range(P):
            if reg["pyramids"][s]:
                letter, style = self.letter(v, s)
                pieces.add("▲").add(letter, style)
                pieces.add(f"{len(reg['pyramids'][s])} ", click=f"piece:{rid}:{s}:pyramid")
        if not units.width and not pieces.width:
            units.add("no units", "dim")
        if rows == 1:  # one line: units, then pieces
            if units.width and pieces.width:
                units.add(" ")
            return [units.extend(pieces)]
        body = [units, pieces]
        stack = Line()
        for s in range(P):
            if reg["pyramids"][s]:
                letter, style = self.letter(v, s)
                heights = "/".join(PYR[x][0].upper() for x in reg["pyramids"][s])
                stack.add(letter, style).add(f":{heights} ")
        if rows > 2:
            if reg["blessed"]:
                info, style = "Blessed: 8 VP to the most Strength", "yellow"
            elif reg["altar"]:
                info, style = f"{reg['altar']['name']}: {reg['altar']['text']}", "cyan"
            else:
                info, style = "", ""
            room = rows - 2 - (1 if stack.width else 0)
            wrapped = textwrap.wrap(info, inner) or [""]
            if len(wrapped) > room:
                wrapped = wrapped[: room - 1] + [" ".join(wrapped[room - 1 :])]
            body += [Line().add(text, style) for text in wrapped[: max(1, room)]]
        if rows > 3 and stack.width:
            body.append(stack)
        return body

    def _edge(self, v: dict[str, Any], rid: str, width: int, border: str) -> Line:
        """The bottom edge: the vertices touching the Region and the god on each. When the
        option numbers make it too long, the dashes go, then the ``V`` of the vertex ids;
        the gods always stay."""
        for sep, prefix in (("─", "V"), ("", "V"), ("", "")):
            edge = Line().add("└", border)
            for vx in v["vertices"]:
                if rid not in vx["regions"]:
                    continue
                vt = f"vertex:{vx['id']}"
                self._mark(edge, vt)
                label = prefix + vx["id"].removeprefix("V")
                if vx.get("vengeful"):
                    from .solo_screen import vertex_mark

                    edge.add(label, click=vt)
                    vertex_mark(self, v, vx, edge)
                elif vx["god"] is not None:
                    letter, style = self.letter(v, vx["god"])
                    edge.add(label, click=vt).add(letter, style + " reverse")
                else:
                    edge.add(label, "dim", click=vt)
                edge.add(sep or "", border)
            if edge.width <= width - 1:
                break
        return edge.fit(width - 1).pad(width - 1, "─", border).add("┘", border)

    def _map(self, v: dict[str, Any], rows: int) -> str:
        width = min(40, self.cols // 3)
        regions = {r["id"]: r for r in v["regions"]}
        out = []
        for grid_row in GRID:
            boxes = [self._box(v, regions[rid], width, rows) for rid in grid_row]
            for i in range(len(boxes[0])):
                out.append("".join(b[i].markup() for b in boxes))
        return "\n".join(out)

    def _tracks(self, v: dict[str, Any]) -> str:
        """Calendar and Codex: one line of space numbers (with a legend of the unit
        counts), or a line each with the space names when the board is tall."""
        if not self.tall:
            line = self._tracks_compact(v)
            legend = " │ n/n: Shamans/Warriors"
            if line.width + len(legend) <= self.cols:
                line.add(legend, "dim")
            return line.markup()
        lines = []
        for key, title in (("calendar", "Calendar"), ("codex", "Codex")):
            line = Line().add(f"{title:8} ", "bold")
            for sp in v[key]:
                target = f"space:{sp['id']}"
                self._mark(line, target)
                if sp["unit"] is not None:
                    letter, style = self.letter(v, sp["unit"])
                    line.add(sp["name"], click=target).add("[").add(letter, style).add("] ")
                else:
                    line.add(sp["name"], "dim", click=target).add("[·] ")
            lines.append(line.fit(self.cols).markup())
        return "\n".join(lines)

    def _tracks_compact(self, v: dict[str, Any], tiny: bool = False) -> Line:
        """Both tracks on one line: each space's number and the tribe letter on it; ``tiny``
        (a crowded board) drops the numbers and spaces, a dot or letter per space."""
        line = Line()
        for key, title in (("calendar", "Cal "), ("codex", " Cod " if tiny else " │ Cod ")):
            line.add(title, "bold")
            for sp in v[key]:
                target = f"space:{sp['id']}"
                self._mark(line, target)
                if not tiny:
                    line.add(sp["id"][-1], click=target)
                if sp["unit"] is not None:
                    letter, style = self.letter(v, sp["unit"])
                    line.add(letter, style, click=target)
                else:
                    line.add("·", "dim", click=target)
                if not tiny:
                    line.add(" ")
        return line

    def _tribes(self, v: dict[str, Any], with_cards: bool = False) -> str:
        """A line per tribe (two on a tall board: the supplies and abilities below); with
        ``with_cards`` (a crowded board) the conflict item comes right after the letter."""
        out = []
        d = self.decision
        acting = d.seat if d is not None else None
        cols = self.cols
        for t in v["tribes"]:
            s = t["seat"]
            if t.get("vengeful"):
                from .solo_screen import tribe_line

                out.append(tribe_line(self, v, t))
                continue
            letter, style = self.letter(v, s)
            line = Line().add("▶" if s == acting else " ")
            if with_cards:
                line.extend(self._card_item(v, t, False)).add(" │")
            else:
                line.add(letter, style)
            line.add(f" {self.seat_name(s)}")
            if s == self.viewer:
                line.add("*")
            line.add(f" {t['god']['name'] if t['god'] else '—'}")
            if t["vertex"]:
                line.add(f"@{t['vertex']}")
            line.add(f" VP {t['vp']}", "bold")
            line.add(f" Dev {t['devotion']}({'I' * t['devotion_tier']})")
            res, xib = t["reserve"], t["xibalba"]
            if self.tall:
                line.add(f" Reserve S{res[0]} W{res[1]} · Xibalba S{xib[0]} W{xib[1]}")
            else:
                line.add(f" Res {res[0]}/{res[1]} Xib {xib[0]}/{xib[1]}")
            extra = Line()
            if self.tall:
                extra.add(f"   ♔{t['champions_in_reserve']} in reserve · g{t['glyph_supply']}")
                sup = t["pyramid_supply"]
                extra.add(" · ▲" + " ".join(f"{k[0].upper()}{n}" for k, n in sup.items()))
            self._tribe_extras(t, extra if self.tall else line)
            if self.tall:
                out.append(line.fit(cols).markup())
                out.append(extra.fit(cols).markup())
            else:
                out.append(line.fit(cols).markup())
        return "\n".join(out)

    def _tribe_extras(self, t: dict[str, Any], line: Line) -> None:
        """Sacrifices, the Offering, Strength tokens and the abilities of a tribe."""
        if t["wrathful"][0] or t["wrathful"][1]:
            line.add(f" sacrificed {t['wrathful'][0]}/{t['wrathful'][1]}", "magenta")
        if t["offering"][0] or t["offering"][1]:
            line.add(f" offered {t['offering'][0]}/{t['offering'][1]}", "yellow")
        elif t["offer_pending"] is not None:
            sh, wa = (str(n) if n >= 0 else "?" for n in t["offer_pending"])
            line.add(f" offering {sh}/{wa} (secret)", "yellow")
        elif t["offer_chosen"]:
            line.add(" offering chosen", "yellow")
        if t["strength_tokens"]:
            line.add(f" +{t['strength_tokens']}⚔")
        abil = t["abilities"]
        if abil:
            if self.tall:
                names = ", ".join(a["name"] for a in abil)
            else:
                names = ",".join("".join(w[0] for w in a["name"].split()) for a in abil)
            line.add(f" [{names}]", "cyan")

    def _card_item(self, v: dict[str, Any], t: dict[str, Any], texts: bool) -> Line:
        """A tribe in the conflict: turn position, Strength, its God card and rows."""
        c = v["conflict"]
        s = t["seat"]
        letter, style = self.letter(v, s)
        line = Line()
        if s in c["turn_order"]:
            line.add(ORDER[c["turn_order"].index(s)], "bold")
        line.add(letter, style)
        if c["strength"] is not None and "solo" not in v:
            line.add(f" {c['strength'][s]}⚔", "bold")
        card = t["card"]
        if card is None:
            if t["has_card"]:
                line.add(" card face down", "dim")
            return line
        line.add(f" {card['name']}" + (":" if texts else ""), "bold")
        mine = s == self.viewer
        for o in card["options"]:
            target = f"cardopt:{o['key']}"
            if texts or line.width and _strip(line.parts[-1])[-1:] not in "✓·":
                line.add(" ")
            if mine:
                self._mark(line, target)
            mark = "✓" if o["used"] else "·"
            text = f"{o['row']}{mark}" + (f" {o['text']}" if texts else "")
            line.add(
                text,
                "dim strike" if o["used"] and texts else "dim" if o["used"] else "",
                click=target if mine else None,
            )
        return line

    def _wrath_item(self, v: dict[str, Any]) -> str:
        """The Wrathful god's name, when the status line had no room for it."""
        w = v["current_wrathful"]
        if not w or self._wrath_shown:
            return ""
        return Line().add("Wrath ").add(w["name"], "magenta").markup()

    def _cards(self, v: dict[str, Any]) -> str:
        """The conflict in turn order (①②…), each tribe's Strength and God card; the
        Wrathful god at the end if the status line had no room. Tall boards give a line per tribe with the row texts."""
        c, cols = v["conflict"], self.cols
        order = c["turn_order"] or [t["seat"] for t in v["tribes"]]
        tribes = [
            v["tribes"][s]
            for s in order
            if not v["tribes"][s].get("vengeful")
            and (c["region"] or v["tribes"][s]["card"] or v["tribes"][s]["has_card"])
        ]
        if not tribes:
            return ""
        if self.tall:
            return "\n".join(self._card_item(v, t, True).fit(cols).markup() for t in tribes)
        items = [self._card_item(v, t, False) for t in tribes]
        if self._wrath_item(v):
            items.append(Line().add("Wrath ").add(v["current_wrathful"]["name"], "magenta"))
        lines: list[Line] = []
        for item in items:
            if lines and lines[-1].width + 2 + item.width <= cols:
                lines[-1].add("  ").extend(item)
            else:
                lines.append(item.fit(cols))
        return "\n".join(x.markup() for x in lines)

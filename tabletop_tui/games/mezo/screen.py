"""The Mezo board: six regions in boxes, the gods on their vertices, tracks and tribes.

The regions sit in a 3x2 grid laid out like the printed ring (D A C over E B F; B, the
centre, touches them all). Each box shows per tribe the Warriors and Shamans as
``R2/1`` (tribe letter, Shamans/Warriors), Champions as ``♔R``, Glyphs as ``gR2`` and pyramid
heights as ``▲R3``; its bottom edge lists the vertices that touch it with the god standing
there. ``▶`` marks the region in conflict, ``✓`` a resolved one, ``☀`` the Blessed Region,
``×`` an Abandoned one. Modules: ``⌂R`` is red's City, ``◎`` after a region's letter the
Sacred Cenote; the Ritual, Prophecy and Tribe Power lines come under the tribes

(``module_screen``). Tribe letters carry their colour too (the theme's, checked for contrast),
but never only the colour: under NO_COLOR the letter and bold carry it.
A bracketed number next to an element is the option that picks it; clicking picks it. The
option the decision panel highlights reads ``›3‹`` instead of ``[3]``. The frame's inspector,
under the board, says in sentences what the highlighted (or clicked) element is and does: the
sentences come from the view's ``about`` texts; ``legend`` explains the marks above.

Sizes: at 80x24 the board is compact (one line per tribe, the viewer's on two if needed;
while a god is chosen its ability and CALL take the tribes' place). A tall board (30+ lines)
spends its spare lines in order on the God cards drawn as kit cards (160x50 and up), the
Calendar and Codex with each space's effect, the gods' ability and CALL under each tribe, and
the legend; whatever is left makes the region boxes taller (up to 7 lines inside).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from tabletop_tui.engine.core import Option
from tabletop_tui.ui.board import BoardText, BoardView
from tabletop_tui.ui.kit import CardFace, card_box, flow

from .module_screen import STEP_NAME, cenote_here, city_here, modules_markup
from .screen_common import Line, _strip, themed
from .solo_screen import panel, tribe_line, vertex_mark
from .views import MezoView

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
UNIT_WORDS = {"S": ("Shaman", "Shamans"), "W": ("Warrior", "Warriors")}

LEGEND_SHORT = (  # two lines of the 80x24 inspector
    "R2/1: red, 2 Shamans/1 Warrior · ♔Champion gGlyph ▲pyramid ◆Altar ☀Blessed ×Abandoned · "
    "V4B: blue god on V4 · Res/Xib: Reserve/Xibalba · Dev: Devotion"
)
LEGEND_CONFLICT = (  # the same, while a conflict is fought
    "③R 2⚔ Card 1·2✓: 3rd to act, red, 2 Strength, God card rows free (·) / used (✓) · "
    "R2/1: red, 2 Shamans/1 Warrior · ♔Champion gGlyph ▲pyramid · Res/Xib: Reserve/Xibalba"
)
LEGEND_LONG = (
    "Marks: R2/1 = the red tribe's units, 2 Shamans / 1 Warrior (S2 W1 on wide boards) · "
    "♔R red's Champion · gR2 two red Glyphs · ▲R3 three red pyramid elements (B/L/M/T: base, "
    "large, medium, top) · ⌂R red's City · ◎ Sacred Cenote · ◆ the region's Altar · "
    "☀ Blessed Region · × Abandoned · ▶ the region in conflict · ✓ resolved · V4B on an edge: "
    "blue's god stands on vertex V4 · ①② turn order · 1✓ 2· God card rows used / free · "
    "Res / Xib S/W: Shamans/Warriors in Reserve / Xibalba · Dev 3(I): Devotion 3, tier I · "
    "[3] the option that picks it (›3‹ highlighted). Click anything to read what it does."
)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


@lru_cache(maxsize=1024)
def _markup_rows(markup: str, width: int) -> int:
    """The screen lines ``markup`` takes ``width`` cells wide (kept: a redraw measures
    every text of the board, and most of them read as on the move before)."""
    return sum(max(1, -(-cell_len(line) // width)) for line in _plain_lines(markup))


@lru_cache(maxsize=16)
def _legend_at(width: int) -> str:
    """The legend's markup wrapped to ``width`` (kept: it only changes with the width)."""
    return "\n".join(Line().add(part, "dim").markup() for part in textwrap.wrap(LEGEND_LONG, width))


@lru_cache(maxsize=1024)
def _plain_lines(markup: str) -> tuple[str, ...]:
    """The lines of ``markup``'s plain text (kept: a redraw measures the same texts several
    times, and most of them again on the next move)."""
    return tuple(Text.from_markup(markup).plain.split("\n"))


# The board's sections, top to bottom: the status line, the Vengeful gods (solo), the map,
# the tracks, the conflict (turn order, Strength, cards), the tribes, then Ritual, Prophecy
# and Tribe Powers (last, so that a crowded 80x24 board scrolls them first) and the legend
# of the marks, where there is room.
SECTIONS = ("status", "solo", "map", "tracks", "cards", "tribes", "modules", "legend")


class Clickable(BoardText):
    """Board text whose elements call back into the board when clicked."""

    def action_target(self, target: str) -> None:
        self._board.element_clicked(target)


class MezoBoard(BoardView):
    """Draws a Mezo view; every number comes from the view, no rule is computed here."""

    view: MezoView | None  # what ``update_board`` was given

    DEFAULT_CSS = """
    MezoBoard { layout: vertical; }
    MezoBoard > VerticalScroll { height: 1fr; scrollbar-size-vertical: 1; }
    /* One text, at least as tall as the board's room: a section that takes another number
       of lines moves the ones under it within the text, and a move redraws the rows that
       changed, where a text per section was laid out again whenever one changed height. */
    #mz-board { width: 1fr; height: auto; min-height: 100%; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._status_width = 0
        self._wrath_shown = False
        # The sections drawn last, top to bottom (``SECTIONS``), as markup: an empty one
        # is left out.
        self.sections: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Clickable(self, id="mz-board")

    # ---- interaction ----------------------------------------------------------------------

    def clicked(self, target: str) -> None:
        self.element_clicked(target)

    def highlight(self, option_id: str | None) -> None:
        changed = option_id != self.highlighted
        super().highlight(option_id)
        if self.option(option_id) is None:
            self.post_message(self.Inspected(None))  # nothing to inspect: the legend
        if changed:
            self.request_redraw()

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
            "legend": "",
            "status": self._status(v),
            "cards": self._cards(v),
            "solo": "",
            "tracks": self._tracks(v),
            "tribes": self._tribes(v),
            "modules": modules_markup(self, v),
        }
        if "solo" in v:
            texts["solo"] = panel(self, v)
        height = self.size.height or 16
        god = self._god_on_offer(v)
        if god is not None:  # choosing a god: its texts where the (empty) tribes would be
            texts["modules"] = texts["tracks"] = ""  # nothing on them yet
            used = sum(self._rows(t) for k, t in texts.items() if k != "tribes")
            room = max(3, height - used - (2 * 3 if not self.tall else 2 * 5))
            texts["tribes"] = self._god_panel(v, god, room)
        used = sum(self._rows(t) for t in texts.values())
        if self.tall:
            used = self._fill(v, texts, height, used)
        rows = max(3, min(7, (height - used) // 2 - 2)) if self.tall else 2
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
        # In the sections' order; a section missing from ``SECTIONS`` fails here, not unseen.
        self.sections = dict(sorted(texts.items(), key=lambda item: SECTIONS.index(item[0])))
        shown = [themed(text, self.palette) for text in self.sections.values() if text]
        self.query_one("#mz-board", Clickable).update("\n".join(shown))

    def _fill(self, v: MezoView, texts: dict[str, str], height: int, used: int) -> int:
        """A tall board spends its spare lines, most useful first, while region boxes keep
        at least four lines inside: the Calendar and Codex spaces with their effects, then
        the gods' abilities and CALLs under each tribe, then the legend of the marks. Returns
        the lines now used."""
        boxes = 2 * (4 + 2)

        extras: list[tuple[str, Callable[[], str]]] = []
        if self.band() == "large":
            extras.append(("cards", lambda: self._card_boxes(v) or texts["cards"]))
        extras += [
            ("tracks", lambda: self._tracks_detailed(v)),
            ("tribes", lambda: self._tribes(v, gods=True)),
            ("legend", self._legend_markup),
        ]
        for key, make in extras:
            text = make()
            grow = self._rows(text) - self._rows(texts.get(key, ""))
            if used + grow + boxes <= height:
                texts[key] = text
                used += grow
        return used

    def _rows(self, markup: str) -> int:
        """How many screen lines ``markup`` takes on this board (long lines wrap)."""
        if not markup:
            return 0
        return _markup_rows(markup, max(20, (self.size.width or 79) - 1))

    def _god_on_offer(self, v: MezoView) -> dict[str, Any] | None:
        """The god the viewer's highlighted option offers, while gods are chosen."""
        option = self.option(self.highlighted)
        d = self.decision
        if option is None or d is None or d.kind != "god" or not self.pickable(d, self.viewer):
            return None
        gid = option.id.partition(":")[2]
        return next((g for g in v.get("gods") or [] if g["id"] == gid), None)

    def _god_panel(self, v: MezoView, god: dict[str, Any], room: int) -> str:
        """The tribes on one line, then the highlighted god's ability and CALL wrapped into
        the ``room - 1`` lines left."""
        cols = self.cols
        line = Line().add("Tribes:", "bold")
        for i, t in enumerate(v["tribes"]):
            letter, style = self.letter(v, t["seat"])
            name = "Vengeful gods" if t.get("vengeful") else self.seat_name(t["seat"])
            line.add(" · " if i else " ").add(letter, style).add(f" {name}")
            line.add(f" ({t['god']['name']})" if t["god"] else "")
        out = [line.fit(cols).markup()]
        words = Line().add(f"{god['name']}: ", "bold").add("always on, ").plain()
        words += f"{_sentence(god['passive'])} CALL {_sentence(god['call'])}"
        wrapped = textwrap.wrap(words, cols)
        if len(wrapped) > room - 1:
            wrapped = wrapped[: room - 1]
            wrapped[-1] = Line().add(wrapped[-1]).fit(cols - 1).plain() + "…"
        head = f"{god['name']}:"
        for i, text in enumerate(wrapped):
            line = Line()
            if i == 0 and text.startswith(head):
                line.add(head, "bold").add(text[len(head) :])
            else:
                line.add(text)
            out.append(line.markup())
        return "\n".join(out)

    def _legend_markup(self) -> str:
        """The key to the board's marks, in words, wrapped to the board's width."""
        return _legend_at(self.cols)

    def letter(self, v: MezoView, seat: int) -> tuple[str, str]:
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

    def _status(self, v: MezoView) -> str:
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
        extra: list[tuple[str, str, str | None]] = []
        w = v["current_wrathful"]
        if w and not self.tall:
            extra.append((f" · Wrath {w['name']}", "magenta", "wrath"))
        if v["resolved_order"]:
            extra.append((" · done " + ">".join(v["resolved_order"]), "", None))
        if v["stack_known_top"]:
            extra.append((" · next " + ",".join(v["stack_known_top"]), "", None))
        if self.tall:
            extra.append((f" · {v['stack_size']} in the stack", "dim", None))
        self._wrath_shown = self.tall
        for text, style, click in extra:
            if line.width + len(text) <= cols:
                line.add(text, style, click=click)
                self._wrath_shown = self._wrath_shown or text.startswith(" · Wrath")
        self._status_width = line.width
        text = line.markup()
        if w and self.tall:
            wl = Line().add("Wrathful god ").add(w["name"], "bold magenta", click="wrath")
            wl.add(f": {self._wrath_what(w)}")
            text += "\n" + wl.fit(cols).markup()
        return text

    def _title(self, v: MezoView, reg: dict[str, Any], inner: int, active: bool) -> Line:
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

    def _box(self, v: MezoView, reg: dict[str, Any], width: int, rows: int) -> list[Line]:
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

    def _box_body(self, v: MezoView, reg: dict[str, Any], rows: int, inner: int) -> list[Line]:
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
                info, style = reg.get("about", ""), "yellow"
            elif reg["altar"]:
                info, style = f"{reg['altar']['name']}: {reg['altar']['text']}", "cyan"
            else:
                info, style = "", ""
            room = rows - 2 - (1 if stack.width else 0)
            wrapped = textwrap.wrap(info, inner) or [""]
            if len(wrapped) > room:
                wrapped = wrapped[: room - 1] + [" ".join(wrapped[room - 1 :])]
            body += [Line().add(t, style, click=f"region:{rid}") for t in wrapped[: max(1, room)]]
        if rows > 3 and stack.width:
            body.append(stack)
        return body

    def _edge(self, v: MezoView, rid: str, width: int, border: str) -> Line:
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

    def _map(self, v: MezoView, rows: int) -> str:
        width = min(48 if self.band() == "large" else 40, self.cols // 3)
        regions = {r["id"]: r for r in v["regions"]}
        out = []
        for grid_row in GRID:
            boxes = [self._box(v, regions[rid], width, rows) for rid in grid_row]
            for i in range(len(boxes[0])):
                out.append("".join(b[i].markup() for b in boxes))
        return "\n".join(out)

    def _tracks(self, v: MezoView) -> str:
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

    def _tracks_detailed(self, v: MezoView) -> str:
        """Calendar and Codex side by side, a line per space: its number, the tribe on it
        and what it gives."""
        half = (self.cols - 3) // 2
        out = [
            Line()
            .add("Immortal Calendar (Shamans)".ljust(half), "bold")
            .add(" │ ")
            .add("Heroic Codex (Warriors)", "bold")
            .markup()
        ]
        for left, right in zip(v["calendar"], v["codex"], strict=False):
            line = self._space_line(v, left, half).pad(half).add(" │ ")
            out.append(line.extend(self._space_line(v, right, half)).markup())
        return "\n".join(out)

    def _space_line(self, v: MezoView, sp: dict[str, Any], width: int) -> Line:
        target = f"space:{sp['id']}"
        line = Line()
        self._mark(line, target)
        line.add(sp["name"], "bold" if sp["unit"] is not None else "", click=target)
        if sp["unit"] is not None:
            letter, style = self.letter(v, sp["unit"])
            line.add("[").add(letter, style).add("]")
        else:
            line.add("[·]", "dim")
        line.add(f" {sp['text']}", "" if sp["unit"] is None else "dim", click=target)
        return line.fit(width)

    def _tracks_compact(self, v: MezoView, tiny: bool = False) -> Line:
        """Both tracks on one line: each space's number and the tribe letter on it; ``tiny``
        (a crowded board) drops the numbers and spaces, a dot or letter per space."""
        line = Line()
        for key, title in (
            ("calendar", "Calendar "),
            ("codex", " Codex " if tiny else " │ Codex "),
        ):
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

    def _tribes(self, v: MezoView, with_cards: bool = False, gods: bool = False) -> str:
        """A line per tribe (two on a tall board: the supplies and abilities below; with
        ``gods`` two more with its god's ability and CALL); with ``with_cards`` (a crowded
        board) the conflict item comes right after the letter. The viewer's own line is never
        cut: what does not fit goes on a second line."""
        out = []
        d = self.decision
        acting = d.seat if d is not None else None
        cols = self.cols
        for t in v["tribes"]:
            s = t["seat"]
            if t.get("vengeful"):
                out.append(tribe_line(self, v, t))
                continue
            letter, style = self.letter(v, s)
            line = Line().add("▶" if s == acting else " ")
            if with_cards:
                line.extend(self._card_item(v, t, False)).add(" │")
            else:
                line.add(letter, style, click=f"tribe:{s}")
            line.add(f" {self.seat_name(s)}", click=f"tribe:{s}")
            if s == self.viewer:
                line.add("*")
            line.add(f" {t['god']['name'] if t['god'] else '—'}", click=f"tribe:{s}")
            if t["vertex"]:
                line.add(f"@{t['vertex']}")
            line.add(f" VP {t['vp']}", "bold")
            tier = "I" * t["devotion_tier"]
            if cols >= 100:
                line.add(f" Devotion {t['devotion']} (tier {tier})", click=f"tribe:{s}")
            else:
                line.add(f" Dev {t['devotion']}({tier})", click=f"tribe:{s}")
            res, xib = t["reserve"], t["xibalba"]
            rest = Line()
            if self.tall:
                line.add(f" Reserve S{res[0]} W{res[1]} · Xibalba S{xib[0]} W{xib[1]}")
            else:
                rest.add(f" Res {res[0]}/{res[1]} Xib {xib[0]}/{xib[1]}")
            extra = Line()
            if self.tall:
                sup = t["pyramid_supply"]
                if cols >= 100:  # room for words
                    champions = t["champions_in_reserve"]
                    plural = "" if champions == 1 else "s"
                    extra.add(f"   ♔ {champions} Champion{plural} in reserve")
                    extra.add(f" · {t['glyph_supply']} Glyphs · ▲ pyramid elements ")
                    extra.add(" ".join(f"{k} {n}" for k, n in sup.items()))
                else:
                    extra.add(f"   ♔{t['champions_in_reserve']} in reserve")
                    extra.add(f" · g{t['glyph_supply']}")
                    extra.add(" · ▲" + " ".join(f"{k[0].upper()}{n}" for k, n in sup.items()))
            self._tribe_extras(t, extra if self.tall else rest)
            if self.tall:
                out.append(line.fit(cols).markup())
                out.append(extra.fit(cols).markup())
                if gods and t["god"]:
                    for key, head in (("passive", "   "), ("call", "   CALL ")):
                        name, _, text = t["god"][key].partition(": ")
                        g = Line().add(head).add(name, "bold", click=f"tribe:{s}")
                        out.append(g.add(f": {text}", "dim").fit(cols).markup())
            elif s == self.viewer and line.width + rest.width > cols:
                out.append(line.markup())
                out.append(Line().add("  ").extend(rest).fit(cols).markup())
            else:
                out.append(line.extend(rest).fit(cols).markup())
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
        if abil:  # whole names (a line that runs out is cut, never coded)
            names = ", ".join(a["name"] for a in abil)
            line.add(f" [{names}]", "cyan", click=f"tribe:{t['seat']}")

    def _card_item(self, v: MezoView, t: dict[str, Any], texts: bool) -> Line:
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

    def _card_boxes(self, v: MezoView) -> str:
        """The God cards of the conflict drawn as cards (the board kit's boxes), in turn
        order, each row with its full text: for large boards."""
        c = v["conflict"]
        if not c["region"] or "solo" in v:
            return ""
        blocks = []
        tribes = [v["tribes"][s] for s in c["turn_order"]]
        if not tribes:
            return ""
        width = max(22, (self.cols - len(tribes) + 1) // len(tribes))
        palette = self.palette
        for t in tribes:
            s = t["seat"]
            letter, _style = self.letter(v, s)
            card = t["card"]
            strength = f"{c['strength'][s]}⚔" if c["strength"] is not None else ""
            pos = ORDER[c["turn_order"].index(s)]
            if card is None:
                face = CardFace(
                    f"{letter} {self.seat_name(s)}",
                    ("God card face down" if t["has_card"] else "no God card",),
                    strength,
                    pos,
                    t["colour"] or "grey",
                    dim=True,
                )
            else:
                rows = []
                for o in card["options"]:
                    num = self.number_for(f"cardopt:{o['key']}") if s == self.viewer else None
                    here = num is not None and self.is_highlighted(f"cardopt:{o['key']}")
                    badge = "" if num is None else (f"›{num}‹" if here else f"[{num}]")
                    used = " (used)" if o["used"] else ""
                    rows.append(f"{badge}{o['row']}{'✓' if o['used'] else '·'} {o['text']}{used}")
                face = CardFace(
                    f"{letter} {card['name']}", tuple(rows), strength, pos, t["colour"] or "grey"
                )
            blocks.append(card_box(face, width, palette))
        return "\n".join(row.markup for row in flow(blocks, self.cols))

    def _wrath_item(self, v: MezoView) -> str:
        """The Wrathful god's name, when the status line had no room for it."""
        w = v["current_wrathful"]
        if not w or self._wrath_shown:
            return ""
        return Line().add("Wrath ").add(w["name"], "magenta", click="wrath").markup()

    def _cards(self, v: MezoView) -> str:
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
            wname = v["current_wrathful"]["name"]
            items.append(Line().add("Wrath ").add(wname, "magenta", click="wrath"))
        lines: list[Line] = []
        for item in items:
            if lines and lines[-1].width + 2 + item.width <= cols:
                lines[-1].add("  ").extend(item)
            else:
                lines.append(item.fit(cols))
        return "\n".join(x.markup() for x in lines)

    # ---- the inspector --------------------------------------------------------------------

    def legend(self) -> str | Text | None:
        if self.band() != "small":
            return LEGEND_LONG
        v = self.view
        return LEGEND_CONFLICT if v is not None and v["conflict"]["region"] else LEGEND_SHORT

    def describe_option(self, option: Option) -> str | Text | None:
        """The element's sentences; for an option without one, what the choice does when
        the view knows it (a god to choose, your god's CALL, the Blessed offering)."""
        if option.target:  # a God card in hand: its label has all its rows
            return self.describe(option.target) or option.label
        v = self.view
        if v is None:
            return None
        kind, _, rest = option.id.partition(":")
        if kind == "god":
            god = next((g for g in v.get("gods") or [] if g["id"] == rest), None)
            if god is None:
                return None
            if self.band() == "small":  # the board shows the ability first; CALL first here
                return f"CALL {_sentence(god['call'])} Always on, {_sentence(god['passive'])}"
            return god["about"]
        if option.id in ("stay", "call_first") and self.viewer is not None:
            return self.describe(f"tribe:{self.viewer}")
        if kind == "offer" and v["blessed"]:
            return self.describe(f"region:{v['blessed']}")
        return option.label if kind in ("ability", "power", "third") else None

    def describe(self, target: str) -> str | Text | None:
        v = self.view
        if v is None:
            return None
        kind, _, rest = target.partition(":")
        try:
            return self._describe(v, kind, rest)
        except (KeyError, IndexError, ValueError, StopIteration):
            return None  # an element this view does not have (e.g. an old click)

    def _who(self, v: MezoView, seat: int) -> str:
        """A tribe in words: its colour and its player's name."""
        t = v["tribes"][seat]
        if t.get("vengeful"):
            return "the Vengeful gods"
        colour = (t["colour"] or f"seat {seat + 1}").capitalize()
        if self.band() == "small":  # two lines of inspector: the colour names the tribe
            return colour
        return f"{colour} ({self.seat_name(seat)})"

    def _describe(self, v: MezoView, kind: str, rest: str) -> str | None:
        if kind == "region":
            return self._region_words(v, rest)
        if kind == "vertex":
            vx = next(x for x in v["vertices"] if x["id"] == rest)
            where = ", ".join(self._region_name(v, r) for r in vx["regions"])
            text = f"Vertex {vx['id']}, touching {where}."
            if vx["god"] is not None:
                t = v["tribes"][vx["god"]]
                text += f" {t['god']['name']} of {self._who(v, vx['god'])} stands here. "
                text += t["god"].get("about", "")
            elif vx.get("vengeful"):
                god = next(g for g in v["solo"]["gods"] if g["id"] == vx["vengeful"])
                text += f" The Vengeful god {god['name']} stands here: {god['text']}"
            else:
                text += " No god stands here: a god on it is present in all of those regions."
            return text
        if kind == "space":
            sp = next(x for x in v["calendar"] + v["codex"] if x["id"] == rest)
            who = "free" if sp["unit"] is None else f"taken by {self._who(v, sp['unit'])}"
            return f"{sp.get('about') or sp['name'] + ': ' + sp['text']} This space is {who}."
        if kind == "tribe":
            return self._tribe_words(v, int(rest))
        if kind == "wrath":
            w = v["current_wrathful"]
            return w.get("about") if w else None
        if kind == "cardopt":
            t = v["tribes"][self.viewer] if self.viewer is not None else None
            card = t["card"] if t else None
            o = next(x for x in card["options"] if x["key"] == rest)
            used = " Already used in this conflict." if o["used"] else ""
            return f"Row {o['row']} of your God card {card['name']}: {_sentence(o['text'])}{used}"
        if kind in ("units", "piece"):
            rid, seat, what = rest.split(":")
            reg = next(r for r in v["regions"] if r["id"] == rid)
            s = int(seat)
            if kind == "units":
                n = reg["units"][s][0 if what == "S" else 1]
                word = UNIT_WORDS[what][0 if n == 1 else 1]
                head = f"{self._who(v, s)} has {n} {word} in {self._region_name(v, rid)}."
            elif what == "glyph":
                head = f"{self._who(v, s)} has {reg['glyphs'][s]} Glyph(s) in {rid}: each is "
                head += "1 Strength there."
            else:
                heights = ", ".join(PYR[x] for x in reg["pyramids"][s])
                head = f"{self._who(v, s)}'s pyramid in {rid}: {heights}."
            return f"{head} {self._region_words(v, rid)}"
        if kind in ("vgod", "vcard", "vspace", "task"):
            return self._solo_words(v, kind, rest)
        return self._module_words(v, kind, rest)

    def _solo_words(self, v: MezoView, kind: str, rest: str) -> str | None:
        so = v.get("solo")
        if not so:
            return None
        if kind == "vgod":
            g = next(x for x in so["gods"] if x["id"] == rest)
            where = (
                f" It stands on {g['vertex']} ({', '.join(g['regions'])})." if g["vertex"] else ""
            )
            here = " It is present in this conflict." if g["present_here"] else ""
            return f"Vengeful god {g['name']}, {g['ability']}: {g['text']}{where}{here}"
        if kind == "vcard" and so["card"]:
            card = so["card"]
            rows = " ".join(
                f"Row {r['row']}{' (done)' if r['resolved'] else ''}: {_sentence(r['text'])}"
                for r in card["rows"]
            )
            return f"Vengeful card {card['name']} (corner {card['corner']}). {rows}"
        if kind == "vspace":
            key, _, i = rest.partition(":")
            sp = so[key][int(i)]
            name = "Vengeful Calendar" if key == "calendar" else "Vengeful Codex"
            taken = "A Vengeful unit stands on it." if sp["unit"] else "It is free."
            return f"{name} space {int(i) + 1}: {_sentence(sp['text'])} {taken}"
        if kind == "task" and so["task"] and so["task"]["side"]:
            task = so["task"]
            return (
                f"Task {task['side']}, {task['name']}. You: {_sentence(task['player']['text'])} "
                f"The Vengeful gods: {_sentence(task['vengeful']['text'])}"
            )
        return None

    def _module_words(self, v: MezoView, kind: str, rest: str) -> str | None:
        m = v.get("modules") or {}
        if kind == "ritual" and m.get("ritual") and m["ritual"]["current"]:
            cur = m["ritual"]["current"]
            return f"Ritual {cur['name']} ({STEP_NAME[cur['step']]}): {cur['text']}"
        if kind == "prophecy" and m.get("prophecy"):
            pro = m["prophecy"]
            i = int(rest)
            card = pro["cards"][i]
            on = ", ".join(self._who(v, s) for s in card["tokens"]) or "nobody"
            return (
                f"Prophecy card {i + 1} of {len(pro['cards'])}, {card['name']}: {card['text']} "
                f"Worth {pro['vp_per_card']} VP. Standing on it: {on}."
            )
        if kind == "monument" and m.get("prophecy"):
            mon = m["prophecy"]["monument"]
            taker = mon["taken_by"]
            by = f"Taken by {self._who(v, taker)}." if taker is not None else "Not taken yet."
            return f"{mon['name']}: {mon['vp']} VP to the first to fulfil the top card. {by}"
        if kind == "power" and m.get("tribe_powers"):
            tp = m["tribe_powers"][int(rest)]
            state = "used" if tp["used"] else "not used yet"
            return (
                f"Tribe Power {tp['id']} of {self._who(v, int(rest))} ({state}, once per "
                f"game): {' or '.join(tp['powers'])}"
            )
        return None

    def _region_name(self, v: MezoView, rid: str) -> str:
        reg = next(r for r in v["regions"] if r["id"] == rid)
        return f"{rid} {reg['name']}"

    def _region_words(self, v: MezoView, rid: str) -> str:
        """A region in sentences: what it gives, who is there, which gods are present."""
        reg = next(r for r in v["regions"] if r["id"] == rid)
        state = {"active": " (in conflict now)", "resolved": " (resolved this Age)"}
        parts = [f"{rid} {reg['name']}{state.get(reg['status'], '')}."]
        if reg["altar"] and not reg["blessed"] and self.band() == "small":
            parts.append(f"{reg['altar']['name']}: the winner gains {reg['altar']['text']}.")
        elif reg.get("about"):
            parts.append(reg["about"])
        elif reg["altar"]:
            parts.append(f"{reg['altar']['name']}: {reg['altar']['text']}.")
        here = []
        for s, (sh, wa) in enumerate(reg["units"]):
            bits = []
            if sh:
                bits.append(f"{sh} {UNIT_WORDS['S'][sh != 1]}")
            if wa:
                bits.append(f"{wa} {UNIT_WORDS['W'][wa != 1]}")
            if s in reg["champions"]:
                bits.append("Champion")
            if reg["glyphs"][s]:
                bits.append(f"{reg['glyphs'][s]} Glyph{'s' if reg['glyphs'][s] != 1 else ''}")
            if reg["pyramids"][s]:
                bits.append(f"pyramid of {len(reg['pyramids'][s])}")
            if bits:
                here.append(f"{self._who(v, s)} {', '.join(bits)}")
        if reg["in_play"]:
            parts.append("Here: " + ("; ".join(here) if here else "nobody") + ".")
        gods = [
            f"{v['tribes'][x['god']]['god']['name']} ({x['id']})"
            for x in v["vertices"]
            if rid in x["regions"] and x["god"] is not None
        ]
        if gods and reg["in_play"]:
            parts.append("Gods present: " + ", ".join(gods) + ".")
        return " ".join(parts)

    def _tribe_words(self, v: MezoView, s: int) -> str:
        t = v["tribes"][s]
        if t.get("vengeful"):
            return "The Vengeful gods: an automated tribe with no God cards and no Devotion."
        res, xib = t["reserve"], t["xibalba"]
        parts = [
            f"{self._who(v, s)}: {t['vp']} VP, Devotion {t['devotion']} (tier "
            f"{t['devotion_tier']}); Reserve {res[0]} Shamans, {res[1]} Warriors; Xibalba "
            f"{xib[0]} Shamans, {xib[1]} Warriors."
        ]
        if t["god"]:
            parts.append(t["god"].get("about") or f"{t['god']['passive']} CALL {t['god']['call']}")
        for a in t["abilities"]:
            parts.append(f"Tribe ability {a['name']}: {a['text']}")
        return " ".join(parts)

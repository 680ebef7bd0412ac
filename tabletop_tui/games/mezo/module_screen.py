"""The modules on the Mezo board: the Ritual, the Prophecy column, the Tribe Powers.

``modules_markup`` draws the lines under the tribes; ``city_here`` and ``cenote_here`` give
the City (``⌂`` and the tribe letter) and Sacred Cenote (``◎``) marks of the region boxes.

Only what the view says is drawn; nothing here computes a rule.
"""

from __future__ import annotations

import re
from typing import Any

from .modules import MODULE_TITLES
from .screen_common import Drawer, Line
from .views import MezoView

STEP_NAME = {
    "tribe": "Tribe Step",
    "god": "God Step",
    "conflict": "Conflict Step",
    "end_of_age": "End of Age",
}
_SHORT = (
    (re.compile(r" (in|to|from) this Conflict"), ""),
    (re.compile(r" of your units"), ""),
    (re.compile(r" to any Region"), " out"),
    (re.compile(r" units?\b"), ""),
    (re.compile(r"^Gain (\d+)"), r"+\1"),
    # The Tribe Powers call Devotion "faith"; the board and the log say Devotion.
    (re.compile(r"\bfaith\b"), "Devotion"),
    (re.compile(r"\.$"), ""),
)


def short_power(text: str) -> str:
    """A Tribe Power's text cut down for narrow boards ("EXILE 1", "+2 Devotion", "MOVE 1 out")."""
    for pattern, repl in _SHORT:
        text = pattern.sub(repl, text)
    return text


def city_here(v: MezoView, rid: str) -> int | None:
    cities = (v.get("modules") or {}).get("cities") or []
    return next((s for s, c in enumerate(cities) if c["region"] == rid), None)


def cenote_here(v: MezoView, rid: str) -> bool:
    return (v.get("modules") or {}).get("cenote") == rid


def pack(head: Line, items: list[Line], sep: str, width: int) -> list[Line]:
    """``head`` then the items, wrapped between items (never inside one) within ``width``."""
    lines, start = [head], head.width
    for item in items:
        line = lines[-1]
        gap = sep if line.width > start or len(lines) > 1 else " "
        if line.width and line.width + len(gap) + item.width > width:
            lines.append(Line().add("  "))
            gap = ""
        lines[-1].add(gap).extend(item.fit(width - 2))
    return lines


def modules_markup(board: Drawer, v: MezoView) -> str:
    """The module lines, or an empty string when no module is on."""
    m = v.get("modules") or {}
    if not m.get("on"):
        return ""
    rit, pro, powers = m.get("ritual"), m.get("prophecy"), m.get("tribe_powers")
    dealt = (rit and rit["deck"]) or (pro and pro["cards"]) or (powers and any(powers))
    if v["phase"] == "setup" and not dealt:  # nothing dealt yet: name the modules in play
        names = " · ".join(MODULE_TITLES[x] for x in m["on"])
        return Line().add("Modules: ", "bold").add(names).markup()
    # Full texts when the board is wide, or tall enough for them to wrap (side-column frame).
    wide = board.wide or board.size.height >= 26
    width = max(40, board.size.width - 2) if board.size.width else 78
    lines: list[Line] = []
    if rit is not None:
        line = Line().add("✶Ritual ", "bold magenta")
        cur = rit["current"]
        if cur is None and rit["deck"]:
            line.add(f"none now; {rit['deck']} face down, one revealed each Age", "dim")
        elif cur is None:
            line.add("none now; all three have been used", "dim")
        else:
            now = " ▶now" if cur["active"] else ""
            line.add(cur["name"], "bold", click="ritual")
            line.add(f" ({STEP_NAME[cur['step']]}{now}): ")
            line.add(cur["text"], click="ritual")
        lines.append(line if wide else line.fit(width))
    if pro is not None:
        lines += _prophecy(board, v, pro, wide, width)
    if powers is not None:
        head = Line().add("✦Powers", "bold green")
        items = []
        for s, tp in enumerate(powers):
            if tp is None:
                continue
            letter, style = board.letter(v, s)
            item = Line().add(letter, style, click=f"power:{s}")
            if tp["used"]:
                item.add(" used", "dim")
            else:
                if tp["usable_here"]:
                    item.add("!", "bold green")
                if board.wide:
                    item.add(f" {tp['id']}: " + " / ".join(tp["powers"]))
                else:
                    item.add(" " + "/".join(short_power(t) for t in tp["powers"]))
            items.append(item)
        lines += pack(head, items, " │ ", width)
    return "\n".join(x.markup() for x in lines)


def _prophecy(
    board: Drawer, v: MezoView, pro: dict[str, Any], wide: bool, width: int
) -> list[Line]:
    for cut in (99, 15, 13, 11, 9, 7):
        line = _column(board, v, pro, cut)
        if line.width <= width:
            break
    if not wide:  # the card texts are in the help; the wide board shows them
        return [line.fit(width)]
    out = [line]
    if not pro["closed"]:
        for i, card in enumerate(pro["cards"]):
            waiting = [s for s, lv in enumerate(pro["levels"]) if lv == i]
            t = Line().add(f"  {i + 1}· {card['name']}: ", "cyan", click=f"prophecy:{i}")
            t.add(card["text"], click=f"prophecy:{i}")
            if waiting:
                t.add(" ◂", "dim")
                for s in waiting:
                    letter, style = board.letter(v, s)
                    t.add(letter, style)
            out.append(t)
    return out


def _column(board: Drawer, v: MezoView, pro: dict[str, Any], cut: int) -> Line:
    """The column on one line, bottom card first, card names cut to ``cut`` characters."""
    closed = pro["closed"]
    line = Line().add("☥Prophecy ", "bold cyan")
    for i, card in enumerate(pro["cards"]):
        line.add(f"{i + 1}·", "bold")
        name = card["name"] if len(card["name"]) <= cut else card["name"][: cut - 1] + "…"
        line.add(name, "dim" if closed else "", click=f"prophecy:{i}")
        for s in card["tokens"]:
            letter, style = board.letter(v, s)
            line.add("●").add(letter, style)
        line.add(" ")
    mon = pro["monument"]
    line.add(f"★{mon['name'].removeprefix('The ')} +{mon['vp']}", "bold yellow", click="monument")
    if mon["taken_by"] is not None:
        letter, style = board.letter(v, mon["taken_by"])
        line.add(" → ").add(letter, style).add(" (closed)", "dim")
    return line

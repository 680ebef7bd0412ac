"""What the Mezo board draws in a solo game: the Vengeful gods, their card, tracks and Task.

``MezoBoard`` calls these helpers only when the view has a ``solo`` part. A Vengeful god is
``☠`` and its initial (``☠K`` Kukulkan) wherever it stands; the Vengeful tribe's letter is
``V``. The revealed Vengeful card lists its three rows with ``✓`` on the rows it resolved
and the latest one reversed; Task tracks show covered circles as ``●``.
"""

from __future__ import annotations

import textwrap
from typing import Any

from .screen_common import Drawer, Line
from .views import MezoView

VENGEFUL_STYLE = "bold magenta"


def god_tag(view: MezoView, god_id: str) -> str:
    """``☠`` and the god's initial, as drawn on vertices and in the panel."""
    for g in view["solo"]["gods"]:
        if g["id"] == god_id:
            return "☠" + g["name"][0]
    return "☠?"


def vertex_mark(board: Drawer, view: MezoView, vx: dict[str, Any], line: Line) -> None:
    """Draw the Vengeful god standing on vertex ``vx`` (if any) into a region's edge."""
    god = vx.get("vengeful")
    if god:
        line.add(god_tag(view, god), VENGEFUL_STYLE + " reverse")


def panel(board: Drawer, view: MezoView) -> str:
    """The solo lines: Vengeful gods, the Vengeful card, their tracks and the Task card.

    Three lines fit the 80x24 layout; a taller board gets a line per god, card row and
    track with the full texts.
    """
    width = max(40, board.size.width - 2) if board.size.width else 78
    tall = board.size.height >= 30
    if tall:
        return "\n".join(_wrap(line, width) for line in _tall(board, view))
    return "\n".join(line.fit(width).markup() for line in _compact(board, view))


def _circles(goal: dict[str, Any]) -> str:
    return "".join("●" if i < goal["tokens"] else "○" for i in range(len(goal["track"])))


def _values(goal: dict[str, Any]) -> str:
    return "/".join(str(x) for x in goal["track"])


def _card_head(line: Line, so: dict[str, Any], full: bool) -> dict[str, Any] | None:
    card = so["card"]
    if card is None:
        line.add("Vengeful card: ", VENGEFUL_STYLE).add("face down", "dim")
        line.add(f" · deck {so['deck_size']}")
        if full and so["unseen"]:
            line.add(" (" + ", ".join(so["unseen"]) + ")", "dim")
    else:
        title = card["name"] if card["current"] else f"{card['name']} (last conflict)"
        line.add(f"{title} ", VENGEFUL_STYLE)
        line.add(f"corner {card['corner']} " if full else f"◣{card['corner']} ", "bold")
    if so["draw_limit"]:
        line.add(f" you draw {so['draw_limit']} ", "yellow")
    return card


def _row_style(card: dict[str, Any], row: dict[str, Any]) -> str:
    last = card["order"][-1] if card["order"] else None
    if row["row"] == last and card["current"]:
        return "bold reverse"
    return "" if row["resolved"] else "dim"


def _compact(board: Drawer, view: MezoView) -> list[Line]:
    so = view["solo"]
    gods = Line().add("Vengeful ", VENGEFUL_STYLE)
    if not so["gods"]:
        gods.add("gods: none yet", "dim")
    for i, g in enumerate(so["gods"]):
        here = g["present_here"]
        gods.add(" · " if i else "")
        gods.add(
            god_tag(view, g["id"]), VENGEFUL_STYLE + (" reverse" if here else ""), f"vgod:{g['id']}"
        )
        gods.add(f"@{g['vertex']}" if g["vertex"] else "")
        gods.add(f" {g['ability']}", "bold" if here else "")
        if here:
            gods.add(f": {short(g['effect'])} ▶here", "bold")
    line = Line()
    card = _card_head(line, so, full=False)
    if card is not None:
        for row in card["rows"]:
            style = _row_style(card, row)
            line.add(f"{row['row']}{'✓' if row['resolved'] else '·'}", style)
            line.add(f" {short(row['text'])}  ", style, click="vcard")
    tracks = Line()
    for key, title in (("calendar", "VCal"), ("codex", "VCod")):
        tracks.add(f"{title} ", VENGEFUL_STYLE)
        for i, sp in enumerate(so[key]):
            tracks.add(
                "V" if sp["unit"] else "·", "bold" if sp["unit"] else "dim", f"vspace:{key}:{i}"
            )
        tracks.add(" ")
    task = so["task"]
    if task is not None and task["side"] is None:
        tracks.add(f"│ Task card {task['card']}: choose a side", "yellow")
    elif task is not None:
        tracks.add(f"│ Task {task['side']} {task['name']}: ", "yellow", click="task")
        for who, goal in (("you", task["player"]), ("V", task["vengeful"])):
            tracks.add(f"{who} {_circles(goal)}", "bold").add(f"({_values(goal)}) ")
    return [gods, line, tracks]


def _tall(board: Drawer, view: MezoView) -> list[Line]:
    so = view["solo"]
    out = [Line().add("Vengeful gods", VENGEFUL_STYLE).add(" (VENGEFUL when present here)")]
    if not so["gods"]:
        out.append(Line().add("  none yet", "dim"))
    for g in so["gods"]:
        here = g["present_here"]
        line = Line().add("  ").add(god_tag(view, g["id"]), VENGEFUL_STYLE, f"vgod:{g['id']}")
        where = f" @{g['vertex']} ({' '.join(g['regions'])})" if g["vertex"] else ""
        line.add(f" {g['name']}{where} ").add(g["ability"], "bold")
        line.add(f": {g['text']}", "" if here else "dim")
        if here:
            line.add(" ▶here", "bold reverse")
        out.append(line)
    head = Line()
    card = _card_head(head, so, full=True)
    out.append(head)
    if card is not None:
        for row in card["rows"]:
            style = _row_style(card, row)
            mark = "✓" if row["resolved"] else "·"
            out.append(Line().add(f"  {row['row']}{mark} {row['text']}", style))
    for key, title in (("calendar", "Vengeful Calendar"), ("codex", "Vengeful Codex   ")):
        line = Line().add(f"{title} ", VENGEFUL_STYLE)
        for i, sp in enumerate(so[key]):
            unit = sp["unit"]
            line.add(
                f"{sp['id']}[{'V' if unit else '·'}] ", "bold" if unit else "", f"vspace:{key}:{i}"
            )
            line.add(f"{sp['text']}  ", "" if unit else "dim")
        out.append(line)
    task = so["task"]
    if task is not None and task["side"] is None:
        out.append(Line().add(f"Task card {task['card']}: choose a side", "yellow"))
    elif task is not None:
        out.append(Line().add(f"Task {task['side']}, {task['name']}", "yellow"))
        for who, goal in (("you", task["player"]), ("Vengeful", task["vengeful"])):
            line = Line().add(f"  {who} {_circles(goal)} ", "bold")
            line.add(f"({_values(goal)}) {goal['text']}")
            out.append(line)
    return out


_SHORT = (
    (", then ", ", "),
    (" here", ""),
    ("BUILD pyramid ", "BUILD ▲"),
    ("BUILD Glyph ", "BUILD g"),
    (" Strength", "⚔"),
)


def short(text: str) -> str:
    """A step text squeezed for 80 columns (the board's own symbols: ▲ pyramid, g Glyph)."""
    for a, b in _SHORT:
        text = text.replace(a, b)
    return text


def tribe_line(board: Drawer, view: MezoView, t: dict[str, Any]) -> str:
    """The Vengeful tribe's line: VP, army, pieces (no god card, no Devotion)."""
    so = view["solo"]
    line = Line().add(" ").add("V", VENGEFUL_STYLE).add(" Vengeful gods")
    line.add(f" VP {t['vp']}", "bold")
    res, xib = t["reserve"], t["xibalba"]
    if board.wide:
        line.add(f" Reserve S{res[0]} W{res[1]} · Xibalba S{xib[0]} W{xib[1]}")
        line.add(f" · g{t['glyph_supply']}")
        sup = t["pyramid_supply"]
        line.add(" ▲" + "".join(f"{k[0].upper()}{n}" for k, n in sup.items()))
        line.add(f" · {'/'.join(so['colours'])} armies · {so['difficulty_name']}", "dim")
    else:
        line.add(f" Res {res[0]}/{res[1]} Xib {xib[0]}/{xib[1]}")
    if t["offering"][0] or t["offering"][1]:
        line.add(f" offered {t['offering'][0]}/{t['offering'][1]}", "yellow")
    if t["strength_tokens"]:
        line.add(f" +{t['strength_tokens']}⚔")
    strength = view["conflict"]["strength"]
    if strength is not None:
        line.add(f" ⚔ you {strength[0]} : {strength[1]} V", "bold")
    return line.markup()


def _wrap(line: Line, width: int) -> str:
    """The line's markup, or its plain text wrapped under a small indent when too long."""
    if line.width <= width:
        return line.markup()
    text = line.plain()
    return _plain("\n".join(textwrap.wrap(text, width, subsequent_indent="    ")))


def _plain(text: str) -> str:
    """Text shown as it is (every bracket escaped, as ``Line.add`` does)."""
    return text.replace("[", "\\[")

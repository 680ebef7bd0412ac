"""What the Mezo board draws in a solo game: the Vengeful gods, their card, tracks and Task.

``MezoBoard`` calls these helpers only when the view has a ``solo`` part. A Vengeful god is
``☠`` and its initial (``☠K`` Kukulkan) wherever it stands; the Vengeful tribe's letter is
``V``. The revealed Vengeful card lists its three rows with ``✓`` on the rows it resolved
and the latest one reversed; Task tracks show covered circles as ``●``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.markup import escape

if TYPE_CHECKING:
    from .screen import Line, MezoBoard

VENGEFUL_STYLE = "bold magenta"


def god_tag(view: dict[str, Any], god_id: str) -> str:
    """``☠`` and the god's initial, as drawn on vertices and in the panel."""
    for g in view["solo"]["gods"]:
        if g["id"] == god_id:
            return "☠" + g["name"][0]
    return "☠?"


def vertex_mark(board: MezoBoard, view: dict[str, Any], vx: dict[str, Any], line: Line) -> None:
    """Draw the Vengeful god standing on vertex ``vx`` (if any) into a region's edge."""
    god = vx.get("vengeful")
    if god:
        line.add(god_tag(view, god), VENGEFUL_STYLE + " reverse")


def panel(board: MezoBoard, view: dict[str, Any]) -> str:
    """The solo lines: Vengeful gods, the Vengeful card, their tracks and the Task card."""
    from .screen import Line

    so = view["solo"]
    wide = board.wide
    width = max(40, board.size.width - 2) if board.size.width else 78
    out: list[str] = []

    gods = Line().add("Vengeful ", VENGEFUL_STYLE)
    if not so["gods"]:
        gods.add(f"gods: none yet ({so['pool_size']} in the ability deck)", "dim")
    for i, g in enumerate(so["gods"]):
        if i:
            gods.add(" · ")
        here = g["present_here"]
        gods.add(god_tag(view, g["id"]), VENGEFUL_STYLE + (" reverse" if here else ""))
        where = f"@{g['vertex']}" if g["vertex"] else ""
        gods.add(f" {g['name']}{where}" if wide else where)
        gods.add(f" {g['ability']}", "bold" if here else "")
        if wide:
            gods.add(f": {g['text']}", "" if here else "dim")
        elif here:
            gods.add(f": {g['effect']}")
        if here:
            gods.add(" ▶here", "bold")
    out.append(_fit(gods, width))

    card = so["card"]
    line = Line()
    if card is None:
        line.add("Vengeful card: ", VENGEFUL_STYLE).add("face down", "dim")
        line.add(f" · deck {so['deck_size']}")
        if wide and so["unseen"]:
            line.add(" (" + ", ".join(so["unseen"]) + ")", "dim")
    else:
        title = card["name"] if wide or card["current"] else f"{card['name']} (last)"
        line.add(f"{title} ", VENGEFUL_STYLE).add(f"◣{card['corner']} ", "bold")
        last = card["order"][-1] if card["order"] else None
        for row in card["rows"]:
            done = row["resolved"] > 0
            style = "bold reverse" if row["row"] == last and card["current"] else ""
            style = style or ("" if done else "dim")
            line.add(f"{row['row']}{'✓' if done else '·'}", style)
            line.add(f" {row['text']}  ", style)
    if so["draw_limit"]:
        line.add(f" you draw {so['draw_limit']}", "yellow")
    out.append(_fit(line, width))

    tracks = Line()
    for key, title in (("calendar", "VCal"), ("codex", "VCod")):
        tracks.add(f"{title} ", VENGEFUL_STYLE)
        for sp in so[key]:
            mark = "V" if sp["unit"] else "·"
            if wide:
                tracks.add(f"{sp['id']}[{mark}] ", "" if sp["unit"] else "dim")
                tracks.add(f"{sp['text']}  ", "dim")
            else:
                tracks.add(mark, "bold" if sp["unit"] else "dim")
        tracks.add(" ")
    task = so["task"]
    if task is None:
        pass
    elif task["side"] is None:
        tracks.add(f"│ Task card {task['card']}: choose a side", "yellow")
    else:
        tracks.add(f"│ Task {task['side']} {task['name']}: ", "yellow")
        for who, goal in (("you", task["player"]), ("V", task["vengeful"])):
            circles = "".join("●" if i < goal["tokens"] else "○" for i in range(len(goal["track"])))
            tracks.add(f"{who} {circles}", "bold").add(
                f"({'/'.join(str(x) for x in goal['track'])}) "
            )
    out.append(_fit(tracks, width))
    if wide and task and task["side"]:
        out.append(escape(f"  Task, you: {task['player']['text']}"))
        out.append(escape(f"  Task, Vengeful: {task['vengeful']['text']}"))
    return "\n".join(out)


def tribe_line(board: MezoBoard, view: dict[str, Any], t: dict[str, Any]) -> str:
    """The Vengeful tribe's line: VP, army, pieces (no god card, no Devotion)."""
    from .screen import Line

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


def _fit(line: Line, width: int) -> str:
    """The line's markup, or its plain text cut to ``width`` when it is too long."""
    from .screen import _strip

    if line.width <= width:
        return line.markup()
    return escape("".join(_strip(p) for p in line.parts)[: width - 1] + "…")

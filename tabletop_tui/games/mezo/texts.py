"""Sentences that say what a Mezo board element does, built from the data's fields.

The view puts them next to the element (``about``) so that a board can show them in place or
in its inspector without knowing a rule. Our own words; the step texts come from
``rules._steps_text``. No Textual or Rich here.
"""

from __future__ import annotations

TRACK_UNITS = {"calendar": "Shamans", "codex": "Warriors"}


def altar_about(name: str, reward: str) -> str:
    """What an Altar gives, and to whom."""
    return f"{name}: the winner of this region's conflict (most Strength) gains {reward}."


def blessed_about(vp: int) -> str:
    """The Blessed Region's contest in one breath."""
    return (
        "The Blessed Region this Age: no God cards and no Altar here. Every tribe offers units "
        "from its Reserve in secret (each gives +1 Devotion and +1 Strength); the most "
        f"Strength gains {vp} VP (a tie goes to the tribe with fewer VP)."
    )


ABANDONED_ABOUT = "Abandoned in this game: nobody fights here and nothing can enter it."


def space_about(track: str, track_name: str, name: str, effect: str, vp: int) -> str:
    """What a Calendar or Codex space gives, and how a unit gets there."""
    units = TRACK_UNITS.get(track, "units")
    return (
        f"{track_name} space {name}: after a conflict, the tribe with the most {units} in "
        f"its region moves one of them onto a free space of its choice and gains {effect}. "
        f"Each unit on the {track_name} scores {vp} VP at the end of the Age."
    )


def wrath_about(name: str, age: int, per_unit: str, per_action: str) -> str:
    """What the Wrathful god tile of an Age pays for a SACRIFICE."""
    parts = [f"Wrathful god of Age {age}, {name}: each unit you SACRIFICE gives +1 Devotion"]
    if per_unit:
        parts.append(f" and {per_unit}")
    text = "".join(parts) + "."
    if per_action:
        text += f" Once for each SACRIFICE of at least one unit: {per_action}."
    return text + " Sacrificed units go to Xibalba when the conflict ends."


def god_about(
    name: str, title: str, passive_name: str, passive_text: str, call_name: str, call_text: str
) -> str:
    """A god's always-on ability and its CALL."""
    return (
        f"{name}, {title}. Always on, {passive_name}: {_sentence(passive_text)} "
        f"CALL {call_name} (once in each God Step, before or after your god moves): "
        f"{_sentence(call_text)}"
    )


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."

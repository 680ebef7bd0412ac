"""Seats as people read them: a seat's name, a seat kind's label and ``{seat:N}`` in engine
text. Free of Textual and Rich, so the session, the store and the screens share one spelling
of each."""

from __future__ import annotations

import re
from collections.abc import Sequence

HUMAN = "human"

_SEAT_REF = re.compile(r"\{seat:(\d+)\}")


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat`` (0-based), or 'Seat N' for a seat the list does not name (a save
    with a short seat list)."""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def kind_label(kind: str) -> str:
    """'human' or 'hard bot': how a seat kind reads on screen."""
    return "human" if kind == HUMAN else f"{kind} bot"


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace ``{seat:N}`` (0-based) in engine text with the name of seat N."""
    return _SEAT_REF.sub(lambda match: seat_name(names, int(match.group(1))), text)

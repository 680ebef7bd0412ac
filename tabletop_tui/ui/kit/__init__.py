"""The board kit: one vocabulary that every game's board draws with.

``palette`` gives colour roles checked against the theme, ``text`` lays text out by cell
width, ``card`` draws cards as boxes or lines. The clickable board text and the inspector
slot live in ``tabletop_tui.ui.board``.
"""

from .card import (
    CardFace,
    box_height,
    card_box,
    card_line,
    click,
    flow,
    flow_lines,
    hstack,
    kept_card_box,
)
from .palette import Palette
from .text import fit, join_lines, pack, pack_height, wrap

__all__ = [
    "CardFace",
    "Palette",
    "box_height",
    "card_box",
    "card_line",
    "click",
    "fit",
    "flow",
    "flow_lines",
    "hstack",
    "join_lines",
    "kept_card_box",
    "pack",
    "pack_height",
    "wrap",
]

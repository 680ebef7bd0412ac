"""Cell-width-true text layout for boards: pack pieces into lines, cut to a width, wrap.

Every helper measures with Rich's cell widths, so wide symbols and accented names never push
a line past the board's edge.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text


def as_text(piece: str | Text) -> Text:
    return piece if isinstance(piece, Text) else Text(piece)


def pack(pieces: Iterable[str | Text], width: int, indent: int = 2, sep: str = " ") -> list[Text]:
    """Lay ``pieces`` out left to right in lines of at most ``width`` cells, breaking only
    between pieces; continuation lines start with ``indent`` spaces. A piece wider than a
    line is cut with an ellipsis."""
    width = max(8, width)
    lines: list[Text] = []
    line = Text()
    for raw in pieces:
        piece = as_text(raw)
        if piece.cell_len > width - indent:
            piece = fit(piece, width - indent)
        if line.cell_len and line.cell_len + len(sep) + piece.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
        elif line.cell_len and line.plain.strip():
            line.append(sep)
        line.append_text(piece)
    if line.cell_len:
        lines.append(line)
    return lines


def pack_height(pieces: Iterable[str], width: int, indent: int = 2, sep: str = " ") -> int:
    """How many lines ``pack`` makes of pieces with these plain texts, counted without
    making them (a board measures layouts it may not draw)."""
    width = max(8, width)
    lines = used = 0
    solid = False  # the line holds more than its indent
    for piece in pieces:
        size = cell_len(piece)
        if size > width - indent:
            size = fit(piece, width - indent).cell_len
        if used and used + len(sep) + size > width:
            lines += 1
            used, solid = indent, False
        elif used and solid:
            used += cell_len(sep)
        used += size
        solid = solid or bool(piece.strip())
    return lines + (1 if used else 0)


def fit(text: str | Text, width: int) -> Text:
    """``text`` cut to ``width`` cells, with '…' where it was cut."""
    t = as_text(text).copy()
    if t.cell_len <= width:
        return t
    t.truncate(max(1, width), overflow="ellipsis")
    return t


def wrap(text: str | Text, width: int) -> list[Text]:
    """``text`` broken into lines of at most ``width`` cells at spaces (Rich's wrapping)."""
    return list(as_text(text).wrap(_console(), max(4, width)))


@cache
def _console() -> Console:
    """A console only for measuring and wrapping (never printed to)."""
    return Console(width=1000, color_system=None, legacy_windows=False)


def join_lines(lines: Iterable[Text]) -> Text:
    """One Text of ``lines`` separated by newlines (what a Static shows)."""
    return Text("\n").join(lines)

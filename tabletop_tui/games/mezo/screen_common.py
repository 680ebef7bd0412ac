"""What the Mezo board modules share: styled text with a tracked width, theme-safe styles,
and the little a helper needs to know of the board.

``screen`` (the board) imports ``module_screen`` and ``solo_screen``; those two import only
this module, so the imports go one way. The board builds Rich markup line by line with
``Line``; ``themed`` then turns the colour words it uses (``red``, ``dim``...) into the
palette's contrast-checked colours, or drops them under NO_COLOR, so no board text names a
fixed colour.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Protocol

from rich.cells import cell_len
from textual.geometry import Size

from tabletop_tui.ui.kit.palette import HUES, Palette

from .views import MezoView


class Drawer(Protocol):
    """The board, as the module and solo helpers see it."""

    size: Size

    @property
    def wide(self) -> bool: ...

    def letter(self, v: MezoView, seat: int) -> tuple[str, str]: ...


class Line:
    """A run of styled, maybe clickable text whose printed width (in cells) is tracked."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0

    def add(self, text: str, style: str = "", click: str | None = None) -> Line:
        body = text.replace("[", "\\[")
        if click:
            style = f"{style} @click=element('{click}')".strip()
        self.parts.append(f"[{style}]{body}[/]" if style else body)
        self.width += cell_len(text)
        return self

    def pad(self, width: int, fill: str = " ", style: str = "") -> Line:
        if self.width < width:
            self.add(fill * (width - self.width), style)
        return self

    def markup(self) -> str:
        return "".join(self.parts)

    def plain(self) -> str:
        return "".join(_strip(p) for p in self.parts)

    def fit(self, width: int) -> Line:
        """This line, or its first parts (styles kept) and an ellipsis within ``width``."""
        if self.width <= width:
            return self
        out = Line()
        for part in self.parts:
            text = _strip(part)
            if out.width + cell_len(text) > width - 1:
                room = width - 1 - out.width
                cut = ""
                for ch in text:
                    if cell_len(cut + ch) > room:
                        break
                    cut += ch
                out.add(cut, _style(part))
                break
            out.parts.append(part)
            out.width += cell_len(text)
        return out.add("…")

    def extend(self, other: Line) -> Line:
        """Append another line's parts."""
        self.parts.extend(other.parts)
        self.width += other.width
        return self


def _strip(markup: str) -> str:
    """The plain text of one part built by ``Line.add``."""
    if markup.startswith("[") and "]" in markup and markup.endswith("[/]"):
        body = markup[markup.index("]") + 1 : -3]
    else:
        body = markup
    return body.replace("\\[", "[")


def _style(markup: str) -> str:
    """The style of one part built by ``Line.add`` (without its click)."""
    if markup.startswith("[") and "]" in markup and markup.endswith("[/]"):
        style = markup[1 : markup.index("]")]
        return " ".join(w for w in style.split() if not w.startswith("@click"))
    return ""


_TAG = re.compile(r"(?<!\\)\[([^\]/][^\]]*)\]")


@lru_cache(maxsize=256)
def themed(markup: str, palette: Palette) -> str:
    """``markup`` with its colour words resolved for the theme: a hue name becomes the
    palette's legible colour, ``dim`` the palette's muted grey (``dim`` itself vanishes on
    some terminals); under NO_COLOR both go and bold/reverse carry the meaning."""

    def tag(match: re.Match[str]) -> str:
        words = []
        for word in match.group(1).split(" "):
            if word in HUES:
                colour = palette.hue(word, bold=False)
                if colour:
                    words.append(colour)
            elif word == "dim":
                muted = palette.muted()
                if muted:
                    words.append(muted)
            elif word:
                words.append(word)
        return f"[{' '.join(words)}]" if words else "[none]"

    return _TAG.sub(tag, markup)

"""Colour roles for boards, resolved from the app's theme and checked for contrast.

Boards never name a fixed colour. They ask the palette for a *role* (a seat, or a hue such as
``"red"`` that a game maps its card types or runes to) and get a Rich style string whose colour
has been moved, if needed, until it stands out from the theme's background by a WCAG contrast
ratio of at least ``MIN_CONTRAST``. The same check keeps text legible under ``NO_COLOR``,
where Textual turns every colour into a grey of the same luminance: a colour that contrasts by
luminance stays visible as a grey. Colour is never the only signal: boards always pair it with
a word, a letter or a symbol, and ``Palette.plain`` (set under ``NO_COLOR``) lets a board lean
on bold and reverse instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from textual.color import Color

MIN_CONTRAST = 4.5

# Base hues, tuned for a dark background; light themes get them darkened by the check.
HUES: dict[str, str] = {
    "red": "#ff6b6b",
    "orange": "#ffa94d",
    "yellow": "#ffd43b",
    "green": "#69db7c",
    "cyan": "#3bc9db",
    "blue": "#74a9ff",
    "violet": "#b197fc",
    "magenta": "#f783ac",
    "brown": "#d8a06b",
    "grey": "#adb5bd",
}
# Seats 1-5 in this order: hues far apart, and never yellow next to green.
SEAT_HUES = ("red", "blue", "green", "magenta", "orange")


def luminance(color: Color) -> float:
    """WCAG relative luminance of ``color``."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


@lru_cache(maxsize=512)
def legible(hex_color: str, background: str, minimum: float = MIN_CONTRAST) -> str:
    """``hex_color``, lightened or darkened in small steps until it reaches ``minimum``
    contrast against ``background`` (as a ``#rrggbb`` string)."""
    color, back = Color.parse(hex_color), Color.parse(background)
    towards_light = luminance(back) < 0.2
    step = 0
    while contrast(color, back) < minimum and step < 20:
        color = color.lighten(0.05) if towards_light else color.darken(0.05)
        step += 1
    return color.hex6


@dataclass(frozen=True)
class Palette:
    """The styles one theme gives the board roles. Build it with ``Palette.for_app``."""

    background: str = "#1e1e1e"
    plain: bool = False  # NO_COLOR: no colour at all, bold/reverse carry the meaning

    @classmethod
    def for_app(cls, app: Any) -> Palette:
        """The palette of ``app``'s current theme (and its NO_COLOR setting)."""
        background = "#1e1e1e"
        try:
            theme = app.current_theme
            background = Color.parse(theme.background or ("#1e1e1e" if theme.dark else "#f5f5f5"))
            background = background.hex6
        except Exception:  # no app or no theme yet (tests mounting a board alone)
            pass
        return _palette(background, bool(getattr(app, "no_color", False)))

    def hue(self, name: str, *, bold: bool = True) -> str:
        """The style of hue ``name`` (one of ``HUES``), legible on this background."""
        weight = "bold " if bold else ""
        if self.plain:
            return weight.strip()
        base = HUES.get(name, HUES["grey"])
        return f"{weight}{legible(base, self.background)}"

    def seat(self, seat: int | None, *, bold: bool = True) -> str:
        """The style of seat ``seat`` (0-based); the table itself (None) is unstyled."""
        if seat is None:
            return ""
        return self.hue(SEAT_HUES[seat % len(SEAT_HUES)], bold=bold)

    def badge(self) -> str:
        """An option's number on the board: reverse video reads in every theme."""
        return "bold reverse"

    def muted(self) -> str:
        """Secondary text: a grey that still passes the contrast check (never ``dim``,
        which vanishes on some terminals under NO_COLOR)."""
        if self.plain:
            return ""
        return legible(HUES["grey"], self.background)

    def accent(self) -> str:
        """The board's own emphasis (what is active now)."""
        return (
            "bold underline" if self.plain else f"bold {legible(HUES['yellow'], self.background)}"
        )


@lru_cache(maxsize=64)
def _palette(background: str, plain: bool) -> Palette:
    return Palette(background=background, plain=plain)

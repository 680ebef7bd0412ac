"""Cards drawn as cards: one renderer for every game's cards, tiles and spaces.

A game turns its view's card into a ``CardFace`` (its type in words, its name, the numbers with
their meaning, a hue role) and the kit draws it either as a box::

    ╭ 2 Hunter ──── Era II ╮
    │ Bow                  │
    │ +1 food per Hunter   │
    ╰──────────────────────╯

or as one line (``▲Hunter · bow · +1 food per Hunter``) where room is short. The option
number that picks the card sits in the box's corner (reverse video), a highlighted card gets
a heavy border, and the whole card clicks through to ``target``. Layout helpers stack boxes
side by side (``hstack``) or flow them into rows that fit a width (``flow``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rich.style import Style
from rich.text import Span, Text

from .palette import Palette
from .text import fit, wrap

ROUND = ("╭", "╮", "╰", "╯", "─", "│")
HEAVY = ("┏", "┓", "┗", "┛", "━", "┃")


@dataclass(frozen=True)
class CardFace:
    """What a card says, in words. ``title`` is its type or name as a player would say it
    (``Hunter``, ``Offer tile B``); ``lines`` are short sentences or labelled numbers;
    ``corner`` is a small fact for the top-right (era, cost); ``symbol`` a one-cell mark
    that repeats the type without colour; ``hue`` a palette hue name."""

    title: str
    lines: tuple[str, ...] = ()
    corner: str = ""
    symbol: str = ""
    hue: str = "grey"
    target: str | None = None
    dim: bool = False  # e.g. a card already used, or face down


def click(text: Text, target: str | None, action: str = "element") -> Text:
    """``text`` made clickable: a click calls ``action(target)`` on the widget showing it."""
    if target is not None:
        text.stylize(Style.from_meta({"@click": f"{action}({target!r})"}))
    return text


def card_box(
    face: CardFace,
    width: int,
    palette: Palette,
    *,
    height: int | None = None,
    badge: int | None = None,
    selected: bool = False,
) -> list[Text]:
    """The card as a box ``width`` cells wide (at least 8): title and corner in the top
    border, ``lines`` wrapped inside, padded or cut to ``height`` lines if given."""
    return [row.copy() for row in kept_card_box(face, width, palette, height, badge, selected)]


def _edge(face: CardFace, palette: Palette, selected: bool) -> str:
    """The style of the box's border."""
    return palette.hue(face.hue, bold=selected) if not face.dim else palette.muted()


def _top_row(
    face: CardFace, width: int, palette: Palette, badge: int | None, selected: bool
) -> Text:
    """The box's top border: the option number, the symbol and title, the corner."""
    width = max(8, width)
    inner = width - 2
    tl, tr, _, _, h, _ = HEAVY if selected else ROUND
    edge = _edge(face, palette, selected)
    title_style = palette.hue(face.hue)
    if selected and palette.plain:
        title_style = "bold reverse"

    # Borders are appended as styled pieces (never a row's base style, which would tint the
    # card's own text with the edge colour).
    top = Text()
    top.append(tl, style=edge)
    head = Text()
    if badge is not None:
        head.append(f"{badge}", style=palette.badge())
        head.append(" ")
    if face.symbol:
        head.append(face.symbol + " ", style=title_style)
    head.append(face.title, style=title_style)
    corner = Text(f" {face.corner} ", style=palette.muted()) if face.corner else Text()
    room = inner - 2 - corner.cell_len
    if room < 4:
        corner, room = Text(), inner - 2
    head = fit(head, room)
    top.append(" ")
    top.append_text(head)
    top.append(" ")
    top.append(h * max(0, inner - 2 - head.cell_len - corner.cell_len), style=edge)
    top.append_text(corner)
    top.append(tr, style=edge)
    return top


def _body_rows(
    face: CardFace, width: int, palette: Palette, height: int | None, selected: bool
) -> list[Text]:
    """The box under its top border: ``lines`` wrapped inside, then the bottom border."""
    width = max(8, width)
    inner = width - 2
    _, _, bl, br, h, v = HEAVY if selected else ROUND
    edge = _edge(face, palette, selected)
    body = list(_wrapped(face, inner - 2, palette))
    if height is not None:
        room_lines = max(0, height - 2)
        if len(body) > room_lines:
            body = body[:room_lines]
            if body:
                body[-1] = fit(body[-1].copy().append(" …"), inner - 2)
        body += [Text()] * (room_lines - len(body))
    out = []
    for part in body:
        row = Text()
        row.append(v, style=edge)
        row.append(" ")
        row.append_text(fit(part, inner - 2))
        row.append(" " * max(0, inner - 1 - min(part.cell_len, inner - 2)))
        row.append(v, style=edge)
        out.append(row)
    bottom = Text()
    bottom.append(bl + h * inner + br, style=edge)
    out.append(bottom)
    return out


def box_height(face: CardFace, width: int, palette: Palette) -> int:
    """How many lines ``card_box`` draws for ``face`` with no height given, without drawing
    it: a board measures boxes for several layouts before it draws the one that fits."""
    return 2 + len(_wrapped(face, max(8, width) - 4, palette))


@lru_cache(maxsize=4096)
def _wrapped(face: CardFace, width: int, palette: Palette) -> tuple[Text, ...]:
    """``face``'s lines wrapped in ``width`` cells, kept: a board measures a box's height
    before drawing it at the height of the tallest box beside it. Shared: only read them."""
    style = palette.muted() if face.dim else ""
    return tuple(part for line in face.lines for part in _wrapped_line(line, width, style))


@lru_cache(maxsize=4096)
def _wrapped_line(line: str, width: int, style: str) -> tuple[Text, ...]:
    """One of a face's lines wrapped in ``width`` cells, kept apart from the face: a card
    whose option number changed still says the rest as before, and wrapping was most of
    drawing a box. Shared: only read them."""
    return tuple(wrap(Text(line, style=style), width))


@lru_cache(maxsize=4096)
def kept_card_box(
    face: CardFace,
    width: int,
    palette: Palette,
    height: int | None = None,
    badge: int | None = None,
    selected: bool = False,
) -> tuple[Text, ...]:
    """``card_box``, kept: a board redraw tries several layouts of the same cards, and from
    move to move most cards are drawn the same. The lines are shared, so only read them
    (``flow`` and ``hstack`` copy them into new lines). The box under its top border is
    kept apart from the option number: when the options change, a card's number does,
    and only its top border is drawn again."""
    top = click(_top_row(face, width, palette, badge, selected), face.target)
    return (top, *_kept_body(face, width, palette, height, selected))


@lru_cache(maxsize=4096)
def _kept_body(
    face: CardFace, width: int, palette: Palette, height: int | None, selected: bool
) -> tuple[Text, ...]:
    return tuple(
        click(row, face.target) for row in _body_rows(face, width, palette, height, selected)
    )


def card_line(
    face: CardFace,
    palette: Palette,
    *,
    badge: int | None = None,
    selected: bool = False,
    width: int | None = None,
    details: bool = True,
) -> Text:
    """The card on one line: badge, symbol, title, then its lines joined by ' · '."""
    text = Text()
    if badge is not None:
        text.append(f"{badge}", style=palette.badge())
    style = palette.hue(face.hue) if not face.dim else palette.muted()
    if selected:
        style += " underline" if not palette.plain else " reverse"
    text.append(f"{face.symbol}{face.title}", style=style)
    if details and face.lines:
        text.append(" · " + " · ".join(face.lines))
    if width is not None:
        text = fit(text, width)
    return click(text, face.target)


def hstack(blocks: Sequence[list[Text]], gap: int = 1) -> list[Text]:
    """Boxes side by side, top-aligned; shorter ones are padded with blank lines.

    Each row is made at once from its parts' texts and spans (what ``Text.append_text``
    and padding spaces would make, one part after another, in a few times less time: a
    board puts most of its rows together this way at every move)."""
    if not blocks:
        return []
    tall = max(len(b) for b in blocks)
    cells = [[ln.cell_len for ln in b] for b in blocks]
    widths = [max(c, default=0) for c in cells]
    between = " " * gap
    rows: list[Text] = []
    for i in range(tall):
        plain: list[str] = []
        spans: list[Span] = []
        at = 0
        for j, (block, w) in enumerate(zip(blocks, widths, strict=True)):
            if j:
                plain.append(between)
                at += gap
            pad = w
            if i < len(block):
                part = block[i]
                text = part.plain
                size = len(text)
                if part.style:
                    spans.append(Span(at, at + size, part.style))
                spans.extend(Span(a + at, b + at, style) for a, b, style in part.spans)
                plain.append(text)
                at += size
                pad -= cells[j][i]
            if pad > 0:
                plain.append(" " * pad)
                at += pad
        rows.append(Text("".join(plain), spans=spans))
    return rows


def flow_lines(widths: Sequence[int], width: int, gap: int = 1) -> int:
    """How many rows of boxes ``flow`` makes of boxes this wide (without drawing them)."""
    rows, used = 0, 0
    for w in widths:
        if used and used + gap + w > width:
            used = 0
        if not used:
            rows += 1
            used = w
        else:
            used += gap + w
    return rows


def flow(blocks: Sequence[list[Text]], width: int, gap: int = 1) -> list[Text]:
    """Boxes laid left to right in as many rows as ``width`` needs."""
    rows: list[Text] = []
    current: list[list[Text]] = []
    used = 0
    for block in blocks:
        w = max((ln.cell_len for ln in block), default=0)
        if current and used + gap + w > width:
            rows += hstack(current, gap)
            current, used = [], 0
        used += (gap if current else 0) + w
        current.append(block)
    if current:
        rows += hstack(current, gap)
    return rows

"""The Maeshowe board: tracks, the row with its Excavate chain, hands, deck and discards.

Every card shows its rune as a letter in a reverse-video tag (``R`` red, ``B`` blue, ``*``
both for Horror, ``-`` none for Hope), so colour is never the only signal; the colours come
from the palette and are checked against the theme. A hand card shows both effects, each
with the number of the option that does it (``▶`` played, ``✗`` discarded, ``→`` given).

Sizes: at 80x24 (about 78x14 cells) a hand card is one line, the partner's hand takes one
line and the bottom line shows one pile at a time (a click shows the next). From 120x40 the
hands are drawn as cards (boxes) with their effects in words, every pile is listed, and
where there is room the boxes carry the full card texts and the log of the chain. The frame's
inspector explains whatever the decision panel highlights (or a clicked element) in full
sentences taken from the view.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from tabletop_tui.engine.core import Option
from tabletop_tui.ui.board import BoardText, BoardView
from tabletop_tui.ui.common import fill_names
from tabletop_tui.ui.kit import (
    CardFace,
    Palette,
    box_height,
    click,
    fit,
    flow,
    flow_lines,
    kept_card_box,
    pack,
    wrap,
)

from .views import MaeshoweView

RUNE_TAG = {"red": "R", "blue": "B", "any": "*", "none": "-"}
RUNE_HUE = {"red": "red", "blue": "blue", "any": "violet", "none": "grey"}
RUNE_WORDS = {
    "red": "a red-rune card",
    "blue": "a blue-rune card",
    "any": "a card of both runes (it matches red and blue in the madness check)",
    "none": "a card with no rune (a hand holding it never goes mad)",
}
WIDE = 60  # from this width a hand line shows its effects in two aligned columns
BOX_SHORT = 24  # the narrowest box that holds a card's short effects
BOX_FULL = 30  # the narrowest box worth giving the full card texts


def styled(text: str, style: str) -> Text:
    """``text`` in ``style`` as a span, so that what is appended after it stays plain
    (a Text's own style would spread to everything appended)."""
    out = Text()
    out.append(text, style=style)
    return out


def rune_tag(rune: str, palette: Palette) -> Text:
    """The rune's letter in reverse video of its hue (bold reverse under NO_COLOR)."""
    text = Text()
    text.append(RUNE_TAG[rune], style=f"{palette.hue(RUNE_HUE[rune])} reverse")
    return text


def card_token(card: dict[str, Any], palette: Palette, rune: str | None = None) -> Text:
    """``R Excavate`` style token for rows and lists (the tag is coloured)."""
    text = rune_tag(rune or card["rune"], palette)
    text.append(f" {card['short']}")
    return text


def track(filled: int, total: int, on: str, off: str, style: str, palette: Palette) -> Text:
    text = styled(on * filled, style=style)
    text.append(off * max(0, total - filled), style=palette.muted())
    return text


def counted(cards: list[dict[str, Any]], palette: Palette) -> Text:
    """Cards grouped by kind with a count per rune: ``Excavate R×3 B×2, Raven B×1``."""
    groups: dict[str, dict[str, int]] = {}
    for card in sorted(cards, key=lambda c: (c["short"], c["rune"])):
        runes = groups.setdefault(card["short"], {})
        runes[card["rune"]] = runes.get(card["rune"], 0) + card.get("count", 1)
    text = Text()
    for i, (name, runes) in enumerate(groups.items()):
        if i:
            text.append(", ")
        text.append(name)
        for rune, count in runes.items():
            text.append(" ")
            text.append_text(rune_tag(rune, palette))
            text.append(f"×{count}")
    return text


def card_name(card: dict[str, Any]) -> str:
    """The card as the options name it: ``Excavate [R]``; Horror and Hope carry no tag."""
    tag = RUNE_TAG[card["rune"]]
    return f"{card['short']} [{tag}]" if card["rune"] in ("red", "blue") else card["short"]


def card_class(card: dict[str, Any]) -> tuple[str, str]:
    """Cards of one kind and rune are interchangeable: options name one of them."""
    return (card["type"], card["rune"])


class MaeshoweBoard(BoardView):
    view: MaeshoweView | None  # what ``update_board`` was given

    DEFAULT_CSS = """
    MaeshoweBoard > VerticalScroll { height: 1fr; }
    /* At least as tall as the board's room: a board of fewer lines keeps its size, and a
       move redraws only the rows that changed (``BoardText``). */
    #mh-board { min-height: 100%; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._panel = 0  # 0: the unseen cards, 1..n: the discard pile of seat panel-1
        self._cards_of: tuple[MaeshoweView, dict[str, dict[str, Any]]] | None = None
        # The place (row, a hand, a pile...) of each card of that view, by id.
        self._places: dict[str, int] = {}
        # Sections that change seldom from move to move, each kept with what it was drawn
        # from (``_kept``): wrapping their sentences again was much of a redraw.
        self._sections: dict[str, tuple[Any, list[Text]]] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield BoardText(self, id="mh-board")

    # ---- cards and options ---------------------------------------------------------------

    def _cards(self) -> dict[str, dict[str, Any]]:
        """Every card the viewer can see, by id (kept for the view it was made from: each
        card drawn asks for it)."""
        view = self.view
        if view is None:
            return {}
        if self._cards_of is not None and self._cards_of[0] is view:
            return self._cards_of[1]
        cards, self._places = self._cards_in(view)
        self._cards_of = (view, cards)
        return cards

    @staticmethod
    def _cards_in(view: MaeshoweView) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
        """Every card of ``view`` the viewer can see, by id, and the place each is in."""
        places = [view["row"], view["known_top"], view["looking"]]
        places += [h or [] for h in view["hands"]] + view["discards"]
        out = {c["id"]: c for cards in places for c in cards}
        where = {c["id"]: i for i, cards in enumerate(places) for c in cards}
        if view.get("pending"):
            out.setdefault(view["pending"]["id"], view["pending"])
        return out, where

    def _same(self, a: str | None, b: str | None) -> bool:
        """Whether two card ids are the same kind and rune in the same place: interchangeable
        in options (an option names one card of each kind in the hand it plays from; the
        partner's cards of that kind are not what it plays)."""
        if a is None or b is None:
            return False
        if a == b:
            return True
        cards = self._cards()
        return (
            a in cards
            and b in cards
            and card_class(cards[a]) == card_class(cards[b])
            and self._places.get(a) == self._places.get(b)
        )

    def option_for(self, target: str) -> str | None:
        """A click on a hand card picks the first option for a card like it (options name
        one card of each kind); other elements go to the inspector."""
        if not self.pickable(self.decision, self.viewer) or self.decision is None:
            return None
        if target in ("panel",):
            return None
        for opt in self.decision.options:
            if opt.target == target or (
                target in self._hand_ids() and self._same(opt.target, target)
            ):
                return opt.id
        return None

    def element_clicked(self, target: str) -> None:
        if target == "panel":
            self.action_cycle_panel()
            self.inspect("discards" if self._panel else "deck")
            return
        super().element_clicked(target)

    def _hand_ids(self) -> set[str]:
        view = self.view
        if view is None:
            return set()
        return {c["id"] for h in view["hands"] if h for c in h}

    def _numbers(self, card: dict[str, Any]) -> dict[str, int]:
        """Option numbers (1-based) for this card's kind: ``play``, ``discard``, ``give``."""
        d = self.decision
        out: dict[str, int] = {}
        if d is None or not self.pickable(d, self.viewer):
            return out
        for i, opt in enumerate(d.options):
            if self._same(opt.target, card["id"]):
                out.setdefault(opt.id.partition(":")[0], i + 1)
        return out

    def _marked(self, card: dict[str, Any]) -> bool:
        """Whether the highlighted option is about a card of this kind."""
        option = self.option(self.highlighted)
        return option is not None and self._same(option.target, card["id"])

    def highlight(self, option_id: str | None) -> None:
        before = self.highlighted
        super().highlight(option_id)
        if option_id is None and before is not None and self.is_attached:
            self.post_message(self.Inspected(None))  # nothing to choose now: the key
        if option_id != before:
            self.request_redraw()

    def action_cycle_panel(self) -> None:
        if self.view is None:
            return
        self._panel = (self._panel + 1) % (1 + self.view["players"])
        self.redraw()

    # ---- the inspector -------------------------------------------------------------------

    def _texts(self) -> dict[str, str]:
        return (self.view or {}).get("texts", {})

    def _where(self, card_id: str) -> str:
        view = self.view
        assert view is not None
        for seat, hand in enumerate(view["hands"]):
            if hand and any(c["id"] == card_id for c in hand):
                return (
                    "It is in your hand."
                    if seat == self.viewer
                    else f"In {self._who(seat)}'s hand."
                )
        if any(c["id"] == card_id for c in view["row"]):
            return "It lies in the row (played)."
        for seat, pile in enumerate(view["discards"]):
            if any(c["id"] == card_id for c in pile):
                whose = (
                    "your"
                    if view["players"] == 1 or seat == self.viewer
                    else f"{self._who(seat)}'s"
                )
                return f"It lies in {whose} discard pile."
        if any(c["id"] == card_id for c in view["looking"]):
            return "Hope shows it from the top of the deck."
        if any(c["id"] == card_id for c in view["known_top"]):
            return "It is known to lie on top of the deck."
        return ""

    def _card_sentences(self, card: dict[str, Any]) -> str:
        name = card_name(card)
        text = f"{name}, {RUNE_WORDS[card['rune']]}. When played: {card['play_text']} "
        text += f"When discarded: {card['discard_text']}"
        return text

    def describe(self, target: str) -> str | None:
        view = self.view
        if view is None:
            return None
        texts = self._texts()
        if target in texts:
            return texts[target]
        if target.startswith("health-"):
            seat = int(target.split("-")[1])
            hp, mx = view["health"][seat], view["max_health"][seat]
            who = "Your" if view["players"] == 1 else f"{self._who(seat)}'s"
            return f"{who} health: {hp} of {mx}. {texts.get('health', '')}"
        if target == "panel":
            return texts.get("deck")
        card = self._cards().get(target)
        if card is None:
            return None
        text = self._card_sentences(card)
        where = self._where(target)
        if where:
            text += " " + where
        if (
            view["chain"]["count"]
            and not card.get("excavate", False)
            and target in self._hand_ids()
        ):
            chain = view["chain"]
            text += (
                f" Playing it breaks the Excavate chain ({chain['count']} of {chain['target']})."
            )
        return text

    def describe_option(self, option: Option) -> str | None:
        """The option's warnings first (the inspector may have two lines), then what the
        card does that way and the other way."""
        view = self.view
        if view is None:
            return None
        kind = option.id.partition(":")[0]
        warn = self._warnings(option.label)
        card = self._cards().get(option.target or "")
        if card is not None and kind in ("play", "discard", "give"):
            name = card_name(card)
            if kind == "play":
                text = f"Play {name}: {card['play_text']} Discarded instead: {card['discard_text']}"
            elif kind == "discard":
                text = f"Discard {name}: {card['discard_text']} Played instead: {card['play_text']}"
            else:
                text = (
                    f"Give {name} to your partner instead of discarding it; if that makes "
                    "six cards, they discard one at once (its discard effect happens)."
                )
            return warn + text
        if kind == "jarl":
            return warn + self._texts().get("jarl", "")
        pending = view.get("pending")
        if pending is not None:
            played = any(c["id"] == pending["id"] for c in view["row"])
            effect = pending["play_text"] if played else pending["discard_text"]
            return f"{warn}{option.label}. {card_name(pending)}: {effect}"
        if option.target:
            return warn + (self.describe(option.target) or option.label)
        return warn + option.label

    @staticmethod
    def _warnings(label: str) -> str:
        """The label's warnings (a broken chain, a lost game) as sentences."""
        inside = label.rpartition("(")[2].rstrip(")") if "(" in label else ""
        notes = [n for n in inside.split("; ") if "lose" in n or "breaks" in n]
        return "".join(f"⚠ {n[0].upper()}{n[1:]}. " for n in notes)

    def legend(self) -> str | None:
        view = self.view
        if view is None:
            return None
        text = (
            "R red rune, B blue rune, * Horror (both runes), - Hope (no rune). "
            "▶ what a card does when played, ✗ when discarded"
        )
        if view.get("fear_of_the_dark"):
            text += ", → give it to your partner"
        return text + "; the number before it picks that option. Click anything to read about it."

    # ---- drawing -------------------------------------------------------------------------

    def _who(self, seat: int) -> str:
        if self.view is not None and self.view["players"] == 1:
            return "You"
        return self.seat_name(seat)[:12]

    def _fill(self, text: str) -> str:
        return fill_names(text, [self._who(s) for s in range(2)])

    def redraw(self) -> None:
        view = self.view
        assert view is not None
        pal = self.palette
        # Two columns stay free for the scrollbar, which shows when the board overflows.
        width = max(40, (self.size.width or 80) - 2)
        height = self.size.height or 16
        band = self.band()
        n = view["players"]
        main = self.viewer if self.viewer is not None else view["turn"]
        other = 1 - main if n == 2 else None
        lines: list[Text] = []
        lines += self._status(view, width, pal)
        if band == "small":
            lines += self._small(view, main, other, width, height - len(lines), pal)
        else:
            lines += self._big(view, main, other, width, height - len(lines), band, pal)
        self.query_one("#mh-board", BoardText).update(lines)

    # ---- the small band: one line a card -------------------------------------------------

    def _small(
        self,
        view: MaeshoweView,
        main: int,
        other: int | None,
        width: int,
        room: int,
        pal: Palette,
    ) -> list[Text]:
        info = self._info(view, width, pal)
        hand = self._hand_lines(main, view, width, pal)
        partner = [self._hand_title(other, view, pal, inline=True)] if other is not None else []
        piles = self._all_piles(view, width, pal)
        panel = [fit(self._panel_line(view, pal), width)]
        row_full = pack(self._row_pieces(view, pal), width, indent=2)
        row_tail = [self._row_tail(view, width, pal)]
        chain = [self._chain(view, pal)]
        used = len(chain) + len(row_tail) + len(hand) + len(info) + len(partner) + len(panel)
        spare = room - used
        if spare < 0:  # too short: the chain and the row's newest end share a line
            chain = []
            row_tail = [self._row_tail(view, width, pal, self._chain(view, pal, short=True))]
            row_full = row_tail
            spare += 1
        # As the height allows: the partner's hand in full, every pile, the whole row.
        if other is not None and view["hands"][other] is not None:
            full = self._hand_lines(other, view, width, pal)
            if len(full) - 1 <= spare:
                spare -= len(full) - 1
                partner = full
        if len(piles) - 1 <= spare:
            spare -= len(piles) - 1
            panel = piles
        row = row_tail
        if len(row_full) - 1 <= spare:
            spare -= len(row_full) - 1
            row = row_full
        partner = [fit(p, width) for p in partner]
        return [*chain, *row, *hand, *info, *partner, *panel]

    def _hand_lines(self, seat: int, view: MaeshoweView, width: int, pal: Palette) -> list[Text]:
        lines = [self._hand_title(seat, view, pal, inline=False)]
        hand = view["hands"][seat]
        if hand is None:
            return lines
        received = view.get("received")
        for card in hand:
            lines.append(self._card_line(card, width, pal, card["id"] == received))
        return lines

    def _card_line(self, card: dict[str, Any], width: int, pal: Palette, received: bool) -> Text:
        """One hand card: mark, rune, name, then each effect after its option number."""
        marked = self._marked(card)
        numbers = self._numbers(card)
        text = Text()
        text.append("▸" if marked else " ", style=pal.accent())
        text.append_text(rune_tag(card["rune"], pal))
        name_style = (
            ("bold underline" if pal.plain else f"{pal.accent()} underline") if marked else "bold"
        )
        text.append(" ")
        text.append(f"{card['short']:<9}", style=name_style)
        wide = width >= WIDE
        for kind, mark, effect, hue in (
            ("play", "▶", card["play"], "green"),
            ("discard", "✗", card["discard"], "orange"),
        ):
            text.append(" ")
            num = numbers.get(kind)
            text.append(f"{num:>2}" if num else "  ", style=pal.badge() if num else "")
            part = f"{mark} {effect}"
            if wide and kind == "play":
                part = f"{part:<24}"
            text.append(part, style=pal.hue(hue, bold=False))
        if "give" in numbers:
            text.append(f" {numbers['give']:>2}", style=pal.badge())
            text.append("→ give", style=pal.hue("cyan", bold=False))
        if received:
            text.append("  received", style="bold reverse")
        return click(fit(text, width), card["id"])

    # ---- the larger bands: cards as boxes ------------------------------------------------

    def _face(self, card: dict[str, Any], full: bool) -> CardFace:
        numbers = self._numbers(card)

        def key(kind: str) -> str:
            return f" [{numbers[kind]}]" if kind in numbers else ""

        if full:
            lines = [
                f"▶ Play{key('play')}: {card['play_text']}",
                f"✗ Discard{key('discard')}: {card['discard_text']}",
            ]
        else:
            lines = [f"▶{key('play')} {card['play']}", f"✗{key('discard')} {card['discard']}"]
        if "give" in numbers:
            lines.append(f"→{key('give')} give to your partner")
        rune_word = {"red": "red", "blue": "blue", "any": "both", "none": "no rune"}[card["rune"]]
        return CardFace(
            title=card["short"],
            lines=tuple(lines),
            corner=rune_word,
            symbol=RUNE_TAG[card["rune"]],
            hue=RUNE_HUE[card["rune"]],
            target=card["id"],
        )

    def _box_layout(
        self, cards: list[dict[str, Any]], width: int, full: bool, pal: Palette
    ) -> tuple[list[CardFace], int, int]:
        """The hand's faces, the width of each box and the height of the tallest."""
        floor = BOX_FULL if full else BOX_SHORT
        per_row = max(1, min(len(cards), (width + 1) // (floor + 1)))
        box_w = min(40, (width + 1) // per_row - 1)
        faces = [self._face(c, full) for c in cards]
        return faces, box_w, max(box_height(f, box_w, pal) for f in faces)

    def _boxes(
        self, cards: list[dict[str, Any]], width: int, full: bool, pal: Palette
    ) -> list[Text]:
        if not cards:
            return []
        faces, box_w, tall = self._box_layout(cards, width, full, pal)
        boxes = [
            list(kept_card_box(f, box_w, pal, tall, selected=self._marked(c)))
            for f, c in zip(faces, cards, strict=True)
        ]
        return flow(boxes, width)

    def _boxes_height(
        self, cards: list[dict[str, Any]], width: int, full: bool, pal: Palette
    ) -> int:
        """``len(self._boxes(...))`` without drawing the boxes."""
        if not cards:
            return 0
        faces, box_w, tall = self._box_layout(cards, width, full, pal)
        return tall * flow_lines([max(8, box_w)] * len(faces), width)

    def _hands(
        self,
        view: MaeshoweView,
        seats: tuple[int, int | None],
        full: tuple[bool, bool | None],
        width: int,
        pal: Palette,
    ) -> list[Text]:
        """The hands of ``seats`` (the viewer's, then the partner's if any) as boxes, with
        the card texts where ``full`` says so; ``None``: that hand on one line."""
        out: list[Text] = []
        for seat, texts in zip(seats, full, strict=True):
            if seat is None:
                continue
            out.append(Text())
            if texts is None:
                out += wrap(self._hand_title(seat, view, pal, inline=True), width)
                continue
            out.append(self._hand_title(seat, view, pal, inline=False))
            hand = view["hands"][seat]
            if hand:
                out += self._boxes(hand, width, texts, pal)
        return out

    def _hands_height(
        self,
        view: MaeshoweView,
        seats: tuple[int, int | None],
        full: tuple[bool, bool | None],
        width: int,
        pal: Palette,
    ) -> int:
        """``len(self._hands(...))`` without drawing the boxes: a redraw measures several
        ways to show the hands before it draws the one that fits."""
        size = 0
        for seat, texts in zip(seats, full, strict=True):
            if seat is None:
                continue
            if texts is None:
                size += 1 + len(wrap(self._hand_title(seat, view, pal, inline=True), width))
                continue
            hand = view["hands"][seat]
            size += 2 + (self._boxes_height(hand, width, texts, pal) if hand else 0)
        return size

    def _big(
        self,
        view: MaeshoweView,
        main: int,
        other: int | None,
        width: int,
        room: int,
        band: str,
        pal: Palette,
    ) -> list[Text]:
        chain = [self._chain(view, pal)]
        row = pack(self._row_pieces(view, pal), width, indent=2)
        info = self._info(view, width, pal)
        piles = self._all_piles(view, width, pal)
        fixed = len(chain) + len(row) + len(info) + 1 + len(piles)
        combos: tuple[tuple[bool, bool | None], ...] = (
            (True, True),
            (True, False),
            (True, None),
            (False, False),
            (False, None),
        )
        chosen = combos[-1]
        for combo in combos:
            if fixed + self._hands_height(view, (main, other), combo, width, pal) <= room:
                chosen = combo
                break
        body = self._hands(view, (main, other), chosen, width, pal)
        lines = [*chain, *row, *body, *info, Text(), *piles]
        spare = room - len(lines)
        legend = self._legend_lines(width, pal)
        if spare >= len(legend) + 1:
            lines += [Text(), *legend]
            spare -= len(legend) + 1
        shown = {c["type"] for h in view["hands"] if h for c in h}
        reference = self._reference(view, width, pal, skip=shown if band == "large" else set())
        if spare >= 3 and reference:
            lines += [Text(), *reference[: spare - 1]]
        return lines

    def _kept(self, section: str, key: Any, draw: Any) -> list[Text]:
        """``draw()``, or the lines it gave when last called for ``section`` with the same
        ``key`` (everything the lines are drawn from). The lines are shared: only read."""
        kept = self._sections.get(section)
        if kept is not None and kept[0] == key:
            return kept[1]
        lines: list[Text] = draw()
        self._sections[section] = (key, lines)
        return lines

    def _reference(
        self, view: MaeshoweView, width: int, pal: Palette, skip: set[str]
    ) -> list[Text]:
        """Every other kind of card still to come, with both effects in full."""
        kinds: dict[str, dict[str, Any]] = {}
        for card in view["unseen"]["cards"]:
            if card["type"] not in skip and "play_text" in card:
                kinds.setdefault(card["type"], card)
        cards = sorted(kinds.values(), key=lambda c: c["short"])
        said = tuple((c["name"], c["play_text"], c["discard_text"]) for c in cards)
        return self._kept("reference", (said, width, pal), lambda: self._say(said, width, pal))

    @staticmethod
    def _say(said: tuple[tuple[str, str, str], ...], width: int, pal: Palette) -> list[Text]:
        """The reference's lines: each card's name and both its effects."""
        if not said:
            return []
        lines = [Text("Still to come from the deck, what each card does:", style="bold")]
        for name, play_text, discard_text in said:
            text = styled(f"{name}: ", style="bold")
            text.append(f"▶ {play_text} ", style=pal.hue("green", bold=False))
            text.append(f"✗ {discard_text}", style=pal.hue("orange", bold=False))
            lines += [click(line, "deck") for line in wrap(text, width)]
        return lines

    def _legend_lines(self, width: int, pal: Palette) -> list[Text]:
        """A key to the marks, under the board where there is room."""
        return self._kept("legend", (width, pal), lambda: self._key_lines(width, pal))

    @staticmethod
    def _key_lines(width: int, pal: Palette) -> list[Text]:
        """The key's lines: the rune tags and the effect marks in words."""
        text = styled("Key: ", style="bold")
        for rune, word in (
            ("red", "red rune"),
            ("blue", "blue rune"),
            ("any", "Horror, both runes"),
            ("none", "Hope, no rune"),
        ):
            text.append_text(rune_tag(rune, pal))
            text.append(f" {word}  ")
        text.append("▶ played  ✗ discarded  [n] the option's number", style=pal.muted())
        return wrap(text, width)

    # ---- shared pieces -------------------------------------------------------------------

    def _status(self, view: MaeshoweView, width: int, pal: Palette) -> list[Text]:
        n = view["players"]
        pieces: list[Text] = []
        for seat in range(n):
            hp, mx = view["health"][seat], view["max_health"][seat]
            part = styled(
                "Health " if n == 1 else f"{self._who(seat)} ",
                style="bold" if n == 1 else pal.seat(seat),
            )
            part.append_text(track(hp, mx, "♥", "♡", pal.hue("red"), pal))
            part.append(f" {hp}/{mx}")
            pieces.append(click(part, f"health-{seat}"))
        food = styled("Food ", style="bold")
        food.append_text(track(view["food"], view["max_food"], "●", "○", pal.hue("yellow"), pal))
        food.append(f" {view['food']}/{view['max_food']}")
        pieces.append(click(food, "food"))
        left, start = view["passages"], view["passages_start"]
        pas = styled("Passages ", style="bold")
        pas.append_text(track(left, start, "▮", "▯", pal.hue("cyan"), pal))
        pas.append(f" {left} left")
        pieces.append(click(pas, "passages"))
        second: list[Text] = []
        turns = view["turns_left"]
        if turns is None:
            second.append(click(Text(f"Deck {view['deck_size']}", style="bold"), "deck"))
        elif n == 1:
            said = "1 turn" if turns[0] == 1 else f"{turns[0]} turns"
            second.append(click(Text(f"Deck empty: {said} left", style=pal.hue("red")), "deck"))
        else:
            said = ", ".join(f"{self._who(s)} {t}" for s, t in enumerate(turns))
            second.append(
                click(Text(f"Deck empty: turns left {said}", style=pal.hue("red")), "deck")
            )
        if n > 1:
            turn = view["turn"]
            t = Text("Turn: ")
            t.append(self._who(turn), style=pal.seat(turn))
            second.append(t)
            if view["jarl"] is not None:
                j = styled(f"Jarl: {self._who(view['jarl'])}", style=pal.accent())
                if view["jarl_can_pass"]:
                    j.append(" (may pass)")
                second.append(click(j, "jarl"))
            if view["fear_of_the_dark"]:
                second.append(click(Text("Fear of the Dark", style="italic"), "fear"))
        for seat, times in enumerate(view["mad_count"]):
            if times:
                who = "" if n == 1 else f" {self._who(seat)}"
                second.append(
                    click(Text(f"Went mad{who}: {times}×", style=pal.hue("violet")), "madness")
                )
        if view["won"] is not None:
            second.append(Text("ESCAPED!" if view["won"] else "LOST", style="bold reverse"))
        return pack(pieces, width, sep="  ") + pack(second, width, sep="  ")

    def _chain(self, view: MaeshoweView, pal: Palette, short: bool = False) -> Text:
        chain = view["chain"]
        text = styled("Chain " if short else "Excavate chain ", style="bold")
        for rune in chain["runes"]:
            text.append_text(rune_tag(rune, pal))
        text.append("·" * (chain["target"] - chain["count"]), style=pal.muted())
        text.append(f" {chain['count']}/{chain['target']}  ")
        kind = chain["kind"]
        if short:
            text.append("" if kind is None else "mixed" if kind == "mixed" else "one rune")
            text.rstrip()
            text.append(" │ ")
        elif kind is None:
            text.append("4 in a row clear a passage, 2 if all one rune", style=pal.muted())
        elif kind == "mixed":
            last = chain["count"] == chain["target"] - 1
            text.append("next Excavate clears 1 passage" if last else "mixed: this set clears 1")
        elif chain["count"] == chain["target"] - 1:
            text.append("next: ")
            text.append_text(rune_tag(kind, pal))
            text.append(" clears 2 passages, ")
            text.append_text(rune_tag("blue" if kind == "red" else "red", pal))
            text.append(" clears 1")
        else:
            text.append("all ")
            text.append_text(rune_tag(kind, pal))
            text.append(" so far: keep to ")
            text.append_text(rune_tag(kind, pal))
            text.append(" to clear 2 passages")
        return click(text, "chain")

    def _row_pieces(self, view: MaeshoweView, pal: Palette) -> list[Text]:
        head = click(styled(f"Row ({len(view['row'])}):", style="bold"), "row")
        if not view["row"]:
            return [head, Text("empty", style=pal.muted())]
        return [head] + [click(card_token(c, pal, c.get("as")), c["id"]) for c in view["row"]]

    def _row_tail(
        self, view: MaeshoweView, width: int, pal: Palette, lead: Text | None = None
    ) -> Text:
        """The row's newest end, as much as one line holds (after ``lead``)."""
        pieces = self._row_pieces(view, pal)
        head, cards = pieces[0], pieces[1:]
        if lead is not None:
            head = lead + head
        room = width - head.cell_len - 3
        tail = Text()
        for token in reversed(cards):
            if tail.cell_len + token.cell_len + 1 > room:
                tail = Text("… ") + tail
                break
            tail = token + Text(" ") + tail
        return head + Text(" ") + tail

    def _hand_title(self, seat: int, view: MaeshoweView, pal: Palette, inline: bool) -> Text:
        """The title of a hand; ``inline``: its cards follow on the same line."""
        n = view["players"]
        hand = view["hands"][seat]
        size = view["hand_sizes"][seat]
        title = styled("Your hand" if n == 1 else f"{self._who(seat)}'s hand", style="bold")
        if n > 1:
            title.stylize(pal.seat(seat))
            if seat == view["turn"]:
                title.append(" ◀ turn", style="bold")
        title.append(f" ({size})")
        if hand is None:
            title.append(": " + "▒ " * size + "hidden", style="italic")
        elif inline:
            title.append(": ")
            for i, card in enumerate(hand):
                if i:
                    title.append(", ")
                title.append_text(click(card_token(card, pal), card["id"]))
        elif hand:
            title.append("   ▶ played  ✗ discarded", style=pal.muted())
        return title

    def _madness(self, view: MaeshoweView, pal: Palette) -> Text | None:
        """The odds of going mad, one figure per rune the kept cards could share."""
        risks = view["viewer_mad_risks"]
        if not risks:
            return None
        worst: dict[str, float] = {}
        for risk in risks:
            worst[risk["rune"]] = max(worst.get(risk["rune"], 0.0), risk["odds"])
        draw = risks[0]["draw"]
        text = styled("⚠ Madness: ", style=pal.hue("violet"))
        for i, (rune, odds) in enumerate(sorted(worst.items(), key=lambda r: -r[1])):
            text.append("keep only " if i == 0 else ", only ")
            text.append_text(rune_tag(rune, pal))
            text.append(" cards → ")
            pct = round(100 * odds)
            text.append("<1%" if odds and not pct else f"{pct}%", style="bold")
        if draw == 0:
            text.append(" (five kept, nothing drawn)")
        elif draw == 1:
            text.append(" if the card drawn matches (−1 health and max)")
        else:
            text.append(f" if the {draw} drawn match (−1 health and max)")
        return click(text, "madness")

    def _info(self, view: MaeshoweView, width: int, pal: Palette) -> list[Text]:
        lines: list[Text] = []
        if view["looking"]:
            pieces = [Text("Hope shows:", style="bold")]
            pieces += [click(card_token(c, pal), c["id"]) for c in view["looking"]]
            pieces.append(Text("(the first is the top card)"))
            lines += pack(pieces, width)
        if view["known_top"]:
            pieces = [Text("Known on top of the deck:", style="bold")]
            pieces += [click(card_token(c, pal), c["id"]) for c in view["known_top"]]
            lines += pack(pieces, width)
        madness = self._madness(view, pal)
        if madness is not None:
            lines.append(fit(madness, width))
        if view["won"] is not None:
            reason = self._fill(view["end_reason"])
            if view["won"]:
                lines.append(Text(f"Escaped: {reason}!", style=pal.hue("green")))
            else:
                lines.append(Text(f"Lost: {reason}.", style=pal.hue("red")))
        return lines

    def _pile(self, view: MaeshoweView, panel: int, pal: Palette, hint: str = "") -> Text:
        """One pile's title (then ``hint``) and its cards, counted by kind."""
        n = view["players"]
        if panel == 0:
            unseen = view["unseen"]
            where = "Deck"
            if unseen["includes_hidden_hand"]:
                hidden = [s for s in range(n) if view["hands"][s] is None]
                where += "".join(f" + {self._who(s)}'s hand" for s in hidden)
            if view["known_top"]:
                where += " below the known cards"
            text = styled(f"{where}, unseen ({unseen['count']})", style="bold")
            text.append(hint, style=pal.muted())
            text.append(": ")
            if not unseen["cards"]:
                text.append("none", style=pal.muted())
            text.append_text(counted(unseen["cards"], pal))
            return text
        seat = panel - 1
        pile = view["discards"][seat]
        whose = "Your discards" if n == 1 else f"{self._who(seat)}'s discards"
        text = styled(f"{whose} ({len(pile)})", style="bold")
        text.append(hint, style=pal.muted())
        text.append(": ")
        if not pile:
            text.append("empty", style=pal.muted())
        text.append_text(counted(pile, pal))
        return text

    def _all_piles(self, view: MaeshoweView, width: int, pal: Palette) -> list[Text]:
        out: list[Text] = []
        for p in range(1 + view["players"]):
            target = "deck" if p == 0 else "discards"
            out += [click(line, target) for line in wrap(self._pile(view, p, pal), width)]
        return out

    def _panel_line(self, view: MaeshoweView, pal: Palette) -> Text:
        count = 1 + view["players"]
        panel = self._panel % count
        nxt = (panel + 1) % count
        if nxt == 0:
            label = "the deck"
        else:
            label = "your discards" if count == 2 else f"{self._who(nxt - 1)}'s discards"
        return click(self._pile(view, panel, pal, f" [click: {label}]"), "panel")

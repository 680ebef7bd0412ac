"""The shape of a Maeshowe view (``MaeshoweState.view``): what boards, bots and tests may read.

Private (``Private``): the hands (in Fear of the Dark only their owner sees one), the cards
a seat knows come first from the deck, what it has not seen, the cards a Look shows, and
the card just given. The looking seat's own advice (``ForViewer``): ``viewer`` and the
madness odds of its pending choice. See ``tabletop_tui.engine.views`` for the markers.
"""

# No ``from __future__ import annotations`` here: see ``tabletop_tui.engine.views``.
from typing import Annotated, TypedDict

from tabletop_tui.engine.views import ForViewer, Private


class Card(TypedDict):
    """One card (``card_json``)."""

    id: str
    type: str
    code: str
    name: str
    short: str
    rune: str
    play: str
    discard: str
    play_text: str
    discard_text: str
    excavate: bool


# A card in the row, with the rune it was played as ("as" is a keyword, hence this form).
RowCard = TypedDict("RowCard", {**Card.__annotations__, "as": str})


class Chain(TypedDict):
    count: int
    target: int
    runes: list[str]
    kind: str | None
    sets_done: int


class UnseenType(TypedDict):
    """How many cards of one type and rune the seat has not seen."""

    type: str
    rune: str
    short: str
    name: str
    count: int
    play_text: str
    discard_text: str


class Unseen(TypedDict):
    count: int
    cards: list[UnseenType]
    includes_hidden_hand: bool


class MadRisk(TypedDict):
    """A hand the seat could keep that shares a rune, and the odds the draw makes it mad."""

    keep: list[str]
    rune: str
    draw: int
    odds: float


class RuleTexts(TypedDict):
    health: str
    food: str
    passages: str
    chain: str
    row: str
    deck: str
    madness: str
    jarl: str
    fear: str
    discards: str
    runes: str


class MaeshoweView(TypedDict):
    game: str
    players: int
    mode: str
    fear_of_the_dark: bool
    difficulty: str
    viewer: Annotated[int | None, ForViewer]
    turn: int
    turn_no: int
    step: str
    actor: int
    health: list[int]
    max_health: list[int]
    food: int
    max_food: int
    passages: int
    passages_start: int
    chain: Chain
    row: list[RowCard]
    hands: Annotated[list[list[Card] | None], Private]  # None: a hand this seat may not see
    hand_sizes: list[int]
    discards: list[list[Card]]
    deck_size: int
    known_top: Annotated[list[Card], Private]
    unseen: Annotated[Unseen, Private]
    looking: Annotated[list[Card], Private]
    received: Annotated[str | None, Private]
    jarl: int | None
    jarl_can_pass: bool
    turns_left: list[int] | None
    viewer_mad_risks: Annotated[list[MadRisk], ForViewer]
    mad_count: list[int]
    pending: Card | None
    texts: RuleTexts
    over: bool
    won: bool | None
    end_reason: str

"""The shape of a Mesos view (``MesosState.view``): what boards, bots and tests may read.

Every Mesos view is public except ``viewer`` and ``viewer_costs``, which are the looking
seat's own advice (``ForViewer``). See ``tabletop_tui.engine.views`` for the markers.
"""

# No ``from __future__ import annotations`` here: see ``tabletop_tui.engine.views``.
from typing import Annotated, NotRequired, TypedDict

from tabletop_tui.engine.views import ForViewer, ResultView


class CharacterCard(TypedDict):
    """A Character card (``card_info``)."""

    id: str
    kind: str  # "character"
    type: str
    letter: str
    era: int
    bow: bool
    stars: int
    invention: str | None
    discount: int
    end_pp: int
    short: str
    text: str
    name: str
    era_label: str
    facts: list[str]


class EventCard(TypedDict):
    """An Event card; the numbers its effect takes depend on its ``type``."""

    id: str
    kind: str  # "event"
    type: str
    letter: str
    era: int
    final: bool
    short: str
    text: str
    name: str
    era_label: str
    facts: list[str]
    food_per_hunter: NotRequired[int]  # hunt
    pp_per_hunter: NotRequired[int]  # hunt
    pp_per_unfed: NotRequired[int]  # sustenance
    most: NotRequired[int]  # shamanic ritual
    fewest: NotRequired[int]  # shamanic ritual
    min_artists: NotRequired[int]  # cave paintings
    penalty: NotRequired[int]  # cave paintings
    pp_per_artist: NotRequired[int]  # cave paintings


class BuildingCard(TypedDict):
    """A Building card."""

    id: str
    kind: str  # "building"
    type: str
    letter: str
    name: str
    short_name: str
    era: int
    cost: int
    pp: int
    short: str
    text: str
    era_label: str
    facts: list[str]


TribeCard = CharacterCard | EventCard
Card = CharacterCard | EventCard | BuildingCard


class FaceDown(TypedDict):
    """A standard game's Building pile of a later Era: only its size is known."""

    face_down: int


class Tile(TypedDict):
    letter: str
    food: int
    top: int
    bottom: int
    label: str
    words: str
    text: str
    totem: int | None


class TurnOrderSpace(TypedDict):
    food: int
    last: bool
    seat: int | None
    words: str
    text: str


class Acting(TypedDict):
    """Who is taking cards now, from which tile, and how many are still to take."""

    seat: int
    tile: str | None
    need_top: int
    need_bottom: int


class TribeView(TypedDict):
    seat: int
    food: int
    pp: int
    characters: list[CharacterCard]
    buildings: list[BuildingCard]
    counts: dict[str, int]
    stars: int
    discount: int
    inventions: list[str]
    full_sets: int
    sustenance_need: int
    end_scoring: list[list[str | int]]  # [label, points] pairs
    projected: int


# Cards left in the deck by era ("final": the Final Events); the keys are not identifiers.
DeckLeft = TypedDict("DeckLeft", {"1": int, "2": int, "3": int, "final": int})


class MesosView(TypedDict):
    game: str
    header: str
    viewer: Annotated[int | None, ForViewer]
    players: int
    expert: bool
    round: int
    rounds: int
    era: int
    phase: str
    tiles: list[Tile]
    turn_order: list[TurnOrderSpace]
    order: list[int]
    acting: Acting | None
    top: list[TribeCard]
    bottom: list[TribeCard]
    top_buildings: list[BuildingCard]
    bottom_buildings: list[BuildingCard]
    # Era ("2", "3") -> its Buildings (expert game) or their count (standard game).
    upcoming_buildings: dict[str, list[BuildingCard] | FaceDown]
    deck: DeckLeft
    unseen_events: list[str]
    last_events: list[str]
    events_at_end: list[str]
    final_round: bool
    tribes: list[TribeView]
    # What each Building in sight would cost the looking seat after its Builders' discounts.
    viewer_costs: NotRequired[Annotated[dict[str, int], ForViewer]]
    result: NotRequired[ResultView]

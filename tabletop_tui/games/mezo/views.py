"""The shape of a Mezo view (``MezoState.view``, the solo game's too): what boards, bots
and tests may read.

Private (``Private``): a seat's kept God card until cards are revealed, and its secret
offering while it is pending. The looking seat's own advice (``ForViewer``): ``viewer``.
The solo game adds ``solo`` and the ``vengeful`` flags. See ``tabletop_tui.engine.views``
for the markers.
"""

# No ``from __future__ import annotations`` here: see ``tabletop_tui.engine.views``.
from typing import Annotated, NotRequired, TypedDict

from tabletop_tui.engine.views import ForViewer, Private


class Altar(TypedDict):
    id: str
    name: str
    text: str
    about: str


class Region(TypedDict):
    id: str
    name: str
    in_play: bool
    status: str  # "pending", "active" or "resolved"
    blessed: bool
    altar: Altar | None
    about: str
    units: list[list[int]]  # per seat: [Shamans, Warriors]
    champions: list[int]
    glyphs: list[int]  # per seat
    pyramids: list[list[int]]  # per seat: the sizes built
    adjacent: list[str]


class Vertex(TypedDict):
    id: str
    regions: list[str]
    god: int | None  # the seat whose god stands there
    vengeful: NotRequired[str | None]  # solo: the Vengeful god standing there


class God(TypedDict):
    id: str
    name: str
    passive: str
    call: str
    about: str


class CardOption(TypedDict):
    key: str
    row: int
    text: str
    used: bool


class GodCard(TypedDict):
    id: str
    name: str
    options: list[CardOption]


class Ability(TypedDict):
    id: str
    name: str
    text: str


class PyramidSupply(TypedDict):
    base: int
    medium: int
    large: int
    top: int


class Tribe(TypedDict):
    seat: int
    seat_order: int
    colour: str | None
    god: God | None
    vertex: str | None
    reserve: list[int]  # [Shamans, Warriors], and so on below
    xibalba: list[int]
    wrathful: list[int]
    offering: list[int]
    offer_chosen: bool
    offer_pending: Annotated[list[int] | None, Private]
    champions_in_reserve: int
    devotion: int
    devotion_tier: int
    vp: int
    abilities: list[Ability]
    glyph_supply: int
    pyramid_supply: PyramidSupply
    deck_size: int
    played: list[str]
    has_card: bool
    card: Annotated[GodCard | None, Private]
    strength_tokens: int
    uayeb_used: bool
    vengeful: NotRequired[bool]  # solo: the Vengeful gods' seat


class Space(TypedDict):
    """A Calendar or Codex space."""

    id: str
    name: str
    text: str
    about: str
    unit: int | None


class Wrathful(TypedDict):
    """An Age's Wrathful tile; before it is revealed only ``age`` and ``id`` (None)."""

    age: int
    id: str | None
    name: NotRequired[str]
    per_unit: NotRequired[str]
    per_action: NotRequired[str]
    about: NotRequired[str]


class Conflict(TypedDict):
    region: str | None
    blessed: bool
    turn_order: list[int]
    strength: list[int] | None
    cards_revealed: bool


# ---- the modules (``ModulesMixin.modules_view``) ---------------------------------------------


class City(TypedDict):
    region: str | None
    destroyed: bool


class RitualCard(TypedDict):
    id: str
    name: str
    step: str
    kind: str
    text: str
    active: bool


class Ritual(TypedDict):
    current: RitualCard | None
    deck: int
    seen: list[str]


class ProphecyCard(TypedDict):
    id: str
    name: str
    text: str
    tokens: list[int]


class Monument(TypedDict):
    name: str
    vp: int
    taken_by: int | None


class Prophecy(TypedDict):
    cards: list[ProphecyCard]
    levels: list[int]
    monument: Monument
    vp_per_card: int
    closed: bool


class TribePower(TypedDict):
    id: str
    powers: list[str]
    used: bool
    usable_here: bool


class ModulesView(TypedDict):
    """The modules in play and each one's public state (a key only when it is on)."""

    on: list[str]
    cities: NotRequired[list[City]]
    ritual: NotRequired[Ritual]
    prophecy: NotRequired[Prophecy]
    cenote: NotRequired[str | None]
    tribe_powers: NotRequired[list[TribePower | None]]


# ---- the solo game (``SoloState.view``) ----------------------------------------------------


class VengefulGod(TypedDict):
    id: str
    name: str
    vertex: str | None
    regions: list[str]
    ability: str
    text: str
    effect: str
    present_here: bool


class VengefulRow(TypedDict):
    row: int
    text: str
    resolved: int


class VengefulCard(TypedDict):
    id: str
    name: str
    corner: int
    rows: list[VengefulRow]
    current: bool
    order: list[int]


class VengefulSpace(TypedDict):
    id: str
    text: str
    unit: bool


class TaskGoal(TypedDict):
    text: str
    check: str
    track: list[int]
    tokens: int
    value: int


class Task(TypedDict):
    card: int
    side: str | None
    name: NotRequired[str]  # the rest once a side is chosen
    player: NotRequired[TaskGoal]
    vengeful: NotRequired[TaskGoal]


class Arrival(TypedDict):
    god: str
    region: str
    vertex: str | None


class Solo(TypedDict):
    difficulty: str
    difficulty_name: str
    offset: int
    colours: list[str]
    gods: list[VengefulGod]
    pool_size: int
    deck_size: int
    discard: list[str]
    unseen: list[str]
    card: VengefulCard | None
    draw_limit: int | None
    calendar: list[VengefulSpace]
    codex: list[VengefulSpace]
    task: Task | None
    arrival: Arrival | None


class MezoView(TypedDict):
    game: str
    players: int
    age: int
    phase: str
    ring: list[int]
    regions: list[Region]
    vertices: list[Vertex]
    calendar: list[Space]
    codex: list[Space]
    wrathful: list[Wrathful]
    current_wrathful: Wrathful | None
    conflict: Conflict
    resolved_order: list[str]
    stack_size: int
    stack_known_top: list[str]
    blessed: str | None
    tribes: list[Tribe]
    finished: bool
    header: str
    viewer: Annotated[int | None, ForViewer]
    modules: ModulesView
    gods: list[God]  # while gods are chosen: every god, for the choice's options
    solo: NotRequired[Solo]

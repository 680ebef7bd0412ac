"""Mesos card and tile data: pydantic models for the JSON in ``assets/mesos`` and a loader.

The engine reads these records but never names a card: building effects are an effect
``kind`` with parameters, and the rules code switches on the kind only.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletop_tui.assets import load_model

Source = Literal["rulebook", "printed card", "designed"]
CharType = Literal["hunter", "builder", "gatherer", "artist", "inventor", "shaman"]
CHAR_TYPES: tuple[str, ...] = ("hunter", "builder", "gatherer", "artist", "inventor", "shaman")
TYPE_LETTER = {
    "hunter": "H",
    "builder": "B",
    "gatherer": "G",
    "artist": "A",
    "inventor": "I",
    "shaman": "S",
}
TYPE_NAME = {t: t.capitalize() for t in CHAR_TYPES}
ERA_NAME = {1: "I", 2: "II", 3: "III"}


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Character(_Record):
    """A Character card. Only the fields of its type carry meaning."""

    id: str
    era: int = Field(ge=1, le=3)
    type: CharType
    min_players: int = Field(ge=2, le=5, description="the player-count mark: 2 = every game")
    bow: bool = False
    build_discount: int = Field(0, ge=0)
    end_pp: int = Field(0, ge=0)
    invention: str | None = None
    stars: int = Field(0, ge=0, le=3)
    source: Source

    @model_validator(mode="after")
    def _fields_match_type(self) -> Character:
        if self.type == "inventor" and not self.invention:
            raise ValueError(f"{self.id}: an Inventor needs an invention icon")
        if self.type != "inventor" and self.invention:
            raise ValueError(f"{self.id}: only Inventors show an invention")
        if self.type == "shaman" and not 1 <= self.stars <= 3:
            raise ValueError(f"{self.id}: a Shaman shows 1 to 3 stars")
        if self.type != "shaman" and self.stars:
            raise ValueError(f"{self.id}: only Shamans show stars")
        if self.type != "builder" and (self.build_discount or self.end_pp):
            raise ValueError(f"{self.id}: only Builders give discounts and end PP")
        if self.type != "hunter" and self.bow:
            raise ValueError(f"{self.id}: only Hunters carry a bow")
        return self


class HuntEffect(_Record):
    kind: Literal["hunt"]
    food_per_hunter: int
    pp_per_hunter: int


class SustenanceEffect(_Record):
    kind: Literal["sustenance"]
    pp_per_unfed: int = Field(le=0, description="PP change per Character left unfed")


class RitualEffect(_Record):
    kind: Literal["shamanic_ritual"]
    most: int = Field(ge=0)
    fewest: int = Field(le=0)


class CavePaintingsEffect(_Record):
    kind: Literal["cave_paintings"]
    min_artists: int = Field(ge=1)
    penalty: int = Field(le=0, description="PP change below the threshold")
    pp_per_artist: int = Field(ge=0)


EventEffect = Annotated[
    HuntEffect | SustenanceEffect | RitualEffect | CavePaintingsEffect,
    Field(discriminator="kind"),
]

EVENT_NAME = {
    "hunt": "Hunt",
    "sustenance": "Sustenance",
    "shamanic_ritual": "Shamanic Ritual",
    "cave_paintings": "Cave Paintings",
}
EVENT_LETTER = {"hunt": "h", "sustenance": "s", "shamanic_ritual": "r", "cave_paintings": "p"}


class Event(_Record):
    id: str
    era: int = Field(ge=1, le=3)
    final: bool = False
    min_players: int = Field(ge=2, le=5)
    effect: EventEffect
    source: Source

    @property
    def name(self) -> str:
        return EVENT_NAME[self.effect.kind]


# ---- building effects ---------------------------------------------------------------------

# Every effect kind the engine knows: the parameters a card gives it, and the sentence that
# explains it to players (``{type}`` is the Character type's name).
EFFECTS: dict[str, tuple[tuple[str, ...], str]] = {
    "food_per_new_full_set": (
        ("food",),
        "+{food} food each time you complete a new set of all 6 Character types (sets you "
        "already had when building it give nothing).",
    ),
    "sustenance_discount_per_type": (
        ("type", "food"),
        "Sustenance needs {food} food less per {type} you have.",
    ),
    "ritual_no_fewest_penalty": (
        (),
        "You never lose PP for the fewest stars in a Shamanic Ritual.",
    ),
    "extra_food_on_turn_order_bonus_space": (
        ("food",),
        "+{food} food whenever your totem returns to a Turn Order space that gives food "
        "(never on the last space).",
    ),
    "food_per_new_same_icon_inventor_pair": (
        ("food",),
        "+{food} food each time you gain a second Inventor with the same icon (pairs you "
        "already had give nothing).",
    ),
    "ritual_double_most_reward": (
        ("factor",),
        "Shamanic Ritual: x{factor} the reward when you alone have the most stars (tied for "
        "most: the normal reward).",
    ),
    "ritual_extra_stars": (("stars",), "+{stars} stars in every Shamanic Ritual."),
    "hunt_bonus_per_hunter": (("food", "pp"), "Hunt: +{food} food and +{pp} PP more per Hunter."),
    "end_builder_pp_multiplier": (("factor",), "End of game: your Builders' PP count x{factor}."),
    "cave_paintings_food_per_artist": (
        ("food",),
        "Cave Paintings: +{food} food per Artist you have.",
    ),
    "end_pp_per_full_set": (("pp",), "End of game: +{pp} PP per set of all 6 Character types."),
    "end_pp_per_type": (("type", "pp"), "End of game: +{pp} PP per {type}."),
    "extra_top_row_pick_each_round": (
        ("cards",),
        "Each round, once every totem is back, you may take {cards} Character or Building "
        "(paying) from the top row.",
    ),
    "end_flat_pp": (("pp",), "End of game: +{pp} PP."),
}


class BuildingEffect(_Record):
    """A Building's effect: a ``kind`` the engine interprets, with exactly the parameters
    that kind takes (``EFFECTS``); the others keep their neutral defaults."""

    kind: str
    # The bounds hold for the parameters a card gives; the defaults mark those it does not.
    food: int = Field(0, ge=1)
    pp: int = Field(0, ge=1)
    stars: int = Field(0, ge=1)
    factor: int = Field(1, ge=2, description="a multiplier")
    cards: int = Field(0, ge=1)
    type: CharType | None = None

    @model_validator(mode="after")
    def _params_match_kind(self) -> BuildingEffect:
        if self.kind not in EFFECTS:
            raise ValueError(f"unknown building effect {self.kind!r}")
        wanted = set(EFFECTS[self.kind][0])
        given = self.model_fields_set - {"kind"}
        if given != wanted:
            raise ValueError(f"{self.kind} takes {sorted(wanted)}, not {sorted(given)}")
        return self

    @property
    def params(self) -> dict[str, Any]:
        """The parameters of this kind, as the card gives them."""
        return {k: getattr(self, k) for k in EFFECTS[self.kind][0]}

    def describe(self) -> str:
        values = self.params
        if self.type is not None:
            values["type"] = TYPE_NAME[self.type]
        return EFFECTS[self.kind][1].format(**values)


class Building(_Record):
    id: str
    name: str
    short: str = Field(max_length=12, description="a name that fits a card token")
    era: int = Field(ge=1, le=3)
    cost: int = Field(ge=0, description="food cost before Builder discounts")
    pp: int = Field(ge=0, description="printed PP scored at the end")
    effect: BuildingEffect
    source: Source


class OfferTile(_Record):
    letter: str = Field(min_length=1, max_length=1)
    min_players: int = Field(ge=2, le=5)
    food: int = Field(0, ge=0, description="food the action gives (tile A)")
    top: int = Field(0, ge=0, description="cards to take from the top row")
    bottom: int = Field(0, ge=0, description="cards to take from the bottom row")
    source: Source


class OrderSpace(_Record):
    food: int = Field(ge=0)
    last: bool = False


class TurnOrderTile(_Record):
    players: int = Field(ge=2, le=5)
    spaces: list[OrderSpace]
    source: Source

    @model_validator(mode="after")
    def _one_space_per_player(self) -> TurnOrderTile:
        if len(self.spaces) != self.players or not self.spaces[-1].last:
            raise ValueError(f"the {self.players}-player tile needs one space each, last marked")
        return self


class LastSpace(_Record):
    pay_food: int = Field(ge=1)
    or_lose_pp: int = Field(ge=1)
    source: Source


class BuildingsPerEra(_Record):
    players: int = Field(ge=2, le=5)
    counts: list[int] = Field(min_length=3, max_length=3)
    source: Source


class StartingFood(_Record):
    by_position: list[int] = Field(min_length=5, max_length=5)
    source: Source


class Rows(_Record):
    bottom_extra: int = Field(ge=0, description="bottom row = players + this")
    top_extra: int = Field(ge=0, description="top row = players + this")
    rounds: int = Field(ge=1)
    source: Source


class Constants(_Record):
    """Numbers the rulebook states once for a whole card type."""

    gatherer_food: int = Field(ge=0, description="Sustenance food each Gatherer saves")
    artists_per_set: int = Field(ge=1, description="Artists per end-of-game PP set")
    pp_per_artist_set: int = Field(ge=0)
    bow_food_per_hunter: int = Field(ge=0, description="food per Hunter when a bow arrives")
    source: Source


class SetupData(_Record):
    offer_tiles: list[OfferTile]
    turn_order_tiles: list[TurnOrderTile]
    last_space: LastSpace
    buildings_per_era: list[BuildingsPerEra]
    starting_food: StartingFood
    rows: Rows
    constants: Constants


class CharacterFile(_Record):
    characters: list[Character]


class EventFile(_Record):
    events: list[Event]


class BuildingFile(_Record):
    buildings: list[Building]


class MesosData:
    """Every Mesos record, indexed for the engine. Built once per process."""

    def __init__(
        self,
        characters: list[Character],
        events: list[Event],
        buildings: list[Building],
        setup: SetupData,
    ) -> None:
        self.characters = {c.id: c for c in characters}
        self.events = {e.id: e for e in events}
        self.buildings = {b.id: b for b in buildings}
        self.setup = setup
        ids = [*self.characters, *self.events, *self.buildings]
        if len(ids) != len(set(ids)) or len(ids) != len(characters) + len(events) + len(buildings):
            raise ValueError("Mesos card ids must be unique across all cards")
        self.tiles = {t.letter: t for t in setup.offer_tiles}
        self.order_tiles = {t.players: t for t in setup.turn_order_tiles}
        self.buildings_per_era = {b.players: b.counts for b in setup.buildings_per_era}

    def card_era(self, cid: str) -> int:
        card = self.characters.get(cid) or self.events.get(cid) or self.buildings[cid]
        return card.era


@cache
def load_data() -> MesosData:
    """Load and validate the Mesos assets (cached)."""
    return MesosData(
        load_model(CharacterFile, "mesos", "characters.json").characters,
        load_model(EventFile, "mesos", "events.json").events,
        load_model(BuildingFile, "mesos", "buildings.json").buildings,
        load_model(SetupData, "mesos", "setup.json"),
    )


# ---- plain-language descriptions (used by the view, the inspector and the rules) -----------


def describe_character(c: Character) -> str:
    era = ERA_NAME[c.era]
    if c.type == "hunter":
        extra = (
            "Bow: when you take it, gain 1 food per Hunter in your tribe (this one included)."
            if c.bow
            else "No bow: nothing when taken."
        )
        return f"Hunter (Era {era}). Counts for every Hunt. {extra}"
    if c.type == "builder":
        return (
            f"Builder (Era {era}). Buildings cost you {c.build_discount} food less; "
            f"{c.end_pp} PP at the end of the game."
        )
    if c.type == "gatherer":
        return f"Gatherer (Era {era}). Each Sustenance needs 3 food less from you."
    if c.type == "artist":
        return (
            f"Artist (Era {era}). Counts for Cave Paintings; every pair of Artists scores "
            "10 PP at the end."
        )
    if c.type == "inventor":
        return (
            f"Inventor (Era {era}) with the {invention_name(c.invention or '')} invention. At "
            "the end every Inventor scores 1 PP per different invention in your tribe."
        )
    return f"Shaman (Era {era}) with {c.stars} star{'s' * (c.stars != 1)} for Shamanic Rituals."


def describe_event(e: Event) -> str:
    eff = e.effect
    era = "Final" if e.final else f"Era {ERA_NAME[e.era]}"
    if isinstance(eff, HuntEffect):
        return f"Hunt ({era}): per Hunter, +{eff.food_per_hunter} food and +{eff.pp_per_hunter} PP."
    if isinstance(eff, SustenanceEffect):
        return (
            f"Sustenance ({era}): pay 1 food per Character (3 less per Gatherer, minus building "
            f"discounts); {eff.pp_per_unfed} PP per Character left unfed. Resolves last."
        )
    if isinstance(eff, RitualEffect):
        return (
            f"Shamanic Ritual ({era}): most stars +{eff.most} PP, fewest {eff.fewest} PP "
            "(ties all score)."
        )
    return (
        f"Cave Paintings ({era}): with {eff.min_artists}+ Artists, +{eff.pp_per_artist} PP "
        f"per Artist; otherwise {eff.penalty} PP."
    )


def describe_building(b: Building) -> str:
    return (
        f"{b.name} (Era {ERA_NAME[b.era]}): costs {b.cost} food (less your Builder "
        f"discounts), {b.pp} PP at the end. {b.effect.describe()}"
    )


# ---- card faces and table words (what a board prints on a card, a tile or a space) ----------

ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")


def invention_name(icon: str) -> str:
    """An Inventor's invention as a word on the card (``fishhook`` -> ``Fishhook``)."""
    return icon.capitalize()


def era_label(era: int, final: bool = False) -> str:
    return "Final" if final else f"Era {ERA_NAME[era]}"


def character_name(c: Character) -> str:
    """The card's name in words: its type, and the invention for an Inventor."""
    if c.type == "inventor" and c.invention:
        return f"Inventor: {invention_name(c.invention)}"
    return TYPE_NAME[c.type]


def character_facts(c: Character, k: Constants) -> tuple[str, ...]:
    """Short labelled facts for a Character's face, most important first (a small card
    box shows the first one or two)."""
    if c.type == "hunter":
        if c.bow:
            return (f"bow: +{k.bow_food_per_hunter} food", "per Hunter")
        return ("no bow", "joins Hunts")
    if c.type == "builder":
        return (f"Buildings −{c.build_discount}", f"end: {c.end_pp} PP")
    if c.type == "gatherer":
        return (f"−{k.gatherer_food} food at", "Sustenance")
    if c.type == "artist":
        per = "pair" if k.artists_per_set == 2 else f"{k.artists_per_set} Artists"
        return (f"{per}: {k.pp_per_artist_set} PP", "Cave Paintings")
    if c.type == "inventor":
        return (invention_name(c.invention or ""), "scores at end")
    return ("★" * c.stars + f" {c.stars} star{'s' * (c.stars != 1)}", "in Rituals")


def event_facts(e: Event) -> tuple[str, ...]:
    """Short labelled facts for an Event's face."""
    eff = e.effect
    if isinstance(eff, HuntEffect):
        return (f"+{eff.food_per_hunter} food +{eff.pp_per_hunter} PP", "per Hunter")
    if isinstance(eff, SustenanceEffect):
        return ("1 food a card", f"unfed {eff.pp_per_unfed:+d} PP")
    if isinstance(eff, RitualEffect):
        return (f"most ★ +{eff.most} PP", f"fewest ★ {eff.fewest:+d} PP")
    return (
        f"{eff.min_artists}+ Artists:",
        f"+{eff.pp_per_artist} PP each",
        f"else {eff.penalty:+d} PP",
    )


def building_facts(b: Building) -> tuple[str, ...]:
    """A Building's face: its cost and PP labelled, then its effect in a sentence."""
    return (f"costs {b.cost} food · {b.pp} PP", b.effect.describe())


def _rows(t: OfferTile) -> list[tuple[int, str]]:
    """The rows an Offer tile takes cards from, with how many: top first."""
    return [(n, row) for n, row in ((t.top, "top"), (t.bottom, "bottom")) if n]


def tile_text(t: OfferTile) -> str:
    """What an Offer tile gives, as a sentence."""
    if t.food:
        return f"Tile {t.letter}: take {t.food} food from the supply."
    parts = [f"{n} card{'s' * (n != 1)} from the {row} row" for n, row in _rows(t)]
    each = ", one at a time" if t.top + t.bottom > 1 else ""
    return (
        f"Tile {t.letter}: take {' and '.join(parts)}{each}: a Character, or a Building "
        "you pay for."
    )


def tile_words(t: OfferTile) -> str:
    """An Offer tile in a few words (``1 top + 1 bottom card``)."""
    if t.food:
        return f"{t.food} food"
    parts = [f"{n} {row}" for n, row in _rows(t)]
    if len(parts) > 1:
        return " + ".join(parts)
    return parts[0] + (" card" if t.top + t.bottom == 1 else " cards")


def order_words(index: int, space: OrderSpace, last: LastSpace) -> str:
    """A Turn Order space in a few words (``1st +2 food``, ``last pays 1 food or −2 PP``)."""
    if space.last:
        return f"last pays {last.pay_food} food or −{last.or_lose_pp} PP"
    return f"{ORDINAL[index]} +{space.food} food" if space.food else ORDINAL[index]


def order_text(index: int, space: OrderSpace, last: LastSpace) -> str:
    """What a Turn Order space means, as sentences."""
    where = "the last" if space.last else f"the {ORDINAL[index]}"
    if space.last:
        gain = f"the player pays {last.pay_food} food, or loses {last.or_lose_pp} PP without food"
    elif space.food:
        gain = f"the player gains {space.food} food"
    else:
        gain = "nothing is gained"
    return (
        f"Turn Order, {where} space: a totem returns here after its action and {gain}. "
        "The order of the totems here is the order of placing next round."
    )

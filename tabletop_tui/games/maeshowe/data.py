"""Maeshowe's data: card types, deck sets and setup presets, validated on load.

The JSON in ``assets/maeshowe/`` is the single source of the cards and presets; the engine
interprets each card's effect list and never names a card. ``Catalog`` turns the validated
models into flat tuples indexed by card instance, which is what the hot path reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletop_tui.assets import load_model

Source = Literal["rulebook", "printed card", "designed"]
Rune = Literal["red", "blue", "any", "none"]
ModeId = Literal["solo", "coop"]
SetId = Literal["core", "gluttony_garner", "crumble_conservation", "horror_hope"]
EXPANSIONS: tuple[SetId, ...] = ("gluttony_garner", "crumble_conservation", "horror_hope")

RUNES: tuple[Rune, ...] = ("red", "blue", "any", "none")
RED, BLUE, ANY, NONE = 0, 1, 2, 3
RUNE_LETTER = {"red": "R", "blue": "B", "any": "*", "none": "-"}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Model):
    """One step of a card effect. The engine knows each ``op``; the numbers are data."""

    op: Literal[
        "health",  # gain (or lose, if negative) health: the acting player
        "food",  # gain or lose shared food
        "lose_all_food",
        "add_passages",  # passages come back, capped at the starting number
        "eat",  # spend any food, ``amount`` health per food
        "excavate",  # joins the Excavate chain; rune "own" or "choose"
        "go_mad",
        "mill",  # top ``count`` deck cards to the actor's discard pile
        "discard_hand",  # the rest of the hand to the discard pile
        "look_top",  # look at the top ``count`` cards: discard or keep on top
        "recover",  # take a card back to hand from ``where``
        "garner",  # spend food, return ``amount`` discarded cards per food, shuffle
    ]
    amount: int = 0
    count: int = 0
    rune: Literal["own", "choose"] = "own"
    where: Literal["row", "discards"] = "row"


class CardType(_Model):
    id: str
    code: str = Field(min_length=2, max_length=2)
    name: str
    short: str
    play: tuple[Effect, ...]
    discard: tuple[Effect, ...]
    play_text: str
    discard_text: str
    play_short: str
    discard_short: str
    # Discarding is allowed only with at least this much food (Gluttony).
    discard_min_food: int = 0
    # Its discard may only be the second action of a turn (Crumble).
    discard_after_play: bool = False
    source: Source

    @property
    def is_excavate(self) -> bool:
        return any(e.op == "excavate" for e in self.play)


class DeckEntry(_Model):
    card: str
    rune: Rune
    copies: int = Field(ge=1)


class DeckSet(_Model):
    id: SetId
    name: str
    cards: tuple[DeckEntry, ...]
    source: Source


class ModePreset(_Model):
    id: ModeId
    players: int
    health: int
    max_health: int
    food: int
    max_food: int
    jarl: bool
    source: Source


class DifficultyPreset(_Model):
    id: str
    mode: ModeId
    passages: int = Field(ge=1)
    source: Source


class StartOverride(_Model):
    mode: ModeId
    health: int
    food: int


class VariantPreset(_Model):
    id: Literal["discard_five", "lean_start", "extra_passage"]
    set: SetId
    name: str
    discard_top: int = 0
    start: tuple[StartOverride, ...] = ()
    extra_passages: int = 0
    source: Source


class CardsFile(_Model):
    cards: tuple[CardType, ...]

    @model_validator(mode="after")
    def _unique(self) -> CardsFile:
        ids = [c.id for c in self.cards]
        codes = [c.code for c in self.cards]
        if len(set(ids)) != len(ids) or len(set(codes)) != len(codes):
            raise ValueError("card ids and codes must be unique")
        return self


class DecksFile(_Model):
    sets: tuple[DeckSet, ...]


class SetupFile(_Model):
    hand_size: int = Field(ge=2)
    chain_length: int = Field(ge=1)
    max_passages: int = Field(ge=1)
    source: Source  # of the three numbers above
    modes: tuple[ModePreset, ...]
    difficulties: tuple[DifficultyPreset, ...]
    variants: tuple[VariantPreset, ...]

    def mode(self, mode: ModeId) -> ModePreset:
        return next(m for m in self.modes if m.id == mode)

    def passages(self, difficulty: str, mode: ModeId) -> int:
        for d in self.difficulties:
            if d.id == difficulty and d.mode == mode:
                return d.passages
        raise KeyError(f"no difficulty '{difficulty}' for {mode}")

    def variant(self, variant_id: str) -> VariantPreset:
        return next(v for v in self.variants if v.id == variant_id)


@dataclass(frozen=True)
class MaeshoweData:
    cards: CardsFile
    decks: DecksFile
    setup: SetupFile

    def card(self, card_id: str) -> CardType:
        return next(c for c in self.cards.cards if c.id == card_id)

    def deck_set(self, set_id: str) -> DeckSet:
        return next(s for s in self.decks.sets if s.id == set_id)


@cache
def load_data() -> MaeshoweData:
    """Load and cross-check the three data files (once per process)."""
    data = MaeshoweData(
        load_model(CardsFile, "maeshowe", "cards.json"),
        load_model(DecksFile, "maeshowe", "decks.json"),
        load_model(SetupFile, "maeshowe", "setup.json"),
    )
    known = {c.id for c in data.cards.cards}
    for deck_set in data.decks.sets:
        for entry in deck_set.cards:
            if entry.card not in known:
                raise ValueError(f"deck set {deck_set.id} names unknown card {entry.card}")
    return data


@dataclass(frozen=True)
class Catalog:
    """Every card instance of one game's deck, as flat tuples indexed by instance number.

    Instances are numbered in data order; ``ids`` are stable, readable names such as
    ``ex-r3`` (the third red Excavate) used in option ids and saves.
    """

    types: tuple[CardType, ...]  # distinct types in use
    kind: tuple[int, ...]  # instance -> index into types
    rune: tuple[int, ...]  # instance -> RED/BLUE/ANY/NONE
    ids: tuple[str, ...]
    index: dict[str, int]
    # Per instance: a class number shared by identical cards (same type and rune).
    cls: tuple[int, ...]
    excavate: tuple[bool, ...]
    play_fx: tuple[tuple[Effect, ...], ...]
    discard_fx: tuple[tuple[Effect, ...], ...]
    discard_min_food: tuple[int, ...]
    discard_after_play: tuple[bool, ...]
    names: tuple[str, ...]  # "Excavate [R]" style names for logs and labels
    sets: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.kind)

    def type_of(self, card: int) -> CardType:
        return self.types[self.kind[card]]


@cache
def catalog_for(sets: tuple[str, ...]) -> Catalog:
    """The instance catalogue for the core set plus the given expansion sets."""
    data = load_data()
    types: list[CardType] = []
    type_index: dict[str, int] = {}
    kind: list[int] = []
    rune: list[int] = []
    ids: list[str] = []
    classes: dict[tuple[int, int], int] = {}
    cls: list[int] = []
    counters: dict[tuple[str, str], int] = {}
    for set_id in ("core", *sets):
        for entry in data.deck_set(set_id).cards:
            ctype = data.card(entry.card)
            if ctype.id not in type_index:
                type_index[ctype.id] = len(types)
                types.append(ctype)
            r = RUNES.index(entry.rune)
            for _ in range(entry.copies):
                key = (ctype.code.lower(), RUNE_LETTER[entry.rune].lower())
                counters[key] = counters.get(key, 0) + 1
                letter = {"*": "x", "-": "n"}.get(key[1], key[1])
                ids.append(f"{key[0]}-{letter}{counters[key]}")
                kind.append(type_index[ctype.id])
                rune.append(r)
                cls.append(classes.setdefault((type_index[ctype.id], r), len(classes)))
    names = tuple(
        f"{types[k].short} [{RUNE_LETTER[RUNES[r]]}]" if r in (RED, BLUE) else types[k].short
        for k, r in zip(kind, rune, strict=True)
    )
    return Catalog(
        types=tuple(types),
        kind=tuple(kind),
        rune=tuple(rune),
        ids=tuple(ids),
        index={cid: i for i, cid in enumerate(ids)},
        cls=tuple(cls),
        excavate=tuple(types[k].is_excavate for k in kind),
        play_fx=tuple(types[k].play for k in kind),
        discard_fx=tuple(types[k].discard for k in kind),
        discard_min_food=tuple(types[k].discard_min_food for k in kind),
        discard_after_play=tuple(types[k].discard_after_play for k in kind),
        names=names,
        sets=("core", *sets),
    )

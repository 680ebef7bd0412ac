"""The Mesos engine: setup, totem placement, card taking, events, eras and scoring.

The state is plain lists and small dataclasses so that ``clone`` is cheap; the card data
comes from ``data.py`` and every building effect is interpreted by its ``kind``.
All chance happens at setup (the shuffles); after that the only hidden information is the
order of the face-down deck and, in the standard game, which Era II/III Buildings were dealt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from pydantic import Field

from tabletop_tui.engine.core import (
    Decision,
    GameConfig,
    GameResult,
    GameState,
    LogEntry,
    Option,
    ScoreLine,
    SeatResult,
    rank_scores,
)

from .data import (
    CHAR_TYPES,
    ERA_NAME,
    EVENT_LETTER,
    TYPE_LETTER,
    TYPE_NAME,
    Building,
    CavePaintingsEffect,
    Character,
    Event,
    HuntEffect,
    MesosData,
    RitualEffect,
    SustenanceEffect,
    building_facts,
    character_facts,
    character_name,
    describe_building,
    describe_character,
    describe_event,
    era_label,
    event_facts,
    load_data,
    order_text,
    order_words,
    tile_text,
    tile_words,
)
from .views import MesosView

PLACE, ACT, EXTRA, OVER = "place", "act", "extra", "over"
TOP, BOTTOM = "top", "bottom"
TYPE_INDEX = {t: i for i, t in enumerate(CHAR_TYPES)}
# Indexes into CHAR_TYPES of the Character types these rules name.
HUNTER, GATHERER, ARTIST, INVENTOR = (
    TYPE_INDEX[t] for t in ("hunter", "gatherer", "artist", "inventor")
)


class MesosConfig(GameConfig):
    players: int = Field(2, ge=2, le=5, description="Number of tribes (2 to 5).")
    expert: bool = Field(
        False,
        description="Expert variant: every Building of the game is face up from the start.",
    )


@dataclass(slots=True)
class Tribe:
    """One player's tribe and supply. Counts are kept up to date as cards arrive."""

    food: int = 0
    pp: int = 0
    chars: list[str] = field(default_factory=list)
    buildings: list[str] = field(default_factory=list)
    counts: list[int] = field(default_factory=lambda: [0] * 6)
    stars: int = 0
    discount: int = 0
    builder_pp: int = 0
    icons: dict[str, int] = field(default_factory=dict)
    # Building id -> sets or pairs already counted, for the "each new set/pair" effects.
    milestones: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Tribe:
        return Tribe(
            self.food,
            self.pp,
            self.chars.copy(),
            self.buildings.copy(),
            self.counts.copy(),
            self.stars,
            self.discount,
            self.builder_pp,
            self.icons.copy(),
            self.milestones.copy(),
        )

    @property
    def full_sets(self) -> int:
        return min(self.counts)

    @property
    def pairs(self) -> int:
        return sum(1 for n in self.icons.values() if n >= 2)


def _data() -> MesosData:
    return load_data()


def gain_character(
    tribe: Tribe, c: Character, data: MesosData | None = None
) -> list[tuple[str, int]]:
    """Add a Character with what its arrival triggers (bow, new sets and pairs, rulings 3
    and 9). Returns (cause, food) for each food gain."""
    data = data or _data()
    notes = []
    tribe.chars.append(c.id)
    tribe.counts[TYPE_INDEX[c.type]] += 1
    tribe.stars += c.stars
    tribe.discount += c.build_discount
    tribe.builder_pp += c.end_pp
    if c.invention:
        tribe.icons[c.invention] = tribe.icons.get(c.invention, 0) + 1
    if c.bow:
        gain = data.setup.constants.bow_food_per_hunter * tribe.counts[HUNTER]
        tribe.food += gain
        notes.append(("the bow", gain))
    for bid in tribe.buildings:
        b = data.buildings[bid]
        eff = b.effect
        if eff.kind == "food_per_new_full_set":
            now = tribe.full_sets
        elif eff.kind == "food_per_new_same_icon_inventor_pair":
            now = tribe.pairs
        else:
            continue
        before = tribe.milestones.get(bid, 0)
        if now > before:
            gain = eff.food * (now - before)
            tribe.food += gain
            tribe.milestones[bid] = now
            notes.append((b.name, gain))
    return notes


def gain_building(tribe: Tribe, b: Building) -> int:
    """Pay for and add a Building; returns the food paid. Sets and pairs held now never pay
    out later (ruling 9)."""
    cost = building_cost(tribe, b)
    tribe.food -= cost
    tribe.buildings.append(b.id)
    kind = b.effect.kind
    if kind == "food_per_new_full_set":
        tribe.milestones[b.id] = tribe.full_sets
    elif kind == "food_per_new_same_icon_inventor_pair":
        tribe.milestones[b.id] = tribe.pairs
    return cost


def make_tribe(
    chars: Sequence[str], buildings: Sequence[str] = (), food: int = 0, pp: int = 0
) -> Tribe:
    """A tribe holding these cards (Buildings first, so nothing triggers), for tests and bots."""
    data = _data()
    t = Tribe()
    for bid in buildings:
        t.buildings.append(bid)
    for cid in chars:
        gain_character(t, data.characters[cid], data)
    for bid in buildings:
        kind = data.buildings[bid].effect.kind
        if kind == "food_per_new_full_set":
            t.milestones[bid] = t.full_sets
        elif kind == "food_per_new_same_icon_inventor_pair":
            t.milestones[bid] = t.pairs
    t.food, t.pp = food, pp
    return t


# ---- scoring and event arithmetic, shared by the engine, the view and the bots -------------


def effects(tribe: Tribe, kind: str, data: MesosData | None = None) -> list[Any]:
    """The effects of ``kind`` among the tribe's Buildings."""
    data = data or _data()
    out = []
    for bid in tribe.buildings:
        eff = data.buildings[bid].effect
        if eff.kind == kind:
            out.append(eff)
    return out


def building_cost(tribe: Tribe, building: Building) -> int:
    """Food the tribe pays for ``building`` after its Builders' discounts (never below 0)."""
    return max(0, building.cost - tribe.discount)


def ritual_stars(tribe: Tribe, data: MesosData | None = None) -> int:
    return tribe.stars + sum(e.stars for e in effects(tribe, "ritual_extra_stars", data))


def sustenance_need(tribe: Tribe, data: MesosData | None = None) -> int:
    """Food one Sustenance asks of the tribe (ruling 6), never below 0."""
    data = data or _data()
    need = len(tribe.chars) - data.setup.constants.gatherer_food * tribe.counts[GATHERER]
    for eff in effects(tribe, "sustenance_discount_per_type", data):
        need -= eff.food * tribe.counts[TYPE_INDEX[eff.type]]
    return max(0, need)


def end_scoring(tribe: Tribe, data: MesosData | None = None) -> list[tuple[str, int]]:
    """End-of-game PP by source (not counting PP already earned)."""
    data = data or _data()
    k = data.setup.constants
    builders = tribe.builder_pp
    artists = (tribe.counts[ARTIST] // k.artists_per_set) * k.pp_per_artist_set
    inventors = tribe.counts[INVENTOR] * sum(1 for n in tribe.icons.values() if n)
    printed = sum(data.buildings[b].pp for b in tribe.buildings)
    extra = 0
    for bid in tribe.buildings:
        eff = data.buildings[bid].effect
        if eff.kind == "end_builder_pp_multiplier":
            extra += builders * (eff.factor - 1)
        elif eff.kind == "end_pp_per_full_set":
            extra += eff.pp * tribe.full_sets
        elif eff.kind == "end_pp_per_type":
            extra += eff.pp * tribe.counts[TYPE_INDEX[eff.type]]
        elif eff.kind == "end_flat_pp":
            extra += eff.pp
    return [
        ("Builders", builders),
        ("Artists", artists),
        ("Inventors", inventors),
        ("Buildings", printed),
        ("Building effects", extra),
    ]


def final_score(tribe: Tribe, data: MesosData | None = None) -> int:
    return tribe.pp + sum(p for _, p in end_scoring(tribe, data))


# ---- labels ---------------------------------------------------------------------------------


@cache  # labels are rebuilt for every decision: the hot path of bots and playouts
def card_short(cid: str, data: MesosData | None = None) -> str:
    """A few characters that identify a card: type letter and its numbers."""
    data = data or _data()
    c = data.characters.get(cid)
    if c is not None:
        return _char_short(c)
    e = data.events.get(cid)
    if e is not None:
        return f"{e.name} {'F' if e.final else ERA_NAME[e.era]}"
    b = data.buildings[cid]
    return f"{b.name} ({b.cost} food, {b.pp} PP)"


def _char_short(c: Character) -> str:
    name = TYPE_NAME[c.type]
    if c.type == "hunter":
        return name + (" with bow" if c.bow else "")
    if c.type == "builder":
        return f"{name} (Buildings -{c.build_discount} food, {c.end_pp} PP)"
    if c.type == "inventor":
        return f"{name} ({c.invention})"
    if c.type == "shaman":
        return f"{name} ({c.stars} star{'s' * (c.stars != 1)})"
    return name


def card_info(cid: str, data: MesosData | None = None) -> dict[str, Any]:
    """A JSON-ready description of a card for views and screens (a fresh copy each time)."""
    if data is None:
        return dict(_card_info_cached(cid))
    return _card_info(cid, data)


@cache
def _deck_pile(cid: str) -> tuple[str, bool]:
    """Which count of the view's deck summary a card adds to ("1".."3" or "final"), and
    whether it is an Event: fixed per card, and the view counts the whole deck every time."""
    data = _data()
    e = data.events.get(cid)
    if e is not None and e.final:
        return "final", True
    return str(data.card_era(cid)), e is not None


@cache
def _card_info_cached(cid: str) -> dict[str, Any]:
    return _card_info(cid, _data())


def _card_info(cid: str, data: MesosData) -> dict[str, Any]:
    c = data.characters.get(cid)
    if c is not None:
        return {
            "id": cid,
            "kind": "character",
            "type": c.type,
            "letter": TYPE_LETTER[c.type],
            "era": c.era,
            "bow": c.bow,
            "stars": c.stars,
            "invention": c.invention,
            "discount": c.build_discount,
            "end_pp": c.end_pp,
            "short": _char_short(c),
            "text": describe_character(c),
            "name": character_name(c),
            "era_label": era_label(c.era),
            "facts": list(character_facts(c, data.setup.constants)),
        }
    e = data.events.get(cid)
    if e is not None:
        eff = e.effect
        info: dict[str, Any] = {
            "id": cid,
            "kind": "event",
            "type": eff.kind,
            "letter": EVENT_LETTER[eff.kind].upper(),
            "era": e.era,
            "final": e.final,
            "short": card_short(cid, data),
            "text": describe_event(e),
            "name": f"Final {e.name}" if e.final else f"{e.name} {ERA_NAME[e.era]}",
            "era_label": era_label(e.era, e.final),
            "facts": list(event_facts(e)),
        }
        info.update(eff.model_dump(exclude={"kind"}))
        return info
    b = data.buildings[cid]
    return {
        "id": cid,
        "kind": "building",
        "type": b.effect.kind,
        "letter": "X",
        "name": b.name,
        "short_name": b.short,
        "era": b.era,
        "cost": b.cost,
        "pp": b.pp,
        "short": card_short(cid, data),
        "text": describe_building(b),
        "era_label": era_label(b.era),
        "facts": list(building_facts(b)),
    }


def resolution_order(cards: Sequence[str]) -> list[str]:
    """The Events among ``cards`` in the order they resolve: Sustenance last, the rest by
    era, then by their place in the rows (ruling 6)."""
    events = _data().events
    found = [(i, c) for i, c in enumerate(cards) if c in events]
    found.sort(key=lambda ic: (events[ic[1]].effect.kind == "sustenance", events[ic[1]].era, ic[0]))
    return [c for _, c in found]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("s" if n != 1 else "")


def _names(bids: Sequence[str]) -> str:
    """The names of some Buildings, for the log."""
    return ", ".join(_data().buildings[b].name for b in bids)


@cache
def tile_label(letter: str, data: MesosData | None = None) -> str:
    t = (data or _data()).tiles[letter]
    parts = []
    if t.food:
        parts.append(f"{t.food} food")
    if t.top:
        parts.append(f"{t.top} top")
    if t.bottom:
        parts.append(f"{t.bottom} bottom")
    return " + ".join(parts)


# ---- the state ------------------------------------------------------------------------------


class MesosState(GameState):
    """A game of Mesos for 2 to 5 tribes."""

    game_id: ClassVar[str] = "mesos"
    config_model: ClassVar[type[GameConfig]] = MesosConfig

    # ---- setup ----------------------------------------------------------------------------

    def _setup(self) -> None:
        data = _data()
        n = self.players
        cfg: MesosConfig = self.config  # type: ignore[assignment]
        self.expert = cfg.expert
        self.rounds = data.setup.rows.rounds
        self.tiles = sorted(t.letter for t in data.setup.offer_tiles if t.min_players <= n)
        self.spaces = data.order_tiles[n].spaces
        # The deck: the next card is at the end. Final Events at the bottom, then III, II, I.
        finals = [e.id for e in data.events.values() if e.final and e.min_players <= n]
        by_era: dict[int, list[str]] = {1: [], 2: [], 3: []}
        for c in data.characters.values():
            if c.min_players <= n:
                by_era[c.era].append(c.id)
        for e in data.events.values():
            if not e.final and e.min_players <= n:
                by_era[e.era].append(e.id)
        deck: list[str] = []
        self.rng.shuffle(finals)
        deck.extend(finals)
        for era in (3, 2, 1):
            pile = by_era[era]
            self.rng.shuffle(pile)
            deck.extend(pile)
        self.deck = deck
        self.discard: list[str] = []
        self.top: list[str] = []
        self.bottom: list[str] = []
        self.top_b: list[str] = []
        self.bottom_b: list[str] = []
        self.waiting: dict[int, list[str]] = {}
        self.box: list[str] = []
        self.era = 1
        counts = data.buildings_per_era[n]
        for era in (1, 2, 3):
            pile = sorted(b.id for b in data.buildings.values() if b.era == era)
            self.rng.shuffle(pile)
            k = counts[era - 1]
            self.waiting[era] = pile[:k]
            self.box.extend(pile[k:])
        self.top_b = self.waiting.pop(1)
        self.deal_rows()
        order = list(range(n))
        self.rng.shuffle(order)
        self.order = order
        self.tribes = [Tribe() for _ in range(n)]
        for pos, seat in enumerate(order):
            self.tribes[seat].food = data.setup.starting_food.by_position[pos]
        self.round_no = 1
        self.phase = PLACE
        self.place_idx = 0
        self.track: dict[str, int] = {}
        self.act_tiles: list[str] = []
        self.act_idx = 0
        self.need = [0, 0]  # picks left from the top and bottom rows
        self.returned: list[int] = []
        self.extra_queue: list[int] = []
        self.last_events: list[str] = []

    def deal_rows(self) -> None:
        """Deal the first two rows. Ruling 1: an Event met while dealing the bottom row goes
        to the top row, which is then filled up to its size counting those Events."""
        data = _data()
        n = self.players
        while len(self.bottom) < n + data.setup.rows.bottom_extra:
            cid = self._draw()
            if cid in data.events:
                self.top.append(cid)
            else:
                self.bottom.append(cid)
        while len(self.top) < n + data.setup.rows.top_extra:
            self.top.append(self._draw())

    def _draw(self) -> str:
        """Reveal the next deck card; a card of a later era starts that era first."""
        cid = self.deck.pop()
        era = _data().card_era(cid)
        while era > self.era:
            self._new_era(self.era + 1)
        return cid

    def _new_era(self, era: int) -> None:
        """Ruling 8: old bottom Buildings leave, top Buildings move down, new ones come up."""
        self.era = era
        moves = []
        if self.bottom_b:
            moves.append(f"discarded from the bottom row: {_names(self.bottom_b)}")
            self.discard.extend(self.bottom_b)
            self.bottom_b = []
        if self.top_b:
            moves.append(f"down to the bottom row: {_names(self.top_b)}")
        self.bottom_b = self.top_b
        self.top_b = self.waiting.pop(era, [])
        moves.append(f"new in the top row: {_names(self.top_b) or 'no Building'}")
        self._say(f"Era {ERA_NAME[era]} begins: " + "; ".join(moves) + ".")

    # ---- helpers --------------------------------------------------------------------------

    def _say(self, text: str, seat: int | None = None) -> None:
        if self._log_buffer is not None:
            self._log_buffer.append(LogEntry(text, seat))

    def _name(self, seat: int) -> str:
        """A seat placeholder the frame replaces with the player's name."""
        return f"{{seat:{seat}}}"

    def _takeable(self, seat: int, row: str) -> list[str]:
        """Cards ``seat`` may take from ``row``: any Character, or an affordable Building."""
        data = _data()
        tribe = self.tribes[seat]
        cards = self.top if row == TOP else self.bottom
        out = [c for c in cards if c in data.characters]
        for bid in self.top_b if row == TOP else self.bottom_b:
            if building_cost(tribe, data.buildings[bid]) <= tribe.food:
                out.append(bid)
        return out

    def _acting_seat(self) -> int:
        return self.track[self.act_tiles[self.act_idx]]

    # ---- decisions ------------------------------------------------------------------------

    def _decision(self) -> Decision | None:
        if self.phase == PLACE:
            seat = self.order[self.place_idx]
            opts = tuple(
                Option(f"tile:{t}", f"Tile {t}: {tile_label(t)}", f"tile:{t}")
                for t in self.tiles
                if t not in self.track
            )
            return Decision(
                seat,
                f"{self._name(seat)}: place your totem on an Offer tile",
                opts,
                kind="place",
                context={"round": self.round_no},
            )
        if self.phase == ACT:
            seat = self._acting_seat()
            tile = self.act_tiles[self.act_idx]
            opts = self._take_options(seat, self.need[0] > 0, self.need[1] > 0)
            left = []
            if self.need[0]:
                left.append(f"{self.need[0]} from the top row")
            if self.need[1]:
                left.append(f"{self.need[1]} from the bottom row")
            return Decision(
                seat,
                f"{self._name(seat)} (tile {tile}): take {' and '.join(left)}",
                tuple(opts),
                kind="take",
                context={"tile": tile, "need_top": self.need[0], "need_bottom": self.need[1]},
            )
        if self.phase == EXTRA:
            seat = self.extra_queue[0]
            opts = self._take_options(seat, True, False)
            opts.append(Option("pass", "Take nothing"))
            data = _data()
            why = [
                b
                for b in self.tribes[seat].buildings
                if data.buildings[b].effect.kind == "extra_top_row_pick_each_round"
            ]
            return Decision(
                seat,
                f"{self._name(seat)} ({_names(why)}): you may take 1 card from the top row",
                tuple(opts),
                kind="extra",
            )
        return None

    def _take_options(self, seat: int, top: bool, bottom: bool) -> list[Option]:
        data = _data()
        tribe = self.tribes[seat]
        opts = []
        for row, on in ((TOP, top), (BOTTOM, bottom)):
            if not on:
                continue
            for cid in self._takeable(seat, row):
                b = data.buildings.get(cid)
                if b is None:
                    era = ERA_NAME[data.characters[cid].era]
                    label = f"{row.capitalize()}: {card_short(cid)}, era {era}"
                else:
                    label = (
                        f"{row.capitalize()}: build {b.name} for {building_cost(tribe, b)} "
                        f"food ({b.pp} PP)"
                    )
                opts.append(Option(f"take:{row}:{cid}", label, cid))
        return opts

    # ---- moves ----------------------------------------------------------------------------

    def _apply(self, option: Option) -> None:
        oid = option.id
        if self.phase == PLACE:
            seat = self.order[self.place_idx]
            tile = oid.split(":", 1)[1]
            self.track[tile] = seat
            if self._log_buffer is not None:
                self._say(f"{self._name(seat)} goes to tile {tile} ({tile_label(tile)}).", seat)
            self.place_idx += 1
            if self.place_idx == self.players:
                self.phase = ACT
                self.act_tiles = [t for t in self.tiles if t in self.track]
                self.act_idx = 0
                self.returned = []
                self._begin_action()
        elif self.phase == ACT:
            seat = self._acting_seat()
            _, row, cid = oid.split(":", 2)
            self._take(seat, row, cid)
            self.need[0 if row == TOP else 1] -= 1
        elif self.phase == EXTRA:
            seat = self.extra_queue.pop(0)
            if oid == "pass":
                self._say(f"{self._name(seat)} takes no extra card.", seat)
            else:
                _, row, cid = oid.split(":", 2)
                self._take(seat, row, cid)
        self._advance()

    def _begin_action(self) -> None:
        data = _data()
        tile = data.tiles[self.act_tiles[self.act_idx]]
        seat = self._acting_seat()
        if tile.food:
            self.tribes[seat].food += tile.food
            self._say(f"{self._name(seat)} takes {tile.food} food (tile {tile.letter}).", seat)
        self.need = [tile.top, tile.bottom]

    def _advance(self) -> None:
        """Run the automatic steps until someone must decide or the game ends."""
        while True:
            if self.phase == PLACE or self.phase == OVER:
                return
            if self.phase == ACT:
                seat = self._acting_seat()
                if (self.need[0] and self._takeable(seat, TOP)) or (
                    self.need[1] and self._takeable(seat, BOTTOM)
                ):
                    return
                if self.need[0] or self.need[1]:
                    self._say(f"{self._name(seat)} finds nothing more to take.", seat)
                self._return_totem(seat)
                self.act_idx += 1
                if self.act_idx < len(self.act_tiles):
                    self._begin_action()
                    continue
                self.order = self.returned
                self.phase = EXTRA
                self.extra_queue = []
                for s in self.order:
                    picks = sum(
                        e.cards for e in effects(self.tribes[s], "extra_top_row_pick_each_round")
                    )
                    self.extra_queue.extend([s] * picks)
                continue
            # EXTRA
            while self.extra_queue and not self._takeable(self.extra_queue[0], TOP):
                self.extra_queue.pop(0)
            if self.extra_queue:
                return
            self._end_round()

    def _take(self, seat: int, row: str, cid: str) -> None:
        data = _data()
        tribe = self.tribes[seat]
        b = data.buildings.get(cid)
        if b is not None:
            (self.top_b if row == TOP else self.bottom_b).remove(cid)
            cost = gain_building(tribe, b)
            self._say(f"{self._name(seat)} builds {b.name} for {cost} food.", seat)
            return
        (self.top if row == TOP else self.bottom).remove(cid)
        self.add_character(seat, cid)

    def add_character(self, seat: int, cid: str) -> None:
        """Put a Character into a tribe with everything that happens on arrival."""
        data = _data()
        c = data.characters[cid]
        notes = gain_character(self.tribes[seat], c, data)
        if self._log_buffer is not None:
            self._say(f"{self._name(seat)} takes {_char_short(c)}.", seat)
            for what, food in notes:
                self._say(f"{self._name(seat)}: {what} brings {food} food.", seat)

    def _return_totem(self, seat: int) -> None:
        """Ruling 11 and the last space: food bonus, or pay 1 food / lose 2 PP."""
        data = _data()
        tribe = self.tribes[seat]
        space = self.spaces[len(self.returned)]
        self.returned.append(seat)
        pos = len(self.returned)
        if space.last:
            last = data.setup.last_space
            if tribe.food >= last.pay_food:
                tribe.food -= last.pay_food
                self._say(f"{self._name(seat)} returns last and pays {last.pay_food} food.", seat)
            else:
                tribe.pp -= last.or_lose_pp
                self._say(
                    f"{self._name(seat)} returns last with no food and loses {last.or_lose_pp} PP.",
                    seat,
                )
        elif space.food:
            bonus = sum(e.food for e in effects(tribe, "extra_food_on_turn_order_bonus_space"))
            tribe.food += space.food + bonus
            extra = ""
            if bonus:
                kind = "extra_food_on_turn_order_bonus_space"
                why = _names([b for b in tribe.buildings if data.buildings[b].effect.kind == kind])
                extra = f" ({space.food} + {bonus} from {why})"
            self._say(
                f"{self._name(seat)} returns to space {pos} and takes {space.food + bonus} food"
                f"{extra}.",
                seat,
            )
        else:
            self._say(f"{self._name(seat)} returns to space {pos}.", seat)

    # ---- end of round ---------------------------------------------------------------------

    def events_at_end(self) -> list[str]:
        """The Events this round's end resolves, in order: those in the bottom row, or in
        the last round every visible one (ruling 7); Sustenance last, same types in era
        order (ruling 6), otherwise era then row order."""
        final = self.round_no >= self.rounds
        return resolution_order(self.bottom + self.top if final else self.bottom)

    def _end_round(self) -> None:
        data = _data()
        final = self.round_no >= self.rounds
        events = self.events_at_end()
        if self._log_buffer is not None:
            self._log_round_end(events, final)
        self.resolve_events(events)
        self.last_events = events
        if final:
            self.phase = OVER
            if self._log_buffer is not None:
                self._final_log()
            return
        n = self.players
        self.discard.extend(self.bottom)
        self.bottom = self.top
        self.top = []
        refill = n + data.setup.rows.top_extra
        self._say(
            f"Rows shift: the bottom row is discarded, the top row moves down, {refill} new "
            "cards on top; Buildings stay."
        )
        for _ in range(refill):
            self.top.append(self._draw())
        self.round_no += 1
        self.phase = PLACE
        self.place_idx = 0
        self.track = {}
        self.act_tiles = []
        self.mark_barrier()
        self._say(f"Round {self.round_no} begins (Era {ERA_NAME[self.era]}).")

    def resolve_events(self, events: list[str]) -> None:
        """Resolve Events: Sustenance last, same types in era order (ruling 6)."""
        data = _data()
        for eid in resolution_order(events):
            self.resolve_event(data.events[eid])

    def _log_round_end(self, events: list[str], final: bool) -> None:
        names = ", ".join(card_short(e) for e in events)
        if final:
            where = "every visible Event resolves"
        else:
            where = "Events in the bottom row" if events else "no Event in the bottom row"
        head = f"End of round {self.round_no}" + (" (the last)" if final else "")
        self._say(f"{head}: {where}" + (f": {names}." if events else "."))

    def _final_log(self) -> None:
        """Each tribe's final score, line by line, then who won."""
        self._say("Final scoring:")
        for seat, t in enumerate(self.tribes):
            scoring = end_scoring(t)
            parts = [f"{t.pp} PP in play"] + [f"{label} {pts}" for label, pts in scoring if pts]
            self._say(
                f"{self._name(seat)}: " + " + ".join(parts) + f" = {final_score(t)} PP"
                f" ({t.food} food left).",
                seat,
            )
        self._say(self._result().summary)

    def resolve_event(self, event: Event) -> None:
        eff = event.effect
        if self._log_buffer is not None:
            self._say(f"Event: {describe_event(event)}")
        if isinstance(eff, HuntEffect):
            for seat, t in enumerate(self.tribes):
                h = t.counts[HUNTER]
                if not h:
                    continue
                food, pp = eff.food_per_hunter, eff.pp_per_hunter
                for b in effects(t, "hunt_bonus_per_hunter"):
                    food += b.food
                    pp += b.pp
                t.food += h * food
                t.pp += h * pp
                self._say(
                    f"{self._name(seat)} ({_count(h, 'Hunter')}): +{h * food} food, +{h * pp} PP.",
                    seat,
                )
        elif isinstance(eff, CavePaintingsEffect):
            for seat, t in enumerate(self.tribes):
                a = t.counts[ARTIST]
                gain = a * eff.pp_per_artist if a >= eff.min_artists else eff.penalty
                food = a * sum(b.food for b in effects(t, "cave_paintings_food_per_artist"))
                t.pp += gain
                t.food += food
                short = "" if a >= eff.min_artists else f", fewer than {eff.min_artists}"
                self._say(
                    f"{self._name(seat)} ({_count(a, 'Artist')}{short}): {gain:+d} PP"
                    + (f", +{food} food." if food else "."),
                    seat,
                )
        elif isinstance(eff, RitualEffect):
            stars = [ritual_stars(t) for t in self.tribes]
            hi, lo = max(stars), min(stars)
            alone = stars.count(hi) == 1
            for seat, t in enumerate(self.tribes):
                delta = 0
                why = []
                if stars[seat] == hi:
                    factor = 1
                    if alone:
                        for b in effects(t, "ritual_double_most_reward"):
                            factor = max(factor, b.factor)
                    delta += eff.most * factor
                    why.append("most" + (f", x{factor}" if factor > 1 else ""))
                if stars[seat] == lo:
                    if effects(t, "ritual_no_fewest_penalty"):
                        why.append("fewest, no loss")
                    else:
                        delta += eff.fewest
                        why.append("fewest")
                t.pp += delta
                if why:
                    self._say(
                        f"{self._name(seat)} ({_count(stars[seat], 'star')}, "
                        f"{' and '.join(why)}): {delta:+d} PP.",
                        seat,
                    )
        elif isinstance(eff, SustenanceEffect):
            for seat, t in enumerate(self.tribes):
                need = sustenance_need(t)
                paid = min(need, t.food)
                t.food -= paid
                loss = (need - paid) * eff.pp_per_unfed
                t.pp += loss
                if paid < need:
                    text = f"needs {need} food, pays {paid}: {need - paid} unfed, {loss:+d} PP."
                else:
                    text = f"needs {need} food and pays it." if need else "needs no food."
                self._say(f"{self._name(seat)} {text}", seat)

    # ---- views and results ----------------------------------------------------------------

    def view(self, seat: int | None) -> MesosView:
        data = _data()
        deck_left = {"1": 0, "2": 0, "3": 0, "final": 0}
        unseen_events = []
        for cid in self.deck:
            pile, is_event = _deck_pile(cid)
            deck_left[pile] += 1
            if is_event:
                unseen_events.append(cid)
        unseen_events.sort()
        upcoming: dict[str, Any] = {}
        for era, pile in sorted(self.waiting.items()):
            upcoming[str(era)] = (
                [card_info(b) for b in pile] if self.expert else {"face_down": len(pile)}
            )
        acting = None
        if self.phase == ACT:
            acting = {
                "seat": self._acting_seat(),
                "tile": self.act_tiles[self.act_idx],
                "need_top": self.need[0],
                "need_bottom": self.need[1],
            }
        elif self.phase == EXTRA and self.extra_queue:
            acting = {"seat": self.extra_queue[0], "tile": None, "need_top": 1, "need_bottom": 0}
        if self.phase == PLACE:
            slots = [s if i >= self.place_idx else None for i, s in enumerate(self.order)]
        elif self.phase == ACT:
            slots = self.returned + [None] * (self.players - len(self.returned))
        else:
            slots = list(self.order)
        last = data.setup.last_space
        turn_order = [
            {
                "food": sp.food,
                "last": sp.last,
                "seat": slots[i],
                "words": order_words(i, sp, last),
                "text": order_text(i, sp, last),
            }
            for i, sp in enumerate(self.spaces)
        ]
        tiles = []
        for t in self.tiles:
            rec = data.tiles[t]
            tiles.append(
                {
                    "letter": t,
                    "food": rec.food,
                    "top": rec.top,
                    "bottom": rec.bottom,
                    "label": tile_label(t),
                    "words": tile_words(rec),
                    "text": tile_text(rec),
                    "totem": self.track.get(t),
                }
            )
        tribes = []
        for s, t in enumerate(self.tribes):
            scoring = end_scoring(t)
            tribes.append(
                {
                    "seat": s,
                    "food": t.food,
                    "pp": t.pp,
                    "characters": [card_info(c) for c in t.chars],
                    "buildings": [card_info(b) for b in t.buildings],
                    "counts": {ty: t.counts[i] for i, ty in enumerate(CHAR_TYPES)},
                    "stars": ritual_stars(t),
                    "discount": t.discount,
                    "inventions": sorted(k for k, v in t.icons.items() if v),
                    "full_sets": t.full_sets,
                    "sustenance_need": sustenance_need(t),
                    "end_scoring": [[label, pts] for label, pts in scoring],
                    "projected": t.pp + sum(p for _, p in scoring),
                }
            )
        view: dict[str, Any] = {
            "game": "mesos",
            "header": (
                f"Round {self.round_no}/{self.rounds} · Era {ERA_NAME[self.era]}"
                + (" · Expert" if self.expert else "")
            ),
            "viewer": seat,
            "players": self.players,
            "expert": self.expert,
            "round": self.round_no,
            "rounds": self.rounds,
            "era": self.era,
            "phase": self.phase,
            "tiles": tiles,
            "turn_order": turn_order,
            "order": list(self.order),
            "acting": acting,
            "top": [card_info(c) for c in self.top],
            "bottom": [card_info(c) for c in self.bottom],
            "top_buildings": [card_info(b) for b in self.top_b],
            "bottom_buildings": [card_info(b) for b in self.bottom_b],
            "upcoming_buildings": upcoming,
            "deck": deck_left,
            "unseen_events": unseen_events,
            "last_events": list(self.last_events),
            "events_at_end": [] if self.phase == OVER else self.events_at_end(),
            "final_round": self.round_no == self.rounds,
            "tribes": tribes,
        }
        if seat is not None:
            # What each Building in sight would cost this seat after its Builders' discounts.
            tribe = self.tribes[seat]
            shown = self.top_b + self.bottom_b
            if self.expert:
                shown = shown + [b for pile in self.waiting.values() for b in pile]
            view["viewer_costs"] = {b: building_cost(tribe, data.buildings[b]) for b in shown}
        if self.phase == OVER:
            view["result"] = self._result().to_json()
        return view

    def _result(self) -> GameResult:
        keys = []
        lines = []
        for t in self.tribes:
            scoring = end_scoring(t)
            total = t.pp + sum(p for _, p in scoring)
            keys.append((total, t.food))
            lines.append(
                (
                    total,
                    (ScoreLine("PP during the game", t.pp),)
                    + tuple(ScoreLine(a, b) for a, b in scoring),
                )
            )
        ranks = rank_scores(keys)
        seats = tuple(
            SeatResult(s, lines[s][0], ranks[s], lines[s][1], ranks[s] == 1)
            for s in range(self.players)
        )
        winners = [s for s in range(self.players) if ranks[s] == 1]
        best, food = keys[winners[0]]
        tied = [s for s in range(self.players) if keys[s][0] == best and s not in winners]
        if len(winners) > 1:
            who = ", ".join(self._name(w) for w in winners)
            summary = f"Shared victory: {who}, with {best} PP and {food} food each."
        elif tied:
            others = ", ".join(f"{self._name(s)} {keys[s][1]}" for s in tied)
            summary = (
                f"{self._name(winners[0])} wins with {best} PP, tied on PP but with more food "
                f"({food}, against {others})."
            )
        else:
            summary = f"{self._name(winners[0])} wins with {best} PP."
        return GameResult(seats, summary=summary)

    # ---- engine protocol extras -----------------------------------------------------------

    def clone(self) -> MesosState:
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        d["history"] = self.history.copy()
        for key in ("deck", "discard", "top", "bottom", "top_b", "bottom_b", "box", "order"):
            d[key] = d[key].copy()
        d["returned"] = self.returned.copy()
        d["extra_queue"] = self.extra_queue.copy()
        d["act_tiles"] = self.act_tiles.copy()
        d["need"] = self.need.copy()
        d["track"] = self.track.copy()
        d["waiting"] = {k: v.copy() for k, v in self.waiting.items()}
        d["tribes"] = [t.copy() for t in self.tribes]
        d["last_events"] = self.last_events.copy()
        new.__dict__ = d
        return new

    def determinize(self, seat: int, rng: random.Random) -> MesosState:
        """Re-shuffle what no one has seen: the deck within each era (Final Events stay at the
        bottom) and, in the standard game, which Era II/III Buildings were dealt."""
        data = _data()
        state = self.clone()
        groups: dict[tuple[bool, int], list[str]] = {}
        keys: list[tuple[bool, int]] = []
        for cid in state.deck:
            e = data.events.get(cid)
            key = (bool(e and e.final), data.card_era(cid))
            keys.append(key)
            groups.setdefault(key, []).append(cid)
        # Sorted first, so the sample depends only on what the seat knows.
        for key in sorted(groups):
            groups[key].sort()
            rng.shuffle(groups[key])
        its = {k: iter(v) for k, v in groups.items()}
        state.deck = [next(its[k]) for k in keys]
        if not state.expert:
            for era, pile in sorted(state.waiting.items()):
                pool = sorted(pile + [b for b in state.box if data.buildings[b].era == era])
                rng.shuffle(pool)
                state.waiting[era] = pool[: len(pile)]
                rest = [b for b in state.box if data.buildings[b].era != era]
                state.box = rest + pool[len(pile) :]
        state.box.sort()
        state._decision_cache = None
        return state

    def check_invariants(self) -> None:
        data = _data()
        n = self.players
        tribe_cards = self.deck + self.top + self.bottom
        tribe_cards += [c for c in self.discard if c not in data.buildings]
        for t in self.tribes:
            tribe_cards = tribe_cards + t.chars
        expected = {c.id for c in data.characters.values() if c.min_players <= n}
        expected |= {e.id for e in data.events.values() if e.min_players <= n}
        assert len(tribe_cards) == len(set(tribe_cards)), "a Tribe card is duplicated"
        assert set(tribe_cards) == expected, "a Tribe card was lost or added"
        blds = self.top_b + self.bottom_b + self.box + [b for p in self.waiting.values() for b in p]
        blds += [b for b in self.discard if b in data.buildings]
        for t in self.tribes:
            blds = blds + t.buildings
        assert len(blds) == len(set(blds)) == len(data.buildings), "a Building was lost"
        for t in self.tribes:
            assert t.food >= 0, "food below zero"
            assert all(c in data.characters for c in t.chars)
            assert sum(t.counts) == len(t.chars)
        assert all(c not in data.buildings for c in self.top + self.bottom)
        assert all(data.buildings[b].era == self.era for b in self.top_b)
        assert 1 <= self.round_no <= self.rounds
        if self.phase != OVER:
            refills = self.rounds - self.round_no
            assert len(self.deck) == refills * (n + data.setup.rows.top_extra), "deck arithmetic"
        assert len(set(self.track.values())) == len(self.track)
        assert sorted(self.order) == list(range(n))

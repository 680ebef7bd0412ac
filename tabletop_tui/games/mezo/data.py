"""Mezo component data: pydantic models for the JSON assets and their compiled engine form.

The JSON files in ``assets/mezo/`` are validated here once; the engine then works on the
plain, immutable ``Step`` tuples built by ``compile_effect`` so that its hot path never
touches pydantic.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tabletop_tui.assets import load_model

Source = Literal["rulebook", "designed", "printed card"]
Op = Literal[
    "vp",
    "devotion",
    "lose_devotion",
    "strength",
    "deploy",
    "awaken",
    "recover",
    "smite",
    "exile",
    "move_in",
    "move_out",
    "build_glyph",
    "build_pyramid",
    "demolish",
    "sacrifice",
    "vp_per",
    "to_track",
    "move_god",
    "bury_tile",
    "reorder_tiles",
    "discard_unit",
    "draw_limit",
    "if",
]
RegionWord = Literal[
    "here", "present", "pending", "any", "adjacent_pending", "present_pending", "champion"
]
UnitWord = Literal["any", "shaman", "warrior"]
Counter = Literal[
    "own_units_here",
    "own_shamans_here",
    "own_units_in_xibalba",
    "opp_units_in_xibalba",
    "rival_tribes",
    "own_pyramid_regions",
    "own_pyramid_elements",
    "own_tall_pyramids",
    "own_units_on_tracks",
    "own_pieces_here",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class StepModel(_Strict):
    """One step of an effect, in the keyword language of the rulebook (Part D0)."""

    op: Op
    n: int | Literal["devotion_tier"] = 1
    unit: UnitWord = "any"
    region: RegionWord = "here"
    up_to: bool = False
    optional: bool = False
    from_: RegionWord = Field("pending", alias="from")
    what: Literal["any", "glyph"] = "any"
    track: Literal["calendar", "codex"] | None = None
    resolve: bool = True
    counter: Counter | None = None
    per: int = 1
    max: int = 99
    multiplier: int = 1
    cond: Literal["god_present_here"] | None = None
    then: tuple[StepModel, ...] = ()
    else_: tuple[StepModel, ...] = Field((), alias="else")
    who: Literal["self", "player"] = "self"


Effect = tuple[StepModel, ...]


class RegionModel(_Strict):
    id: str
    name: str
    ring: int
    adjacent: tuple[str, ...]
    vertices: tuple[str, ...]
    source: Source


class VertexModel(_Strict):
    id: str
    regions: tuple[str, ...]
    source: Source


class BoardModel(_Strict):
    source: Source
    regions: tuple[RegionModel, ...]
    vertices: tuple[VertexModel, ...]
    borders: tuple[tuple[str, str], ...]


class ConflictTileModel(_Strict):
    id: str
    region: str
    source: Source


class ConflictTilesModel(_Strict):
    source: Source
    conflict_tiles: tuple[ConflictTileModel, ...]


class SpaceModel(_Strict):
    id: str
    name: str
    effect: Effect
    source: Source


class TracksModel(_Strict):
    source: Source
    immortal_calendar: tuple[SpaceModel, ...]
    heroic_codex: tuple[SpaceModel, ...]


class DevotionTrackModel(_Strict):
    source: Source
    min: int
    max: int
    vp_value: tuple[int, ...]
    tiers: dict[int, tuple[int, int]]


class AltarModel(_Strict):
    id: str
    set: Literal["base", "sfx"]
    name: str
    reward: Effect
    source: Source


class AltarsModel(_Strict):
    source: Source
    altars: tuple[AltarModel, ...]


class WrathfulModel(_Strict):
    id: str
    age: int
    set: Literal["base", "sfx"]
    name: str
    per_unit: Effect = ()
    per_action: Effect = ()
    source: Source


class WrathfulTilesModel(_Strict):
    source: Source
    wrathful_tiles: tuple[WrathfulModel, ...]


class AbilityHooks(_Strict):
    after_champion_deploy: Effect = ()
    start_of_tribe_step: Effect = ()
    start_of_blessed_conflict: Effect = ()
    on_destroy_for_third_action: Effect = ()
    on_win_conflict_with_own_champion: Effect = ()
    end_of_game: Effect = ()
    modifier: dict[str, str | int] = Field(default_factory=dict)


class TribeAbilityModel(_Strict):
    id: str
    age: int
    name: str
    text: str
    only_ages: tuple[int, ...] = ()
    hooks: AbilityHooks
    source: Source


class TribeAbilitiesModel(_Strict):
    source: Source
    tribe_abilities: tuple[TribeAbilityModel, ...]


class PassiveModel(_Strict):
    name: str
    text: str
    hook: Literal[
        "on_smite_first_in_conflict",
        "on_demolish",
        "pass_modifier",
        "start_of_normal_conflict",
        "on_conflict_tile_revealed",
        "on_unit_sacrificed",
        "exile_destination",
    ]
    effect: Effect = ()
    modifier: str | None = None
    once_per_age: bool = False
    cap_per_conflict: int | None = None
    source: Source
    note: str | None = None  # why a designed value was changed (competitive balance)


class AbilityModel(_Strict):
    name: str
    text: str
    effect: Effect
    source: Source
    note: str | None = None  # why a designed value was changed (balance, B13)


class CardOptionModel(_Strict):
    text: str
    effect: Effect


class GodCardModel(_Strict):
    id: str
    name: str
    options: dict[Literal["a", "b", "c"], CardOptionModel]
    source: Source
    note: str | None = None  # why a designed value was changed (competitive balance)


class GodModel(_Strict):
    id: str
    name: str
    title: str
    set: Literal["base", "sfx"]
    theme: str
    passive: PassiveModel
    call: AbilityModel
    vengeful: AbilityModel
    cards: tuple[GodCardModel, ...]
    source: Source


class GodsModel(_Strict):
    source: Source
    gods: tuple[GodModel, ...]


class GameConstantsModel(BaseModel):
    """The constants of D1 the engine reads (the solo ones are kept for the solo mode)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    source: Source
    ages: int
    strength: dict[str, int]
    tribe_step_deploy_cap: int
    god_cards_per_god: int
    cards_drawn: int
    actions_per_conflict: int
    blessed_region_vp: int
    blessed_offering: dict[str, int]
    track_vp_per_unit: int
    devotion_max: int
    start_xibalba: dict[str, int]
    start_vp: dict[str, int]
    tribe_colours: tuple[str, ...]
    per_tribe: dict[str, Any]
    setup_by_players: dict[int, dict[str, int | str]]


class ValueTableModel(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    source: Source


# ---- compiled engine form ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """A step as the interpreter reads it: plain, hashable, shared between states."""

    op: str
    n: int | str = 1
    unit: str = "any"
    region: str = "here"
    up_to: bool = False
    optional: bool = False
    source_set: str = "pending"
    what: str = "any"
    track: str | None = None
    resolve: bool = True
    counter: str | None = None
    per: int = 1
    max: int = 99
    multiplier: int = 1
    cond: str | None = None
    then: tuple[Step, ...] = ()
    else_: tuple[Step, ...] = ()
    who: str = "self"


def compile_effect(effect: Effect) -> tuple[Step, ...]:
    return tuple(
        Step(
            op=s.op,
            n=s.n,
            unit=s.unit,
            region=s.region,
            up_to=s.up_to,
            optional=s.optional,
            source_set=s.from_,
            what=s.what,
            track=s.track,
            resolve=s.resolve,
            counter=s.counter,
            per=s.per,
            max=s.max,
            multiplier=s.multiplier,
            cond=s.cond,
            then=compile_effect(s.then),
            else_=compile_effect(s.else_),
            who=s.who,
        )
        for s in effect
    )


@dataclass(frozen=True, slots=True)
class CardOption:
    key: str  # a, b or c (rows 1, 2, 3)
    text: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class GodCard:
    id: str
    name: str
    god: str
    options: tuple[CardOption, ...]

    def option(self, key: str) -> CardOption:
        for opt in self.options:
            if opt.key == key:
                return opt
        raise KeyError(key)


@dataclass(frozen=True, slots=True)
class God:
    id: str
    name: str
    title: str
    set: str
    passive_name: str
    passive_text: str
    passive_hook: str
    passive_steps: tuple[Step, ...]
    passive_modifier: str | None
    passive_cap: int | None
    call_name: str
    call_text: str
    call_steps: tuple[Step, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    age: int
    name: str
    text: str
    only_ages: tuple[int, ...]
    hooks: dict[str, tuple[Step, ...]]
    modifier: dict[str, str | int]


@dataclass(frozen=True, slots=True)
class Reward:
    """An Altar, a Calendar/Codex space or a Wrathful tile: an id, a name and steps."""

    id: str
    name: str
    steps: tuple[Step, ...]
    set: str = "base"
    age: int = 0
    per_action: tuple[Step, ...] = ()


@dataclass(frozen=True)
class MezoData:
    """Everything the engine reads, compiled once and shared by every state."""

    constants: GameConstantsModel
    region_ids: tuple[str, ...]
    region_names: tuple[str, ...]
    adjacent: tuple[frozenset[int], ...]
    vertex_ids: tuple[str, ...]
    vertex_regions: tuple[tuple[int, ...], ...]
    borders: tuple[tuple[str, str], ...]
    tiles: tuple[str, ...]  # conflict tile id per region index
    calendar: tuple[Reward, ...]
    codex: tuple[Reward, ...]
    devotion_values: tuple[int, ...]
    devotion_tiers: tuple[tuple[int, int, int], ...]  # (tier, low, high)
    altars: tuple[Reward, ...]
    wrathful: tuple[Reward, ...]
    abilities: tuple[Ability, ...]
    gods: tuple[God, ...]
    cards: dict[str, GodCard]
    value_table: dict[str, Any]

    @cached_property
    def _index(self) -> dict[str, dict[str, Any]]:
        """Id -> item for gods, abilities, Altars and Wrathful tiles, built once: views and
        rules look them up all the time. The first item of an id wins, as in a scan."""
        index: dict[str, dict[str, Any]] = {}
        for kind, items in (
            ("god", self.gods),
            ("ability", self.abilities),
            ("altar", self.altars),
            ("wrathful", self.wrathful),
        ):
            table: dict[str, Any] = {}
            for item in items:
                table.setdefault(item.id, item)
            index[kind] = table
        return index

    @cached_property
    def region_index(self) -> dict[str, int]:
        """Region id -> its index (``region_ids.index``, read at every region choice)."""
        index: dict[str, int] = {}
        for i, rid in enumerate(self.region_ids):
            index.setdefault(rid, i)  # the first, as ``index`` finds
        return index

    @cached_property
    def space_index(self) -> dict[str, dict[str, int]]:
        """Per track, space id -> its index in ``calendar`` or ``codex``."""
        out: dict[str, dict[str, int]] = {}
        for track, spaces in (("calendar", self.calendar), ("codex", self.codex)):
            index = out[track] = {}
            for i, sp in enumerate(spaces):
                index.setdefault(sp.id, i)  # the first, as a scan finds
        return out

    def god(self, god_id: str) -> God:
        return self._index["god"][god_id]  # type: ignore[no-any-return]

    def ability(self, ability_id: str) -> Ability:
        return self._index["ability"][ability_id]  # type: ignore[no-any-return]

    def altar(self, altar_id: str) -> Reward:
        return self._index["altar"][altar_id]  # type: ignore[no-any-return]

    def wrathful_tile(self, tile_id: str) -> Reward:
        return self._index["wrathful"][tile_id]  # type: ignore[no-any-return]

    def tier(self, devotion: int) -> int:
        for tier, low, high in self.devotion_tiers:
            if low <= devotion <= high:
                return tier
        return self.devotion_tiers[-1][0]


@cache
def load_data() -> MezoData:
    """Load and validate every base-game asset once."""
    game = load_model(GameConstantsModel, "mezo", "game.json")
    board = load_model(BoardModel, "mezo", "board.json")
    tiles = load_model(ConflictTilesModel, "mezo", "conflict_tiles.json")
    tracks = load_model(TracksModel, "mezo", "tracks.json")
    devotion = load_model(DevotionTrackModel, "mezo", "devotion_track.json")
    altars = load_model(AltarsModel, "mezo", "altars.json")
    wrathful = load_model(WrathfulTilesModel, "mezo", "wrathful_tiles.json")
    abilities = load_model(TribeAbilitiesModel, "mezo", "tribe_abilities.json")
    gods = load_model(GodsModel, "mezo", "gods.json")
    values = load_model(ValueTableModel, "mezo", "value_table.json")

    region_ids = tuple(r.id for r in sorted(board.regions, key=lambda r: r.id))
    by_id = {r.id: r for r in board.regions}
    ridx = {rid: i for i, rid in enumerate(region_ids)}
    vertex_ids = tuple(v.id for v in board.vertices)
    tile_by_region = {t.region: t.id for t in tiles.conflict_tiles}

    cards: dict[str, GodCard] = {}
    god_list = []
    for g in gods.gods:
        for c in g.cards:
            cards[c.id] = GodCard(
                id=c.id,
                name=c.name,
                god=g.id,
                options=tuple(
                    CardOption(k, o.text, compile_effect(o.effect))
                    for k, o in sorted(c.options.items())
                ),
            )
        god_list.append(
            God(
                id=g.id,
                name=g.name,
                title=g.title,
                set=g.set,
                passive_name=g.passive.name,
                passive_text=g.passive.text,
                passive_hook=g.passive.hook,
                passive_steps=compile_effect(g.passive.effect),
                passive_modifier=g.passive.modifier,
                passive_cap=g.passive.cap_per_conflict,
                call_name=g.call.name,
                call_text=g.call.text,
                call_steps=compile_effect(g.call.effect),
                cards=tuple(c.id for c in g.cards),
            )
        )

    ability_list = []
    for a in abilities.tribe_abilities:
        hooks = {
            name: compile_effect(getattr(a.hooks, name))
            for name in (
                "after_champion_deploy",
                "start_of_tribe_step",
                "start_of_blessed_conflict",
                "on_destroy_for_third_action",
                "on_win_conflict_with_own_champion",
                "end_of_game",
            )
            if getattr(a.hooks, name)
        }
        ability_list.append(
            Ability(a.id, a.age, a.name, a.text, a.only_ages, hooks, dict(a.hooks.modifier))
        )

    return MezoData(
        constants=game,
        region_ids=region_ids,
        region_names=tuple(by_id[r].name for r in region_ids),
        adjacent=tuple(frozenset(ridx[x] for x in by_id[r].adjacent) for r in region_ids),
        vertex_ids=vertex_ids,
        vertex_regions=tuple(tuple(sorted(ridx[x] for x in v.regions)) for v in board.vertices),
        borders=board.borders,
        tiles=tuple(tile_by_region[r] for r in region_ids),
        calendar=tuple(
            Reward(s.id, s.name, compile_effect(s.effect)) for s in tracks.immortal_calendar
        ),
        codex=tuple(Reward(s.id, s.name, compile_effect(s.effect)) for s in tracks.heroic_codex),
        devotion_values=devotion.vp_value,
        devotion_tiers=tuple((t, lo, hi) for t, (lo, hi) in sorted(devotion.tiers.items())),
        altars=tuple(Reward(a.id, a.name, compile_effect(a.reward), a.set) for a in altars.altars),
        wrathful=tuple(
            Reward(
                w.id,
                w.name,
                compile_effect(w.per_unit),
                w.set,
                w.age,
                compile_effect(w.per_action),
            )
            for w in wrathful.wrathful_tiles
        ),
        abilities=tuple(ability_list),
        gods=tuple(god_list),
        cards=cards,
        value_table=values.model_dump(),
    )


# ---- solo: the Vengeful gods (Part B, D9.1-D12) -------------------------------------------

TaskCheck = Literal["after_conflict", "end_of_age", "on_event"]


class VengefulAbilityDeckModel(_Strict):
    """D9.1: which gods' VENGEFUL abilities form the deck (their texts live in gods.json)."""

    source: Source
    vengeful_ability_deck: tuple[str, ...]
    remove_player_god: bool
    cards_drawn_per_age: int = Field(ge=1)
    resolution_order: Literal["arrival"]


class VengefulCardModel(_Strict):
    """D10: a Vengeful god card, its corner number and the steps of its three rows."""

    id: str
    name: str
    corner: int = Field(ge=0)
    rows: dict[Literal["1", "2", "3"], Effect]
    source: Source
    note: str | None = None  # why a designed value was changed (balance, B13)


class VengefulCardsModel(_Strict):
    source: Source
    vengeful_cards: tuple[VengefulCardModel, ...]


class VengefulSpaceModel(_Strict):
    id: str
    effect: Effect
    source: Source
    note: str | None = None  # why a designed value was changed (balance, B13)


class VengefulTracksModel(_Strict):
    """D11: the Vengeful Calendar (Shamans) and Vengeful Codex (Warriors), left to right."""

    source: Source
    vengeful_calendar: tuple[VengefulSpaceModel, ...]
    vengeful_codex: tuple[VengefulSpaceModel, ...]


class TaskGoalModel(_Strict):
    """One goal of a Task side; ``condition`` names a predicate the solo engine knows."""

    text: str
    condition: str
    check: TaskCheck
    track: tuple[int, ...] = Field(min_length=1)


class TaskSideModel(_Strict):
    name: str
    player: TaskGoalModel
    vengeful: TaskGoalModel
    source: Source
    note: str | None = None  # why a designed value was changed (balance, B13)


class TaskCardModel(_Strict):
    card: int
    sides: dict[Literal["A", "B"], TaskSideModel]
    source: Source


class TaskCardsModel(_Strict):
    source: Source
    task_cards: tuple[TaskCardModel, ...]


class SoloDifficultyModel(_Strict):
    """D1 ``solo_difficulty``: the Vengeful start and the named offsets (B10.4)."""

    vengeful_start_vp: int
    offset_range: tuple[int, int]
    presets: dict[str, int]


@dataclass(frozen=True, slots=True)
class VengefulAbility:
    god: str
    name: str
    text: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class VengefulCard:
    id: str
    name: str
    corner: int
    rows: tuple[tuple[Step, ...], ...]  # rows 1, 2, 3 at indexes 0, 1, 2


@dataclass(frozen=True, slots=True)
class TaskGoal:
    text: str
    condition: str
    check: str
    track: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TaskSide:
    card: int
    side: str
    name: str
    player: TaskGoal
    vengeful: TaskGoal


@dataclass(frozen=True)
class SoloData:
    """Everything the solo engine reads on top of ``MezoData``."""

    ability_deck: tuple[str, ...]
    remove_player_god: bool
    abilities: dict[str, VengefulAbility]
    cards: tuple[VengefulCard, ...]
    calendar: tuple[Reward, ...]
    codex: tuple[Reward, ...]
    tasks: dict[int, dict[str, TaskSide]]
    start_player_vp: int
    start_vengeful_vp: int
    offset_range: tuple[int, int]
    presets: dict[str, int]

    def card(self, card_id: str) -> VengefulCard:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)


def _goal(m: TaskGoalModel) -> TaskGoal:
    return TaskGoal(m.text, m.condition, m.check, m.track)


@cache
def load_solo_data() -> SoloData:
    """Load and validate the solo assets once (D1 solo values, D9 VENGEFUL texts, D9.1-D12)."""
    base = load_data()
    deck = load_model(VengefulAbilityDeckModel, "mezo", "vengeful_ability_deck.json")
    cards = load_model(VengefulCardsModel, "mezo", "vengeful_cards.json")
    tracks = load_model(VengefulTracksModel, "mezo", "vengeful_tracks.json")
    tasks = load_model(TaskCardsModel, "mezo", "task_cards.json")
    gods = load_model(GodsModel, "mezo", "gods.json")
    extra = base.constants.model_extra or {}
    difficulty = SoloDifficultyModel.model_validate(extra["solo_difficulty"])
    abilities = {
        g.id: VengefulAbility(
            g.id, g.vengeful.name, g.vengeful.text, compile_effect(g.vengeful.effect)
        )
        for g in gods.gods
    }
    missing = set(deck.vengeful_ability_deck) - set(abilities)
    if missing:
        raise ValueError(f"Vengeful ability deck names unknown gods: {sorted(missing)}")
    return SoloData(
        ability_deck=deck.vengeful_ability_deck,
        remove_player_god=deck.remove_player_god,
        abilities=abilities,
        cards=tuple(
            VengefulCard(
                c.id, c.name, c.corner, tuple(compile_effect(c.rows[k]) for k in ("1", "2", "3"))
            )
            for c in cards.vengeful_cards
        ),
        calendar=tuple(
            Reward(s.id, s.id, compile_effect(s.effect)) for s in tracks.vengeful_calendar
        ),
        codex=tuple(Reward(s.id, s.id, compile_effect(s.effect)) for s in tracks.vengeful_codex),
        tasks={
            t.card: {
                k: TaskSide(t.card, k, side.name, _goal(side.player), _goal(side.vengeful))
                for k, side in sorted(t.sides.items())
            }
            for t in tasks.task_cards
        },
        start_player_vp=int(base.constants.start_vp["solo_player"]),
        start_vengeful_vp=difficulty.vengeful_start_vp,
        offset_range=difficulty.offset_range,
        presets=dict(difficulty.presets),
    )


# ---- modules: Cities, Rituals, Prophecies, Sacred Cenote, Tribe Powers (Part C, D13-D16) --

RitualStep = Literal["tribe", "god", "conflict", "end_of_age"]
ProphecyCondition = Literal[
    "pyramid_regions_at_least",
    "pyramid_height_at_least",
    "glyph_regions_at_least",
    "calendar_units_at_least",
    "codex_units_at_least",
    "won_this_conflict_with_strength_at_least",
    "devotion_at_least",
    "won_this_blessed_conflict",
    "won_both_majorities_this_conflict",
    "won_this_conflict_in_other_champion_region",
    "xibalba_empty",
    "glyph_and_pyramid_regions_at_least",
]


class RitualModifierModel(_Strict):
    """D13: the rule changes a modifier Ritual may make; the engine reads each by name."""

    deploy_cap: int | None = Field(None, ge=0)
    call_times: int | None = Field(None, ge=1)
    call_replaced_by: Effect | None = None
    smite_bonus: int | None = None
    strength_winner_vp: int | None = None
    pass_gives_both: bool = False
    pass_both_already_bonus_vp: int | None = None
    strength_tie: Literal["fewest_vp"] | None = None
    extra_devotion_per_sacrificed_unit: int | None = None


class RitualModel(_Strict):
    id: str
    name: str
    step: RitualStep
    kind: Literal["one_time", "modifier"]
    text: str
    effect: Effect = ()
    modifier: RitualModifierModel | None = None
    source: Source


class RitualsModel(_Strict):
    source: Source
    rituals: tuple[RitualModel, ...]


class ProphecyConditionModel(_Strict):
    id: ProphecyCondition
    n: int = 1


class ProphecyModel(_Strict):
    id: str
    name: str
    text: str
    condition: ProphecyConditionModel
    source: Source


class MonumentModel(_Strict):
    id: str
    name: str
    vp: int
    source: Source


class ProphecyDeckModel(_Strict):
    source: Source
    vp_per_card: int
    monument_vp: int
    prophecies: tuple[ProphecyModel, ...]
    monument: MonumentModel


class PowerModel(_Strict):
    text: str
    effect: Effect


class TribePowerModel(_Strict):
    id: str
    powers: tuple[PowerModel, PowerModel]
    source: Source


class TribePowersModel(_Strict):
    source: Source
    tribe_powers: tuple[TribePowerModel, ...]
    use_condition: Literal["god_present_here_or_own_champion_here"]
    uses_per_game: int = Field(ge=1)


class CitiesModel(_Strict):
    tokens: int
    placement: Literal["setup_vp_order_in_play_region_without_city"]
    start_of_age_deploy: int = Field(ge=0)
    may_deploy_champion_with_it: bool
    destroyed_when: Literal["another_player_wins_a_conflict_there"]
    destroyer_vp: int
    end_of_game_vp: int


class CenoteModel(_Strict):
    placed_by: Literal["first_in_vp_order"]
    when: Literal["start_of_age"]
    winner_bonus: Effect
    removed_at: Literal["end_of_age"]

    @field_validator("winner_bonus")
    @classmethod
    def _automatic(cls, effect: Effect) -> Effect:
        """The bonus is paid inside the Blessed Region's resolution: no choices allowed."""
        if any(step.op not in ("vp", "devotion") for step in effect):
            raise ValueError("the Sacred Cenote's bonus may only give VP or Devotion")
        return effect


class ModuleDrawModel(_Strict):
    setup_draw: int = Field(ge=1)
    one_per_age: bool = True
    tokens_per_player: int = 1


class TribePowerDealModel(_Strict):
    deal: Literal["random_one_each"]


class ModulesModel(_Strict):
    """D16: the constants of the Cities and the Sacred Cenote, and how the decks are drawn."""

    source: Source
    cities: CitiesModel
    sacred_cenote: CenoteModel
    rituals: ModuleDrawModel
    prophecies: ModuleDrawModel
    tribe_powers: TribePowerDealModel


@dataclass(frozen=True, slots=True)
class Ritual:
    id: str
    name: str
    step: str
    kind: str
    text: str
    steps: tuple[Step, ...]
    # Rule changes by name (only those the card sets); call_replaced_by holds compiled steps.
    modifier: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Prophecy:
    id: str
    name: str
    text: str
    condition: str
    n: int


@dataclass(frozen=True, slots=True)
class TribePower:
    id: str
    texts: tuple[str, str]
    steps: tuple[tuple[Step, ...], tuple[Step, ...]]


@dataclass(frozen=True)
class ModuleData:
    """Everything the five modules read, compiled once."""

    rituals: tuple[Ritual, ...]
    ritual_draw: int
    prophecies: tuple[Prophecy, ...]
    prophecy_draw: int
    prophecy_vp: int
    monument_name: str
    monument_vp: int
    powers: tuple[TribePower, ...]
    city_tokens: int
    city_deploy: int
    city_champion: bool
    city_destroyer_vp: int
    city_end_vp: int
    cenote_bonus: tuple[Step, ...]

    def ritual(self, ritual_id: str) -> Ritual:
        for r in self.rituals:
            if r.id == ritual_id:
                return r
        raise KeyError(ritual_id)

    def prophecy(self, prophecy_id: str) -> Prophecy:
        for p in self.prophecies:
            if p.id == prophecy_id:
                return p
        raise KeyError(prophecy_id)

    def power(self, power_id: str) -> TribePower:
        for p in self.powers:
            if p.id == power_id:
                return p
        raise KeyError(power_id)


def _ritual(m: RitualModel) -> Ritual:
    mod: dict[str, Any] = {}
    if m.modifier is not None:
        for key, value in m.modifier.model_dump(exclude_defaults=True).items():
            mod[key] = value
        if m.modifier.call_replaced_by is not None:
            mod["call_replaced_by"] = compile_effect(m.modifier.call_replaced_by)
    if (m.kind == "modifier") != bool(mod) or (m.kind == "one_time") != bool(m.effect):
        raise ValueError(f"Ritual {m.id}: a modifier needs a modifier, a one-time an effect")
    return Ritual(m.id, m.name, m.step, m.kind, m.text, compile_effect(m.effect), mod)


@cache
def load_module_data() -> ModuleData:
    """Load and validate the module assets once (D13-D16)."""
    rituals = load_model(RitualsModel, "mezo", "rituals.json")
    deck = load_model(ProphecyDeckModel, "mezo", "prophecies.json")
    powers = load_model(TribePowersModel, "mezo", "tribe_powers.json")
    mods = load_model(ModulesModel, "mezo", "modules.json")
    if deck.monument.vp != deck.monument_vp:
        raise ValueError("prophecies.json gives the Monument two different VP values")
    for name, ids in (
        ("Ritual", [r.id for r in rituals.rituals]),
        ("Prophecy", [p.id for p in deck.prophecies]),
        ("Tribe Power", [p.id for p in powers.tribe_powers]),
    ):
        if len(ids) != len(set(ids)):
            raise ValueError(f"two {name} records share an id")
    return ModuleData(
        rituals=tuple(_ritual(r) for r in rituals.rituals),
        ritual_draw=mods.rituals.setup_draw,
        prophecies=tuple(
            Prophecy(p.id, p.name, p.text, p.condition.id, p.condition.n) for p in deck.prophecies
        ),
        prophecy_draw=mods.prophecies.setup_draw,
        prophecy_vp=deck.vp_per_card,
        monument_name=deck.monument.name,
        monument_vp=deck.monument_vp,
        powers=tuple(
            TribePower(
                p.id,
                (p.powers[0].text, p.powers[1].text),
                (compile_effect(p.powers[0].effect), compile_effect(p.powers[1].effect)),
            )
            for p in powers.tribe_powers
        ),
        city_tokens=mods.cities.tokens,
        city_deploy=mods.cities.start_of_age_deploy,
        city_champion=mods.cities.may_deploy_champion_with_it,
        city_destroyer_vp=mods.cities.destroyer_vp,
        city_end_vp=mods.cities.end_of_game_vp,
        cenote_bonus=compile_effect(mods.sacred_cenote.winner_bonus),
    )

"""The Mesos data files: counts from the notes' summary, sources, validation."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from tabletop_tui.assets import asset_path
from tabletop_tui.games.mesos.data import Building, Character, load_data

DATA = load_data()


def test_character_counts_by_type() -> None:
    counts = Counter(c.type for c in DATA.characters.values())
    assert len(DATA.characters) == 84
    assert counts == {
        "inventor": 20,
        "hunter": 15,
        "artist": 13,
        "shaman": 13,
        "builder": 12,
        "gatherer": 11,
    }


def test_events_per_era_and_finals() -> None:
    assert len(DATA.events) == 12
    by_era = Counter((e.era, e.final) for e in DATA.events.values())
    assert by_era == {(1, False): 4, (2, False): 4, (3, False): 2, (3, True): 2}
    finals = sorted(e.effect.kind for e in DATA.events.values() if e.final)
    assert finals == ["shamanic_ritual", "sustenance"]
    era3 = sorted(e.effect.kind for e in DATA.events.values() if e.era == 3 and not e.final)
    assert era3 == ["cave_paintings", "hunt"]


def test_event_values_from_the_notes() -> None:
    hunts = sorted(
        (e.era, e.effect.pp_per_hunter, e.effect.food_per_hunter)
        for e in DATA.events.values()
        if e.effect.kind == "hunt"
    )
    assert hunts == [(1, 1, 1), (2, 2, 1), (3, 3, 1)]
    rituals = sorted(
        (e.era, e.effect.most, e.effect.fewest)
        for e in DATA.events.values()
        if e.effect.kind == "shamanic_ritual"
    )
    assert rituals == [(1, 5, -3), (2, 10, -5), (3, 15, -7)]
    caves = sorted(
        (e.era, e.effect.min_artists, e.effect.pp_per_artist, e.effect.penalty)
        for e in DATA.events.values()
        if e.effect.kind == "cave_paintings"
    )
    assert caves == [(1, 1, 1, -2), (2, 2, 2, -2), (3, 3, 3, -2)]
    sust = sorted(
        (e.era, e.effect.pp_per_unfed)
        for e in DATA.events.values()
        if e.effect.kind == "sustenance"
    )
    assert sust == [(1, -1), (2, -2), (3, -3)]


def test_buildings_per_era_and_kinds() -> None:
    assert Counter(b.era for b in DATA.buildings.values()) == {1: 6, 2: 7, 3: 8}
    kinds = {b.effect.kind for b in DATA.buildings.values()}
    # The appendix lists 14 distinct effects; each is one effect kind.
    assert len(kinds) == 14


def test_offer_tiles_and_turn_order() -> None:
    tiles = DATA.tiles
    assert sorted(tiles) == list("ABCDEFG")
    assert (tiles["A"].food, tiles["A"].min_players) == (3, 5)
    assert (tiles["G"].top, tiles["G"].bottom, tiles["G"].min_players) == (2, 1, 4)
    for n in range(2, 6):
        assert sum(1 for t in tiles.values() if t.min_players <= n) == n + 2
    spaces = {n: [(s.food, s.last) for s in DATA.order_tiles[n].spaces] for n in range(2, 6)}
    assert spaces[2] == [(1, False), (0, True)]
    assert spaces[5] == [(3, False), (1, False), (0, False), (0, False), (0, True)]
    assert DATA.setup.starting_food.by_position == [2, 3, 3, 4, 4]
    assert DATA.buildings_per_era == {2: [1, 2, 3], 3: [2, 2, 4], 4: [2, 3, 4], 5: [2, 3, 5]}


@pytest.mark.parametrize("players,size", [(2, 61), (3, 72), (4, 83), (5, 94)])
def test_deck_size_per_player_count(players: int, size: int) -> None:
    deck = [
        c
        for c in [*DATA.characters.values(), *DATA.events.values()]
        if c.min_players <= players and not getattr(c, "final", False)
    ]
    assert len(deck) == size
    total = size + 2  # the two Final Events
    assert total == 11 * players + 41
    # Setup deals P+1 and P+4, then nine refills of P+4 empty the deck at round 10.
    assert total == (players + 1) + (players + 4) + 9 * (players + 4)


def test_every_record_has_a_source() -> None:
    for name in ("characters.json", "events.json", "buildings.json"):
        raw = json.loads(asset_path("mesos", name).read_text())
        (records,) = raw.values()
        assert all(r["source"] in ("rulebook", "printed card", "designed") for r in records)
    setup = json.loads(asset_path("mesos", "setup.json").read_text())
    for key, val in setup.items():
        items = val if isinstance(val, list) else [val]
        assert all("source" in item for item in items), key


def test_invalid_records_are_rejected() -> None:
    with pytest.raises(ValidationError):
        Character(id="X", era=1, type="shaman", min_players=2, source="designed")  # no stars
    with pytest.raises(ValidationError):
        Character(id="X", era=1, type="artist", min_players=2, bow=True, source="designed")
    with pytest.raises(ValidationError):
        Building.model_validate(
            {
                "id": "X",
                "name": "n",
                "era": 1,
                "cost": 1,
                "pp": 0,
                "effect": {"kind": "no_such_effect"},
                "source": "designed",
            }
        )


def test_each_invention_icon_appears_twice() -> None:
    icons = Counter(c.invention for c in DATA.characters.values() if c.invention)
    assert len(icons) == 10 and set(icons.values()) == {2}


def test_rules_text_covers_every_building_and_ruling() -> None:
    from tabletop_tui.assets import read_text
    from tabletop_tui.games.mesos import GAME

    text = read_text("rules", GAME.rules_file)
    for b in DATA.buildings.values():
        assert f"**{b.name}** (#{b.short})" in text, b.name
    rulings = text.split("## Our rulings", 1)[1]
    for n in range(1, 15):
        assert f"\n{n}. **" in rulings, n
    summary = read_text("rules", GAME.rules_summary_file)
    assert "10 rounds" in summary and len(summary) < len(text) / 3


def test_building_effects_take_exactly_their_parameters() -> None:
    from tabletop_tui.games.mesos.data import EFFECTS, BuildingEffect

    assert {b.effect.kind for b in DATA.buildings.values()} == set(EFFECTS)
    with pytest.raises(ValidationError):  # a parameter the kind does not take
        BuildingEffect(kind="end_flat_pp", pp=25, food=1)
    with pytest.raises(ValidationError):  # a missing parameter
        BuildingEffect(kind="end_pp_per_type", pp=3)
    with pytest.raises(ValidationError):  # a multiplier must multiply
        BuildingEffect(kind="end_builder_pp_multiplier", factor=1)
    eff = BuildingEffect(kind="end_pp_per_type", type="hunter", pp=3)
    assert eff.params == {"type": "hunter", "pp": 3}
    assert eff.describe() == "End of game: +3 PP per Hunter."

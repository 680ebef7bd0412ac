"""Every number in assets/mesos against a second, independent transcription of the printed
cards (the tables below), so a slip in either shows up as a failing test."""

from __future__ import annotations

import pytest

from .helpers import DATA

# id era min_players type detail (hunter: bow or -, builder: -discount/PP, inventor: icon,
# shaman: one * per star, others: -)
CHARACTERS = """
C01 1 2 hunter bow | C02 1 2 hunter bow | C03 1 2 hunter -
C04 1 3 hunter - | C05 1 3 hunter - | C06 1 2 builder -1/3
C07 1 2 builder -2/0 | C08 1 5 builder -2/1 | C09 1 2 builder -1/2
C10 1 2 gatherer - | C11 1 2 gatherer - | C12 1 3 gatherer -
C13 1 5 gatherer - | C14 1 2 artist - | C15 1 2 artist -
C16 1 2 artist - | C17 1 3 artist - | C18 1 4 artist -
C19 1 2 inventor leather | C20 1 2 inventor boat | C21 1 2 inventor arrowhead
C22 1 2 inventor bread | C23 1 4 inventor rope | C24 1 4 inventor flute
C25 1 4 inventor bowl | C26 1 5 shaman ** | C27 1 2 shaman **
C28 1 2 shaman * | C29 1 4 shaman * | C30 2 2 hunter -
C31 2 2 hunter - | C32 2 3 hunter bow | C33 2 2 hunter bow
C34 2 4 hunter bow | C35 2 5 hunter - | C36 2 2 builder -1/4
C37 2 2 builder -2/1 | C38 2 3 builder -1/2 | C39 2 2 builder -2/3
C40 2 2 gatherer - | C41 2 3 gatherer - | C42 2 4 gatherer -
C43 2 5 gatherer - | C44 2 3 artist - | C45 2 2 artist -
C46 2 2 artist - | C47 2 2 artist - | C48 2 2 inventor idol
C49 2 4 inventor fishhook | C50 2 2 inventor rope | C51 2 2 inventor flute
C52 2 2 inventor bowl | C53 2 2 inventor leather | C54 2 2 shaman **
C55 2 2 shaman ** | C56 2 5 shaman * | C57 2 5 shaman **
C58 3 5 hunter bow | C59 3 2 hunter - | C60 3 2 hunter -
C61 3 2 hunter bow | C62 3 2 builder -1/5 | C63 3 2 builder -2/3
C64 3 5 builder -1/4 | C65 3 2 builder -2/2 | C66 3 5 gatherer -
C67 3 4 gatherer - | C68 3 2 gatherer - | C69 3 5 artist -
C70 3 2 artist - | C71 3 2 artist - | C72 3 2 artist -
C73 3 4 inventor necklace | C74 3 3 inventor boat | C75 3 3 inventor arrowhead
C76 3 2 inventor idol | C77 3 2 inventor fishhook | C78 3 2 inventor necklace
C79 3 2 inventor bread | C80 3 3 shaman ** | C81 3 2 shaman ***
C82 3 2 shaman ** | C83 3 2 shaman *** | C84 3 4 shaman **
"""

# id era final min_players kind params (PP losses are negative numbers here)
EVENTS = """
E01 1 no 2 hunt food_per_hunter=1 pp_per_hunter=1
E02 1 no 2 sustenance pp_per_unfed=-1
E03 1 no 2 shamanic_ritual most=5 fewest=-3
E04 1 no 2 cave_paintings min_artists=1 penalty=-2 pp_per_artist=1
E05 2 no 2 hunt food_per_hunter=1 pp_per_hunter=2
E06 2 no 2 sustenance pp_per_unfed=-2
E07 2 no 2 shamanic_ritual most=10 fewest=-5
E08 2 no 2 cave_paintings min_artists=2 penalty=-2 pp_per_artist=2
E09 3 no 2 hunt food_per_hunter=1 pp_per_hunter=3
E10 3 no 2 cave_paintings min_artists=3 penalty=-2 pp_per_artist=3
E11 3 yes 2 sustenance pp_per_unfed=-3
E12 3 yes 2 shamanic_ritual most=15 fewest=-7
"""

# id era cost PP effect-kind params (B13's 6 PP per set and B21's 25 PP are the rulebook's)
BUILDINGS = """
B01 1 4 3 food_per_new_full_set food=5
B02 1 4 4 sustenance_discount_per_type type=gatherer food=1
B03 1 5 3 sustenance_discount_per_type type=artist food=1
B04 1 5 2 ritual_no_fewest_penalty
B05 1 3 3 extra_food_on_turn_order_bonus_space food=1
B06 1 3 4 food_per_new_same_icon_inventor_pair food=3
B07 2 7 0 ritual_double_most_reward factor=2
B08 2 6 4 ritual_extra_stars stars=3
B09 2 7 4 sustenance_discount_per_type type=inventor food=1
B10 2 7 2 hunt_bonus_per_hunter food=1 pp=1
B11 2 6 4 end_builder_pp_multiplier factor=2
B12 2 5 6 cave_paintings_food_per_artist food=1
B13 2 5 6 end_pp_per_full_set pp=6
B14 3 8 8 end_pp_per_type type=hunter pp=3
B15 3 7 6 end_pp_per_type type=gatherer pp=4
B16 3 7 4 end_pp_per_type type=shaman pp=4
B17 3 6 3 end_pp_per_type type=builder pp=4
B18 3 7 4 end_pp_per_type type=artist pp=4
B19 3 6 6 end_pp_per_type type=inventor pp=2
B20 3 9 3 extra_top_row_pick_each_round cards=1
B21 3 10 0 end_flat_pp pp=25
"""


def _params(words: list[str]) -> dict[str, object]:
    out: dict[str, object] = {}
    for word in words:
        key, val = word.split("=")
        out[key] = int(val) if val.lstrip("-").isdigit() else val
    return out


def _character_rows() -> list[list[str]]:
    return [cell.split() for line in CHARACTERS.split("\n") for cell in line.split("|") if cell]


@pytest.mark.parametrize("row", _character_rows(), ids=lambda r: r[0])
def test_character_matches_the_printed_card(row: list[str]) -> None:
    cid, era, players, kind, detail = row
    c = DATA.characters[cid]
    assert (c.era, c.min_players, c.type) == (int(era), int(players), kind)
    assert c.bow == (detail == "bow")
    if kind == "builder":
        discount, pp = detail[1:].split("/")
        assert (c.build_discount, c.end_pp) == (int(discount), int(pp))
    else:
        assert (c.build_discount, c.end_pp) == (0, 0)
    assert c.invention == (detail if kind == "inventor" else None)
    assert c.stars == (len(detail) if kind == "shaman" else 0)


def test_every_character_is_in_the_table() -> None:
    assert sorted(r[0] for r in _character_rows()) == sorted(DATA.characters)


@pytest.mark.parametrize("line", EVENTS.strip().splitlines(), ids=lambda s: s[:3])
def test_event_matches_the_printed_card(line: str) -> None:
    eid, era, final, players, kind, *params = line.split()
    e = DATA.events[eid]
    assert (e.era, e.final, e.min_players) == (int(era), final == "yes", int(players))
    assert e.effect.kind == kind
    assert e.effect.model_dump(exclude={"kind"}) == _params(params)


@pytest.mark.parametrize("line", BUILDINGS.strip().splitlines(), ids=lambda s: s[:3])
def test_building_matches_the_printed_card(line: str) -> None:
    bid, era, cost, pp, kind, *params = line.split()
    b = DATA.buildings[bid]
    assert (b.era, b.cost, b.pp) == (int(era), int(cost), int(pp))
    assert b.effect.kind == kind
    assert b.effect.params == _params(params)


def test_no_card_outside_the_tables() -> None:
    assert sorted(DATA.events) == [line.split()[0] for line in EVENTS.strip().splitlines()]
    assert sorted(DATA.buildings) == [line.split()[0] for line in BUILDINGS.strip().splitlines()]


def test_tiles_order_tiles_and_setup_numbers() -> None:
    tiles = {t.letter: (t.min_players, t.food, t.top, t.bottom) for t in DATA.setup.offer_tiles}
    assert tiles == {
        "A": (5, 3, 0, 0),
        "B": (2, 0, 0, 1),
        "C": (2, 0, 1, 0),
        "D": (3, 0, 0, 2),
        "E": (2, 0, 1, 1),
        "F": (2, 0, 2, 0),
        "G": (4, 0, 2, 1),
    }
    spaces = {
        n: [("last" if s.last else s.food) for s in DATA.order_tiles[n].spaces] for n in range(2, 6)
    }
    assert spaces == {
        2: [1, "last"],
        3: [2, 0, "last"],
        4: [2, 1, 0, "last"],
        5: [3, 1, 0, 0, "last"],
    }
    assert all(s.food == 0 for t in DATA.order_tiles.values() for s in t.spaces if s.last)
    last = DATA.setup.last_space
    assert (last.pay_food, last.or_lose_pp) == (1, 2)
    assert DATA.buildings_per_era == {2: [1, 2, 3], 3: [2, 2, 4], 4: [2, 3, 4], 5: [2, 3, 5]}
    assert DATA.setup.starting_food.by_position == [2, 3, 3, 4, 4]
    rows = DATA.setup.rows
    assert (rows.bottom_extra, rows.top_extra, rows.rounds) == (1, 4, 10)
    k = DATA.setup.constants
    numbers = (k.gatherer_food, k.artists_per_set, k.pp_per_artist_set, k.bow_food_per_hunter)
    assert numbers == (3, 2, 10, 1)

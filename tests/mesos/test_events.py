"""Events: the rulebook's examples and rulings 4, 5, 6 and 12."""

from __future__ import annotations

from tabletop_tui.games.mesos.data import CavePaintingsEffect, Event

from .helpers import DATA, building_of, chars_of, event_of, new_game, set_tribe

E = DATA.events


def test_rulebook_shamanic_ritual_4_3_2_2() -> None:
    s = new_game(4, seed=0)
    simone, lorenzo, arianna, giada = range(4)
    shamans = {c: DATA.characters[c].stars for c in chars_of("shaman", 9, players=4)}
    two = [c for c, st in shamans.items() if st == 2]
    three = [c for c, st in shamans.items() if st == 3]
    set_tribe(s, simone, chars=two[:2])  # 4 stars
    set_tribe(s, lorenzo, chars=three[:1])  # 3 stars
    set_tribe(s, arianna, chars=two[2:3])  # 2 stars
    set_tribe(s, giada, chars=two[3:4])  # 2 stars
    s.resolve_event(E[event_of("shamanic_ritual", 2)])
    assert [t.pp for t in s.tribes] == [10, 0, -5, -5]


def test_rulebook_sustenance_two_characters_one_food() -> None:
    s = new_game(2, seed=0)
    t = set_tribe(s, 0, chars=chars_of("artist", 2), food=1)
    s.resolve_event(E[event_of("sustenance", 2)])
    assert (t.food, t.pp) == (0, -2)
    assert len(t.chars) == 2  # Characters stay even when unfed


def test_rulebook_hunt() -> None:
    s = new_game(2, seed=0)
    t = set_tribe(s, 0, chars=chars_of("hunter", 3, bow=False), food=0)
    other = set_tribe(s, 1, chars=chars_of("artist", 1), food=0)
    s.resolve_event(E[event_of("hunt", 2)])
    assert (t.food, t.pp) == (3, 6)  # 1 food and 2 PP per Hunter
    assert (other.food, other.pp) == (0, 0)


def test_rulebook_cave_paintings_uses_the_card_penalty() -> None:
    ev = E[event_of("cave_paintings", 2)]
    for artists, pp in ((0, -2), (1, -2), (2, 4), (3, 6)):
        s = new_game(2, seed=0)
        t = set_tribe(s, 0, chars=chars_of("artist", artists))
        s.resolve_event(ev)
        assert t.pp == pp, artists


def test_ruling_5_penalty_is_data() -> None:
    # The rulebook's illustration shows -3: the value lives in the card data.
    card = E[event_of("cave_paintings", 2)]
    illustrated = Event(
        id="X",
        era=2,
        min_players=2,
        effect=CavePaintingsEffect(
            kind="cave_paintings", min_artists=2, penalty=-3, pp_per_artist=2
        ),
        source="rulebook",
    )
    s = new_game(2, seed=0)
    t = set_tribe(s, 0, chars=chars_of("artist", 1))
    s.resolve_event(illustrated)
    assert t.pp == -3
    s.resolve_event(card)
    assert t.pp == -5


def test_ruling_4_ties_for_most_and_fewest() -> None:
    s = new_game(3, seed=0)
    two = [c for c in chars_of("shaman", 8, players=3) if DATA.characters[c].stars == 2]
    set_tribe(s, 0, chars=two[:1])
    set_tribe(s, 1, chars=two[1:2])
    set_tribe(s, 2, chars=[])
    s.resolve_event(E[event_of("shamanic_ritual", 1)])
    assert [t.pp for t in s.tribes] == [5, 5, -3]


def test_ruling_4_all_tied_gain_and_lose() -> None:
    s = new_game(3, seed=0)
    s.resolve_event(E[event_of("shamanic_ritual", 1)])
    assert [t.pp for t in s.tribes] == [5 - 3] * 3


def test_ruling_4_b04_no_loss() -> None:
    b04 = building_of("ritual_no_fewest_penalty")
    s = new_game(2, seed=0)
    set_tribe(s, 0, chars=chars_of("shaman", 1))
    set_tribe(s, 1, buildings=[b04])
    s.resolve_event(E[event_of("shamanic_ritual", 2)])
    assert [t.pp for t in s.tribes] == [10, 0]
    # All tied: the B04 owner still gains, and does not lose.
    s = new_game(2, seed=0)
    set_tribe(s, 1, buildings=[b04])
    s.resolve_event(E[event_of("shamanic_ritual", 2)])
    assert [t.pp for t in s.tribes] == [10 - 5, 10]


def test_ruling_4_b07_double_only_when_alone() -> None:
    b07 = building_of("ritual_double_most_reward")
    shaman = chars_of("shaman", 2)
    s = new_game(2, seed=0)
    set_tribe(s, 0, chars=shaman[:1], buildings=[b07])
    s.resolve_event(E[event_of("shamanic_ritual", 1)])
    assert [t.pp for t in s.tribes] == [10, -3]
    s = new_game(3, seed=0)
    two = [c for c in chars_of("shaman", 8, players=3) if DATA.characters[c].stars == 2]
    set_tribe(s, 0, chars=two[:1], buildings=[b07])
    set_tribe(s, 1, chars=two[1:2])
    s.resolve_event(E[event_of("shamanic_ritual", 1)])
    assert [t.pp for t in s.tribes] == [5, 5, -3]


def test_b08_extra_stars() -> None:
    b08 = building_of("ritual_extra_stars")
    s = new_game(2, seed=0)
    set_tribe(s, 0, chars=[c for c in chars_of("shaman", 7) if DATA.characters[c].stars == 2][:1])
    set_tribe(s, 1, buildings=[b08])  # 0 + 3 stars beats 2
    s.resolve_event(E[event_of("shamanic_ritual", 1)])
    assert [t.pp for t in s.tribes] == [-3, 5]


def test_b10_hunt_bonus_and_b12_cave_food() -> None:
    b10 = building_of("hunt_bonus_per_hunter")
    b12 = building_of("cave_paintings_food_per_artist")
    s = new_game(2, seed=0)
    t = set_tribe(
        s, 0, chars=chars_of("hunter", 2, bow=False) + chars_of("artist", 1), buildings=[b10, b12]
    )
    s.resolve_event(E[event_of("hunt", 1)])
    assert (t.food, t.pp) == (2 * 2, 2 * 2)
    s.resolve_event(E[event_of("cave_paintings", 2)])  # 1 Artist < 2: penalty, still food
    assert (t.food, t.pp) == (4 + 1, 4 - 2)


def test_ruling_6_sustenance_need() -> None:
    s = new_game(2, seed=0)
    ev = E[event_of("sustenance", 3, final=True)]
    # 5 Characters, 1 Gatherer: need 2.
    t = set_tribe(s, 0, chars=chars_of("gatherer", 1) + chars_of("artist", 4), food=10)
    s.resolve_event(ev)
    assert (t.food, t.pp) == (8, 0)
    # Drying Racks style discount per Gatherer, Painted Hut per Artist: never below 0.
    b_art = building_of("sustenance_discount_per_type", type="artist")
    t = set_tribe(s, 1, chars=chars_of("artist", 4), buildings=[b_art], food=3)
    s.resolve_event(ev)
    assert (t.food, t.pp) == (3, 0)
    b_inv = building_of("sustenance_discount_per_type", type="inventor")
    b_gat = building_of("sustenance_discount_per_type", type="gatherer")
    t = set_tribe(
        s,
        1,
        chars=chars_of("inventor", 3)
        + chars_of("gatherer", 1)
        + chars_of("hunter", 4, bow=False)
        + chars_of("builder", 2),
        buildings=[b_inv, b_gat],
        food=1,
    )
    # 10 Characters - 3 (Gatherer) - 3 (Inventors) - 1 (Gatherer discount) = 3; pays 1.
    s.resolve_event(ev)
    assert (t.food, t.pp) == (0, -6)


def test_sustenance_last_and_same_types_in_era_order() -> None:
    s = new_game(2, seed=0)
    t = set_tribe(s, 0, chars=chars_of("hunter", 2, bow=False), food=0)
    # The Hunt's food arrives before the Sustenance even when listed after it.
    s.resolve_events([event_of("sustenance", 1), event_of("hunt", 1)])
    assert (t.food, t.pp) == (0, 2)
    s = new_game(2, seed=0)
    t = set_tribe(s, 0, chars=chars_of("artist", 2), food=2)
    # Era I Sustenance first (fed), then Era II (2 unfed x -2), whatever the listing order.
    s.resolve_events([event_of("sustenance", 2), event_of("sustenance", 1)])
    assert (t.food, t.pp) == (0, -4)


def test_ruling_12_pp_may_go_negative_food_has_no_cap() -> None:
    s = new_game(2, seed=0)
    t = set_tribe(s, 0, chars=chars_of("artist", 1), food=0, pp=0)
    s.resolve_event(E[event_of("cave_paintings", 3)])
    assert t.pp == -2
    t.food = 500
    s.resolve_event(E[event_of("hunt", 3)])
    assert t.food == 500
    u = set_tribe(s, 1, chars=chars_of("hunter", 3, bow=False), food=200)
    s.resolve_event(E[event_of("hunt", 3)])
    assert u.food == 203 and u.pp == 9


def test_b04_also_spares_a_tie_for_fewest() -> None:
    b04 = building_of("ritual_no_fewest_penalty")
    s = new_game(3, seed=0)
    set_tribe(s, 0, chars=chars_of("shaman", 1))
    set_tribe(s, 1)
    set_tribe(s, 2, buildings=[b04])
    s.resolve_event(E[event_of("shamanic_ritual", 1)])
    assert [t.pp for t in s.tribes] == [5, -3, 0]

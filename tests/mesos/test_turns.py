"""Placing totems, resolving actions, taking cards, returning totems (rulings 2, 3, 10, 11)."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.core import IllegalMove
from tabletop_tui.games.mesos.rules import ACT, EXTRA, PLACE, MesosState

from .helpers import (
    DATA,
    arrange,
    building_of,
    chars_of,
    discarded_characters,
    event_of,
    new_game,
    play_until,
    set_tribe,
)


def _place(s, tiles: list[str]) -> None:
    """Each seat in turn order places on the given tile."""
    for t in tiles:
        s.apply(f"tile:{t}")


def test_rulebook_five_player_example() -> None:
    # Red, violet, yellow, white, blue place in that order on B, C, A, G, E.
    red, violet, yellow, white, blue = range(5)
    s = new_game(5, seed=1)
    s.order = [red, violet, yellow, white, blue]
    arrange(
        s,
        bottom=chars_of("artist", 3) + chars_of("gatherer", 3),
        top=chars_of("inventor", 6) + chars_of("shaman", 3),
    )
    for seat in range(5):
        s.tribes[seat].food = 2
    _place(s, ["B", "C", "A", "G", "E"])
    assert s.phase == ACT
    # Left to right: A (yellow, automatic), B red, C violet, E blue, G white.
    d = s.decision()
    assert d.seat == red and d.context["need_bottom"] == 1 and d.context["need_top"] == 0
    assert s.tribes[yellow].food == 2 + 3 + 3  # tile A, then the first space's +3
    s.apply(f"take:bottom:{s.bottom[0]}")
    assert s.tribes[red].food == 2 + 1  # second space: +1
    d = s.decision()
    assert d.seat == violet and all(o.id.startswith("take:top:") for o in d.options)
    s.apply(d.options[0].id)
    assert s.tribes[violet].food == 2  # third space: nothing
    d = s.decision()
    assert d.seat == blue
    rows = {o.id.split(":")[1] for o in d.options}
    assert rows == {"top", "bottom"}  # either order
    s.apply(next(o.id for o in d.options if ":bottom:" in o.id))
    d = s.decision()
    assert d.seat == blue and {o.id.split(":")[1] for o in d.options} == {"top"}
    s.apply(d.options[0].id)
    assert s.tribes[blue].food == 2
    for _ in range(3):
        d = s.decision()
        assert d.seat == white
        s.apply(d.options[0].id)
    assert s.tribes[white].food == 2 - 1  # last space: pay 1 food
    assert len(s.tribes[white].chars) == 3
    assert s.phase == PLACE and s.round_no == 2
    assert s.order == [yellow, red, violet, blue, white]


def test_placement_offers_only_free_tiles() -> None:
    s = new_game(3, seed=2)
    first, second, _ = s.order
    s.apply("tile:E")
    d = s.decision()
    assert d.seat == second
    assert "tile:E" not in d.ids and len(d.ids) == 4
    with pytest.raises(IllegalMove):
        s.apply("tile:E")
    assert s.decision().seat == second


def test_events_are_never_takeable() -> None:
    s = new_game(2, seed=4)
    hunt = event_of("hunt", 1)
    arrange(s, top=[hunt, *chars_of("artist", 2)], top_b=[])
    s.order = [0, 1]
    _place(s, ["F", "B"])
    d = s.decision()  # B acts first (left to right)
    assert d.seat == 1
    s.apply(d.options[0].id)
    d = s.decision()
    assert d.seat == 0
    assert all(hunt not in o.id for o in d.options)


def test_ruling_2_row_with_only_unaffordable_buildings_gives_nothing() -> None:
    s = new_game(2, seed=5)
    expensive = max(s.top_b + s.waiting[2], key=lambda b: DATA.buildings[b].cost)
    arrange(s, top=[event_of("hunt", 1)], top_b=[expensive], bottom=chars_of("artist", 3))
    s.order = [0, 1]
    set_tribe(s, 0, food=0)
    set_tribe(s, 1, food=1)
    _place(s, ["C", "B"])
    d = s.decision()
    assert d.seat == 1  # tile B first
    s.apply(d.options[0].id)
    # Tile C: the top row holds an Event and a Building seat 0 cannot pay: nothing to take.
    assert s.tribes[0].chars == [] and s.tribes[0].buildings == []
    assert s.phase == PLACE and s.round_no == 2
    assert s.order == [1, 0]
    assert s.tribes[0].pp == -2  # last space without food


def test_must_take_while_a_card_is_takeable() -> None:
    s = new_game(2, seed=6)
    arrange(s, top=chars_of("artist", 1), top_b=[], bottom=chars_of("gatherer", 3))
    s.order = [0, 1]
    _place(s, ["F", "B"])
    s.apply(s.decision().options[0].id)  # seat 1, tile B
    d = s.decision()
    assert d.seat == 0 and [o.id for o in d.options] == [f"take:top:{s.top[0]}"]
    assert "pass" not in d.ids
    s.apply(d.options[0].id)
    # F promises two top cards but the row is now empty: the action ends.
    assert s.phase == PLACE and len(s.tribes[0].chars) == 1


def test_builder_discount_and_pick_order() -> None:
    s = new_game(2, seed=7)
    builder = chars_of("builder", 1, build_discount=2)[0]
    bld = next(b for b in DATA.buildings.values() if b.era == 1 and b.cost == 5).id
    arrange(s, top=[builder, *chars_of("artist", 2)], top_b=[bld])
    s.order = [0, 1]
    set_tribe(s, 0, food=3)
    _place(s, ["F", "B"])
    s.apply(s.decision().options[0].id)  # seat 1 on B
    d = s.decision()
    assert d.seat == 0 and f"take:top:{bld}" not in d.ids  # 5 food > 3
    s.apply(f"take:top:{builder}")
    d = s.decision()
    assert f"take:top:{bld}" in d.ids  # now 5 - 2 = 3
    s.apply(f"take:top:{bld}")
    assert s.tribes[0].buildings == [bld]
    assert s.tribes[0].food == 0


def test_discounts_never_make_a_building_pay_you() -> None:
    s = new_game(2, seed=8)
    builders = chars_of("builder", 4)
    bld = min(s.top_b, key=lambda b: DATA.buildings[b].cost)
    arrange(s, top=chars_of("artist", 1), top_b=[bld])
    t = set_tribe(s, 0, chars=builders, food=2)
    assert t.discount > DATA.buildings[bld].cost
    s.order = [0, 1]
    _place(s, ["C", "B"])
    s.apply(s.decision().options[0].id)
    s.apply(f"take:top:{bld}")
    assert s.tribes[0].food == 2 - 0 - 1  # the Building is free; the last space costs 1
    assert bld in s.tribes[0].buildings


def test_ruling_3_hunter_with_bow_counts_every_hunter() -> None:
    s = new_game(2, seed=9)
    plain = chars_of("hunter", 2, bow=False)
    bow = chars_of("hunter", 1, bow=True)[0]
    arrange(s, top=[bow, *chars_of("artist", 2)])
    set_tribe(s, 0, chars=plain, food=0)
    s.order = [0, 1]
    _place(s, ["C", "B"])
    s.apply(s.decision().options[0].id)  # seat 1 first (tile B)
    s.apply(f"take:top:{bow}")
    # 3 Hunters including the new one: +3 food; then the last space costs 1.
    assert s.tribes[0].food == 3 - 1


def test_hunter_without_bow_gives_nothing() -> None:
    s = new_game(2, seed=9)
    plain = chars_of("hunter", 1, bow=False)[0]
    arrange(s, top=[plain, *chars_of("artist", 2)])
    set_tribe(s, 0, chars=chars_of("hunter", 2, bow=False)[1:], food=5)
    s.order = [0, 1]
    _place(s, ["C", "B"])
    s.apply(s.decision().options[0].id)  # seat 1 on B
    s.apply(f"take:top:{plain}")
    assert s.tribes[0].counts[0] == 2
    assert s.tribes[0].food == 5 - 1  # only the last space's cost


def test_last_space_pays_food_or_loses_pp() -> None:
    s = new_game(2, seed=10)
    arrange(s, top=chars_of("artist", 3), bottom=chars_of("gatherer", 3))
    set_tribe(s, 0, food=1)
    set_tribe(s, 1, food=0)
    s.order = [0, 1]
    _place(s, ["B", "C"])
    s.apply(s.decision().options[0].id)
    s.apply(s.decision().options[0].id)
    assert (s.tribes[0].food, s.tribes[0].pp) == (2, 0)  # first space +1
    assert (s.tribes[1].food, s.tribes[1].pp) == (0, -2)  # last space, no food: -2 PP
    s.apply("tile:C")
    s.apply("tile:B")
    s.apply(s.decision().options[0].id)
    s.apply(s.decision().options[0].id)
    assert (s.tribes[1].food, s.tribes[1].pp) == (1, -2)
    assert (s.tribes[0].food, s.tribes[0].pp) == (1, 0)  # last space with food: pays 1


def test_last_space_with_exactly_one_food_pays_it_and_keeps_pp() -> None:
    # The boundary: 1 food is enough to pay, so the tribe ends with 0 food and no PP lost.
    s = new_game(2, seed=10)
    arrange(s, top=chars_of("artist", 3), bottom=chars_of("gatherer", 3))
    set_tribe(s, 0, food=0)
    set_tribe(s, 1, food=1)
    s.order = [0, 1]
    _place(s, ["B", "C"])
    s.apply(s.decision().options[0].id)
    s.apply(s.decision().options[0].id)
    assert (s.tribes[1].food, s.tribes[1].pp) == (0, 0)  # last space: pays its only food
    assert (s.tribes[0].food, s.tribes[0].pp) == (1, 0)  # first space +1


def test_tile_a_gives_three_food() -> None:
    s = new_game(5, seed=12)
    s.order = [0, 1, 2, 3, 4]
    for seat in range(5):
        s.tribes[seat].food = 0
    _place(s, ["A", "B", "C", "D", "E"])
    assert s.tribes[0].food == 3 + 3
    assert s.decision().seat == 1


def test_ruling_11_b05_only_on_food_spaces() -> None:
    b05 = building_of("extra_food_on_turn_order_bonus_space")
    cases = (
        (["A", "B", "C", "D", "E"], 3 + 3 + 1),  # tile A, first space +3, B05 +1
        (["B", "A", "C", "D", "E"], 1 + 1),  # second space +1, B05 +1
        (["C", "B", "A", "D", "E"], 0),  # third space gives no food: B05 does nothing
    )
    for tiles, owner_food in cases:
        s = new_game(5, seed=13)
        s.order = [0, 1, 2, 3, 4]
        arrange(
            s,
            top=chars_of("shaman", 9, players=5),
            bottom=chars_of("gatherer", 4, players=5) + chars_of("artist", 2),
        )
        for seat in range(5):
            set_tribe(s, seat, buildings=[b05] if seat == 0 else [], food=0)
        _place(s, tiles)
        while s.phase == ACT:
            s.apply(s.decision().options[0].id)
        assert s.tribes[0].food == owner_food
    s = new_game(2, seed=13)
    s.order = [0, 1]
    arrange(s, top=chars_of("shaman", 6), bottom=chars_of("gatherer", 3))
    set_tribe(s, 1, buildings=[b05], food=2)
    _place(s, ["B", "C"])
    while s.phase == ACT:
        s.apply(s.decision().options[0].id)
    assert s.tribes[1].food == 1  # last space: pays 1, B05 has no effect


def _trading_post(seed: int, shamans: int) -> MesosState:
    """Two tribes; seat 0 owns the Trading Post and places first; the top row holds
    ``shamans`` Shamans and no Building."""
    s = new_game(2, seed=seed)
    s.order = [0, 1]
    arrange(s, top=chars_of("shaman", shamans), bottom=chars_of("gatherer", 3), top_b=[])
    set_tribe(s, 0, buildings=[building_of("extra_top_row_pick_each_round")], food=0)
    return s


def test_ruling_10_b20_extra_pick_in_new_turn_order() -> None:
    s = _trading_post(14, 6)
    _place(s, ["C", "B"])
    s.apply(s.decision().options[0].id)  # seat 1, tile B
    s.apply(s.decision().options[0].id)  # seat 0, tile C
    assert s.phase == EXTRA
    d = s.decision()
    assert d.seat == 0 and d.kind == "extra" and "pass" in d.ids
    assert all(o.id == "pass" or o.id.startswith("take:top:") for o in d.options)
    before = len(s.tribes[0].chars)
    s.apply(next(o.id for o in d.options if o.id != "pass"))
    assert len(s.tribes[0].chars) == before + 1
    assert s.phase == PLACE  # then the End of the Round
    # It is optional: pass keeps the tribe unchanged.
    s.apply("tile:C")
    s.apply("tile:B")
    s.apply(s.decision().options[0].id)
    s.apply(s.decision().options[0].id)
    assert s.phase == EXTRA
    n = len(s.tribes[0].chars)
    s.apply("pass")
    assert len(s.tribes[0].chars) == n and s.phase == PLACE


def test_b20_skipped_when_nothing_takeable() -> None:
    s = _trading_post(15, 2)
    _place(s, ["F", "B"])
    while s.phase == ACT:
        s.apply(s.decision().options[0].id)
    assert s.phase == PLACE  # the top row is empty: no extra decision


def test_builder_discounts_add_up() -> None:
    s = new_game(2, seed=16)
    b1 = chars_of("builder", 1, build_discount=1)[0]
    b2 = chars_of("builder", 1, build_discount=2)[0]
    bld = next(b for b in DATA.buildings.values() if b.era == 1 and b.cost == 5).id
    arrange(s, top=chars_of("artist", 2), top_b=[bld])
    set_tribe(s, 0, chars=[b1, b2], food=2)
    s.order = [0, 1]
    _place(s, ["C", "B"])
    s.apply(s.decision().options[0].id)  # seat 1 on B
    d = s.decision()
    assert d.option(f"take:top:{bld}").label.endswith(f"for 2 food ({DATA.buildings[bld].pp} PP)")
    s.apply(f"take:top:{bld}")
    assert s.tribes[0].food == 0 and s.tribes[0].buildings == [bld]  # 5 - 1 - 2 = 2 paid


def test_a_building_can_be_taken_from_the_bottom_row() -> None:
    s = new_game(2, seed=17)
    bld = min(s.top_b, key=lambda b: DATA.buildings[b].cost)
    cost = DATA.buildings[bld].cost
    arrange(s, top=chars_of("artist", 2), top_b=[], bottom=chars_of("gatherer", 2), bottom_b=[bld])
    set_tribe(s, 0, food=cost)
    s.order = [0, 1]
    _place(s, ["B", "C"])
    d = s.decision()
    assert d.seat == 0 and f"take:bottom:{bld}" in d.ids
    assert all(":top:" not in o for o in d.ids)  # tile B names the bottom row only
    s.apply(f"take:bottom:{bld}")
    assert s.tribes[0].buildings == [bld] and s.bottom_b == []
    assert s.tribes[0].food == 0 + 1  # paid in full, then the first space's +1


def test_ruling_2_a_pick_can_make_a_building_takeable() -> None:
    s = new_game(2, seed=18)
    builder = chars_of("builder", 1, build_discount=1)[0]
    bld = next(b for b in DATA.buildings.values() if b.era == 1 and b.cost == 4).id
    artists = chars_of("artist", 2)
    arrange(s, top=[event_of("hunt", 1)], top_b=[bld], bottom=[builder, *artists])
    set_tribe(s, 0, food=3)
    s.order = [0, 1]
    _place(s, ["E", "B"])
    s.apply(f"take:bottom:{artists[0]}")  # seat 1 on B
    d = s.decision()
    assert d.seat == 0 and all(":bottom:" in o for o in d.ids)  # 4 food > 3: top row closed
    s.apply(f"take:bottom:{builder}")
    d = s.decision()
    # The Builder brings the cost to 3: now the top row holds a card seat 0 can take.
    assert d.seat == 0 and d.ids == [f"take:top:{bld}"]
    s.apply(f"take:top:{bld}")
    assert s.tribes[0].buildings == [bld] and s.tribes[0].food == 0


def test_b20_works_in_the_round_it_is_built() -> None:
    b20 = building_of("extra_top_row_pick_each_round")
    s = new_game(2, seed=19)
    play_until(s, lambda st: st.era == 3)
    free = discarded_characters(s)
    arrange(s, top=free[:3], bottom=free[3:6], top_b=[b20])
    set_tribe(s, 0, food=DATA.buildings[b20].cost)
    s.order = [0, 1]
    _place(s, ["C", "B"])
    s.apply(s.decision().options[0].id)  # seat 1, tile B
    s.apply(f"take:top:{b20}")
    assert s.tribes[0].buildings == [b20]
    d = s.decision()
    assert s.phase == EXTRA and d.seat == 0 and d.kind == "extra"
    assert set(d.ids) == {"pass", *(f"take:top:{c}" for c in free[:3])}

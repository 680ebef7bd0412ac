"""Final scoring, building end effects, rulings 9 and 13."""

from __future__ import annotations

from tabletop_tui.games.mesos.rules import end_scoring, final_score, make_tribe

from .helpers import DATA, building_of, chars_of, new_game, set_tribe


def _inventors(*icons: str) -> list[str]:
    out = []
    for icon in icons:
        out.append(
            next(c.id for c in DATA.characters.values() if c.invention == icon and c.id not in out)
        )
    return out


def test_final_scoring_lines() -> None:
    builders = chars_of("builder", 2)
    bpp = sum(DATA.characters[b].end_pp for b in builders)
    chars = builders + chars_of("artist", 3) + _inventors("leather", "leather", "boat")
    t = make_tribe(chars, pp=7)
    lines = dict(end_scoring(t))
    assert lines["Builders"] == bpp
    assert lines["Artists"] == 10  # one pair of three Artists
    assert lines["Inventors"] == 3 * 2  # 3 Inventors x 2 different icons
    assert lines["Buildings"] == 0 and lines["Building effects"] == 0
    assert final_score(t) == 7 + bpp + 10 + 6


def test_building_end_effects() -> None:
    b11 = building_of("end_builder_pp_multiplier")
    b13 = building_of("end_pp_per_full_set")
    b21 = building_of("end_flat_pp")
    full_set = [
        chars_of(k, 1)[0] for k in ("hunter", "builder", "gatherer", "artist", "inventor", "shaman")
    ]
    t = make_tribe(full_set + chars_of("builder", 2)[1:], [b11, b13, b21])
    bpp = t.builder_pp
    lines = dict(end_scoring(t))
    printed = sum(DATA.buildings[b].pp for b in (b11, b13, b21))
    assert lines["Buildings"] == printed
    assert lines["Building effects"] == bpp + 6 * 1 + 25


def test_per_type_buildings() -> None:
    for kind in ("hunter", "gatherer", "shaman", "builder", "artist", "inventor"):
        bid = building_of("end_pp_per_type", type=kind)
        per = DATA.buildings[bid].effect.pp
        t = make_tribe(chars_of(kind, 2), [bid])
        assert dict(end_scoring(t))["Building effects"] == 2 * per, kind


def test_ruling_9_b01_pays_for_new_sets_only() -> None:
    b01 = building_of("food_per_new_full_set")
    s = new_game(2, seed=0)
    kinds = ("hunter", "builder", "gatherer", "artist", "inventor", "shaman")
    one_set = [chars_of(k, 2, bow=False)[0] if k == "hunter" else chars_of(k, 2)[0] for k in kinds]
    second = [chars_of(k, 2, bow=False)[1] if k == "hunter" else chars_of(k, 2)[1] for k in kinds]
    t = set_tribe(s, 0, chars=one_set, food=10)
    s.tribes[0] = t
    from tabletop_tui.games.mesos.rules import gain_building

    gain_building(t, DATA.buildings[b01])  # built with one set already complete
    food = t.food
    for cid in second[:-1]:
        s.add_character(0, cid)
    assert t.food == food  # nothing for the set held when building
    s.add_character(0, second[-1])
    assert t.food == food + 5  # the second set is new


def test_ruling_9_b06_pays_for_new_pairs_only() -> None:
    from tabletop_tui.games.mesos.rules import gain_building

    b06 = building_of("food_per_new_same_icon_inventor_pair")
    cost = DATA.buildings[b06].cost
    s = new_game(2, seed=0)
    leather = _inventors("leather", "leather")
    boat = _inventors("boat", "boat")
    t = set_tribe(s, 0, chars=leather + boat[:1], food=cost)
    gain_building(t, DATA.buildings[b06])  # built while holding the leather pair
    assert t.food == 0
    s.add_character(0, boat[1])
    assert t.food == 3  # the boat pair is new; the leather pair never pays
    bread = _inventors("bread", "bread")
    s.add_character(0, bread[0])
    assert t.food == 3  # a single icon is no pair
    s.add_character(0, bread[1])
    assert t.food == 6


def test_ruling_13_winner_and_tie_breaks() -> None:
    s = new_game(3, seed=0)
    set_tribe(s, 0, pp=20, food=1)
    set_tribe(s, 1, pp=20, food=3)
    set_tribe(s, 2, pp=25, food=0)
    res = s._result()
    assert [r.rank for r in res.seats] == [3, 2, 1]
    set_tribe(s, 2, pp=20, food=3)
    res = s._result()
    assert [r.rank for r in res.seats] == [3, 1, 1]
    assert res.winners() == [1, 2] and "Shared" in res.summary
    labels = [line.label for line in res.seats[0].breakdown]
    assert labels[0] == "PP during the game" and "Building effects" in labels
    assert sum(line.points for line in res.seats[1].breakdown) == res.seats[1].score

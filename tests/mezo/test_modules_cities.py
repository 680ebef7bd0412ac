"""Cities (C1, ruling E.4 57): placement, the Start-of-Age unit and Champion, destruction, VP."""

from __future__ import annotations

from tabletop_tui.games.mezo.frames import CityUnit, EndGame
from tabletop_tui.games.mezo.modules import SRC_CITIES
from tabletop_tui.games.mezo.rules import SOURCES

from ..bounded import bounded
from .helpers import clear_board, ids, kind, put, units
from .module_helpers import advance, finish_conflict, mod_state, quiet, region_of, to_kind

CITIES = SOURCES.index(SRC_CITIES)


def place(choices: dict[int, str]):
    """A chooser that places Cities as told (seat -> region id or 'none'), else quiet."""

    def chooser(d):
        if d.kind == "city":
            return f"city:{choices.get(d.seat, 'none')}"
        return quiet(d)

    return chooser


def test_cities_are_placed_at_setup_in_seat_order_on_free_in_play_regions():
    st = to_kind(mod_state(3, 4, cities=True), "city")
    in_play = [st.rid(r) for r in range(6) if st.inplay[r]]
    order = []
    first = st.decision()
    assert first.seat == st.ring[0]
    assert ids(st) == [f"city:{r}" for r in in_play] + ["city:none"]
    order.append(first.seat)
    st.apply(f"city:{in_play[1]}")
    second = st.decision()
    order.append(second.seat)
    assert f"city:{in_play[1]}" not in second.ids  # one City per region
    assert all(f"city:{st.rid(r)}" not in second.ids for r in range(6) if not st.inplay[r])
    st.apply("city:none")
    order.append(st.decision().seat)
    st.apply(f"city:{in_play[0]}")
    assert order == st.ring
    assert st.city[st.ring[0]] == st.data.region_ids.index(in_play[1])
    assert st.city[st.ring[1]] == -1
    assert kind(st) == "ability"  # the first Age starts after the Cities


def test_city_unit_after_abilities_in_vp_order_and_optional_champion():
    st = mod_state(3, 2, cities=True)
    st = to_kind(st, "city")
    ring = st.ring
    in_play = [st.rid(r) for r in range(6) if st.inplay[r]]
    chooser = place({ring[0]: in_play[0], ring[2]: in_play[2]})
    st = advance(st, lambda x: x.decision().kind == "city_unit", chooser)
    # every Tribe ability was chosen first
    assert all(len(a) == 1 for a in st.abil)
    assert st.decision().seat == ring[0]  # VP order at 0 VP is seat order
    assert ids(st) == ["split:S1W0", "split:S0W1", "split:S0W0"]
    res = list(st.reserve)
    st.apply("split:S0W1")
    s0 = ring[0]
    assert units(st, in_play[0], s0) == (0, 1)
    assert st.reserve[s0 * 2 + 1] == res[s0 * 2 + 1] - 1
    assert kind(st) == "city_champion" and st.decision().seat == s0
    st.apply("champion:yes")
    assert st.champs[s0 * 2] == st.data.region_ids.index(in_play[0])
    assert st.decision().seat == ring[2] and kind(st) == "city_unit"
    st.apply("split:S0W0")  # no unit, so no Champion either
    assert kind(st) != "city_champion"
    # Tribe Step: s0's Champion is not placed again and their City region gets no deployment
    seen_regions: dict[int, set[str]] = {}
    asked_champion = set()
    while st.phase in ("start of Age", "Tribe Step"):
        d = st.decision()
        if d.kind == "champion":
            asked_champion.add(d.seat)
        if d.kind == "deploy":
            seen_regions.setdefault(d.seat, set()).add(d.context["region"])
            if d.seat == ring[2] and d.context["region"] == in_play[2]:
                # the City unit would not have counted: the full 3 are still offered
                assert any(o.endswith(("S3W0", "S2W1", "S1W2", "S0W3")) for o in d.ids)
        st.apply(quiet(d))
    assert s0 not in asked_champion
    assert {ring[1], ring[2]} <= asked_champion
    assert in_play[0] not in seen_regions[s0]


def test_the_city_unit_ignores_the_tribe_step_limit():
    # seat 0 owns a City, deploys its unit, keeps its Champions
    st = mod_state(2, 6, cities=True)
    st = to_kind(st, "city")
    r0 = next(st.rid(r) for r in range(6) if st.inplay[r])
    st = advance(st, lambda x: x.decision().kind == "city_unit", place({0: r0}))
    st.apply("split:S1W0")
    st.apply("champion:no")
    st = advance(
        st,
        lambda x: (
            x.decision().kind == "deploy"
            and x.decision().seat == 0
            and x.decision().context["region"] == r0
        ),
    )
    d = st.decision()
    assert "split:S1W2" in d.ids or "split:S3W0" in d.ids  # 3 more beside the City's unit
    st.apply(next(i for i in d.ids if i in ("split:S3W0", "split:S2W1", "split:S1W2")))
    assert sum(units(st, r0, 0)) == 4


def test_no_champion_into_a_city_region_that_already_holds_one():
    st = mod_state(2, 3, cities=True)
    st = to_kind(st, "city")
    r0 = next(r for r in range(6) if st.inplay[r])
    st = advance(st, lambda x: x.decision().kind == "city_unit", place({0: st.rid(r0)}))
    st.champs[2] = r0  # staged: seat 1's Champion already stands there
    st.apply("split:S1W0")
    assert kind(st) != "city_champion"
    assert st.champs[0] == st.champs[1] == -1


def won_here(players=2, seed=0, **extra):
    """A first normal conflict whose Champion owner will win it alone."""
    st = mod_state(players, seed, cities=True, **extra)
    st = to_kind(st, "action")
    clear_board(st)
    owner = st.champion_owner(st.conflict_region)
    put(st, st.rid(st.conflict_region), owner, 2, 2)
    return st, owner


def test_winning_in_another_players_city_destroys_it_for_1_vp():
    st, owner = won_here(3, seed=5)
    victim = next(s for s in range(3) if s != owner)
    st.city = tuple(st.conflict_region if s == victim else -1 for s in range(3))
    vp = st.vp[owner]
    finish_conflict(st)
    assert st.city[victim] == -1 and st.city_lost[victim]
    assert st.vpsrc[owner][CITIES] == 1
    assert st.vp[owner] >= vp + 1
    v = st.view(None)["modules"]["cities"][victim]
    assert v == {"region": None, "destroyed": True}
    # next Age: the victim no longer deploys a City unit
    st = advance(st, lambda x: x.phase == "Tribe Step")
    assert all(type(f) is not CityUnit or f.seat != victim for f in st.stack)


def test_winning_in_your_own_city_region_does_nothing():
    st, owner = won_here(2, seed=1)
    st.city = tuple(st.conflict_region if s == owner else -1 for s in range(2))
    finish_conflict(st)
    assert st.city[owner] == st.conflict_order[-1]
    assert st.vpsrc[owner][CITIES] == 0 and not st.city_lost[owner]


def test_losing_or_no_winner_leaves_the_city():
    st = mod_state(2, 2, cities=True)
    st = to_kind(st, "action")
    clear_board(st)
    for i, r in enumerate(st.champs):
        if r == st.conflict_region:
            st.champs[i] = -1  # nobody has Strength: no winner
    st.city = (st.conflict_region, -1)
    finish_conflict(st)
    assert st.city[0] == st.conflict_order[-1]


def test_a_blessed_region_win_destroys_a_city_too():
    st = mod_state(2, 4, cities=True)
    st = to_kind(st, "offer")
    assert st.conflict_region == st.blessed
    clear_board(st)
    put(st, st.rid(st.conflict_region), 1, 1, 0)
    st.city = (st.conflict_region, -1)
    finish_conflict(st)
    assert st.city == (-1, -1) and st.city_lost[0]
    assert st.vpsrc[1][CITIES] == 1


def test_cities_on_the_board_score_3_vp_at_the_end():
    st = mod_state(2, 7, cities=True)
    st = to_kind(st, "city")
    regs = [st.rid(r) for r in range(6) if st.inplay[r]]
    log = []

    def chooser(d):
        return place({0: regs[0], 1: regs[1]})(d)

    for _step in bounded():
        if st.decision() is None:
            break
        log += [e.text for e in st.apply(chooser(st.decision()))]
    for s in (0, 1):
        destroyed = sum(1 for t in log if t.startswith(f"{{seat:{s}}} destroys"))
        standing = 3 if st.city[s] >= 0 else 0
        assert st.vpsrc[s][CITIES] == standing + destroyed
    result = st.result()
    lines = {b.label for seat in result.seats for b in seat.breakdown}
    assert any(st.vpsrc[s][CITIES] for s in (0, 1)) == ("Cities" in lines)


def test_end_of_game_scores_each_standing_city():
    st = to_kind(mod_state(3, 2, cities=True), "ability")
    r = next(x for x in range(6) if st.inplay[x])
    st.city = (r, -1, -1)
    st.city_lost = (False, True, False)
    vp = list(st.vp)
    st.stack.append(EndGame())
    st._decision_cache = None
    st._run()
    assert st.vpsrc[0][CITIES] == 3
    assert st.vpsrc[1][CITIES] == st.vpsrc[2][CITIES] == 0
    assert st.vp[0] - vp[0] == 3 + st.data.devotion_values[st.dev[0]]


def test_placed_city_shows_in_the_view():
    st2 = mod_state(2, 9, cities=True)
    st2 = to_kind(st2, "city")
    r = next(st2.rid(x) for x in range(6) if st2.inplay[x])
    st2.apply(f"city:{r}")
    v = st2.view(1)["modules"]
    assert v["on"] == ["cities"]
    assert v["cities"][0] == {"region": r, "destroyed": False}
    assert v["cities"][1] == {"region": None, "destroyed": False}
    assert region_of(st2, st2.city[0]) == r

"""Every god's five cards (15 options) and CALL, resolved on a busy board."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mezo.data import Step, load_data
from tabletop_tui.games.mezo.frames import ConflictBegin, GodStep
from tabletop_tui.games.mezo.rules import SOURCES, SRC_GOD, MezoState

from ..bounded import bounded
from .helpers import at_first_action, clear_board, gods_config, kind, play_until, put, run_effect

EFFECT_KINDS = {
    "region",
    "split",
    "hit",
    "move_in",
    "move_out",
    "build",
    "demolish",
    "space",
    "move_god",
    "reorder",
}
GODS = [g.id for g in load_data().gods]


def busy(st: MezoState, s: int) -> None:
    """Units of everyone everywhere, Xibalba stocked, opponents' pieces here."""
    clear_board(st)
    for r in range(6):
        if st.inplay[r]:
            for o in range(st.tribe_count):
                put(st, st.rid(r), o, 1, 1)
    for o in range(st.tribe_count):
        st.reserve[o * 2] -= 2
        st.reserve[o * 2 + 1] -= 2
        st.xib[o * 2] += 2
        st.xib[o * 2 + 1] += 2
    elsewhere = next(r for r in range(6) if st.inplay[r] and r != st.conflict_region)
    st.pyr[elsewhere * st.tribe_count + s] = (3,)
    st.codex[0] = s
    st.reserve[s * 2 + 1] -= 1
    if st.conflict_region >= 0:
        for o in range(st.tribe_count):
            if o != s:
                st.glyphs[st.conflict_region * st.tribe_count + o] = 1
                st.pyr[st.conflict_region * st.tribe_count + o] = (4,)


def resolve(st: MezoState, s: int) -> None:
    """Answer every sub-choice of an effect, preferring the fullest choice."""
    for _step in bounded():
        d = st.decision()
        if d is None or d.seat != s or d.kind not in EFFECT_KINDS:
            return
        pick = [i for i in d.ids if i not in ("done", "stay")]
        st.apply(pick[-1] if d.kind == "split" else pick[0])


def snapshot(st: MezoState) -> tuple:
    return (
        tuple(st.units),
        tuple(st.reserve),
        tuple(st.xib),
        tuple(st.wrath),
        tuple(st.glyphs),
        tuple(st.pyr),
        tuple(st.vp),
        tuple(st.dev),
        tuple(st.tokens),
        tuple(st.calendar),
        tuple(st.codex),
        tuple(st.vertex),
        tuple(st.conflict_stack),
    )


@pytest.mark.parametrize("god", GODS)
def test_every_card_option_does_something_on_a_busy_board(god):
    other = "ixchel" if god != "ixchel" else "zotz"
    for cid in load_data().god(god).cards:
        for opt in load_data().cards[cid].options:
            st = at_first_action(2, seed=21, gods=(god, other))
            busy(st, 0)
            st.vertex[0] = next(
                v
                for v, regs in enumerate(st.data.vertex_regions)
                if st.conflict_region in regs and v != st.vertex[1]
            )
            before = snapshot(st)
            run_effect(st, 0, opt.steps)
            resolve(st, 0)
            assert snapshot(st) != before, f"{cid}{opt.key} changed nothing"
            st.check_invariants()


def _at_call(god: str, seed: int = 22) -> tuple[MezoState, int]:
    st = MezoState.new(
        gods_config(
            3,
            god,
            "ixchel" if god != "ixchel" else "zotz",
            "uayeb" if god != "uayeb" else "cabrakan",
        ),
        seed,
    )
    st = play_until(st, "god_place")
    while st.decision().seat != 0:
        st.apply(st.decision().ids[0])
    busy(st, 0)
    return st, 0


def _place_touching(st: MezoState, s: int) -> int:
    """Place the god on a 3-region vertex; returns the vertex."""
    d = st.decision()
    for oid in d.ids:
        v = st.data.vertex_ids.index(oid.split(":")[1])
        if len([r for r in st.data.vertex_regions[v] if st.inplay[r]]) >= 2:
            st.apply(oid)
            return v
    raise AssertionError("no vertex")


def test_call_ah_puch_smites_where_present():
    st, s = _at_call("ah_puch")
    _place_touching(st, s)
    xib = sum(st.xib[2:])
    resolve(st, s)
    assert sum(st.xib[2:]) == xib + 1


def test_call_cabrakan_recovers_then_moves_into_a_present_region():
    st, s = _at_call("cabrakan")
    xib = st.xib[0] + st.xib[1]
    v = _place_touching(st, s)
    resolve(st, s)
    assert st.xib[0] + st.xib[1] == xib - 1
    present = [r for r in st.data.vertex_regions[v] if st.inplay[r]]
    assert max(st.units_of(r, s) for r in present) == 2 + 3


def test_call_ixchel_awakens_up_to_two_shamans_then_gains_a_vp_per_rival():
    st, s = _at_call("ixchel")
    vp = st.vp[s]
    v = _place_touching(st, s)
    resolve(st, s)
    assert st.xib[0] == 0 and st.xib[1] == 2
    # 1 VP per rival tribe, 2 at three players: a balance change (competitive, issue 19)
    assert st.vp[s] == vp + 2
    present = [r for r in st.data.vertex_regions[v] if st.inplay[r]]
    assert max(st.units_at(r, s, 0) for r in present) == 3


def test_call_kukulkan_builds_a_glyph_where_its_champion_stands():
    st, s = _at_call("kukulkan")
    _place_touching(st, s)
    resolve(st, s)
    assert st.glyph_supply(s) == 5
    # Where one of its Champions stands, never the Blessed Region (a balance change).
    champs = {r for r in st.champs[s * 2 : s * 2 + 2] if r >= 0}
    assert champs and sum(st.glyphs[st.piece_slot(r, s)] for r in champs) == 1
    assert st.glyphs[st.piece_slot(st.blessed, s)] == 0
    assert st.xib[0] + st.xib[1] == 4  # no RECOVER since the second balance round


def test_call_uayeb_reorders_the_top_two_tiles_then_recovers_one():
    st, s = _at_call("uayeb")
    top = list(st.conflict_stack[:2])
    _place_touching(st, s)
    assert kind(st) == "reorder"
    assert st.known_top == 2
    st.apply(f"top:{st.data.tiles[top[1]]}")
    resolve(st, s)
    assert st.conflict_stack[:2] == [top[1], top[0]]
    assert st.xib[0] + st.xib[1] == 3  # RECOVER 1 (2 before the balance change)


def test_call_xolotl_awakens_one_and_gains_a_vp():
    st, s = _at_call("xolotl")
    _place_touching(st, s)
    resolve(st, s)
    assert st.xib[0] + st.xib[1] == 3
    assert st.vp[s] == 1


def test_call_zotz_exiles_into_xibalba_since_zotz_is_present():
    st, s = _at_call("zotz")
    xib = sum(st.xib[2:])
    res = sum(st.reserve[2:])
    _place_touching(st, s)
    resolve(st, s)
    assert sum(st.xib[2:]) == xib + 1
    assert sum(st.reserve[2:]) == res


def test_call_is_resolved_as_far_as_possible_when_nothing_to_do():
    st = MezoState.new(gods_config(2, "ah_puch", "ixchel"), 23)
    st = play_until(st, "god_place")
    while st.decision().seat != 0:
        st.apply(st.decision().ids[0])
    clear_board(st)
    st.apply(st.decision().ids[0])
    # nothing to SMITE: the game moves on
    assert st.decision().seat != 0 or st.decision().kind != "hit"


def test_passives_are_data_driven():
    hooks = {g.id: g.passive_hook for g in load_data().gods}
    assert hooks == {
        "ah_puch": "on_smite_first_in_conflict",
        "cabrakan": "on_demolish",
        "ixchel": "pass_modifier",
        "kukulkan": "start_of_normal_conflict",
        "uayeb": "on_conflict_tile_revealed",
        "xolotl": "on_unit_sacrificed",
        "zotz": "exile_destination",
    }


def test_uayeb_card_sends_a_shaman_to_the_calendar():
    st = at_first_action(2, seed=21, gods=("uayeb", "ixchel"))
    busy(st, 0)
    opt = load_data().cards["uayeb.1"].option("b")
    run_effect(st, 0, opt.steps)
    assert kind(st) == "space"
    st.apply("space:CAL5")
    resolve(st, 0)
    assert st.calendar[4] == 0
    # Moved away, and not replaced since the balance change.
    assert st.units_at(st.conflict_region, 0, 0) == 0
    assert st.vp[0] >= 3


@pytest.mark.parametrize(
    ("card", "row", "vp"), [("ixchel.1", "a", 1), ("ixchel.2", "b", 2), ("ixchel.5", "b", 2)]
)
def test_ixchel_cards_give_vp_where_they_gave_devotion(card, row, vp):
    """A balance change (issue 19, third round): VP won during a conflict stay won at four
    players, where her Devotion rows were mostly lost to the Devotion track's cap."""
    st = at_first_action(4, seed=21, gods=("ixchel", "zotz", "uayeb", "cabrakan"))
    busy(st, 0)
    before_vp, before_dev = st.vp[0], st.dev[0]
    run_effect(st, 0, load_data().cards[card].option(row).steps)
    resolve(st, 0)
    assert st.vp[0] == before_vp + vp
    assert st.dev[0] == before_dev


def _zotz_over_the_conflict(players: int = 2) -> MezoState:
    """A conflict where Zotz (seat 0) stands by the region and every rival has units in it."""
    st = at_first_action(players, seed=21, gods=("zotz", "ixchel", "uayeb", "cabrakan")[:players])
    busy(st, 0)
    r = st.conflict_region
    st.vertex[0] = next(v for v, regs in enumerate(st.data.vertex_regions) if r in regs)
    for o in range(1, players):
        put(st, st.rid(r), o, 1, 1)
    return st


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zotz_passive_sends_one_exiled_unit_a_conflict_to_xibalba_for_vp(players):
    """A balance change (issue 19): one unit a conflict, for 2 VP with two or more rival
    tribes in the game and none against one rival, where the unit in Xibalba is gain enough."""
    st = _zotz_over_the_conflict(players)
    gain = 0 if players == 2 else 2
    xib, res, vp = sum(st.xib[2:]), sum(st.reserve[2:]), st.vp[0]  # rivals' stock
    src = st.vpsrc[0][SOURCES.index(SRC_GOD)]
    run_effect(st, 0, (Step(op="exile", n=3),))
    resolve(st, 0)
    assert sum(st.xib[2:]) == xib + 1  # the first to Xibalba
    assert sum(st.reserve[2:]) == res + 2  # the others to the Reserve
    assert st.vp[0] == vp + gain and st.vpsrc[0][SOURCES.index(SRC_GOD)] == src + gain
    run_effect(st, 0, (Step(op="exile", n=1),))
    resolve(st, 0)
    assert sum(st.xib[2:]) == xib + 1 and st.vp[0] == vp + gain  # spent for this conflict


def test_a_capped_passive_counts_afresh_each_conflict_and_god_step():
    st = _zotz_over_the_conflict()
    st.passive_uses[0] = 1
    st._f_conflict_begin(ConflictBegin())
    assert st.passive_uses == [0, 0]
    st.passive_uses[0] = 1
    st._f_god_step(GodStep())
    assert st.passive_uses == [0, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rival_tribes_counter_grows_with_the_table(players):
    st = at_first_action(players, seed=21)
    assert st.counter(0, "rival_tribes") == players - 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_xibalba_and_pyramid_counters_read_as_their_words(players):
    """The counters of the effect language, against their definitions: all rivals' units in
    Xibalba; the in-play regions holding any / 3+ of your pyramid elements; your elements
    on the board (a region out of play still holds its pyramid)."""
    import random

    st = at_first_action(players, seed=23)
    rng = random.Random(players)
    n = len(st.inplay)
    for _ in range(20):
        st.xib = [rng.randint(0, 4) for _ in range(2 * players)]
        st.pyr = [[4, 3, 2, 1][: rng.choice([0, 0, 1, 2, 3, 4])] for _ in range(n * players)]
        st.inplay = [rng.random() < 0.7 for _ in range(n)]
        for s in range(players):
            mine = [st.pyr[st.piece_slot(r, s)] for r in range(n)]
            rivals = [o for o in range(players) if o != s]
            assert st.counter(s, "opp_units_in_xibalba") == sum(
                st.xib[o * 2] + st.xib[o * 2 + 1] for o in rivals
            )
            assert st.counter(s, "own_pyramid_regions") == sum(
                1 for r in range(n) if st.inplay[r] and mine[r]
            )
            assert st.counter(s, "own_pyramid_elements") == sum(len(p) for p in mine)
            assert st.counter(s, "own_tall_pyramids") == sum(
                1 for r in range(n) if st.inplay[r] and len(mine[r]) >= 3
            )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_smite_and_exile_offer_the_regions_with_a_rivals_unit_of_their_type(players):
    """SMITE/EXILE may target a region of the step's word only where a rival has a unit of
    the step's type: your own units there, or rivals' units of the other type, do not count."""
    import random

    st = at_first_action(players, seed=29)
    rng = random.Random(players)
    types = {"any": (0, 1), "shaman": (0,), "warrior": (1,)}
    for _ in range(20):
        st.units = [rng.choice([0, 0, 0, 1, 2]) for _ in st.units]
        for unit, region in (("any", "any"), ("shaman", "any"), ("warrior", "pending")):
            step = Step(op="smite", unit=unit, region=region)
            for s in range(players):
                want = [
                    r
                    for r in st.regions_for(region, s)
                    if any(
                        st.units[st.unit_slot(r, o, t)]
                        for o in range(players)
                        if o != s
                        for t in types[unit]
                    )
                ]
                assert st._rival_regions(s, step) == want, (unit, region, s)

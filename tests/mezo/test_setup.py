"""Setup for 2, 3 and 4 players (A3) and the data behind it (Part D)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop_tui.games.mezo.data import load_data
from tabletop_tui.games.mezo.rules import MezoConfig, MezoState

from .helpers import ids, kind, new, play_until


@pytest.mark.parametrize(("players", "abandoned", "champions"), [(2, 1, 2), (3, 2, 1), (4, 1, 1)])
def test_abandoned_regions_and_champions_by_player_count(players, abandoned, champions):
    for seed in range(5):
        st = new(players, seed)
        assert st.inplay.count(False) == abandoned
        assert st.nchamp == champions
        in_play = st.inplay.count(True)
        # always exactly one Champion fewer than in-play regions
        assert players * champions == in_play - 1
        assert len(st.conflict_stack) == in_play
        assert all(st.inplay[r] for r in st.conflict_stack)
        # an Altar on each in-play region only
        assert all((st.altar[r] is not None) == st.inplay[r] for r in range(6))
        assert len({a for a in st.altar if a}) == in_play


def test_content_base_uses_only_base_altars_and_tiles():
    data = load_data()
    base_altars = {a.id for a in data.altars if a.set == "base"}
    base_tiles = {w.id for w in data.wrathful if w.set == "base"}
    for seed in range(10):
        st = new(4, seed, content="base")
        assert {a for a in st.altar if a} <= base_altars
        assert set(st.wrath_tiles) <= base_tiles
    seen = set()
    for seed in range(40):
        st = new(4, seed)
        seen |= {a for a in st.altar if a}
    assert seen - base_altars, "full content draws expansion Altars too"


def test_one_wrathful_tile_per_age_hidden_until_its_age():
    st = new(3, 1)
    ages = [load_data().wrathful_tile(w).age for w in st.wrath_tiles]
    assert ages == [1, 2, 3]
    st = play_until(st, "ability")
    v = st.view(None)
    assert v["wrathful"][0]["id"] == st.wrath_tiles[0]
    assert v["wrathful"][1]["id"] is None and v["wrathful"][2]["id"] is None


def test_colours_and_gods_are_chosen_in_reverse_seat_order():
    st = new(4, 7)
    order = []
    while kind(st) in ("colour", "god"):
        d = st.decision()
        if d.kind == "colour":
            order.append(d.seat)
        st.apply(d.options[0].id)
    # the last player's colour is the one left: taken without asking
    assert order == list(reversed(st.ring))[:3]
    assert len(set(st.colour)) == 4 and len(set(st.god)) == 4


def test_no_two_players_share_a_colour_or_god():
    st = new(2, 1)
    first = st.decision().seat
    st.apply("colour:green")
    st.apply("god:zotz")
    assert "colour:green" not in ids(st)
    st.apply(ids(st)[0])
    assert "god:zotz" not in ids(st)
    assert st.decision().seat != first


def test_start_zones():
    st = play_until(new(2, 2), "ability")
    for s in range(2):
        assert (st.xib[s * 2], st.xib[s * 2 + 1]) == (1, 1)
        assert (st.reserve[s * 2], st.reserve[s * 2 + 1]) == (7, 7)
        assert st.vp[s] == 0 and st.dev[s] == 0
        assert sorted(st.deck[s]) == sorted(st.data.god(st.god[s]).cards)
        assert st.glyph_supply(s) == 6
        assert st.pyr_supply(s) == {4: 2, 3: 2, 2: 3, 1: 3}
        assert st.champs[s * 2 : s * 2 + 2] == [-1, -1]
    assert st.age == 1


def test_fixed_gods_from_the_options():
    st = MezoState.new({"players": 3, "god_2": "uayeb"}, 4)
    while kind(st) in ("colour", "god"):
        d = st.decision()
        if d.kind == "god" and d.seat != 1:
            assert "god:uayeb" not in d.ids
        st.apply(d.options[0].id)
    assert st.god[1] == "uayeb"
    with pytest.raises(ValidationError):
        MezoConfig(players=2, god_1="zotz", god_2="zotz")
    with pytest.raises(ValidationError):
        MezoConfig(players=5)


def test_same_seed_same_setup_and_seats_are_random():
    assert new(4, 9).ring == new(4, 9).ring
    rings = {tuple(new(4, s).ring) for s in range(20)}
    assert len(rings) > 5


def test_data_counts_and_sources():
    d = load_data()
    assert len(d.altars) == 13 and sum(a.set == "base" for a in d.altars) == 5
    assert len(d.wrathful) == 15
    for age in (1, 2, 3):
        tiles = [w for w in d.wrathful if w.age == age]
        assert len(tiles) == 5 and sum(w.set == "base" for w in tiles) == 3
    assert len(d.gods) == 7
    assert {g.set for g in d.gods} == {"base", "sfx"}
    for g in d.gods:
        assert len(g.cards) == 5
        for cid in g.cards:
            assert [o.key for o in d.cards[cid].options] == ["a", "b", "c"]
        assert g.call_steps
    assert len(d.abilities) == 9
    assert sorted(a.age for a in d.abilities) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert len(d.calendar) == 5 and len(d.codex) == 5
    assert len(d.devotion_values) == 24
    assert d.devotion_values[9] == 9 and d.devotion_values[10] == 12
    assert d.devotion_values[17] == 19 and d.devotion_values[18] == 23
    assert d.devotion_values[23] == 28
    assert [d.tier(x) for x in (0, 9, 10, 17, 18, 23)] == [1, 1, 2, 2, 3, 3]


def test_board_geometry_is_consistent():
    d = load_data()
    for r, adj in enumerate(d.adjacent):
        for x in adj:
            assert r in d.adjacent[x]
    assert all(2 <= len(regs) <= 3 for regs in d.vertex_regions)
    for r in range(6):
        assert sum(1 for regs in d.vertex_regions if r in regs) >= 4


def test_every_asset_record_has_a_source():
    import json

    from tabletop_tui.assets import asset_path

    def walk(obj, path):
        if isinstance(obj, dict):
            if "id" in obj and "op" not in obj:
                assert obj.get("source") in ("rulebook", "designed", "printed card"), path
            for k, v in obj.items():
                walk(v, f"{path}.{k}")
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                walk(v, f"{path}[{i}]")

    for name in (
        "board",
        "conflict_tiles",
        "tracks",
        "altars",
        "wrathful_tiles",
        "tribe_abilities",
        "gods",
    ):
        data = json.loads(asset_path("mezo", f"{name}.json").read_text())
        walk(data, name)

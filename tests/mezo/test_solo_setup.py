"""Solo setup (B2), the difficulty (B10.4) and the solo data (D1, D9.1-D12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from tabletop_tui.games.mezo import GAME
from tabletop_tui.games.mezo.data import load_solo_data
from tabletop_tui.games.mezo.rules import SOURCES, SRC_START, MezoConfig, MezoState
from tabletop_tui.games.mezo.solo import PLAYER, VG, SoloState, known_condition

from .helpers import kind, play_until
from .solo_helpers import calm, solo

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "mezo"


def test_one_player_is_the_solo_mode_through_the_factory():
    assert isinstance(MezoState.new({"players": 1}, 3), SoloState)
    with pytest.raises(TypeError, match="MezoState.new"):  # only the factory picks the class
        MezoState(MezoConfig(players=1), 3)
    assert type(MezoState.new({"players": 2}, 3)) is MezoState
    st = solo(4)
    st.apply(st.decision().ids[0])
    again = MezoState.replay(st.config, st.seed, list(st.history))
    assert isinstance(again, SoloState) and again == st
    assert isinstance(st.clone(), SoloState)
    assert GAME.mode_for(1).id == "solo" and GAME.mode_for(3).id == "competitive"
    assert GAME.min_players == 1
    assert GAME.make_config(1).players == 1


def test_setup_components_and_start_values():
    st = solo(7, god="choose")
    assert kind(st) == "colour"
    st.apply("colour:blue")
    assert kind(st) == "god" and len(st.decision().ids) == 7
    st.apply("god:zotz")
    assert kind(st) == "task_side"
    # B2.2-4: one Abandoned region, an Altar on each of the 5 others, a tile per Age
    assert st.inplay.count(False) == 1 and len(st.conflict_stack) == 5
    assert all((a is None) == (not ok) for a, ok in zip(st.altar, st.inplay, strict=True))
    assert [st.data.wrathful_tile(w).age for w in st.wrath_tiles] == [1, 2, 3]
    # B2.6: your units, Devotion and VP
    assert st.xib[0:2] == [1, 1] and st.reserve[0:2] == [7, 7]
    assert st.vp[PLAYER] == 5 and st.dev[PLAYER] == 0
    assert st.vpsrc[PLAYER][SOURCES.index(SRC_START)] == 5
    # B2.11-13: the Vengeful army is two colours you did not take; 1+1 in their Xibalba
    assert len(st.vg_colours) == 2 and "blue" not in st.vg_colours
    assert st.colour[VG] == st.vg_colours[0]
    assert st.xib[2:4] == [1, 1] and st.reserve[2:4] == [15, 15]
    assert st.vp[VG] == 4
    assert st.glyph_supply(VG) == 6 and st.pyr_supply(VG) == {4: 2, 3: 2, 2: 3, 1: 3}
    st.apply("task:B")
    # B2.9-10: your god's card leaves the ability deck; the 6 Vengeful cards are shuffled
    assert "zotz" not in st.vg_gods + st.vg_pool
    assert len(st.vg_gods) + len(st.vg_pool) == 6
    assert sorted(st.vg_deck) == ["VG1", "VG2", "VG3", "VG4", "VG5", "VG6"]
    assert sorted(st.deck[PLAYER]) == sorted(st.data.god("zotz").cards)
    assert kind(st) == "ability"  # Age 1 has begun: one Vengeful god is on the board
    assert len(st.vg_gods) == 1


@pytest.mark.parametrize(
    "god", ["ah_puch", "cabrakan", "ixchel", "kukulkan", "uayeb", "xolotl", "zotz"]
)
def test_your_god_never_becomes_a_vengeful_god(god):
    for seed in range(6):
        st = solo(seed, god=god)
        play_until(st, "ability", chooser=calm)
        assert god not in st.vg_gods and god not in st.vg_pool


def test_task_card_is_random_and_you_choose_its_side():
    cards = set()
    for seed in range(12):
        st = solo(seed)
        play_until(st, "task_side")
        cards.add(st.task_card)
        d = st.decision()
        assert d.ids == ["task:A", "task:B"]
        assert "VP]" in d.options[0].label
        st.apply("task:B")
        side = st.task()
        assert side is not None and side.side == "B" and side.card == st.task_card
        assert st.task_tokens == [0, 0]
    assert cards == {1, 2}


@pytest.mark.parametrize(
    ("options", "start"),
    [
        ({}, 4),
        ({"difficulty": "apprentice"}, 0),
        ({"difficulty": "standard"}, 4),
        ({"difficulty": "hard"}, 14),
        ({"difficulty": "legendary"}, 24),
        ({"difficulty": "custom", "vengeful_offset": 7}, 11),
        ({"difficulty": "custom", "vengeful_offset": -4}, 0),
        ({"difficulty": "custom", "vengeful_offset": 40}, 44),
        ({"difficulty": "hard", "vengeful_offset": 30}, 14),  # the offset is for custom only
    ],
)
def test_difficulty_is_the_vengeful_starting_vp(options, start):
    st = solo(2, **options)
    play_until(st, "task_side")
    assert st.vp[VG] == start
    assert st.vpsrc[VG][SOURCES.index(SRC_START)] == start
    assert st.vp[PLAYER] == 5


def test_difficulty_bounds():
    with pytest.raises(ValidationError):
        MezoConfig(players=1, difficulty="custom", vengeful_offset=-5)
    with pytest.raises(ValidationError):
        MezoConfig(players=1, difficulty="custom", vengeful_offset=41)
    with pytest.raises(ValidationError):
        MezoConfig(players=1, difficulty="nightmare")


def test_same_seed_same_solo_setup_and_seeds_differ():
    def snapshot(seed):
        st = solo(seed)
        play_until(st, "ability", chooser=calm)
        return (
            st.inplay,
            st.altar,
            st.wrath_tiles,
            st.task_card,
            st.deck[0],
            st.vg_deck,
            st.vg_gods,
        )

    assert snapshot(5) == snapshot(5)
    assert len({repr(snapshot(s)) for s in range(8)}) == 8


def test_solo_assets_match_part_d():
    so = load_solo_data()
    # D9.1: one card per god of this edition
    assert set(so.ability_deck) == {g.id for g in MezoState.new({"players": 2}, 0).data.gods}
    assert so.remove_player_god
    # D10: six cards, corners 1, 2, 2, 3, 3, 4, three rows each
    assert sorted(c.corner for c in so.cards) == [1, 2, 2, 3, 3, 4]
    assert all(len(c.rows) == 3 and all(c.rows) for c in so.cards)
    # D11: four spaces each
    assert [s.id for s in so.calendar] == ["VC1", "VC2", "VC3", "VC4"]
    assert [s.id for s in so.codex] == ["VK1", "VK2", "VK3", "VK4"]
    # D12: two double-sided cards, 3 circles per track, every condition known
    assert sorted(so.tasks) == [1, 2]
    for card in so.tasks.values():
        assert sorted(card) == ["A", "B"]
        for side in card.values():
            for goal in (side.player, side.vengeful):
                assert len(goal.track) == 3 and list(goal.track) == sorted(goal.track)
                assert known_condition(goal.condition)
    assert (so.start_player_vp, so.start_vengeful_vp) == (5, 4)
    assert so.presets == {"apprentice": -4, "standard": 0, "hard": 10, "legendary": 20}
    assert so.offset_range == (-4, 40)
    # every record says where it comes from
    for name in ("vengeful_cards", "vengeful_tracks", "task_cards", "vengeful_ability_deck"):
        data = json.loads((ASSETS / f"{name}.json").read_text())
        assert data["source"] in ("rulebook", "designed", "printed card")
    assert not known_condition("player_wins_everything")


def test_config_presets_match_the_data():
    presets = set(load_solo_data().presets)
    literal = set(MezoConfig.model_fields["difficulty"].annotation.__args__)
    assert literal == presets | {"custom"}
    field = MezoConfig.model_fields["vengeful_offset"]
    bounds = [m for m in field.metadata]
    assert {getattr(b, "ge", None) for b in bounds} | {getattr(b, "le", None) for b in bounds} >= {
        -4,
        40,
    }


def _effects(space) -> list[tuple]:
    """A space's steps as (op, n), with the region when it is not "here"."""
    return [(s.op, s.n) if s.region == "here" else (s.op, s.n, s.region) for s in space.steps]


def test_the_vengeful_tracks_carry_the_balanced_values():
    """D11 as tuned for B13: the first space of each track is worth 5 VP (2 at first, then 6)."""
    so = load_solo_data()
    assert [_effects(s) for s in so.calendar] == [
        [("vp", 5)],
        [("recover", 2), ("vp", 1)],
        [("vp", 3)],
        [("lose_devotion", 1), ("vp", 1)],
    ]
    assert [_effects(s) for s in so.codex] == [
        [("vp", 5)],
        [("smite", 1, "pending")],
        [("build_pyramid", 1, "any")],
        [("vp", 3)],
    ]
    # a tuned record stays "designed" and says why it changed
    data = json.loads((ASSETS / "vengeful_tracks.json").read_text())
    tuned = {s["id"]: s for key in ("vengeful_calendar", "vengeful_codex") for s in data[key]}
    for sid in ("VC1", "VK1"):
        assert tuned[sid]["source"] == "designed" and "B13" in tuned[sid]["note"]
    assert "note" not in tuned["VC3"]

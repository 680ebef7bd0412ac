"""Solo setup, the designed deck of the notes, and the sources of every data record."""

from __future__ import annotations

from collections import Counter

from tabletop_tui.games.maeshowe.data import RUNES, catalog_for, load_data
from tabletop_tui.games.maeshowe.rules import MaeshoweState

# The notes' table: (card, rune) -> copies. Core 36 cards, 18 of each rune.
CORE = {
    ("excavate", "red"): 8,
    ("excavate", "blue"): 8,
    ("treasure", "red"): 3,
    ("treasure", "blue"): 2,
    ("collapse", "red"): 2,
    ("collapse", "blue"): 2,
    ("no_food", "red"): 2,
    ("no_food", "blue"): 2,
    ("eat", "red"): 1,
    ("eat", "blue"): 1,
    ("raven", "red"): 1,
    ("raven", "blue"): 1,
    ("goose", "red"): 1,
    ("goose", "blue"): 1,
    ("sleep", "blue"): 1,
}
EXPANSIONS = {
    "gluttony_garner": {("gluttony", "red"): 1, ("gluttony", "blue"): 1, ("garner", "red"): 1},
    "crumble_conservation": {
        ("crumble", "red"): 1,
        ("crumble", "blue"): 1,
        ("conservation", "blue"): 1,
    },
    "horror_hope": {("horror", "any"): 2, ("hope", "none"): 1},
}


def _make_up(sets: tuple[str, ...]) -> Counter[tuple[str, str]]:
    cat = catalog_for(sets)
    return Counter((cat.type_of(c).id, RUNES[cat.rune[c]]) for c in range(cat.size))


def test_core_deck_is_the_designed_one():
    assert _make_up(()) == Counter(CORE)
    assert sum(CORE.values()) == 36


def test_each_expansion_set_adds_its_three_cards():
    for set_id, cards in EXPANSIONS.items():
        assert _make_up((set_id,)) - _make_up(()) == Counter(cards)


def test_every_record_names_its_source():
    data = load_data()
    assert {c.source for c in data.cards.cards} == {"rulebook"}  # effects: the rulebook's
    assert {s.source for s in data.decks.sets} == {"designed"}  # counts: ours (the notes)
    setup = data.setup
    assert setup.source == "rulebook"
    assert all(m.source == "rulebook" for m in setup.modes)
    assert all(v.source == "rulebook" for v in setup.variants)
    designed = {(d.id, d.mode) for d in setup.difficulties if d.source == "designed"}
    assert designed == {("ridiculous", "solo")}  # the rulebook only says "good luck"


def test_solo_setup():
    s = MaeshoweState.new({"players": 1}, 4)
    assert s.health == [4] and s.max_health == [4] and s.food == 4 and s.max_food == 4
    assert len(s.hands[0]) == 5 and len(s.deck) == 31
    assert s.piles == [[]] and s.row == [] and s.chain == [] and s.jarl == -1
    assert s.passages == s.passages_start == 3


def test_opening_hand_is_not_checked_for_madness():
    s = MaeshoweState.new({"players": 1}, 3)  # this seed deals five cards of one rune
    assert len({s.cat.rune[c] for c in s.hands[0]}) == 1
    assert s.mad_count == [0] and s.max_health == [4] and s.decision().kind == "first"

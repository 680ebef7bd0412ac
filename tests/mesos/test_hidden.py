"""Hidden information: views, determinize, the Expert variant (ruling 14)."""

from __future__ import annotations

import json
import random

import pytest

from .helpers import DATA, new_game


def test_view_is_json_and_hides_the_deck_order() -> None:
    s = new_game(3, seed=1)
    v = s.view(0)
    json.dumps(v)
    assert "deck_order" not in v
    text = json.dumps(v)
    assert s.deck[-1] not in [c["id"] for c in v["top"] + v["bottom"]]
    assert v["deck"] == {
        "1": sum(1 for c in s.deck if DATA.card_era(c) == 1),
        "2": sum(1 for c in s.deck if DATA.card_era(c) == 2),
        "3": sum(1 for c in s.deck if DATA.card_era(c) == 3) - 2,
        "final": 2,
    }
    # Standard game: the Era II/III Buildings dealt face down are not named.
    for b in s.waiting[2] + s.waiting[3]:
        assert f'"{b}"' not in text
    assert v["upcoming_buildings"]["2"] == {"face_down": len(s.waiting[2])}


def test_expert_shows_every_building() -> None:
    s = new_game(3, seed=1, expert=True)
    v = s.view(None)
    shown = [b["id"] for b in v["upcoming_buildings"]["2"] + v["upcoming_buildings"]["3"]]
    assert shown == s.waiting[2] + s.waiting[3]
    # Visible but not takeable before their era.
    for opt in s.decision().options:
        assert all(b not in opt.id for b in shown)


@pytest.mark.parametrize("expert", [False, True])
def test_determinize_reshuffles_only_the_unseen(expert: bool) -> None:
    s = new_game(4, seed=2, expert=expert)
    for _ in range(12):
        s.apply(s.decision().options[0].id)
    d = s.determinize(0, random.Random(5))
    assert d.view(0) == s.view(0)  # nothing visible changed
    assert d.decision().seat == s.decision().seat
    assert sorted(d.deck) == sorted(s.deck) and d.deck != s.deck
    assert [DATA.card_era(c) for c in d.deck] == [DATA.card_era(c) for c in s.deck]
    assert {DATA.events[c].final for c in d.deck[:2]} == {True}
    if expert:
        assert d.waiting == s.waiting
    else:
        samples = {tuple(s.determinize(0, random.Random(k)).waiting[3]) for k in range(20)}
        assert len(samples) > 1
        for k in range(5):
            w = s.determinize(0, random.Random(k)).waiting
            assert all(DATA.buildings[b].era == era for era, p in w.items() for b in p)
            assert {e: len(p) for e, p in w.items()} == {e: len(p) for e, p in s.waiting.items()}
    d.check_invariants()
    # The original is untouched and both play on.
    s.check_invariants()
    d.apply(d.decision().options[0].id)


def test_clone_is_independent() -> None:
    s = new_game(5, seed=3)
    c = s.clone()
    c.apply(c.decision().options[0].id)
    c.tribes[0].food += 10
    assert s.history == [] and s.tribes[0].food != c.tribes[0].food
    assert s.fingerprint() == new_game(5, seed=3).fingerprint()

"""The ladder benchmark's pairing logic, on the test-only game (never timed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import ladder  # noqa: E402

from tests.fixture_game import GAME  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seatings_alternate_and_swap_so_each_level_holds_half_the_seats(players):
    first, swapped = ladder.seatings(players, "hard", "medium")
    assert len(first) == len(swapped) == players
    assert all(a != b for a, b in zip(first, swapped, strict=True))  # every seat swapped
    assert (first + swapped).count("hard") == players
    assert first[0] == "hard" and first[1] == "medium"


def test_alone_each_level_takes_every_seat():
    assert ladder.seatings(2, "hard", "medium", alone=True) == [
        ("hard", "hard"),
        ("medium", "medium"),
    ]


def test_wilson_interval_brackets_the_rate():
    low, high = ladder.wilson(60, 100)
    assert 0.50 < low < 0.60 < high < 0.70
    assert ladder.wilson(0, 0) == (0.0, 1.0)


def test_ladder_on_the_fixture_game_pairs_every_adjacent_level_with_seats_swapped():
    """HighCard: "hard" is the same bot as "medium", so with seats swapped on the same deals
    the two must split the wins exactly: any seating bias would show."""
    pairings = ladder.ladder(
        [("highcard", {}, (2, 3))],
        deals=30,
        jobs=1,
        levels=("easy", "medium", "hard"),
        infos={"highcard": GAME},
    )
    assert [(p.players, p.higher, p.lower) for p in pairings] == [
        (2, "medium", "easy"),
        (2, "hard", "medium"),
        (3, "medium", "easy"),
        (3, "hard", "medium"),
    ]
    for p in pairings:
        assert p.games == 60  # 30 deals, two seatings
        assert p.decided == 60  # every game has a winner
        assert p.low <= p.rate <= p.high
    for p in pairings:
        if p.higher == "hard":
            assert p.rate == pytest.approx(0.5) and not p.ordered
    data = ladder.summary(pairings, 30)
    assert data["all_ordered"] is False and len(data["pairings"]) == 4


def _result(levels, shares):
    task = ladder.Task("g", len(levels), (), 1, tuple(levels))
    return {"task": task, "shares": shares}


def test_tally_counts_shared_wins_by_level():
    pairing = ladder.Pairing("g", 2, "hard", "medium")
    results = [_result(("hard", "medium"), {"hard": 1.0})] * 6
    results += [_result(("medium", "hard"), {"medium": 1.0})] * 3
    results += [_result(("hard", "medium"), {"hard": 0.5, "medium": 0.5})]
    ladder.tally(pairing, results)
    assert pairing.games == 10 and pairing.decided == 10
    assert pairing.rate == pytest.approx(0.65) and pairing.ordered
    assert pairing.low < 0.65 < pairing.high


def test_tally_alone_compares_each_deal_win_first_then_score():
    pairing = ladder.Pairing("g", 1, "hard", "medium", alone=True)
    deals = [
        ((True, 4), (False, 4)),  # a win beats a loss
        ((False, 3), (False, 1)),  # then more passages cleared
        ((False, 2), (False, 2)),  # equal: neither
        ((True, 4), (True, 4)),  # both won, equal
        ((False, 0), (True, 4)),
    ]
    results = []
    for seed, (h, m) in enumerate(deals):
        for level, key in (("hard", h), ("medium", m)):
            task = ladder.Task("g", 1, (), seed, (level,))
            results.append({"task": task, "shares": {level: float(key[0])}, "key": key})
    ladder.tally(pairing, results)
    assert pairing.decided == 3 and pairing.higher_wins == 2
    assert pairing.both == 1 and pairing.neither == 2


def test_solo_pairings_compare_the_same_deals():
    pairings = ladder.ladder(
        [("highcard", {}, (1,))],
        deals=20,
        jobs=1,
        levels=("easy", "medium"),
        infos={"highcard": GAME},
    )
    (p,) = pairings
    assert p.alone and p.games == 40
    assert p.decided + (20 - p.decided) == 20
    assert p.both + p.neither <= 20

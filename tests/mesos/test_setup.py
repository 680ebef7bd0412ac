"""Setup for 2 to 5 players, ruling 1, and the ten-round arithmetic."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mesos.rules import OVER, PLACE

from .helpers import DATA, event_of, new_game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players: int) -> None:
    s = new_game(players, seed=3)
    n = players
    assert s.tiles == sorted(t.letter for t in DATA.tiles.values() if t.min_players <= n)
    assert len(s.tiles) == n + 2
    assert len(s.spaces) == n and s.spaces[-1].last
    assert len(s.bottom) == n + 1 and all(c in DATA.characters for c in s.bottom)
    assert len(s.top) == n + 4
    assert len(s.deck) == 9 * (n + 4)
    # Final Events at the very bottom, then eras III, II, I up to the top (end of the list).
    assert {DATA.events[c].final for c in s.deck[:2]} == {True}
    eras = [DATA.card_era(c) for c in s.deck[2:]]
    assert eras == sorted(eras, reverse=True)
    counts = DATA.buildings_per_era[n]
    assert len(s.top_b) == counts[0] and {DATA.buildings[b].era for b in s.top_b} == {1}
    assert len(s.waiting[2]) == counts[1] and len(s.waiting[3]) == counts[2]
    assert len(s.box) == 21 - sum(counts)
    assert sorted(s.order) == list(range(n))
    for pos, seat in enumerate(s.order):
        assert s.tribes[seat].food == [2, 3, 3, 4, 4][pos]
        assert s.tribes[seat].pp == 0
    d = s.decision()
    assert d is not None and d.seat == s.order[0] and d.kind == "place"
    assert [o.id for o in d.options] == [f"tile:{t}" for t in s.tiles]
    s.check_invariants()


def test_turn_order_is_random() -> None:
    orders = {tuple(new_game(4, seed=k).order) for k in range(30)}
    assert len(orders) > 5


def test_player_count_marks_filter_the_deck() -> None:
    s = new_game(2, seed=1)
    in_play = s.deck + s.top + s.bottom
    assert len(in_play) == 63
    assert all(DATA.characters[c].min_players == 2 for c in in_play if c in DATA.characters)


def test_ruling_1_bottom_row_events_go_to_the_top_row() -> None:
    s = new_game(3, seed=0)
    # Re-deal from a crafted deck: two Events among the first bottom-row draws.
    cards = s.top + s.bottom
    s.top, s.bottom = [], []
    chars = [c for c in cards if c in DATA.characters]
    events = [event_of("hunt", 1), event_of("sustenance", 1)]
    for e in events:
        if e in s.deck:
            s.deck.remove(e)
    # Next card last: C, E, C, E, C, C, ...
    order = [chars[0], events[0], chars[1], events[1], *chars[2:]]
    s.deck.extend(reversed(order))
    s.deal_rows()
    assert s.bottom == [chars[0], chars[1], chars[2], chars[3]]
    assert s.top[:2] == events
    assert len(s.top) == 3 + 4  # the Events count toward the top row's size
    assert all(c in DATA.characters for c in s.bottom)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ten_rounds_empty_the_deck(players: int) -> None:
    s = new_game(players, seed=11)
    rounds_seen = []
    while s.phase != OVER:
        if s.phase == PLACE and (not rounds_seen or rounds_seen[-1] != s.round_no):
            rounds_seen.append(s.round_no)
            assert len(s.deck) == (10 - s.round_no) * (players + 4)
            if s.round_no == 10:
                assert not s.deck
                finals = [c for c in s.top if c in DATA.events and DATA.events[c].final]
                assert len(finals) == 2
        d = s.decision()
        assert d is not None
        s.apply(d.options[-1].id)
    assert rounds_seen == list(range(1, 11))
    assert s.decision() is None and s.result() is not None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_era_changes_on_schedule(players: int) -> None:
    s = new_game(players, seed=5)
    eras = {}
    while s.phase != OVER:
        eras.setdefault(s.round_no, s.era)
        d = s.decision()
        assert d is not None
        s.apply(d.options[0].id)
        s.check_invariants()
    # The first Era II card shows up in the refill after round 3, Era III after round 6.
    assert [eras[r] for r in range(1, 11)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    assert s.phase == OVER

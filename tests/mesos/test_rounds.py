"""End of the round, new eras (ruling 8), the last round (ruling 7) and undo barriers."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mesos.data import describe_event
from tabletop_tui.games.mesos.rules import OVER, PLACE, final_score

from ..bounded import bounded
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


def test_rulebook_end_of_round_example() -> None:
    s = new_game(3, seed=21)
    ritual = event_of("shamanic_ritual", 1)
    hunt = event_of("hunt", 1)
    bottom = [chars_of("artist", 1)[0], ritual]
    top = [*chars_of("gatherer", 2), hunt]
    arrange(s, bottom=bottom, top=top)
    top_b, bottom_b = list(s.top_b), [s.box[0]]
    s.box.pop(0)
    s.bottom_b = list(bottom_b)
    set_tribe(s, 0, chars=chars_of("shaman", 1))
    deck_next = list(reversed(s.deck[-7:]))
    s._end_round()
    assert [t.pp for t in s.tribes] == [5, -3, -3]  # the Ritual; the Hunt waits a round
    assert ritual in s.discard and bottom[0] in s.discard
    assert s.bottom == top  # Characters and Events move down...
    assert s.top_b == top_b and s.bottom_b == bottom_b  # ...Buildings stay where they are
    assert s.top == deck_next and len(s.top) == 3 + 4
    assert s.round_no == 2 and s.phase == PLACE


def _play_watching_eras(s):
    """Play first options; yield (before, after) states around each era change."""
    while s.phase != OVER:
        before = s.clone()
        s.apply(s.decision().options[0].id)
        if s.era != before.era:
            yield before, s.clone()


@pytest.mark.parametrize("expert", [False, True])
def test_ruling_8_new_eras(expert: bool) -> None:
    s = new_game(4, seed=22, expert=expert)
    changes = list(_play_watching_eras(s))
    assert [a.era for _, a in changes] == [2, 3]
    (b2, a2), (b3, a3) = changes
    # Era II: top Buildings move down, the Era II Buildings come up.
    assert a2.bottom_b == b2.top_b + b2.bottom_b
    assert a2.top_b == b2.waiting[2]
    # Era III: bottom Buildings are discarded first.
    assert all(b in a3.discard for b in b3.bottom_b)
    assert a3.bottom_b == b3.top_b
    assert a3.top_b == b3.waiting[3]
    assert a3.round_no == 7 and a2.round_no == 4


def test_buildings_stay_in_their_row_between_eras() -> None:
    s = new_game(2, seed=23)
    seen = []
    while s.round_no < 3:
        seen.append((list(s.top_b), list(s.bottom_b)))
        s.apply(s.decision().options[0].id)
    tops = {tuple(t) for t, _ in seen}
    # Era I Buildings only ever leave the top row by being taken.
    assert all(set(t) <= set(seen[0][0]) for t in tops)
    assert all(not b for _, b in seen)


def test_ruling_7_last_round_resolves_every_visible_event() -> None:
    s = new_game(2, seed=24)
    play_until(s, lambda st: st.round_no == 10)
    assert not s.deck
    finals = [c for c in s.top if c in DATA.events]
    assert {DATA.events[c].final for c in finals} >= {True}
    hunt = event_of("hunt", 3)
    final_sust = event_of("sustenance", 3, final=True)
    final_ritual = event_of("shamanic_ritual", 3, final=True)
    arrange(s, bottom=[*chars_of("artist", 1), hunt], top=[final_sust, final_ritual])
    set_tribe(s, 0, chars=chars_of("hunter", 2, bow=False) + chars_of("shaman", 1), food=0)
    set_tribe(s, 1, chars=chars_of("gatherer", 1), food=0)
    # Tile B takes the last Artist, tile C finds nothing (only Events are left on top).
    s.order = [0, 1]
    s.apply("tile:C")
    s.apply("tile:B")
    s.apply(s.decision().options[0].id)
    assert s.phase == OVER and s.decision() is None
    t0, t1 = s.tribes
    # Seat 0 returns last with no food: -2 PP. Then Hunt +2 food +6 PP; Ritual most +15;
    # Sustenance last: 3 Characters, 2 food: pays 2, 1 unfed x -3.
    assert t0.pp == -2 + 6 + 15 - 3 and t0.food == 0
    # Seat 1: first space +1 food; fewest stars -7; 2 Characters - 3 (Gatherer): needs 0.
    assert t1.pp == -7 and t1.food == 1
    assert s.result() is not None


def test_undo_stops_at_a_refill() -> None:
    s = new_game(2, seed=25)
    while s.round_no == 1:
        s.apply(s.decision().options[0].id)
    assert s.barrier == len(s.history)
    assert not s.can_undo(s.decision().seat)


def test_b20_last_round_still_allows_the_extra_pick() -> None:
    b20 = building_of("extra_top_row_pick_each_round")
    s = new_game(2, seed=26)
    play_until(s, lambda st: st.round_no == 10)
    free = discarded_characters(s)
    arrange(s, top=free[:3], bottom=free[3:6])
    set_tribe(s, 1, buildings=[b20])
    s.order = [0, 1]
    s.apply("tile:B")
    s.apply("tile:C")
    for _step in bounded():
        if not (s.decision() is not None and s.decision().kind == "take"):
            break
        s.apply(s.decision().options[0].id)
    d = s.decision()
    assert d is not None and d.kind == "extra" and d.seat == 1
    s.apply("pass")
    assert s.decision() is None


def _texts(entries) -> list[str]:
    return [e.text for e in entries]


def test_the_log_explains_each_round_end() -> None:
    s = new_game(2, seed=27)
    ritual, hunt = event_of("shamanic_ritual", 1), event_of("hunt", 1)
    arrange(s, bottom=[*chars_of("artist", 2), ritual, hunt], top=chars_of("gatherer", 3))
    set_tribe(s, 0, chars=chars_of("shaman", 1, stars=1) + chars_of("hunter", 2, bow=False))
    s.order = [0, 1]
    assert s.view(0)["events_at_end"] == [ritual, hunt]
    s.apply("tile:C")
    s.apply("tile:F")
    s.apply(s.decision().options[0].id)
    s.apply(s.decision().options[0].id)
    log = _texts(s.apply(s.decision().options[0].id))
    start = next(i for i, t in enumerate(log) if t.startswith("End of round 1"))
    assert log[start:] == [
        "End of round 1: Events in the bottom row: Shamanic Ritual I, Hunt I.",
        "Event: " + describe_event(DATA.events[ritual]),
        "{seat:0} (1 star, most): +5 PP.",
        "{seat:1} (0 stars, fewest): -3 PP.",
        "Event: " + describe_event(DATA.events[hunt]),
        "{seat:0} (2 Hunters): +2 food, +2 PP.",
        "Rows shift: the bottom row is discarded, the top row moves down, 6 new cards on top; "
        "Buildings stay.",
        "Round 2 begins (Era I).",
    ]
    assert s.view(0)["events_at_end"] == []  # the Events moved away with the bottom row


def test_the_log_names_the_buildings_an_era_moves() -> None:
    s = new_game(3, seed=28)
    log: list[str] = []
    while s.era < 3:
        before = (list(s.top_b), list(s.bottom_b))
        log = _texts(s.apply(s.decision().options[0].id))
    era3 = next(t for t in log if t.startswith("Era III begins"))
    top_b, bottom_b = before
    if bottom_b:
        assert "discarded from the bottom row: " in era3
    for bid in top_b:
        assert DATA.buildings[bid].name in era3.split("down to the bottom row: ")[1]
    for bid in s.top_b:
        assert DATA.buildings[bid].name in era3.split("new in the top row: ")[1]


def test_last_round_view_and_final_log() -> None:
    s = new_game(2, seed=29)
    play_until(s, lambda st: st.round_no == 10)
    hunt = event_of("hunt", 3)
    final_sust = event_of("sustenance", 3, final=True)
    final_ritual = event_of("shamanic_ritual", 3, final=True)
    free = discarded_characters(s)
    arrange(s, bottom=[*free[:2], hunt], top=[final_sust, final_ritual])
    # Both rows resolve, Sustenance last whatever its place.
    assert s.view(None)["events_at_end"] == [hunt, final_ritual, final_sust]
    assert s.view(None)["final_round"]
    log: list[str] = []
    for _step in bounded():
        if s.decision() is None:
            break
        log += _texts(s.apply(s.decision().options[0].id))
    assert any(
        t.startswith("End of round 10 (the last): every visible Event resolves") for t in log
    )
    start = log.index("Final scoring:")
    for seat, line in enumerate(log[start + 1 : start + 3]):
        assert line.startswith(f"{{seat:{seat}}}: ")
        assert line.endswith(
            f"= {final_score(s.tribes[seat])} PP ({s.tribes[seat].food} food left)."
        )
    assert log[-1] == s.result().summary


def test_summary_explains_a_food_tie_break() -> None:
    s = new_game(3, seed=0)
    set_tribe(s, 0, pp=20, food=1)
    set_tribe(s, 1, pp=20, food=3)
    set_tribe(s, 2, pp=5, food=9)
    summary = s._result().summary
    assert summary == (
        "{seat:1} wins with 20 PP, tied on PP but with more food (3, against {seat:0} 1)."
    )
    set_tribe(s, 0, pp=20, food=3)
    assert s._result().summary == "Shared victory: {seat:0}, {seat:1}, with 20 PP and 3 food each."

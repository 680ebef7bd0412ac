"""The perfect-information deal check."""

from __future__ import annotations

from tabletop_tui.games.maeshowe import GAME
from tabletop_tui.games.maeshowe.solver import Solver, analyse, solve

from .helpers import position


def test_finds_a_winning_line_that_really_wins():
    result = solve({"players": 1}, 0, time_limit=5)
    assert result.status == "winnable"
    state = GAME.state_class.new({"players": 1}, 0)
    for oid in result.line:
        state.apply(oid)
    assert state.result().won is True
    assert len(result.labels) == len(result.line)


def test_proves_a_hopeless_position():
    s = position(hand=["tr-r1", "tr-r2", "pc-r1"], health=[1], rest="row", deck=[])
    assert Solver(5).solve_state(s).status == "not winnable"
    s = position(hand=["ex-r1", "go-r1"], rest="row", deck=[])  # too few Excavates left
    assert Solver(5).solve_state(s).status == "not winnable"


def test_sees_the_deck_order():
    # Two more red Excavates on top finish a one-rune set: winnable only by knowing it.
    s = position(
        hand=["ex-r1", "tr-r1", "go-r1", "go-b1", "sl-b1"],
        deck=["ex-r2", "tr-r2"],
        chain=[0, 0],
        passages=3,
    )
    s.passages = 2
    assert Solver(5).solve_state(s).status == "winnable"


def test_runs_out_of_time_as_unknown():
    result = solve({"players": 1, "difficulty": "hard"}, 1, time_limit=0.0)
    assert result.status == "unknown"


def test_stops_when_told_as_unknown():
    """``stop()`` is asked with the clock; true, the search gives up at once (the player
    left the results), long before its time limit."""
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 2

    solver = Solver(60, stop=stop)
    result = solver.solve_state(GAME.state_class.new({"players": 1, "difficulty": "hard"}, 1))
    assert result.status == "unknown"
    assert len(asked) == 2 and result.nodes <= 2 * 512
    text = analyse(GAME.state_class.new({"players": 1, "difficulty": "hard"}, 1), lambda: True)
    assert text.startswith("Unknown")


def test_analysis_text():
    state = GAME.state_class.new({"players": 1}, 0)
    text = GAME.analysis(state, lambda: False)
    assert text.startswith("Winnable") and "It starts:" in text
    assert analyse(
        GAME.state_class.new({"players": 1, "difficulty": "hard"}, 1), time_limit=0.0
    ).startswith("Unknown")
    coop = GAME.state_class.new({"players": 2}, 1)  # a quick co-op deal
    text = analyse(coop)
    assert text.startswith("Winnable: with the deck order and both hands known")


def test_solves_a_fear_of_the_dark_deal_with_gifts_allowed():
    config = {"players": 2, "fear_of_the_dark": True}
    result = solve(config, 3, time_limit=5)
    assert result.status == "winnable"
    state = GAME.state_class.new(config, 3)
    for oid in result.line:
        state.apply(oid)
    assert state.result().won is True

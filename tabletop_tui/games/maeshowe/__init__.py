"""Maeshowe: an Orkney Saga. Dig out of a Neolithic tomb before you starve (solo or co-op)."""

from __future__ import annotations

from tabletop_tui.engine.registry import GameEngine, GameInfo, Mode


def _engine() -> GameEngine:
    """The rules, bots and solver, imported when the game is first played or simulated."""
    from tabletop_tui.engine.bots import levels

    from .bots import easy, greedy, hard
    from .rules import MaeshoweState
    from .solver import analyse

    return GameEngine(
        state_class=MaeshoweState,
        bots=levels(easy, greedy, hard),
        test_configs=(
            {"players": 1},
            {"players": 1, "difficulty": "hard"},
            {"players": 1, "difficulty": "custom", "passages": 7},
            {"players": 1, "gluttony_garner": True, "lean_start": True},
            {"players": 1, "crumble_conservation": True, "discard_five": True},
            {"players": 1, "horror_hope": True, "extra_passage": True},
            {
                "players": 1,
                "gluttony_garner": True,
                "crumble_conservation": True,
                "horror_hope": True,
                "discard_five": True,
                "lean_start": True,
                "extra_passage": True,
            },
            {"players": 2},
            {"players": 2, "difficulty": "ridiculous"},
            {"players": 2, "gluttony_garner": True, "lean_start": True},
            {"players": 2, "crumble_conservation": True, "discard_five": True},
            {"players": 2, "horror_hope": True, "extra_passage": True},
            {"players": 2, "fear_of_the_dark": True},
            {
                "players": 2,
                "fear_of_the_dark": True,
                "gluttony_garner": True,
                "crumble_conservation": True,
                "horror_hope": True,
            },
        ),
        analysis=analyse,
        max_decisions=3000,
    )


GAME = GameInfo(
    id="maeshowe",
    title="Maeshowe: an Orkney Saga",
    blurb="Excavate four in a row to clear the passages before hunger and madness win.",
    min_players=1,
    max_players=2,
    modes=(Mode("solo", "Solo", 1, 1), Mode("coop", "2-player co-op", 2, 2)),
    screen="tabletop_tui.games.maeshowe.screen.MaeshoweBoard",
    rules_file="maeshowe.md",
    rules_summary_file="maeshowe-summary.md",
    load=_engine,
)

"""Mesos: grow a prehistoric tribe over ten rounds of totem placement (2 to 5 players)."""

from __future__ import annotations

from tabletop_tui.engine.registry import GameEngine, GameInfo, Mode


def _engine() -> GameEngine:
    """The rules and bots, imported when the game is first played or simulated."""
    from tabletop_tui.engine.bots import levels

    from .bots import easy, hard, medium
    from .rules import MesosState

    return GameEngine(
        state_class=MesosState,
        bots=levels(easy, medium, hard),
        test_configs=(
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 5},
            {"players": 2, "expert": True},
            {"players": 3, "expert": True},
            {"players": 4, "expert": True},
            {"players": 5, "expert": True},
        ),
        max_decisions=1000,
    )


GAME = GameInfo(
    id="mesos",
    title="Mesos",
    blurb="Place your totem, recruit a tribe, raise Buildings and weather the Events.",
    min_players=2,
    max_players=5,
    modes=(Mode("competitive", "Competitive", 2, 5),),
    screen="tabletop_tui.games.mesos.screen.MesosBoard",
    rules_file="mesos.md",
    rules_summary_file="mesos-summary.md",
    load=_engine,
)

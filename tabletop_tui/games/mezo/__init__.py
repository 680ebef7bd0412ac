"""Mezo: gods and tribes of Mesoamerica fight over six regions across three Ages."""

from __future__ import annotations

from tabletop_tui.engine.registry import GameEngine, GameInfo, Mode


def _engine() -> GameEngine:
    """The rules, bots and modules, imported when the game is first played or simulated."""
    from tabletop_tui.engine.bots import levels

    from .bots import easy, hard, medium
    from .modules import MODULES
    from .rules import MezoState

    # Part C: each module alone, and all five together, at every multiplayer count.
    module_configs = tuple(
        {"players": n, **dict.fromkeys(mods, True)}
        for mods in [*((m,) for m in MODULES), MODULES]
        for n in (2, 3, 4)
    )
    return GameEngine(
        state_class=MezoState,
        bots=levels(easy, medium, hard),
        test_configs=(
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 4, "content": "base"},
            {"players": 2, "god_1": "uayeb", "god_2": "kukulkan"},
            {"players": 3, "god_1": "xolotl", "god_2": "zotz", "god_3": "cabrakan"},
            {
                "players": 4,
                "god_1": "ah_puch",
                "god_2": "ixchel",
                "god_3": "uayeb",
                "god_4": "zotz",
            },
            # Solo (Part B): every god in the player's seat, and the difficulty settings.
            {"players": 1},
            {"players": 1, "god_1": "ah_puch", "difficulty": "apprentice"},
            {"players": 1, "god_1": "cabrakan"},
            {"players": 1, "god_1": "ixchel", "difficulty": "hard"},
            {"players": 1, "god_1": "kukulkan"},
            {"players": 1, "god_1": "uayeb", "difficulty": "legendary"},
            {"players": 1, "god_1": "xolotl"},
            {"players": 1, "god_1": "zotz", "difficulty": "custom", "vengeful_offset": 7},
            *module_configs,
        ),
        max_decisions=3000,
    )


GAME = GameInfo(
    id="mezo",
    title="Mezo",
    blurb="Area control in Maya myth: deploy your tribe, call your god, win the conflicts.",
    min_players=1,
    max_players=4,
    modes=(
        Mode("solo", "Solo against the Vengeful gods", 1, 1),
        Mode("competitive", "Competitive", 2, 4),
    ),
    screen="tabletop_tui.games.mezo.screen.MezoBoard",
    rules_file="mezo.md",
    rules_summary_file="mezo-summary.md",
    load=_engine,
)

"""Mezo: gods and tribes of Mesoamerica fight over six regions across three Ages."""

from __future__ import annotations

from tabletop_tui.engine.bots import RandomBot
from tabletop_tui.engine.registry import GameInfo, Mode

from .bots import easy, hard, medium
from .rules import MezoState

GAME = GameInfo(
    id="mezo",
    title="Mezo",
    blurb="Area control in Maya myth: deploy your tribe, call your god, win the conflicts.",
    min_players=2,
    max_players=4,
    modes=(Mode("competitive", "Competitive", 2, 4),),
    state_class=MezoState,
    bots={"random": RandomBot, "easy": easy, "medium": medium, "hard": hard},
    screen="tabletop_tui.games.mezo.screen.MezoBoard",
    rules_file="mezo.md",
    rules_summary_file="mezo-summary.md",
    test_configs=(
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 4, "content": "base"},
        {"players": 2, "god_1": "uayeb", "god_2": "kukulkan"},
        {"players": 3, "god_1": "xolotl", "god_2": "zotz", "god_3": "cabrakan"},
        {"players": 4, "god_1": "ah_puch", "god_2": "ixchel", "god_3": "uayeb", "god_4": "zotz"},
    ),
    max_decisions=3000,
)

"""The game-agnostic core. It must never import Textual or Rich.

Its names load on first use (``from tabletop_tui.engine import GameState``): importing a
submodule such as the light registry does not import the data models.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bots import Bot, BotContext, RandomBot
    from .core import (
        Decision,
        EngineError,
        GameConfig,
        GameOver,
        GameResult,
        GameState,
        IllegalMove,
        LogEntry,
        Option,
        ScoreLine,
        SeatResult,
        rank_scores,
    )
    from .registry import GameInfo, Mode, games, get_game

_HOMES = {
    **dict.fromkeys(("Bot", "BotContext", "RandomBot"), "bots"),
    **dict.fromkeys(
        (
            "Decision",
            "EngineError",
            "GameConfig",
            "GameOver",
            "GameResult",
            "GameState",
            "IllegalMove",
            "LogEntry",
            "Option",
            "ScoreLine",
            "SeatResult",
            "rank_scores",
        ),
        "core",
    ),
    **dict.fromkeys(("GameInfo", "Mode", "games", "get_game"), "registry"),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Bot",
    "BotContext",
    "Decision",
    "EngineError",
    "GameConfig",
    "GameInfo",
    "GameOver",
    "GameResult",
    "GameState",
    "IllegalMove",
    "LogEntry",
    "Mode",
    "Option",
    "RandomBot",
    "ScoreLine",
    "SeatResult",
    "games",
    "get_game",
    "rank_scores",
]

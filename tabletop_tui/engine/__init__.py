"""The game-agnostic core. It must never import Textual or Rich."""

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

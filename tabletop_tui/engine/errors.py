"""The engine's errors, apart from its data models: listing the games (the start screen,
``--help``) raises and catches them without importing pydantic."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalMove(EngineError):
    """An option id that is not legal now. The state is left exactly as it was."""


class GameOver(EngineError):
    """A move was sent to a finished game."""

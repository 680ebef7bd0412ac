"""The game registry: what games exist, their seats, modes, options and bots.

Each package under ``tabletop_tui.games`` that exposes a ``GAME`` attribute (a ``GameInfo``)
is a registered game; nothing else needs to change to add one.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .core import EngineError, GameConfig, GameState

if TYPE_CHECKING:
    from .bots import Bot


class UnknownGame(EngineError):
    pass


@dataclass(frozen=True)
class Mode:
    """A named way to play (``solo``, ``co-op``, ``competitive``) for a range of seats."""

    id: str
    title: str
    min_players: int
    max_players: int


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    modes: tuple[Mode, ...]
    state_class: type[GameState]
    # Bot level name -> factory. Every game has at least "random"; "easy", "medium" and
    # "hard" map to the game's best bot for that level.
    bots: dict[str, Callable[[], Bot]] = field(default_factory=dict)
    # Dotted path of the Textual board widget class, imported only by the UI.
    screen: str = ""
    # Rules text in assets/rules/, Markdown.
    rules_file: str = ""
    # Short rules summary shown by ``?`` and ``tabletop-tui rules GAME``.
    rules_summary_file: str = ""
    # Configurations the conformance kit plays: every mode, player count and variant the
    # game offers should appear here, as option dicts including "players".
    test_configs: tuple[dict[str, Any], ...] = ()
    # Optional after-game analysis (e.g. "was this deal winnable?"): state -> text. It must
    # bound its own running time.
    analysis: Callable[[GameState], str] | None = None
    # Upper bound on decisions in one game, for the kit's termination check.
    max_decisions: int = 5000

    @property
    def config_model(self) -> type[GameConfig]:
        return self.state_class.config_model

    def make_config(self, players: int, options: dict[str, Any] | None = None) -> GameConfig:
        data = dict(options or {})
        data["players"] = players
        return self.config_model.model_validate(data)

    def mode_for(self, players: int) -> Mode | None:
        for mode in self.modes:
            if mode.min_players <= players <= mode.max_players:
                return mode
        return None

    def bot(self, level: str) -> Bot:
        if level == "search" and "search" not in self.bots:
            from .mcts import SearchBot

            return SearchBot()
        try:
            return self.bots[level]()
        except KeyError:
            known = ", ".join(self.bots)
            raise EngineError(f"{self.title} has no bot level '{level}' (known: {known})") from None


_REGISTRY: dict[str, GameInfo] | None = None


def games() -> dict[str, GameInfo]:
    """All registered games by id, discovered once."""
    global _REGISTRY
    if _REGISTRY is None:
        import tabletop_tui.games as pkg

        found: dict[str, GameInfo] = {}
        for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
            if not mod.ispkg:
                continue
            module = importlib.import_module(f"{pkg.__name__}.{mod.name}")
            info = getattr(module, "GAME", None)
            if isinstance(info, GameInfo):
                found[info.id] = info
        _REGISTRY = found
    return _REGISTRY


def register(info: GameInfo) -> None:
    """Add a game by hand (tests use it for fixture games that do not ship)."""
    games()[info.id] = info


def unregister(game_id: str) -> None:
    games().pop(game_id, None)


def get_game(game_id: str) -> GameInfo:
    registry = games()
    if game_id not in registry:
        known = ", ".join(sorted(registry)) or "none"
        raise UnknownGame(f"unknown game '{game_id}' (known games: {known})")
    return registry[game_id]

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

from .errors import EngineError

if TYPE_CHECKING:
    from .bots import Bot
    from .core import GameConfig, GameState


class UnknownGame(EngineError):
    pass


@dataclass(frozen=True)
class Mode:
    """A named way to play (``solo``, ``coop``, ``competitive``) for a range of seats.

    Identifiers spell it ``coop``; what players read spells it "co-op" (the ``title``)."""

    id: str
    title: str
    min_players: int
    max_players: int


@dataclass(frozen=True)
class GameEngine:
    """The heavy half of a game's registration: its rules, bots and test matrix.

    A game package builds it in a function that ``GameInfo`` calls on first use, so listing
    the games (the picker, ``--help``) never imports their engines, bots or data models.
    """

    state_class: type[GameState]
    # Bot level name -> factory. Every game has at least "random"; "easy", "medium" and
    # "hard" map to the game's best bot for that level.
    bots: dict[str, Callable[[], Bot]] = field(default_factory=dict)
    # Configurations the conformance kit plays: every mode, player count and variant the
    # game offers should appear here, as option dicts including "players".
    test_configs: tuple[dict[str, Any], ...] = ()
    # Optional after-game analysis (e.g. "was this deal winnable?"): state -> text. It must
    # bound its own running time.
    analysis: Callable[[GameState], str] | None = None
    # Upper bound on decisions in one game, for the kit's termination check.
    max_decisions: int = 5000


_ENGINE_FIELDS = tuple(GameEngine.__dataclass_fields__)
# Default of an engine field not given: filled from ``GameEngine`` or loaded on first read.
_UNSET: Any = object()


def _unset() -> Any:
    return _UNSET


@dataclass(frozen=True)
class GameInfo:
    """One registered game: light metadata, plus its engine (``GameEngine``'s fields).

    Pass the engine's fields directly (``state_class=...``) or a ``load`` function returning a
    ``GameEngine``: then ``state_class``, ``bots``, ``test_configs``, ``analysis`` and
    ``max_decisions`` not given are loaded on first read, which is when the game is first
    played, simulated or set up. Listing the games never loads them.
    """

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    modes: tuple[Mode, ...]
    # Dotted path of the Textual board widget class, imported only by the UI.
    screen: str = ""
    # Rules text in assets/rules/, Markdown.
    rules_file: str = ""
    # Short rules summary shown by ``?`` and ``tabletop-tui rules GAME``.
    rules_summary_file: str = ""
    # Builds the engine's fields on first read (see ``GameEngine`` for what each one is).
    load: Callable[[], GameEngine] | None = field(default=None, repr=False)
    state_class: type[GameState] = field(default_factory=_unset, repr=False)
    bots: dict[str, Callable[[], Bot]] = field(default_factory=_unset, repr=False)
    test_configs: tuple[dict[str, Any], ...] = field(default_factory=_unset, repr=False)
    analysis: Callable[[GameState], str] | None = field(default_factory=_unset, repr=False)
    max_decisions: int = field(default_factory=_unset, repr=False)

    def __post_init__(self) -> None:
        if self.load is None and self.state_class is _UNSET:
            raise TypeError("GameInfo needs state_class=... or load=...")
        defaults = None
        if self.load is None:  # the light metadata (``load``) never imports the engine
            from .core import GameState

            defaults = GameEngine(state_class=GameState)
        for name in _ENGINE_FIELDS:
            if self.__dict__[name] is not _UNSET:
                continue
            if self.load is None:
                object.__setattr__(self, name, getattr(defaults, name))
            else:
                # Left out of the instance, so that reading it calls ``__getattr__``.
                del self.__dict__[name]

    def __getattr__(self, name: str) -> Any:
        """Only called for attributes not set yet: the engine's fields, loaded once."""
        load = self.__dict__.get("load")
        if name not in _ENGINE_FIELDS or load is None:
            raise AttributeError(f"{type(self).__name__} has no attribute '{name}'")
        parts = load()
        for field_name in _ENGINE_FIELDS:
            self.__dict__.setdefault(field_name, getattr(parts, field_name))
        return self.__dict__[name]

    @property
    def loaded(self) -> bool:
        """Whether the engine is imported (the light metadata never needs it)."""
        return all(name in self.__dict__ for name in _ENGINE_FIELDS)

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

"""The game registry: what games exist, their seats, modes, options and bots.

Each package under ``tabletop_tui.games`` that exposes a ``GAME`` attribute (a ``GameInfo``)
is a registered game; nothing else needs to change to add one.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import EngineError

if TYPE_CHECKING:
    from .bots import Bot
    from .core import GameConfig, GameState


class UnknownGame(EngineError):
    pass


class Mode(NamedTuple):
    """A named way to play (``solo``, ``coop``, ``competitive``) for a range of seats.

    Identifiers spell it ``coop``; what players read spells it "co-op" (the ``title``)."""

    id: str
    title: str
    min_players: int
    max_players: int


class GameEngine(NamedTuple):
    """The heavy half of a game's registration: its rules, bots and test matrix.

    A game package builds it in a function that ``GameInfo`` calls on first use, so listing
    the games (the picker, ``--help``) never imports their engines, bots or data models.
    """

    state_class: type[GameState]
    # Bot level name -> factory. Every game has at least "random"; "easy", "medium" and
    # "hard" map to the game's best bot for that level. (Not given: none, read-only.)
    bots: Mapping[str, Callable[[], Bot]] = MappingProxyType({})
    # Configurations the conformance kit plays: every mode, player count and variant the
    # game offers should appear here, as option dicts including "players".
    test_configs: tuple[dict[str, Any], ...] = ()
    # Optional after-game analysis (e.g. "was this deal winnable?"): (state, stop) -> text.
    # It must bound its own running time, and give up soon after ``stop()`` turns true (the
    # player left the results: a search left running slowed the next game's moves).
    analysis: Callable[[GameState, Callable[[], bool]], str] | None = None
    # Upper bound on decisions in one game, for the kit's termination check.
    max_decisions: int = 5000


_ENGINE_FIELDS = GameEngine._fields
# Default of an engine field not given: filled from ``GameEngine`` or loaded on first read.
_UNSET: Any = object()
# The fields ``repr`` shows: the light metadata, not the engine.
_SHOWN_FIELDS = (
    "id",
    "title",
    "blurb",
    "min_players",
    "max_players",
    "modes",
    "screen",
    "rules_file",
    "rules_summary_file",
)


@dataclass(init=False, repr=False, eq=False)
class GameInfo:
    """One registered game: light metadata, plus its engine (``GameEngine``'s fields).

    Pass the engine's fields directly (``state_class=...``) or a ``load`` function returning a
    ``GameEngine``: then ``state_class``, ``bots``, ``test_configs``, ``analysis`` and
    ``max_decisions`` not given are loaded on first read, which is when the game is first
    played, simulated or set up. Listing the games never loads them.

    Its fields are read-only; ``dataclasses.replace`` makes a changed copy. (Its methods are
    written out rather than generated: the games are registered before the start screen's
    first frame, and a dataclass builds the methods it generates from source, which cost
    more than the rest of the registry.)
    """

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    modes: tuple[Mode, ...]
    # Dotted path of the Textual board widget class, imported only by the UI.
    screen: str
    # Rules text in assets/rules/, Markdown.
    rules_file: str
    # Short rules summary shown by ``?`` and ``tabletop-tui rules GAME``.
    rules_summary_file: str
    # Builds the engine's fields on first read (see ``GameEngine`` for what each one is).
    load: Callable[[], GameEngine] | None
    state_class: type[GameState]
    bots: Mapping[str, Callable[[], Bot]]
    test_configs: tuple[dict[str, Any], ...]
    analysis: Callable[[GameState, Callable[[], bool]], str] | None
    max_decisions: int

    def __init__(
        self,
        id: str,
        title: str,
        blurb: str,
        min_players: int,
        max_players: int,
        modes: tuple[Mode, ...],
        screen: str = "",
        rules_file: str = "",
        rules_summary_file: str = "",
        load: Callable[[], GameEngine] | None = None,
        state_class: type[GameState] = _UNSET,
        bots: Mapping[str, Callable[[], Bot]] = _UNSET,
        test_configs: tuple[dict[str, Any], ...] = _UNSET,
        analysis: Callable[[GameState, Callable[[], bool]], str] | None = _UNSET,
        max_decisions: int = _UNSET,
    ) -> None:
        if load is None and state_class is _UNSET:
            raise TypeError("GameInfo needs state_class=... or load=...")
        fields = self.__dict__
        fields.update(
            id=id,
            title=title,
            blurb=blurb,
            min_players=min_players,
            max_players=max_players,
            modes=modes,
            screen=screen,
            rules_file=rules_file,
            rules_summary_file=rules_summary_file,
            load=load,
        )
        given = (state_class, bots, test_configs, analysis, max_decisions)
        if load is None:
            from .core import GameState

            defaults = GameEngine(state_class=GameState)
        for name, value in zip(_ENGINE_FIELDS, given, strict=True):
            if value is not _UNSET:
                fields[name] = value
            elif load is None:  # the light metadata (``load``) never imports the engine
                fields[name] = getattr(defaults, name)
            # else: left out of the instance, so that reading it calls ``__getattr__``.

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: cannot set '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: cannot delete '{name}'")

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={self.__dict__[name]!r}" for name in _SHOWN_FIELDS)
        return f"{type(self).__name__}({shown})"

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


def _subpackages(paths: Iterable[str]) -> list[str]:
    """The names of the packages in ``paths`` (folders with an ``__init__.py``), sorted: what
    ``pkgutil.iter_modules`` lists as packages, without importing pkgutil at start-up."""
    names = set()
    for path in paths:
        try:
            entries = list(os.scandir(path))
        except OSError:
            continue
        for entry in entries:
            if (
                entry.name.isidentifier()
                and entry.is_dir()
                and os.path.isfile(os.path.join(entry.path, "__init__.py"))
            ):
                names.add(entry.name)
    return sorted(names)


def games() -> dict[str, GameInfo]:
    """All registered games by id, discovered once."""
    global _REGISTRY
    if _REGISTRY is None:
        import tabletop_tui.games as pkg

        found: dict[str, GameInfo] = {}
        for name in _subpackages(pkg.__path__):
            module = importlib.import_module(f"{pkg.__name__}.{name}")
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

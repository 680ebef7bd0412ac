"""Save files: a game is (game id, config, seed, history of option ids) and nothing else.

The same record, written as JSON, is the portable game record of ``tabletop-tui export`` and
``import``; it also names the app and rules versions the game was played with and, when the
game is over, its result (checked against the replay on import).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, ValidationError

from .core import EngineError, GameConfig, GameResult, GameState
from .registry import GameInfo, get_game


class DamagedSave(EngineError):
    pass


class SeatSpec(BaseModel):
    name: str
    kind: str = Field(description="'human' or a bot level")


class GameRecord(BaseModel):
    """The complete, validated record of one game, finished or not."""

    format: int = 1
    game: str
    config: dict[str, Any]
    seed: int
    history: list[str] = Field(default_factory=list)
    seats: list[SeatSpec] = Field(default_factory=list)
    # The app and the game's rules the game was played with (None: not recorded).
    app_version: str | None = None
    rules_version: str | None = None
    # The final standing (GameResult.to_json()), in exported records of finished games.
    result: dict[str, Any] | None = None

    def to_json(self) -> str:
        return self.model_dump_json()

    def with_versions(self) -> GameRecord:
        """This record, with this app's version and the game's rules version where unset."""
        from tabletop_tui import __version__

        rules = self.rules_version
        if rules is None:
            try:
                rules = get_game(self.game).state_class.rules_version
            except EngineError:
                rules = None
        return self.model_copy(
            update={"app_version": self.app_version or __version__, "rules_version": rules}
        )

    def result_obj(self) -> GameResult | None:
        """The recorded result, or None; a malformed one is a damaged record."""
        if self.result is None:
            return None
        try:
            return GameResult.from_json(self.result)
        except (KeyError, TypeError, ValueError) as exc:
            raise DamagedSave(f"the recorded result is invalid: {exc}") from None

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            return cls.model_validate_json(text)
        except (ValidationError, ValueError) as exc:
            raise DamagedSave(f"the save is damaged: {_first_error(exc)}") from None

    @classmethod
    def of(cls, state: GameState, seats: list[SeatSpec] | None = None) -> GameRecord:
        from tabletop_tui import __version__

        return cls(
            game=state.game_id,
            config=state.config.model_dump(mode="json"),
            seed=state.seed,
            history=list(state.history),
            seats=seats or [],
            app_version=__version__,
            rules_version=type(state).rules_version,
        )

    def _game_and_config(self, info: GameInfo | None) -> tuple[GameInfo, GameConfig]:
        """The record's game (``info`` if given) and its validated options."""
        info = info or get_game(self.game)
        try:
            return info, info.config_model.model_validate(self.config)
        except ValidationError as exc:
            raise DamagedSave(f"the saved options are invalid: {_first_error(exc)}") from None

    def load(self, info: GameInfo | None = None) -> GameState:
        """Rebuild the state by replay; a record that does not replay is a damaged save."""
        info, config = self._game_and_config(info)
        try:
            return info.state_class.replay(config, self.seed, self.history)
        except EngineError as exc:
            note = self._rules_note(info)
            raise DamagedSave(f"the saved moves do not replay: {exc}{note}") from None

    def verify(self, info: GameInfo | None = None) -> GameState:
        """Replay move by move; the first move that fails is named (``DamagedSave``)."""
        info, config = self._game_and_config(info)
        if self.seats and len(self.seats) != config.players:
            raise DamagedSave(
                f"{config.players} players need {config.players} seats, not {len(self.seats)}"
            )
        for seat in self.seats:
            if seat.kind != "human" and seat.kind not in info.bots:
                raise DamagedSave(f"unknown seat kind '{seat.kind}'")
        try:
            state = info.state_class.new(config, self.seed)
        except EngineError as exc:
            raise DamagedSave(f"the game cannot be set up: {exc}") from None
        for i, option_id in enumerate(self.history):
            if state.decision() is None:
                raise DamagedSave(
                    f"move {i + 1} ('{option_id}') comes after the end of the game"
                    + self._rules_note(info)
                )
            try:
                state.apply_replay(option_id)
            except EngineError as exc:
                raise DamagedSave(
                    f"move {i + 1} ('{option_id}') does not replay: {exc}{self._rules_note(info)}"
                ) from None
        recorded = self.result_obj()
        if recorded is not None and recorded != state.result():
            raise DamagedSave("the recorded result is not the one the moves lead to")
        return state

    def _rules_note(self, info: GameInfo) -> str:
        current = info.state_class.rules_version
        if self.rules_version is not None and self.rules_version != current:
            return (
                f" (it was played under rules version {self.rules_version}; "
                f"this app has version {current})"
            )
        return ""


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ())) or "file"
        return f"{loc}: {err.get('msg', 'invalid')}"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def dumps(state: GameState) -> str:
    return GameRecord.of(state).to_json()


def loads(text: str) -> GameState:
    return GameRecord.from_json(text).load()


__all__ = ["DamagedSave", "GameRecord", "SeatSpec", "dumps", "loads"]

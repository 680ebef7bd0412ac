"""Save files: a game is (game id, config, seed, history of option ids) and nothing else."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, ValidationError

from .core import EngineError, GameState
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

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            return cls.model_validate_json(text)
        except (ValidationError, ValueError) as exc:
            raise DamagedSave(f"the save is damaged: {_first_error(exc)}") from None

    @classmethod
    def of(cls, state: GameState, seats: list[SeatSpec] | None = None) -> GameRecord:
        return cls(
            game=state.game_id,
            config=state.config.model_dump(mode="json"),
            seed=state.seed,
            history=list(state.history),
            seats=seats or [],
        )

    def load(self, info: GameInfo | None = None) -> GameState:
        """Rebuild the state by replay; a record that does not replay is a damaged save."""
        info = info or get_game(self.game)
        try:
            config = info.config_model.model_validate(self.config)
        except ValidationError as exc:
            raise DamagedSave(f"the saved options are invalid: {_first_error(exc)}") from None
        try:
            return info.state_class.replay(config, self.seed, self.history)
        except EngineError as exc:
            raise DamagedSave(f"the saved moves do not replay: {exc}") from None


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

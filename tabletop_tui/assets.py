"""Finding and loading the data files in ``assets/``.

Installed, the assets ship inside the package (``tabletop_tui/assets``); in a source checkout
they sit beside the package. Every data file is validated by a pydantic model on load, and a
missing or malformed file raises ``AssetError`` with a message fit for a player.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .engine.errors import EngineError

if TYPE_CHECKING:  # reading a text asset (the start screen's help) needs no data model
    from pydantic import BaseModel

M = TypeVar("M", bound="BaseModel")


class AssetError(EngineError):
    pass


@cache
def assets_root() -> Path:
    packaged = resources.files("tabletop_tui") / "assets"
    if packaged.is_dir():
        return Path(str(packaged))
    source = Path(__file__).resolve().parent.parent / "assets"
    if source.is_dir():
        return source
    raise AssetError("the game data folder (assets) is missing: reinstall tabletop-tui")


def asset_path(*parts: str) -> Path:
    path = assets_root().joinpath(*parts)
    if not path.is_file():
        raise AssetError(f"a game data file is missing: assets/{'/'.join(parts)}")
    return path


def read_text(*parts: str) -> str:
    return asset_path(*parts).read_text(encoding="utf-8")


def load_json(*parts: str) -> Any:
    text = read_text(*parts)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise AssetError(f"assets/{'/'.join(parts)} is not valid JSON: {exc}") from None


def load_model(model: type[M], *parts: str) -> M:
    """Load a JSON asset and validate it with ``model``."""
    from pydantic import ValidationError

    data = load_json(*parts)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        raise AssetError(
            f"assets/{'/'.join(parts)} is invalid at {loc or 'top level'}: {err.get('msg')}"
        ) from None

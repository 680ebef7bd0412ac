"""The new-game form built from config models, and the remembered choices."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field

from tabletop_tui.engine.core import GameConfig
from tabletop_tui.engine.registry import games
from tabletop_tui.ui.setup import default_choices, field_specs, remembered_choices


class SampleConfig(GameConfig):
    players: int = Field(2, ge=1, le=4, description="Seats.")
    rounds: int = Field(3, ge=1, le=5, description="Rounds to play.")
    bonus: int = Field(0, ge=0, le=500, description="A wide range: typed, not listed.")
    fast: bool = Field(False, description="Shorter game.")
    level: Literal["easy", "hard"] = Field("easy", description="How hard.")


def test_field_specs_read_types_bounds_and_descriptions():
    specs = {s.name: s for s in field_specs(SampleConfig)}
    assert "players" not in specs
    assert specs["rounds"].kind == "int" and specs["rounds"].choices == (1, 2, 3, 4, 5)
    assert (specs["bonus"].low, specs["bonus"].high, specs["bonus"].choices) == (0, 500, ())
    assert specs["fast"].kind == "bool" and specs["fast"].description == "Shorter game."
    assert specs["level"].kind == "choice" and specs["level"].choices == ("easy", "hard")
    assert specs["level"].title == "Level"


def test_unsupported_option_types_are_refused():
    class Bad(GameConfig):
        ratio: float = Field(0.5, description="Not a form field.")

    with pytest.raises(TypeError, match="ratio"):
        field_specs(Bad)


@pytest.mark.parametrize("info", list(games().values()), ids=lambda i: i.id)
def test_every_registered_game_has_a_form(info):
    for spec in field_specs(info.config_model):
        assert spec.description, f"{info.id}.{spec.name} has no description"
    choices = default_choices(info)
    assert info.min_players <= choices["players"] <= info.max_players
    assert len(choices["seats"]) == info.max_players


def test_remembered_choices_ignore_stale_values(highcard):
    saved = {
        "players": 9,
        "seats": [{"name": "Zoe", "kind": "human"}, {"name": "", "kind": "grandmaster"}],
        "options": {"rounds": 99, "open_hands": True, "gone": 1},
    }
    choices = remembered_choices(highcard, saved)
    assert choices["players"] == 2  # 9 is out of range: the default stays
    assert choices["seats"][0] == {"name": "Zoe", "kind": "human"}
    assert choices["seats"][1] == {"name": "Bot 2", "kind": "medium"}
    assert choices["options"] == {"open_hands": True}
    assert remembered_choices(highcard, "garbage") == default_choices(highcard)

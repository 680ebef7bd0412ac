"""The new-game form built from config models, and the remembered choices."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field

from tabletop_tui.engine.core import GameConfig
from tabletop_tui.engine.registry import games
from tabletop_tui.ui.frame import GameScreen
from tabletop_tui.ui.setup import (
    SetupScreen,
    applicable_fields,
    applies_when,
    default_choices,
    field_specs,
    pref_key,
    remembered_choices,
)
from tests.ui.conftest import settle


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


# ---- fields that apply to the chosen player count and mode --------------------------------


def test_mezo_fields_follow_the_player_count_and_mode():
    mezo = games()["mezo"]
    gods = {"god_1", "god_2", "god_3", "god_4"}
    modules = {"cities", "rituals", "prophecies", "cenote", "tribe_powers"}
    three = applicable_fields(mezo, 3, {})
    assert gods & three == {"god_1", "god_2", "god_3"}  # no God 4 with 3 players
    assert modules <= three and not {"difficulty", "vengeful_offset"} & three
    solo = applicable_fields(mezo, 1, {"cities": True})
    assert {"god_1", "difficulty"} <= solo and not (modules | {"god_2"}) & solo
    assert "vengeful_offset" not in solo  # only with the custom difficulty
    assert "vengeful_offset" in applicable_fields(mezo, 1, {"difficulty": "custom"})
    # A custom difficulty remembered from solo does not bring the offset to a 4-player game.
    four = applicable_fields(mezo, 4, {"difficulty": "custom"})
    assert gods <= four and "vengeful_offset" not in four


def test_maeshowe_fear_of_the_dark_only_with_two_and_passages_only_custom():
    mae = games()["maeshowe"]
    assert "fear_of_the_dark" not in applicable_fields(mae, 1, {})
    assert "fear_of_the_dark" in applicable_fields(mae, 2, {})
    assert "passages" not in applicable_fields(mae, 2, {"difficulty": "hard"})
    assert "passages" in applicable_fields(mae, 1, {"difficulty": "custom"})


def test_a_remembered_option_that_no_longer_applies_is_dropped():
    mae = games()["maeshowe"]
    saved = {"players": 1, "options": {"fear_of_the_dark": True, "horror_hope": True}}
    assert remembered_choices(mae, saved)["options"] == {"horror_hope": True}
    saved["players"] = 2
    assert remembered_choices(mae, saved)["options"]["fear_of_the_dark"] is True


def test_every_declared_condition_names_a_field_or_the_table():
    for info in games().values():
        names = {s.name for s in field_specs(info.config_model)}
        modes = {m.id for m in info.modes}
        for field, rules in applies_when(info.config_model).items():
            assert field in names, f"{info.id}: {field} is not an option"
            for key, allowed in rules.items():
                assert key in names | {"players", "mode"}, f"{info.id}.{field}: {key}"
                if key == "mode":
                    assert set(allowed) <= modes, f"{info.id}.{field}: {allowed}"


def _shown(setup: SetupScreen) -> set[str]:
    return {s.name for s in setup.specs if setup.query_one(f"#opt-row-{s.name}").display}


async def test_form_hides_and_resets_fear_of_the_dark_when_going_solo(make_app, store):
    app = make_app()
    saved = {"players": 2, "options": {"fear_of_the_dark": True, "horror_hope": True}}
    store.set_pref(pref_key("maeshowe"), saved)
    async with app.run_test(size=(100, 40)) as pilot:
        app.open_setup("maeshowe")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert "fear_of_the_dark" in _shown(setup)
        assert setup.query_one("#opt-fear_of_the_dark").value is True
        setup.query_one("#players").value = 1
        await pilot.pause()
        assert "fear_of_the_dark" not in _shown(setup)
        assert setup.query_one("#opt-fear_of_the_dark").value is False  # reset, not kept
        setup.query_one("#seed").value = "7"
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen), "Start was blocked"
        config = game.session.state.config
        assert (config.players, config.fear_of_the_dark, config.horror_hope) == (1, False, True)


async def test_form_shows_mezo_fields_for_each_player_count(make_app):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        app.open_setup("mezo")
        await pilot.pause()
        setup = app.screen
        players = setup.query_one("#players")
        players.value = 3
        await pilot.pause()
        shown = _shown(setup)
        assert "god_4" not in shown and "cities" in shown and "difficulty" not in shown
        setup.query_one("#opt-cities").value = True
        players.value = 1
        await pilot.pause()
        shown = _shown(setup)
        assert "difficulty" in shown and "cities" not in shown and "god_2" not in shown
        assert setup.query_one("#opt-cities").value is False
        assert "vengeful_offset" not in shown
        setup.query_one("#opt-difficulty").value = "custom"
        await pilot.pause()
        assert "vengeful_offset" in _shown(setup)
        players.value = 4
        await pilot.pause()
        shown = _shown(setup)
        assert {"god_4", "cities"} <= shown and not {"difficulty", "vengeful_offset"} & shown
        assert setup.query_one("#opt-difficulty").value == "standard"

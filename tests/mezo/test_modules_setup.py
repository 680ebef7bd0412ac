"""The module switches, their data (D13-D16) and their setup (A3.10, C0)."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from tabletop_tui.assets import load_json
from tabletop_tui.cli import CliError, build_config
from tabletop_tui.games.mezo import GAME
from tabletop_tui.games.mezo.data import load_module_data
from tabletop_tui.games.mezo.modules import MODULES
from tabletop_tui.games.mezo.rules import MezoConfig

from .module_helpers import ALL, mod_state, to_kind


def test_each_module_is_a_described_bool_switch_off_by_default():
    fields = MezoConfig.model_fields
    for m in MODULES:
        assert fields[m].annotation is bool
        assert fields[m].default is False
        assert len(fields[m].description) > 30
    assert MODULES == ("cities", "rituals", "prophecies", "cenote", "tribe_powers")


@pytest.mark.parametrize("module", MODULES)
def test_no_module_in_solo(module):
    with pytest.raises(ValidationError, match="not designed for the solo game"):
        MezoConfig.model_validate({"players": 1, module: True})
    MezoConfig.model_validate({"players": 1})  # solo itself is fine
    for players in (2, 3, 4):
        MezoConfig.model_validate({"players": players, module: True})


def test_solo_refusal_names_the_modules_on_the_command_line():
    with pytest.raises(CliError, match="Cities, Sacred Cenote") as err:
        build_config(GAME, 1, ["cities=true", "cenote=true"])
    assert "solo" in str(err.value)
    cfg = build_config(GAME, 3, ["cities=true", "tribe_powers=true"])
    assert cfg.cities and cfg.tribe_powers and not cfg.rituals


def test_ritual_data_matches_d13():
    md = load_module_data()
    rituals = {r.id: r for r in md.rituals}
    assert sorted(rituals) == [f"RI{i:02d}" for i in range(1, 13)]
    steps = {rid: (r.step, r.kind) for rid, r in rituals.items()}
    assert steps["RI01"] == ("tribe", "one_time")
    assert steps["RI10"] == steps["RI11"] == ("end_of_age", "one_time")
    assert {steps[f"RI{i:02d}"] for i in (2, 3)} == {("tribe", "modifier")}
    assert {steps[f"RI{i:02d}"] for i in (4, 5)} == {("god", "modifier")}
    assert {steps[f"RI{i:02d}"] for i in (6, 7, 8, 9, 12)} == {("conflict", "modifier")}
    assert rituals["RI02"].modifier == {"deploy_cap": 4}
    assert rituals["RI03"].modifier == {"deploy_cap": 2}
    assert rituals["RI04"].modifier == {"call_times": 2}
    assert rituals["RI05"].modifier["call_replaced_by"][0].op == "devotion"
    assert rituals["RI06"].modifier == {"smite_bonus": 1}
    assert rituals["RI07"].modifier == {"strength_winner_vp": 2}
    assert rituals["RI09"].modifier == {"strength_tie": "fewest_vp"}
    assert rituals["RI12"].modifier == {"extra_devotion_per_sacrificed_unit": 1}
    assert rituals["RI01"].steps[0].op == "discard_unit"
    assert rituals["RI01"].steps[0].else_[0].unit == "shaman"
    assert md.ritual_draw == 3


def test_records_carry_sources():
    raw = load_json("mezo", "rituals.json")
    by_id = {r["id"]: r["source"] for r in raw["rituals"]}
    assert by_id.pop("RI01") == "rulebook"  # the seed's own example
    assert set(by_id.values()) == {"designed"}
    raw = load_json("mezo", "prophecies.json")
    assert {p["source"] for p in raw["prophecies"]} == {"designed"}
    assert raw["monument"]["source"] == "designed"
    raw = load_json("mezo", "tribe_powers.json")
    assert {p["source"] for p in raw["tribe_powers"]} == {"rulebook"}
    assert load_json("mezo", "modules.json")["source"] == "rulebook"


def test_prophecy_tribe_power_city_and_cenote_data_match_d14_to_d16():
    md = load_module_data()
    assert len(md.prophecies) == 12 and md.prophecy_draw == 3
    assert md.prophecy_vp == 3 and md.monument_vp == 6
    conds = {p.id: (p.condition, p.n) for p in md.prophecies}
    assert conds["PR06"] == ("won_this_conflict_with_strength_at_least", 7)
    assert conds["PR07"] == ("devotion_at_least", 10)
    texts = [t for p in md.powers for t in p.texts]
    assert texts == [
        "BUILD 1 Glyph in this Conflict.",
        "EXILE 1 unit from this Conflict.",
        "AWAKEN 1 unit to this Conflict.",
        "Gain 1 Strength in this Conflict.",
        "SMITE 1 unit in this Conflict.",
        "DEMOLISH 1 Glyph in this Conflict.",
        "MOVE 1 of your units from this Conflict to any Region.",
        "RECOVER 2 units.",
        "DEPLOY 1 unit to this Conflict.",
        "Gain 2 faith.",
    ]
    tp3 = md.power("TP3")
    assert tp3.steps[1][0].what == "glyph"
    assert md.power("TP4").steps[0][0].region == "pending"
    assert md.city_tokens == 5 and md.city_deploy == 1 and md.city_champion
    assert md.city_destroyer_vp == 1 and md.city_end_vp == 3
    assert [(s.op, s.n) for s in md.cenote_bonus] == [("devotion", 3)]


def test_module_setup_draws_after_the_base_game():
    """A3.10 / A14.10: switching modules on leaves every base-game draw unchanged."""
    for seed in range(4):
        base = to_kind(mod_state(3, seed), "ability")
        full = to_kind(mod_state(3, seed, **ALL), "ability")
        for attr in ("ring", "inplay", "altar", "wrath_tiles", "deck", "conflict_stack"):
            assert getattr(base, attr) == getattr(full, attr), attr


def test_module_setup_deals_the_decks_and_tokens():
    st = mod_state(4, 3, **ALL)
    st = to_kind(st, "city")
    md = st.mdata
    assert len(st.ritual_deck) == 3 and len(set(st.ritual_deck)) == 3
    assert len(st.prophecy) == 3 and len(set(st.prophecy)) == 3
    assert st.proph_level == (0, 0, 0, 0) and st.monument == -1
    tokens = list(st.power_token)
    assert None not in tokens and len(set(tokens)) == 4
    assert set(tokens) <= {p.id for p in md.powers}
    assert st.power_used == (False,) * 4
    # seeds deal different Rituals
    decks = {
        to_kind(mod_state(2, seed, rituals=True), "ability").rituals_seen for seed in range(12)
    }
    assert len(decks) > 6


def test_a_game_without_modules_has_no_module_state():
    st = to_kind(mod_state(2, 1), "ability")
    assert st.view(None)["modules"] == {"on": []}
    assert st.ritual is None and st.prophecy == () and st.power_token == (None, None)
    assert st.city == (-1, -1) and st.cenote == -1


def test_the_ritual_deck_is_hidden_and_redealt_for_bots():
    st = to_kind(mod_state(3, 5, rituals=True), "ability")
    assert st.ritual is not None and len(st.ritual_deck) == 2
    for seat in (0, 1, 2, None):
        text = json.dumps(st.view(seat))
        assert all(rid not in text for rid in st.ritual_deck)
    assert st.view(0)["modules"]["ritual"]["deck"] == 2
    seen = set()
    for k in range(20):
        sample = st.sample(0, random.Random(k))
        assert st.ritual.id not in sample.ritual_deck
        assert len(set(sample.ritual_deck)) == 2
        seen.add(sample.ritual_deck)
    assert len(seen) > 5


def test_the_cenote_bonus_must_be_automatic():
    from tabletop_tui.games.mezo.data import CenoteModel

    good = {"placed_by": "first_in_vp_order", "when": "start_of_age", "removed_at": "end_of_age"}
    CenoteModel.model_validate({**good, "winner_bonus": [{"op": "devotion", "n": 3}]})
    with pytest.raises(ValidationError, match="only give VP or Devotion"):
        CenoteModel.model_validate({**good, "winner_bonus": [{"op": "recover", "n": 1}]})

"""Every view a game returns has exactly the shape its TypedDict declares, and two seats'
views differ only in keys the type marks as the viewer's own or private.

Games are played by bots from fixed seeds (bounded in steps); at every decision the views of
every seat and of a spectator are checked: no missing key, no undeclared key, every value of
its declared type (strictly: a bool is not an int). The checker itself is tested first, on
hand-made values and on a game whose view returns a key its type does not declare.
"""

from __future__ import annotations

import typing
from typing import Any, TypedDict

import pytest

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.engine.conformance import check_view_shapes
from tabletop_tui.engine.core import GameState
from tabletop_tui.engine.registry import get_game
from tabletop_tui.engine.views import (
    ForViewer,
    Private,
    shape_errors,
    unwrap,
    view_type,
)
from tabletop_tui.games.maeshowe.views import MaeshoweView
from tabletop_tui.games.mesos.views import EventCard, MesosView
from tabletop_tui.games.mezo.views import MezoView
from tabletop_tui.games.mezo.views import Tribe as MezoTribe
from tests.bounded import bounded
from tests.fixture_game import HighCard, HighCardView

# Steps per game: far above these configurations' longest game (a 4-player Mezo game with
# every module takes about 400 decisions).
STEPS = 3000

CONFIGS = [
    *(("mesos", {"players": n}) for n in (2, 3, 4, 5)),
    ("mesos", {"players": 3, "expert": True}),
    ("mezo", {"players": 2}),
    ("mezo", {"players": 3, "god_1": "xolotl", "god_2": "zotz", "god_3": "cabrakan"}),
    (
        "mezo",
        {
            "players": 4,
            "cities": True,
            "rituals": True,
            "prophecies": True,
            "cenote": True,
            "tribe_powers": True,
        },
    ),
    ("mezo", {"players": 1}),
    ("mezo", {"players": 1, "god_1": "zotz", "difficulty": "custom", "vengeful_offset": 7}),
    ("maeshowe", {"players": 1}),
    ("maeshowe", {"players": 2}),
    ("maeshowe", {"players": 2, "fear_of_the_dark": True}),
    (
        "maeshowe",
        {
            "players": 2,
            "fear_of_the_dark": True,
            "gluttony_garner": True,
            "crumble_conservation": True,
            "horror_hope": True,
        },
    ),
]


def check_views(state: GameState) -> None:
    assert view_type(type(state)) is not None, f"{type(state).__name__}.view declares no type"
    check_view_shapes(state)


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=lambda x: str(x))
def test_every_view_of_a_played_game_fits_its_type(game: str, options: dict[str, Any]) -> None:
    info = get_game(game)
    config = info.state_class.config_model(**options)
    # Maeshowe games are short, and random seats lose them within a few turns: several
    # games, by seats that play on, reach the later steps (looks, gifts, an empty deck).
    levels, seeds = (
        (("medium", "easy"), range(4)) if game == "maeshowe" else (("random", "easy"), [3])
    )
    decisions = 0
    for seed in seeds:
        state = info.state_class.new(config, seed)
        bots = [info.bot(levels[s % 2]) for s in range(state.players)]
        rngs = [bot_rng(seed, s) for s in range(state.players)]
        for _ in bounded(STEPS, f"{game} {options}"):
            check_views(state)
            decision = state.decision()
            if decision is None:
                break
            state.apply(bots[decision.seat].choose(context_for(state, rngs[decision.seat])))
            decisions += 1
        assert state.result() is not None
    assert decisions >= 20  # the games went beyond their opening


def test_the_games_declare_their_view_types() -> None:
    assert view_type(get_game("mesos").state_class) is MesosView
    assert view_type(get_game("mezo").state_class) is MezoView
    assert view_type(get_game("maeshowe").state_class) is MaeshoweView
    assert view_type(HighCard) is HighCardView


def test_the_markers_sit_on_the_advice_and_the_secrets() -> None:
    def marked(typed_dict: Any, marker: object) -> set[str]:
        hints = typing.get_type_hints(typed_dict, include_extras=True)
        return {k for k, h in hints.items() if marker in unwrap(h)[1]}

    assert marked(MesosView, ForViewer) == {"viewer", "viewer_costs"}
    assert marked(MesosView, Private) == set()  # every Mesos view is public
    assert marked(MaeshoweView, ForViewer) == {"viewer", "viewer_mad_risks"}
    assert marked(MaeshoweView, Private) == {"hands", "known_top", "unseen", "looking", "received"}
    assert marked(MezoView, ForViewer) == {"viewer"}
    assert marked(MezoView, Private) == set()  # the secrets are inside each tribe
    assert marked(MezoTribe, Private) == {"card", "offer_pending"}


# ---- the checker ---------------------------------------------------------------------------


def test_the_checker_finds_missing_undeclared_and_mistyped_keys() -> None:
    good = {"round": 1, "scores": [0, 2], "hands": [[3, None], [None, None]], "played": [True]}
    assert shape_errors(good, HighCardView) == []
    missing = {k: v for k, v in good.items() if k != "scores"}
    assert shape_errors(missing, HighCardView) == ["view: missing key 'scores'"]
    extra = {**good, "bonus": 1}
    assert shape_errors(extra, HighCardView) == ["view: undeclared key 'bonus'"]
    assert shape_errors({**good, "round": True}, HighCardView) == [
        "view['round']: True is not a int"
    ]
    assert shape_errors({**good, "scores": (0, 2)}, HighCardView) == [
        "view['scores']: tuple is not a list"
    ]
    assert shape_errors({**good, "hands": [["3"]]}, HighCardView)


def test_the_checker_reads_optional_keys_and_unions() -> None:
    event = {
        "id": "E1",
        "kind": "event",
        "type": "hunt",
        "letter": "H",
        "era": 1,
        "final": False,
        "short": "Hunt I",
        "text": "…",
        "name": "Hunt I",
        "era_label": "I",
        "facts": [],
    }
    assert shape_errors(event, EventCard) == []
    assert shape_errors({**event, "pp_per_hunter": 2}, EventCard) == []
    assert shape_errors({**event, "pp_per_hunter": "2"}, EventCard) != []


def test_a_view_returning_an_undeclared_key_is_caught() -> None:
    class Leaky(HighCard):
        def view(self, seat: int | None) -> HighCardView:
            out = dict(super().view(seat))
            out["deck"] = list(self.deck)  # not declared: nobody decided whether it is secret
            return out  # type: ignore[return-value]

    state = Leaky.new(Leaky.config_model(players=2), 1)
    with pytest.raises(AssertionError, match="undeclared key 'deck'"):
        check_views(state)


class CarelessView(TypedDict):
    round: int
    scores: list[int]
    hands: list[list[int | None]]  # the Private marker forgotten
    played: list[bool]


def test_an_unmarked_secret_is_caught() -> None:
    class Careless(HighCard):
        def view(self, seat: int | None) -> CarelessView:
            return super().view(seat)  # type: ignore[return-value]

    state = Careless.new(Careless.config_model(players=2), 1)
    with pytest.raises(AssertionError, match=r"differ in keys not marked.*'hands'"):
        check_views(state)
    check_views(HighCard.new(HighCard.config_model(players=2), 1))  # marked: it passes

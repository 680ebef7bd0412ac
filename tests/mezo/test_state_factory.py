"""One factory builds every Mezo state: ``MezoState.new`` picks the solo class for one player."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.record import GameRecord
from tabletop_tui.games.mezo import GAME
from tabletop_tui.games.mezo.rules import MezoState
from tabletop_tui.games.mezo.solo import SoloState


@pytest.mark.parametrize("players, cls", [(1, SoloState), (2, MezoState), (4, MezoState)])
def test_the_factory_picks_the_class_by_players(players, cls):
    config = GAME.make_config(players, {})
    for st in (MezoState.new(config, 3), GAME.state_class.new(config, 3)):
        assert type(st) is cls
        assert len(st.vp) == (2 if players == 1 else players)  # the Vengeful gods' tribe


def test_replay_and_undo_keep_the_solo_class():
    st = MezoState.new({"players": 1}, 5)
    for _ in range(6):
        st.apply(st.decision().options[-1].id)
    again = GAME.state_class.replay(st.config, st.seed, list(st.history))
    assert type(again) is SoloState and again == st
    assert type(st.undone()) is SoloState


def test_a_solo_game_built_without_the_factory_says_how_to_build_it():
    with pytest.raises(TypeError, match="MezoState.new"):
        MezoState(GAME.make_config(1, {}), 1)


def test_a_saved_solo_game_loads_as_a_solo_game():
    st = MezoState.new({"players": 1, "difficulty": "hard"}, 8)
    for _ in range(5):
        st.apply(st.decision().options[0].id)
    record = GameRecord.from_json(GameRecord.of(st).to_json())
    for loaded in (record.load(), record.verify()):
        assert type(loaded) is SoloState and loaded == st

"""The heuristic bot in the player's seat of a solo game."""

from __future__ import annotations

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.engine.conformance import play_checked
from tabletop_tui.games.mezo import GAME
from tabletop_tui.games.mezo.bots import hard, tribe_value
from tabletop_tui.games.mezo.solo import PLAYER, VG
from tabletop_tui.games.mezo.solo_eval import (
    expected_try,
    first_action,
    task_side_value,
    tie_owner,
)

from .helpers import REG
from .solo_helpers import at_action, solo


def test_every_bot_level_finishes_a_solo_game():
    for level, god in (("easy", "ah_puch"), ("medium", "uayeb"), ("hard", "zotz")):
        st = play_checked(GAME, {"players": 1, "god_1": god}, 31, deep_every=60, levels=[level])
        res = st.result()
        assert res.cooperative and res.won is not None


def test_the_bot_does_not_read_the_hidden_vengeful_order():
    a = at_action(0)
    b = a.clone()
    b.vg_deck = list(reversed(b.vg_deck))
    assert a.view(PLAYER) == b.view(PLAYER)
    bot = hard()
    choice_a = bot.choose(context_for(a, bot_rng(4, 0)))
    choice_b = bot.choose(context_for(b, bot_rng(4, 0)))
    assert choice_a == choice_b


def test_first_action_expectation_covers_every_unseen_card():
    st = at_action(0)
    assert first_action(st, "action") and not first_action(st, "keep_card")
    tried: list[str] = []

    class Probe:
        complete = False

        def _try(self, child, seat, oid, complete):
            tried.append(child.vg_deck[0])
            return 1.0 if child.vg_deck[0] == "VG2" else 0.0

    value = expected_try(Probe(), st, PLAYER, "play:a")  # type: ignore[arg-type]
    assert sorted(tried) == sorted(st.vg_deck) and abs(value - 1 / 6) < 1e-9
    st.apply("pass:a:devotion")
    assert not first_action(st, "action")  # the card is revealed: no more guessing


def test_ties_and_tasks_in_the_bots_eyes():
    st = at_action(0)
    assert tie_owner(st, REG["A"]) == PLAYER  # your Champion's region
    assert tie_owner(st, REG["B"]) == VG
    st.task_card, st.task_side, st.task_tokens = 1, "B", [0, 0]
    base = tribe_value(st, PLAYER)
    st.task_tokens = [2, 0]
    assert tribe_value(st, PLAYER) > base + 8
    vg = tribe_value(st, VG)
    st.vg_codex[0] = 1
    st.reserve[VG * 2 + 1] -= 1
    assert tribe_value(st, VG) > vg + 1.5


def test_task_side_value_compares_both_goals():
    st = solo(0)
    st.task_card = 2
    a, b = task_side_value(st, "task:A"), task_side_value(st, "task:B")
    assert a != b and -15 < a < 15 and -15 < b < 15

"""Every card's played and discarded effect, and the solo rulings of the notes (1-12)."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.core import IllegalMove
from tabletop_tui.games.maeshowe.data import BLUE, RED
from tabletop_tui.games.maeshowe.rules import FIRST, draw_odds

from .helpers import ids, pile_ids, play, position, top_ids

ALL = {"gluttony_garner": True, "crumble_conservation": True, "horror_hope": True}


def test_instance_ids_and_deck_make_up():
    s = position()
    assert s.cat.size == 36
    reds = sum(1 for c in range(36) if s.cat.rune[c] == RED)
    assert reds == 18
    assert sum(s.cat.excavate) == 16
    full = position({"players": 1, **ALL})
    assert full.cat.size == 45
    assert {"gl-r1", "gl-b1", "ga-r1", "cr-r1", "cr-b1", "cn-b1", "ho-x1", "ho-x2", "hp-n1"} <= set(
        full.cat.ids
    )


# ---- core cards ------------------------------------------------------------------------


def test_treasure_played_and_discarded():
    s = position(hand=["tr-r1", "tr-r2", "ex-r1"], health=[4])
    play(s, "play:tr-r1")
    assert s.health == [2]
    play(s, "discard:tr-r2")
    assert s.health == [1]
    assert pile_ids(s) == ["tr-r2"]


def test_collapse_adds_passages_up_to_the_start():
    s = position(hand=["pc-r1", "pc-r2", "ex-r1"], health=[4], passages=3)
    s.passages = 2
    play(s, "play:pc-r1")
    assert s.health == [2]
    assert s.passages == 3  # +2 capped at the 3 the game started with
    play(s, "discard:pc-r2")
    assert s.health == [1]


def test_eat_spends_chosen_food_for_health_capped():
    s = position(hand=["ea-r1", "go-r1", "ex-r1"], health=[2], food=3)
    play(s, "play:ea-r1")
    d = s.decision()
    assert d.kind == "eat" and d.ids == ["eat:0", "eat:1", "eat:2", "eat:3"]
    play(s, "eat:3")
    assert s.food == 0 and s.health == [4]  # 2 + 3 capped at 4: the extra point is lost
    # With no food there is nothing to choose.
    s = position(hand=["ea-r1", "go-r1", "ex-r1"], health=[2], food=0)
    play(s, "play:ea-r1")
    assert s.decision().kind == "second"


def test_eat_zero_keeps_food():
    s = position(hand=["ea-r1", "go-r1", "ex-r1"], health=[2], food=2)
    play(s, "play:ea-r1", "eat:0")
    assert s.food == 2 and s.health == [2]


def test_raven_and_sleep_heal_up_to_maximum():
    s = position(hand=["ra-r1", "sl-b1", "ex-r1"], health=[3])
    play(s, "play:ra-r1")
    assert s.health == [4]
    s = position(hand=["ra-r1", "sl-b1", "ex-r1"], health=[1])
    play(s, "play:sl-b1")
    assert s.health == [2]
    play(s, "discard:ra-r1")  # no discard effect
    assert s.health == [2]


def test_run_out_of_food():
    s = position(hand=["rf-r1", "rf-r2", "ex-r1"], food=3, health=[4])
    play(s, "play:rf-r1")
    assert s.food == 0
    play(s, "discard:rf-r2")
    assert s.health == [3]


def test_goose_food_capped_at_four():
    s = position(hand=["go-r1", "go-b1", "ex-r1"], food=4)
    play(s, "play:go-r1")
    assert s.food == 4
    s = position(hand=["go-r1", "go-b1", "ex-r1"], food=1)
    play(s, "play:go-r1", "discard:go-b1")
    assert s.food == 2


def test_excavate_discard_has_no_effect_and_keeps_chain():
    s = position(hand=["ex-r1", "ex-r2", "tr-r1"], chain=[RED])
    play(s, "discard:ex-r1", "play:ex-r2")
    assert s.chain == [RED, RED]


# ---- expansion cards -------------------------------------------------------------------


def test_horror_discarded_costs_health_and_food():
    s = position({"players": 1, **ALL}, hand=["ho-x1", "ex-r1", "tr-r1"], food=2, health=[3])
    play(s, "play:ex-r1", "discard:ho-x1")
    assert s.health == [2] and s.food == 1


def _sorted_shuffles(s):
    """Make every shuffle put the lowest instances on top, so draws are predictable."""
    s._shuffle = lambda cards: cards.sort(reverse=True)  # type: ignore[method-assign]
    return s


def test_horror_played_first_can_bring_madness_twice():
    """The rulebook's hint: Horror played before the discard, then the usual discard, draw
    and check, which can make you mad a second time in one turn."""
    s = _sorted_shuffles(
        position(
            {"players": 1, **ALL},
            hand=["ho-x1", "ex-r1", "ex-r2", "ex-r3", "ex-r4"],
            pile=["go-b1"],
            deck=["ex-r5", "ex-r6", "ex-r7", "ex-r8"],
            rest="row",
            health=[4],
        )
    )
    play(s, "play:ho-x1")
    assert s.max_health == [3] and s.health == [3] and s.mad_count == [1]
    # The new hand is five red Excavates: not checked now (the draw after madness never is).
    assert ids(s) == ["ex-r1", "ex-r2", "ex-r3", "ex-r4", "ex-r5"] and s.piles[0] == []
    d = s.decision()
    assert d.kind == "second" and all(o.id.startswith("discard:") for o in d.options)
    play(s, "discard:ex-r1")
    # Drew ex-r6: five red cards after the end-of-turn draw, so madness strikes again.
    assert s.mad_count == [2] and s.max_health == [2] and s.health == [2]
    assert s.decision().kind == "first"


def test_horror_played_after_the_discard_skips_the_check():
    """Horror played second: the madness draw is the hand the turn ends with, and a hand
    drawn by going mad is never checked."""
    s = _sorted_shuffles(
        position(
            {"players": 1, **ALL},
            hand=["go-b1", "ho-x1", "ex-r1", "ex-r2", "ex-r3"],
            deck=["ex-r4", "ex-r5", "ex-r6", "ex-r7", "ex-r8"],
            rest="row",
            health=[4],
        )
    )
    play(s, "discard:go-b1", "play:ho-x1")
    assert ids(s) == ["ex-r1", "ex-r2", "ex-r3", "ex-r4", "ex-r5"]
    assert s.mad_count == [1] and s.max_health == [3]
    assert s.decision().kind == "first" and s.turn_no == 2


def test_horror_matches_both_runes_in_the_check():
    s = position({"players": 1, **ALL})
    h = s.cat.index
    assert s.is_mad_hand([h["ho-x1"], h["ex-r1"], h["ex-r2"], h["tr-r1"], h["go-r1"]])
    assert s.is_mad_hand([h["ho-x1"], h["ex-b1"], h["ex-b2"], h["tr-b1"], h["go-b1"]])
    assert not s.is_mad_hand([h["ho-x1"], h["ex-b1"], h["ex-r2"], h["tr-b1"], h["go-b1"]])


def test_crumble_played_mills_five_without_effects():
    s = position(
        {"players": 1, **ALL},
        hand=["cr-r1", "ex-r1", "tr-r1"],
        deck=["tr-r2", "tr-r3", "ho-x1", "ex-b1", "ex-b2", "ex-b3"],
        health=[4],
        food=2,
    )
    play(s, "play:cr-r1")
    assert pile_ids(s) == ["tr-r2", "tr-r3", "ho-x1", "ex-b1", "ex-b2"]
    assert s.health == [4] and s.food == 2  # no discard effects
    assert top_ids(s, 1) == ["ex-b3"]


def test_crumble_discard_only_after_play_and_empties_hand():
    s = position({"players": 1, **ALL}, hand=["cr-r1", "ex-r1", "tr-r1", "tr-r2"], health=[4])
    assert "discard:cr-r1" not in s.decision().ids
    play(s, "play:ex-r1")
    assert "discard:cr-r1" in s.decision().ids
    play(s, "discard:cr-r1")
    assert sorted(pile_ids(s)) == ["cr-r1", "tr-r1", "tr-r2"]
    assert s.health == [4]  # the Treasures did nothing
    assert len(s.hands[0]) == 5  # drew a new hand


def test_hope_played_as_chosen_rune():
    s = position({"players": 1, **ALL}, hand=["hp-n1", "ex-r1", "tr-r1"], chain=[BLUE] * 3)
    play(s, "play:hp-n1")
    assert s.decision().ids == ["rune:red", "rune:blue"]
    play(s, "rune:blue")
    assert s.chain == [] and s.passages == s.passages_start - 2
    assert s.view(0)["row"][-1]["as"] == "blue"


def test_hope_never_goes_mad():
    s = position({"players": 1, **ALL})
    h = s.cat.index
    assert not s.is_mad_hand([h["hp-n1"], h["ex-r1"], h["ex-r2"], h["tr-r1"], h["go-r1"]])
    kept = [s.cat.rune[h["hp-n1"]], RED, RED]
    assert draw_odds(kept, [], [RED] * 10, 2) == 0.0


def test_hope_discarded_looks_at_top_two():
    s = position(
        {"players": 1, **ALL}, hand=["hp-n1", "ex-r1", "tr-r1"], deck=["ra-r1", "tr-b1", "go-r1"]
    )
    play(s, "play:ex-r1", "discard:hp-n1")
    d = s.decision()
    assert d.kind == "look"
    assert d.ids == [
        "look:none",
        "look:ra-r1",
        "look:tr-b1",
        "look:ra-r1,tr-b1",
        "look:tr-b1,ra-r1",
    ]
    assert [c["id"] for c in s.view(0)["looking"]] == ["ra-r1", "tr-b1"]
    play(s, "look:tr-b1,ra-r1")  # both back, Treasure on top; no discard effects
    # The turn ended: the draw takes Treasure, then Raven.
    assert ids(s)[1:3] == ["tr-b1", "ra-r1"]


def test_hope_look_discard_and_keep_known_on_top():
    s = position(
        {"players": 1, **ALL},
        hand=["hp-n1", "ex-r1", "tr-r1"],
        deck=["tr-b1", "ra-r1", "go-r1", "go-b1"],
    )
    play(s, "discard:hp-n1", "look:ra-r1")
    assert pile_ids(s) == ["hp-n1", "tr-b1"]
    assert s.health == [4]
    assert [c["id"] for c in s.view(0)["known_top"]] == ["ra-r1"]
    # Knowledge is kept by a re-deal for the bot.
    import random

    sample = s.determinize(0, random.Random(5))
    assert sample.deck[-1] == s.cat.index["ra-r1"]


def test_conservation_played_takes_from_row_and_breaks_chain():
    s = position(
        {"players": 1, **ALL}, hand=["cn-b1", "tr-r1", "go-r1"], row=["ra-r1", "ex-r1"], chain=[RED]
    )
    play(s, "play:cn-b1")
    d = s.decision()
    assert d.ids == ["take:ra-r1", "take:ex-r1", "take:none"]  # not itself
    assert s.chain == []
    play(s, "take:ra-r1")
    assert "ra-r1" in ids(s) and s.cat.index["ra-r1"] not in s.row


def test_conservation_discarded_takes_from_discards():
    s = position({"players": 1, **ALL}, hand=["cn-b1", "ex-r1", "go-r1"], pile=["ra-r1"])
    play(s, "discard:cn-b1")
    assert s.decision().ids == ["take:ra-r1", "take:none"]
    play(s, "take:ra-r1")
    assert "ra-r1" in ids(s)


def test_gluttony_played_and_discard_needs_food():
    s = position({"players": 1, **ALL}, hand=["gl-r1", "gl-b1", "ex-r1"], food=0, health=[4])
    assert "discard:gl-r1" not in s.decision().ids
    play(s, "play:gl-r1")
    assert s.health == [2]
    assert s.decision().ids == ["discard:ex-r1"]
    s = position({"players": 1, **ALL}, hand=["gl-r1", "ex-r1", "tr-r1"], food=3)
    play(s, "discard:gl-r1")
    assert s.food == 0


def test_garner_played_spends_food_and_returns_cards():
    s = position(
        {"players": 1, **ALL},
        hand=["ga-r1", "tr-r1", "go-r1"],
        pile=["ex-r1", "ex-r2", "ra-r1"],
        food=3,
    )
    deck_before = len(s.deck)
    play(s, "play:ga-r1")
    assert s.decision().ids == ["spend:0", "spend:1", "spend:2", "spend:3"]
    play(s, "spend:1")
    assert s.food == 2
    d = s.decision()
    assert d.kind == "return" and "return:done" in d.ids
    play(s, "return:ex-r1", "return:ra-r1")  # two cards for one food, then it stops
    assert s.decision().kind == "second"
    assert pile_ids(s) == ["ex-r2"]
    assert len(s.deck) == deck_before + 2


def test_garner_discarded_gains_food_and_zero_food_only_shuffles():
    s = position({"players": 1, **ALL}, hand=["ga-r1", "ex-r1", "tr-r1"], food=1)
    play(s, "discard:ga-r1")
    assert s.food == 2
    s = position({"players": 1, **ALL}, hand=["ga-r1", "ex-r1", "tr-r1"], food=0)
    before = sorted(s.deck)
    play(s, "play:ga-r1")
    assert s.decision().kind == "second" and sorted(s.deck) == before


# ---- rulings 1-12 ----------------------------------------------------------------------


def test_r1_either_order_and_instant_loss():
    s = position(hand=["ra-r1", "tr-r1", "ex-r1"], health=[4])
    ids_first = s.decision().ids
    assert "play:ra-r1" in ids_first and "discard:tr-r1" in ids_first
    # Order matters at the cap: discard first then heal ends at 4; heal first ends at 3.
    a = play(position(hand=["ra-r1", "tr-r1", "ex-r1"], health=[4]), "discard:tr-r1", "play:ra-r1")
    b = play(position(hand=["ra-r1", "tr-r1", "ex-r1"], health=[4]), "play:ra-r1", "discard:tr-r1")
    assert a.health == [4] and b.health == [3]
    s = position(hand=["tr-r1", "ra-r1", "ex-r1"], health=[2])
    play(s, "play:tr-r1")
    assert s.is_over() and s.result().won is False


def test_r2_no_effect_cards_are_options():
    s = position(hand=["ex-r1", "sl-b1", "go-r1"])
    assert {"discard:ex-r1", "discard:sl-b1", "discard:go-r1"} <= set(s.decision().ids)


def test_r3_cannot_play_and_discard_loses():
    s = position(hand=["ex-r1"])
    s._start_turn(0)
    assert s.is_over() and "cannot both play and discard" in s.end_reason
    s = position({"players": 1, **ALL}, hand=["gl-r1", "gl-b1"], food=0)
    s._start_turn(0)
    assert s.is_over()
    s = position({"players": 1, **ALL}, hand=["gl-r1", "go-r1"], food=0)
    s._start_turn(0)
    assert not s.is_over()  # play Goose, then Gluttony can go


def test_r3_a_first_card_that_leaves_no_second_loses():
    s = position({"players": 1, **ALL}, hand=["gl-r1", "rf-r1"], food=1)
    labels = {o.id: o.label for o in s.decision().options}
    assert "you lose" in labels["play:rf-r1"]  # the option says so
    assert "you lose" not in labels["play:gl-r1"]
    play(s, "play:rf-r1")
    assert s.is_over() and "turn cannot be finished" in s.end_reason


def test_r4_short_deck_draw_no_madness_and_turns_left():
    s = position(hand=["ex-r1", "ex-r2", "ex-r3", "ex-r4", "tr-r1"], deck=["ex-r5"], rest="row")
    play(s, "play:ex-r1")
    log = [e.text for e in s.apply("discard:tr-r1")]
    assert log[-1] == "That was the last card of the deck: no more draws."
    assert len(s.hands[0]) == 4 and not s.deck  # all red but only four cards: no madness
    assert s.max_health == [4]
    assert s.view(0)["turns_left"] == [2]
    play(s, "play:ex-r2")  # half a turn: this one and one more can still be taken
    assert s.view(0)["turns_left"] == [2]
    log = [e.text for e in s.apply("discard:ex-r3")]
    assert s.view(0)["turns_left"] == [1]
    assert not any("deck" in line for line in log)  # said once, when the last card went
    play(s, "play:ex-r4")
    assert s.view(0)["turns_left"] == [1]
    play(s, "discard:ex-r5")
    assert s.is_over() and "no card in hand and the deck is empty" in s.end_reason


def test_r5_bounds():
    s = position(hand=["tr-r1", "tr-r2", "ex-r1"], health=[1], food=0)
    play(s, "discard:tr-r1")
    assert s.health == [0] and s.is_over()
    s = position({"players": 1, **ALL}, hand=["ho-x1", "ex-r1", "tr-r1"], food=0, health=[3])
    play(s, "discard:ho-x1")
    assert s.food == 0 and s.health == [2]


def test_r7_madness_procedure():
    s = position(
        hand=["ex-r1", "ex-r2", "ex-r3", "tr-r1", "go-b1"],
        deck=["ex-r4", "tr-r2"],
        pile=["sl-b1"],
        health=[3],
    )
    deck_before = len(s.deck)
    play(s, "play:ex-r1", "discard:go-b1")
    assert s.max_health == [3] and s.health == [2]
    assert s.piles[0] == []
    assert len(s.hands[0]) == 5
    # Deck: the old deck less two draws, plus the mad hand and the discard pile, less 5.
    assert len(s.deck) == deck_before - 2 + 5 + 2 - 5
    assert s.cat.index["ex-r1"] in s.row  # the row is never recycled
    assert s.chain == [RED]


def test_r7_madness_no_second_check_and_death():
    s = position(
        hand=["ex-r1", "ex-r2", "ex-r3", "ex-r4", "go-b1"], deck=["ex-r5", "ex-r6"], rest="row"
    )
    _sorted_shuffles(s)
    play(s, "play:ex-r1", "discard:go-b1")
    assert s.max_health == [3]
    assert s.is_mad_hand(s.hands[0])  # still one rune, but no second madness
    assert s.decision().kind == "first"
    s = position(
        hand=["ex-r1", "ex-r2", "ex-r3", "tr-r1", "go-b1"], deck=["ex-r4", "tr-r2"], health=[1]
    )
    play(s, "play:ex-r1", "discard:go-b1")
    assert s.is_over() and s.result().won is False


def test_r8_odds_of_madness_from_public_make_up():
    s = position(hand=["ex-r1", "ex-r2", "ex-r3", "tr-r1", "go-b1"], deck=["ex-r4"], rest="row")
    # The deck holds only ex-r4: with 1 card left the hand cannot reach five.
    assert s.view(0)["viewer_mad_risks"] == []
    s = position(hand=["ex-r1", "ex-r2", "ex-r3", "tr-r1", "go-b1"])
    risks = s.view(0)["viewer_mad_risks"]
    deck = s.deck
    reds = sum(1 for c in deck if s.cat.rune[c] == RED)
    expect = (reds * (reds - 1)) / (len(deck) * (len(deck) - 1))
    top = risks[0]
    assert sorted(top["keep"]) in (
        sorted(["ex-r1", "ex-r2", "ex-r3"]),
        sorted(["ex-r1", "ex-r2", "tr-r1"]),
        sorted(["ex-r1", "ex-r3", "tr-r1"]),
        sorted(["ex-r2", "ex-r3", "tr-r1"]),
    )
    assert top["odds"] == pytest.approx(expect, abs=1e-4)
    assert top["rune"] == "red" and top["draw"] == 2
    # After the first card the warning stays: three red cards are kept whichever red card
    # is played, and two cards are still to be drawn.
    play(s, "discard:go-b1")
    risks = s.view(0)["viewer_mad_risks"]
    assert risks and all(r["rune"] == "red" and r["draw"] == 2 for r in risks)
    assert risks[0]["odds"] == pytest.approx(expect, abs=1e-4)
    # Two red and two blue cards left: any three kept mix the runes, so no warning.
    s = position(hand=["ex-r1", "ex-r2", "ex-b1", "tr-r1", "go-b1"])
    play(s, "discard:tr-r1")
    assert s.view(0)["viewer_mad_risks"] == []
    assert draw_odds([RED, RED], [], [RED, BLUE], 2) == 0.0
    assert draw_odds([RED], [RED], [RED, BLUE], 2) == pytest.approx(0.5)


def test_r9_r10_chain_consecutive_in_row_and_sets_reset():
    s = position(hand=["ex-r1", "ex-b1", "tr-r1", "go-r1"], chain=[RED, BLUE], passages=3)
    play(s, "discard:tr-r1")  # a discard does not break the chain
    play(s, "play:ex-r1")
    assert s.chain == [RED, BLUE, RED]
    s = position(hand=["ex-r1", "go-r1", "tr-r1"], chain=[RED, RED, BLUE], passages=3)
    play(s, "play:ex-r1")
    assert s.passages == 2 and s.chain == [] and s.sets_done == 1  # mixed: one passage
    s = position(hand=["go-r1", "ex-r1", "tr-r1"], chain=[RED, RED])
    play(s, "play:go-r1")
    assert s.chain == []


def test_r10_cards_of_a_used_set_never_count_again():
    """Seven Excavates in a row clear one set only: the three after it start a new count."""
    s = position(
        hand=["ex-r1", "ex-b1", "ex-r2", "ex-b2", "go-r1"],
        deck=["ex-r3", "go-b1", "ex-b3", "sl-b1", "ra-r1", "ra-b1", "tr-r1", "tr-b1"],
        chain=[RED, BLUE, RED],
        passages=5,
    )
    play(s, "play:ex-r1", "discard:go-r1")
    assert s.passages == 4 and s.chain == [] and s.sets_done == 1
    play(s, "play:ex-b1", "discard:go-b1", "play:ex-r2", "discard:sl-b1")
    play(s, "play:ex-b2", "discard:ra-r1")
    assert s.chain == [BLUE, RED, BLUE] and s.passages == 4 and s.sets_done == 1


def test_r11_one_rune_set_removes_two_and_wins_with_one_left():
    s = position(hand=["ex-r1", "go-r1", "tr-r1"], chain=[RED, RED, RED], passages=3)
    play(s, "play:ex-r1")
    assert s.passages == 1
    s = position(hand=["ex-r1", "go-r1", "tr-r1"], chain=[RED, RED, RED], passages=3)
    s.passages = 1
    play(s, "play:ex-r1")
    assert s.passages == 0 and s.result().won is True
    assert s.result().seats[0].score == 3


def test_illegal_option_is_refused():
    s = position(hand=["ex-r1", "go-r1"])
    with pytest.raises(IllegalMove):
        s.apply("play:ex-r2")
    assert s.decision().kind == "first" and s.step == FIRST


def test_log_and_results_say_what_happened_and_why_it_ended():
    s = position(hand=["ra-r1", "tr-r1", "ex-r1"], health=[4], food=4)
    texts = [e.text for e in s.apply("play:ra-r1")]
    assert texts == ["You played Raven [R].", "You are already at maximum health (4)."]
    s = position(hand=["tr-r1", "go-r1", "ex-r1"], health=[2], food=4)
    texts = [e.text for e in s.apply("play:go-r1")]
    assert "Food stays at 4 (the most there can be)." in texts
    texts = [e.text for e in s.apply("discard:tr-r1")]
    assert "You lose 1 health: 2 -> 1." in texts
    s = position(hand=["tr-r1", "go-r1", "ex-r1"], health=[2])
    texts = [e.text for e in s.apply("play:tr-r1")]
    assert texts[-1] == "Lost: your health fell to 0 after playing Treasure [R]."
    summary = s.result().summary
    assert summary.startswith("Lost on turn 1. Your health fell to 0 after playing Treasure")
    assert "0 of 3 passages cleared" in summary
    # In co-op the seats are named through the frame's {seat:N} placeholders.
    s = position({"players": 2}, hand=["tr-r1", "go-r1"], hand2=["ex-r1", "ex-b1"], health=[2, 3])
    texts = [e.text for e in s.apply("play:tr-r1")]
    assert texts[1] == "{seat:0} loses 2 health: 2 -> 0."
    assert "{seat:0}'s health fell to 0" in s.result().summary


def test_labels_say_what_a_choice_will_do():
    s = position(hand=["ex-r1", "ex-b1", "go-r1"], chain=[RED, RED, RED], passages=3)
    labels = {o.id: o.label for o in s.decision().options}
    assert labels["play:ex-r1"] == "Play Excavate [R] (chain 4/4: clears 2 passages)"
    assert labels["play:ex-b1"] == "Play Excavate [B] (chain 4/4: clears a passage)"
    s.passages = 2
    s._decision_cache = None
    assert "clears the last passage!" in s.decision().option("play:ex-r1").label
    s = position(hand=["ea-r1", "go-r1", "ex-r1"], health=[3], food=3)
    play(s, "play:ea-r1")
    labels = [o.label for o in s.decision().options]
    assert labels[1] == "Eat 1 food (+1 health)"
    assert labels[3] == "Eat 3 food (+1 health; 2 over the maximum)"
    s = position(
        {"players": 1, **ALL}, hand=["ga-r1", "go-r1", "ex-r1"], pile=["tr-r1", "tr-r2", "tr-b1"]
    )
    play(s, "play:ga-r1")
    labels = [o.label for o in s.decision().options]
    assert labels[:3] == [
        "Spend no food (the deck is only shuffled)",
        "Spend 1 food (return up to 2 cards)",
        "Spend 2 food (return up to 3: all your discards)",
    ]

"""Co-op (rulings 13-17), Fear of the Dark, the setup presets and variants."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from tabletop_tui.games.maeshowe.data import RED
from tabletop_tui.games.maeshowe.rules import MaeshoweConfig, MaeshoweState

from .helpers import ids, pile_ids, play, position

COOP = {"players": 2}
FEAR = {"players": 2, "fear_of_the_dark": True}


def test_coop_setup():
    s = MaeshoweState.new(COOP, 3)
    assert s.health == [3, 3] and s.max_health == [4, 4] and s.food == 1
    assert s.passages == 4 and s.jarl == 0
    assert [len(h) for h in s.hands] == [5, 5] and len(s.deck) == 26
    assert MaeshoweState.new({**COOP, "difficulty": "ridiculous"}, 3).passages == 7


def test_r13_shared_row_and_chain_across_players():
    s = position(COOP, hand=["ex-r1", "tr-r1", "go-r1"], hand2=["ex-r2", "tr-r2", "go-b1"])
    s.chain = [RED, RED]
    play(s, "play:ex-r1", "discard:go-r1")
    assert s.turn_seat == 1
    play(s, "play:ex-r2")
    assert s.passages == s.passages_start - 2  # four red Excavates, two players
    assert pile_ids(s, 0) == ["go-r1"]


def test_r14_health_to_actor_food_shared_eat_heals_eater():
    s = position(
        COOP, hand=["tr-r1", "ea-r1", "go-r1"], hand2=["ex-r1", "ex-b1"], health=[3, 3], food=2
    )
    play(s, "play:tr-r1")
    assert s.health == [1, 3]
    play(s, "discard:go-r1")
    s2 = position(
        COOP, hand=["ea-r1", "go-r1", "ex-r1"], hand2=["ex-r2", "ex-b1"], health=[1, 3], food=2
    )
    play(s2, "play:ea-r1", "eat:2")
    assert s2.health == [3, 3] and s2.food == 0


def test_r14_either_player_at_zero_loses_both():
    s = position(COOP, hand=["tr-r1", "go-r1", "ex-r1"], hand2=["ex-r2", "ex-b1"], health=[2, 3])
    play(s, "play:tr-r1")
    res = s.result()
    assert res.won is False and all(seat.won is False for seat in res.seats)


def test_r15_madness_for_the_drawer_with_own_pile():
    s = position(
        COOP,
        hand=["ex-r1", "ex-r2", "ex-r3", "tr-r1", "go-b1"],
        hand2=["ex-b1", "ex-b2", "tr-b1", "go-r1", "sl-b1"],
        deck=["ex-r4", "tr-r2"],
        pile=["ra-r1"],
        pile2=["ra-b1"],
        health=[3, 3],
    )
    play(s, "play:ex-r1", "discard:go-b1")
    assert s.max_health == [3, 4] and s.health == [2, 3]
    assert s.piles[0] == [] and pile_ids(s, 1) == ["ra-b1"]


def test_r16_jarl_pass_no_draw_not_back_and_chain_kept():
    s = position(
        COOP,
        hand=["ex-r1", "tr-r1", "go-r1", "tr-r2", "pc-r1"],
        hand2=["ex-r2", "ex-b1", "go-b1", "sl-b1", "ra-b1"],
        chain=[RED],
    )
    assert "jarl" in s.decision().ids
    before = list(s.hands[0])
    play(s, "jarl")
    assert s.jarl == 1 and s.turn_seat == 1 and s.hands[0] == before
    assert s.chain == [RED]
    assert "jarl" not in s.decision().ids  # not straight back
    play(s, "play:ex-r2", "discard:go-b1")
    assert s.turn_seat == 0 and "jarl" not in s.decision().ids  # seat 0 no longer holds it
    play(s, "play:go-r1", "discard:tr-r1")
    assert s.turn_seat == 1 and "jarl" in s.decision().ids  # now it may go back


def test_jarl_holder_who_cannot_act_may_still_pass():
    s = position(COOP, hand=["ex-r1"], hand2=["ex-r2", "ex-b1", "go-r1"])
    s._start_turn(0)
    assert not s.is_over() and s.decision().ids == ["jarl"]


def test_fear_of_the_dark_only_in_coop():
    with pytest.raises(ValidationError, match="Fear of the Dark"):
        MaeshoweConfig(players=1, fear_of_the_dark=True)
    assert MaeshoweState.new(FEAR, 1).jarl == -1


def test_r17_gift_partner_discards_with_effect_and_secrecy():
    s = position(
        FEAR,
        hand=["tr-r1", "ex-r1", "go-r1", "ra-r1", "ex-r2"],
        hand2=["ex-b1", "ex-b2", "go-b1", "sl-b1", "ra-b1"],
        health=[3, 3],
    )
    d = s.decision()
    assert d.secret and "give:tr-r1" in d.ids and "jarl" not in d.ids
    view1 = s.view(1)
    assert view1["hands"][0] is None and view1["hands"][1] is not None
    assert view1["viewer_mad_risks"] == []
    play(s, "play:ex-r1", "give:tr-r1")
    d = s.decision()
    assert d.seat == 1 and d.kind == "gift" and d.secret
    assert "discard:tr-r1" in d.ids and len(s.hands[1]) == 6
    play(s, "discard:tr-r1")
    assert s.health == [3, 2]  # the partner pays the discard effect
    assert pile_ids(s, 1) == ["tr-r1"]
    assert len(s.hands[0]) == 5 and s.turn_seat == 1  # the giver drew back up


def test_gift_to_a_short_hand_is_kept():
    s = position(
        FEAR, hand=["tr-r1", "ex-r1", "go-r1"], hand2=["ex-b1", "ex-b2"], rest="row", deck=[]
    )
    play(s, "give:tr-r1")
    assert len(s.hands[1]) == 3 and s.decision().kind == "second"


def test_fear_of_the_dark_views_and_determinize_hide_the_partner_hand():
    s = MaeshoweState.new(FEAR, 8)
    view0 = s.view(0)
    assert view0["hands"][1] is None and view0["hand_sizes"][1] == 5
    assert view0["unseen"]["count"] == len(s.deck) + 5
    sample = s.determinize(0, random.Random(1))
    assert sample.hands[0] == s.hands[0]
    assert sorted(sample.hands[1] + sample.deck) == sorted(s.hands[1] + s.deck)
    assert s.view(None)["hands"] == [None, None]  # a spectator sees neither
    # Hands are open in plain co-op and solo, to the partner and to a spectator.
    open_coop = MaeshoweState.new(COOP, 8)
    assert open_coop.view(0)["hands"][1] is not None
    assert all(h is not None for h in open_coop.view(None)["hands"])
    solo = MaeshoweState.new({"players": 1}, 8)
    assert solo.view(None)["hands"][0] is not None
    assert solo.view(None)["unseen"]["count"] == len(solo.deck)


@pytest.mark.parametrize(
    ("config", "passages"),
    [
        ({"players": 1}, 3),
        ({"players": 1, "difficulty": "medium"}, 4),
        ({"players": 1, "difficulty": "hard"}, 5),
        ({"players": 1, "difficulty": "ridiculous"}, 6),
        ({"players": 1, "difficulty": "custom", "passages": 2}, 2),
        ({"players": 2, "difficulty": "medium"}, 5),
        ({"players": 2, "difficulty": "hard"}, 6),
        ({"players": 1, "difficulty": "hard", "extra_passage": True}, 6),
        ({"players": 2, "difficulty": "ridiculous", "extra_passage": True}, 7),
        ({"players": 1, "difficulty": "custom", "passages": 7, "extra_passage": True}, 7),
    ],
)
def test_difficulties_and_deeper_tomb(config, passages):
    s = MaeshoweState.new(config, 1)
    assert s.passages == s.passages_start == passages


def test_custom_passages_bounds():
    with pytest.raises(ValidationError):
        MaeshoweConfig(players=1, difficulty="custom", passages=8)


def test_lean_start():
    s = MaeshoweState.new({"players": 1, "lean_start": True}, 1)
    assert s.health == [3] and s.food == 3 and s.max_health == [4]
    s = MaeshoweState.new({"players": 2, "lean_start": True}, 1)
    assert s.health == [2, 2] and s.food == 3


def test_crumbling_start_fills_first_pile():
    s = MaeshoweState.new({"players": 1, "discard_five": True}, 1)
    assert len(s.piles[0]) == 5 and len(s.deck) == 36 - 10
    s = MaeshoweState.new({"players": 2, "discard_five": True}, 1)
    assert len(s.piles[0]) == 5 and s.piles[1] == [] and len(s.deck) == 36 - 15


def test_expansion_sets_are_shuffled_in():
    for key, codes in [
        ("gluttony_garner", {"gl", "ga"}),
        ("crumble_conservation", {"cr", "cn"}),
        ("horror_hope", {"ho", "hp"}),
    ]:
        s = MaeshoweState.new({"players": 1, key: True}, 1)
        assert s.cat.size == 39
        assert codes <= {cid[:2] for cid in s.cat.ids}


def test_coop_conservation_discard_reaches_both_piles():
    s = position(
        {"players": 2, "crumble_conservation": True},
        hand=["cn-b1", "ex-r1", "go-r1"],
        hand2=["ex-b1", "ex-b2"],
        pile=["ra-r1"],
        pile2=["sl-b1"],
    )
    play(s, "discard:cn-b1")
    labels = [o.label for o in s.decision().options]
    assert s.decision().ids == ["take:ra-r1", "take:sl-b1", "take:none"]
    assert "{seat:1}'s discards" in labels[1]
    play(s, "take:sl-b1")
    assert "sl-b1" in ids(s) and s.piles[1] == []


def test_a_player_who_cannot_take_a_turn_loses_for_both():
    # Seat 1 (not the Jarl holder) starts its turn with one card.
    s = position(COOP, hand=["ex-r1", "go-r1", "tr-r1"], hand2=["ex-r2"], rest="row")
    play(s, "play:ex-r1", "discard:go-r1")
    assert s.is_over() and "cannot both play and discard" in s.end_reason
    res = s.result()
    assert res.won is False and [seat.won for seat in res.seats] == [False, False]


def test_r14_madness_at_maximum_one_loses_for_both():
    s = position(
        COOP,
        hand=["ex-b1", "ex-b2", "ex-b3", "tr-b1", "go-r1"],
        hand2=["ex-r2", "ex-r3", "tr-r2", "go-b1", "sl-b1"],
        deck=["ex-b4", "tr-b2"],
        health=[1, 3],
        max_health=[1, 4],
    )
    play(s, "play:ex-b1", "discard:go-r1")  # draws two blue cards: five blue, mad
    assert s.max_health == [0, 4] and s.health == [0, 3]
    assert s.is_over() and s.result().won is False


def test_r17_gift_first_then_the_partner_discards_then_the_giver_plays():
    s = position(
        FEAR,
        hand=["ra-r1", "ex-r1", "go-r1", "tr-r1", "ex-r2"],
        hand2=["ex-b1", "ex-b2", "go-b1", "sl-b1", "tr-b1"],
        health=[3, 3],
    )
    play(s, "give:ra-r1")
    d = s.decision()
    assert d.seat == 1 and d.kind == "gift"
    play(s, "discard:ra-r1")  # the partner may discard the very card received
    assert s.health == [3, 3] and pile_ids(s, 1) == ["ra-r1"]
    d = s.decision()
    assert d.seat == 0 and d.kind == "second"
    assert all(o.id.startswith("play:") for o in d.options)
    play(s, "play:go-r1")
    assert s.turn_seat == 1 and len(s.hands[0]) == 5 and len(s.hands[1]) == 5


def test_the_giver_keeps_knowing_the_gift_while_the_partner_decides():
    s = position(
        FEAR,
        hand=["tr-r1", "ex-r1", "go-r1", "ra-r1", "ex-r2"],
        hand2=["ex-b1", "ex-b2", "go-b1", "sl-b1", "ra-b1"],
    )
    play(s, "play:ex-r1", "give:tr-r1")
    gift = s.cat.index["tr-r1"]
    view = s.view(0)
    assert view["received"] == "tr-r1"
    assert view["unseen"]["count"] == len(s.deck) + 5  # the partner's five other cards
    for seed in range(5):
        sample = s.determinize(0, random.Random(seed))
        assert sample.hands[1][-1] == gift and sample.view(0) == view

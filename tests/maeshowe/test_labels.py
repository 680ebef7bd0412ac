"""Option labels warn about what a choice costs: a broken Excavate chain and a lost game.

The check is by experiment: each option of many positions is applied to a copy of the
game, and whenever the copy is then lost (or, in Fear of the Dark, left with a turn seat
whose hand is empty for good, so the team loses at that seat's next turn) the label must
say so. A loss that hangs on the cards the coming draw brings (madness, a drawn hand that
cannot be discarded) is chance, not the option, and is not asked of the label.
"""

from __future__ import annotations

import random
import re

import pytest

from tabletop_tui.games.maeshowe.rules import PLANNED, MaeshoweState

from ..bounded import bounded
from .helpers import play, position

ALL = {"gluttony_garner": True, "crumble_conservation": True, "horror_hope": True}
CONFIGS = [
    {"players": 1, **ALL},
    {"players": 1, "difficulty": "hard", **ALL, "lean_start": True},
    {"players": 2, **ALL},
    {"players": 2, "fear_of_the_dark": True, **ALL},
    {"players": 2, "fear_of_the_dark": True},
]
LOSES = re.compile(r"\b(you lose|the team loses)\b")


def loses(state: MaeshoweState, option_id: str) -> str:
    """Why applying ``option_id`` loses the game for sure ("" if it does not)."""
    before = state.clone()
    before.stop_before_draw = True
    before.apply_unrecorded(option_id)
    if before.outcome == -1:
        return before.end_reason
    if before.step != PLANNED:
        return ""  # the turn goes on: a later choice carries any warning
    after = state.clone()
    after.apply_unrecorded(option_id)
    drew = len(before.deck) > 0
    certain = not drew or (state.fotd and "cannot both" in after.end_reason)
    if after.outcome == -1 and "mad" not in after.end_reason and certain:
        return after.end_reason
    t = state.turn_seat
    if state.fotd and after.outcome == 0 and not after.hands[t] and not after.deck:
        return "the turn seat's hand is empty with no deck: lost at its next turn"
    return ""


def nesting(label: str) -> int:
    depth = deepest = 0
    for ch in label:
        depth += ch == "("
        depth -= ch == ")"
        deepest = max(deepest, depth)
    return deepest


def check_position(state: MaeshoweState, counts: dict[str, int]) -> None:
    decision = state.decision()
    assert decision is not None
    for option in decision.options:
        assert nesting(option.label) <= 1, option.label
        why = loses(state, option.id)
        if why:
            counts["losing"] += 1
            assert LOSES.search(option.label), f"{option.label!r} does not say: {why}"
        kind, _, arg = option.id.partition(":")
        if kind == "play" and state.chain:
            card = state.cat.index[arg]
            if not state.cat.excavate[card]:
                counts["breaking"] += 1
                assert "breaks the Excavate chain" in option.label, option.label
            else:
                assert "breaks" not in option.label, option.label


def short_deck(state: MaeshoweState, left: int) -> MaeshoweState:
    """``state`` with only ``left`` cards in the deck (the rest out of play in the row), so
    that a short game reaches the turns where the deck runs out."""
    out, state.deck = state.deck[: len(state.deck) - left], state.deck[len(state.deck) - left :]
    state.row += out
    state.row_rune += [state.cat.rune[c] for c in out]
    state.known_top = []
    state._decision_cache = None
    state.check_invariants()
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}p-" + "-".join(c)[:40])
def test_every_losing_option_says_so(config):
    counts = {"losing": 0, "breaking": 0, "positions": 0}
    for seed in range(80):
        state = MaeshoweState.new(config, seed)
        if seed % 2:
            state = short_deck(state, seed % 9)
        rng = random.Random(seed)
        for _step in bounded():
            if state.is_over():
                break
            check_position(state, counts)
            counts["positions"] += 1
            options = state.decision().options
            # Mostly avoid what loses at once, so that games reach their late turns.
            safe = [o for o in options if not LOSES.search(o.label)] or list(options)
            state.apply_unrecorded(rng.choice(safe if rng.random() < 0.9 else options).id)
    # The positions really held losing and chain-breaking options to check.
    assert counts["losing"] >= 20 and counts["breaking"] >= 20, counts


def test_labels_name_the_warnings_in_words():
    # A play that breaks a chain of 3, and a Treasure play at 2 health: you lose.
    s = position(hand=["tr-r1", "ra-b1", "ex-r1"], chain=[0, 0, 0], health=[2])
    labels = {o.id: o.label for o in s.decision().options}
    assert labels["play:ra-b1"] == "Play Raven [B] (+2 health; breaks the Excavate chain at 3/4)"
    assert labels["play:tr-r1"].endswith("your health falls to 0: you lose)")
    assert labels["discard:tr-r1"] == "Discard Treasure [R] (-1 health)"
    s = position(hand=["tr-r1", "ra-b1", "ex-r1"], health=[1])
    labels = {o.id: o.label for o in s.decision().options}
    assert "you lose" in labels["discard:tr-r1"] and "you lose" not in labels["discard:ra-b1"]


def test_fear_of_the_dark_crumble_says_the_team_loses_next_turn():
    config = {"players": 2, "fear_of_the_dark": True, **ALL}
    s = position(
        config,
        hand=["cr-r1", "ex-r1", "ex-b1"],
        hand2=["ra-b1", "go-r1", "sl-b1"],
        rest="row",
    )
    play(s, "play:ex-r1")
    labels = {o.id: o.label for o in s.decision().options}
    assert labels["discard:cr-r1"] == (
        "Discard Crumble [R] (rest of hand follows, only after a play; your hand ends empty: "
        "the team loses at {seat:0}'s next turn)"
    )
    assert "loses" not in labels["give:ex-b1"]  # one card left: the partner can give one
    play(s, "discard:cr-r1")
    assert not s.hands[0] and not s.deck  # and so it is: no turn for seat 0 any more

"""The tip: one computation gives the option and its reason, and the reason is about it.

Over seeded positions of every game (and every decision kind those games reach), the reason
never names another option's label in what it says about the move, never calls the move the
only choice while others exist, and hangs nothing on cards the seat cannot see.
"""

from __future__ import annotations

import random
import re

import pytest

from tabletop_tui.engine.bots import (
    ExplainingBot,
    RandomBot,
    Reason,
    bot_rng,
    choose_explained,
    context_for,
)
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.registry import get_game
from tabletop_tui.session import Session

from .bounded import bounded

ONLY = re.compile(r"\bonly\b", re.IGNORECASE)

# (game, options, every how many decisions a tip is asked for, decisions to play at most)
CASES = [
    ("mesos", {"players": 2}, 5, 400),
    ("mesos", {"players": 5}, 13, 400),
    ("mezo", {"players": 2}, 6, 160),
    ("mezo", {"players": 1}, 6, 160),
    ("maeshowe", {"players": 1}, 2, 200),
    ("maeshowe", {"players": 2, "fear_of_the_dark": True}, 2, 200),
]


def _tips(game: str, options: dict, every: int, limit: int, seed: int):
    """Play a seeded game with medium bots; yield (decision, option id, reason) every
    ``every`` decisions, the tip asked of the hard bot as the frame asks it."""
    info = get_game(game)
    players = options.get("players", 2)
    config = info.make_config(players, {k: v for k, v in options.items() if k != "players"})
    state = info.state_class.new(config, seed)
    hard, medium = info.bot("hard"), info.bot("medium")
    rngs = [bot_rng(seed, s) for s in range(players)]
    for n in range(limit):
        decision = state.decision()
        if decision is None:
            return
        if n % every == 0 and len(decision.options) > 1:
            ctx = context_for(state, random.Random(n))
            oid, reason = choose_explained(hard, ctx)
            yield state, decision, oid, reason
        state.apply_unrecorded(medium.choose(context_for(state, rngs[decision.seat])))


@pytest.mark.parametrize(("game", "options", "every", "limit"), CASES)
def test_the_reason_is_about_the_move_named(game, options, every, limit):
    kinds = set()
    for seed in (3, 11):
        for _state, decision, oid, reason in _tips(game, options, every, limit, seed):
            assert isinstance(reason, Reason)
            assert oid in decision.ids
            kinds.add(decision.kind)
            chosen = decision.option(oid).label
            text = str(reason)
            assert reason.gain, f"{decision.kind}: no reason for {chosen}"
            assert not ONLY.search(text), f"{decision.kind}: '{text}'"
            for other in decision.options:
                if other.id == oid or other.label in chosen:
                    continue
                assert other.label not in reason.gain, f"{decision.kind}: '{text}' ({chosen})"
            # The runner-up part names a close call or says why it is worse.
            assert reason.versus
    assert len(kinds) >= 2


def test_the_tip_and_its_reason_come_from_one_draw():
    """At Mezo's God choice the bot picks at random: the reason must not name another God,
    and the tip is the same whenever it is asked for the same position."""
    info = get_game("mezo")
    seats = [SeatSpec(name=f"P{i}", kind="human") for i in range(3)]
    session = Session.start(info, info.make_config(3, {}), seats, seed=7)
    for _step in bounded():
        if not (session.decision is not None and session.decision.kind != "god"):
            break
        session.apply(session.decision.options[0].id)
    decision = session.decision
    assert decision is not None and len(decision.options) >= 2
    hint = session.hint()
    assert hint is not None
    oid, why = hint
    assert session.hint() == hint
    for other in decision.options:
        if other.id != oid:
            assert other.label not in why
    assert "only" not in why


def test_fear_of_the_dark_never_states_the_partners_hidden_reply():
    """The line found on a guessed partner hand stops where that hand decides."""
    seen_gift = 0
    for seed in range(6):
        for state, decision, _option, reason in _tips(
            "maeshowe", {"players": 2, "fear_of_the_dark": True}, 1, 120, seed
        ):
            partner = 1 - decision.seat
            assert "your partner:" not in reason.plan
            if "partner" in reason.plan:
                seen_gift += 1
                assert "cannot see" in reason.plan
            for card in state.hands[partner]:
                name = state.cat.names[card]
                assert f"Discard {name}" not in reason.plan.split("; then your partner")[-1]
    assert seen_gift > 0


def test_mezo_tips_that_hang_on_secret_choices_say_they_guess():
    """While a rival's kept card or offer is secret, a scored tip is judged on a sample of
    it and must say so; once everything is shown it must not."""
    from tabletop_tui.games.mezo.bots import _hides_choices

    guessed = plain = 0
    for state, decision, _option, reason in _tips("mezo", {"players": 3}, 1, 140, 5):
        if decision.kind in ("colour", "god"):
            continue
        hides = _hides_choices(state, decision.seat)
        says = "guess" in reason.gain
        assert says == hides, (decision.kind, str(reason))
        guessed += hides
        plain += not hides
    assert guessed and plain


@pytest.mark.parametrize("game", ["mesos", "mezo", "maeshowe"])
def test_the_level_the_tip_asks_can_explain_itself(game):
    """The tip asks the hard bot: every game's hard bot gives its reason with its option."""
    assert isinstance(get_game(game).bot("hard"), ExplainingBot)
    assert not isinstance(RandomBot(), ExplainingBot)  # it gives an empty reason instead

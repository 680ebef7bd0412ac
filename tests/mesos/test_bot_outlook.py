"""The bots' projection counts only what the rules will still do (issue: the final Events
stay in the rows after they resolve and were scored a second time at game over)."""

from __future__ import annotations

import random

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.sim import play
from tabletop_tui.games.mesos import GAME
from tabletop_tui.games.mesos.bots import LookaheadBot, outlook, tribe_of, value
from tabletop_tui.games.mesos.data import load_data
from tabletop_tui.session import Session

from ..bounded import bounded


def test_at_game_over_the_projection_is_the_real_score() -> None:
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        played = play(GAME, GAME.make_config(players), seed, ["medium"] * players)
        view = played.state.view(0)
        for sr in played.result.seats:
            out = outlook(view, sr.seat, load_data())
            assert out.events == []
            projected = value(tribe_of(view, sr.seat), out, load_data())
            assert round(projected) == sr.score


def _real_objective(session: Session, option_id: str, bot: LookaheadBot) -> float:
    """Play ``option_id`` and the rest of the game with the bot's own play-out policy on the
    real state; the bot's objective on the real final scores."""
    state = session.state.clone()
    seat = state.decision().seat
    state.apply_unrecorded(option_id)
    rng = random.Random(0)
    for _step in bounded():
        if state.decision() is None:
            break
        state.apply_unrecorded(bot._policy.choose(context_for(state, rng)))
    scores = {s.seat: s.score for s in state.result().seats}
    others = [v for s, v in scores.items() if s != seat]
    w = bot.rival_weight
    return scores[seat] - w * max(others) - (1 - w) * sum(others) / len(others)


def test_in_the_last_round_the_tip_picks_the_move_that_wins_on_real_scores() -> None:
    """Round 10: the play-out reaches the end of the game, so the tip's choice must be the
    best on the real final scores (double-counted final Events pick another tile)."""
    checked = 0
    for players, seed in ((2, 4), (3, 5), (3, 9), (4, 6)):
        seats = [SeatSpec(name=f"P{i}", kind="human") for i in range(players)]
        session = Session.start(GAME, GAME.make_config(players), seats, seed=seed)
        rngs = [bot_rng(seed, s) for s in range(players)]
        medium = GAME.bot("medium")
        while session.state.round_no < session.state.rounds:
            d = session.decision
            session.apply(medium.choose(context_for(session.state, rngs[d.seat])))
        bot = GAME.bot("hard")
        assert isinstance(bot, LookaheadBot)
        for _step in bounded():
            if (d := session.decision) is None:
                break
            if len(d.options) > 1:
                hint = session.hint()
                assert hint is not None
                real = {o.id: _real_objective(session, o.id, bot) for o in d.options}
                assert real[hint[0]] == max(real.values()), (players, seed, d.kind, hint)
                checked += 1
            session.apply(medium.choose(context_for(session.state, rngs[d.seat])))
    assert checked >= 8

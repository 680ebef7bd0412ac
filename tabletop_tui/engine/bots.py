"""Bots: a bot chooses an option id from what its seat may see and the pending decision.

A bot never receives the state itself. Bots that search ask the context for a
``determinize()``d state, which re-deals everything the seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .core import Decision, GameState


class BotContext:
    """What a bot may know when it decides: its seat, its view, the decision, its own RNG.

    ``view`` may be given as a function: the view is then built on first read and at most
    once, so bots that never read it (random play, play-outs) never pay for it.
    """

    __slots__ = ("seat", "decision", "rng", "determinize", "_view", "_make_view")

    def __init__(
        self,
        seat: int,
        view: dict[str, Any] | Callable[[], dict[str, Any]],
        decision: Decision,
        rng: random.Random,
        determinize: Callable[[], GameState],
    ) -> None:
        self.seat = seat
        self.decision = decision
        self.rng = rng
        self.determinize = determinize
        self._view: dict[str, Any] | None = None if callable(view) else view
        self._make_view = view if callable(view) else None

    @property
    def forced(self) -> str | None:
        """The only option's id when the decision leaves no choice (nothing to think about)."""
        options = self.decision.options
        return options[0].id if len(options) == 1 else None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            assert self._make_view is not None
            self._view = self._make_view()
            self._make_view = None
        return self._view


class Bot(Protocol):
    name: str

    def choose(self, ctx: BotContext) -> str: ...


@dataclass(frozen=True)
class Reason:
    """Why a bot picked its option, in player words, from the same computation as the pick.

    ``gain`` says what the chosen move gains or avoids; ``plan`` the rest of the turn it has
    in mind, if any; ``versus`` what the next best option would have given, or that it is a
    close call. None of them is a raw evaluation number.
    """

    gain: str
    versus: str = ""
    plan: str = ""

    def __str__(self) -> str:
        return " ".join(p for p in (self.gain, self.plan, self.versus) if p)


@runtime_checkable
class ExplainingBot(Bot, Protocol):
    """A bot that can say why it picks its option, from the same computation (the tip asks
    one of these)."""

    def choose_explained(self, ctx: BotContext) -> tuple[str, Reason]: ...


def choose_explained(bot: Bot, ctx: BotContext) -> tuple[str, Reason]:
    """The bot's option and its reason, decided once: bots that cannot explain give none."""
    if isinstance(bot, ExplainingBot):
        return bot.choose_explained(ctx)
    return bot.choose(ctx), Reason("")


def close_call(alternative: str) -> str:
    """The words for a runner-up the bot rates about as high as its pick."""
    return f"A close call: {alternative} is about as good."


class RandomBot:
    """Picks uniformly among the legal options."""

    name = "random"

    def choose(self, ctx: BotContext) -> str:
        return ctx.rng.choice(ctx.decision.options).id


def levels(
    easy: Callable[[], Bot], medium: Callable[[], Bot], hard: Callable[[], Bot]
) -> dict[str, Callable[[], Bot]]:
    """The four levels every game offers, by name: the shared random bot, then the game's own
    easy, medium and hard bots (the CLI, the setup form and the README list these four)."""
    return {"random": RandomBot, "easy": easy, "medium": medium, "hard": hard}


def context_for(state: GameState, rng: random.Random) -> BotContext:
    """The bot's window on ``state``: its seat's view (built when first read), the decision,
    and a way to sample."""
    decision = state.decision()
    if decision is None:
        raise ValueError("no decision pending")
    seat = decision.seat
    return BotContext(
        seat=seat,
        view=lambda: state.view(seat),
        decision=decision,
        rng=rng,
        determinize=lambda: state.sample(seat, random.Random(rng.random())),
    )


def bot_rng(seed: int, seat: int) -> random.Random:
    """A bot's own random stream, separate from the game's so bots never change the deal."""
    return random.Random(seed * 1_000_003 + seat * 7919 + 17)

"""A tiny test-only game that exercises the whole protocol: secret choices, chance, scoring.

"High card": each round every seat secretly plays one card of its hand; the highest card
scores its value (ties score nothing). Hands are dealt from a shuffled deck, so the game has
hidden information, randomness and simultaneous secret choices, like the real games. It is
registered only by tests and never ships.
"""

from __future__ import annotations

import random
from typing import Annotated, TypedDict

from pydantic import Field

from tabletop_tui.engine.bots import RandomBot, Reason
from tabletop_tui.engine.core import (
    Decision,
    GameConfig,
    GameResult,
    GameState,
    Option,
    ScoreLine,
    SeatResult,
    rank_scores,
)
from tabletop_tui.engine.registry import GameInfo, Mode
from tabletop_tui.engine.views import Private


class HighCardConfig(GameConfig):
    players: int = Field(2, ge=1, le=3, description="Seats at the table.")
    rounds: int = Field(3, ge=1, le=5, description="Rounds to play.")
    open_hands: bool = Field(False, description="Show every hand to everyone.")


class HighCardView(TypedDict):
    round: int
    scores: list[int]
    # Every seat's hand: the cards it may see, None for each card it may not.
    hands: Annotated[list[list[int | None]], Private]
    played: list[bool]


class HighCard(GameState):
    game_id = "highcard"
    config_model = HighCardConfig
    config: HighCardConfig

    def _setup(self) -> None:
        deck = list(range(1, 10)) * 2
        self.rng.shuffle(deck)
        n = self.config.rounds
        self.hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(self.players)]
        self.deck = deck[self.players * n :]
        self.played: list[int | None] = [None] * self.players
        self.scores = [0] * self.players
        self.round = 1

    def _decision(self) -> Decision | None:
        if self.round > self.config.rounds:
            return None
        seat = self.played.index(None)
        opts = tuple(
            Option(f"card:{i}:{c}", f"Play {c}", target=f"card{i}")
            for i, c in enumerate(self.hands[seat])
        )
        return Decision(seat, "Play a card", opts, secret=not self.config.open_hands, kind="play")

    def _apply(self, option: Option) -> None:
        seat = self.played.index(None)
        _, idx, _ = option.id.split(":")
        card = self.hands[seat].pop(int(idx))
        self.played[seat] = card
        self.log(f"You play {card}", seat=seat, private_to=seat)
        if None not in self.played:
            played = [c for c in self.played if c is not None]
            self.mark_barrier()
            best = max(played)
            if played.count(best) == 1:
                winner = played.index(best)
                self.scores[winner] += best
                self.log(f"Seat {winner + 1} wins round {self.round} with {best}")
            else:
                self.log(f"Round {self.round} is tied")
            self.played = [None] * self.players
            self.round += 1

    def view(self, seat: int | None) -> HighCardView:
        open_ = self.config.open_hands
        return {
            "round": self.round,
            "scores": list(self.scores),
            "hands": [
                list(h) if (open_ or s == seat) else [None] * len(h)
                for s, h in enumerate(self.hands)
            ],
            "played": [p is not None for p in self.played],
        }

    def determinize(self, seat: int, rng: random.Random) -> HighCard:
        twin = self.clone()
        if self.config.open_hands:
            return twin
        hidden = [c for s, h in enumerate(twin.hands) if s != seat for c in h] + twin.deck
        hidden += [c for s, c in enumerate(twin.played) if s != seat and c is not None]
        hidden.sort()  # the sample must depend on what the seat sees, not on the real deal
        rng.shuffle(hidden)
        for s, h in enumerate(twin.hands):
            if s != seat:
                twin.hands[s] = sorted(hidden.pop() for _ in h)
        for s, c in enumerate(twin.played):
            if s != seat and c is not None:
                twin.played[s] = hidden.pop()
        twin.deck = hidden
        return twin

    def check_invariants(self) -> None:
        cards = [c for h in self.hands for c in h] + [c for c in self.played if c is not None]
        assert len(cards) + len(self.deck) <= 18

    def _result(self) -> GameResult:
        ranks = rank_scores([(s,) for s in self.scores])
        seats = tuple(
            SeatResult(i, s, ranks[i], (ScoreLine("Rounds won", s),))
            for i, s in enumerate(self.scores)
        )
        if self.players == 1:
            won = self.scores[0] >= 10
            return GameResult(seats, cooperative=True, won=won)
        return GameResult(seats)


class HighestBot:
    """Always plays its highest card: a deterministic bot for tests."""

    name = "highest"

    def choose(self, ctx) -> str:  # type: ignore[no-untyped-def]
        return ctx.decision.options[-1].id

    def choose_explained(self, ctx):  # type: ignore[no-untyped-def]
        return self.choose(ctx), Reason("Plays its highest card.")


GAME = GameInfo(
    id="highcard",
    title="High Card",
    blurb="Test-only game: play your highest card in secret.",
    min_players=1,
    max_players=3,
    modes=(Mode("solo", "Solo", 1, 1), Mode("versus", "Versus", 2, 3)),
    state_class=HighCard,
    bots={
        "random": RandomBot,
        "easy": RandomBot,
        "medium": HighestBot,
        "hard": HighestBot,
    },
    screen="tests.fixture_board.HighCardBoard",
    test_configs=(
        {"players": 1},
        {"players": 2},
        {"players": 3, "rounds": 5},
        {"players": 2, "open_hands": True},
    ),
    max_decisions=50,
)

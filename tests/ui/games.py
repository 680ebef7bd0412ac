"""Test-only games for the UI tests, drawn by the High Card board.

``TwoPick``: each round every seat secretly picks two cards, one decision each, so a person
makes two decisions in a row and can take the first back (undo). ``Faulty``: High Card whose
rule code breaks in round 2, to check that an engine error is reported and nothing is lost.
``Market``: up to five seats take goods from many stalls with long labels, and the result
has a breakdown of many lines: it checks how the frame and the results share the screen.
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from pydantic import Field

from tabletop_tui.engine.bots import RandomBot
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
from tabletop_tui.ui.board import BoardView
from tests.fixture_game import GAME as HIGHCARD
from tests.fixture_game import HighCard


class TwoPickConfig(GameConfig):
    players: int = Field(2, ge=1, le=2, description="Seats at the table.")
    rounds: int = Field(2, ge=1, le=4, description="Rounds to play.")


class TwoPickView(TypedDict):
    header: str
    round: int
    scores: list[int]
    hands: Annotated[list[list[int | None]], Private]  # None: a card the seat may not see
    played: list[bool]


class TwoPick(GameState):
    game_id = "twopick"
    config_model = TwoPickConfig
    config: TwoPickConfig

    def _setup(self) -> None:
        deck = list(range(1, 10)) * 2
        self.rng.shuffle(deck)
        n = 2 * self.config.rounds
        self.hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(self.players)]
        self.picked: list[list[int]] = [[] for _ in range(self.players)]
        self.scores = [0] * self.players
        self.round = 1

    def _seat(self) -> int:
        return next(s for s in range(self.players) if len(self.picked[s]) < 2)

    def _decision(self) -> Decision | None:
        if self.round > self.config.rounds:
            return None
        seat = self._seat()
        which = "first" if not self.picked[seat] else "second"
        opts = tuple(
            Option(f"card:{i}:{c}", f"Pick {c}", target=f"card{i}")
            for i, c in enumerate(self.hands[seat])
        )
        return Decision(seat, f"Pick your {which} card", opts, secret=True, kind="pick")

    def _apply(self, option: Option) -> None:
        seat = self._seat()
        idx = int(option.id.split(":")[1])
        card = self.hands[seat].pop(idx)
        self.picked[seat].append(card)
        self.log(f"You pick {card}", seat=seat, private_to=seat)
        if all(len(p) == 2 for p in self.picked):
            self.mark_barrier()
            sums = [sum(p) for p in self.picked]
            best = max(sums)
            if sums.count(best) == 1:
                self.scores[sums.index(best)] += best
                self.log(f"{{seat:{sums.index(best)}}} wins round {self.round} with {best}")
            else:
                self.log(f"Round {self.round} is tied")
            self.picked = [[] for _ in range(self.players)]
            self.round += 1

    def view(self, seat: int | None) -> TwoPickView:
        return {
            "header": f"Round {self.round}",
            "round": self.round,
            "scores": list(self.scores),
            "hands": [list(h) if s == seat else [None] * len(h) for s, h in enumerate(self.hands)],
            "played": [len(p) == 2 for p in self.picked],
        }

    def _result(self) -> GameResult:
        ranks = rank_scores([(s,) for s in self.scores])
        seats = tuple(
            SeatResult(i, s, ranks[i], (ScoreLine("Rounds won", s), ScoreLine("Bonus", 0)))
            for i, s in enumerate(self.scores)
        )
        if self.players == 1:
            return GameResult(seats, cooperative=True, won=self.scores[0] >= 20)
        return GameResult(seats, summary="{seat:0} and {seat:1} played")


TWOPICK = GameInfo(
    id="twopick",
    title="Two Pick",
    blurb="Test-only game: pick two cards in secret each round.",
    min_players=1,
    max_players=2,
    modes=(Mode("solo", "Solo", 1, 1), Mode("versus", "Versus", 2, 2)),
    state_class=TwoPick,
    bots=HIGHCARD.bots,
    screen=HIGHCARD.screen,
    test_configs=({"players": 1}, {"players": 2}),
    max_decisions=40,
    analysis=lambda state, stop: f"{len(state.history)} decisions were made.",
)


class Faulty(HighCard):
    game_id = "faulty"

    def _apply(self, option: Option) -> None:
        if self.round == 2:
            raise RuntimeError("rule code broke")
        super()._apply(option)


FAULTY = GameInfo(
    id="faulty",
    title="Faulty Card",
    blurb="Test-only game whose rules break in round 2.",
    min_players=1,
    max_players=3,
    modes=HIGHCARD.modes,
    state_class=Faulty,
    bots=HIGHCARD.bots,
    screen=HIGHCARD.screen,
    max_decisions=50,
)


class BrokenBoard(BoardView):
    """A board whose drawing fails once the first card is played."""

    def update_board(self, view: dict[str, Any], decision: Any, viewer: int | None) -> None:
        if any(view["played"]) or view["round"] > 1:
            raise ValueError("board bug")


BROKEN_BOARD = GameInfo(
    id="brokenboard",
    title="Broken Board",
    blurb="Test-only game whose board breaks.",
    min_players=1,
    max_players=3,
    modes=HIGHCARD.modes,
    state_class=HighCard,
    bots=HIGHCARD.bots,
    screen="tests.ui.games.BrokenBoard",
    max_decisions=50,
)


GOODS = ("lantern", "rug", "basket", "spice jar", "copper pot", "wool bale", "amber bead")


class MarketConfig(GameConfig):
    players: int = Field(2, ge=1, le=5, description="Seats at the table.")
    stalls: int = Field(12, ge=1, le=16, description="Stalls to take goods from.")
    rounds: int = Field(1, ge=1, le=3, description="Goods each seat takes.")


class MarketView(TypedDict):
    header: str
    stalls: list[str]
    taken: list[list[str]]


class Market(GameState):
    """Each seat in turn takes the good of one stall (the stall restocks); every kind of good
    is a line of the score breakdown."""

    game_id = "market"
    config_model = MarketConfig
    config: MarketConfig

    def _setup(self) -> None:
        n = self.config.stalls
        self.stalls = [(GOODS[i % len(GOODS)], self.rng.randint(1, 9)) for i in range(n)]
        self.taken: list[list[tuple[str, int]]] = [[] for _ in range(self.players)]

    def _seat(self) -> int:
        return min(range(self.players), key=lambda s: len(self.taken[s]))

    def _decision(self) -> Decision | None:
        seat = self._seat()
        if len(self.taken[seat]) >= self.config.rounds:
            return None
        opts = tuple(
            Option(
                f"take:{i}",
                f"Take the {good} from stall {i + 1}: worth {value} points at the end",
                target=f"stall{i}",
            )
            for i, (good, value) in enumerate(self.stalls)
        )
        return Decision(seat, f"{{seat:{seat}}}: Take the good of one stall", opts, kind="take")

    def _apply(self, option: Option) -> None:
        seat = self._seat()
        i = int(option.id.split(":")[1])
        self.taken[seat].append(self.stalls[i])
        self.log(f"{{seat:{seat}}} takes the {self.stalls[i][0]} of stall {i + 1}", seat=seat)

    def view(self, seat: int | None) -> MarketView:
        return {
            "header": f"Pick {min(len(t) for t in self.taken) + 1}",
            "stalls": [f"{good} ({value})" for good, value in self.stalls],
            "taken": [[good for good, _ in t] for t in self.taken],
        }

    def _result(self) -> GameResult:
        scores = [sum(v for _, v in t) for t in self.taken]
        ranks = rank_scores([(s,) for s in scores])
        seats = tuple(
            SeatResult(
                i,
                score,
                ranks[i],
                tuple(
                    ScoreLine(good.capitalize(), sum(v for g, v in self.taken[i] if g == good))
                    for good in GOODS
                ),
            )
            for i, score in enumerate(scores)
        )
        return GameResult(seats, summary="The market closes.")


MARKET = GameInfo(
    id="market",
    title="Market",
    blurb="Test-only game: take goods from many stalls.",
    min_players=1,
    max_players=5,
    modes=(Mode("versus", "Versus", 1, 5),),
    state_class=Market,
    bots={"random": RandomBot, "easy": RandomBot, "medium": RandomBot, "hard": RandomBot},
    test_configs=({"players": 2}, {"players": 5, "stalls": 16, "rounds": 3}),
    max_decisions=20,
)

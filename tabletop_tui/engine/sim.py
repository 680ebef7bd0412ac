"""Headless play: bots in every seat, used by ``tabletop-tui sim``, benchmarks and tests."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from .bots import bot_rng, context_for
from .core import GameConfig, GameResult, GameState
from .registry import GameInfo


@dataclass
class PlayedGame:
    state: GameState
    result: GameResult
    decisions: int
    seconds: float


def play(
    info: GameInfo,
    config: GameConfig,
    seed: int,
    levels: list[str],
    max_decisions: int | None = None,
) -> PlayedGame:
    """Play one game with a bot of the given level in each seat."""
    start = time.perf_counter()
    state = info.state_class.new(config, seed)
    bots = [info.bot(level) for level in levels]
    rngs = [bot_rng(seed, i) for i in range(len(levels))]
    limit = max_decisions or info.max_decisions
    n = 0
    while (decision := state.decision()) is not None:
        if n >= limit:
            raise RuntimeError(f"{info.title} did not end within {limit} decisions (seed {seed})")
        seat = decision.seat
        option_id = bots[seat].choose(context_for(state, rngs[seat]))
        state.apply_fast(option_id)
        n += 1
    result = state.result()
    assert result is not None
    return PlayedGame(state, result, n, time.perf_counter() - start)


@dataclass
class SimSummary:
    game: str
    games: int
    players: int
    levels: list[str]
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    table_wins: int = 0
    cooperative: bool = False

    def add(self, played: PlayedGame) -> None:
        res = played.result
        self.cooperative = res.cooperative
        winners = res.winners()
        if res.cooperative:
            self.table_wins += 1 if res.won else 0
        for sr in res.seats:
            if sr.seat in winners:
                self.wins[sr.seat] += 1 / len(winners) if not res.cooperative else 1
            self.scores[sr.seat].append(sr.score)
        self.lengths.append(played.decisions)
        self.seconds.append(played.seconds)

    def to_json(self) -> dict[str, Any]:
        done = max(1, len(self.lengths))
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "levels": self.levels,
            "errors": self.errors,
            "error_messages": self.error_messages[:5],
            "ms_per_game": round(1000 * statistics.fmean(self.seconds), 3) if self.seconds else 0.0,
            "wins": [round(w, 3) for w in self.wins],
            "win_rate": [round(w / done, 4) for w in self.wins],
            "mean_scores": [round(statistics.fmean(s), 3) if s else 0.0 for s in self.scores],
            "score_stdev": [
                round(statistics.pstdev(s), 3) if len(s) > 1 else 0.0 for s in self.scores
            ],
            "mean_decisions": round(statistics.fmean(self.lengths), 2) if self.lengths else 0.0,
            "cooperative": self.cooperative,
            "table_wins": self.table_wins,
        }


def simulate(
    info: GameInfo,
    config: GameConfig,
    games: int,
    seed: int,
    levels: list[str],
    progress: Any = None,
) -> SimSummary:
    """Play ``games`` games with seeds ``seed, seed+1, ...``; errors are counted, not raised."""
    summary = SimSummary(info.id, games, config.players, list(levels))
    summary.wins = [0.0] * config.players
    summary.scores = [[] for _ in range(config.players)]
    for i in range(games):
        try:
            summary.add(play(info, config, seed + i, levels))
        except Exception as exc:  # a bug in one game must not stop the whole run
            summary.errors += 1
            summary.error_messages.append(f"seed {seed + i}: {type(exc).__name__}: {exc}")
        if progress is not None:
            progress()
    return summary

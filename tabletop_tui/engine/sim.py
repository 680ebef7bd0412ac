"""Headless play: bots in every seat, used by ``tabletop-tui sim``, benchmarks and tests.

``simulate`` can spread its games over several processes (``jobs``): each game depends only
on its seed, and the outcomes are summed in seed order, so the totals never depend on how
many processes played them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .bots import bot_rng, context_for
from .core import GameConfig, GameResult, GameState
from .registry import GameInfo, get_game

# The most games one ``simulate`` call (and ``tabletop-tui sim``) will play.
MAX_GAMES = 1_000_000
# The most processes ``simulate`` will start.
MAX_JOBS = 64


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
    check: bool = False,
) -> PlayedGame:
    """Play one game with a bot of the given level in each seat.

    With ``check`` the game goes through the conformance kit instead of the fast path (the
    game's invariants at every move; illegal moves, clones, save/load, replay and hidden
    views every few moves): the same choices, much slower, any broken promise raises.
    """
    start = time.perf_counter()
    if check:
        from .conformance import play_checked

        state = play_checked(info, config.model_dump(), seed, levels=list(levels))
        result = state.result()
        assert result is not None
        return PlayedGame(state, result, len(state.history), time.perf_counter() - start)
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
        state.apply_unrecorded(option_id)
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
        self.add_outcome(played.result, played.decisions, played.seconds)

    def add_outcome(self, res: GameResult, decisions: int, seconds: float) -> None:
        self.add_tally(tally(res, decisions, seconds))

    def add_tally(self, t: Tally) -> None:
        """One game's outcome (``tally``)."""
        cooperative, won, winners, scores, decisions, seconds = t
        self.cooperative = cooperative
        if cooperative:
            self.table_wins += 1 if won else 0
        for seat, score in scores:
            if seat in winners:
                self.wins[seat] += 1 / len(winners) if not cooperative else 1
            self.scores[seat].append(score)
        self.lengths.append(decisions)
        self.seconds.append(seconds)

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


# What the totals need of one game: (cooperative, won, winners, (seat, score) pairs,
# decisions, seconds). Plain tuples: a worker sends them back many times faster than results.
Tally = tuple[bool, bool | None, tuple[int, ...], tuple[tuple[int, int], ...], int, float]


def tally(res: GameResult, decisions: int, seconds: float) -> Tally:
    """The part of a game's result the totals add up."""
    scores = tuple((sr.seat, sr.score) for sr in res.seats)
    return (res.cooperative, res.won, tuple(res.winners()), scores, decisions, seconds)


# One game's outcome as a worker sends it back: its tally, or an error line.
Outcome = Tally | str


def _play_outcome(
    info: GameInfo, config: GameConfig, seed: int, levels: list[str], check: bool
) -> Outcome:
    try:
        played = play(info, config, seed, levels, check=check)
    except Exception as exc:  # a bug in one game must not stop the whole run
        return f"seed {seed}: {type(exc).__name__}: {exc}"
    return tally(played.result, played.decisions, played.seconds)


# The game a worker process plays, when handed over at start (a forked worker inherits it
# as it is, so games built at run time work too); otherwise looked up by id.
_WORKER_INFO: GameInfo | None = None


def _init_worker(info: GameInfo | None) -> None:
    global _WORKER_INFO
    _WORKER_INFO = info
    import signal

    # Ctrl-C at a terminal reaches every process of the group. Left to Python, a worker
    # would hand the interrupt back as one chunk's error and go on with the queued ones;
    # ended by it at once instead, it leaves the parent to stop with nothing to wait for.
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, signal.SIG_DFL)


def _play_chunk(
    game_id: str, config: GameConfig, seeds: range, levels: list[str], check: bool
) -> list[Outcome]:
    """Runs in a worker process: the games of consecutive seeds, in order."""
    info = _WORKER_INFO if _WORKER_INFO is not None else get_game(game_id)
    return [_play_outcome(info, config, s, levels, check) for s in seeds]


# The most games in one chunk (progress stays steady) and the fewest (each chunk a worker
# plays costs a round trip between processes, about what a short game costs).
_MOST_GAMES, _FEWEST_GAMES = 250, 4


def _chunks(first: int, games: int, jobs: int) -> list[range]:
    """Seed ranges in order, for ``jobs - 1`` workers taking them from the front and the
    calling process from the back.

    Each is a sixth of the way left to where the two sides should meet, so chunks shrink
    towards there and the last ones either side plays are small: whichever side gets there
    first waits for a few games at most, even if one side ran slower than expected.
    """
    workers = jobs - 1
    meet = first + games * workers // jobs
    end = first + games
    front: list[range] = []
    while (start := front[-1].stop if front else first) < meet:
        size = max(_FEWEST_GAMES, min(_MOST_GAMES, (meet - start) // (6 * workers)))
        front.append(range(start, min(meet, start + size)))
    back: list[range] = []
    while (stop := back[-1].start if back else end) > meet:
        size = max(_FEWEST_GAMES, min(_MOST_GAMES, (stop - meet) // 6))
        back.append(range(max(meet, stop - size), stop))
    return front + back[::-1]


def simulate(
    info: GameInfo,
    config: GameConfig,
    games: int,
    seed: int,
    levels: list[str],
    progress: Callable[[int], Any] | None = None,
    jobs: int = 1,
    check: bool = False,
) -> SimSummary:
    """Play ``games`` games with seeds ``seed, seed+1, ...``; errors are counted, not raised.

    ``jobs`` > 1 plays them in that many processes (this one and ``jobs - 1`` workers) with
    the same seeds and the same totals; ``progress(n)`` is told whenever ``n`` more games
    are done; ``check`` plays every game through the conformance kit.
    """
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be 1..{MAX_GAMES}, not {games}")
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be 1..{MAX_JOBS}, not {jobs}")
    summary = SimSummary(info.id, games, config.players, list(levels))
    summary.wins = [0.0] * config.players
    summary.scores = [[] for _ in range(config.players)]

    def record(outcome: Outcome) -> None:
        if isinstance(outcome, str):
            summary.errors += 1
            summary.error_messages.append(outcome)
        else:
            summary.add_tally(outcome)

    jobs = min(jobs, games)
    if jobs == 1:
        for i in range(games):
            record(_play_outcome(info, config, seed + i, levels, check))
            if progress is not None:
                progress(1)
        return summary
    for outcomes in _play_shared(
        info, config, _chunks(seed, games, jobs), levels, jobs, check, progress
    ):
        for outcome in outcomes:
            record(outcome)
    return summary


def _play_shared(
    info: GameInfo,
    config: GameConfig,
    chunks: list[range],
    levels: list[str],
    jobs: int,
    check: bool,
    progress: Callable[[int], Any] | None,
) -> list[list[Outcome]]:
    """The outcomes of ``chunks``, played by ``jobs - 1`` worker processes from the front and
    by this process from the back: this process does not sit idle while the workers play."""
    # The process pool loads only when it is used: a one-process run never pays for it.
    import multiprocessing
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor

    # Forked workers get the game as it is; elsewhere they look it up by id. The engine is
    # loaded here first, so forked workers inherit it instead of each loading it again.
    fork = "fork" in multiprocessing.get_all_start_methods()
    if fork:
        _ = info.state_class
    context = multiprocessing.get_context("fork" if fork else None)
    pool = ProcessPoolExecutor(
        max_workers=jobs - 1,
        mp_context=context,
        initializer=_init_worker,
        initargs=(info if fork else None,),
    )
    # Chunks are handed to the workers a few at a time, so that this process can take the
    # rest from the back. (Nothing is cancelled: Python 3.11's pool, when a worker dies,
    # fails on cancelled work with a traceback of its own.)
    ahead = 3 * (jobs - 1)
    front, back = 0, len(chunks)  # chunks[front:back] are not handed out yet
    futures: dict[int, Future[list[Outcome]]] = {}
    waiting: deque[int] = deque()  # the workers' chunks not known to be done, in order
    played: dict[int, list[Outcome]] = {}

    def hand_out() -> None:
        nonlocal front
        while waiting and futures[waiting[0]].done():
            i = waiting.popleft()
            if progress is not None:
                progress(len(chunks[i]))
        while front < back and sum(not futures[i].done() for i in waiting) < ahead:
            futures[front] = pool.submit(
                _play_chunk, info.id, config, chunks[front], list(levels), check
            )
            waiting.append(front)
            front += 1

    with pool:
        hand_out()
        while front < back:
            back -= 1
            played[back] = [_play_outcome(info, config, s, levels, check) for s in chunks[back]]
            if progress is not None:
                progress(len(chunks[back]))
            hand_out()
        for i in waiting:
            futures[i].result()
            if progress is not None:
                progress(len(chunks[i]))
        # In seed order, so the sums match a one-process run.
        return [played[i] if i in played else futures[i].result() for i in range(len(chunks))]

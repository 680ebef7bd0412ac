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
from typing import TYPE_CHECKING, Any

from .bots import bot_rng, context_for
from .core import GameConfig, GameResult, GameState
from .registry import GameInfo, get_game

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

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


def _worker(
    conn: Connection,
    info: GameInfo | None,
    game_id: str,
    config: GameConfig,
    chunks: list[range],
    levels: list[str],
    check: bool,
) -> None:
    """Runs in a worker process: plays each chunk whose number it is sent and sends back
    ``(number, outcomes)``, until it is sent None.

    A forked worker is handed the game as it is (so games built at run time play too);
    a spawned one looks it up by id.
    """
    import signal

    # Ctrl-C at a terminal reaches every process of the group: a worker ends there and then,
    # quietly, and leaves the interrupt to the parent.
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    if info is None:
        info = get_game(game_id)
    while (i := conn.recv()) is not None:
        conn.send((i, [_play_outcome(info, config, s, levels, check) for s in chunks[i]]))


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
    by this process from the back: this process does not sit idle while the workers play.

    Plain processes and pipes rather than a process pool: nothing to start but the workers,
    and no threads in this process taking turns with its games.
    """
    # Loaded only when used: a one-process run never pays for them.
    import multiprocessing
    from multiprocessing.connection import wait

    # The engine is loaded here first, so forked workers inherit it instead of each loading
    # it again.
    fork = "fork" in multiprocessing.get_all_start_methods()
    if fork:
        _ = info.state_class
    context = multiprocessing.get_context("fork" if fork else None)
    # Chunks are handed to each worker a few at a time, so that it never waits for this
    # process to finish a chunk of its own, and the rest is left to take from the back.
    ahead = 3
    front, back = 0, len(chunks)  # chunks[front:back] are not handed out yet
    workers: dict[Connection, tuple[BaseProcess, list[int]]] = {}  # with chunks out
    played: dict[int, list[Outcome]] = {}
    finished = False

    def lost(process: BaseProcess) -> RuntimeError:
        process.join()
        return RuntimeError(
            "a sim worker process stopped before its games were done "
            f"(exit code {process.exitcode})"
        )

    def take_in(block: bool) -> None:
        """Takes in the chunks the workers have played (waiting for one if ``block``)."""
        busy = [conn for conn, (_, out) in workers.items() if out]
        for conn in wait(busy, None if block else 0):
            process, out = workers[conn]  # type: ignore[index]
            try:
                i, outcomes = conn.recv()  # type: ignore[union-attr]
            except (EOFError, OSError):
                raise lost(process) from None
            out.remove(i)
            played[i] = outcomes
            if progress is not None:
                progress(len(chunks[i]))

    def hand_out() -> None:
        nonlocal front
        take_in(block=False)
        for conn, (process, out) in workers.items():
            while front < back and len(out) < ahead:
                try:
                    conn.send(front)
                except OSError:
                    raise lost(process) from None
                out.append(front)
                front += 1

    try:
        for _ in range(jobs - 1):
            here, there = context.Pipe()
            process = context.Process(
                target=_worker,
                args=(there, info if fork else None, info.id, config, chunks, levels, check),
                daemon=True,
            )
            process.start()
            there.close()
            workers[here] = (process, [])
        hand_out()
        while front < back:
            back -= 1
            played[back] = [_play_outcome(info, config, s, levels, check) for s in chunks[back]]
            if progress is not None:
                progress(len(chunks[back]))
            hand_out()
        while any(out for _, out in workers.values()):
            take_in(block=True)
        finished = True
    finally:
        for conn, (process, _) in workers.items():
            try:
                if not finished:  # interrupted, or a worker failed: the others stop at once
                    process.terminate()
                conn.send(None)
            except OSError:  # it has stopped already
                pass
            process.join()
            conn.close()
    # In seed order, so the sums match a one-process run.
    return [played[i] for i in range(len(chunks))]

"""Headless play: bots in every seat, used by ``tabletop-tui sim``, benchmarks and tests.

``simulate`` can spread its games over several processes (``jobs``): each game depends only
on its seed, and the outcomes are summed in seed order, so the totals never depend on how
many processes played them.
"""

from __future__ import annotations

import statistics
import time
from collections import deque
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
    parent_ends: list[Connection],
    info: GameInfo | None,
    game_id: str,
    config: GameConfig,
    levels: list[str],
    check: bool,
) -> None:
    """Runs in a worker process: plays each range of seeds it is sent and sends back the
    outcomes, until it is sent None.

    A forked worker is handed the game as it is (so games built at run time play too);
    a spawned one looks it up by id.
    """
    import signal

    # The copies of the parent's ends of the pipes: with them closed, a worker whose parent
    # was killed reads the end of its pipe and stops, instead of waiting for ever.
    for end in parent_ends:
        end.close()

    # Ctrl-C at a terminal reaches every process of the group: a worker ends there and then,
    # quietly, and leaves the interrupt to the parent.
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    if info is None:
        info = get_game(game_id)
    try:
        while (seeds := conn.recv()) is not None:
            conn.send([_play_outcome(info, config, s, levels, check) for s in seeds])
    except (EOFError, OSError):  # the parent is gone: nobody is waiting for the games
        pass


# The most games in one chunk (progress stays steady) and the fewest (each chunk costs a
# round trip between the processes, and a worker must not run dry between two looks).
_MOST_GAMES, _FEWEST_GAMES = 250, 4


def _chunk_size(left: int, jobs: int) -> int:
    """How many of the ``left`` games nobody has taken yet go to a worker at once: a share
    small enough that the chunks shrink as the games run out, so that no process is left
    playing long after the others are done."""
    return max(_FEWEST_GAMES, min(_MOST_GAMES, left // (4 * jobs)))


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
    for outcome in _play_shared(
        info, config, range(seed, seed + games), levels, jobs, check, progress
    ):
        record(outcome)
    return summary


def _play_shared(
    info: GameInfo,
    config: GameConfig,
    seeds: range,
    levels: list[str],
    jobs: int,
    check: bool,
    progress: Callable[[int], Any] | None,
) -> list[Outcome]:
    """The outcomes of the games of ``seeds``, in order, played by ``jobs - 1`` worker
    processes and this one.

    The workers are sent chunks of seeds from the front, a couple at a time, and this
    process plays the seeds from the back one game at a time, sending more between its
    games: it never holds more than one game that a worker could be playing, and the
    chunks shrink as the seeds run out, so when the two sides meet no worker has more than
    a couple of small chunks left to play.

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
    ahead = 2  # chunks a worker has been sent and not sent back: one playing, one next
    front, back = seeds.start, seeds.stop  # the seeds nobody has taken yet
    workers: dict[Connection, tuple[BaseProcess, deque[range]]] = {}
    theirs: dict[int, list[Outcome]] = {}  # the workers' outcomes, by a chunk's first seed
    mine: list[Outcome] = []  # this process's outcomes, from the last seed back
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
                outcomes = conn.recv()  # type: ignore[union-attr]
            except (EOFError, OSError):
                raise lost(process) from None
            chunk = out.popleft()  # a worker plays its chunks in the order sent
            theirs[chunk.start] = outcomes
            if progress is not None:
                progress(len(chunk))

    def hand_out() -> None:
        nonlocal front
        take_in(block=False)
        for conn, (process, out) in workers.items():
            while front < back and len(out) < ahead:
                chunk = range(front, min(back, front + _chunk_size(back - front, jobs)))
                try:
                    conn.send(chunk)
                except OSError:
                    raise lost(process) from None
                out.append(chunk)
                front = chunk.stop

    try:
        for _ in range(jobs - 1):
            here, there = context.Pipe()
            process = context.Process(
                target=_worker,
                args=(
                    there,
                    [*workers, here],
                    info if fork else None,
                    info.id,
                    config,
                    levels,
                    check,
                ),
                daemon=True,
            )
            process.start()
            there.close()
            workers[here] = (process, deque())
        hand_out()
        while front < back:
            back -= 1
            mine.append(_play_outcome(info, config, back, levels, check))
            if progress is not None:
                progress(1)
            # Looking at the pipes costs under 1% of a Mesos game, and every other game is
            # soon enough: a worker that starts its last chunk still has _FEWEST_GAMES or
            # more to play.
            if (seeds.stop - back) % 2 == 0:
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
    outcomes = [outcome for start in sorted(theirs) for outcome in theirs[start]]
    return outcomes + mine[::-1]

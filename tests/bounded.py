"""A step bound for loops that play a game until it ends: a bot or rule that loops makes the
test fail with a message instead of hanging the run."""

from __future__ import annotations

from collections.abc import Iterator

# Far above any real game's decision count (a long Mezo game takes a few thousand).
GAME_STEPS = 20_000


def bounded(limit: int = GAME_STEPS, what: str = "the game") -> Iterator[int]:
    """Yield 0 .. ``limit - 1``, then fail: ``for _ in bounded(): ... break`` never hangs."""
    yield from range(limit)
    raise AssertionError(f"{what} did not finish within {limit} steps")

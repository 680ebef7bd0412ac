"""The garbage collector kept out of the way of a game's moves.

A move allocates thousands of short-lived objects (styles, segments, strips): with Python's
default thresholds every move ran one or two young collections, and now and then a full one
that traversed every object of the process (the app, its widgets, the game's data), tens of
milliseconds that fell between a key and its frame. While a game is on screen, what exists
once it is drawn is frozen (lives as long as the game, is not traversed again) and young
collections run less often; when the last game screen goes, both are undone, and what the
game left behind is collected as usual.
"""

from __future__ import annotations

import gc
from typing import Any

# Allocations between two young collections while a game is on screen (Python's default
# is 700): a move's garbage is then collected every few moves, not within each one.
YOUNG_THRESHOLD = 20_000

_holders: list[Any] = []  # the game screens on screen now, by identity
_thresholds: tuple[int, int, int] | None = None  # as they were before the first holder


def hold(holder: Any) -> None:
    """``holder`` (a game screen) is drawn: freeze what exists now and collect young
    objects less often until it is ``release``d. Called again, it freezes what was made
    since."""
    global _thresholds
    if not any(h is holder for h in _holders):
        _holders.append(holder)
    if _thresholds is None:
        _thresholds = gc.get_threshold()
        young, *older = _thresholds
        gc.set_threshold(max(young, YOUNG_THRESHOLD), *older)
    gc.freeze()


def release(holder: Any) -> None:
    """``holder`` is gone: everything frozen goes back to the collector (what the game left
    behind is collected with the next full collection; another game screen still up runs
    unfrozen). Once no holder is left, the thresholds are restored."""
    global _thresholds
    _holders[:] = [h for h in _holders if h is not holder]
    gc.unfreeze()
    if not _holders and _thresholds is not None:
        gc.set_threshold(*_thresholds)
        _thresholds = None

"""The conformance kit: checks every registered game keeps the engine protocol's promises.

``check_game`` plays seeded random games and asserts, along the way: decisions have unique,
non-empty options until the end and none after; an illegal id raises and changes nothing;
clones are independent; a save reloads to an equal state; the same seed and choices give the
same state; the game's own invariants hold; no seat's view shows another seat's hidden cards;
every view has the shape its game's view type declares, and two seats' views differ only in
keys it marks as the viewer's own or private; the game ends within its bound; results rank every seat. Tests call it for each game and
configuration.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import RandomBot, bot_rng, context_for
from .core import GameOver, GameState, IllegalMove
from .record import GameRecord
from .registry import GameInfo
from .views import ForViewer, Private, shape_errors, view_type, without_marked


def _check_decision(state: GameState) -> None:
    decision = state.decision()
    if decision is None:
        return
    assert decision.options, f"empty options at move {len(state.history)}"
    ids = decision.ids
    assert len(ids) == len(set(ids)), f"duplicate option ids: {ids}"
    assert all(isinstance(i, str) and i for i in ids)
    assert all(o.label for o in decision.options), "every option needs a label"
    assert 0 <= decision.seat < state.players
    assert decision.prompt


def _differences(a: Any, b: Any, path: str = "view") -> list[str]:
    """Where two views differ, for a failure message."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{path}[{k!r}]" for k in sorted(set(a) ^ set(b))]
        for k in sorted(set(a) & set(b)):
            out += _differences(a[k], b[k], f"{path}[{k!r}]")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        pairs = enumerate(zip(a, b, strict=True))
        return [p for i, (x, y) in pairs for p in _differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [path]


def check_view_shapes(state: GameState) -> None:
    """Every seat's view and a spectator's have exactly the keys and value types of the
    game's view ``TypedDict``, and differ from each other only in keys it marks
    ``ForViewer`` or ``Private`` (a game that declares no view type is not checked)."""
    hint = view_type(type(state))
    if hint is None:
        return
    at = f"move {len(state.history)}"
    seats: tuple[int | None, ...] = (None, *range(state.players))
    views = {seat: state.view(seat) for seat in seats}
    for seat, view in views.items():
        errors = shape_errors(view, hint)
        assert not errors, f"{at}, seat {seat}'s view does not fit {hint.__name__}: {errors[:5]}"
    public = {seat: without_marked(v, hint, ForViewer, Private) for seat, v in views.items()}
    for seat, part in public.items():
        assert part == public[None], (
            f"{at}: seat {seat}'s view and a spectator's differ in keys not marked ForViewer "
            f"or Private: {_differences(part, public[None])[:5]}"
        )


def check_illegal_move(state: GameState) -> None:
    before = state.fingerprint()
    try:
        state.apply("\x00not-an-option")
    except (IllegalMove, GameOver):
        pass
    else:
        raise AssertionError("an illegal option id was accepted")
    assert state.fingerprint() == before, "an illegal move changed the state"


def check_views_hide_hidden(state: GameState, rng: random.Random) -> None:
    """No seat's view reveals what that seat may not see.

    Every seat's view must be the same for the real position and for a determinised twin in
    which everything hidden from that seat was re-dealt: a view that changes shows hidden
    cards (another seat's hand, the deck order, a secret choice).
    """
    for seat in range(state.players):
        twin = state.sample(seat, random.Random(rng.getrandbits(32)))
        assert twin.view(seat) == state.view(seat), (
            f"seat {seat}'s view changes when the cards hidden from it are re-dealt "
            f"(move {len(state.history)}): it shows hidden information"
        )


def play_checked(
    info: GameInfo,
    config_data: dict[str, Any],
    seed: int,
    deep_every: int = 25,
    levels: list[str] | None = None,
) -> GameState:
    """Play one game with bots (random by default) checking the protocol at every step."""
    config = info.config_model.model_validate(config_data)
    state = info.state_class.new(config, seed)
    levels = levels or ["random"] * config.players
    bots = [info.bot(lv) if lv != "random" else RandomBot() for lv in levels]
    rngs = [bot_rng(seed, i) for i in range(config.players)]
    chooser = random.Random(seed)
    n = 0
    while True:
        _check_decision(state)
        state.check_invariants()
        decision = state.decision()
        if decision is None:
            break
        assert n < info.max_decisions, f"no end within {info.max_decisions} decisions"
        if n % deep_every == 0:
            check_illegal_move(state)
            check_views_hide_hidden(state, chooser)
            _check_clone_and_save(info, state, chooser)
            check_view_shapes(state)
        option_id = bots[decision.seat].choose(context_for(state, rngs[decision.seat]))
        state.apply(option_id)
        n += 1
    assert state.decision() is None
    result = state.result()
    assert result is not None, "a finished game must have a result"
    assert sorted(s.seat for s in result.seats) == list(range(state.players))
    assert all(s.rank >= 1 for s in result.seats)
    assert min(s.rank for s in result.seats) == 1
    if result.cooperative:
        assert result.won is not None, "solo and co-op results say win or loss"
    check_illegal_move(state)
    _check_clone_and_save(info, state, chooser)
    return state


def _check_clone_and_save(info: GameInfo, state: GameState, chooser: random.Random) -> None:
    # Save -> load -> equal state.
    text = GameRecord.of(state).to_json()
    loaded = GameRecord.from_json(text).load(info)
    assert loaded.fingerprint() == state.fingerprint(), "save/load changed the state"
    # Same seed and choices -> equal state.
    again = info.state_class.replay(state.config, state.seed, list(state.history))
    assert again.fingerprint() == state.fingerprint(), "replay is not deterministic"
    # Clones are independent: moving the clone leaves the original alone.
    before = state.fingerprint()
    twin = state.clone()
    assert twin.fingerprint() == before
    decision = twin.decision()
    if decision is not None:
        twin.apply(chooser.choice(decision.options).id)
        twin.view(decision.seat)
    assert state.fingerprint() == before, "a clone shares mutable data with its original"
    # A determinised copy stays playable from the same decision, keeps the seat's view, and
    # depends only on that view: re-dealing an already re-dealt copy with the same random
    # stream gives the very same copy (otherwise the sample leaks the real hidden cards).
    d = state.decision()
    if d is not None:
        sample = state.sample(d.seat, random.Random(1))
        sd = sample.decision()
        assert sd is not None and sd.seat == d.seat, "determinize changed whose turn it is"
        assert sample.view(d.seat) == state.view(d.seat), "determinize changed what the seat sees"
        again = state.sample(d.seat, random.Random(2)).sample(d.seat, random.Random(1))
        assert again.fingerprint() == sample.fingerprint(), (
            "determinize depends on the real hidden cards, not only on the seat's view "
            "(sort the unseen cards before shuffling them)"
        )

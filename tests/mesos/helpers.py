"""Helpers that build crafted Mesos situations for the rulebook examples and rulings."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop_tui.games.mesos.data import load_data
from tabletop_tui.games.mesos.rules import MesosConfig, MesosState, Tribe, make_tribe

from ..bounded import bounded

DATA = load_data()


def new_game(players: int = 2, seed: int = 0, expert: bool = False) -> MesosState:
    return MesosState(MesosConfig(players=players, expert=expert), seed)


def _containers(state: MesosState) -> list[list[str]]:
    return [
        state.deck,
        state.top,
        state.bottom,
        state.top_b,
        state.bottom_b,
        state.box,
        state.discard,
        *state.waiting.values(),
    ]


def arrange(
    state: MesosState,
    top: Sequence[str] | None = None,
    bottom: Sequence[str] | None = None,
    top_b: Sequence[str] | None = None,
    bottom_b: Sequence[str] | None = None,
) -> None:
    """Put exactly these cards in the rows. Cards pulled from the deck are replaced there by
    the cards they displace (so the deck keeps its size); other displaced cards are
    discarded. Tests that arrange rows are about rules, not about the deck's era order."""
    for name, wanted in (
        ("top", top),
        ("bottom", bottom),
        ("top_b", top_b),
        ("bottom_b", bottom_b),
    ):
        if wanted is None:
            continue
        row: list[str] = getattr(state, name)
        orig = list(row)
        old = [c for c in orig if c not in wanted]
        row.clear()
        holes: list[tuple[list[str], int]] = []
        for w in wanted:
            if w in orig:
                continue
            for cont in _containers(state):
                if w in cont:
                    i = cont.index(w)
                    if cont is state.deck:
                        holes.append((cont, i))
                    else:
                        cont.pop(i)
                    break
            else:
                raise AssertionError(f"{w} is not in play")
        for cont, i in holes:
            if old:
                cont[i] = old.pop()
            else:
                cont[i] = None  # type: ignore[call-overload]
        state.deck[:] = [c for c in state.deck if c is not None]
        for c in old:
            (state.box if c in DATA.buildings else state.discard).append(c)
        row.extend(wanted)
    state._decision_cache = None


def set_tribe(
    state: MesosState,
    seat: int,
    chars: Sequence[str] = (),
    buildings: Sequence[str] = (),
    food: int = 0,
    pp: int = 0,
) -> Tribe:
    """Give ``seat`` exactly this tribe (cards taken out of wherever they were)."""
    for cid in [*chars, *buildings]:
        for cont in _containers(state):
            if cid in cont:
                cont.remove(cid)
                break
        for t in state.tribes:
            if cid in t.chars:
                t.chars.remove(cid)
            if cid in t.buildings:
                t.buildings.remove(cid)
    tribe = make_tribe(chars, buildings, food, pp)
    state.tribes[seat] = tribe
    state._decision_cache = None
    return tribe


def chars_of(kind: str, n: int, players: int = 2, **attrs: object) -> list[str]:
    """The first ``n`` Character ids of a type, in a ``players`` game, matching ``attrs``."""
    found = [
        c.id
        for c in DATA.characters.values()
        if c.type == kind
        and c.min_players <= players
        and all(getattr(c, k) == v for k, v in attrs.items())
    ]
    assert len(found) >= n, f"only {len(found)} {kind} cards match {attrs}"
    return found[:n]


def event_of(kind: str, era: int, final: bool = False) -> str:
    for e in DATA.events.values():
        if e.effect.kind == kind and e.era == era and e.final == final:
            return e.id
    raise AssertionError(f"no {kind} event in era {era}")


def building_of(kind: str, **params: object) -> str:
    for b in DATA.buildings.values():
        if b.effect.kind == kind and all(getattr(b.effect, k) == v for k, v in params.items()):
            return b.id
    raise AssertionError(f"no building {kind} {params}")


def play_until(state: MesosState, done: Callable[[MesosState], bool]) -> None:
    """Apply first options until ``done(state)``."""
    for _step in bounded():
        if done(state):
            break
        d = state.decision()
        assert d is not None
        state.apply(d.options[0].id)


def discarded_characters(state: MesosState) -> list[str]:
    """Characters out of play, free for a test to put back in the rows."""
    return [c for c in state.discard if c in DATA.characters]

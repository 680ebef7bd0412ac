"""Build exact Maeshowe positions for rule tests."""

from __future__ import annotations

from typing import Any

from tabletop_tui.games.maeshowe.rules import FIRST, MaeshoweState


def position(
    config: dict[str, Any] | None = None,
    hand: tuple[str, ...] | list[str] = (),
    hand2: tuple[str, ...] | list[str] | None = None,
    deck: tuple[str, ...] | list[str] = (),
    pile: tuple[str, ...] | list[str] = (),
    pile2: tuple[str, ...] | list[str] = (),
    row: tuple[str, ...] | list[str] = (),
    rest: str = "deck",
    health: list[int] | None = None,
    max_health: list[int] | None = None,
    food: int | None = None,
    passages: int | None = None,
    chain: list[int] | None = None,
    seed: int = 0,
) -> MaeshoweState:
    """A state whose first decision is the start of seat 0's turn with the given cards.

    ``deck`` lists the top cards, top first; every card not placed goes under them (or to
    the row with ``rest="row"``, out of play, when a test wants a short deck).
    """
    state = MaeshoweState.new(config or {"players": 1}, seed)
    idx = state.cat.index
    placed: set[int] = set()

    def cards(names: Any) -> list[int]:
        out = [idx[n] for n in names]
        assert not placed & set(out), f"card placed twice: {names}"
        placed.update(out)
        return out

    state.hands[0] = cards(hand)
    if state.n > 1:
        state.hands[1] = cards(hand2 or ())
    state.piles[0] = cards(pile)
    if state.n > 1:
        state.piles[1] = cards(pile2)
    state.row = cards(row)
    top = cards(deck)
    others = [c for c in range(state.cat.size) if c not in placed]
    if rest == "row":
        state.row.extend(others)
        others = []
    state.row_rune = [state.cat.rune[c] for c in state.row]
    state.deck = others + list(reversed(top))
    state.known_top = []
    if health is not None:
        state.health = list(health)
    if max_health is not None:
        state.max_health = list(max_health)
    if food is not None:
        state.food = food
    if passages is not None:
        state.passages = passages
        state.passages_start = max(state.passages_start, passages)
    state.chain = list(chain or [])
    state.turn_seat = state.actor = 0
    state.step = FIRST
    state.played = state.discarded = state.skip_check = state.gift_pending = False
    state.outcome = 0
    state._decision_cache = None
    state.check_invariants()
    return state


def ids(state: MaeshoweState, seat: int = 0) -> list[str]:
    return [state.cat.ids[c] for c in state.hands[seat]]


def pile_ids(state: MaeshoweState, seat: int = 0) -> list[str]:
    return [state.cat.ids[c] for c in state.piles[seat]]


def top_ids(state: MaeshoweState, n: int) -> list[str]:
    return [state.cat.ids[c] for c in reversed(state.deck[-n:])]


def play(state: MaeshoweState, *option_ids: str) -> MaeshoweState:
    for oid in option_ids:
        state.apply(oid)
        state.check_invariants()
    return state

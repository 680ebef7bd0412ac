"""The memoised madness odds and the cached card texts give exactly what a direct count does."""

from __future__ import annotations

import random
from itertools import combinations
from math import isclose

from tabletop_tui.games.maeshowe.data import ANY, BLUE, NONE, RED, RUNES
from tabletop_tui.games.maeshowe.rules import MaeshoweState, draw_odds


def _brute(kept: list[int], known: list[int], pool: list[int], n: int) -> float:
    """Every equally likely draw, counted one by one."""
    if n < 0 or n > len(known) + len(pool):
        return 0.0
    first = known[:n]
    rest = n - len(first)
    draws = list(combinations(range(len(pool)), rest))
    if not draws:
        return 0.0
    mad = 0
    for pick in draws:
        hand = kept + first + [pool[i] for i in pick]
        if NONE in hand:
            continue
        if all(r in (RED, ANY) for r in hand) or all(r in (BLUE, ANY) for r in hand):
            mad += 1
    return mad / len(draws)


def test_draw_odds_match_a_brute_force_count():
    rng = random.Random(5)
    runes = [RED, BLUE, ANY, NONE]
    for _ in range(400):
        kept = [rng.choice(runes[:3]) for _ in range(rng.randint(0, 4))]
        known = [rng.choice(runes) for _ in range(rng.randint(0, 2))]
        pool = [rng.choice(runes) for _ in range(rng.randint(0, 8))]
        n = rng.randint(-1, 4)
        assert isclose(draw_odds(kept, known, pool, n), _brute(kept, known, pool, n))


def test_card_json_is_a_fresh_copy_with_the_card_facts():
    state = MaeshoweState.new({"players": 1}, 3)
    card = state.hands[0][0]
    first = state.card_json(card)
    first["id"] = "changed"
    again = state.card_json(card)
    assert again["id"] == state.cat.ids[card] != "changed"
    assert again["rune"] == RUNES[state.cat.rune[card]]
    assert again["type"] == state.cat.type_of(card).id

"""Searches from fixed seeds choose what they always chose: a faster play-out, copy or
decision must not change a single draw, so the bots' moves and strength stay the same.

The figures were taken from the engine as it was before the play-out speed work (issue 16):
the chosen option, a digest of the whole search tree (visits, rewards, availability per
option id), and a digest of one play-out of a determinized copy.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from tabletop_tui.engine import mcts
from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.engine.mcts import SearchBot
from tabletop_tui.games.mezo.modules import MODULES
from tabletop_tui.games.mezo.rules import MezoState

TWO = {"players": 2}
FOUR = {"players": 4, **dict.fromkeys(MODULES, True)}
SOLO = {"players": 1}

# (config, position, chosen id, tree digest, play-out scores, play-out length, its digest)
PINS = [
    (TWO, 0, "split:S3W0", "fbaf5e904c57c316", [105, 83], 196, "9955edd40fc983db"),
    (TWO, 1, "card:uayeb.2", "82e8aa018602aa7f", [96, 105], 207, "277d3ae1272c222a"),
    (TWO, 2, "offer:0", "60e4455af0115156", [73, 109], 206, "fe7fd8dead3c0945"),
    (TWO, 3, "space:CAL2", "32f3e28f17700985", [67, 117], 210, "0ba841b1e5c1aedc"),
    (TWO, 4, "ability:glyph_carvers", "d7a93f63eba63cd9", [96, 121], 193, "2c1f7ac328a99a1f"),
    (FOUR, 0, "city:A", "be13cca1019445e7", [62, 70, 102, 85], 403, "2dbda633665f111c"),
    (FOUR, 1, "split:S0W2", "2083b4d1cd6dd07b", [104, 66, 82, 82], 398, "db69ad897fcdee60"),
    (SOLO, 0, "region:F", "30cbfc3c7ab4f0ce", [50], 88, "e89fd3e33434dbd7"),
    (SOLO, 1, "size:2", "c3e6877ad6971e19", [63], 104, "08cb026fea5adaf7"),
]


def _position(config: dict[str, Any], p: int) -> MezoState:
    """Some way into a seeded random game, as the speed benchmark's positions are."""
    state = MezoState.new(config, 100 + p)
    rng = random.Random(p)
    for _ in range(10 + 15 * p):
        state.apply_unrecorded(rng.choice(state.decision().options).id)
    return state


def _tree(node: Any) -> str:
    kids = ",".join(
        f"{oid}:{node.avail.get(oid)}{_tree(child)}" for oid, child in sorted(node.children.items())
    )
    return f"({node.visits},{node.total:.9f},{kids})"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("config", "p", "chosen", "tree", "scores", "length", "playout"),
    PINS,
    ids=[f"{c['players']}p-{len(c)}-{p}" for c, p, *_ in PINS],
)
def test_a_seeded_search_chooses_as_it_always_did(
    monkeypatch, config, p, chosen, tree, scores, length, playout
):
    state = _position(config, p)
    seat = state.decision().seat
    made: list[Any] = []
    node_class = mcts._Node

    def node() -> Any:  # the first node made is the root
        made.append(node_class())
        return made[-1]

    monkeypatch.setattr(mcts, "_Node", node)
    assert SearchBot(iterations=40).choose(context_for(state, bot_rng(p, seat))) == chosen
    assert _digest(_tree(made[0])) == tree

    twin = state.sample(seat, random.Random(p))
    twin.playout(random.Random(p), 2000)
    result = twin.result()
    assert result is not None
    assert [s.score for s in result.seats] == scores
    assert len(twin.history) == length and _digest("\n".join(twin.history)) == playout

"""A replay-equality guard for refactors of the Mezo engine that must change no behaviour.

A fixed set of seeded games (2, 3 and 4 players, the modules off, each alone and all on,
solo at every difficulty; bots of several levels) is played choice by choice. Every
decision (seat, prompt, kind, context, option ids, labels and targets), the deciding
seat's view, the log entries each choice produced and the final result go into one sha256
per game, compared with ``replay_guard.json``.

When a change is *meant* to alter Mezo's play (a rule, its data or a bot), record the
file again from the project root with ``python -m tests.mezo.test_replay_guard`` and say
so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from tabletop_tui.engine.bots import bot_rng, context_for
from tabletop_tui.games.mezo import GAME
from tabletop_tui.games.mezo.modules import MODULES

from ..bounded import bounded

GUARD_FILE = Path(__file__).with_name("replay_guard.json")
ALL_MODULES = dict.fromkeys(MODULES, True)

# name -> (options with "players", seed, bot level per seat)
GAMES: dict[str, tuple[dict[str, Any], int, list[str]]] = {
    "p2-hard-easy": ({"players": 2}, 11, ["hard", "easy"]),
    "p3-medium-random-easy": ({"players": 3}, 12, ["medium", "random", "easy"]),
    "p4-levels": ({"players": 4}, 13, ["random", "easy", "medium", "hard"]),
    "p4-base-content": ({"players": 4, "content": "base"}, 14, ["hard", "medium"] * 2),
    "p2-uayeb-kukulkan": (
        {"players": 2, "god_1": "uayeb", "god_2": "kukulkan"},
        15,
        ["medium", "hard"],
    ),
    "p3-random": ({"players": 3}, 16, ["random"] * 3),
    "p2-all-modules": ({"players": 2, **ALL_MODULES}, 21, ["hard", "medium"]),
    "p3-all-modules": ({"players": 3, **ALL_MODULES}, 22, ["easy", "hard", "random"]),
    "p4-all-modules": ({"players": 4, **ALL_MODULES}, 23, ["medium", "random", "hard", "easy"]),
    "p4-all-modules-random": ({"players": 4, **ALL_MODULES}, 24, ["random"] * 4),
    **{
        f"p3-{m}": ({"players": 3, m: True}, 30 + i, ["hard", "random", "medium"])
        for i, m in enumerate(MODULES)
    },
    **{
        f"solo-{level}-{diff}": (
            {"players": 1, "god_1": god, "difficulty": diff, "vengeful_offset": offset},
            40 + i,
            [level],
        )
        for i, (diff, god, level, offset) in enumerate(
            [
                ("apprentice", "ah_puch", "random", 0),
                ("standard", "cabrakan", "easy", 0),
                ("hard", "ixchel", "medium", 0),
                ("legendary", "kukulkan", "hard", 0),
                ("custom", "zotz", "hard", 7),
                ("standard", "uayeb", "medium", 0),
                ("hard", "xolotl", "random", 0),
            ]
        )
    },
}


def _canon(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, default=repr, separators=(",", ":")).encode()


def game_hash(options: dict[str, Any], seed: int, levels: list[str]) -> str:
    """Play one game and hash everything a player or a bot could notice, choice by choice."""
    config = GAME.make_config(options["players"], options)
    state = GAME.state_class.new(config, seed)
    bots = [GAME.bot(level) for level in levels]
    rngs = [bot_rng(seed, i) for i in range(len(levels))]
    h = hashlib.sha256()
    for _ in bounded(what=f"Mezo game {options} seed {seed}"):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seat
        h.update(
            _canon(
                [
                    seat,
                    decision.prompt,
                    decision.kind,
                    decision.secret,
                    decision.context,
                    [[o.id, o.label, o.target] for o in decision.options],
                    state.view(seat),
                ]
            )
        )
        choice = bots[seat].choose(context_for(state, rngs[seat]))
        entries = state.apply(choice)
        h.update(_canon([choice, [[e.text, e.seat, e.private_to] for e in entries]]))
    result = state.result()
    assert result is not None
    h.update(_canon([result.to_json(), state.view(None)]))
    return h.hexdigest()


def test_guard_covers_every_mode():
    players = {opts["players"] for opts, _, _ in GAMES.values()}
    levels = {lv for _, _, lvs in GAMES.values() for lv in lvs}
    assert players == {1, 2, 3, 4}
    assert levels == {"random", "easy", "medium", "hard"}
    assert set(json.loads(GUARD_FILE.read_text())) == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_plays_as_recorded(name):
    options, seed, levels = GAMES[name]
    expected = json.loads(GUARD_FILE.read_text())[name]
    assert game_hash(options, seed, levels) == expected, f"{name} no longer plays the same"


def record() -> None:
    """Write the fingerprints of the current engine (see the module docstring)."""
    hashes = {name: game_hash(*GAMES[name]) for name in sorted(GAMES)}
    GUARD_FILE.write_text(json.dumps(hashes, indent=1) + "\n")
    print(f"recorded {len(hashes)} games in {GUARD_FILE.name}")


if __name__ == "__main__":
    record()

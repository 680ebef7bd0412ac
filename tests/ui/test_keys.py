"""Key help made from the bindings: every binding has an id, every key of the game frame is
told of once, and the README's table and keys.md are what the bindings give."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest
from textual.binding import Binding

import tabletop_tui
from tabletop_tui.app import TabletopApp
from tabletop_tui.ui import keys
from tabletop_tui.ui.frame import GameScreen
from tabletop_tui.ui.picker import PickerScreen


def every_bindings_list() -> dict[str, list[Binding]]:
    """Each class of the package that declares BINDINGS, with its bindings."""
    found: dict[str, list[Binding]] = {}
    for module in pkgutil.walk_packages(tabletop_tui.__path__, "tabletop_tui."):
        if module.name.endswith("__main__"):
            continue
        mod = importlib.import_module(module.name)
        for name, obj in vars(mod).items():
            if isinstance(obj, type) and obj.__module__ == mod.__name__:
                bindings = obj.__dict__.get("BINDINGS")
                if bindings:
                    found[f"{mod.__name__}.{name}"] = list(bindings)
    return found


def test_every_binding_has_an_id_of_its_own():
    lists = every_bindings_list()
    assert "tabletop_tui.ui.frame.GameScreen" in lists and "tabletop_tui.app.TabletopApp" in lists
    seen: dict[str, str] = {}
    for owner, bindings in lists.items():
        for b in bindings:
            assert isinstance(b, Binding) and b.id, f"{owner}: {b!r} has no id"
            assert b.id not in seen, f"{b.id} is used by {seen[b.id]} and {owner}"
            seen[b.id] = owner


def test_the_key_help_tells_of_every_key_of_the_frame_once():
    told = [i for entry in keys.GAME_KEYS for i in entry.ids]
    assert len(told) == len(set(told)), "a binding is told of twice"
    frame_ids = {b.id for b in GameScreen.BINDINGS}  # type: ignore[union-attr]
    assert set(told) == frame_ids | {"app.command_palette"}
    told_start = [i for entry in keys.START_KEYS for i in entry.ids]
    assert len(told_start) == len(set(told_start)), "a start-screen binding is told of twice"
    start_ids = {b.id for b in PickerScreen.BINDINGS}  # type: ignore[union-attr]
    assert set(told_start) == start_ids | {"app.command_palette"}
    assert keys.all_boards(), "no shipped board has keys of its own: is the Mesos one gone?"
    for board in keys.all_boards():
        for b in board.bindings:
            assert b.id in keys.BOARD_KEYS, f"{board.game}'s key {b.key} has no words"


def test_the_palette_binding_is_the_one_textual_would_add():
    palette = keys.app_bindings()["app.command_palette"]
    assert palette.key == TabletopApp.COMMAND_PALETTE_BINDING
    assert palette.action == "command_palette"


def test_the_readme_table_and_keys_md_are_what_the_bindings_give(highcard):
    """(A game a test registers, here the fixture game, is not in the documents.)"""
    for path, text in keys.documents().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} differs from the bindings: run python -m tabletop_tui.ui.keys --write"
        )


def test_a_key_changed_in_the_bindings_changes_every_help(monkeypatch):
    def rebound(b):
        return dataclasses.replace(b, key="z") if b.id == "frame.undo" else b

    monkeypatch.setattr(GameScreen, "BINDINGS", [rebound(b) for b in GameScreen.BINDINGS])
    bindings = keys.app_bindings()
    rows = {what: k for k, what in keys.help_rows(bindings)}
    undo = next(e.what for e in keys.GAME_KEYS if e.ids == ("frame.undo",))
    assert rows[undo] == "z"
    assert f"| `z` | {undo} |" in keys.readme_table(bindings, [])
    assert f"- **z** — {undo}" in " ".join(keys.guide_lists(bindings, []).split())
    assert not all(p.read_text(encoding="utf-8") == t for p, t in keys.documents().items())


@pytest.mark.parametrize(
    ("key", "name"),
    [("u", "u"), ("J", "J"), ("question_mark", "?"), ("f1", "F1"), ("ctrl+p", "Ctrl+P")],
)
def test_key_names_read_as_a_player_types_them(key, name):
    assert keys.key_name(key) == name


def test_the_script_says_when_the_documents_are_stale(monkeypatch, capsys):
    assert keys.main([]) == 0
    monkeypatch.setattr(keys, "GAME_KEYS", keys.GAME_KEYS[1:])
    assert keys.main([]) == 1
    assert "out of date: README.md" in capsys.readouterr().out


def test_the_in_game_help_names_the_bot_speed_now():
    rows = keys.help_rows(keys.app_bindings(), {"frame.speed": "now slow"})
    assert any(k == "s" and w.endswith("; now slow") for k, w in rows)
    assert ("u", next(e.what for e in keys.GAME_KEYS if e.ids == ("frame.undo",))) in rows

"""The launcher holds the garbage collector off through the app's start-up: the app switches
it back on after its first frame, every other command before it starts its work."""

from __future__ import annotations

import gc

import pytest

from tabletop_tui import cli
from tabletop_tui.app import TabletopApp
from tabletop_tui.launch import run


@pytest.fixture
def collector():
    """Whatever a test does to the collector is undone after it."""
    yield
    gc.unfreeze()
    gc.enable()


def test_the_app_starts_with_the_collector_held_off(monkeypatch, collector, tmp_path):
    seen = []
    monkeypatch.setattr(cli, "_run_app", lambda data_dir, start: seen.append(gc.isenabled()) or 0)
    assert run(["--data-dir", str(tmp_path)]) == 0
    assert seen == [False]
    assert gc.isenabled()


def test_other_commands_run_with_the_collector(monkeypatch, capsys, collector, tmp_path):
    seen = []
    monkeypatch.setattr(cli, "cmd_locate", lambda args: seen.append(gc.isenabled()) or 0)
    assert run(["locate", "--data-dir", str(tmp_path)]) == 0
    assert seen == [True]


async def test_the_app_switches_the_collector_on_after_its_first_frame(collector, store) -> None:
    gc.disable()
    frozen = gc.get_freeze_count()
    app = TabletopApp(store, bot_speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.isenabled()
        # What the start-up made is kept out of the collector's way.
        assert gc.get_freeze_count() > frozen


async def test_an_app_started_with_the_collector_leaves_it_alone(collector, store) -> None:
    frozen = gc.get_freeze_count()
    app = TabletopApp(store, bot_speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() == frozen

"""Shared fixtures: a private data folder for every test, a save store and the test-only
game."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import registry
from tests.fixture_game import GAME as HIGHCARD


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """No test ever touches a real user's saves."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    yield


@pytest.fixture
def store(tmp_path):
    """A private save store, closed after the test."""
    from tabletop_tui.store import Store

    st = Store.open(tmp_path / "data")
    yield st
    st.close()


@pytest.fixture
def highcard():
    """The test-only game, registered for the duration of one test.

    It is taken out of the very table it went into: a fixture that swaps the registry table
    afterwards (``only_highcard``) would otherwise leave it behind in the real one."""
    table = registry.games()
    table[HIGHCARD.id] = HIGHCARD
    yield HIGHCARD
    table.pop(HIGHCARD.id, None)

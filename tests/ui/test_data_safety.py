"""The app with damaged, read-only or foreign saves, and keys below the minimum size."""

from __future__ import annotations

import sqlite3

from tabletop_tui.engine.record import GameRecord
from tabletop_tui.session import Session
from tabletop_tui.store import DB_NAME, Store
from tabletop_tui.ui.common import MessageScreen
from tabletop_tui.ui.frame import GameScreen
from tabletop_tui.ui.picker import PickerScreen
from tests.fixture_game import HighCardConfig
from tests.ui.conftest import highcard_start, screen_text, seats, settle


async def test_no_key_acts_on_the_game_below_the_minimum_size(make_app, store, only_highcard):
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert "Please enlarge the terminal" in screen_text(app)
        for key in ("1", "enter", "2", "down", "enter", "u", "q"):
            await pilot.press(key)
            await settle(pilot)
        assert app.screen is game
        assert store.get(game.session.game_id).moves == 0
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert store.get(game.session.game_id).moves >= 1


async def test_a_bad_row_is_named_and_the_rest_can_be_resumed(make_app, store, only_highcard):
    config = HighCardConfig(players=2)
    good = Session.start(only_highcard, config, seats("human", "medium"), 1, store)
    bad = Session.start(only_highcard, config, seats("human", "medium"), 2, store)
    store.conn.execute("UPDATE games SET updated='yesterday' WHERE id=?", (bad.game_id,))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert f"Saved game #{bad.game_id} has an unreadable last-move time" in text
        await pilot.press("l", "r")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game_id == good.game_id


async def test_saves_of_a_game_not_installed_are_counted(make_app, store, only_highcard):
    store.create_game(GameRecord(game="chess", config={"players": 2}, seed=1))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "1 saved game(s) of a game not installed here (chess) kept but not shown" in text


async def test_a_read_only_database_resumes_but_refuses_new_games(tmp_path, only_highcard):
    from tabletop_tui.app import TabletopApp

    store = Store.open(tmp_path)
    s = Session.start(only_highcard, HighCardConfig(players=2), seats("human", "medium"), 1, store)
    store.close()
    ro = Store.open(tmp_path)
    ro.read_only = f"the database {tmp_path / DB_NAME} is read-only"  # as a mode-444 file
    app = TabletopApp(ro, None, bot_speed="instant", curtain_guard=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Read-only: games can be resumed" in " ".join(screen_text(app).split())
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert app.screen.title_text == "New games cannot be saved"
        await pilot.press("enter")
        await pilot.press("r")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.game_id == s.game_id
        await pilot.press("1")
        await settle(pilot)
        assert not isinstance(app.screen, MessageScreen), screen_text(app)
    ro.close()
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 0  # nothing written
    conn.close()


async def test_a_read_only_store_says_so_at_start(tmp_path, only_highcard):
    from tabletop_tui.app import TabletopApp

    Store.open(tmp_path).close()
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("UPDATE meta SET value='9' WHERE key='schema'")
    conn.commit()
    conn.close()
    store = Store.open(tmp_path)
    app = TabletopApp(store, None, bot_speed="instant", curtain_guard=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, MessageScreen)
        assert dialog.title_text == "Saved games are read-only"
        assert "newer version of tabletop-tui" in dialog.message
        await pilot.press("enter")
        assert isinstance(app.screen, PickerScreen)
    store.close()

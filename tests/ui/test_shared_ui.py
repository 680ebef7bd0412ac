"""The game frame of a shared game: the host's window and a joined seat's window."""

from __future__ import annotations

from textual.widgets import Static

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.session import REMOTE, Session
from tabletop_tui.store import Store
from tabletop_tui.ui.frame import GameScreen
from tabletop_tui.ui.picker import JoinScreen, PickerScreen
from tests.fixture_game import HighCardConfig
from tests.ui.conftest import game_start, screen_text, settle

SEATS = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Ben", kind=REMOTE)]


def hosted(store: Store, highcard) -> Session:
    return Session.host(highcard, HighCardConfig(players=2), SEATS, 5, store=store)


async def test_a_joined_window_shows_its_seat_only_and_follows_the_host(
    tmp_path, store, only_highcard
):
    host = hosted(store, only_highcard)
    guest_store = Store.open(store.path.parent)
    app = TabletopApp(guest_store, {"join": host.codes[1]}, bot_speed="instant", curtain_guard=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.table.viewer == 1 and game.session.local == {1}
        decision = host.decision
        text = screen_text(app)
        assert "viewing: Ben" in text
        if decision.seat == 0:
            # The host's secret choice: only its prompt shows here, never its cards.
            assert "Waiting for Ann (human)" in text
            assert not game.table.viewer_decides()
            host.apply(decision.options[0].id)
            game._poll()  # the timer's tick, called directly
            await settle(pilot)
            assert game.session.state.history == host.state.history
            assert "Ann: Play a card (hidden choice)" in screen_text(app)
        assert game.table.viewer_decides()
        await pilot.press("1")
        await settle(pilot)
        assert host.sync() and host.state.history == game.session.state.history
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
    # Leaving let the seat go: the same code takes it again.
    assert not Store.open(store.path.parent).holders(host.game_id)[1].present
    guest_store.close()


async def test_the_host_window_shows_the_join_command_and_who_is_away(
    tmp_path, make_app, store, only_highcard
):
    start = game_start("highcard", SEATS, 9)
    app = make_app(start)
    async with app.run_test(size=(200, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        code = game.session.codes[1]
        assert game.session.hosting and game.table.viewer == 0
        assert [s.kind for s in game.session.seats] == ["human", "human"]
        # Play until Ben decides (Ann's secret choices first, if any).
        while game.table.viewer_decides():
            await pilot.press("1")
            await settle(pilot)
        text = screen_text(app)
        assert "Waiting for Ben (human) (not connected" in text
        prompt = str(game.query_one("#prompt", Static).content)
        # The usual data folder (here the test's) is not named in the command.
        assert f"another terminal, type: tabletop-tui join {code})" in prompt
        guest = Session.join(Store.open(store.path.parent), code)
        game._poll()
        await settle(pilot)
        assert "not connected" not in screen_text(app)
        guest.apply(guest.decision.options[0].id)
        game._poll()
        await settle(pilot)
        assert game.session.state.history == guest.state.history


async def test_the_picker_joins_with_a_code_and_refuses_a_wrong_one(
    tmp_path, make_app, store, only_highcard
):
    host = hosted(Store.open(store.path.parent), only_highcard)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("J")
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        await pilot.press(*"NOPE-NOPE-NOPE", "enter")
        await settle(pilot)
        assert "no game has the join code" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("J")
        await pilot.pause()
        await pilot.press(*host.codes[1].lower(), "enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.local == {1}


async def test_the_new_game_screen_offers_a_seat_at_another_keyboard(make_app, only_highcard):
    from textual.widgets import Select

    from tabletop_tui.ui.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.open_setup("highcard")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#players", Select).value = 2
        await pilot.pause()
        setup.query_one("#seat-kind-1", Select).value = REMOTE
        await pilot.pause()
        setup.action_start()
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.session.hosting and set(game.session.codes) == {1}
        assert game.session.seats[1].kind == "human"
        assert game.session.seats[1].name == "Player 2"

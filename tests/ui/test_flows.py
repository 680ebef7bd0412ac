"""Pilot flows: the picker, a game with bots played with the keyboard, undo, quit, resume,
the hand-off curtain, results, replay, history, errors and the size notice."""

from __future__ import annotations

import pytest

from tabletop_tui.engine import registry
from tabletop_tui.engine.record import GameRecord
from tabletop_tui.store import Store
from tabletop_tui.ui.common import MessageScreen
from tabletop_tui.ui.curtain import CurtainScreen
from tabletop_tui.ui.frame import DecisionPanel, GameScreen, LogPanel
from tabletop_tui.ui.history import HistoryScreen
from tabletop_tui.ui.picker import PickerScreen
from tabletop_tui.ui.replay import ReplayScreen
from tabletop_tui.ui.results import ResultScreen
from tabletop_tui.ui.setup import SetupScreen
from tests.fixture_board import CardFace
from tests.ui.conftest import (
    game_start,
    highcard_start,
    hold_slow_bots,
    market_start,
    screen_text,
    seats,
    settle,
    wait_until,
)
from tests.ui.games import FAULTY, TWOPICK

from ..bounded import bounded


@pytest.fixture
def twopick(monkeypatch, highcard):
    monkeypatch.setattr(registry, "_REGISTRY", {"highcard": highcard, "twopick": TWOPICK})
    return TWOPICK


def cards(screen, seat: int) -> list[str]:
    """The card faces the board shows for a seat ('?' for hidden ones)."""
    out = []
    for card in screen.query(CardFace):
        if card.id.startswith(f"hc-card{seat}-") and card.display:
            out.append(card.value)
    return out


def log_text(screen) -> str:
    return "\n".join(screen.query_one(LogPanel).texts)


async def test_picker_new_game_with_bot_play_undo_quit_resume(make_app, store, twopick):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PickerScreen)
        text = screen_text(app)
        assert "High Card" in text and "Two Pick" in text and "1–2 players" in text
        # The games are sorted by title: "2" is Two Pick.
        await pilot.press("j", "enter")
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.info.id == "twopick"
        app.screen.query_one("#seed").value = "77"
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        state = game.session.state
        assert state.seed == 77 and game.session.seats[1].kind == "medium"
        assert game.table.viewer == 0
        hand = list(state.view(0)["hands"][0])
        assert cards(game, 0) == [str(c) for c in hand]
        assert cards(game, 1) == ["?"] * 4
        # First pick with a digit, take it back, pick again with arrows and Enter.
        await pilot.press("1")
        assert game.session.state.history == [f"card:0:{hand[0]}"]
        assert "Pick your second card" in screen_text(app)
        await pilot.press("u")
        assert game.session.state.history == []
        assert store.get(game.session.game_id).moves == 0  # the undo is saved too
        await pilot.press("down", "down", "enter")
        await pilot.press("1")
        await settle(pilot)
        # The bot picked its two cards and the round was revealed.
        history = game.session.state.history
        assert len(history) == 4 and history[0] == f"card:2:{hand[2]}"
        assert "Bot 2: Pick your first card (hidden choice)" in log_text(game)
        assert "wins round 1" in log_text(game) or "tied" in log_text(game)
        game_id = game.session.game_id
        log_before = log_text(game)
        await pilot.press("q")
        assert isinstance(app.screen, PickerScreen)
        assert "Two Pick" in screen_text(app) and "4 moves" in screen_text(app)
        await pilot.press("r")
        await settle(pilot)
        resumed = app.screen
        assert isinstance(resumed, GameScreen) and resumed is not game
        assert resumed.session.game_id == game_id
        assert resumed.session.state.history == history
        assert log_text(resumed) == log_before


async def test_setup_remembers_last_choices(make_app, store, only_highcard):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#players").value = 3
        await pilot.pause()
        assert setup.query_one("#seat-row-2").display
        setup.query_one("#seat-name-0").value = "Zoe"
        setup.query_one("#seat-kind-2").value = "hard"
        setup.query_one("#opt-rounds").value = 4
        setup.query_one("#opt-open_hands").value = True
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        config = game.session.state.config
        assert (config.players, config.rounds, config.open_hands) == (3, 4, True)
        assert [s.name for s in game.session.seats] == ["Zoe", "Bot 2", "Bot 3"]
        await pilot.press("q", "1")
        again = app.screen
        assert isinstance(again, SetupScreen)
        assert again.query_one("#players").value == 3
        assert again.query_one("#seat-name-0").value == "Zoe"
        assert again.query_one("#seat-kind-2").value == "hard"
        assert again.query_one("#opt-rounds").value == 4
        assert again.query_one("#opt-open_hands").value is True


async def test_the_next_person_gets_an_inspector_band_of_their_own(make_app, only_highcard):
    """The inspector keeps the rows it grew to from one decision to the next, but not across
    a hand-off: the next person's band is not sized by what the one before read."""
    from tabletop_tui.ui.board import BoardView
    from tabletop_tui.ui.frame import Inspector

    app = make_app(highcard_start("human", "human", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        game = app.screen
        assert isinstance(game, GameScreen)
        inspector = game.query_one(Inspector)
        game.post_message(BoardView.Inspected(" ".join(["A long private text."] * 20)))
        await pilot.pause()
        tall = inspector.outer_size.height
        assert tall == 4
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is game
        # What Ben's board shows him first (a game's board tells the inspector at each
        # redraw; the fixture's leaves it to the test).
        game.post_message(BoardView.Inspected("A short text."))
        await pilot.pause()
        assert inspector.outer_size.height == 1
        assert "A long private text" not in screen_text(app)


async def test_setup_reports_a_bad_seed(make_app, only_highcard):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        app.screen.query_one("#seed").value = ""
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SetupScreen)
        assert "seed must be a whole number" in screen_text(app)


async def test_curtain_between_two_humans_on_secret_decisions(make_app, only_highcard):
    app = make_app(highcard_start("human", "human", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass the keyboard to Ann, then press Enter." in screen_text(app)
        game = app.screen_stack[-2]
        assert isinstance(game, GameScreen)
        # Under the curtain the board shows public information only.
        assert set(cards(game, 0)) == {"?"} and set(cards(game, 1)) == {"?"}
        await pilot.press("enter")
        assert app.screen is game
        ann = game.session.state.view(0)["hands"][0]
        assert cards(game, 0) == [str(c) for c in ann]
        assert set(cards(game, 1)) == {"?"}
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass the keyboard to Ben" in screen_text(app)
        # Ann's hand and her private log line are gone before Ben gets the keyboard.
        assert set(cards(game, 0)) == {"?"}
        assert "You play" not in log_text(game)
        await pilot.press("enter")
        ben = game.session.state.view(1)["hands"][1]
        assert cards(game, 1) == [str(c) for c in ben]
        assert set(cards(game, 0)) == {"?"}
        assert "Ann: Play a card (hidden choice)" in log_text(game)
        assert f"Play {ann[0]}" not in log_text(game)
        assert "You play" not in log_text(game)
        # Ben cannot undo Ann's move.
        await pilot.press("u")
        assert len(game.session.state.history) == 1


async def test_one_human_against_bots_never_sees_the_curtain(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium", "random", seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            assert isinstance(app.screen, GameScreen)
            await pilot.press("1")
            await settle(pilot)
        assert isinstance(app.screen, ResultScreen)


async def test_bot_thinking_is_shown_and_leaving_stops_it(store, only_highcard, monkeypatch):
    from tabletop_tui.app import TabletopApp

    hold_slow_bots(monkeypatch)
    app = TabletopApp(store, highcard_start("human", "medium"), bot_speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the table is ready for the person's key, however slow the machine
        game = app.screen
        await pilot.press("1")
        await wait_until(pilot, lambda: game.busy and "is thinking" in screen_text(app))
        assert "Bot B (medium bot) is thinking" in screen_text(app)
        await pilot.press("q")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        # The bot's move was dropped with the screen; the human's move is saved.
        assert store.get(game.session.game_id).moves == 1


async def test_tip_names_the_best_option_and_why(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium", seed=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("t")
        await settle(pilot)
        hand = game.session.state.view(0)["hands"][0]
        panel = game.query_one(DecisionPanel)
        tip = str(panel.query_one("#tip").render())
        assert f"Tip: {len(hand)}  Play {hand[-1]}" in tip
        assert "Plays its highest card." in tip
        assert panel.options.highlighted == len(hand) - 1


async def test_results_replay_and_history(make_app, store, twopick):
    app = make_app(game_start("twopick", seats("human", "medium"), 11, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "1")
        await settle(pilot)
        result = app.screen
        assert isinstance(result, ResultScreen)
        text = screen_text(app)
        assert "Rank" in text and "Score breakdown" in text and "Rounds won" in text
        assert "Ann and Bot B played" in text
        assert ("Ann wins" in text) or ("Bot B wins" in text) or ("Shared victory" in text)
        await settle(pilot)  # the analysis runs in a worker
        analysis = str(result.query_one("#analysis").render())
        assert analysis == "Analysis: 4 decisions were made."
        await pilot.press("r")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.cursor.pos == 0
        assert "Next: Ann: Pick your first card (hidden choice)" in screen_text(app)
        await pilot.press("right", "right")
        assert replay.cursor.pos == 2
        await pilot.press("end")
        assert replay.cursor.pos == 4 and "End of the game." in screen_text(app)
        await pilot.press("left")
        assert replay.cursor.pos == 3
        # A finished game may be seen from a seat's side.
        await pilot.press("home", "v")
        assert replay.viewer == 0 and "Next: Ann: Pick" in screen_text(app)
        assert cards(replay, 0) == [str(c) for c in replay.cursor.state.view(0)["hands"][0]]
        await pilot.press("g")
        await pilot.press("3", "enter")
        assert replay.cursor.pos == 3
        await pilot.press("q")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("p")
        assert isinstance(app.screen, PickerScreen)
        assert "No unfinished games" in screen_text(app)
        await pilot.press("v")
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert "Two Pick" in screen_text(app) and "won by" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q", "s")
        assert "Two Pick: 1 game(s) played" in screen_text(app)
        assert "Best score" in screen_text(app)


async def test_play_again_keeps_seats_and_options(make_app, twopick):
    app = make_app(game_start("twopick", seats("human"), 2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.screen.session
        await pilot.press("1", "1")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        assert "Victory" in screen_text(app) or "Defeat" in screen_text(app)
        await pilot.press("a")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.session is not first
        assert game.session.state.config == first.state.config
        assert game.session.seats == first.seats
        assert game.session.game_id != first.game_id


async def test_bots_only_game_plays_to_the_end(make_app, only_highcard):
    app = make_app(highcard_start("random", "medium", "hard", seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        game = app.screen_stack[-2]
        assert game.table.viewer is None


async def test_damaged_save_shows_a_message_and_keeps_the_picker(make_app, store, only_highcard):
    record = GameRecord(
        game="highcard",
        config={"players": 2},
        seed=1,
        history=["nonsense"],
        seats=seats("human", "medium"),
    )
    game_id = store.create_game(record)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        assert "cannot be opened" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, PickerScreen)
        assert store.get(game_id).status == "playing"  # kept for the player to decide


@pytest.mark.parametrize(
    ("game", "moves", "message"),
    [("faulty", 2, "rule code broke"), ("brokenboard", 1, "board bug")],
)
async def test_error_during_play_returns_to_picker_with_moves_saved(
    make_app, store, monkeypatch, highcard, game, moves, message
):
    """An engine error (round 2 of Faulty) or a board error (BrokenBoard, first redraw after
    a move) shows a message, goes back to the picker and keeps every move made."""
    from tests.ui.games import BROKEN_BOARD

    info = {"faulty": FAULTY, "brokenboard": BROKEN_BOARD}[game]
    monkeypatch.setattr(registry, "_REGISTRY", {game: info})
    start = highcard_start("human", "medium", seed=6)
    start["game"] = game
    app = make_app(start)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game_id = app.screen.session.game_id
        for _ in range(moves):
            await pilot.press("1")
            await settle(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert message in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, PickerScreen)
        assert store.get(game_id).moves == moves


async def test_store_warning_is_shown_once_at_start(tmp_path, only_highcard):
    from tabletop_tui.app import TabletopApp
    from tabletop_tui.store.db import DB_NAME

    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / DB_NAME).write_bytes(b"this is not a database" * 100)
    store = Store.open(folder)
    assert store.warning
    app = TabletopApp(store, bot_speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        assert "moved to" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, PickerScreen)
    store.close()


async def test_unknown_game_at_start_is_reported(make_app, only_highcard):
    app = make_app({"game": "nope", "players": 2})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        assert "unknown game 'nope'" in screen_text(app)


async def test_too_small_terminal_shows_a_notice(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Please enlarge the terminal" in text and "70×20" in text
        assert "Play a card" not in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        text = screen_text(app)
        assert "Please enlarge" not in text and "Play a card" in text


async def test_log_toggles_and_help_and_rules_open(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert not game.query_one(LogPanel).display
        await pilot.press("l")
        assert game.query_one(LogPanel).display
        assert not game.query_one("#board-area").display
        await pilot.press("l", "question_mark")
        assert "undo your last decision" in screen_text(app)
        assert "no rules summary yet" in screen_text(app)
        await pilot.press("escape", "r")
        assert "no rules yet" in screen_text(app)
        await pilot.press("escape")
        assert app.screen is game


async def test_wide_terminal_shows_the_log_beside_the_board(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        assert game.query_one(LogPanel).display and game.query_one("#board-area").display
        await pilot.press("l")
        assert not game.query_one(LogPanel).display


async def test_board_click_picks_the_option(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium", seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        hand = game.session.state.view(0)["hands"][0]
        await pilot.click("#hc-card0-1")
        assert game.session.state.history[0] == f"card:1:{hand[1]}"
        # A click on another seat's card does nothing.
        await settle(pilot)
        before = list(game.session.state.history)
        await pilot.click("#hc-card1-0")
        assert game.session.state.history == before


async def test_palette_has_the_game_commands(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Undo", "Tip", "Log", "Help", "Rules", "Leave game", "Bot speed: slow"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"leave game")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def test_digits_pick_two_digit_options(make_app, store, monkeypatch, highcard):
    """With ten or more options a first digit that could start a longer number waits."""
    from tabletop_tui.engine.core import Decision, Option

    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        picked = []
        many = Decision(0, "Pick", tuple(Option(f"o{i}", f"Option {i}") for i in range(12)))
        monkeypatch.setattr(type(game.table), "decision", property(lambda self: many))
        monkeypatch.setattr(game, "play", picked.append)
        game.update_decision_panel(many)
        await pilot.press("1")
        assert picked == [] and game.query_one(DecisionPanel).options.highlighted == 0
        await pilot.press("2")
        assert picked == ["o11"]
        await pilot.press("1", "enter")
        assert picked == ["o11", "o0"]
        await pilot.press("9")
        assert picked[-1] == "o8"


async def test_picking_keys_act_before_they_travel_through_the_widgets(
    make_app, monkeypatch, highcard
):
    """Digits and Enter on the options pick at once (priority bindings): the key never goes
    down to the focused options list and up again through the frame. Enter elsewhere, or
    with nothing to pick, still goes its usual way."""
    from textual.widgets import OptionList

    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        panel = game.query_one(DecisionPanel)
        reached: list[str] = []
        original = OptionList._on_key

        async def on_key(self, event):
            reached.append(event.key)
            await original(self, event)

        monkeypatch.setattr(OptionList, "_on_key", on_key)
        picked: list[str] = []
        monkeypatch.setattr(game, "play", picked.append)
        assert panel.options.has_focus and len(panel.option_ids) > 1
        await pilot.press("2")
        assert picked == [panel.option_ids[1]] and reached == []
        panel.highlight(1)
        await pilot.press("enter")
        assert picked[-1] == panel.option_ids[1] and reached == []
        # The list still moves its highlight with the arrows (its own keys).
        await pilot.press("down")
        assert reached == ["down"]
        # Options not focused: Enter picks nothing and goes on to the focused widget's way.
        game.query_one(LogPanel).focus()
        await pilot.pause()
        await pilot.press("enter")
        assert len(picked) == 2


async def test_board_keys_reach_the_board_and_the_help(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium", seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        hand = [str(c) for c in game.session.state.view(0)["hands"][0]]
        await pilot.press("o")
        assert cards(game, 0) == hand[::-1]
        assert game.session.state.history == []
        # The reversed board still plays the card clicked.
        await pilot.click("#hc-card0-0")
        assert game.session.state.history[0].endswith(f":{hand[-1]}")
        await pilot.press("question_mark")
        assert "Card order" in screen_text(app)


async def test_curtain_ignores_keys_typed_ahead(store, only_highcard):
    from tabletop_tui.app import TabletopApp

    # The guard is measured by a clock the test moves by hand: however slow the machine, no
    # time passes unless the test says so.
    now = [1000.0]
    app = TabletopApp(
        store,
        highcard_start("human", "human"),
        bot_speed="instant",
        curtain_clock=lambda: now[0],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.guard > 0
        await pilot.press("enter")  # a second Enter from the previous player
        assert app.screen is curtain
        now[0] += curtain.guard / 2  # still within the guard
        await pilot.press("enter")
        assert app.screen is curtain
        now[0] += curtain.guard  # the guard time has passed
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)


async def test_picker_says_how_far_each_saved_game_went(make_app, store, twopick):
    from tabletop_tui.session import Session

    config = TWOPICK.make_config(2, {"rounds": 3})
    session = Session.start(TWOPICK, config, seats("human", "medium"), 3, store)
    for _ in range(4):
        decision = session.decision
        session.apply(decision.options[0].id)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Two Pick" in text and "4 moves · Round 2" in text
        assert "Ann (human), Bot B (medium bot)" in text


async def test_a_game_that_ended_before_a_crash_is_finished_on_resume(make_app, store, twopick):
    from tabletop_tui.engine.record import GameRecord as Record
    from tabletop_tui.session import Session

    config = TWOPICK.make_config(1, {"rounds": 1})
    session = Session.start(TWOPICK, config, seats("human"), 3)
    for _step in bounded():
        if session.decision is None:
            break
        session.apply(session.decision.options[0].id)
    # Saved move by move, but the app stopped before the result was written.
    game_id = store.create_game(Record.of(session.state, session.seats))
    app = make_app({"resume": game_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        assert store.get(game_id).status == "finished"


async def test_theme_choice_is_remembered(make_app, store, only_highcard):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await pilot.pause()
    assert store.get_pref("theme") == "nord"
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


def test_themes_are_found_by_name_as_they_are_registered(store):
    """The app keeps the themes it looked up by name; registering or removing one is
    seen at the next look-up, as Textual's own table would answer."""
    from textual.theme import Theme

    from tabletop_tui.app import TabletopApp

    app = TabletopApp(store)
    nord = app.get_theme("nord")
    assert nord is not None and nord.name == "nord"
    assert app.get_theme("nord") is nord
    assert app.get_theme("no-such-theme") is None
    assert app.get_theme("no-such-theme, nord") is nord
    ours = Theme(name="no-such-theme", primary="#123456")
    app.register_theme(ours)
    assert app.get_theme("no-such-theme") is ours
    app.register_theme(Theme(name="nord", primary="#654321"))
    assert app.get_theme("nord") is not nord
    app.unregister_theme("no-such-theme")
    assert app.get_theme("no-such-theme") is None
    app.theme = "nord"
    assert app.current_theme.primary == "#654321"


async def test_missing_game_data_at_start_is_reported(make_app, store, monkeypatch, highcard):
    import dataclasses

    from tabletop_tui.assets import AssetError
    from tests.fixture_game import HighCard

    class NoData(HighCard):
        def _setup(self) -> None:
            raise AssetError("a game data file is missing: assets/highcard/cards.json")

    info = dataclasses.replace(highcard, id="nodata", state_class=NoData)
    monkeypatch.setattr(registry, "_REGISTRY", {"nodata": info})
    start = highcard_start("human", "medium")
    start["game"] = "nodata"
    app = make_app(start)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert "assets/highcard/cards.json" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, PickerScreen)
    assert store.all_games() == []  # nothing half-made was saved


async def test_rules_viewer_and_summary_show_the_markdown(make_app, monkeypatch, highcard):
    import dataclasses

    info = dataclasses.replace(highcard, rules_file="keys.md", rules_summary_file="keys.md")
    monkeypatch.setattr(registry, "_REGISTRY", {"highcard": info})
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert "Playing at one keyboard" in screen_text(app)
        await pilot.press("r")
        assert "Rules of High Card" in screen_text(app)
        assert "Several people at one keyboard" in screen_text(app)


def test_run_app_reports_an_unusable_data_folder(tmp_path, capsys):
    from tabletop_tui.app import run_app

    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    assert run_app(str(not_a_folder / "data"), None) == 1
    assert "cannot create the data folder" in capsys.readouterr().err


async def test_abandon_a_saved_game_after_confirming(make_app, store, only_highcard):
    from tabletop_tui.session import Session
    from tabletop_tui.ui.common import ConfirmScreen

    config = only_highcard.make_config(2, {})
    session = Session.start(only_highcard, config, seats("human", "medium"), 3, store)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert store.get(session.game_id).status == "playing"
        await pilot.press("x", "y")
        assert isinstance(app.screen, PickerScreen)
        assert store.get(session.game_id).status == "abandoned"
        assert "No unfinished games" in screen_text(app)


async def test_enter_typed_ahead_does_not_skip_the_results(make_app, twopick):
    app = make_app(game_start("twopick", seats("human"), 2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "1", "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)


async def test_once_the_game_is_over_the_footer_offers_the_results(make_app, twopick):
    """At the end the footer names Enter for the results where the digits and the tip
    were; the digits and the tip then do nothing, and Enter opens the results again from
    the board."""
    app = make_app(game_start("twopick", seats("human"), 2, rounds=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Pick" in footer and "Tip" in footer and "Results" not in footer
        await pilot.press("1", "1")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("b")  # back to the board
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        footer = screen_text(app).splitlines()[-1]
        assert footer.startswith(" ⏎ Results ")
        assert "Pick" not in footer and "Tip" not in footer and "Leave" in footer
        history = list(game.session.state.history)
        await pilot.press("1", "t")
        await settle(pilot)
        assert app.screen is game and game.session.state.history == history
        assert "Tip" not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)


async def test_start_straight_into_a_replay(make_app, store, twopick):
    from tabletop_tui.session import Session

    config = TWOPICK.make_config(2, {"rounds": 1})
    session = Session.start(TWOPICK, config, seats("human", "medium"), 3, store)
    session.apply(session.decision.options[0].id)
    app = make_app({"replay": session.game_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.cursor.length == 1
        # Still being played: public information only, whatever the key says.
        await pilot.press("v")
        assert replay.viewer is None
        assert set(cards(replay, 0)) == {"?"}


async def test_the_board_follows_the_highlighted_option(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium", seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        board = game.board
        ids = game.table.decision.ids
        assert board.highlights == [ids[0]]  # once, after the first drawing
        assert "›" + cards(game, 0)[0] + "‹" in screen_text(app)
        await pilot.press("down")
        assert board.highlights[-1] == ids[1] and board.highlighted == ids[1]
        text = screen_text(app)
        assert f"›{cards(game, 0)[1]}‹" in text and f"›{cards(game, 0)[0]}‹" not in text
        await pilot.press("k")
        assert board.highlights[-1] == ids[0]
        await pilot.press("t")  # the tip highlights the bot's choice: the highest card
        await settle(pilot)
        assert board.highlights[-1] == ids[-1]
        calls = len(board.highlights)
        await pilot.press("enter")
        await settle(pilot)
        # The bot's turn: no option of Ann's to follow; then her next decision's first one.
        assert None in board.highlights[calls:]
        assert board.highlights[-1] == game.table.decision.ids[0]
        assert board.highlights[-2:] != [board.highlights[-1]] * 2  # no repeated calls


async def test_a_board_without_the_hook_still_plays(make_app, store, monkeypatch, highcard):
    """The default ``highlight`` does nothing: the generic board shows the view and the
    frame works the same."""
    import dataclasses

    info = dataclasses.replace(highcard, screen="")
    monkeypatch.setattr(registry, "_REGISTRY", {"highcard": info})
    app = make_app(highcard_start("human", "medium", seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("down", "enter")
        await settle(pilot)
        assert len(game.session.state.history) == 2
        assert "scores" in screen_text(app)


def _market_with(monkeypatch, market, analysis):
    """The Market game with ``analysis`` as its after-game analysis."""
    import dataclasses

    info = dataclasses.replace(market, analysis=analysis)
    monkeypatch.setattr(registry, "_REGISTRY", {info.id: info})


async def _to_the_results(pilot) -> ResultScreen:
    """Ann takes the first stall at each of her turns (the bots play at once) until the
    results show; nothing waits for the analysis."""
    app = pilot.app
    for _ in bounded():
        screen = app.screen
        if isinstance(screen, ResultScreen):
            return screen
        if isinstance(screen, GameScreen) and not screen.busy and screen.table.viewer_decides():
            await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("unreachable")


async def test_leaving_the_results_stops_the_analysis(make_app, market, monkeypatch):
    """An analysis still running when the player leaves the results (here for another game)
    is told to stop, instead of sharing the machine with the next game's moves."""
    import threading

    started, stopped = threading.Event(), threading.Event()

    def analysis(state, stop) -> str:
        started.set()
        for _ in range(2000):  # at most 20 s: a search that bounds its own time
            if stop():
                stopped.set()
                return "stopped"
            threading.Event().wait(0.01)
        return "ran to its end"

    _market_with(monkeypatch, market, analysis)
    app = make_app(market_start(players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await _to_the_results(pilot)
        assert started.wait(10)
        assert not stopped.is_set()
        await pilot.press("a")  # play again
        assert stopped.wait(10)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_an_analysis_is_made_once_per_finished_game(make_app, market, monkeypatch):
    """The results shown again after a look at the board show the analysis at once, without
    searching again."""
    calls: list[int] = []

    def analysis(state, stop) -> str:
        calls.append(len(state.history))
        return f"{len(state.history)} decisions were made."

    _market_with(monkeypatch, market, analysis)
    app = make_app(market_start(players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        result = await _to_the_results(pilot)
        await settle(pilot)
        text = str(result.query_one("#analysis").render())
        assert text.startswith("Analysis: ") and text.endswith("decisions were made.")
        await pilot.press("b")  # the board
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")  # the results again
        await settle(pilot)
        again = app.screen
        assert isinstance(again, ResultScreen)
        assert str(again.query_one("#analysis").render()) == text
        assert len(calls) == 1

"""How the frame shares the screen: the board, the decision panel and the log at 80x24 and
120x40, with few and with many options."""

from __future__ import annotations

import re

from tabletop_tui.ui.frame import DecisionPanel, GameScreen, LogPanel, options_room
from tests.ui.conftest import highcard_start, market_start, screen_text, settle


def shown_options(text: str) -> list[int]:
    """The option numbers on screen, in order."""
    return [int(n) for n in re.findall(r"(\d+)  Take the", text)]


def test_options_room_by_terminal_size():
    assert options_room(80, 24) == 7  # the board keeps 13 of its 16 lines
    assert options_room(80, 40) == 12
    # Wide: the side column less the header, the footer, the panel's frame and the log.
    assert options_room(120, 40) == 24
    assert options_room(120, 40, log_shown=False) == 32
    assert options_room(120, 24) == 8


async def test_few_options_leave_the_board_its_sixteen_lines(make_app, only_highcard):
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert game.query_one("#board-area").size.height == 16
        assert game.query_one(DecisionPanel).size.height == 6


async def test_many_options_at_80x24_take_seven_lines_and_scroll(make_app, market):
    app = make_app(market_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        text = screen_text(app)
        assert shown_options(text) == [1, 2, 3, 4, 5, 6, 7]
        assert game.query_one("#board-area").size.height == 13
        # The last row shown says more options follow; none is said to be above.
        row7 = next(ln for ln in text.splitlines() if " 7  Take" in ln)
        assert row7.lstrip().startswith("↓") and "↑" not in text
        for _ in range(11):
            await pilot.press("down")
        text = screen_text(app)
        assert shown_options(text) == [6, 7, 8, 9, 10, 11, 12]
        assert "▶ 12  Take" in text
        row6 = next(ln for ln in text.splitlines() if " 6  Take" in ln)
        assert row6.lstrip().startswith("↑")
        await pilot.press("enter")
        assert game.session.state.history[0] == "take:11"


async def test_many_options_at_120x40_all_show_beside_the_board(make_app, market):
    app = make_app(market_start())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        text = screen_text(app)
        # Twelve options of two lines each in the side column, the log under them.
        assert shown_options(text) == list(range(1, 13))
        assert "↓" not in text
        assert game.query_one(LogPanel).size.height >= 6
        # Without the log, the options may take the whole column.
        await pilot.press("l")
        assert not game.query_one(LogPanel).display
        assert game.query_one(DecisionPanel).options.styles.max_height.value == 32


async def test_wrapped_option_labels_stay_indented(make_app, market):
    app = make_app(market_start())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        lines = screen_text(app).splitlines()
        first = next(i for i, ln in enumerate(lines) if "1  Take the lantern" in ln)
        column = lines[first].index("Take")
        assert lines[first + 1][column:].startswith("worth 4 points")
        assert lines[first + 1][column - 3 : column].strip("│ ") == ""


async def test_resizing_refits_the_options(make_app, market):
    app = make_app(market_start())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(80, 40)
        await pilot.pause()
        assert shown_options(screen_text(app)) == list(range(1, 13))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert shown_options(screen_text(app)) == list(range(1, 8))

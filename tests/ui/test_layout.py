"""How the frame shares the screen: the board, the decision panel and the log at 80x24 and
120x40, with few and with many options."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import pytest

from tabletop_tui.ui.frame import (
    DecisionPanel,
    GameScreen,
    LogPanel,
    options_room,
    waiting_words,
)
from tabletop_tui.ui.results import ResultScreen
from tests.ui.conftest import (
    highcard_start,
    hold_slow_bots,
    market_start,
    screen_text,
    settle,
    wait_until,
)


@asynccontextmanager
async def wide_game(make_app):
    """A settled high-card game at 120x40, a person against a bot: the app, its pilot, the
    game screen and its decision panel."""
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        yield app, pilot, game, game.query_one(DecisionPanel)


def shown_options(text: str) -> list[int]:
    """The option numbers on screen, in order."""
    return [int(n) for n in re.findall(r"(\d+)  Take the", text)]


def test_a_bots_prompt_names_it_once_while_it_thinks():
    """ "Bot 2 (medium bot) is thinking: take 2 from the top row (tile F)", not "...
    thinking: Bot 2 (tile F): take 2 ...": the name the prompt starts with goes, its detail
    moves to the end; any other prompt is left as it is."""
    assert waiting_words("Bot 2", "Bot 2 (tile F): take 2 from the top row") == (
        "take 2 from the top row (tile F)"
    )
    assert waiting_words("Bot 2", "Bot 2: choose a god") == "choose a god"
    assert (
        waiting_words("Bot 2", "Play a card (or pass): which?") == "Play a card (or pass): which?"
    )
    assert waiting_words("Bot 2", "Bot 22 (tile F): take 1") == "Bot 22 (tile F): take 1"
    assert waiting_words("Bot 2", "Bot 2 (a (b)): x") == "Bot 2 (a (b)): x"


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


async def play_market_to_the_end(pilot) -> None:
    """Ann takes the highlighted (first) stall each turn until the result screen shows."""
    app = pilot.app
    await settle(pilot)
    while isinstance(app.screen, GameScreen):
        await pilot.press("enter")
        await settle(pilot)


async def test_five_player_results_fit_80x24(make_app, market):
    app = make_app(market_start(players=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_market_to_the_end(pilot)
        result = app.screen
        assert isinstance(result, ResultScreen)
        lines = screen_text(app).splitlines()
        assert "Market: game over · ★" in lines[0]
        assert "The market closes." in lines[1]
        # The ranking first, then the breakdown down to its total: nothing below the fold.
        assert lines[3].split() == ["Rank", "Player", "Plays", "as", "Score"]
        assert lines[5].split()[0] == "1st" and len([ln for ln in lines if " bot " in ln]) == 4
        assert any(ln.startswith(" Amber bead") for ln in lines)
        total = next(ln for ln in lines if ln.startswith(" Total"))
        assert total.split()[1:] == [str(s.score) for s in result.result.seats]
        assert not result.more_below and "more below" not in "\n".join(lines)
        # The footer carries the buttons' keys on a short terminal.
        assert not result.query_one("#result-buttons").display
        assert "a Play again" in lines[-1]


async def test_results_that_do_not_fit_say_so(make_app, market, monkeypatch):
    import dataclasses

    from tabletop_tui.engine import registry

    long = "A long analysis. " * 60
    info = dataclasses.replace(market, analysis=lambda state, stop: long)
    monkeypatch.setattr(registry, "_REGISTRY", {info.id: info})
    app = make_app(market_start(players=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_market_to_the_end(pilot)
        await settle(pilot)  # the analysis arrives from a worker
        await pilot.pause()
        result = app.screen
        text = screen_text(app)
        assert result.more_below
        assert "▼ more below: ↓ or PgDn" in text.splitlines()[-2]
        # The ranking and the totals come before the analysis, so they are on screen.
        assert " 1st " in text and " Total " in text
        await pilot.press("end")
        await pilot.pause()
        assert not result.more_below
        assert screen_text(app).splitlines()[-2].strip().endswith("analysis.")
        await pilot.press("home")
        await pilot.pause()
        assert result.more_below


async def test_results_on_a_tall_terminal_show_the_buttons(make_app, market):
    app = make_app(market_start(players=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_market_to_the_end(pilot)
        result = app.screen
        assert result.query_one("#result-buttons").display
        assert "Play again (a)" in screen_text(app)
        assert not result.more_below


async def test_footer_names_the_option_numbers(make_app, market, store, monkeypatch):
    from tabletop_tui.app import TabletopApp

    hold_slow_bots(monkeypatch)
    app = TabletopApp(store, market_start(stalls=12), bot_speed="slow", curtain_guard=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert screen_text(app).splitlines()[-1].startswith(" 1-12 Pick ")
        await pilot.press("1", "2")
        await wait_until(pilot, lambda: game.busy and "is thinking" in screen_text(app))
        # Ben (a bot) decides: the digits are shown dimmed, and do nothing.
        assert "… Ben (random bot) is thinking: Take the good of one stall" in screen_text(app)
        pick = next(k for k in app.screen.query("FooterKey") if k.action == "digit('1')")
        assert pick.has_class("-disabled")
        await pilot.press("3")
        assert game.session.state.history == ["take:11"]
        await pilot.press("q")  # leaving stops the slow bot
        await app.workers.wait_for_complete()
    one = TabletopApp(store, market_start(stalls=1), bot_speed="instant", curtain_guard=0)
    async with one.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_text(one).splitlines()[-1].startswith(" 1 Pick ")


async def test_history_at_80x24_shows_each_result_before_the_players(make_app, market):
    from tabletop_tui.engine.record import SeatSpec

    start = market_start(players=5)
    start["seats"] = [
        SeatSpec(name=f"{name} of the Long Name", kind=seat.kind)
        for name, seat in zip(["Ann", "Ben", "Cat", "Dan", "Eve"], start["seats"], strict=True)
    ]
    app = make_app(start)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_market_to_the_end(pilot)
        winner = app.screen.session.seats[app.screen.result.winners()[0]].name
        await pilot.press("p", "v")
        row = next(ln for ln in screen_text(app).splitlines() if "Market" in ln)
        assert f"won by {winner}" in row
        assert row.split()[4] == "5"  # moves


async def test_beside_the_board_the_panel_keeps_its_height_and_the_log_stays(
    make_app, only_highcard
):
    """From 120 columns the decision panel never gets shorter (fewer options leave it as
    tall as it was), so the log under it stays where it is; hiding the log or a new size
    lets it fit its content again. At 80x24 it follows its content."""
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.screen
        panel, log = game.query_one(DecisionPanel), game.query_one(LogPanel)
        few = panel.outer_size.height
        many = [(f"x{i}", f"Option {i}") for i in range(12)]
        panel.show("Choose", many)
        await pilot.pause()
        tall = panel.outer_size.height
        assert tall > few
        log_region = log.region
        panel.show("Choose", many[:2])
        await pilot.pause()
        assert panel.outer_size.height == tall and log.region == log_region
        await pilot.press("l")  # the log hidden, then shown: the panel fits again
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert panel.outer_size.height == few
        panel.show("Choose", many)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        panel.show("Choose", many[:2])
        await pilot.pause()
        assert panel.outer_size.height == 6


async def test_a_move_that_changes_no_size_is_drawn_without_a_layout(make_app, only_highcard):
    """Beside the board, new options that take no more rows, a prompt and a header that
    take as many rows, and a footer key as wide as before are drawn in place: nothing is
    laid out, and the screen shows what laying it out again shows. More rows than the
    list has shown are laid out, and all of them show."""
    from textual.widgets._footer import FooterKey

    from tabletop_tui.ui.frame import PICK_ACTION, FrameHeader, update_changed

    async with wide_game(make_app) as (app, pilot, game, panel):
        many = [(f"x{i}", f"Option number {i}") for i in range(9)]
        panel.show("Choose one", many)
        game.refresh_footer()
        await pilot.pause()
        layouts = count_layouts(game)
        for count, prompt in ((4, "Choose another"), (7, "Choose a third")):
            panel.show(prompt, many[:count])
            game.refresh_footer()
            update_changed(game.query_one(FrameHeader), f"A header for {count}")
            await pilot.pause()
            assert not layouts, count
            text = screen_text(app)
            assert prompt in text and "A header for" in text
            assert shown_numbers(text) == list(range(1, count + 1))
            key = next(k for k in game.query(FooterKey) if k.action == PICK_ACTION)
            assert key.key_display == f"1-{count}"
            game.refresh(layout=True)  # laid out again: the same screen
            await pilot.pause()
            assert screen_text(app) == text
            layouts.clear()
        panel.show("Choose from more", [(f"y{i}", f"Option number {i}") for i in range(12)])
        game.refresh_footer()
        await pilot.pause()
        assert layouts  # two more rows: laid out
        assert shown_numbers(screen_text(app)) == list(range(1, 13))


async def test_a_list_that_once_scrolled_keeps_its_scrollbar_beside_the_board(
    make_app, only_highcard
):
    """Beside the board, once the options have overflowed the list, its scrollbar stays:
    shorter and longer lists after it are drawn in place (a scrollbar that came and went
    with them laid the screen out twice). A list that fits its content again (the log
    hidden) has no scrollbar while its options fit."""
    async with wide_game(make_app) as (app, pilot, game, panel):
        olist = panel.options
        many = [(f"x{i}", f"Option number {i}") for i in range(40)]
        panel.show("Choose one", many)
        await pilot.pause()
        assert olist.show_vertical_scrollbar
        layouts = count_layouts(game)
        for count in (3, 40, 2):
            panel.show(f"Choose from {count}", many[:count])
            await pilot.pause()
            assert not layouts, count
            assert olist.show_vertical_scrollbar, count
            assert shown_numbers(screen_text(app))[:2] == [1, 2]
        await pilot.press("l")  # the log hidden: the panel fits its content
        await pilot.pause()
        panel.show("Choose again", many[:3])
        await pilot.pause()
        assert not olist.show_vertical_scrollbar
        assert shown_numbers(screen_text(app)) == [1, 2, 3]


async def test_the_digits_key_is_reworded_after_the_frame_of_the_move(make_app, only_highcard):
    """Another number of options rewords the footer's digits key once the move is drawn,
    not with it (the footer row is not drawn again in the move's frame); the screen then
    names the new numbers. A wider wording is laid out and shows whole."""
    from textual.widgets._footer import FooterKey

    from tabletop_tui.ui.frame import PICK_ACTION

    async with wide_game(make_app) as (app, pilot, game, panel):

        def pick() -> FooterKey:
            return next(k for k in game.query(FooterKey) if k.action == PICK_ACTION)

        panel.show("Choose one", [(f"x{i}", f"Option number {i}") for i in range(4)])
        game.refresh_footer()
        await pilot.pause()
        for count in (7, 3, 12, 2):
            before = pick().key_display
            panel.show("Choose", [(f"x{i}", f"Option number {i}") for i in range(count)])
            game.refresh_footer()
            assert pick().key_display == before  # not yet: after the next frame
            await pilot.pause()
            await pilot.pause()
            assert pick().key_display == f"1-{count}"
            assert screen_text(app).splitlines()[-1].startswith(f" 1-{count} Pick ")


async def test_the_footer_dims_and_lights_the_digits_in_place(make_app, only_highcard):
    """While the decision is someone else's the digits key is dimmed, and lit again when it
    comes back; the focus leaves the options and comes back. The footer keeps its keys (it
    is not built again) and nothing is laid out, and it shows what a footer built anew
    shows. A footer that must show other keys is built again."""
    from textual.widgets._footer import FooterKey

    from tabletop_tui.ui.common import SteadyFooter
    from tabletop_tui.ui.frame import PICK_ACTION

    async with wide_game(make_app) as (app, pilot, game, panel):
        footer = game.query_one(SteadyFooter)
        keys = list(footer.query(FooterKey))
        pick = next(k for k in keys if k.action == PICK_ACTION)
        assert not pick.has_class("-disabled")
        layouts = count_layouts(game)
        for theirs in (True, False, True, False):
            game.table.viewer_decides = lambda theirs=theirs: not theirs  # type: ignore[method-assign]
            game.refresh_footer()
            game.focus_options()
            await pilot.pause()
            await pilot.pause()
            assert list(footer.query(FooterKey)) == keys  # the same keys, kept
            assert pick.has_class("-disabled") == theirs
            assert not layouts
            text = screen_text(app)
            footer.call_later(footer.recompose)  # built anew: the same footer
            await pilot.pause()
            assert screen_text(app) == text
            keys = list(footer.query(FooterKey))
            pick = next(k for k in keys if k.action == PICK_ACTION)
            layouts.clear()
        game.query_one(DecisionPanel).show("Choose", [])
        footer._built = ("other keys",)
        game.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert not set(footer.query(FooterKey)) & set(keys)  # built again


async def test_the_options_keep_the_focus_while_a_bot_thinks(make_app, only_highcard):
    """While a bot of this process decides, options still shown keep the focus (not
    styled and drawn again twice a move); another seat's decision, a game over, or options
    hidden leave the keys to the screen."""
    async with wide_game(make_app) as (app, pilot, game, panel):
        options = panel.options
        assert app.focused is options
        game.table.viewer_decides = lambda: False  # type: ignore[method-assign]
        for bot, shown, kept in ((True, True, True), (False, True, False), (True, False, False)):
            options.focus()
            options.display = True
            await pilot.pause()
            game._bot_to_move = lambda bot=bot: bot  # type: ignore[method-assign]
            options.display = shown
            game.focus_options()
            await pilot.pause()
            assert (app.focused is options) == kept, (bot, shown)
            assert kept or app.focused is None


def shown_numbers(text: str) -> list[int]:
    """The option numbers on screen, in order (labels 'Option number N')."""
    return [int(n) for n in re.findall(r"(\d+)  Option number", text)]


def count_layouts(game: GameScreen) -> list[int]:
    """A list that gets an item each time ``game`` is laid out."""
    layouts: list[int] = []
    refresh_layout = game._refresh_layout

    def counted(*args, **kwargs):
        layouts.append(1)
        return refresh_layout(*args, **kwargs)

    game._refresh_layout = counted  # type: ignore[method-assign]
    return layouts


async def test_the_hidden_newest_line_is_updated_without_a_layout(make_app, only_highcard):
    """While the log shows beside the options, the newest line under them is hidden: a
    move updates it without laying the screen out, and hiding the log shows the newest
    line, as a screen laid out again shows it."""
    async with wide_game(make_app) as (app, pilot, game, panel):
        assert not panel.query_one("#last").display
        layouts = count_layouts(game)
        panel.show_last("a line nobody has seen yet")
        await pilot.pause()
        assert not layouts
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert "Last: a line nobody has seen yet" in text
        game.refresh(layout=True)
        await pilot.pause()
        assert screen_text(app) == text


async def test_the_inspector_keeps_its_height_while_the_terminal_keeps_its_size(
    make_app, only_highcard
):
    """The inspector never gets shorter, within a decision or from one to the next: a
    shorter text is drawn at the bottom of the band without laying anything out, the board
    keeps its size, and the rows above the text are drawn as the board's background (the
    text's own rows as a band fitted to it draws them). Only a new size fits it again."""
    from tabletop_tui.ui.board import BoardView
    from tabletop_tui.ui.frame import Inspector

    async with wide_game(make_app) as (app, pilot, game, _panel):
        inspector, board = game.query_one(Inspector), game.query_one(BoardView)
        long = " ".join(["A long description of the highlighted card."] * 5)
        short = "A short one."

        async def inspect(text: str) -> list[str]:
            game.post_message(BoardView.Inspected(text))
            await pilot.pause()
            lines = screen_text(app).splitlines()
            region = inspector.region
            return [line[region.x : region.right] for line in lines[region.y : region.bottom]]

        tall = await inspect(long)
        rows = len(tall)
        assert rows > 2 and tall[-1].strip()
        board_region = board.region
        layouts = count_layouts(game)
        kept = await inspect(short)
        assert not layouts and board.region == board_region
        assert len(kept) == rows and not "".join(kept[:-1]).strip()
        assert kept[-1].strip() == "ℹ " + short
        strips = inspector.render_lines(inspector.region.reset_offset)
        base = inspector.background_colors[0].rich_color
        assert all(segment.style.bgcolor == base for strip in strips[:-1] for segment in strip)
        assert strips[-1] != strips[0]  # the band's own colour
        # A new decision (a move against a bot shows the board's legend, then the options'
        # texts) keeps the band: the board does not jump. (The fixture's board lays itself
        # out as it redraws; the frame's boards draw changed rows in place.)
        game.redraw()
        await pilot.pause()
        again = await inspect(short)
        assert again == kept and board.region == board_region
        # Fitted anew (a new terminal size), the band is the short text's row, drawn alike.
        inspector.refit()
        await pilot.pause()
        fitted = await inspect(short)
        assert fitted == kept[-1:] and inspector.outer_size.height == 1
        assert board.region.height == board_region.height + rows - 1


async def test_a_taller_terminal_of_the_same_width_refits_the_inspector(make_app, only_highcard):
    """The band kept within a decision is fitted again when the terminal changes size: a
    taller terminal allows it more rows, and its text is no longer cut."""
    from tabletop_tui.ui.board import BoardView
    from tabletop_tui.ui.frame import Inspector

    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        inspector = game.query_one(Inspector)
        game.post_message(BoardView.Inspected(" ".join(["A long description."] * 20)))
        await pilot.pause()
        assert inspector.outer_size.height == 2  # cut at this height
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert inspector.outer_size.height == 4


# Beside the board (38 columns) "Choose carefully." four times takes two rows, six times
# three; "Choose again." five times takes two.
@pytest.mark.parametrize(
    ("before", "prompts", "laid_out"),
    [
        (None, (" ".join(["Choose carefully."] * 6), "Choose"), 1),
        (" ".join(["Choose carefully."] * 4), ("Choose", " ".join(["Choose again."] * 5)), 0),
    ],
    ids=["three-rows-then-one", "two-rows-one-two"],
)
async def test_a_prompt_is_laid_out_once_and_only_when_its_size_changes(
    make_app, only_highcard, before, prompts, laid_out
):
    """A prompt that takes more rows, and then fewer, is laid out once each time (Textual
    laid the screen out a second time for the text's new virtual size). Beside the board the
    prompt is at least two rows tall, so one row after two lays nothing out and the options
    stay where they were. Either way the screen shows what laying it out again shows."""
    async with wide_game(make_app) as (app, pilot, game, panel):
        options = [("x0", "Option number 0"), ("x1", "Option number 1")]
        if before is not None:
            panel.show(before, options)
            await pilot.pause()
            await pilot.pause()
        top = panel.options.region.y
        layouts = count_layouts(game)
        for prompt in prompts:
            panel.show(prompt, options)
            await pilot.pause()
            await pilot.pause()
            assert len(layouts) == laid_out, prompt
            if not laid_out:
                assert panel.options.region.y == top
            text = screen_text(app)
            assert prompt.split()[-1] in text
            game.refresh(layout=True)
            await pilot.pause()
            assert screen_text(app) == text
            layouts.clear()

"""The shortcuts taken for speed show exactly what the plain way shows: the log and the
options drawn row by row as their grids would be, and a start screen drawn before the data
models are loaded."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.text import Text

from tabletop_tui.ui.board import LINES_KEPT
from tabletop_tui.ui.frame import LogLines, LogRow, LogVisual, OptionPrompt, option_prompt

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["a", "bb", "Forest", "food:", "3", "—", "é", "日本", "", "x" * 45]


def _rows(rng: random.Random) -> list[LogRow]:
    rows: list[LogRow] = []
    for _ in range(rng.randint(0, 7)):
        line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 16)))
        kind = rng.random()
        if kind < 0.2:
            rows.append(("»", Text("[you] " + line, style="italic")))
        elif kind < 0.4:
            rows.append(("•", Text(line, style="bold")))
        else:
            rows.append((" ", Text(line)))
    return rows


def _drawn(renderable: object, width: int) -> list[Segment]:
    console = Console(width=width, color_system="truecolor", file=io.StringIO())
    return list(Segment.simplify(console.render(renderable, console.options)))


@pytest.mark.parametrize("seed", range(6))
def test_log_rows_draw_as_the_grid(seed):
    rng = random.Random(seed)
    cache: dict = {}
    for _ in range(60):
        rows, width = _rows(rng), rng.randint(1, 70)
        lines = LogLines(rows, cache)
        assert _drawn(lines, width) == _drawn(lines._grid(), width), (rows, width)
        # Drawn again from the kept rows: still the same.
        assert _drawn(LogLines(rows, cache), width) == _drawn(lines._grid(), width)


async def test_the_log_visual_draws_as_its_static_would():
    """The log's kept strips, row by row, are the strips the Static draws from ``LogLines``
    (its height too), as rows come and go and the width changes."""
    from textual.app import App, ComposeResult
    from textual.visual import RichVisual, Visual
    from textual.widgets import Static

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Static(id="log")

    rng = random.Random(7)
    app = One()
    async with app.run_test(size=(80, 24)):
        widget = app.query_one("#log", Static)
        style = widget.visual_style
        wrapped: dict = {}
        strips: dict = {}
        rows: list[LogRow] = []
        for _ in range(40):
            rows = rows[: rng.randint(0, len(rows))] + _rows(rng)
            width = rng.randint(1, 70)
            lines = LogLines(rows, wrapped)
            plain = RichVisual(widget, lines)
            kept = LogVisual(widget, LogLines(rows, wrapped), strips)
            assert kept.get_height(widget.styles, width) == plain.get_height(widget.styles, width)
            want = Visual.to_strips(widget, plain, width, None, style)
            got = Visual.to_strips(widget, kept, width, None, style)
            assert [list(s) for s in got] == [list(s) for s in want], (rows, width)


@pytest.mark.parametrize("seed", range(6))
def test_option_prompts_draw_as_the_grid(seed):
    rng = random.Random(seed)
    for _ in range(60):
        label = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 16)))
        digits = rng.randint(1, 2)
        number, width = rng.randint(1, 10**digits - 1), rng.randint(1, 70)
        assert _drawn(OptionPrompt(number, digits, label), width) == _drawn(
            option_prompt(number, digits, label), width
        ), (number, label, width)


@pytest.mark.parametrize("seed", range(4))
def test_option_prompt_lines_drawn_without_the_console_are_the_consoles(seed):
    """A label of one-cell characters is broken and padded by ``quick_lines`` as the
    console breaks and pads it (spaces in a row, at its end, words as wide as the room);
    any other label is left to the console."""
    rng = random.Random(seed)
    words = ["a", "Play", "Excavate", "[R]", "(chain", "4/4:", "—", "→", "x" * 12, "", " "]
    console = Console(width=80, color_system="truecolor", file=io.StringIO())
    quick = 0
    for _ in range(600):
        label = " ".join(rng.choice(words) for _ in range(rng.randint(0, 12)))
        label = rng.choice(["", "  ", "日本 ", "é"]) + label + rng.choice(["", "  "])
        number = rng.randint(1, 12)
        digits, room = len(str(number)) + rng.randint(0, 1), rng.randint(2, 50)
        prompt = OptionPrompt(number, digits, label)
        got = prompt.quick_lines(room)
        if got is None:
            continue
        quick += 1
        drawn = console.render(prompt, console.options.update(width=room, height=None))
        want = Segment.split_and_crop_lines(drawn, room, include_new_lines=False, pad=False)
        assert got == list(want), (number, digits, label, room)
    assert quick > 150  # the labels a game gives take the quick way


async def test_kept_option_prompts_draw_and_measure_as_the_rich_prompts():
    """An option's kept prompt measures and draws as the option list's Rich prompt would,
    and a prompt seen before (same number and label) is not drawn again."""
    from textual.app import App, ComposeResult
    from textual.visual import RichVisual, Visual

    from tabletop_tui.ui.common import MarkedOptionList
    from tabletop_tui.ui.frame import PromptVisual

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield MarkedOptionList(id="options")

    rng = random.Random(3)
    app = One()
    async with app.run_test(size=(80, 24)):
        widget = app.query_one(MarkedOptionList)
        style, rules = widget.visual_style, widget.styles
        kept: dict = {}
        for _ in range(80):
            label = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 16)))
            digits = rng.randint(1, 2)
            number, width = rng.randint(1, 3), rng.randint(1, 70)
            prompt = OptionPrompt(number, digits, label)
            plain = RichVisual(widget, prompt)
            for ours in (PromptVisual(widget, prompt, kept), PromptVisual(widget, prompt, kept)):
                assert ours.get_height(rules, width) == plain.get_height(rules, width)
                assert ours.get_optimal_width(rules, width) == plain.get_optimal_width(rules, width)
                want = Visual.to_strips(widget, plain, width, None, style)
                got = Visual.to_strips(widget, ours, width, None, style)
                assert [list(s) for s in got] == [list(s) for s in want], (label, width)
            seen = len(kept)
            again = PromptVisual(widget, OptionPrompt(number, digits, label), kept)
            again.get_height(rules, width)
            Visual.to_strips(widget, again, width, None, style)
            assert len(kept) == seen  # nothing measured or drawn anew


async def test_kept_option_rows_draw_as_textual_draws_them(monkeypatch):
    """Rows kept for options that show the same (number and label) are those Textual
    draws, highlighted, scrolled and focused or not; a row whose label changed is drawn
    anew, and options that show what earlier ones showed are not drawn again."""
    from textual.app import App, ComposeResult
    from textual.geometry import Region
    from textual.widgets.option_list import Option

    from tabletop_tui.ui.common import MarkedOptionList
    from tabletop_tui.ui.frame import PromptVisual

    class Short(App[None]):
        CSS = "MarkedOptionList { height: 6; }"

        def compose(self) -> ComposeResult:
            yield MarkedOptionList(id="options")

    rng = random.Random(5)
    app = Short()
    async with app.run_test(size=(40, 12)) as pilot:
        widget = app.query_one(MarkedOptionList)
        kept: dict = {}

        def options(labels: list[str]) -> list[Option]:
            width = len(str(len(labels)))
            return [
                Option(PromptVisual(widget, OptionPrompt(i + 1, width, label), kept))
                for i, label in enumerate(labels)
            ]

        drawn: list[int] = []
        draw_line = MarkedOptionList._draw_line

        def counted(self: MarkedOptionList, y: int) -> object:
            drawn.append(y)
            return draw_line(self, y)

        monkeypatch.setattr(MarkedOptionList, "_draw_line", counted)

        def seen(plain: bool = False) -> list[list[Segment]]:
            crop = Region(0, 0, *widget.size)
            widget.refresh()
            if plain:  # every row drawn the way Textual and the margin draw it
                with monkeypatch.context() as m:
                    m.setattr(MarkedOptionList, "render_line", MarkedOptionList._draw_line)
                    return [list(strip) for strip in widget.render_lines(crop)]
            return [list(strip) for strip in widget.render_lines(crop)]

        labels = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))) for _ in range(9)]
        for step in range(12):
            if step % 3 == 0:
                widget.focus()
            elif step % 3 == 1:
                widget.blur()
            widget.set_options(options(labels))
            widget.highlighted = rng.randrange(len(labels))
            await pilot.pause()
            assert seen() == seen(plain=True), step
            drawn.clear()
            widget.set_options(options(labels))  # the same labels: nothing drawn anew
            widget.highlighted = widget.highlighted
            await pilot.pause()
            assert seen() == seen(plain=True)
            drawn.clear()
            seen()
            assert not drawn
            changed = rng.randrange(len(labels))
            labels[changed] = labels[changed] + " and more"
            widget.set_options(options(labels))
            await pilot.pause()
            text = ["".join(segment.text for segment in line) for line in seen()]
            assert text == ["".join(segment.text for segment in line) for line in seen(plain=True)]


def test_the_start_screen_draws_before_the_data_models_load(tmp_path):
    code = """
import json, sys
from tabletop_tui.app import TabletopApp
from tabletop_tui.store import Store

def on_ready(self):
    self.seen = (type(self.screen).__name__, "pydantic" in sys.modules)
    self.exit()

TabletopApp.on_ready = on_ready
store = Store.open(sys.argv[1])
app = TabletopApp(store)
app.run(headless=True, size=(100, 30))
store.close()
print(json.dumps(app.seen))
"""
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout.strip().splitlines()[-1]) == ["PickerScreen", False]


async def test_the_start_screen_draws_without_the_other_screens_rules(make_app, only_highcard):
    """The other screens' stylesheet is read when the first of them opens, not before."""
    from tabletop_tui.ui.common import SCREENS_CSS
    from tabletop_tui.ui.picker import PickerScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert not app.stylesheet.has_source(str(SCREENS_CSS), "")
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        assert app.stylesheet.has_source(str(SCREENS_CSS), "")


def _board_line(rng: random.Random) -> Text:
    """A board line: words in a few styles, some clickable, sometimes wider than the board."""
    from rich.style import Style

    from tabletop_tui.ui.kit import click

    line = Text(style=rng.choice(["", "bold", Style(italic=True), Style(color="#804000")]))
    for _ in range(rng.randint(0, 9)):
        word = Text(
            rng.choice(WORDS),
            style=rng.choice(["", "red", "bold reverse", "#00aa00", "dim", Style(bgcolor="blue")]),
        )
        if rng.random() < 0.3:
            click(word, f"card{rng.randint(0, 3)}")
        line.append_text(word)
        line.append(rng.choice([" ", "  ", " │ ", " ", "\t", "\n"]))
    return line


def _seen(strips: list) -> list:
    """What strips show and what clicks and selection read from them: each segment's text,
    its style as written out and its meta as a dict (older Rich versions marshal the meta,
    and equal dicts can marshal to different bytes, so their styles compare unequal)."""
    return [
        [(seg.text, str(seg.style), seg.style and seg.style.meta) for seg in strip]
        for strip in strips
    ]


def _board_app() -> object:
    """An app showing one empty board text (id ``board``), for the board's fast paths."""
    from textual.app import App, ComposeResult

    from tabletop_tui.ui.board import BoardText

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield BoardText(None, id="board")  # type: ignore[arg-type]

    return One()


def _fitting_line(rng: random.Random) -> Text:
    """A board line that fits its row: one line, no tab, at most 70 cells."""
    line = _board_line(rng)
    while "\n" in line.plain or "\t" in line.plain or line.cell_len > 70:
        line = _board_line(rng)
    return line


def _screen_seen(app: object) -> list:
    """What the whole screen shows, as ``_seen`` reads it."""
    return _seen(app.screen._compositor.render_strips())  # type: ignore[attr-defined]


async def test_the_board_lines_draw_as_the_joined_text():
    """A board's kept lines draw the strips its Static draws from the lines joined (the
    offsets that clicks and selection read included), with the same height, as lines
    change, move up and down and the width changes."""
    from textual.geometry import Offset
    from textual.selection import Selection
    from textual.visual import Visual, visualize

    from tabletop_tui.ui.board import BoardLines, BoardText, line_key, markup_lines
    from tabletop_tui.ui.kit import join_lines

    rng = random.Random(11)
    app = _board_app()
    async with app.run_test(size=(80, 24)):
        widget = app.query_one("#board", BoardText)
        style = widget.visual_style
        kept: dict = {}
        lines = [_board_line(rng) for _ in range(12)]
        for _ in range(40):
            lines = [line if rng.random() < 0.7 else _board_line(rng) for line in lines]
            if rng.random() < 0.3:
                lines.insert(rng.randint(0, len(lines)), _board_line(rng))
            if rng.random() < 0.3 and lines:
                lines.pop(rng.randrange(len(lines)))
            width = rng.choice([12, 40, 79, rng.randint(1, 90)])
            plain = visualize(widget, join_lines(lines))
            ours = BoardLines(list(lines), [line_key(line) for line in lines], kept)
            assert ours.get_height(widget.styles, width) == plain.get_height(widget.styles, width)
            want = Visual.to_strips(widget, plain, width, None, style)
            got = Visual.to_strips(widget, ours, width, None, style)
            assert _seen(got) == _seen(want), (lines, width)
            assert len(kept) <= max(LINES_KEPT, len(lines))
        # Selected text is copied as the joined text's would be.
        selection = Selection(Offset(2, 1), Offset(5, 3))
        widget.update(join_lines(lines))
        want_copy = widget.get_selection(selection)
        widget.update(list(lines))
        assert widget.get_selection(selection) == want_copy is not None
        # Markup, parsed line by line, draws as the whole markup.
        parsed: dict = {}
        kept = {}
        marks = [_markup_line(rng) for _ in range(10)]
        for _ in range(30):
            marks = [m if rng.random() < 0.7 else _markup_line(rng) for m in marks]
            if rng.random() < 0.3:
                marks.insert(rng.randint(0, len(marks)), _markup_line(rng))
            width = rng.choice([12, 40, 79, rng.randint(1, 90)])
            markup = "\n".join(marks)
            plain = visualize(widget, markup)
            contents = markup_lines(markup, parsed)
            assert contents is not None
            ours = BoardLines(contents, list(marks), kept)
            assert ours.get_height(widget.styles, width) == plain.get_height(widget.styles, width)
            want = Visual.to_strips(widget, plain, width, None, style)
            got = Visual.to_strips(widget, ours, width, None, style)
            assert _seen(got) == _seen(want), (markup, width)


def _markup_line(rng: random.Random) -> str:
    """A Mezo board line: parts in styles, some clickable, with brackets in the text."""
    from tabletop_tui.games.mezo.screen_common import Line

    line = Line()
    for _ in range(rng.randint(0, 6)):
        style = rng.choice(["", "bold", "red", "dim", "bold reverse"])
        text = rng.choice(WORDS + ["[1]", "a [b] c"])
        line.add(text, style, click=rng.choice([None, "space:3", "region:north"]))
    return line.markup()


def test_markup_parsed_line_by_line_is_the_whole_markup_parsed():
    """A board's markup parsed line by line (lines parsed before taken as they were) is the
    content Textual parses from the whole markup; so is a markup whose style runs on over
    a line's end (parsed whole)."""
    from textual.content import Content

    from tabletop_tui.ui.board import markup_lines

    rng = random.Random(5)
    kept: dict = {}
    lines = [_markup_line(rng) for _ in range(8)]
    for round_ in range(60):
        lines = [line if rng.random() < 0.7 else _markup_line(rng) for line in lines]
        markup = "\n".join(lines)
        runs_on = round_ % 10 == 9  # a style opened on one line and closed on the next
        if runs_on:
            markup = "[bold]" + markup.replace("\n", "\n[/bold]", 1)
        parsed, whole = markup_lines(markup, kept), Content.from_markup(markup)
        if runs_on:
            assert parsed is None and not kept
            continue
        assert parsed is not None and set(lines) <= set(kept)
        assert len(kept) <= max(LINES_KEPT, len(set(lines)))
        ours = Content("\n").join(parsed)
        assert (ours.plain, list(ours.spans)) == (whole.plain, list(whole.spans)), markup


async def test_the_collector_is_held_back_while_a_game_is_on_screen(make_app, only_highcard):
    """Once a game is drawn, what exists is frozen and young collections are rarer; leaving
    it gives everything back (the next game holds them again)."""
    import gc

    from tabletop_tui.ui import collector
    from tabletop_tui.ui.frame import GameScreen
    from tabletop_tui.ui.picker import PickerScreen

    from .conftest import highcard_start, settle, wait_until

    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    app = make_app(highcard_start("human", "medium"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait_until(pilot, lambda: gc.get_freeze_count() > 0)
        first = app.screen
        assert isinstance(first, GameScreen)
        assert gc.get_threshold()[0] == max(before[0], collector.YOUNG_THRESHOLD)
        # The next game, once the first one's screen is gone, holds them again.
        app.play_again(first.session)
        await wait_until(pilot, lambda: app.screen is not first and not first.is_attached)
        await settle(pilot)
        await wait_until(pilot, lambda: gc.get_freeze_count() > 0)
        assert gc.get_threshold()[0] == max(before[0], collector.YOUNG_THRESHOLD)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await wait_until(pilot, lambda: gc.get_freeze_count() == 0)
        assert gc.get_threshold() == before


async def test_board_rows_changed_in_place_draw_as_the_whole_text():
    """Lines that replace as many lines, each on one row, are drawn row by row (only the
    rows that changed, nothing laid out), and the screen then shows what drawing the whole
    text again shows: each row's text, style and the offsets clicks and selection read."""

    from tabletop_tui.ui.board import BoardLines, BoardText, line_key

    rng = random.Random(17)
    app = _board_app()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one("#board", BoardText)
        lines = [_fitting_line(rng) for _ in range(12)]
        widget.update(list(lines))
        await pilot.pause()
        in_place = 0
        for round_ in range(30):
            lines = [line if rng.random() < 0.7 else _fitting_line(rng) for line in lines]
            if round_ % 10 == 9:  # one more line: laid out and drawn whole
                lines.append(_fitting_line(rng))
            after = BoardLines(list(lines), [line_key(line) for line in lines], {})
            rows = widget._changed_rows(widget._shown_lines, after)
            in_place += rows is not None
            layouts = widget._layout_updates
            widget.update(list(lines))
            await pilot.pause()
            if rows is not None:
                assert widget._layout_updates == layouts  # nothing laid out
            shown = _screen_seen(app)
            widget.refresh(layout=True)  # the whole text drawn again
            await pilot.pause()
            assert shown == _screen_seen(app), round_
        assert in_place >= 25
        assert widget.content is widget._shown_lines  # what it shows
        widget.content = "Round 2"  # Static's way in still works: the lines give way
        await pilot.pause()
        assert widget.content == "Round 2" and str(widget.render()) == "Round 2"
        widget.update(list(lines))  # and lines come back, though as before
        await pilot.pause()
        assert widget.content is widget._shown_lines is not None


async def test_board_rows_drawn_alone_are_the_rows_textual_draws():
    """A board text asked for one row draws only that row's line, and the strip is the
    one Textual draws from the whole text (text, style, the offsets clicks and selection
    read), rows below the lines blank; lines that do not fit their row, and a selection,
    are drawn Textual's way. What is kept is only the lines shown now."""
    from textual.geometry import Offset
    from textual.selection import Selection
    from textual.widget import Widget

    from tabletop_tui.ui.board import BoardText, line_key

    def new_line(rng: random.Random, round_: int) -> Text:
        """Most rounds, a line that fits its row; every fourth, any line."""
        line = _board_line(rng)
        while round_ % 4 and ("\n" in line.plain or "\t" in line.plain or line.cell_len > 70):
            line = _board_line(rng)
        return line

    rng = random.Random(23)
    app = _board_app()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one("#board", BoardText)
        widget.styles.min_height = 16  # rows below the lines
        lines = [new_line(rng, 1) for _ in range(10)]
        alone = 0
        for round_ in range(40):
            lines = [line if rng.random() < 0.7 else new_line(rng, round_) for line in lines]
            if rng.random() < 0.3:
                lines.insert(rng.randint(0, len(lines)), new_line(rng, round_))
            if rng.random() < 0.3 and len(lines) > 1:
                lines.pop(rng.randrange(len(lines)))
            widget.update(list(lines))
            await pilot.pause()
            shown = widget._shown_lines
            assert shown is not None
            alone += shown.one_row_each(widget.styles, widget.size.width)
            rows = list(range(widget.size.height))
            rng.shuffle(rows)  # any row alone, in any order
            ours = {y: widget.render_line(y) for y in rows}
            theirs = {y: Widget.render_line(widget, y) for y in rows}
            assert _seen([ours[y] for y in sorted(rows)]) == _seen(
                [theirs[y] for y in sorted(rows)]
            ), round_
            keys = {line_key(line) for line in lines}
            assert keys <= {key[0] for key in widget._line_strips}, round_
            assert len(widget._line_strips) <= max(LINES_KEPT, len(keys)), round_
        assert 10 <= alone < 40
        # While text is selected, rows are drawn Textual's way (the selection shown).
        widget.update([Text("selected words"), Text("and more")])
        await pilot.pause()
        plain = widget.render_line(0)
        app.screen.selections = {widget: Selection(Offset(0, 0), Offset(4, 1))}
        widget.refresh()
        selected = widget.render_line(0)
        assert _seen([selected]) == _seen([Widget.render_line(widget, 0)])
        assert _seen([selected]) != _seen([plain])


async def test_board_rows_held_by_the_minimum_height_change_in_place():
    """A board text held taller than its lines by its minimum height takes more or fewer
    lines row by row (nothing laid out, it keeps its size), and the screen shows what
    drawing the whole text again shows; lines beyond its height are laid out, and so are
    fewer lines in a text no minimum height holds."""

    from tabletop_tui.ui.board import BoardText

    rng = random.Random(29)
    app = _board_app()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one("#board", BoardText)
        widget.styles.min_height = 15
        lines = [_fitting_line(rng) for _ in range(10)]
        widget.update(list(lines))
        await pilot.pause()
        for count in (12, 15, 9, 14, 15, 3, 17, 15, 11):
            lines = [line if rng.random() < 0.6 else _fitting_line(rng) for line in lines[:count]]
            lines += [_fitting_line(rng) for _ in range(count - len(lines))]
            was = len(widget._shown_lines.keys)
            layouts = widget._layout_updates
            widget.update(list(lines))
            await pilot.pause()
            # In place while the text keeps its 15 rows, filled or not (17 lines, and any
            # after 17, are not).
            in_place = count <= 15 and was <= 15
            assert (widget._layout_updates == layouts) is in_place, (was, count)
            assert widget.size.height == max(15, count)
            shown = _screen_seen(app)
            widget.refresh(layout=True)  # the whole text drawn again
            await pilot.pause()
            assert shown == _screen_seen(app), count
        # Without a minimum height, a text as tall as its lines shrinks with them: laid out.
        widget.styles.min_height = None
        widget.update([_fitting_line(rng) for _ in range(12)])
        await pilot.pause()
        assert widget.size.height == 12
        layouts = widget._layout_updates
        widget.update([_fitting_line(rng) for _ in range(10)])
        await pilot.pause()
        assert widget._layout_updates > layouts
        assert widget.size.height == 10
        # A minimum height of part of the text's rows does not hold it either.
        widget.styles.min_height = 11
        widget.update([_fitting_line(rng) for _ in range(12)])
        await pilot.pause()
        layouts = widget._layout_updates
        widget.update([_fitting_line(rng) for _ in range(10)])
        await pilot.pause()
        assert widget._layout_updates > layouts
        assert widget.size.height == 11


async def test_board_text_filling_a_scroll_shrinks_back_to_its_room():
    """A board text of ``min-height: 100%`` in a scroll that its lines overflow is as tall
    as its lines, not held there by its minimum height: fewer lines bring it back to the
    scroll's room, with no scrollbar left (its minimum is of a room its lines made)."""
    from textual.app import App, ComposeResult
    from textual.containers import VerticalScroll

    from tabletop_tui.ui.board import BoardText

    class Scrolled(App[None]):
        CSS = "VerticalScroll { height: 10; } #board { min-height: 100%; }"

        def compose(self) -> ComposeResult:
            with VerticalScroll():
                yield BoardText(None, id="board")  # type: ignore[arg-type]

    rng = random.Random(31)
    app = Scrolled()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one("#board", BoardText)
        scroll = app.query_one(VerticalScroll)
        for count in (10, 11, 10, 8, 12, 10, 9):
            widget.update([_fitting_line(rng) for _ in range(count)])
            await pilot.pause()
            assert widget.size.height == max(10, count), count
            assert (scroll.max_scroll_y > 0) is (count > 10), count


def test_keep_recent_keeps_the_newest_lines_up_to_its_bound():
    """What a drawing used is kept whole and newest; older entries go oldest first, down to
    the bound (never below what the drawing used)."""
    from tabletop_tui.ui.board import keep_recent

    kept = {k: k for k in "abcd"}
    keep_recent(kept, {"b": "B", "e": "E"}, bound=4)
    assert list(kept) == ["c", "d", "b", "e"] and kept["b"] == "B"
    keep_recent(kept, {k: k for k in "vwxyz"}, bound=4)
    assert list(kept) == list("vwxyz")
    keep_recent(kept, {}, bound=2)
    assert list(kept) == ["y", "z"]


async def test_a_line_drawn_a_few_drawings_before_is_reused_not_drawn_again():
    """A board line that comes back (a card's box with its earlier option number) takes
    the strips it was drawn with; a line that changed is drawn anew, as Textual draws it."""
    from textual.visual import Visual, visualize

    from tabletop_tui.ui.board import BoardLines, BoardText, line_key
    from tabletop_tui.ui.kit import join_lines

    rng = random.Random(5)
    app = _board_app()
    async with app.run_test(size=(80, 24)):
        widget = app.query_one("#board", BoardText)
        style = widget.visual_style
        kept: dict = {}
        first = [_fitting_line(rng) for _ in range(6)]
        other = _fitting_line(rng)
        while line_key(other) in {line_key(line) for line in first}:
            other = _fitting_line(rng)
        second = [*first[:2], other, *first[3:]]

        def drawn(lines: list[Text]) -> list:
            ours = BoardLines(list(lines), [line_key(line) for line in lines], kept)
            got = Visual.to_strips(widget, ours, 80, None, style)
            want = Visual.to_strips(widget, visualize(widget, join_lines(lines)), 80, None, style)
            assert _seen(got) == _seen(want)
            setting = next(iter(kept))[1]  # one width, one style: one setting
            return [kept[(line_key(line), setting)][y] for y, line in enumerate(lines)]

        before = drawn(first)
        drawn(second)
        assert (line_key(first[2]), next(iter(kept))[1]) in kept  # kept, though not shown
        again = drawn(first)
        assert again[2] is before[2]  # the line that came back: the strips drawn first
        changed = drawn(second)
        assert changed[2] is not again[2]


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_flat_board_markup_reads_as_the_markup_parser_reads_it(size, monkeypatch):
    """Every line a Mezo board draws (two and four seats, solo, every module, mid-game)
    reads the same through ``quick_markup`` as through Textual's markup parser, and most
    of them take the quick way; named closing tags, nested tags, backslashes and tags of
    other words are left to the parser."""
    from textual.content import Content

    from tabletop_tui.games.mezo.screen import MezoBoard
    from tabletop_tui.ui import board as board_module
    from tests.mezo.module_helpers import ALL, mod_state
    from tests.mezo.solo_helpers import solo
    from tests.ui.boards import board_shown

    lines: list[str] = []
    parse = board_module.markup_lines

    def spied(markup: str, kept: dict) -> list | None:
        lines.extend(markup.split("\n"))
        return parse(markup, kept)

    monkeypatch.setattr(board_module, "markup_lines", spied)
    rng = random.Random(5)
    for state in (mod_state(2, 3), mod_state(4, 1), mod_state(3, 2, **ALL), solo(4)):
        for _ in range(3):
            async with board_shown(MezoBoard(), state, size=size):
                pass
            for _ in range(25):
                decision = state.decision()
                if decision is None:
                    break
                state.apply(rng.choice(decision.options).id)
    quick = 0
    for line in set(lines):
        got, want = board_module.quick_markup(line), Content.from_markup(line)
        if got is not None:
            quick += 1
            assert (got.plain, got.spans) == (want.plain, want.spans), line
    assert quick >= 0.9 * len(set(lines)) > 100
    for flat in ("[bold]a\\[b[/] x ] y \\[1]", "[#ADB5BD]V4[/]──[bold][/]z", "", "no tags"):
        got, want = board_module.quick_markup(flat), Content.from_markup(flat)
        assert got is not None and (got.plain, got.spans) == (want.plain, want.spans), flat
    for other in ("[b]x[/b]", "[bold]a [i]b[/][/]", "a\\b", "[link='x']y[/]", "[$x]y[/]"):
        assert board_module.quick_markup(other) is None

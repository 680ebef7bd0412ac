"""The start screen's lighter pieces draw exactly what Textual's own widgets would draw."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.visual import RichVisual, Visual
from textual.widget import Widget
from textual.widgets import Button, Footer, OptionList, Static

from tabletop_tui.engine.registry import GameInfo, Mode, games
from tabletop_tui.ui.common import MarkedOptionList
from tabletop_tui.ui.picker import (
    GameEntry,
    StartButton,
    StartFooter,
    compact_button,
    game_prompt,
    without_blocks,
)
from tests.fixture_game import GAME as HIGHCARD


def drawn(widget: Widget) -> list[list[tuple[str, str]]]:
    """Each line the widget draws, as (text, style) runs (actions and links left out)."""
    width, height = widget.size
    return [
        [(segment.text, str(segment.style)) for segment in strip]
        for strip in widget.render_lines(Region(0, 0, width, height))
    ]


def test_without_blocks_leaves_out_the_named_blocks_and_what_they_hold() -> None:
    css = "A { x: 1; &.-b { y: 2; &:hover { z: 3; } } &.-c { w: 4; } }\nB { v: 5; }"
    assert without_blocks(css, frozenset({"&.-b"})) == "A { x: 1; &.-c { w: 4; } }\nB { v: 5; }"
    assert without_blocks(css, frozenset()) == css


def test_the_start_button_keeps_only_the_default_style() -> None:
    css = StartButton.DEFAULT_CSS
    assert "-style-default" in css and "-textual-compact" in css
    assert not {"-primary", "-success", "-warning", "-error"} & set(css.split())
    assert "Button" not in css.replace("StartButton", "")


class Buttons(App[None]):
    CSS = "Button, StartButton { margin: 1; }"
    AUTO_FOCUS = None

    def compose(self) -> ComposeResult:
        yield Button("History (v)", id="plain", compact=True)
        yield compact_button("History (v)", "ours")


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "flexoki"])
async def test_the_start_button_draws_as_textuals_compact_button(theme: str) -> None:
    app = Buttons()
    async with app.run_test(size=(40, 8)) as pilot:
        app.theme = theme
        await pilot.pause()
        plain, ours = app.query_one("#plain", Button), app.query_one("#ours", Button)

        def same() -> bool:
            return plain.size == ours.size and drawn(plain) == drawn(ours)

        assert same()
        for button in (plain, ours):
            button.focus()
            await pilot.pause()
            focused = drawn(button)
            await pilot.hover(button)
            await pilot.pause()
            hovered = drawn(button)
            button.add_class("-active")
            await pilot.pause()
            pressed = drawn(button)
            button.remove_class("-active")
            await pilot.hover(None, offset=(39, 7))
            app.set_focus(None)
            await pilot.pause()
            if button is plain:
                expected = (focused, hovered, pressed)
        assert (focused, hovered, pressed) == expected
        assert len({str(state) for state in expected}) == 3  # the states do look different


# A game whose title and description hold words longer than the lines they are drawn on.
LONG_WORDS = GameInfo(
    id="long",
    title="Supercalifragilisticexpialidocious",
    blurb="Antidisestablishmentarianism, floccinaucinihilipilification and a few short words.",
    min_players=2,
    max_players=12,
    modes=(Mode("versus", "Versus", 2, 12),),
    state_class=HIGHCARD.state_class,
)


class Options(App[None]):
    def compose(self) -> ComposeResult:
        yield OptionList()


async def test_a_game_entry_draws_what_the_grid_draws() -> None:
    """Cell for cell, line for line, at every width, in any style (highlighted or not)."""
    entries = [*enumerate(games().values(), 1), (9, HIGHCARD), (12, LONG_WORDS)]
    app = Options()
    async with app.run_test():
        widget = app.query_one(OptionList)
        styles = [
            widget.get_visual_style("option-list--option"),
            widget.get_visual_style("option-list--option", "option-list--option-highlighted"),
        ]
        for number, info in entries:
            entry, grid = GameEntry(number, info), RichVisual(widget, game_prompt(number, info))
            for width in range(1, 131):
                assert entry.get_height(widget.styles, width) == grid.get_height(
                    widget.styles, width
                ), (info.id, width)
                assert entry.get_optimal_width(widget.styles, width) == grid.get_optimal_width(
                    widget.styles, width
                ), (info.id, width)
                for style in styles:
                    ours, rich = (
                        [
                            list(strip)
                            for strip in Visual.to_strips(widget, visual, width, None, style)
                        ]
                        for visual in (entry, grid)
                    )
                    assert ours == rich, (info.id, width)


class Marked(App[None]):
    CSS = "MarkedOptionList { height: 10; }"

    def compose(self) -> ComposeResult:
        yield MarkedOptionList(*[f"Option {n}" for n in range(30)])


async def test_a_marked_list_finds_its_region_a_few_times_per_drawing(monkeypatch) -> None:
    app = Marked()
    async with app.run_test(size=(40, 12)) as pilot:
        marked = app.query_one(MarkedOptionList)
        marked.focus()
        marked.highlighted = 12
        await pilot.pause()
        await pilot.pause()
        crop = Region(0, 0, *marked.size)

        def draw() -> list[str]:
            marked.refresh()  # every line is drawn again
            return [
                "".join(segment.text for segment in strip) for strip in marked.render_lines(crop)
            ]

        # The same drawing with the region computed every time it is asked for.
        monkeypatch.setattr(MarkedOptionList, "render_lines", OptionList.render_lines)
        expected = draw()
        monkeypatch.undo()
        found = []
        region = Widget.scrollable_content_region

        def counted(widget: Widget) -> Region:
            found.append(widget)
            return region.fget(widget)

        monkeypatch.setattr(Widget, "scrollable_content_region", property(counted))
        assert draw() == expected
        assert set(found) == {marked}
        assert len(found) <= 3 < len(expected)  # laying out the options, then drawing
        assert any("↑ Option" in line for line in expected)  # scrolled: the marker is drawn


def cells(app: App[None]) -> list[list[tuple[str, str]]]:
    """Each cell of the screen as drawn: its character and its style."""
    return [
        [(char, str(segment.style)) for segment in strip for char in segment.text]
        for strip in app.screen._compositor.render_strips()
    ]


class Keys(App[None]):
    """A screen of keys: one off (greyed), two on the same action (shown once), one hidden."""

    BINDINGS = [
        Binding("1", "game(1)", "Game", key_display="1-9"),
        Binding("2", "game(2)", show=False),
        Binding("r", "press('r')", "Resume"),
        Binding("x", "press('x')", "Abandon"),
        Binding("v", "press('v')", "History", tooltip="Games played so far"),
        Binding("w", "press('v')", "Also history"),
        Binding("question_mark", "press('?')", "Help", key_display="?"),
    ]

    def __init__(self, footer: type[Widget]) -> None:
        super().__init__()
        self.footer = footer
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("Keys")
        yield self.footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if parameters == ("x",) else True

    def action_press(self, key: str) -> None:
        self.pressed.append(key)


# Columns of the footer at 80 cells: in "1-9 Game", "Resume", "Abandon" (off), "History",
# a blank between the keys and the palette's, and the palette's key.
FOOTER_COLUMNS = (2, 13, 22, 32, 60, 75)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "flexoki", "ansi-dark"])
async def test_the_start_footer_draws_what_textuals_footer_draws(theme: str) -> None:
    """Cell for cell, with the mouse away and over each key; and the same tooltips."""
    seen: dict[type[Widget], list[object]] = {}
    for footer in (Footer, StartFooter):
        app = Keys(footer)
        async with app.run_test(size=(80, 4)) as pilot:
            app.theme = theme
            await pilot.pause()
            await pilot.pause()
            shown = [cells(app)]
            for x in FOOTER_COLUMNS:
                await pilot.hover(offset=(x, 3))
                await pilot.pause()
                under = app.get_widget_at(x, 3)[0]
                shown.append((cells(app), under.tooltip if under is not app.screen else None))
            seen[footer] = shown
    assert seen[StartFooter] == seen[Footer]
    # The mouse over a key does show (not in the terminal's own colours), and the palette's
    # key has a tooltip.
    assert (seen[Footer][1][0] == seen[Footer][0]) == theme.startswith("ansi")
    assert seen[Footer][-1][1]


async def test_a_click_on_a_start_footer_key_presses_it() -> None:
    app = Keys(StartFooter)
    async with app.run_test(size=(80, 4)) as pilot:
        bells: list[None] = []
        app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
        for x in (13, 32, 60):  # Resume, History, the blank
            await pilot.click(offset=(x, 3))
            await pilot.pause()
        assert app.pressed == ["r", "v"] and not bells
        await pilot.click(offset=(22, 3))  # Abandon, which is off
        await pilot.pause()
        assert app.pressed == ["r", "v"] and len(bells) == 1

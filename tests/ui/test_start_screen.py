"""The start screen's first frame: drawn complete (the footer's keys too) with each widget
styled once, and as it was before for the player: same classes, same keys, same saves."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from tabletop_tui.app import TabletopApp, breakpoint_class
from tabletop_tui.engine.record import GameRecord
from tabletop_tui.ui.frame import GameScreen
from tabletop_tui.ui.picker import PickerScreen, StartFooter, compact_button
from tests.ui.conftest import seats


async def test_start_buttons_are_textuals_compact_buttons() -> None:
    class Buttons(App[None]):
        def compose(self) -> ComposeResult:
            yield Button("Plain", id="plain", compact=True)
            yield compact_button("Ours", "ours")

    app = Buttons()
    async with app.run_test() as pilot:
        await pilot.pause()
        plain, ours = app.query_one("#plain", Button), app.query_one("#ours", Button)
        assert ours.classes == plain.classes
        assert ours.compact and ours.action == "screen.ours"


def test_breakpoint_class_is_the_widest_reached() -> None:
    widths = TabletopApp.HORIZONTAL_BREAKPOINTS
    heights = TabletopApp.VERTICAL_BREAKPOINTS
    assert [breakpoint_class(w, widths) for w in (0, 79, 80, 119, 120, 200)] == [
        "-narrow",
        "-narrow",
        "-w80",
        "-w80",
        "-w120",
        "-w160",
    ]
    assert [breakpoint_class(h, heights) for h in (10, 24, 45, 60)] == [
        "-short",
        "-h24",
        "-h40",
        "-h50",
    ]


async def test_picker_is_the_first_screen_with_its_size_classes(make_app, only_highcard) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert len(app.screen_stack) == 1
        assert {"-w120", "-h40"} <= app.screen.classes
        assert not app.screen.classes & {"-narrow", "-short", "-w80", "-h24"}


def footer_keys(app: TabletopApp) -> list[str]:
    return [f"{key.key_display} {key.description}" for key in app.screen.query(FooterKey)]


async def test_footer_keys_composed_once_while_they_stay_the_same(
    make_app, only_highcard, monkeypatch
) -> None:
    recomposed: list[StartFooter] = []
    recompose = StartFooter.recompose

    async def counting(self: StartFooter) -> None:
        recomposed.append(self)
        await recompose(self)

    monkeypatch.setattr(StartFooter, "recompose", counting)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert "r Resume" in keys and "? Help" in keys
        for _ in range(3):  # the focus goes round the lists and buttons: the keys stay
            await pilot.press("tab")
        await pilot.pause()
        assert recomposed == []
        assert footer_keys(app) == keys
        # A key that changes what the footer shows composes it again.
        app.bind("f5", "bell", description="Ring")
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert len(recomposed) == 1
        assert "f5 Ring" in footer_keys(app)


async def test_resume_key_before_the_saves_are_listed(make_app, store, only_highcard) -> None:
    record = GameRecord(
        game="highcard", config={"players": 2}, seed=1, seats=seats("human", "medium")
    )
    store.create_game(record)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")  # at once: the saved games are read for it
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
        assert isinstance(app.screen, GameScreen)

"""The start screen's first frame: drawn complete (the footer's keys too) with each widget
styled once, and as it was before for the player: same classes, same keys, same saves."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Button

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


def footer_line(app: TabletopApp) -> str:
    """The footer's row as the player reads it."""
    footer = app.screen.query_one(StartFooter)
    (strip,) = footer.render_lines(Region(0, 0, footer.size.width, 1))
    return "".join(segment.text for segment in strip)


async def test_footer_keys_drawn_again_only_when_they_change(
    make_app, only_highcard, monkeypatch
) -> None:
    refreshed: list[StartFooter] = []
    refresh = StartFooter.refresh

    def counting(self: StartFooter, *args, **kwargs):
        refreshed.append(self)
        return refresh(self, *args, **kwargs)

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        line = footer_line(app)
        assert " r Resume " in line and " ? Help " in line and "▏^p palette" in line
        monkeypatch.setattr(StartFooter, "refresh", counting)
        for _ in range(3):  # the focus goes round the lists and buttons: the keys stay
            await pilot.press("tab")
        await pilot.pause()
        assert refreshed == []
        assert footer_line(app) == line
        # A key that changes what the footer shows draws it again.
        app.bind("f5", "bell", description="Ring")
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert refreshed
        assert " f5 Ring " in footer_line(app)


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


def first_frame_of(app: TabletopApp) -> dict[str, object]:
    """What the start screen's first frame shows of the saved games (filled in as it is
    drawn)."""
    seen: dict[str, object] = {}
    display = app._display

    def frame(screen, renderable) -> None:
        if renderable is not None and not seen:
            box = screen.query_one("#saved-box")
            seen["note"] = str(screen.query_one("#saved-note").render())
            seen["empty"] = box.has_class("-empty")
            seen["height"] = box.region.height
            seen["list shown"] = screen.query_one("#saved").display
        display(screen, renderable)

    app._display = frame  # type: ignore[method-assign]
    return seen


async def test_no_unfinished_game_shows_in_the_first_frame(make_app, only_highcard) -> None:
    app = make_app()
    first = first_frame_of(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        settled = app.screen.query_one("#saved-box").region.height
    assert first == {
        "note": "No unfinished games.",
        "empty": True,
        "height": settled,
        "list shown": False,
    }


async def test_unfinished_games_are_read_after_the_first_frame(
    make_app, store, only_highcard
) -> None:
    record = GameRecord(
        game="highcard", config={"players": 2}, seed=1, seats=seats("human", "medium")
    )
    store.create_game(record)
    app = make_app()
    first = first_frame_of(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert len(app.screen.saved) == 1
    assert first["note"] == "" and first["list shown"] and not first["empty"]

"""The Mesos board: cards in words at every size, tiles and turn order as phrases, every tribe
reachable at 80x24, the inspector following the highlight, clicks that pick or inspect."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.games.mesos.data import TYPE_NAME
from tabletop_tui.games.mesos.rules import MesosConfig, MesosState
from tabletop_tui.games.mesos.screen import MesosBoard, card_words
from tabletop_tui.store import Store
from tabletop_tui.ui.frame import GameScreen, Inspector
from tests.ui.boards import BoardApp, board_shown, board_text
from tests.ui.conftest import game_start, screen_text, settle

from .helpers import DATA, arrange, chars_of, event_of, new_game, set_tribe

# The old card codes: a type letter and an era digit (H2b, B1-2/3, I1:rope, S3**, !Hunt2).
OLD_TOKEN = re.compile(r"\b[HBGAIS][123](?:b\b|-\d|:|\*)|![A-Z][a-z]+[123F]\b|#[A-Z]")


def _midgame(players: int, moves: int, seed: int = 3) -> MesosState:
    s = new_game(players, seed=seed)
    for _ in range(moves):
        s.apply(s.decision().options[0].id)
    return s


@asynccontextmanager
async def shown(
    s: MesosState, size: tuple[int, int], viewer: int | None = None
) -> AsyncIterator[tuple[BoardApp, MesosBoard, Any]]:
    """The board alone showing ``s`` to ``viewer`` (by default the seat to decide)."""
    board = MesosBoard()
    async with board_shown(board, s, "decider" if viewer is None else viewer, size) as (
        app,
        pilot,
    ):
        yield app, board, pilot


def _words(card: dict[str, Any]) -> str:
    """What a card says at least, in either layout: its type or its name."""
    if card["kind"] == "character":
        return TYPE_NAME[card["type"]]
    return card["name"].split(" ")[0]


@pytest.mark.parametrize("size", [(78, 13), (80, 24), (102, 46), (142, 56)])
@pytest.mark.parametrize("players,moves", [(2, 0), (2, 7), (5, 40), (3, 60)])
async def test_every_card_reads_in_words(players: int, moves: int, size: tuple[int, int]) -> None:
    s = _midgame(players, moves)
    async with shown(s, size) as (app, board, _):
        text = board_text(app)
        view = board.view
        assert not OLD_TOKEN.search(text), OLD_TOKEN.search(text)
        assert "Offers" in text or "OFFER TILES" in text
        assert "Order" in text or "TURN ORDER" in text
        for tile in view["tiles"]:
            assert f"{tile['letter']}: {tile['words']}" in text
        if board.plan.box == 0:
            # Words on lines: every card of both rows, with its labelled numbers.
            for card in view["top"] + view["bottom"]:
                assert card_words(card) in text
        else:
            for card in view["top"][:3]:
                assert _words(card) in text
        # Every tribe's name and end score are somewhere on the board (scrolled or not).
        full = "\n".join(ln.plain for ln in board.board_lines(view, board.plan, 200))
        for t in view["tribes"]:
            assert board.seat_name(t["seat"]) in full
            assert re.search(rf"end(?: score)? {t['projected']}\b", full)


@pytest.mark.parametrize(
    "size,players,box,tribes",
    [((142, 56), 2, True, "piles"), ((102, 46), 2, True, None), ((78, 13), 5, False, None)],
)
async def test_the_layout_grows_with_the_terminal(
    size: tuple[int, int], players: int, box: bool, tribes: str | None
) -> None:
    """Boxes and piles where there is room, words on lines where there is not; a large
    board fills most of its height."""
    s = _midgame(players, 6 * players)
    async with shown(s, size) as (app, board, _):
        assert bool(board.plan.box) == box
        if tribes:
            assert board.plan.tribes == tribes
        lines = board.board_lines(board.view, board.plan, size[0] - 1)
        if box:
            assert "╭" in board_text(app)
            assert len(lines) >= size[1] * 0.6, "a large terminal is left mostly empty"
            assert len(lines) <= size[1]


async def test_rows_say_which_events_resolve_and_buildings_cost() -> None:
    s = _midgame(5, 0)
    ritual, hunt = event_of("shamanic_ritual", 1), event_of("hunt", 1)
    arrange(s, bottom=[*chars_of("artist", 4, players=5), ritual, hunt])
    async with shown(s, (80, 24)) as (app, board, _):
        text = board_text(app)
        assert board.plan.box == 0
        assert "Events at round end: Shamanic Ritual I · Hunt I" in text.replace("\n", " ")
        bld = DATA.buildings[s.top_b[0]]
        assert f"{bld.name} ({bld.cost} food, {bld.pp} PP)" in text


async def test_a_builder_lowers_the_cost_shown_and_inspected() -> None:
    s = new_game(2, seed=3)
    bld = s.top_b[0]
    set_tribe(s, 0, chars=chars_of("builder", 1, build_discount=2))
    cost = max(0, DATA.buildings[bld].cost - 2)
    async with shown(s, (78, 13), viewer=0) as (app, board, _):
        assert f"{DATA.buildings[bld].name} ({cost} food" in board_text(app)
        assert f"You would pay {cost} food." in board.describe(bld)


async def test_clicks_pick_options_and_inspect_the_rest() -> None:
    s = _midgame(2, 12)
    while s.decision().kind != "take":
        s.apply(s.decision().options[0].id)
    d = s.decision()
    inspected: list[Any] = []
    async with shown(s, (100, 30)) as (app, board, pilot):
        post = board.post_message
        board.post_message = lambda m: inspected.append(m) or post(m)  # type: ignore[method-assign]
        board.element_clicked(d.options[0].target)
        assert [m.option_id for m in inspected if isinstance(m, MesosBoard.Picked)] == [
            d.options[0].id
        ]
        # A card in a tribe is no option: the click shows it in the inspector.
        owned = next(t for t in board.view["tribes"] if t["characters"])
        card = owned["characters"][0]
        board.element_clicked(card["id"])
        said = [m.text for m in inspected if isinstance(m, MesosBoard.Inspected)][-1]
        assert said.startswith(TYPE_NAME[card["type"]])
        assert f"In {board.seat_name(owned['seat'])}'s tribe." in said


async def test_tiles_order_spaces_and_tribes_are_described() -> None:
    s = new_game(3, seed=1)
    async with shown(s, (80, 24)) as (app, board, pilot):
        board.element_clicked("tile:D")
        await pilot.pause()
        assert app.picked == ["tile:D"]
        assert board.describe("tile:D").startswith("Tile D: take 2 cards from the bottom row")
        assert "It is free." in board.describe("tile:D")
        last = len(board.view["turn_order"]) - 1
        assert "pays 1 food, or loses 2 PP" in board.describe(f"order:{last}")
        tribe = board.describe("tribe:1")
        assert tribe.startswith("Ann1's tribe: 0 Characters")
        assert "If the game ended now: 0 PP" in tribe
        assert board.describe("no-such-card") is None


async def test_the_highlighted_card_is_marked_and_redrawn() -> None:
    s = _midgame(2, 2)
    d = s.decision()
    async with shown(s, (142, 56)) as (app, board, pilot):
        assert board.plan.box
        second = d.options[1]
        board.highlight(second.id)
        await pilot.pause()
        assert board.highlighted == second.id and board.is_highlighted(second.target)
        assert "┏ 2 " in board_text(app)  # the heavy border, with its option number


def _start(players: int, seed: int) -> dict[str, Any]:
    """A game where the human places first (so all tiles are options)."""
    first = MesosState(MesosConfig(players=players), seed).decision().seat
    seats = [
        SeatSpec(
            name="You" if i == first else f"Bot {i + 1}", kind="human" if i == first else "easy"
        )
        for i in range(players)
    ]
    return game_start("mesos", seats, seed)


async def test_five_tribes_reachable_at_80x24_with_seven_options(tmp_path) -> None:
    store = Store.open(tmp_path / "data")
    app = TabletopApp(store, _start(5, 4), bot_speed="instant", curtain_guard=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            game = app.screen
            assert isinstance(game, GameScreen)
            assert len(game.session.decision.options) == 7
            board = game.query_one(MesosBoard)
            names = [board.seat_name(i) for i in range(5)]
            seen: set[str] = set()
            text = screen_text(app)
            assert "b scrolls" in text
            for _ in range(6):
                for name in names:
                    if re.search(rf"{re.escape(name)}(?: \(you\))? -?\d+ food", text):
                        seen.add(name)
                await pilot.press("b")
                await pilot.pause()
                text = screen_text(app)
            assert seen == set(names)
            # Scrolling never moved the options: the decision is still the human's.
            assert len(game.session.state.history) == 0
    finally:
        store.close()


async def test_inspector_follows_the_highlight_in_the_app(tmp_path) -> None:
    store = Store.open(tmp_path / "data")
    app = TabletopApp(store, _start(3, 8), bot_speed="instant", curtain_guard=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            game = app.screen
            decision = game.session.decision
            inspector = game.query_one(Inspector)
            first = decision.options[0].target
            assert f"Tile {first[5:]}: take" in inspector.visual.plain
            await pilot.press("down")
            await pilot.pause()
            second = decision.options[1].target
            assert f"Tile {second[5:]}: take" in inspector.visual.plain
            # Placing the totem: the next decision of the human is a card, named in words.
            await pilot.press("enter")
            await settle(pilot)
            for _ in range(20):
                d = game.session.decision
                if d is not None and d.seat == decision.seat and d.kind == "take":
                    break
                await pilot.press("1")
                await settle(pilot)
            d = game.session.decision
            assert d.kind == "take"
            await pilot.pause()
            said = inspector.visual.plain
            card = game.session.state.view(d.seat)
            target = d.options[0].target
            found = MesosBoard._find(card, target)
            assert found is not None
            shown_card = found[0]
            if shown_card["kind"] == "character":
                assert said.startswith("ℹ " + TYPE_NAME[shown_card["type"]])
            else:
                assert shown_card["name"] in said and "You would pay" in said
    finally:
        store.close()


async def test_a_tile_says_what_its_rows_hold_on_larger_terminals() -> None:
    s = new_game(2, seed=3)
    async with shown(s, (120, 40), viewer=0) as (_, board, _):
        said = board.describe("tile:E")
        bld = DATA.buildings[s.top_b[0]]
        assert "The top row holds" in said and "The bottom row holds" in said
        assert f"{bld.name} {bld.cost} food" in said
        assert "left to right" in said
    async with shown(s, (80, 24), viewer=0) as (_, board, _):
        assert "holds" not in board.describe("tile:E")  # two lines: what it does, first


async def test_no_color_keeps_every_seat_name_in_bold_words() -> None:
    s = _midgame(5, 30)
    async with shown(s, (142, 56)) as (app, board, pilot):
        app.no_color = True
        assert board.palette.plain
        lines = board.board_lines(board.view, board.plan, 141)
        for seat in range(5):
            name = board.seat_name(seat)
            line = next(ln for ln in lines if ln.plain.lstrip("▶ ").startswith(name))
            start = line.plain.index(name)
            styles = [
                str(span.style)
                for span in line.spans
                if span.start <= start < span.end and str(span.style)
            ]
            assert "bold" in styles, (name, styles)
            assert not any("#" in st for st in styles), "a colour under NO_COLOR"


@pytest.mark.parametrize("players,moves", [(2, 10), (5, 60), (3, 70)])
def test_boxed_rows_are_measured_as_they_are_drawn(players: int, moves: int) -> None:
    """The layout choice counts the boxed rows' lines without drawing them: the count must
    be what drawing gives, for every layout and width."""
    from tabletop_tui.games.mesos.screen import plans

    s = _midgame(players, moves)
    board = MesosBoard()
    view = s.view(0)
    for width in (78, 101, 141):
        needs: dict[tuple[str, int], int] = {}
        measured: dict[tuple[str, int], tuple[int, int]] = {}
        for plan in plans(width):
            if plan.box:
                drawn = len(board._rows(view, plan, width))
                assert board._rows_height(view, plan, width, {}) == drawn, (plan, width)
                # Measured once per box width, then kept for the layouts tried after it.
                kept = board._rows_height(view, plan, width, needs, measured)
                assert kept == drawn, (plan, width)
        assert {per for _, per in measured} == {p.per for p in plans(width) if p.box}


async def test_the_inspector_returns_to_the_legend_while_another_seat_decides() -> None:
    s = new_game(2, seed=3)
    seat = s.decision().seat
    async with shown(s, (80, 24), viewer=seat) as (_, board, _):
        said: list[Any] = []
        post = board.post_message
        board.post_message = lambda m: said.append(m) or post(m)  # type: ignore[method-assign]
        board.highlight(s.decision().options[1].id)
        assert isinstance(said[-1], MesosBoard.Inspected) and said[-1].text
        s.apply(s.decision().options[0].id)
        assert s.decision().seat != seat
        board.update_board(s.view(seat), None, seat)
        board.highlight(None)
        assert isinstance(said[-1], MesosBoard.Inspected) and said[-1].text is None
        assert "b scrolls" in board.legend()


@pytest.mark.parametrize("players,moves", [(2, 0), (2, 10), (5, 60), (3, 70), (4, 90)])
def test_tribes_are_measured_as_they_are_drawn(players: int, moves: int) -> None:
    """The layout choice counts the tribes' lines without drawing them: the count must be
    what drawing gives, for every layout and width."""
    from tabletop_tui.games.mesos.screen import plans

    s = _midgame(players, moves)
    board = MesosBoard()
    view = s.view(0)
    for width in (30, 57, 78, 101, 141):
        for plan in plans(width):
            drawn = len(board._tribes(view, plan, width))
            assert board._tribes_height(view, plan, width) == drawn, (plan, width)


@pytest.mark.parametrize("players,moves", [(2, 0), (2, 10), (5, 60), (3, 70), (4, 90)])
def test_the_layout_chosen_is_the_first_whose_drawing_fits(players: int, moves: int) -> None:
    """``fitted`` measures layouts instead of drawing them: it picks, and draws, what
    drawing every layout in turn and taking the first that fits picks (the leanest if
    none does)."""
    from tabletop_tui.games.mesos.screen import plans

    s = _midgame(players, moves)
    board = MesosBoard()
    view = s.view(0)
    for width in (57, 78, 101, 141):
        for height in (13, 16, 24, 33, 40, 56):
            options = plans(width)
            whole = {p: board.board_lines(view, p, width) for p in options}
            first = next((p for p in options if len(whole[p]) <= height), options[-1])
            lines, plan = board.fitted(view, width, height)
            assert plan == first, (width, height)
            if len(whole[plan]) <= height:
                assert [ln.plain for ln in lines] == [ln.plain for ln in whole[plan]]

"""The Mesos board standalone: it renders real views at 80x24 and 120x40 and picks by click."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from tabletop_tui.games.mesos.data import TYPE_LETTER
from tabletop_tui.games.mesos.rules import MesosState
from tabletop_tui.games.mesos.screen import MesosBoard, token
from tests.ui.boards import BoardApp, board_shown, board_text

from .helpers import DATA, arrange, chars_of, event_of, new_game, play_until, set_tribe


def _midgame(players: int, moves: int) -> MesosState:
    s = new_game(players, seed=3)
    for _ in range(moves):
        s.apply(s.decision().options[0].id)
    return s


@asynccontextmanager
async def shown(
    s: MesosState, size: tuple[int, int], viewer: int | None = None
) -> AsyncIterator[tuple[BoardApp, MesosBoard, Any]]:
    """The board showing ``s`` to ``viewer`` (by default the seat to decide)."""
    board = MesosBoard()
    async with board_shown(board, s, "decider" if viewer is None else viewer, size) as (
        app,
        pilot,
    ):
        yield app, board, pilot


async def _render(s: MesosState, size: tuple[int, int]) -> str:
    async with shown(s, size) as (app, _, _):
        return board_text(app)


@pytest.mark.parametrize("size", [(78, 15), (80, 24), (120, 40)])
@pytest.mark.parametrize("players,moves", [(2, 0), (2, 7), (5, 40), (5, 90)])
async def test_board_renders(players: int, moves: int, size: tuple[int, int]) -> None:
    s = _midgame(players, moves)
    async with shown(s, size) as (app, board, pilot):
        text = board_text(app)
        view = board.view
        assert f"R{view['round']}/10" in text
        assert "Offers" in text and "Top ▲" in text and "Bot ▼" in text
        # The first tokens of both rows and every tribe's projected score are on screen.
        for row in ("top", "bottom"):
            cards = view[row]
            if cards:
                assert token(cards[0]) in text
        for t in view["tribes"]:
            assert f"→{t['projected']}" in text
        # Nothing needs scrolling: the tribes take as many lines as fit (78x15 is the board's
        # share of an 80x24 terminal).
        scroll = board.query_one("VerticalScroll")
        used = sum(child.outer_size.height for child in scroll.children)
        assert used + board.query_one("#m-inspector").outer_size.height <= size[1]


async def test_click_picks_and_inspects() -> None:
    s = _midgame(2, 2)
    d = s.decision()
    assert d.kind == "take"
    async with shown(s, (100, 30)) as (app, board, pilot):
        target = d.options[0].target
        board.card_clicked(target)
        await pilot.pause()
        assert app.picked == [d.options[0].id]
        insp = board.query_one("#m-inspector")
        assert "Era" in insp.visual.plain
        # Another seat's view: clicking inspects but never picks.
        board.update_board(s.view(1 - d.seat), d, 1 - d.seat)
        board.card_clicked(target)
        await pilot.pause()
        assert app.picked == [d.options[0].id]
        board.inspect(s.top_b[0] if s.top_b else s.top[0])
        assert board.focused_card is not None
        assert len(insp.visual.plain) > 20


async def test_tiles_carry_option_numbers() -> None:
    s = new_game(3, seed=1)
    async with shown(s, (80, 24)) as (app, board, pilot):
        board.card_clicked("tile:D")
        await pilot.pause()
        assert app.picked == ["tile:D"]
        assert "Offer tile D" in board.query_one("#m-inspector").visual.plain


@pytest.mark.parametrize(
    "players,size,per",
    [(3, (80, 40), 3), (3, (80, 16), 2), (5, (78, 15), 1), (5, (80, 38), 3)],
)
async def test_tribes_take_the_lines_that_fit(players: int, size: tuple, per: int) -> None:
    s = _midgame(players, 12 * players)
    text = await _render(s, size)
    view = s.view(s.decision().seat)
    richest = max(view["tribes"], key=lambda t: len(t["characters"]))
    cards = [token(c) for c in richest["characters"]]
    counts = f"{TYPE_LETTER[richest['characters'][0]['type']]}"
    if per == 1:
        # One line a tribe: counts per type instead of the cards.
        assert not all(c in text for c in cards) and counts in text
    else:
        assert all(c in text for c in cards), cards
        assert "eats" in text
    scoring = re.search(r"end: (Builders|Artists|Inventors|Buildings)", text)
    assert (scoring is not None) == (per == 3)


async def test_rows_mark_the_events_that_resolve_and_wrap_with_an_indent() -> None:
    s = _midgame(5, 0)
    ritual, hunt = event_of("shamanic_ritual", 1), event_of("hunt", 1)
    arrange(s, bottom=[*chars_of("artist", 4, players=5), ritual, hunt])
    lines = (await _render(s, (80, 24))).splitlines()
    bottom = next(i for i, ln in enumerate(lines) if ln.startswith("Bot ▼"))
    assert "at end: !Ritl1 !Hunt1" in lines[bottom]
    top = next(i for i, ln in enumerate(lines) if ln.startswith("Top ▲"))
    # Nine cards and the Buildings do not fit 80 columns: the row goes on, indented.
    assert bottom - top >= 2
    assert all(ln.startswith(" " * 6) for ln in lines[top + 1 : bottom])


async def test_last_round_marks_both_rows_and_owned_buildings_show_pp() -> None:
    s = new_game(2, seed=24)
    play_until(s, lambda st: st.round_no == 10)
    built = next((t.buildings[0] for t in s.tribes if t.buildings), None)
    text = await _render(s, (100, 30))
    assert "last round" in text
    rows = [ln for ln in text.splitlines() if ln.startswith(("Top ▲", "Bot ▼"))]
    marked = [ln for ln in rows if "at end:" in ln]
    events_per_row = [any(c in s.events_at_end() for c in row) for row in (s.top, s.bottom)]
    assert len(marked) == sum(events_per_row) >= 1
    if built is not None:
        b = DATA.buildings[built]
        assert f"#{b.short}({b.pp}P)" in text


async def test_inspector_gives_the_viewers_building_cost() -> None:
    s = new_game(2, seed=3)
    bld = s.top_b[0]
    builder = chars_of("builder", 1, build_discount=2)[0]
    set_tribe(s, 0, chars=[builder])
    async with shown(s, (100, 30), viewer=0) as (_, board, _):
        board.inspect(bld)
        cost = max(0, DATA.buildings[bld].cost - 2)
        assert f"You would pay {cost} food." in board.query_one("#m-inspector").visual.plain


async def test_inspector_follows_the_highlighted_option() -> None:
    s = _midgame(2, 2)
    d = s.decision()
    assert d.kind == "take" and len(d.options) >= 2
    async with shown(s, (100, 30)) as (_, board, pilot):
        insp = board.query_one("#m-inspector")
        second = d.options[1]
        board.highlight(second.id)
        await pilot.pause()
        assert board.focused_card == second.target
        card = board._find(second.target)
        assert insp.visual.plain.startswith(token(card))
        # Nothing highlighted (another seat decides): the inspector keeps its card.
        board.highlight(None)
        await pilot.pause()
        assert board.focused_card == second.target

"""The Mesos board standalone: it renders real views at 80x24 and 120x40 and picks by click."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from tabletop_tui.games.mesos.rules import MesosState
from tabletop_tui.games.mesos.screen import MesosBoard, token
from tabletop_tui.ui.board import BoardView

from .helpers import new_game


class BoardApp(App):
    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        board = MesosBoard()
        board.seat_names = [f"Ann{i}" for i in range(self.players)]
        board.seat_kinds = ["human"] * self.players
        yield board

    def on_board_view_picked(self, event: BoardView.Picked) -> None:
        self.picked.append(event.option_id)


def screen_text(app: App) -> str:
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(seg.text for seg in strip) for strip in update.strips)


def _midgame(players: int, moves: int) -> MesosState:
    s = new_game(players, seed=3)
    for _ in range(moves):
        s.apply(s.decision().options[0].id)
    return s


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("players,moves", [(2, 0), (2, 7), (5, 40), (5, 90)])
async def test_board_renders(players: int, moves: int, size: tuple[int, int]) -> None:
    s = _midgame(players, moves)
    d = s.decision()
    app = BoardApp(players)
    async with app.run_test(size=size) as pilot:
        board = app.query_one(MesosBoard)
        board.update_board(s.view(d.seat), d, d.seat)
        await pilot.pause()
        text = screen_text(app)
        view = s.view(d.seat)
        assert f"R{view['round']}/10" in text
        # The first tokens of both rows and every tribe's projected score are on screen.
        for row in ("top", "bottom"):
            cards = view[row]
            if cards:
                assert token(cards[0]) in text
        if size == (80, 24) or players == 2:
            for t in view["tribes"]:
                assert f"→{t['projected']}" in text


async def test_board_fits_frame_area_at_80x24() -> None:
    s = _midgame(5, 40)
    d = s.decision()
    app = BoardApp(5)
    async with app.run_test(size=(78, 15)) as pilot:
        board = app.query_one(MesosBoard)
        board.update_board(s.view(d.seat), d, d.seat)
        await pilot.pause()
        text = screen_text(app)
        for t in s.view(d.seat)["tribes"]:
            assert f"→{t['projected']}" in text
        assert "Offers" in text and "Top" in text and "Bot" in text
        # Nothing needs scrolling: the lines and the inspector fit the 15 rows.
        scroll = board.query_one("VerticalScroll")
        used = sum(child.outer_size.height for child in scroll.children)
        used += board.query_one("#m-inspector").outer_size.height
        assert used <= 15


async def test_click_picks_and_inspects() -> None:
    s = _midgame(2, 2)
    d = s.decision()
    assert d.kind == "take"
    app = BoardApp(2)
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(MesosBoard)
        board.update_board(s.view(d.seat), d, d.seat)
        await pilot.pause()
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
    d = s.decision()
    app = BoardApp(3)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MesosBoard)
        board.update_board(s.view(d.seat), d, d.seat)
        await pilot.pause()
        board.card_clicked("tile:D")
        await pilot.pause()
        assert app.picked == ["tile:D"]
        assert "Offer tile D" in board.query_one("#m-inspector").visual.plain

"""The Mezo board standalone: real views at 80x24 and 120x40, picking on the board."""

from __future__ import annotations

import random

import pytest
from textual.app import App, ComposeResult

from tabletop_tui.games.mezo.rules import MezoState
from tabletop_tui.games.mezo.screen import Clickable, MezoBoard
from tabletop_tui.ui.board import BoardView

from .helpers import play_until


class BoardApp(App):
    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        board = MezoBoard()
        board.seat_names = [f"Ann{i}" for i in range(self.players)]
        board.seat_kinds = ["human"] * self.players
        yield board

    def on_board_view_picked(self, event: BoardView.Picked) -> None:
        self.picked.append(event.option_id)


def screen_text(app: App) -> str:
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(seg.text for seg in strip) for strip in update.strips)


def midgame(players: int, moves: int, seed: int = 3) -> MezoState:
    st = MezoState.new({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        st.apply(rng.choice(st.decision().options).id)
    return st


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(("players", "moves"), [(2, 0), (2, 60), (3, 150), (4, 120), (4, 300)])
async def test_board_renders_every_phase(players, moves, size):
    st = midgame(players, moves)
    d = st.decision()
    app = BoardApp(players)
    async with app.run_test(size=size) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(d.seat), d, d.seat)
        await pilot.pause()
        text = screen_text(app)
        v = st.view(d.seat)
        assert f"Age {v['age']}" in text
        lines = text.splitlines()
        assert all(len(line) <= size[0] for line in lines)
        # every in-play region's id and box, abandoned ones marked
        for reg in v["regions"]:
            assert f"{reg['id']} " in text
            if not reg["in_play"]:
                assert "×abandoned" in text
        assert "┌" in text and "┘" in text
        assert ("Calendar" in text and "Codex" in text) or ("Cal " in text and "Cod " in text)
        for t in v["tribes"]:
            assert f"VP {t['vp']}" in text
        if v["conflict"]["region"]:
            assert "▶" in text


async def test_gods_on_vertices_and_units_are_drawn():
    st = play_until(MezoState.new({"players": 2}, 4), "action")
    d = st.decision()
    app = BoardApp(2)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(d.seat), d, d.seat)
        await pilot.pause()
        text = screen_text(app)
        for s in range(2):
            vid = st.data.vertex_ids[st.vertex[s]]
            letter = st.colour[s][0].upper()
            assert f"{vid}{letter}" in text
        here = st.rid(st.here)
        assert f"▶{here}" in text
        assert "Turn order:" in text


async def test_clicking_a_region_picks_the_option():
    st = play_until(MezoState.new({"players": 2}, 5), "champion")
    d = st.decision()
    app = BoardApp(2)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(d.seat), d, d.seat)
        await pilot.pause()
        text = screen_text(app)
        assert "[1]" in text  # option numbers beside the regions they pick
        target = d.options[1].target
        app.query_one("#mz-map", Clickable).action_target(target)
        await pilot.pause()
        assert app.picked == [d.options[1].id]
        # another seat's view does not pick
        board.update_board(st.view(1 - d.seat), d, 1 - d.seat)
        board.clicked(target)
        await pilot.pause()
        assert app.picked == [d.options[1].id]


async def test_secret_card_hidden_from_other_seats_and_used_options_marked():
    st = play_until(MezoState.new({"players": 2}, 6), "keep_card")
    s = st.decision().seat
    st.apply(st.decision().ids[0])
    d = st.decision()
    name = st.data.cards[st.kept[s]].name
    app = BoardApp(2)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(1 - s), d, 1 - s)
        await pilot.pause()
        assert name not in screen_text(app)
        assert "face down" in screen_text(app)
        st = play_until(st, "action")
        st.apply("play:a") if st.decision().seat == s else None
        d = st.decision()
        board.update_board(st.view(None), d, None)
        await pilot.pause()
        text = screen_text(app)
        assert name in text
        assert "✓" in text or "·" in text


async def test_clicking_an_opponents_warriors_picks_the_smite_target():
    from tabletop_tui.games.mezo.rules import MezoState as _State

    from .helpers import at_first_action, clear_board, put, run_effect, steps

    st = at_first_action(2, seed=3, gods=("ixchel", "kukulkan"))
    assert isinstance(st, _State)
    clear_board(st)
    a = st.decision().seat
    put(st, st.rid(st.here), 1 - a, 1, 2)
    run_effect(st, a, steps({"op": "smite", "n": 1}))
    d = st.decision()
    assert d.kind == "hit"
    app = BoardApp(2)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(a), d, a)
        await pilot.pause()
        app.query_one("#mz-map", Clickable).action_target(f"units:{st.rid(st.here)}:{1 - a}:W")
        await pilot.pause()
        assert app.picked == [f"hit:{1 - a}:W"]

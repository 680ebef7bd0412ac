"""The board-test helper draws a state as the frame would: secrets of other seats removed,
the first option highlighted for the seat that decides, clicks recorded."""

from __future__ import annotations

from tests.fixture_board import HighCardBoard
from tests.fixture_game import HighCard
from tests.ui.boards import board_shown, board_text


async def test_board_shown_draws_as_the_frame_does(highcard):
    state = HighCard.new({"players": 2}, 5)
    decision = state.decision()
    assert decision.secret and decision.seat == 0
    board = HighCardBoard()
    async with board_shown(board, state, size=(80, 16)) as (app, pilot):
        assert board.last[2] == 0 and board.last[1] is decision
        assert board.highlights == [decision.options[0].id]
        hand = state.view(0)["hands"][0]
        assert f"›{hand[0]}‹" in board_text(app)
        assert "Ann0: 0 pts" in board_text(app) and "Ann1: 0 pts" in board_text(app)
        await pilot.click("#hc-card0-1")
        assert app.picked == [decision.options[1].id]
    spectator = HighCardBoard()
    async with board_shown(spectator, state, viewer=1, names=["Zoe", "Yan"]) as (app, pilot):
        seen = spectator.last[1]
        assert seen.seat == 0 and seen.options == ()  # Zoe's secret options are not Yan's
        assert spectator.highlights == [None]
        assert "Zoe: 0 pts" in board_text(app)
        await pilot.click("#hc-card0-0")
        assert app.picked == []


def test_board_text_skips_an_update_to_what_it_shows(monkeypatch):
    """A board text given what it already shows is not laid out and drawn again."""
    from rich.text import Text
    from textual.widgets import Static

    from tabletop_tui.ui.board import BoardText

    updates: list[object] = []
    monkeypatch.setattr(Static, "update", lambda self, content="", **kw: updates.append(content))
    # Lines (and markup read as lines) are shown without ``Static.update``.
    monkeypatch.setattr(BoardText, "_show_lines", lambda self, lines: updates.append(lines))
    text = BoardText(HighCardBoard())
    text.update(Text("Round 1", style="bold"))
    text.update(Text("Round 1", style="bold"))  # the same: skipped
    text.update(Text("Round 1"))  # another style: shown
    text.update("[b]Round 2[/b]")
    text.update("[b]Round 2[/b]")  # the same markup: skipped
    text.update([Text("Round 3")])  # lines
    text.update([Text("Round 3")])  # the same lines: skipped
    # Markup reaches the Static parsed (its plain text here).
    assert [str(u) for u in updates] == ["Round 1", "Round 1", "Round 2", "Round 3"]

"""The board widget on its own: it draws real views at several sizes without error."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from tabletop_tui.games.maeshowe.rules import MaeshoweState
from tabletop_tui.games.maeshowe.screen import MaeshoweBoard
from tabletop_tui.ui.kit import Palette
from tests.ui.boards import BoardApp, board_shown

from ..bounded import bounded
from .helpers import play, position


@asynccontextmanager
async def shown(
    state: MaeshoweState, viewer: int, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[BoardApp, Pilot[None]]]:
    """The board alone in an app of ``size``, drawing ``viewer``'s view of ``state``."""
    async with board_shown(MaeshoweBoard(), state, viewer, size, names=("Ann", "Ben")) as mounted:
        yield mounted


def _advance(state: MaeshoweState, moves: int) -> MaeshoweState:
    for _ in range(moves):
        d = state.decision()
        if d is None:
            break
        state.apply(d.options[-1].id)
    return state


def _text(app: App[Any]) -> str:
    """What the board shows: every visible text, in order."""
    return "\n".join(str(w.render()) for w in app.query("Static") if w.display and w.parent.display)


async def _shown(state: MaeshoweState, viewer: int, size: tuple[int, int]) -> str:
    async with shown(state, viewer, size) as (app, _):
        return _text(app)


CASES = [
    ({"players": 1}, 0, 0),
    ({"players": 1, "horror_hope": True, "crumble_conservation": True}, 6, 0),
    ({"players": 2}, 3, 1),
    ({"players": 2, "fear_of_the_dark": True, "gluttony_garner": True}, 2, 0),
]


@pytest.mark.parametrize(("config", "moves", "viewer"), CASES)
async def test_board_renders_real_views(config, moves, viewer):
    state = _advance(MaeshoweState.new(config, 11), moves)
    async with shown(state, viewer) as (app, pilot):
        text = _text(app)
        assert "Passages" in text and "Excavate chain" in text
        hand = state.view(viewer)["hands"][viewer]
        assert hand[0]["short"] in text
        if config.get("fear_of_the_dark"):
            assert "hidden" in text  # the partner's hand is not drawn
        app.query_one(MaeshoweBoard).action_cycle_panel()
        await pilot.pause()
        assert "discards (" in _text(app)


@pytest.mark.parametrize(("card", "picked"), [("ex-r1", "play:ex-r1"), ("ex-r2", "play:ex-r1")])
async def test_clicking_a_card_picks_the_option_for_its_kind(card, picked):
    """Options name one card of each kind: a second copy picks the first one's option."""
    s = position(hand=["ex-r1", "ex-r2", "tr-r1", "go-b1", "ra-r1"])
    async with shown(s, 0) as (app, pilot):
        lines = _text(app).splitlines()
        # The highlighted option (the first, "Play Excavate [R]") marks both Excavates.
        assert [ln[:12] for ln in lines if ln.startswith("▸")] == ["▸R Excavate "] * 2
        assert " R Treasure   2▶ -2 health               6✗ -1 health" in lines
        app.query_one(MaeshoweBoard).element_clicked(card)
        await pilot.pause()
        assert app.picked == [picked]


async def test_the_partners_cards_of_a_kind_get_no_option_number_and_pick_nothing():
    """Options play from the hand of the seat to decide: the partner's card of the same
    kind shows no number, is not marked by the highlight, and a click on it picks nothing
    (it shows in the inspector)."""
    s = position(
        {"players": 2},
        hand=["ex-r1", "tr-r1", "go-b1", "ra-r1", "ea-b1"],
        hand2=["ex-r2", "ex-b1", "tr-r2", "go-r1", "sl-b1"],
    )
    async with shown(s, 0, (80, 40)) as (app, pilot):
        lines = _text(app).splitlines()
        partner = lines[next(i for i, ln in enumerate(lines) if ln.startswith("Ben's hand")) :]
        assert [ln[:12] for ln in lines if ln.startswith("▸")] == ["▸R Excavate "]
        ex2 = next(ln for ln in partner if "R Excavate" in ln)
        assert "▶" in ex2 and not any(ch.isdigit() for ch in ex2.split("▶")[0][12:])
        tr2 = next(ln for ln in partner if "R Treasure" in ln)
        assert " R Treasure    ▶ -2 health" in tr2
        board = app.query_one(MaeshoweBoard)
        board.element_clicked("ex-r2")
        await pilot.pause()
        assert app.picked == [] and board.inspected == "ex-r2"


async def test_clicking_the_row_or_a_track_explains_it():
    s = position(hand=["ex-r1", "ex-r2", "tr-r1", "go-b1", "ra-r1"], row=["ex-b1"])
    async with shown(s, 0) as (app, pilot):
        board = app.query_one(MaeshoweBoard)
        board.element_clicked("ex-b1")  # a row card: no option, so the inspector shows it
        await pilot.pause()
        assert app.picked == [] and board.inspected == "ex-b1"
        said = board.describe("ex-b1")
        assert "Excavate [B], a blue-rune card. When played: Adds to the Excavate chain" in said
        assert "It lies in the row" in said
        assert board.describe("passages").startswith("Passages still blocked.")


async def test_finished_game_shows_the_outcome():
    state = MaeshoweState.new({"players": 1}, 2)
    for _step in bounded():
        if (d := state.decision()) is None:
            break
        state.apply(d.options[0].id)
    text = await _shown(state, 0, (80, 24))
    assert "LOST" in text and "Lost: " in text


async def test_small_board_folds_the_partner_hand_and_shows_one_pile():
    """When height is short the partner's hand takes one line and the panel one pile."""
    state = MaeshoweState.new({"players": 2}, 4)
    text = await _shown(state, 0, (80, 14))
    partner = state.view(0)["hands"][1]
    assert f"Ben's hand (5): {partner[0]['rune'][0].upper()} {partner[0]['short']}," in text
    assert "[click: Ann's discards]" in text and "Ben's discards" not in text
    assert "P1" not in text


async def test_tall_board_shows_both_hands_every_pile():
    state = MaeshoweState.new({"players": 2}, 4)
    text = await _shown(state, 0, (80, 40))
    assert "Ben's hand (5)   ▶ played  ✗ discarded\n" in text  # drawn card by card
    assert "Ann's discards (0)" in text and "Ben's discards (0)" in text
    assert "[click" not in text


@pytest.mark.parametrize(("config", "moves", "viewer"), CASES)
async def test_the_hands_are_measured_as_tall_as_they_are_drawn(config, moves, viewer):
    """A redraw picks how to show the hands by their measured height, then draws only the
    way it picked: each way measures exactly the lines it draws, at every width."""
    state = _advance(MaeshoweState.new(config, 11), moves)
    async with shown(state, viewer, (160, 50)) as (app, _):
        board = app.query_one(MaeshoweBoard)
        view = state.view(viewer)
        seats = (viewer, 1 - viewer if view["players"] == 2 else None)
        ways = [(True, True), (True, False), (True, None), (False, False), (False, None)]
        for width in (61, 78, 118, 158):
            for way in ways:
                drawn = board._hands(view, seats, way, width, board.palette)
                assert board._hands_height(view, seats, way, width, board.palette) == len(drawn)
                assert all(line.cell_len <= width for line in drawn)


async def test_large_board_draws_cards_as_boxes_with_their_texts():
    state = MaeshoweState.new({"players": 2}, 4)
    text = await _shown(state, 0, (160, 50))
    hand = state.view(0)["hands"][0]
    assert "╭" in text and "▶ Play [" in text  # boxes with the option numbers
    assert hand[0]["play_text"].split()[0] in text
    assert "Key: R red rune" in text


async def test_madness_warning_names_the_rune_and_the_draw():
    s = position(hand=["ex-r1", "ex-r2", "ex-r3", "tr-r1", "go-b1"])
    play(s, "discard:go-b1")  # the warning holds for the second card too
    text = await _shown(s, 0, (80, 16))
    assert "⚠ Madness: keep only R cards → " in text and "if the 2 drawn match" in text


async def test_gift_receiver_sees_the_card_marked_and_end_reason_names_the_seat():
    s = position(
        {"players": 2, "fear_of_the_dark": True},
        hand=["tr-r1", "ex-r1", "go-r1", "ra-r1", "ex-r2"],
        hand2=["ex-b1", "ex-b2", "go-b1", "sl-b1", "ra-b1"],
        health=[3, 1],
    )
    play(s, "play:ex-r1", "give:tr-r1")
    text = await _shown(s, 1, (80, 24))
    assert "received" in text and "Ann's hand ◀ turn (3): ▒ ▒ ▒ hidden" in text
    play(s, "discard:tr-r1")  # Ben pays the Treasure's discard: health 0
    text = await _shown(s, 1, (80, 24))
    assert "Lost: Ben's health fell to 0 after discarding Treasure [R]." in text


@pytest.mark.parametrize(
    ("runes", "kind", "says"),
    [
        ([], None, "4 in a row clear a passage, 2 if all one rune"),
        (["red"], "red", "all R so far: keep to R to clear 2 passages"),
        (["blue"] * 3, "blue", "next: B clears 2 passages, R clears 1"),
        (["red", "blue"], "mixed", "mixed: this set clears 1"),
    ],
)
def test_chain_line_says_what_the_set_will_clear(runes, kind, says):
    chain = {"runes": runes, "count": len(runes), "target": 4, "kind": kind}
    line = MaeshoweBoard()._chain({"chain": chain}, Palette()).plain
    assert line.endswith(says) and f"{len(runes)}/4" in line


async def test_the_card_reference_is_kept_while_the_cards_to_come_read_the_same():
    """The reference under a tall board and its key are wrapped again only when what they
    say changes: the same cards to come give the very lines drawn before; a card that
    reads differently, or another width, draws them anew, saying what they now say."""
    import copy

    state = MaeshoweState.new({"players": 1}, 4)
    async with shown(state, 0, (120, 40)) as (app, pilot):
        board = app.query_one(MaeshoweBoard)
        view, pal = board.view, board.palette
        assert view is not None
        first = board._reference(view, 70, pal, set())
        assert first and first[0].plain.startswith("Still to come")
        assert board._reference(copy.deepcopy(view), 70, pal, set()) is first
        changed = copy.deepcopy(view)
        card = changed["unseen"]["cards"][0]
        for other in changed["unseen"]["cards"]:
            if other["type"] == card["type"]:
                other["play_text"] = "Sing to the stones."
        anew = board._reference(changed, 70, pal, set())
        assert anew is not first
        said = "\n".join(line.plain for line in anew)
        assert "▶ Sing to the stones." in said
        assert "Sing" not in "\n".join(line.plain for line in first)
        assert board._reference(changed, 70, pal, {card["type"]}) != anew  # a kind skipped
        narrow = board._reference(changed, 50, pal, set())
        assert len(narrow) > len(anew)  # wrapped to the narrower width
        key = board._legend_lines(70, pal)
        assert board._legend_lines(70, pal) is key
        assert len(board._legend_lines(40, pal)) > len(key)
        # Drawn on the board: the changed text shows once the board draws that view.
        board.update_board(changed, board.decision, board.viewer)
        await pilot.pause()
        assert "Sing to the stones." in _text(app)

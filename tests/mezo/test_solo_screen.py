"""The board in a solo game: the Vengeful gods, their card and rows, tracks and the Task card."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.games.mezo.screen import Clickable, MezoBoard
from tabletop_tui.games.mezo.solo import PLAYER, VG
from tabletop_tui.games.mezo.solo_screen import short

from .helpers import play_until
from .solo_helpers import at_action, calm, solo
from .test_screen import BoardApp, screen_text


def _midgame(moves: int, seed: int = 8):
    st = solo(seed, god="choose")
    rng = random.Random(seed)
    for _ in range(moves):
        d = st.decision()
        if d is None:
            break
        st.apply(rng.choice(d.options).id)
    return st


async def _render(st, size):
    d = st.decision()
    app = BoardApp(1)
    async with app.run_test(size=size) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(PLAYER), d, PLAYER)
        await pilot.pause()
        return screen_text(app), app


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("moves", [0, 3, 25, 60, 80])
async def test_solo_board_renders_every_phase(moves, size):
    st = _midgame(moves)
    if st.decision() is None:
        pytest.skip("the game ended early")
    text, _ = await _render(st, size)
    assert all(len(line) <= size[0] for line in text.splitlines())
    v = st.view(PLAYER)
    assert f"VP {v['tribes'][VG]['vp']}" in text and "Vengeful gods" in text
    assert "Seat 2" not in text and "{seat:" not in text
    for g in v["solo"]["gods"]:  # each Vengeful god stands on its vertex, marked ☠ + initial
        assert f"{g['vertex']}☠{g['name'][0]}" in text
    task = v["solo"]["task"]
    if task and task["side"]:
        assert task["name"] in text
    assert "VCal" in text or "Vengeful Calendar" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_revealed_card_shows_the_rows_it_resolved(size):
    st = at_action(0)
    st.vg_deck.remove("VG6")
    st.vg_deck.insert(0, "VG6")  # Blood Sun
    st.apply("pass:c:devotion")
    text, _ = await _render(st, size)
    assert "Blood Sun" in text
    assert "3✓" in text and "1·" in text and "2·" in text
    card = st.view(PLAYER)["solo"]["card"]
    for row in card["rows"]:
        assert row["text"] in text or short(row["text"]) in text
    assert "◣3" in text or "corner 3" in text


async def test_a_present_vengeful_god_is_marked_with_its_effect():
    for seed in range(40):
        st = solo(seed, god="cabrakan")
        play_until(st, "keep_card", chooser=calm)
        if st.vengeful_here():
            break
    else:
        raise AssertionError("no seed with a Vengeful god in the first conflict")
    text, _ = await _render(st, (80, 24))
    assert "▶here" in text
    god = st.vengeful_here()[0]
    assert st.solo.abilities[god].name in text
    text, _ = await _render(st, (120, 40))
    assert st.solo.abilities[god].text[:30] in text.replace("\n    ", " ")


async def test_task_tokens_and_vengeful_tracks_are_drawn():
    st = at_action(0)
    st.task_card, st.task_side, st.task_tokens = 2, "A", [2, 1]
    st.vg_calendar[:] = [1, 1, 0, 0]
    st.reserve[VG * 2] -= 2
    text, _ = await _render(st, (80, 24))
    assert "●●○" in text and "●○○" in text and "Builders of Stone" in text
    assert "VCal VV··" in text
    text, _ = await _render(st, (120, 40))
    assert "VC1[V]" in text and "VC3[·]" in text
    assert "You start a new pyramid" in text


async def test_clicking_a_region_chooses_the_blessed_region():
    st = solo(2)
    play_until(st, "blessed", chooser=calm)
    d = st.decision()
    app = BoardApp(1)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(PLAYER), d, PLAYER)
        await pilot.pause()
        app.query_one("#mz-board", Clickable).action_target(d.options[-1].target)
        await pilot.pause()
        assert app.picked == [d.options[-1].id]


def test_short_texts_keep_the_meaning():
    assert short("BUILD pyramid 1 here") == "BUILD ▲1"
    assert short("DEMOLISH 1 here, then +1 VP") == "DEMOLISH 1, +1 VP"
    assert short("+3 Strength") == "+3⚔"

"""The modules on the Mezo board at 80x24 and 120x40: where each one shows, and clicks."""

from __future__ import annotations

import pytest

from tabletop_tui.games.mezo.module_screen import short_power
from tabletop_tui.games.mezo.screen import Clickable, MezoBoard

from .module_helpers import ALL, mod_state, quiet, set_ritual, to_kind
from .test_screen import BoardApp, screen_text


async def render(st, size, seat=None):
    d = st.decision()
    viewer = d.seat if seat is None and d is not None else seat
    app = BoardApp(st.tribe_count)
    async with app.run_test(size=size) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(viewer), d, viewer)
        await pilot.pause()
        return screen_text(app)


def midgame():
    st = to_kind(mod_state(3, 4, **ALL), "ability")
    set_ritual(st, "RI06")
    st = to_kind(st, "action")
    r = next(x for x in range(6) if st.inplay[x] and x != st.conflict_region)
    st.city = (r, -1, -1)
    st.cenote = st.conflict_region
    st.proph_level = (1, 0, 0)
    st.power_used = (False, True, False)
    return st, r


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_module_shows_where_it_acts(size):
    st, city_region = midgame()
    text = await render(st, size)
    lines = text.splitlines()
    assert all(len(line) <= size[0] for line in lines)
    assert "✶Ritual Rain of Obsidian" in text
    assert "☥Prophecy" in text and "★Monument +6" in text
    first = st.mdata.prophecy(st.prophecy[0]).name
    assert first[:9] in text
    letter0 = st.colour[0][0].upper()
    assert f"●{letter0}" in text  # seat 0's token on card 1
    assert f"⌂{letter0}" in text  # seat 0's City in its region
    assert f"{st.rid(st.conflict_region)}◎" in text  # the Cenote under the region in conflict
    assert "✦Powers" in text
    letter1 = st.colour[1][0].upper()
    assert f"{letter1} used" in text
    tp = st.mdata.power(st.power_token[2])
    flat = " ".join(text.split())
    assert short_power(tp.texts[0]) in text or f"{tp.id}: {tp.texts[0]}" in flat


async def test_tall_board_shows_the_full_ritual_and_the_prophecy_texts():
    st, _ = midgame()
    text = await render(st, (120, 40))
    flat = " ".join(text.split())
    assert st.ritual.text in flat
    for pid in st.prophecy:
        assert st.mdata.prophecy(pid).text in flat


async def test_no_module_lines_without_modules():
    st = to_kind(mod_state(2, 4), "action")
    text = await render(st, (80, 24))
    assert "Ritual" not in text and "Prophecy" not in text and "Powers" not in text
    assert "⌂" not in text and "◎" not in text


async def test_setup_names_the_modules_then_the_decks_show():
    st = mod_state(2, 1, cities=True)
    text = await render(st, (80, 24))
    assert "Modules: Cities" in text
    st = to_kind(mod_state(2, 1, rituals=True), "ability")
    st.ritual = None
    text = await render(st, (80, 24))
    assert "2 face down" in text


async def test_monument_taker_and_closed_column():
    st, _ = midgame()
    st.proph_level = (0, 3, 0)
    st.monument = 1
    text = await render(st, (80, 24))
    letter1 = st.colour[1][0].upper()
    assert f"★Monument +6 → {letter1} (closed)" in text


async def test_clicking_a_region_places_the_city_and_the_cenote():
    st = to_kind(mod_state(2, 2, cities=True, cenote=True), "city")
    d = st.decision()
    app = BoardApp(2)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(d.seat), d, d.seat)
        await pilot.pause()
        target = d.options[1].target
        app.query_one("#mz-board", Clickable).action_target(target)
        await pilot.pause()
        assert app.picked == [d.options[1].id]
        st.apply(d.options[1].id)
        while st.decision().kind != "cenote":
            st.apply(quiet(st.decision()))
        d = st.decision()
        board.update_board(st.view(d.seat), d, d.seat)
        await pilot.pause()
        app.query_one("#mz-board", Clickable).action_target(d.options[0].target)
        await pilot.pause()
        assert app.picked[-1] == d.options[0].id


def test_short_power_says_devotion_where_the_power_says_faith():
    # The Tribe Powers' word "faith" is Devotion (ruling E38); the board says it as the log does.
    assert short_power("Gain 2 faith.") == "+2 Devotion"
    assert short_power("EXILE 1 unit from this Conflict.") == "EXILE 1"

"""One list of bot levels: every game's, the command line's, the new-game
screen's and the README's are the same (the general search bot is not offered: it lost to
``hard``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop_tui import cli
from tabletop_tui.engine.registry import get_game

GAMES = ("mesos", "mezo", "maeshowe")
# The levels every game offers, weakest first.
LEVELS = ("random", "easy", "medium", "hard")
README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_the_engine_levels(game):
    assert tuple(get_game(game).bots) == LEVELS


@pytest.mark.parametrize("game", GAMES)
def test_the_command_line_lists_and_accepts_the_same_levels(game, capsys):
    assert cli.main(["sim", game, "--help"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("seat kinds:"))
    assert tuple(k.strip() for k in line.split(":", 1)[1].split(",")) == LEVELS
    code = cli.main(["sim", game, "--games", "1", "--seat", "1=search"])
    err = capsys.readouterr().err
    assert code != 0 and "unknown seat kind 'search'" in err


def test_the_readme_names_the_same_levels():
    text = README.read_text()
    sentence = re.search(r"a seat is `human` or a bot level: (.*?)\(", text, re.S)
    assert sentence is not None
    named = tuple(re.findall(r"`([a-z]+)`", sentence.group(1)))
    assert named == LEVELS
    assert "`search`" not in text


@pytest.mark.parametrize("game", GAMES)
async def test_the_new_game_screen_offers_the_same_levels(game, tmp_path):
    from tabletop_tui.app import TabletopApp
    from tabletop_tui.store import Store
    from tabletop_tui.ui.setup import SetupScreen

    store = Store.open(tmp_path / "data")
    app = TabletopApp(store, None, bot_speed="instant", curtain_guard=0)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = SetupScreen(get_game(game))
        await app.push_screen(screen)
        await pilot.pause()
        select = screen.query_one("#seat-kind-0")
        values = [v for _, v in select._options if isinstance(v, str)]
        # A person here, a person at another keyboard, then the bot levels.
        assert tuple(values) == ("human", "remote", *LEVELS)
    store.close()

"""The Mezo board standalone: real views at 80x24 and 120x40, picking on the board."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

from tabletop_tui.games.mezo.rules import MezoState
from tabletop_tui.games.mezo.screen import Clickable, MezoBoard, _markup_rows
from tabletop_tui.games.mezo.screen_common import themed
from tests.ui import boards
from tests.ui.boards import board_text as screen_text

from ..bounded import bounded
from .helpers import play_until


class BoardApp(boards.BoardApp):
    """A Mezo board alone (the shared helper), its seats named Ann0, Ann1…"""

    def __init__(self, players: int) -> None:
        super().__init__(MezoBoard(), [f"Ann{i}" for i in range(players)])
        self.players = players


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
        here = st.rid(st.conflict_region)
        assert f"▶{here}" in text
        assert "①" in text and "②" in text  # the turn order


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
        app.query_one("#mz-board", Clickable).action_target(target)
        await pilot.pause()
        assert app.picked == [d.options[1].id]
        # another seat's view does not pick
        board.update_board(st.view(1 - d.seat), d, 1 - d.seat)
        board.clicked(target)
        await pilot.pause()
        assert app.picked == [d.options[1].id]


async def test_the_highlighted_option_reads_differently_on_the_board():
    st = play_until(MezoState.new({"players": 2}, 5), "champion")
    d = st.decision()
    targeted = [i for i, o in enumerate(d.options) if o.target]
    assert len(targeted) >= 2
    first, second = targeted[:2]
    async with boards.board_shown(MezoBoard(), st, size=(80, 24)) as (app, pilot):
        # Drawn as the frame draws it: the first option is highlighted.
        text = screen_text(app)
        assert f"›{first + 1}‹" in text and f"[{second + 1}]" in text
        app.board.highlight(d.options[second].id)
        await pilot.pause()
        text = screen_text(app)
        assert f"[{first + 1}]" in text and f"›{second + 1}‹" in text
        app.board.highlight(None)
        await pilot.pause()
        assert "›" not in screen_text(app)


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
    put(st, st.rid(st.conflict_region), 1 - a, 1, 2)
    run_effect(st, a, steps({"op": "smite", "n": 1}))
    d = st.decision()
    assert d.kind == "hit"
    app = BoardApp(2)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(a), d, a)
        await pilot.pause()
        app.query_one("#mz-board", Clickable).action_target(
            f"units:{st.rid(st.conflict_region)}:{1 - a}:W"
        )
        await pilot.pause()
        assert app.picked == [f"hit:{1 - a}:W"]


def board_height(board: MezoBoard) -> int:
    from textual.containers import VerticalScroll

    return board.query_one(VerticalScroll).virtual_size.height


MODULES = {"cities": True, "rituals": True, "prophecies": True, "cenote": True}


@pytest.mark.parametrize(
    ("players", "extra"), [(3, {}), (4, {}), (3, MODULES), (4, {**MODULES, "tribe_powers": True})]
)
async def test_compact_board_fits_78x16_through_conflicts(players, extra):
    """At 80x24 the board gets about 80x16: it must not scroll, even in a crowded conflict."""
    st = MezoState.new({"players": players, **extra}, 11)
    rng = random.Random(11)
    app = BoardApp(players)
    seen = set()
    async with app.run_test(size=(80, 16)) as pilot:
        board = app.query_one(MezoBoard)
        while not st.finished and st.age < 3:
            d = st.decision()
            if d.kind in ("action", "offer", "god_turn", "deploy") and (st.age, d.kind) not in seen:
                seen.add((st.age, d.kind))
                board.update_board(st.view(d.seat), d, d.seat)
                await pilot.pause()
                assert board_height(board) <= 16, (d.kind, screen_text(app))
                text = screen_text(app)
                for reg in st.view(None)["regions"]:  # whole names or their first word
                    assert re.search(rf"{reg['id']}◎? {reg['name'].split()[0]}", text), text
                assert "-1" not in text
            st.apply(rng.choice(d.options).id)
    assert len(seen) >= 6


async def test_god_step_edges_keep_the_gods_with_the_option_numbers():
    st = play_until(MezoState.new({"players": 4}, 2), "god_turn")
    for _step in bounded():  # the god to move stands somewhere, and numbers mark every vertex
        d = st.decision()
        if d.kind in ("god_place", "move_god") or (d.kind == "god_turn" and st.age > 1):
            break
        st.apply(d.options[0].id)
    app = BoardApp(4)
    async with app.run_test(size=(80, 16)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(d.seat), d, d.seat)
        await pilot.pause()
        text = screen_text(app)
    for s in range(4):
        if st.vertex[s] >= 0:
            vid = st.data.vertex_ids[st.vertex[s]].removeprefix("V")
            assert f"{vid}{st.colour[s][0].upper()}" in text


async def test_status_is_one_line_and_a_pending_offer_shows_unknowns():
    st = play_until(MezoState.new({"players": 4}, 6), "offer")
    d = st.decision()
    st.apply(d.options[-1].id)  # Shamans chosen, Warriors not yet
    d = st.decision()
    app = BoardApp(4)
    async with app.run_test(size=(80, 16)) as pilot:
        board = app.query_one(MezoBoard)
        board.update_board(st.view(d.seat), d, d.seat)
        await pilot.pause()
        status = board.sections["status"]
        assert "\n" not in status and _markup_rows(status, board.cols) == 1
        text = screen_text(app)
        assert text.splitlines()[0].strip() == Text.from_markup(status).plain.strip()
    if d.seat == st.decision().seat and d.kind == "offer":
        assert "/?" in text or "?/" in text


def test_effect_texts_name_counters_in_words():
    """A ``vp_per`` step reads as words ("+1 VP per own piece here (max 3)"), never as the
    data's counter id."""
    from tabletop_tui.games.mezo.rules import _steps_text

    st = MezoState.new({"players": 2}, 1)
    texts = [_steps_text(a.steps) for a in st.data.altars]
    assert "+1 VP per own piece here (max 3), then +2 VP" in texts
    assert not any("own_" in t or "_here" in t for t in texts)


# ---- the inspector, texts at every size, colour (issue: boards a newcomer reads) ----------


def _inspector_text(app) -> str:
    from tabletop_tui.ui.frame import Inspector

    content = app.screen.query_one(Inspector).content
    return content.plain if hasattr(content, "plain") else str(content)


async def test_the_inspector_follows_the_highlight_at_the_champion_placement(store):
    """At 80x24 the Champion placement is not blind: the regions carry the option numbers
    and the inspector names the highlighted region, its Altar reward and who stands there."""
    from tests.ui.test_snapshots_mezo import resumed, shown

    app = resumed(store, "champion", modules=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        game = app.screen
        st = game.session.state
        d = game.table.decision
        assert len(d.options) >= 2
        text = screen_text(app)
        for i, opt in enumerate(d.options):
            assert re.search(rf"[›\[]{i + 1}[‹\]]{opt.target.split(':')[1]}", text), text
        seen = []
        for opt in d.options[:2]:
            r = st.data.region_ids.index(opt.target.split(":")[1])
            words = _inspector_text(app)
            assert words.startswith(f"ℹ {opt.target.split(':')[1]} {st.rname(r).split(' ', 1)[1]}")
            altar = st.data.altar(st.altar[r])
            assert altar.name in words and "winner gains" in words
            seen.append(words)
            await pilot.press("down")
            await pilot.pause()
        assert seen[0] != seen[1]


async def test_the_god_choice_says_what_the_ability_and_the_call_do(store):
    from tests.ui.test_snapshots_mezo import resumed, shown

    app = resumed(store, "god", players=2, modules=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        st = app.screen.session.state
        d = app.screen.table.decision
        god = st.data.god(d.options[0].id.split(":")[1])
        words = _inspector_text(app)
        assert f"CALL {god.call_name}: {god.call_text.split()[0]}" in words
        board = screen_text(app)
        assert f"{god.name}: always on, {god.passive_name}:" in board
        await pilot.press("down")
        await pilot.pause()
        other = st.data.god(d.options[1].id.split(":")[1])
        assert f"CALL {other.call_name}" in _inspector_text(app)
        assert f"{other.name}: always on" in screen_text(app)


def test_every_option_element_is_described_in_words():
    """Along random games (with modules and solo), every option that stands for a board
    element gets sentences from the board, never a code or a Python leftover."""
    from tabletop_tui.games.mezo.solo import SoloState

    games = [
        MezoState.new({"players": 3, **MODULES, "tribe_powers": True}, 4),
        MezoState.new({"players": 4}, 9),
        SoloState.new({"players": 1}, 5),
    ]
    kinds = set()
    for st in games:
        rng = random.Random(1)
        board = MezoBoard()
        board.seat_names = [f"Ann{i}" for i in range(st.players)]
        for _ in range(400):
            if st.finished:
                break
            d = st.decision()
            board.view, board.decision, board.viewer = st.view(d.seat), d, d.seat
            for opt in d.options:
                words = board.describe_option(opt)
                if opt.target is None:
                    continue
                kinds.add(opt.target.split(":")[0])
                assert isinstance(words, str) and len(words) > 20, (opt, words)
                assert "None" not in words and "{" not in words and "_" not in words, words
            st.apply(rng.choice(d.options).id)
    assert {"region", "vertex", "cardopt", "units", "space", "card"} <= kinds, kinds


def test_board_targets_are_described():
    """Elements without an option (tribes, the Wrathful god, spaces, module cards) read too."""
    st = MezoState.new({"players": 3, **MODULES, "tribe_powers": True}, 4)
    st = play_until(st, "action")
    board = MezoBoard()
    board.seat_names = ["Ann0", "Ann1", "Ann2"]
    d = st.decision()
    board.view, board.decision, board.viewer = st.view(d.seat), d, d.seat
    v = board.view
    assert "SACRIFICE" in board.describe("wrath")
    assert v["tribes"][0]["god"]["name"] in board.describe("tribe:0")
    space = v["calendar"][0]
    assert space["name"] in board.describe(f"space:{space['id']}")
    assert "Immortal Calendar" in board.describe(f"space:{space['id']}")
    card = v["modules"]["prophecy"]["cards"][0]
    assert card["text"] in board.describe("prophecy:0")
    assert board.describe("nonsense:1") is None and board.describe("region:Z") is None


async def test_under_no_color_the_tribe_letters_carry_no_colour(monkeypatch):
    """NO_COLOR: no colour is named in the board's text; the letters stay, in bold."""
    monkeypatch.setenv("NO_COLOR", "1")
    st = midgame(4, 120)
    async with boards.board_shown(MezoBoard(), st, size=(80, 24)) as (app, _pilot):
        assert app.no_color
        board = app.query_one(MezoBoard)
        text = Text.from_markup(themed(board.sections["tribes"], board.palette))
        for span in text.spans:
            style = str(span.style)
            assert "#" not in style and "red" not in style and "blue" not in style, style
        letters = [t["colour"][0].upper() for t in st.view(0)["tribes"]]
        plain = text.plain
        assert all(f"{x} " in plain for x in letters)


async def test_the_viewers_own_line_is_never_cut():
    """At 80 columns the viewer's line goes on two lines rather than lose its Reserve."""
    st = play_until(MezoState.new({"players": 4, **MODULES}, 6), "action")
    d = st.decision()
    async with boards.board_shown(MezoBoard(), st, size=(80, 24)) as (app, _pilot):
        text = screen_text(app)
        t = st.view(d.seat)["tribes"][d.seat]
        res, xib = t["reserve"], t["xibalba"]
        assert f"Res {res[0]}/{res[1]} Xib {xib[0]}/{xib[1]}" in text, text


@pytest.mark.parametrize("size", [(102, 46), (142, 56)])  # the board at 160x50, 200x60
async def test_large_boards_show_the_texts_in_place(size):
    """From 160x50 the board has the spaces' effects, the gods' ability and CALL texts and
    the legend in place, and uses most of its height."""
    st = play_until(MezoState.new({"players": 3}, 4), "action")
    d = st.decision()
    async with boards.board_shown(MezoBoard(), st, size=size) as (app, _pilot):
        text = screen_text(app)
        v = st.view(d.seat)
        for sp in v["calendar"] + v["codex"]:
            assert sp["name"] in text
        assert v["calendar"][0]["text"] in text
        for t in v["tribes"]:
            assert f"CALL {t['god']['call'].split(':')[0]}" in text
        assert "Marks:" in text
        lines = [ln for ln in text.splitlines() if ln.strip()]
        assert len(lines) >= size[1] * 0.75, text


def test_the_helpers_do_not_import_the_board():
    """The board modules import one way: screen -> module_screen/solo_screen -> screen_common."""
    import ast
    from pathlib import Path

    import tabletop_tui.games.mezo as pkg

    root = Path(pkg.__file__).parent
    for name in ("module_screen.py", "solo_screen.py", "screen_common.py"):
        tree = ast.parse((root / name).read_text())
        imported = {
            n.module
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom) and n.module is not None
        }
        assert "screen" not in imported and not any(m.endswith(".screen") for m in imported)


async def test_the_champions_in_reserve_are_counted_in_words_that_agree():
    """At 160 columns each tribe's second line says how many Champions it holds in reserve:
    'Champion' for one, 'Champions' otherwise."""
    st = midgame(4, 20)  # two tribes have placed their Champion, two have not
    async with boards.board_shown(MezoBoard(), st, size=(160, 50)) as (app, _pilot):
        counts = re.findall(r"♔ (\d+) (Champions?) in reserve", screen_text(app))
    assert len(counts) == 4
    assert {n for n, _ in counts} == {"0", "1"}
    for n, word in counts:
        assert word == ("Champion" if n == "1" else "Champions")


def test_kept_markup_reads_for_its_palette_and_width():
    """Themed markup and the rows a text takes are kept by what they depend on: the same
    markup themed for another palette, or measured at another width, reads anew."""
    from tabletop_tui.games.mezo.screen import _legend_at, _markup_rows
    from tabletop_tui.games.mezo.screen_common import themed
    from tabletop_tui.ui.kit import Palette

    markup = "[bold red]Raid[/] on the [dim]Calendar[/]\n" + "word " * 30
    dark, plain = Palette(), Palette(plain=True)
    coloured = themed(markup, dark)
    assert themed(markup, dark) == coloured and "red" not in coloured
    assert dark.hue("red", bold=False) in coloured and dark.muted() in coloured
    bare = themed(markup, plain)
    assert bare != coloured and "[bold]Raid[/]" in bare and "[none]Calendar" in bare
    assert _markup_rows(markup, 150) == 2 and _markup_rows(markup, 60) == 4
    from rich.text import Text

    for width in (60, 100):
        lines = [Text.from_markup(line) for line in _legend_at(width).split("\n")]
        assert max(line.cell_len for line in lines) <= width
        assert len(lines) > 1 and _legend_at(width) is _legend_at(width)
    assert _legend_at(60).count("\n") > _legend_at(100).count("\n")

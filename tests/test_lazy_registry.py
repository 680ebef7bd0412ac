"""Listing the games, ``--version`` and ``--help`` import no game engine: each game's rules,
bots and data models load when the game is first played, simulated or set up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_tui.engine.registry import GameInfo, Mode, games

ROOT = Path(__file__).resolve().parent.parent
ENGINE_MODULES = ("rules", "bots", "data", "solver", "modules", "solo")


def _loaded_after(code: str) -> list[str]:
    """Game submodules imported by ``code`` in a fresh interpreter."""
    probe = (
        f"{code}\nimport sys\n"
        "print(' '.join(m for m in sys.modules if m.startswith('tabletop_tui.games.')"
        " and m.count('.') == 3))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return out.stdout.split()


def test_listing_the_games_imports_no_engine():
    loaded = _loaded_after(
        "from tabletop_tui.engine.registry import games\n"
        "infos = games()\n"
        "assert set(infos) == {'maeshowe', 'mesos', 'mezo'}, infos\n"
        "assert all(i.title and i.blurb and i.modes and not i.loaded for i in infos.values())"
    )
    assert loaded == []


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help_import_no_engine(flag):
    loaded = _loaded_after(
        "import contextlib, io\n"
        "from tabletop_tui.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    try:\n        main([{flag!r}])\n    except SystemExit:\n        pass"
    )
    assert loaded == []


def test_first_play_loads_the_engine():
    loaded = _loaded_after(
        "from tabletop_tui.engine.registry import get_game\n"
        "info = get_game('mesos')\n"
        "assert info.state_class.__name__ == 'MesosState'\n"
        "assert info.loaded and 'random' in info.bots"
    )
    assert {m.rsplit(".", 1)[1] for m in loaded} >= {"rules", "bots"}
    assert all(m.startswith("tabletop_tui.games.mesos.") for m in loaded)


def test_a_lazy_info_loads_once_and_keeps_given_fields():
    calls = []

    def load():
        from tabletop_tui.engine.registry import GameEngine
        from tests.fixture_game import HighCard

        calls.append(1)
        return GameEngine(state_class=HighCard, max_decisions=7, test_configs=({"players": 1},))

    info = GameInfo("lazy", "Lazy", "x", 1, 3, (Mode("solo", "Solo", 1, 1),), load=load)
    assert not info.loaded and calls == []
    assert info.max_decisions == 7
    assert info.state_class.__name__ == "HighCard" and info.bots == {}
    assert info.test_configs == ({"players": 1},)
    assert calls == [1]
    with pytest.raises(AttributeError):
        info.no_such_field  # noqa: B018
    with pytest.raises(TypeError):
        GameInfo("bad", "Bad", "x", 1, 1, ())


def test_registered_games_load_their_engines():
    for info in games().values():
        assert "random" in info.bots
        assert info.state_class.game_id == info.id
        assert info.test_configs


def test_version_answers_before_loading_the_engine_models():
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import contextlib, io, sys\n"
            "from tabletop_tui.launch import run\n"
            "buf = io.StringIO()\n"
            "with contextlib.redirect_stdout(buf):\n"
            "    code = run(['--version'])\n"
            "print(code, buf.getvalue().strip(), 'tabletop_tui.engine.core' in sys.modules)",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    from tabletop_tui import __version__

    assert out.stdout.split() == ["0", "tabletop-tui", __version__, "False"]


def test_the_launcher_hands_everything_else_to_the_cli(capsys):
    from tabletop_tui.launch import run

    assert run(["sim", "nope", "--games", "1"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err


def test_an_info_is_read_only_and_shows_its_metadata_without_loading():
    info = GameInfo("lazy", "Lazy", "x", 1, 3, (Mode("solo", "Solo", 1, 1),), load=lambda: 1 / 0)
    with pytest.raises(AttributeError):
        info.title = "Other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del info.title
    assert info.title == "Lazy"
    assert repr(info).startswith("GameInfo(id='lazy', title='Lazy', blurb='x', min_players=1")
    assert not info.loaded


def test_an_info_is_copied_with_changes_by_dataclasses_replace():
    import dataclasses

    from tests.fixture_game import GAME as HIGHCARD

    copy = dataclasses.replace(HIGHCARD, title="Copy", max_decisions=9)
    assert (copy.title, copy.max_decisions) == ("Copy", 9)
    assert (HIGHCARD.title, copy.state_class, copy.bots) == (
        "High Card",
        HIGHCARD.state_class,
        HIGHCARD.bots,
    )


def test_the_games_are_found_as_pkgutil_finds_packages(tmp_path):
    import pkgutil

    from tabletop_tui.engine.registry import _subpackages

    for folder in ("zeta", "alpha", "no_init", "not.a.name", "__pycache__"):
        (tmp_path / folder).mkdir()
    for package in ("zeta", "alpha", "not.a.name"):
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "module.py").write_text("")
    (tmp_path / "beta").write_text("a file, not a folder")
    paths = [str(tmp_path), str(tmp_path / "missing")]
    listed = sorted(m.name for m in pkgutil.iter_modules(paths) if m.ispkg)
    assert _subpackages(paths) == listed == ["alpha", "zeta"]

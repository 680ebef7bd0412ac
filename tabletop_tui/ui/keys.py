"""What the keys of a game do, worded once per binding id, and the documents made from it.

Every binding has an id. Here each binding of the game frame (and of the boards, and the
app's command palette) is told of once, by id: the in-game help (``GameScreen.key_help``),
the README's key table and the key lists of ``assets/rules/keys.md`` are all made from these
entries and the bindings themselves, so a key changed in a ``BINDINGS`` list changes in all
three. ``python -m tabletop_tui.ui.keys --write`` rewrites the two documents of a checkout
(without ``--write`` it only names those out of date); a test fails when they differ from what
the bindings give.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from textual.binding import Binding

DECIDING = "Deciding"
AROUND = "Around the game"
START = "On the start screen"

# Key names as a player reads them (a single character stands for itself).
_KEY_NAMES = {
    "question_mark": "?",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "escape": "Esc",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}
_REF = re.compile(r"\{([a-z_.0-9]+)\}")
_MARKED = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class KeyHelp:
    """One line of key help.

    ``keys`` is Markdown in which ``{id}`` stands for the keys of the binding with that id
    (so the line follows the binding) and code spans are keys bound elsewhere, such as the
    options list's arrows; ``what`` says what they do in a few words (the in-game help and
    the README's table; a code span there is a key too); ``more`` adds a sentence in ``keys.md``; ``covers`` names bindings the line tells of without showing
    their keys (the digits 2 to 9 under "1-9")."""

    keys: str
    what: str
    section: str
    more: str = ""
    covers: tuple[str, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        """Every binding id this line tells of."""
        return tuple(_REF.findall(self.keys)) + self.covers


def _digits(prefix: str) -> tuple[str, ...]:
    """The ids of the bindings of digits 2 to 9, told of on the line of digit 1 ("1-9")."""
    return tuple(f"{prefix}{d}" for d in range(2, 10))


GAME_KEYS: tuple[KeyHelp, ...] = (
    KeyHelp(
        "{frame.pick}, {frame.digit0}",
        "pick an option by its number (type both digits from 10 on)",
        DECIDING,
        covers=_digits("frame.digit"),
    ),
    KeyHelp(
        "`↑` `↓` / {frame.down} {frame.up}",
        "move through the options; `Enter` or a click picks",
        DECIDING,
        more="A click on the board element an option stands for picks it too.",
        covers=("frame.enter",),
    ),
    KeyHelp(
        "{frame.undo}",
        "undo your last decision (never past a reveal, chance or another seat)",
        DECIDING,
        more="Undo stops where hidden cards were revealed, where chance acted (a shuffle, "
        "a draw) and where another seat decided.",
    ),
    KeyHelp("{frame.tip}", "a tip: what the strongest bot would do now, and why", DECIDING),
    KeyHelp("{frame.log}", "show or hide the log", AROUND),
    KeyHelp("{frame.help}", "the keys and the rules in brief", AROUND),
    KeyHelp("{frame.rules}", "the full rules", AROUND),
    KeyHelp(
        "{frame.speed}",
        "bot speed (instant, fast, normal, slow)",
        AROUND,
        more="It sets how long each bot move stays on screen.",
    ),
    KeyHelp("{frame.results}", "the results, once the game is over", AROUND),
    KeyHelp(
        "{frame.leave}",
        "leave the game (it is already saved)",
        AROUND,
        more="Every decision is saved as it is made: resume the game from the start screen "
        "at any time, even after closing the terminal.",
    ),
    KeyHelp(
        "{app.command_palette}",
        "the command palette",
        AROUND,
        more="It holds every command of the current screen, the bot speed and the colour themes.",
    ),
)

# The start screen's keys, told of in its help, the README and keys.md: (keys, what they do,
# and maybe a further sentence for keys.md and the bindings covered), all in one section.
START_KEYS: tuple[KeyHelp, ...] = tuple(
    KeyHelp(keys, what, START, *more)
    for keys, what, *more in (
        ("{picker.game1}", "start the game with that number", "", _digits("picker.game")),
        ("{picker.down}", "down the list"),
        ("{picker.up}", "up the list"),
        ("{picker.games}", "to the games"),
        ("{picker.saved}", "to the unfinished games"),
        ("{picker.open}", "open the highlighted game"),
        ("{picker.resume}", "resume the highlighted unfinished game"),
        ("{picker.abandon}", "abandon the highlighted unfinished game"),
        ("{picker.history}", "the history of played games, to replay them"),
        ("{picker.stats}", "statistics: wins, best scores, win rates"),
        (
            "{picker.join}",
            "join a game hosted in another window (with its join code)",
            "A host's screen shows one code per seat played from another keyboard.",
        ),
        ("{picker.help}", "this list of keys and the guide"),
        ("{picker.quit}", "quit (every game is saved as it is played)"),
        ("{app.command_palette}", "the command palette (themes, bot speed)"),
    )
)

# A board's own keys, by binding id: what they do on that board.
BOARD_KEYS: dict[str, str] = {
    "mesos.scroll_board": "scroll the board to the tribes below (and back) when they do not "
    "all fit",
}


def key_name(key: str) -> str:
    """How one key of a binding reads: 'u', '?', 'F1', 'Ctrl+P'."""
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    if len(key) == 1:
        return key
    *modifiers, last = key.split("+")
    return "+".join(
        [*(m.capitalize() for m in modifiers), last.upper() if modifiers else last.capitalize()]
    )


def binding_keys(binding: Binding) -> list[str]:
    """The keys of a binding as a player reads them; its ``key_display`` stands for the
    first key (the digits' '1-9')."""
    keys = [key_name(k.strip()) for k in binding.key.split(",")]
    if binding.key_display:
        keys[0] = binding.key_display
    return keys


def by_id(bindings: Iterable[Binding]) -> dict[str, Binding]:
    """Bindings by id (a binding without one is a mistake the tests catch)."""
    return {b.id: b for b in bindings if b.id}


def render_keys(entry: KeyHelp, bindings: dict[str, Binding], mark: Callable[[str], str]) -> str:
    """The keys of ``entry`` with each key passed through ``mark`` (code, bold or plain)."""

    def binding(match: re.Match[str]) -> str:
        return " / ".join(f"`{k}`" for k in binding_keys(bindings[match.group(1)]))

    return words(_REF.sub(binding, entry.keys), mark)


def plain(key: str) -> str:
    return key


def words(text: str, mark: Callable[[str], str]) -> str:
    """``text`` with its code spans (keys named in the words) passed through ``mark``."""
    return _MARKED.sub(lambda m: mark(m.group(1)), text)


def help_rows(
    bindings: dict[str, Binding],
    notes: dict[str, str] | None = None,
    entries: Sequence[KeyHelp] = GAME_KEYS,
) -> list[tuple[str, str]]:
    """(keys, what they do) for a help screen, in the order of ``entries`` (the game's keys
    unless told); ``notes`` adds a word of the moment to the line of a binding id (the bot
    speed now)."""
    rows = []
    for e in entries:
        extra = [notes[i] for i in e.ids if notes and i in notes]
        rows.append((render_keys(e, bindings, plain), "; ".join([words(e.what, plain), *extra])))
    return rows


def board_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do) for a board's own bindings; one without words here reads as its
    description."""
    rows = []
    for b in bindings:
        what = BOARD_KEYS.get(b.id or "") or b.description or b.action
        rows.append((" / ".join(binding_keys(b)), what))
    return rows


# ---- the documents ------------------------------------------------------------------------

# The generated part of each document lies between these lines (and blank lines).
_MADE = (
    "made from the bindings: edit the words in tabletop_tui/ui/keys.py\n"
    "and run python -m tabletop_tui.ui.keys --write -->"
)
README_START = f"<!-- The key table is {_MADE}"
README_END = "<!-- end of the key table -->"
GUIDE_START = f"<!-- The key lists are {_MADE}"
GUIDE_END = "<!-- end of the key lists -->"


@dataclass(frozen=True)
class BoardKeys:
    """A game's short name and its board's own bindings."""

    game: str
    bindings: tuple[Binding, ...]


def _code(key: str) -> str:
    return f"`{key}`"


def _bold(key: str) -> str:
    return f"**{key}**"


def _board_lines(
    boards: Sequence[BoardKeys], mark: Callable[[str], str]
) -> list[tuple[str, str, str]]:
    """(keys, game, what they do) for every board's own bindings."""
    lines = []
    for board in boards:
        for b in board.bindings:
            keys = " / ".join(mark(k) for k in binding_keys(b))
            lines.append((keys, board.game, BOARD_KEYS.get(b.id or "", b.description)))
    return lines


def readme_table(bindings: dict[str, Binding], boards: Sequence[BoardKeys]) -> str:
    """The README's key tables: in a game, then on the start screen."""
    rows = [(render_keys(e, bindings, _code), e.what) for e in GAME_KEYS]  # already Markdown
    # A board's keys come before the palette, which stays last.
    rows[-1:-1] = [(keys, f"{game}: {what}") for keys, game, what in _board_lines(boards, _code)]
    lines = ["| key | in a game |", "| --- | --- |"]
    lines += [f"| {keys} | {what} |" for keys, what in rows]
    lines += ["", "| key | on the start screen |", "| --- | --- |"]
    lines += [f"| {render_keys(e, bindings, _code)} | {e.what} |" for e in START_KEYS]
    return "\n".join(lines)


def guide_lists(bindings: dict[str, Binding], boards: Sequence[BoardKeys]) -> str:
    """The key lists of ``keys.md``: one section per ``KeyHelp.section``."""
    out: list[str] = []
    for section in (DECIDING, AROUND, START):
        out += [f"## {section}", ""]
        for e in (*GAME_KEYS, *START_KEYS):
            if e.section == section:
                what = words(_with_more(e), _bold)
                out.append(_bullet(f"{render_keys(e, bindings, _bold)} — {what}"))
        if section == AROUND:
            for keys, game, what in _board_lines(boards, _bold):
                out.append(_bullet(f"{keys} ({game}) — {what}."))
        out.append("")
    return "\n".join(out).rstrip("\n")


def _with_more(entry: KeyHelp) -> str:
    """What the keys do, then the further sentence the guide has room for."""
    return f"{entry.what}. {entry.more}" if entry.more else f"{entry.what}."


def _bullet(text: str) -> str:
    """A list item wrapped as the guide's prose is (92 columns)."""
    return textwrap.fill(
        text,
        92,
        initial_indent="- ",
        subsequent_indent="  ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def replace_between(text: str, start: str, end: str, body: str) -> str:
    """``text`` with what lies between the ``start`` and ``end`` lines replaced by ``body``."""
    head, found, rest = text.partition(start + "\n")
    if not found or end not in rest:
        raise ValueError(f"the markers {start!r} and {end!r} are missing")
    _, _, tail = rest.partition(end)
    return f"{head}{start}\n\n{body}\n\n{end}{tail}"


def app_bindings() -> dict[str, Binding]:
    """The bindings the keys are told from: the game frame's, the start screen's and the
    app's."""
    from tabletop_tui.app import TabletopApp

    from .frame import GameScreen
    from .picker import PickerScreen

    every = [*TabletopApp.BINDINGS, *GameScreen.BINDINGS, *PickerScreen.BINDINGS]
    return by_id(b for b in every if isinstance(b, Binding))


def all_boards() -> list[BoardKeys]:
    """The board bindings of every game that ships (not a game a test registered), for the
    documents."""
    from tabletop_tui.engine.registry import games

    from .common import load_board_class

    boards = []
    for info in games().values():
        if not info.screen.startswith("tabletop_tui."):
            continue
        bindings = tuple(b for b in load_board_class(info).BINDINGS if isinstance(b, Binding))
        if bindings:
            boards.append(BoardKeys(info.title.split(":")[0], bindings))
    return boards


ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
GUIDE = ROOT / "assets" / "rules" / "keys.md"


def documents() -> dict[Path, str]:
    """The README and keys.md as the bindings make them."""
    bindings, boards = app_bindings(), all_boards()
    readme = README.read_text(encoding="utf-8")
    guide = GUIDE.read_text(encoding="utf-8")
    return {
        README: replace_between(readme, README_START, README_END, readme_table(bindings, boards)),
        GUIDE: replace_between(guide, GUIDE_START, GUIDE_END, guide_lists(bindings, boards)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tabletop_tui.ui.keys",
        description="Make the README's key table and keys.md from the bindings.",
    )
    parser.add_argument("--write", action="store_true", help="rewrite the two documents")
    args = parser.parse_args(argv)
    try:
        made = documents()
    except (OSError, ValueError) as exc:
        print(f"cannot make the key documents (run this in a checkout): {exc}", file=sys.stderr)
        return 2
    stale = []
    for path, text in made.items():
        if path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if args.write:
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'rewrote' if args.write else 'out of date'}: {path.relative_to(ROOT)}")
    return 0 if args.write or not stale else 1


if __name__ == "__main__":
    sys.exit(main())

"""The command line: start the app, start a game directly, simulate bot games, print rules,
list the history, export and import game records, and say where the saves live.

Bad input (an unknown game, option, value or seat) ends with one clear line on stderr and a
non-zero exit, never a traceback.

The app opened with no command (at most ``--data-dir``) needs no parser: argparse and the
commands' table load only when the command line asks for more (``plain_launch``).
"""

from __future__ import annotations

import gc
import sys
import typing
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from tabletop_tui import __version__
from tabletop_tui.engine.errors import EngineError
from tabletop_tui.engine.registry import GameInfo, games, get_game

if TYPE_CHECKING:
    import argparse

    # The data models (pydantic) load when a command needs them: the app's start screen
    # draws its first frame without them.
    from tabletop_tui.engine.core import GameConfig
    from tabletop_tui.engine.record import SeatSpec

PROG = "tabletop-tui"


class CliError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


# ---- game options ------------------------------------------------------------------------


def _field_values(annotation: Any) -> str:
    """Human description of the values a config field accepts."""
    if annotation is bool:
        return "true|false"
    if typing.get_origin(annotation) is typing.Literal:
        return "|".join(str(a) for a in typing.get_args(annotation))
    if annotation is int:
        return "integer"
    return getattr(annotation, "__name__", str(annotation))


def _int_bounds(field: Any) -> str:
    lo = hi = None
    for meta in field.metadata:
        lo = getattr(meta, "ge", lo)
        hi = getattr(meta, "le", hi)
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    return "integer"


def describe_options(info: GameInfo) -> list[tuple[str, str, str, str]]:
    """(key, allowed values, default, description) for each game option but ``players``."""
    rows = []
    for name, field in info.config_model.model_fields.items():
        if name == "players":
            continue
        values = _field_values(field.annotation)
        if field.annotation is int:
            values = _int_bounds(field)
        default = field.default
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        rows.append((name, values, shown, field.description or ""))
    return rows


def _coerce(info: GameInfo, key: str, raw: str) -> Any:
    fields = info.config_model.model_fields
    if key == "players" or key not in fields:
        known = ", ".join(n for n in fields if n != "players") or "none"
        raise CliError(f"{info.id} has no option '{key}' (options: {known})")
    ann = fields[key].annotation
    if ann is bool:
        low = raw.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise CliError(f"option {key} takes true or false, not '{raw}'")
    if ann is int:
        try:
            return int(raw)
        except ValueError:
            raise CliError(f"option {key} takes a whole number, not '{raw}'") from None
    return raw


def build_config(info: GameInfo, players: int | None, options: Sequence[str]) -> GameConfig:
    data: dict[str, Any] = {}
    for item in options:
        if "=" not in item:
            raise CliError(f"--option takes KEY=VALUE, not '{item}'")
        key, raw = item.split("=", 1)
        data[key.strip()] = _coerce(info, key.strip(), raw.strip())
    from pydantic import ValidationError

    n = players if players is not None else default_players(info)
    if not info.min_players <= n <= info.max_players:
        raise CliError(
            f"{info.title} is for {info.min_players} to {info.max_players} players, not {n}"
        )
    try:
        return info.make_config(n, data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        msg = err.get("msg", "invalid").removeprefix("Value error, ")
        raise CliError(
            f"invalid option {loc}: {msg}" if loc else f"invalid options: {msg}"
        ) from None


def default_players(info: GameInfo) -> int:
    return max(info.min_players, min(info.max_players, 2))


def seat_kinds(
    info: GameInfo,
    players: int,
    specs: Sequence[str],
    default: str,
    allow_human: bool,
    first: str | None = None,
    allow_remote: bool = False,
) -> list[str]:
    """Seat kinds from ``N=KIND`` specs; unnamed seats get ``default`` (seat 1 ``first``);
    ``remote`` (a person at another keyboard) only when hosting. (``sim`` needs no more than
    the kinds, and so never loads the save records' models; ``named_seats`` names them.)"""
    kinds = [default] * players
    if first is not None:
        kinds[0] = first
    for spec in specs:
        if "=" not in spec:
            raise CliError(f"--seat takes N=KIND (e.g. 2=medium), not '{spec}'")
        num, kind = spec.split("=", 1)
        try:
            idx = int(num) - 1
        except ValueError:
            raise CliError(f"--seat number must be 1..{players}, not '{num}'") from None
        if not 0 <= idx < players:
            raise CliError(f"--seat number must be 1..{players}, not '{num}'")
        kind = kind.strip().lower()
        if kind == "human" and not allow_human:
            raise CliError("sim plays bots only: a seat cannot be 'human'")
        if kind == "remote" and not allow_remote:
            raise CliError("a seat at another keyboard ('remote') needs 'tabletop-tui host'")
        if kind not in ("human", "remote") and kind not in info.bots:
            allowed = (["human"] if allow_human else []) + list(info.bots)
            if allow_remote:
                allowed.insert(1, "remote")
            raise CliError(f"unknown seat kind '{kind}' (use {', '.join(allowed)})")
        kinds[idx] = kind
    return kinds


def named_seats(kinds: Sequence[str]) -> list[SeatSpec]:
    """The seats of a new game from their kinds (``seat_kinds``), each with its name."""
    from tabletop_tui.engine.record import SeatSpec

    return [
        SeatSpec(name=f"Player {i + 1}" if k in ("human", "remote") else f"Bot {i + 1}", kind=k)
        for i, k in enumerate(kinds)
    ]


# ---- commands ----------------------------------------------------------------------------


def _game_help(info: GameInfo, command: str) -> str:
    lines = [
        f"{info.title}: {info.blurb}",
        f"players: {info.min_players}-{info.max_players}"
        + "".join(f"; {m.title} {m.min_players}-{m.max_players}" for m in info.modes),
        f"seat kinds: {dict(play='human, ', host='human, remote, ').get(command, '')}"
        f"{', '.join(info.bots)}",
        "options (--option KEY=VALUE):",
    ]
    rows = describe_options(info)
    if not rows:
        lines.append("  (none)")
    for key, values, default, desc in rows:
        lines.append(f"  {key}={values}  (default {default})  {desc}")
    return "\n".join(lines)


def cmd_sim(args: argparse.Namespace) -> int:
    info = get_game(args.game)
    if args.help:
        print(_game_help(info, "sim"))
        return 0
    from tabletop_tui.engine.sim import MAX_GAMES, MAX_JOBS, simulate

    if args.games is None or args.games < 1:
        raise CliError("sim needs --games N with N >= 1")
    if args.games > MAX_GAMES:
        raise CliError(
            f"sim plays at most {MAX_GAMES} games a run, not {args.games} "
            "(split a longer run with --seed)"
        )
    if not 1 <= args.jobs <= MAX_JOBS:
        raise CliError(f"--jobs must be 1..{MAX_JOBS}, not {args.jobs}")
    config = build_config(info, args.players, args.option)
    levels = seat_kinds(info, config.players, args.seat, "random", allow_human=False)
    seed = args.seed if args.seed is not None else 1
    run = {"jobs": args.jobs, "check": args.check}
    if not gc.isenabled():
        # Held off by the launcher through the set-up, which builds many objects and frees
        # few: the engine and its models, loaded by now, are frozen out of the collector's
        # way (and out of forked workers' pages) before the games begin.
        gc.freeze()
        gc.enable()

    if args.json:
        import json

        summary = simulate(info, config, args.games, seed, levels, **run)
        print(json.dumps(summary.to_json()))
        return 1 if summary.errors else 0

    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    console = Console()
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{info.title}", total=args.games)
        summary = simulate(
            info,
            config,
            args.games,
            seed,
            levels,
            progress=lambda n: progress.advance(task, n),
            **run,
        )
    data = summary.to_json()
    table = Table(title=f"{info.title}: {args.games} games, {config.players} players, seed {seed}")
    for col in ("seat", "level", "wins", "win rate", "mean score", "spread"):
        table.add_column(col, justify="right" if col != "level" else "left")
    for i, level in enumerate(levels):
        table.add_row(
            str(i + 1),
            level,
            f"{data['wins'][i]:g}",
            f"{100 * data['win_rate'][i]:.1f}%",
            f"{data['mean_scores'][i]:.2f}",
            f"{data['score_stdev'][i]:.2f}",
        )
    console.print(table)
    if data["cooperative"]:
        done = max(1, args.games - data["errors"])
        console.print(f"table wins: {data['table_wins']} ({100 * data['table_wins'] / done:.1f}%)")
    console.print(
        f"mean length: {data['mean_decisions']} decisions; {data['ms_per_game']} ms per game; "
        f"errors: {data['errors']}"
    )
    for msg in data["error_messages"]:
        console.print(f"  error: {msg}", markup=False)
    return 1 if summary.errors else 0


def cmd_play(args: argparse.Namespace) -> int:
    new = _new_game(args, "play")
    if new is None:
        return 0
    return _start_app(args, *new)


def _new_game(
    args: argparse.Namespace, command: str, allow_remote: bool = False
) -> tuple[GameInfo, GameConfig, list[SeatSpec]] | None:
    """The game, options and seats a new game starts with (``play`` and ``host`` share this);
    None once ``--help`` has been printed instead."""
    info = get_game(args.game)
    if args.help:
        print(_game_help(info, command))
        return None
    config = build_config(info, args.players, args.option)
    kinds = seat_kinds(
        info,
        config.players,
        args.seat,
        "medium",
        allow_human=True,
        first="human",
        allow_remote=allow_remote,
    )
    return info, config, named_seats(kinds)


def _start_app(
    args: argparse.Namespace, info: GameInfo, config: GameConfig, seats: list[SeatSpec]
) -> int:
    """Open the app on a new game of ``info`` (``play`` and ``host`` share this)."""
    start = {
        "game": info.id,
        "players": config.players,
        "options": config.model_dump(exclude={"players"}),
        "seats": seats,
        "seed": args.seed,
    }
    return _run_app(args.data_dir, start)


def cmd_host(args: argparse.Namespace) -> int:
    """Start a game with seats at other keyboards: each remote seat gets a join code."""
    new = _new_game(args, "host", allow_remote=True)
    if new is None:
        return 0
    info, config, seats = new
    if not any(s.kind == "remote" for s in seats):
        if config.players < 2:
            raise CliError(f"{info.title} with 1 player has no seat for another keyboard")
        if any(spec.startswith("2=") for spec in args.seat):
            raise CliError("name at least one seat at another keyboard: --seat N=remote")
        from tabletop_tui.engine.record import SeatSpec

        seats[1] = SeatSpec(name="Player 2", kind="remote")
    return _start_app(args, info, config, seats)


def cmd_join(args: argparse.Namespace) -> int:
    """Take a seat of a game hosted in another window (same machine, same data folder)."""
    from tabletop_tui.store import Store
    from tabletop_tui.store.db import JoinRefused

    store = Store.open(args.data_dir)
    try:
        store.find_code(args.code, args.game)
    except JoinRefused as exc:
        raise CliError(str(exc)) from None
    finally:
        store.close()
    return _run_app(args.data_dir, {"join": args.code, "game_id": args.game})


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the app to browsers: every tab runs its own app process on the same saves."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise CliError(
            "playing in a browser needs textual-serve: pip install 'tabletop-tui[web]' "
            "(or pip install textual-serve)"
        ) from None
    import shlex

    if not 1 <= args.port <= 65535:
        raise CliError(f"--port must be 1..65535, not {args.port}")
    command = f"{shlex.quote(sys.executable)} -m tabletop_tui"
    if args.data_dir:
        command += f" --data-dir {shlex.quote(args.data_dir)}"
    local = args.host in ("127.0.0.1", "localhost", "::1")
    print(
        f"{PROG}: serving the games at http://{args.host}:{args.port} — "
        + (
            "on this machine only (--host 0.0.0.0 opens it to the network)"
            if local
            else "open to the network: anyone who reaches this address can play and open saves"
        ),
        file=sys.stderr,
    )
    Server(command, host=args.host, port=args.port, title=PROG).serve()
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    info = get_game(args.game)
    from tabletop_tui.assets import read_text

    text = read_text("rules", info.rules_file if args.full else info.rules_summary_file)
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(text))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from tabletop_tui.store import Store

    store = Store.open(args.data_dir)
    try:
        rows = store.all_games(limit=args.limit)
    finally:
        store.close()
    console = Console()
    if store.warning:
        console.print(store.warning, style="yellow", markup=False)
    for note in store.damaged_notes:
        console.print(note, style="yellow", markup=False)
    if not rows:
        console.print("No games played yet." if not store.damaged_rows else "No readable games.")
        return 0
    titles = {g.id: g.title for g in games().values()}
    table = Table(title="Games")
    for col in ("#", "game", "status", "seats", "moves", "result", "when"):
        table.add_column(col)
    import datetime as dt

    for g in rows:
        seats = ", ".join(f"{s.name}" for s in g.seats)
        result = ""
        if g.result is not None:
            if g.result.cooperative:
                result = "won" if g.result.won else "lost"
            else:
                best = sorted(g.result.seats, key=lambda s: s.rank)
                result = " ".join(
                    f"{g.seats[s.seat].name if s.seat < len(g.seats) else s.seat}:{s.score}"
                    for s in best
                )
        when = dt.datetime.fromtimestamp(g.updated).strftime("%Y-%m-%d %H:%M")
        table.add_row(
            str(g.id),
            titles.get(g.record.game, f"{g.record.game} (not installed)"),
            g.status,
            seats,
            str(g.moves),
            result,
            when,
        )
    console.print(table)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write one saved game as a portable JSON record (stdout, or ``-o FILE``)."""
    from tabletop_tui.store import Store

    store = Store.open(args.data_dir)
    try:
        stored = store.get(args.id)
    finally:
        store.close()
    record = stored.record.with_versions()
    if stored.status == "finished" and stored.result is not None:
        record = record.model_copy(update={"result": stored.result.to_json()})
    text = record.model_dump_json(indent=2) + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    print(f"game #{stored.id} written to {args.output}", file=sys.stderr)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Read a game record, replay it to check it, and add it to the saved games."""
    from tabletop_tui.engine.record import DamagedSave, GameRecord
    from tabletop_tui.store import Store

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise CliError(f"cannot read {args.file}: {reason}") from None
    try:
        record = GameRecord.from_json(text)
    except DamagedSave as exc:
        raise CliError(f"{args.file} is not a game record: {exc}") from None
    info = get_game(record.game)
    try:
        state = record.verify(info)
    except DamagedSave as exc:
        raise CliError(f"{args.file} was not imported: {exc}") from None
    result = state.result()
    record = record.with_versions().model_copy(update={"result": None})
    store = Store.open(args.data_dir)
    try:
        store.check_writable()
        game_id = store.create_game(
            record, status="finished" if result is not None else "playing", result=result
        )
    finally:
        store.close()
    status = "finished" if result is not None else "unfinished"
    print(f"imported as game #{game_id} ({info.title}, {status}, {len(record.history)} moves)")
    return 0


def cmd_locate(args: argparse.Namespace) -> int:
    """Where the saves live (the folder is not created by asking)."""
    from pathlib import Path

    from tabletop_tui.store import DB_NAME, default_data_dir

    folder = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    print(f"data folder: {folder}")
    print(f"database:    {folder / DB_NAME}")
    return 0


def _run_app(data_dir: str | None, start: dict[str, Any] | None) -> int:
    from tabletop_tui.app import run_app

    return run_app(data_dir, start)


# ---- parser ------------------------------------------------------------------------------


def plain_launch(argv: Sequence[str]) -> tuple[bool, str | None]:
    """Whether ``argv`` just opens the app (no command; ``--data-dir DIR`` or
    ``--data-dir=DIR`` at most), and the data folder it names: what the parser would make of
    it, without building the parser. Anything else is left to the parser."""
    if not argv:
        return True, None
    if len(argv) == 1 and argv[0].startswith("--data-dir="):
        return True, argv[0].removeprefix("--data-dir=")
    if len(argv) == 2 and argv[0] == "--data-dir" and not argv[1].startswith("-"):
        return True, argv[1]
    return False, None


def build_parser() -> argparse.ArgumentParser:
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            raise CliError(f"{message} (see '{self.prog} --help')")

    parser = _Parser(
        prog=PROG,
        description="Tabletop games in the terminal. With no command, the game picker opens.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--data-dir", help="folder of the saved-games database (default: the user data folder)"
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, add_help=False)
        p.add_argument("-h", "--help", action="store_true", help="show the game's options")
        p.add_argument("game", help="game id: " + ", ".join(sorted(games())))
        p.add_argument("--players", type=int, help="number of players")
        p.add_argument(
            "--seat",
            action="append",
            default=[],
            metavar="N=KIND",
            help="seat N (from 1) is human or a bot level",
        )
        p.add_argument("--seed", type=int, help="random seed (same seed, same deal)")
        p.add_argument(
            "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
        )
        p.add_argument("--data-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
        return p

    game_command("play", "start a game directly")
    game_command("host", "start a game with seats at other keyboards (--seat N=remote)")
    sim = game_command("sim", "play bot games headless and summarise them")
    sim.add_argument("--games", type=int, help="how many games")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--jobs", type=int, default=1, help="play in N processes (same seeds, same totals)"
    )
    sim.add_argument(
        "--check",
        action="store_true",
        help="check every game against the engine's promises (slow; failures count as errors)",
    )
    rules = sub.add_parser("rules", help="print a game's rules summary")
    rules.add_argument("game")
    rules.add_argument("--full", action="store_true", help="the full rules, not the summary")
    hist = sub.add_parser("history", help="list past and unfinished games")
    hist.add_argument("--limit", type=int, default=50)
    export = sub.add_parser("export", help="write a saved game as a JSON game record")
    export.add_argument("id", type=int, help="the game's number (see 'history')")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    imp = sub.add_parser("import", help="check a JSON game record by replay and add it")
    imp.add_argument("file", help="the record's file ('-' reads stdin)")
    sub.add_parser("locate", help="print the data folder and the database path")
    join = sub.add_parser("join", help="take a seat of a hosted game with its join code")
    join.add_argument("code", help="the join code the host's screen shows")
    join.add_argument("--game", type=int, help="only if the code is for game number GAME")
    serve = sub.add_parser("serve", help="serve the app to web browsers (needs the web extra)")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: this machine only)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    for name in ("history", "export", "import", "locate", "join", "serve"):
        sub.choices[name].add_argument(
            "--data-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        plain, data_dir = plain_launch(argv)
        if plain:
            return _run_app(data_dir, None)
        parser = build_parser()
        # "tabletop-tui play" / "sim" without a game but with --help: the command's own help.
        if (
            len(argv) >= 1
            and argv[0] in ("play", "sim", "host")
            and (len(argv) == 1 or argv[1] in ("-h", "--help"))
        ):
            sub = parser._subparsers._group_actions[0].choices[argv[0]]  # type: ignore[union-attr]
            sub.print_help()
            return 0 if len(argv) > 1 else 2
        args = parser.parse_args(argv)
        if args.command is None:
            return _run_app(args.data_dir, None)
        if args.command not in ("play", "host", "join", "sim"):
            # Held off by the launcher for the app's and sim's start-up only (see ``launch``).
            gc.enable()
        handler = {
            "play": cmd_play,
            "host": cmd_host,
            "join": cmd_join,
            "serve": cmd_serve,
            "sim": cmd_sim,
            "rules": cmd_rules,
            "history": cmd_history,
            "export": cmd_export,
            "import": cmd_import,
            "locate": cmd_locate,
        }[args.command]
        return handler(args)
    except CliError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except EngineError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (e.g. '| head'): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as exc:  # the last guard: one line, never a traceback
        from tabletop_tui.store import StoreError

        if isinstance(exc, StoreError):
            print(f"{PROG}: error: {exc}", file=sys.stderr)
            return 1
        print(f"{PROG}: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

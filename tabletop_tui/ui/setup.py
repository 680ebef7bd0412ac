"""The new-game screen: players, seats (name, human or bot level), the game's options, seed.

The options form is built from the game's ``GameConfig`` fields (bool, bounded int, Literal
of strings, each with a description), and the last choices per game are remembered.

A config may declare when a field applies, as a class attribute ``applies_when`` mapping a
field name to conditions: ``{"god_4": {"players": (4,)}, "difficulty": {"mode": ("solo",)},
"passages": {"difficulty": ("custom",)}}`` (keys ``players``, ``mode`` (a ``Mode.id``) or
another field's name; every condition must hold). The form shows only the fields that apply
to the chosen player count, mode and options, and puts a field that stops applying back to
its default, so a remembered choice never blocks Start.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import annotated_types
from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from tabletop_tui.engine.core import GameConfig
from tabletop_tui.engine.record import SeatSpec
from tabletop_tui.engine.registry import GameInfo
from tabletop_tui.session import REMOTE, new_seed

from .common import HUMAN, BaseScreen, kind_label

if TYPE_CHECKING:
    from tabletop_tui.app import TabletopApp

BOT_DEFAULT = "medium"
MAX_SELECT_RANGE = 30


@dataclass(frozen=True)
class FieldSpec:
    """One option of a game's config, as the form shows it."""

    name: str
    title: str
    description: str
    kind: str  # "bool", "int" or "choice"
    default: Any
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None


def applies_when(model: type[GameConfig]) -> dict[str, dict[str, tuple[Any, ...]]]:
    """The config's declared conditions per field (none: every field always applies)."""
    rules = getattr(model, "applies_when", None)
    return dict(rules) if isinstance(rules, dict) else {}


def applicable_fields(info: GameInfo, players: int, values: dict[str, Any]) -> set[str]:
    """The option fields that apply with ``players`` seats and these option ``values``
    (fields missing from ``values``, or not applying themselves, count at their default)."""
    rules = applies_when(info.config_model)
    mode = info.mode_for(players)
    specs = field_specs(info.config_model)
    effective = {spec.name: values.get(spec.name, spec.default) for spec in specs}
    out: set[str] = set()
    for spec in specs:  # in declaration order: a field depends on earlier ones
        ok = True
        for key, allowed in rules.get(spec.name, {}).items():
            if key == "players":
                value: Any = players
            elif key == "mode":
                value = mode.id if mode else None
            else:
                value = effective.get(key)
            if value not in allowed:
                ok = False
                break
        if ok:
            out.add(spec.name)
        else:
            effective[spec.name] = spec.default
    return out


def field_specs(model: type[GameConfig]) -> list[FieldSpec]:
    """The form fields of a config model, ``players`` excepted (the form has its own)."""
    specs = []
    for name, info in model.model_fields.items():
        if name == "players":
            continue
        title = info.title or name.replace("_", " ").capitalize()
        desc = info.description or ""
        ann = info.annotation
        if ann is bool:
            specs.append(FieldSpec(name, title, desc, "bool", info.default))
        elif ann is int:
            low = high = None
            for meta in info.metadata:
                if isinstance(meta, annotated_types.Ge):
                    low = int(meta.ge)  # type: ignore[call-overload]
                elif isinstance(meta, annotated_types.Gt):
                    low = int(meta.gt) + 1  # type: ignore[call-overload]
                elif isinstance(meta, annotated_types.Le):
                    high = int(meta.le)  # type: ignore[call-overload]
                elif isinstance(meta, annotated_types.Lt):
                    high = int(meta.lt) - 1  # type: ignore[call-overload]
            choices: tuple[Any, ...] = ()
            if low is not None and high is not None and high - low <= MAX_SELECT_RANGE:
                choices = tuple(range(low, high + 1))
            specs.append(FieldSpec(name, title, desc, "int", info.default, choices, low, high))
        elif typing.get_origin(ann) is typing.Literal:
            specs.append(FieldSpec(name, title, desc, "choice", info.default, typing.get_args(ann)))
        else:
            raise TypeError(f"{model.__name__}.{name}: unsupported option type {ann!r}")
    return specs


_AUTO_NAME = re.compile(r"^(Player|Bot) \d+$")


def auto_name(seat: int, kind: str) -> str:
    return f"{'Player' if kind in (HUMAN, REMOTE) else 'Bot'} {seat + 1}"


def pref_key(game_id: str) -> str:
    return f"setup:{game_id}"


def default_choices(info: GameInfo) -> dict[str, Any]:
    """What the form shows the first time: the config's default player count, seat 1 a
    person, the others bots of middle strength."""
    players_field = info.config_model.model_fields["players"]
    players = players_field.default if isinstance(players_field.default, int) else 2
    players = max(info.min_players, min(info.max_players, players))
    bot = BOT_DEFAULT if BOT_DEFAULT in info.bots else next(iter(info.bots), HUMAN)
    seats = [
        {"name": auto_name(i, HUMAN if i == 0 else bot), "kind": HUMAN if i == 0 else bot}
        for i in range(info.max_players)
    ]
    return {"players": players, "seats": seats, "options": {}}


def remembered_choices(info: GameInfo, saved: Any) -> dict[str, Any]:
    """The defaults overlaid with what was saved last time, ignoring anything stale."""
    choices = default_choices(info)
    if not isinstance(saved, dict):
        return choices
    players = saved.get("players")
    if isinstance(players, int) and info.min_players <= players <= info.max_players:
        choices["players"] = players
    seats = saved.get("seats")
    if isinstance(seats, list):
        for i, seat in enumerate(seats[: info.max_players]):
            if not isinstance(seat, dict):
                continue
            name = seat.get("name")
            kind = seat.get("kind")
            if isinstance(name, str) and name.strip():
                choices["seats"][i]["name"] = name.strip()[:24]
            if kind in (HUMAN, REMOTE) or kind in info.bots:
                choices["seats"][i]["kind"] = kind
    options = saved.get("options")
    if isinstance(options, dict):
        for spec in field_specs(info.config_model):
            value = options.get(spec.name)
            if spec.kind == "bool" and isinstance(value, bool):
                choices["options"][spec.name] = value
            elif spec.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
                if (spec.low is None or value >= spec.low) and (
                    spec.high is None or value <= spec.high
                ):
                    choices["options"][spec.name] = value
            elif spec.kind == "choice" and value in spec.choices:
                choices["options"][spec.name] = value
        # A choice that does not apply to the remembered player count starts at its default.
        live = applicable_fields(info, choices["players"], choices["options"])
        choices["options"] = {k: v for k, v in choices["options"].items() if k in live}
    return choices


class SetupScreen(BaseScreen):
    """Choose how to play one game, then start it."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Next field", priority=False, id="setup.next_field"),
        Binding("ctrl+s", "start", "Start", id="setup.start"),
        Binding("ctrl+r", "reseed", "New seed", id="setup.reseed"),
        Binding("escape", "back", "Back", id="setup.back"),
    ]

    def __init__(self, info: GameInfo, saved: Any = None) -> None:
        super().__init__()
        self.info = info
        self.specs = field_specs(info.config_model)
        self.choices = remembered_choices(info, saved)
        self.seed = new_seed()

    @property
    def tt_app(self) -> TabletopApp:
        return self.app  # type: ignore[return-value]

    def compose_body(self) -> ComposeResult:
        info = self.info
        yield Static(f"New game: {info.title}", classes="screen-title", markup=False)
        yield Static(info.blurb, classes="screen-subtitle", markup=False)
        # "At another keyboard": a person who takes the seat with a join code (a shared game).
        kinds = [(kind_label(HUMAN).capitalize(), HUMAN), ("At another keyboard", REMOTE)] + [
            (f"Bot: {level}", level) for level in info.bots
        ]
        with VerticalScroll(id="setup-form"):
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="form-label")
                yield Select(
                    [(str(n), n) for n in range(info.min_players, info.max_players + 1)],
                    value=self.choices["players"],
                    allow_blank=False,
                    compact=True,
                    id="players",
                    classes="form-narrow",
                )
                yield Static(id="mode", classes="form-help", markup=False)
            for i, seat in enumerate(self.choices["seats"]):
                with Horizontal(classes="form-row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"Seat {i + 1}", classes="form-label")
                    yield Input(
                        seat["name"],
                        placeholder=f"Player {i + 1}",
                        max_length=24,
                        compact=True,
                        id=f"seat-name-{i}",
                        classes="form-name",
                    )
                    yield Select(
                        kinds,
                        value=seat["kind"],
                        allow_blank=False,
                        compact=True,
                        id=f"seat-kind-{i}",
                        classes="form-kind",
                    )
            if self.specs:
                yield Static("Options", classes="form-section")
            for spec in self.specs:
                value = self.choices["options"].get(spec.name, spec.default)
                with Horizontal(classes="form-row", id=f"opt-row-{spec.name}"):
                    yield Label(spec.title, classes="form-label")
                    yield self._field_widget(spec, value)
                    yield Static(spec.description, classes="form-help", markup=False)
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="form-label")
                yield Input(
                    str(self.seed), type="integer", compact=True, id="seed", classes="form-narrow"
                )
                yield Static(
                    "Same seed, same deal: note it to replay a game (Ctrl+R: new seed).",
                    classes="form-help",
                    markup=False,
                )
        yield Static(id="setup-error", markup=False)
        with Horizontal(id="setup-buttons"):
            yield Button(
                "Start (Ctrl+S)", id="start", variant="primary", compact=True, action="screen.start"
            )
            yield Button("Back (Esc)", id="back", compact=True, action="screen.back")
        yield Footer()

    def _field_widget(self, spec: FieldSpec, value: Any) -> Widget:
        wid = f"opt-{spec.name}"
        if spec.kind == "bool":
            return Select(
                [("yes", True), ("no", False)],
                value=bool(value),
                allow_blank=False,
                compact=True,
                id=wid,
                classes="form-narrow",
            )
        if spec.choices:
            return Select(
                [(str(c), c) for c in spec.choices],
                value=value if value in spec.choices else spec.choices[0],
                allow_blank=False,
                compact=True,
                id=wid,
                classes="form-narrow",
            )
        return Input(str(value), type="integer", compact=True, id=wid, classes="form-narrow")

    def on_mount(self) -> None:
        self.query_one("#setup-error", Static).display = False
        self._show_players(self.choices["players"])
        self.query_one("#players", Select).focus()

    def _show_players(self, players: int) -> None:
        for i in range(self.info.max_players):
            self.query_one(f"#seat-row-{i}").display = i < players
        mode = self.info.mode_for(players)
        self.query_one("#mode", Static).update(f"Mode: {mode.title}" if mode else "")
        self._show_fields()

    def _players(self) -> int:
        players = self.query_one("#players", Select).value
        return players if isinstance(players, int) else self.choices["players"]

    def _option_value(self, spec: FieldSpec, *, strict: bool) -> Any:
        """The value the form shows for option ``spec``: a bad number is the default, or
        (``strict``, when starting) a clear error."""
        widget = self.query_one(f"#opt-{spec.name}")
        if isinstance(widget, Input):
            try:
                return int(widget.value)
            except ValueError:
                if strict:
                    raise ValueError(f"{spec.title}: enter a whole number") from None
                return spec.default
        return widget.value if isinstance(widget, Select) else spec.default

    def _option_values(self) -> dict[str, Any]:
        return {spec.name: self._option_value(spec, strict=False) for spec in self.specs}

    def _show_fields(self) -> None:
        """Show the options that apply now; one that stops applying goes back to its
        default (a remembered "yes" never blocks Start once hidden)."""
        live = applicable_fields(self.info, self._players(), self._option_values())
        for spec in self.specs:
            row = self.query_one(f"#opt-row-{spec.name}")
            row.display = spec.name in live
            if spec.name in live:
                continue
            widget = self.query_one(f"#opt-{spec.name}")
            if isinstance(widget, Select) and widget.value != spec.default:
                widget.value = spec.default
            elif isinstance(widget, Input) and widget.value != str(spec.default):
                widget.value = str(spec.default)

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "players" and isinstance(event.value, int):
            self._show_players(event.value)
        elif sid.startswith("opt-"):
            self._show_fields()
        elif sid.startswith("seat-kind-"):
            # A name still at its default follows the kind: "Player 2" becomes "Bot 2".
            seat = int(sid.rsplit("-", 1)[1])
            name = self.query_one(f"#seat-name-{seat}", Input)
            if _AUTO_NAME.match(name.value.strip()) or not name.value.strip():
                name.value = auto_name(seat, str(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "seed":
            self.action_start()
        else:
            self.focus_next()

    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(new_seed())

    def action_back(self) -> None:
        self.dismiss(None)

    # ---- reading the form --------------------------------------------------------------

    def read_form(self) -> tuple[int, list[SeatSpec], dict[str, Any], int]:
        """Players, seats, options and seed from the form; ValueError says what is wrong."""
        players = self.query_one("#players", Select).value
        if not isinstance(players, int):
            raise ValueError("choose the number of players")
        seats = []
        for i in range(players):
            name = self.query_one(f"#seat-name-{i}", Input).value.strip() or f"Player {i + 1}"
            kind = self.query_one(f"#seat-kind-{i}", Select).value
            seats.append(SeatSpec(name=name, kind=str(kind)))
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError("give every seat a different name")
        options: dict[str, Any] = {}
        values = self._option_values()
        live = applicable_fields(self.info, players, values)
        for spec in self.specs:
            if spec.name not in live:
                continue  # does not apply: the game's default stands
            options[spec.name] = self._option_value(spec, strict=True)
        try:
            seed = int(self.query_one("#seed", Input).value)
        except ValueError:
            raise ValueError("the seed must be a whole number") from None
        return players, seats, options, seed

    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        try:
            players, seats, options, seed = self.read_form()
            config = self.info.make_config(players, options)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err.get("loc", ())) or "options"
            error.update(f"✖ {where}: {err.get('msg')}")
            error.display = True
            return
        except ValueError as exc:
            error.update(f"✖ {exc}")
            error.display = True
            return
        saved_seats = [dict(s) for s in self.choices["seats"]]
        for i, seat in enumerate(seats):
            saved_seats[i] = {"name": seat.name, "kind": seat.kind}
        self.tt_app.store.set_pref(
            pref_key(self.info.id),
            {"players": players, "seats": saved_seats, "options": options},
        )
        self.tt_app.start_game(self.info, config, seats, seed, replace=self)

"""The declared shape of a game's view, and which of its keys depend on who looks.

Each game declares what ``view(seat)`` returns as a ``TypedDict`` (``games/<game>/views.py``)
and annotates ``view`` with it; boards, bots and tests read the view through that type.

A key is public unless its type says otherwise, with ``Annotated``:

- ``Annotated[T, ForViewer]``: advice for the seat looking (its own seat number, costs after
  its own discounts, odds computed from its own hand). It may differ between two seats'
  views without being secret, so it never calls for the hand-off curtain.
- ``Annotated[T, Private]``: what one seat may see and another may not (a hand, a secret
  choice). Two seats' views that differ here call for the curtain.

Everything else reads the same for every seat. A marker may sit at any depth (Mezo marks
keys inside each tribe's entry). The hotseat frame decides whether a hand-off
needs the curtain by comparing two seats' views without their ``ForViewer`` keys
(``without_marked``); the tests check that the views of a played game differ only in keys
marked one way or the other, and that every view has exactly the declared keys
(``shape_errors``).

View modules must not use ``from __future__ import annotations``: on Python 3.11 a
``TypedDict`` reads ``NotRequired`` only from evaluated annotations.
"""

# No ``from __future__ import annotations``: the TypedDicts below are read at run time.
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, NotRequired, Required, TypedDict, Union


class Marker:
    """A note on a view key's type (``Annotated[T, ForViewer]``) saying who may see it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


ForViewer = Marker("ForViewer")
Private = Marker("Private")


class ResultSeat(TypedDict):
    seat: int
    score: int
    rank: int
    won: bool
    breakdown: list[list[str | int]]  # [label, points] pairs


class ResultView(TypedDict):
    """``GameResult.to_json()``, as views carry it once the game is over."""

    cooperative: bool
    won: bool | None
    summary: str
    seats: list[ResultSeat]


def unwrap(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """The type under ``NotRequired``/``Required``/``Annotated`` and the markers found."""
    extras: tuple[Any, ...] = ()
    while True:
        origin = typing.get_origin(hint)
        if origin is Annotated:
            extras += hint.__metadata__
            hint = hint.__origin__
        elif origin in (NotRequired, Required):
            hint = typing.get_args(hint)[0]
        else:
            return hint, extras


@cache
def fields(typed_dict: Any) -> dict[str, Any]:
    """A ``TypedDict``'s keys and their types, markers kept (read once per type; do not
    change the dict returned)."""
    return typing.get_type_hints(typed_dict, include_extras=True)


@cache
def view_type(state_class: type) -> Any:
    """The ``TypedDict`` a game's ``view`` is annotated to return, or None when it declares
    none (then every key counts as possibly private)."""
    try:
        hint = typing.get_type_hints(state_class.view, include_extras=True).get("return")
    except Exception:  # an annotation that does not resolve declares nothing usable
        return None
    return hint if hint is not None and typing.is_typeddict(hint) else None


# ---- removing marked keys ------------------------------------------------------------------

Strip = Callable[[Any], Any]


def _union_args(hint: Any) -> tuple[Any, ...]:
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return typing.get_args(hint)
    return ()


def _fits(value: dict[str, Any], typed_dict: Any) -> bool:
    keys = set(value)
    return typed_dict.__required_keys__ <= keys <= fields(typed_dict).keys()


def _fits_type(value: dict[str, Any], hint: Any) -> bool:
    hint = unwrap(hint)[0]
    return typing.is_typeddict(hint) and _fits(value, hint)


@cache
def _stripper(hint: Any, marker: Marker) -> Strip | None:
    """A function that removes the keys marked ``marker`` wherever ``hint`` has them, or None
    when ``hint`` has none (built once per type)."""
    hint, _ = unwrap(hint)
    if typing.is_typeddict(hint):
        drop: set[str] = set()
        inner: dict[str, Strip] = {}
        for key, sub in fields(hint).items():
            if marker in unwrap(sub)[1]:
                drop.add(key)
            elif (f := _stripper(sub, marker)) is not None:
                inner[key] = f
        if not drop and not inner:
            return None

        def strip_dict(value: Any) -> Any:
            if not isinstance(value, dict):
                return value
            return {
                k: (inner[k](v) if k in inner else v) for k, v in value.items() if k not in drop
            }

        return strip_dict
    alternatives = _union_args(hint)
    if alternatives:
        dicts = [a for a in alternatives if typing.is_typeddict(unwrap(a)[0])]
        others = [f for a in alternatives if a not in dicts if (f := _stripper(a, marker))]
        pairs = [(unwrap(a)[0], f) for a in dicts if (f := _stripper(a, marker))]
        if not pairs and not others:
            return None

        def strip_union(value: Any) -> Any:
            if isinstance(value, dict):
                for typed_dict, f in pairs:
                    if _fits(value, typed_dict):
                        return f(value)
                return value
            for f in others:
                value = f(value)
            return value

        return strip_union
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is list and args:
        item = _stripper(args[0], marker)
        if item is None:
            return None
        return lambda value: [item(x) for x in value] if isinstance(value, list) else value
    if origin is dict and len(args) == 2:
        val = _stripper(args[1], marker)
        if val is None:
            return None
        return lambda value: (
            {k: val(v) for k, v in value.items()} if isinstance(value, dict) else value
        )
    return None


def without_marked(view: Any, hint: Any, *markers: Marker) -> Any:
    """``view`` without the keys that ``hint`` marks with any of ``markers``, at any depth."""
    for marker in markers:
        f = _stripper(hint, marker)
        if f is not None:
            view = f(view)
    return view


# ---- checking a view against its type ------------------------------------------------------


def shape_errors(value: Any, hint: Any, path: str = "view") -> list[str]:
    """Where ``value`` differs from ``hint``: a missing or undeclared key, or a value of the
    wrong type (strictly: a bool is not an int, a tuple is not a list). Empty when it fits."""
    if _validator(hint)(value):
        return []
    return _errors(value, hint, path) or [f"{path}: does not fit {hint!r}"]


Valid = Callable[[Any], bool]


@cache
def _validator(hint: Any) -> Valid:
    """Whether a value fits ``hint``, as one function built once per type: the fast answer
    that ``_errors`` then explains."""
    hint, _ = unwrap(hint)
    if hint is Any:
        return lambda v: True
    if hint is None or hint is type(None):
        return lambda v: v is None
    if typing.is_typeddict(hint):
        required = hint.__required_keys__
        subs = {k: _validator(t) for k, t in fields(hint).items()}
        declared = subs.keys()
        return lambda v: (
            type(v) is dict
            and required <= v.keys() <= declared
            and all(subs[k](x) for k, x in v.items())
        )
    alternatives = _union_args(hint)
    if alternatives:
        checks = tuple(_validator(a) for a in alternatives)
        return lambda v: any(f(v) for f in checks)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Literal:
        return lambda v: any(v == a and type(v) is type(a) for a in args)
    if origin is list:
        item = _validator(args[0])
        return lambda v: type(v) is list and all(item(x) for x in v)
    if origin is dict:
        key, val = _validator(args[0]), _validator(args[1])
        return lambda v: type(v) is dict and all(key(k) and val(x) for k, x in v.items())
    if hint is float:
        return lambda v: type(v) in (float, int)
    if isinstance(hint, type):
        return lambda v: type(v) is hint
    return lambda v: False


def _errors(value: Any, hint: Any, path: str) -> list[str]:
    hint, _ = unwrap(hint)
    if hint is Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if typing.is_typeddict(hint):
        if type(value) is not dict:
            return [f"{path}: {type(value).__name__} is not a dict ({hint.__name__})"]
        declared = fields(hint)
        errors = [f"{path}: missing key {k!r}" for k in sorted(hint.__required_keys__ - set(value))]
        errors += [f"{path}: undeclared key {k!r}" for k in sorted(set(value) - set(declared))]
        for key, sub in declared.items():
            if key in value:
                errors += _errors(value[key], sub, f"{path}[{key!r}]")
        return errors
    alternatives = _union_args(hint)
    if alternatives:
        if value is None and type(None) in alternatives:
            return []
        if isinstance(value, dict):  # the TypedDicts whose keys fit first
            alternatives = tuple(sorted(alternatives, key=lambda a: not _fits_type(value, a)))
        best: list[str] | None = None
        for alternative in alternatives:
            errors = _errors(value, alternative, path)
            if not errors:
                return []
            if best is None or len(errors) < len(best):
                best = errors
        return best or []
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Literal:
        return (
            []
            if any(value == a and type(value) is type(a) for a in args)
            else [f"{path}: {value!r} is not one of {args}"]
        )
    if origin is list:
        if type(value) is not list:
            return [f"{path}: {type(value).__name__} is not a list"]
        return [e for i, x in enumerate(value) for e in _errors(x, args[0], f"{path}[{i}]")]
    if origin is dict:
        if type(value) is not dict:
            return [f"{path}: {type(value).__name__} is not a dict"]
        errors = []
        for k, v in value.items():
            errors += _errors(k, args[0], f"{path} key {k!r}")
            errors += _errors(v, args[1], f"{path}[{k!r}]")
        return errors
    if hint is float:
        ok = type(value) in (float, int)
    elif isinstance(hint, type):
        ok = type(value) is hint
    else:
        return [f"{path}: the type {hint!r} cannot be checked"]
    return [] if ok else [f"{path}: {value!r} is not a {hint.__name__}"]

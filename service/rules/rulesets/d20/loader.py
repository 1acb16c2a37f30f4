"""Read frozen dataclasses from JSON, checked against their own annotations.

:func:`load` builds a value of a type from parsed JSON: dataclasses (every field known,
required fields present, no unknown key), ``Literal`` choices, ``bool``, ``int`` and
``str`` (with ``annotated_types`` bounds ``Ge``/``Le``/``Len`` and the :data:`DICE` marker),
``tuple[X, ...]``, ``X | None``, and unions of dataclasses: a member with a ``type`` field
is chosen by that tag, others by which fields the object has. A class may read itself from
a non-object value with a ``from_json`` classmethod. Problems raise :class:`LoadError` with
the path of the first bad value.

The data files are written in snake_case, as the dataclasses' fields are. What the wire
carries (a pending choice's effects, the attack in its context) is camelCase:
:func:`to_wire` turns keys and identifier values (``opportunity_attack``, ``own_feet``)
into camelCase, :func:`from_wire` back; snake_case input passes through unchanged, so
choices stored before the change still read.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from annotated_types import Ge, Le, Len

T = TypeVar("T")


class LoadError(ValueError):
    """A JSON value does not fit the type it is read as."""


class _Dice:
    """Marker: the string is dice notation of one term, such as ``1d6``."""

    pattern = re.compile(r"^[1-9][0-9]*d[1-9][0-9]*$")


DICE = _Dice()
Dice = Annotated[str, DICE]


_SNAKE_WORD = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
_CAMEL_WORD = re.compile(r"^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$")


def camel(word: str) -> str:
    """``opportunity_attack`` -> ``opportunityAttack``."""
    head, *rest = word.split("_")
    return head + "".join(part.title() for part in rest)


def snake(word: str) -> str:
    """``opportunityAttack`` -> ``opportunity_attack`` (snake_case stays as it is)."""
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), word)


def to_wire(raw: Any) -> Any:
    """A JSON value in the wire's camelCase: object keys, and string values that are
    snake_case identifiers."""
    if isinstance(raw, dict):
        return {camel(k): to_wire(v) for k, v in raw.items()}
    if isinstance(raw, list):
        return [to_wire(v) for v in raw]
    if isinstance(raw, str) and _SNAKE_WORD.match(raw):
        return camel(raw)
    return raw


def from_wire(raw: Any) -> Any:
    """:func:`to_wire` undone: camelCase keys and identifier values back to snake_case
    (snake_case input is left as it is)."""
    if isinstance(raw, dict):
        return {(snake(k) if isinstance(k, str) else k): from_wire(v) for k, v in raw.items()}
    if isinstance(raw, list):
        return [from_wire(v) for v in raw]
    if isinstance(raw, str) and _CAMEL_WORD.match(raw):
        return snake(raw)
    return raw


def load(tp: type[T], raw: object, path: str) -> T:
    """``raw`` read as a value of ``tp``."""
    value: T = _load(tp, raw, path)
    return value


def show(value: object) -> str:
    text = (
        json.dumps(value) if isinstance(value, str | int | float | bool) else type(value).__name__
    )
    return text if len(text) <= 60 else text[:57] + "..."


def _load(tp: Any, raw: object, path: str) -> Any:
    origin = get_origin(tp)
    if origin is Annotated:
        base, *meta = get_args(tp)
        value = _load(base, raw, path)
        _check(value, meta, path)
        return value
    if origin is Literal:
        for option in get_args(tp):
            if raw == option and type(raw) is type(option):
                return option
        allowed = ", ".join(repr(o) for o in get_args(tp))
        raise LoadError(f"{path}: expected one of {allowed}, got {show(raw)}")
    if origin in (Union, types.UnionType):
        return _union(get_args(tp), raw, path)
    if origin is tuple:
        item = get_args(tp)[0]
        if not isinstance(raw, list):
            raise LoadError(f"{path}: expected a list, got {show(raw)}")
        return tuple(_load(item, x, f"{path}[{i}]") for i, x in enumerate(raw))
    if tp is bool:
        if not isinstance(raw, bool):
            raise LoadError(f"{path}: expected true or false, got {show(raw)}")
        return raw
    if tp is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise LoadError(f"{path}: expected an integer, got {show(raw)}")
        return raw
    if tp is str:
        if not isinstance(raw, str) or not raw.strip():
            raise LoadError(f"{path}: expected a non-empty string, got {show(raw)}")
        return raw
    if dataclasses.is_dataclass(tp):
        return _dataclass(tp, raw, path)
    raise TypeError(f"{path}: can't load values of {tp!r}")


def _check(value: Any, meta: list[Any], path: str) -> None:
    for m in meta:
        if isinstance(m, Ge) and value < m.ge:
            raise LoadError(f"{path}: expected at least {m.ge}, got {show(value)}")
        if isinstance(m, Le) and value > m.le:
            raise LoadError(f"{path}: expected at most {m.le}, got {show(value)}")
        if isinstance(m, Len) and not m.min_length <= len(value) <= (m.max_length or len(value)):
            raise LoadError(f"{path}: length out of bounds: {show(value)}")
        if isinstance(m, _Dice) and not m.pattern.match(value):
            raise LoadError(f"{path}: expected dice such as '1d6', got {value!r}")


def _union(members: tuple[Any, ...], raw: object, path: str) -> Any:
    """``raw`` read as one of ``members``: None for an optional value, the one other member,
    or the dataclass it is (:func:`_read_itself`, :func:`_chosen`)."""
    if raw is None:
        if type(None) in members:
            return None
        raise LoadError(f"{path}: missing value")
    options = [m for m in members if m is not type(None)]
    if len(options) == 1:
        return _load(options[0], raw, path)
    classes = [m for m in options if dataclasses.is_dataclass(m)]
    if len(classes) != len(options):
        raise TypeError(f"{path}: only unions of dataclasses can be loaded")
    if not isinstance(raw, Mapping):
        return _read_itself(classes, raw, path)
    return _dataclass(_chosen(classes, raw, path), raw, path)


def _read_itself(classes: list[Any], raw: object, path: str) -> Any:
    """A non-object value read by the first class whose ``from_json`` takes it."""
    for cls in classes:
        reader = getattr(cls, "from_json", None)
        if reader is not None:
            found = reader(raw)
            if found is not None:
                return found
    raise LoadError(f"{path}: expected a JSON object, got {show(raw)}")


def _chosen(classes: list[Any], raw: Mapping[Any, Any], path: str) -> Any:
    """The class an object is: by its ``type`` tag when the classes have one, otherwise by
    the fields it has."""
    tagged = {tag: cls for cls in classes if (tag := _tag(cls)) is not None}
    if tagged:
        return _by_tag(tagged, raw, path)
    return _by_shape(classes, raw, path)


def _by_tag(tagged: dict[str, Any], raw: Mapping[Any, Any], path: str) -> Any:
    kind = raw.get("type")
    chosen = tagged.get(kind) if isinstance(kind, str) else None
    if chosen is None:
        raise LoadError(
            f"{path}.type: unknown type {show(kind)}; known: {', '.join(sorted(tagged))}"
        )
    return chosen


def _by_shape(classes: list[Any], raw: Mapping[Any, Any], path: str) -> Any:
    """The one class whose required fields the object has, and no field it lacks."""
    fitting = [cls for cls in classes if _required(cls) <= raw.keys() <= _fields(cls)]
    if len(fitting) != 1:
        shapes = "; ".join(
            f"{getattr(cls, '__name__', cls)} ({', '.join(sorted(_fields(cls))) or 'no fields'})"
            for cls in classes
        )
        raise LoadError(f"{path}: expected an object shaped like one of: {shapes}")
    return fitting[0]


def _tag(cls: Any) -> str | None:
    for f in dataclasses.fields(cls):
        if f.name == "type" and isinstance(f.default, str):
            return f.default
    return None


def _fields(cls: Any) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def _required(cls: Any) -> set[str]:
    return {
        f.name
        for f in dataclasses.fields(cls)
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }


def _dataclass(cls: Any, raw: object, path: str) -> Any:
    if not isinstance(raw, Mapping) or not all(isinstance(k, str) for k in raw):
        raise LoadError(f"{path}: expected a JSON object, got {show(raw)}")
    hints = get_type_hints(cls, include_extras=True)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise LoadError(f"{path}: unknown field(s) {', '.join(map(repr, unknown))}")
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if not f.init:
            if name in raw and raw[name] != f.default:
                raise LoadError(f"{path}.{name}: expected {f.default!r}, got {show(raw[name])}")
            continue
        if name not in raw:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise LoadError(f"{path}: missing field {name!r}")
            continue
        values[name] = _load(hints[name], raw[name], f"{path}.{name}")
    try:
        return cls(**values)
    except LoadError:
        raise
    except ValueError as e:
        raise LoadError(f"{path}: {e}") from None

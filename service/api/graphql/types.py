"""GraphQL types derived from the engine's dataclasses, the same ones the REST models use.

- **Input types** (``EncounterInput``, ``ResolveAttackInput``...) mirror the dataclasses field
  for field: a field with a default is optional (leaving it out means its default, as on
  REST). They build no Python objects: their value reaches the resolver as the plain
  mapping GraphQL coerced (strawberry's ``from_input`` hook), keyed by the camelCase names,
  which is exactly the REST JSON, so the same pydantic models validate it, with the same
  error paths.
- **Output types** (``Encounter``, ``Combatant``...) mirror the same dataclasses and resolve
  from the JSON form of the response (dicts with camelCase keys, see :func:`resolve_field`),
  so a result's ``encounter`` selected in full is an ``EncounterInput`` value, ready to
  send back.
- **Enums**: every closed set of strings (a ``Literal``: ruleset, grid kind, size, cover
  degree, spend...) is a GraphQL enum, named once (:func:`service.api.models.enum_name`)
  and shared by inputs and outputs. Its values are the wire values with ``-`` written
  ``_`` (GraphQL names allow no ``-``): ``three-quarters`` is ``three_quarters``.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

import strawberry
from pydantic.alias_generators import to_camel
from strawberry.scalars import JSON
from strawberry.types.arguments import InputContext

from service.api.docs import attribute_docs, class_doc
from service.api.models import OPEN_ENUMS, enum_name, wire_text


def enum_value_name(value: str) -> str:
    """The GraphQL name of a wire value: ``three-quarters`` is ``three_quarters``."""
    return value.replace("-", "_")


@cache
def enum_type(values: tuple[str, ...], name: str) -> Any:
    """The GraphQL enum of a closed set of wire values (made once per set)."""
    members = {enum_value_name(v): v for v in values}
    py_enum = enum.Enum(name, members)  # type: ignore[misc]
    described = "One of: " + ", ".join(f"`{v}`" for v in values) + " (with `_` for `-`)."
    return strawberry.enum(py_enum, name=name, description=described)


def _graphql_enum(tp: Any, owner: type, field_name: str) -> Any | None:
    values = get_args(tp)
    if not values or not all(isinstance(v, str) for v in values):
        return None
    if not all(enum_value_name(v).isidentifier() for v in values):
        return None
    return enum_type(values, enum_name(values, owner, field_name))


def _raw_input(cls: type, value: Mapping[str, Any], context: InputContext) -> Any:
    """strawberry's ``from_input`` hook: keep the coerced value as it is (a plain mapping
    with the wire's camelCase keys), for the REST models to validate."""
    return value


class _Converter:
    def __init__(self, suffix: str, wrap: Any, *, is_input: bool) -> None:
        self.suffix = suffix
        self.wrap = wrap
        self.is_input = is_input
        self.made: dict[type, type] = {}

    def convert(self, tp: Any, owner: type, field_name: str) -> Any:
        """The strawberry annotation for the field ``owner.field_name`` of type ``tp``."""
        if (owner, field_name) in OPEN_ENUMS:
            values = OPEN_ENUMS[owner, field_name]
            return enum_type(values, enum_name(values, owner, field_name))
        origin = get_origin(tp)
        if origin is Annotated:
            return self.convert(get_args(tp)[0], owner, field_name)
        if origin is Literal:
            return _graphql_enum(tp, owner, field_name) or str
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            inner = self.convert(args[0] if len(args) == 1 else Any, owner, field_name)
            return (inner | None) if len(args) < len(get_args(tp)) else inner
        if origin is list:
            return list[self.convert(get_args(tp)[0], owner, field_name)]  # type: ignore[misc]
        if origin is dict or tp is Any or tp is typing.Any:
            return JSON
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return self.make(tp)
        return tp

    def make(self, cls: type) -> type:
        if cls in self.made:
            return self.made[cls]
        hints = get_type_hints(cls, include_extras=True)
        docs = attribute_docs(cls)
        annotations: dict[str, Any] = {}
        namespace: dict[str, Any] = {"__annotations__": annotations}
        for f in dataclasses.fields(cls):
            name = to_camel(f.name)
            annotation = self.convert(hints[f.name], cls, f.name)
            text = wire_text(docs[f.name]) if f.name in docs else None
            optional = (
                f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            )
            if self.is_input and optional:
                if not _is_optional(annotation):
                    annotation = annotation | None
                namespace[name] = strawberry.field(
                    name=name, description=text, default=strawberry.UNSET
                )
            else:
                namespace[name] = strawberry.field(name=name, description=text)
            annotations[name] = annotation
        doc = class_doc(cls)
        new = type(cls.__name__ + self.suffix, (), namespace)
        made: type = self.wrap(new, description=wire_text(doc) if doc else None)
        if self.is_input:
            made.__strawberry_definition__.from_input = _raw_input  # type: ignore[attr-defined]
        self.made[cls] = made
        return made


def _is_optional(annotation: Any) -> bool:
    return type(None) in get_args(annotation)


OUTPUT = _Converter("", strawberry.type, is_input=False)
INPUT = _Converter("Input", strawberry.input, is_input=True)


@cache
def output_type(cls: type) -> type:
    """The output type of an engine dataclass; it resolves from the dataclass's JSON form."""
    return OUTPUT.make(cls)


@cache
def input_type(cls: type) -> type:
    """The input type of an engine dataclass; its value is the dataclass's JSON form."""
    return INPUT.make(cls)


def resolve_field(source: Any, name: str) -> Any:
    """The schema's default resolver: a key of plain JSON data (the output types, whose
    field names are the camelCase keys), else an attribute (the hand-written types)."""
    if type(source) is dict:
        return source[name]
    return getattr(source, name)


def plain_types() -> dict[str, dict[str, str]]:
    """Every output type made so far (they resolve from plain data), by GraphQL name: its
    fields' GraphQL names and the attribute each comes from on the engine's dataclass."""
    return {
        made.__strawberry_definition__.name: {  # type: ignore[attr-defined]
            to_camel(f.name): f.name for f in dataclasses.fields(cls)
        }
        for cls, made in OUTPUT.made.items()
    }

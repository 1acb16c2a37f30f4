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
- **Model types** (``Session``, ``SessionEventPage``, ``Verification``...) are derived the
  same way from the doors' own wire models (:mod:`service.api.models`: the REST bodies)
  by :func:`model_type`, and resolve from the model instances the session functions
  return; a stored encounter in them is the ``Encounter`` output type.
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
from collections.abc import Callable, Mapping
from functools import cache
from typing import (
    Annotated,
    Any,
    Literal,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

import strawberry
from pydantic import WithJsonSchema
from pydantic.alias_generators import to_camel
from pydantic.fields import FieldInfo
from strawberry.scalars import JSON
from strawberry.types.arguments import InputContext
from strawberry.types.field import StrawberryField

from service.api.docs import attribute_docs, class_doc
from service.api.models import OPEN_ENUMS, STORED_AS, enum_name, wire_classes, wire_text


def enum_value_name(value: str) -> str:
    """The GraphQL name of a wire value, in GraphQL's usual UPPER_CASE: ``three-quarters`` is
    ``THREE_QUARTERS``, ``d20`` is ``D20``. Results and variables spell the name; REST and the
    stored documents the wire value."""
    return value.replace("-", "_").upper()


@cache
def enum_type(values: tuple[str, ...], name: str) -> Any:
    """The GraphQL enum of a closed set of wire values (made once per set)."""
    members = {enum_value_name(v): v for v in values}
    py_enum = enum.Enum(name, members)  # type: ignore[misc]
    described = (
        "One of: "
        + ", ".join(f"`{enum_value_name(v)}`" for v in values)
        + " (on the REST wire and in stored documents: "
        + ", ".join(f"`{v}`" for v in values)
        + ")."
    )
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
    """Strawberry types derived from dataclasses, each made once."""

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
            stored = _stored_as(tp.__metadata__)
            if stored is not None:
                return self.dataclass_type(stored)
            return self.convert(get_args(tp)[0], owner, field_name)
        if origin is Literal:
            return _graphql_enum(tp, owner, field_name) or str
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            inner = self.convert(args[0], owner, field_name) if len(args) == 1 else JSON
            return (inner | None) if len(args) < len(get_args(tp)) else inner
        if origin is list:
            return list[self.convert(get_args(tp)[0], owner, field_name)]  # type: ignore[misc]
        if tp is Any or tp is typing.Any:
            return JSON | None
        if origin is dict:
            return JSON
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return self.dataclass_type(tp)
        return tp

    def dataclass_type(self, cls: type) -> type:
        """The type of a field whose type is the dataclass ``cls``."""
        return self.make(cls)

    def python_name(self, field_name: str) -> str:
        """The Python name of a derived field, the one the default resolver reads: the
        wire's camelCase key (the values are JSON data)."""
        return to_camel(field_name)

    def derived_fields(self, cls: type) -> dict[str, tuple[Any, Any]]:
        """Every field of ``cls``, by Python name: its annotation and its strawberry field
        (named in camelCase, described by its attribute docstring)."""
        hints = get_type_hints(cls, include_extras=True)
        docs = attribute_docs(cls)
        fields: dict[str, tuple[Any, Any]] = {}
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
                made = strawberry.field(name=name, description=text, default=strawberry.UNSET)
            else:
                reason = _deprecation(hints[f.name])
                made = strawberry.field(name=name, description=text, deprecation_reason=reason)
            fields[self.python_name(f.name)] = (annotation, made)
        return fields

    def build(
        self, cls: type, name: str, fields: dict[str, tuple[Any, Any]], extra: dict[str, Any]
    ) -> type:
        """The strawberry type ``name`` with ``fields`` (and the class attributes ``extra``),
        described by the docstring of ``cls``."""
        namespace: dict[str, Any] = {
            "__annotations__": {key: annotation for key, (annotation, _) in fields.items()},
            **{key: made for key, (_, made) in fields.items()},
            **extra,
        }
        doc = class_doc(cls)
        made_type: type = self.wrap(
            type(name, (), namespace), description=wire_text(doc) if doc else None
        )
        return made_type

    def make(self, cls: type) -> type:
        if cls in self.made:
            return self.made[cls]
        made = self.build(cls, cls.__name__ + self.suffix, self.derived_fields(cls), {})
        if self.is_input:
            made.__strawberry_definition__.from_input = _raw_input  # type: ignore[attr-defined]
        self.made[cls] = made
        return made


class _ModelConverter(_Converter):
    """The output types of the doors' own wire models (``Session``, ``EventPage``...).

    A resolver returns the model itself: a field reads the model's attribute (its Python
    name is the attribute's), and a union takes a model instance as its type's (strawberry's
    ``is_type_of``, as its pydantic integration does for a model). A field whose type is an
    engine dataclass, or a document stored as one (``models.StoredEncounter``), is that
    dataclass's output type, shared with the actions' results."""

    def __init__(self) -> None:
        super().__init__("", strawberry.type, is_input=False)

    def dataclass_type(self, cls: type) -> type:
        return output_type(cls) if cls in wire_classes() else self.make(cls)

    def python_name(self, field_name: str) -> str:
        return field_name

    def make(self, cls: type, own: type | None = None, name: str | None = None) -> type:
        if cls in self.made:
            if own is not None:
                raise TypeError(f"{cls.__name__} was derived already: declare it first")
            return self.made[cls]
        fields = self.derived_fields(cls)
        extra: dict[str, Any] = {"is_type_of": classmethod(_instance_of(cls))}
        if own is not None:
            fields, extra = _merged(fields, own), {**extra, "__module__": own.__module__}
            extra.update(
                (key, value)
                for key, value in vars(own).items()
                if isinstance(value, StrawberryField) and key not in fields
            )
        made = self.build(cls, name or (own or cls).__name__, fields, extra)
        self.made[cls] = made
        return made


def _merged(fields: dict[str, tuple[Any, Any]], own: type) -> dict[str, tuple[Any, Any]]:
    """``fields`` with the declarations of the class ``own``: an annotation replaces a
    derived field's type (it keeps its name and description), a strawberry field replaces
    the field; a name the model lacks adds a field."""
    merged = dict(fields)
    attributes = vars(own)
    for key, annotation in attributes.get("__annotations__", {}).items():
        declared = attributes.get(key)
        if isinstance(declared, StrawberryField):
            merged[key] = (annotation, declared)
        elif key in merged:
            merged[key] = (annotation, merged[key][1])
        else:
            merged[key] = (annotation, strawberry.field())
    return merged


def _instance_of(model: type) -> Callable[[type, Any, Any], bool]:
    def is_type_of(cls: type, obj: Any, info: Any) -> bool:
        return isinstance(obj, model)

    return is_type_of


@cache
def _wire_classes_by_name() -> dict[str, type]:
    return {cls.__name__: cls for cls in wire_classes()}


def _stored_as(metadata: tuple[Any, ...]) -> type | None:
    """The engine dataclass a document is stored as (:data:`service.api.models.STORED_AS`
    in the JSON schema of an ``Annotated`` type), if it is one."""
    for item in metadata:
        if isinstance(item, WithJsonSchema) and isinstance(item.json_schema, dict):
            name = item.json_schema.get(STORED_AS)
            if isinstance(name, str):
                return _wire_classes_by_name()[name]
    return None


def _deprecation(tp: Any) -> str | None:
    """The deprecation message of an ``Annotated`` field (pydantic's ``Field(deprecated=…)``,
    which the REST schema shows as ``deprecated``), if it has one."""
    if get_origin(tp) is not Annotated:
        return None
    for meta in tp.__metadata__:
        if isinstance(meta, FieldInfo) and isinstance(meta.deprecated, str):
            return meta.deprecated
    return None


def _is_optional(annotation: Any) -> bool:
    return type(None) in get_args(annotation)


OUTPUT = _Converter("", strawberry.type, is_input=False)
INPUT = _Converter("Input", strawberry.input, is_input=True)
MODEL = _ModelConverter()


@cache
def output_type(cls: type) -> type:
    """The output type of an engine dataclass; it resolves from the dataclass's JSON form."""
    return OUTPUT.make(cls)


@cache
def input_type(cls: type) -> type:
    """The input type of an engine dataclass; its value is the dataclass's JSON form."""
    return INPUT.make(cls)


T = TypeVar("T", bound=type)


def model_type(model: type, *, name: str | None = None) -> Callable[[T], T]:
    """A class decorator: the output type of the wire model ``model`` (a dataclass of
    :mod:`service.api.models`), every field derived from it; resolvers return ``model``
    instances.

    The decorated class only says what differs, like strawberry's pydantic types: an
    annotation retypes a field (``id: strawberry.ID``), a strawberry field replaces one or
    adds one (a resolver's ``root`` is the model instance). The type is named ``name``, else
    like the class, and described by the model's docstring. A model nested in another is
    derived with it, unless declared first."""

    def derive(own: T) -> T:
        made: T = MODEL.make(model, own, name)  # type: ignore[assignment]
        return made

    return derive


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

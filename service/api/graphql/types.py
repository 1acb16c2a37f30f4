"""GraphQL types derived from the engine's dataclasses.

Output types mirror the engine's dataclasses field for field (strawberry camelCases the
names), so a resolver can return engine objects as they are. Input types mirror the
action parameters; their values are turned back into camelCase JSON and validated by the
same pydantic models as REST, so both doors accept and refuse exactly the same things.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

import strawberry
from pydantic.alias_generators import to_camel
from strawberry.scalars import JSON

from service.api.docs import attribute_docs

Scalar = type | Any


def _literal_doc(tp: Any) -> str:
    return "One of: " + ", ".join(f"`{v}`" for v in get_args(tp)) + "."


class _Converter:
    def __init__(self, suffix: str, wrap: Any) -> None:
        self.suffix = suffix
        self.wrap = wrap
        self.made: dict[type, type] = {}

    def convert(self, tp: Any) -> tuple[Any, str | None]:
        """The strawberry annotation for ``tp`` and a note for its description."""
        origin = get_origin(tp)
        if origin is Annotated:
            return self.convert(get_args(tp)[0])
        if origin is Literal:
            return str, _literal_doc(tp)
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            inner, note = self.convert(args[0] if len(args) == 1 else Any)
            return (inner | None) if len(args) < len(get_args(tp)) else inner, note
        if origin is list:
            inner, note = self.convert(get_args(tp)[0])
            return list[inner], note  # type: ignore[valid-type]
        if origin is dict or tp is Any or tp is typing.Any:
            return JSON, None
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return self.make(tp), None
        return tp, None

    def make(self, cls: type) -> type:
        if cls in self.made:
            return self.made[cls]
        hints = get_type_hints(cls, include_extras=True)
        docs = attribute_docs(cls)
        annotations: dict[str, Any] = {}
        namespace: dict[str, Any] = {"__annotations__": annotations}
        for f in dataclasses.fields(cls):
            annotation, note = self.convert(hints[f.name])
            text = " ".join(x for x in (docs.get(f.name), note) if x) or None
            if self.suffix and f.default is not dataclasses.MISSING:
                annotation = (
                    annotation | None if get_origin(annotation) is not Union else annotation
                )
                namespace[f.name] = strawberry.field(description=text, default=None)
            elif self.suffix and f.default_factory is not dataclasses.MISSING:
                annotation = annotation | None
                namespace[f.name] = strawberry.field(description=text, default=None)
            else:
                namespace[f.name] = strawberry.field(description=text)
            annotations[f.name] = annotation
        doc = inspect.cleandoc(cls.__doc__ or "") or None
        new = type(cls.__name__ + self.suffix, (), namespace)
        made: type = self.wrap(new, description=doc)
        self.made[cls] = made
        return made


OUTPUT = _Converter("", strawberry.type)
INPUT = _Converter("Input", strawberry.input)


@cache
def output_type(cls: type) -> type:
    return OUTPUT.make(cls)


@cache
def input_type(cls: type) -> type:
    return INPUT.make(cls)


def input_json(value: Any) -> Any:
    """A strawberry input value as camelCase JSON, leaving out what the client omitted."""
    if isinstance(value, list):
        return [input_json(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            to_camel(f.name): input_json(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if getattr(value, f.name) is not None
        }
    return value

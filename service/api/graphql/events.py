"""The log's entries as GraphQL types, derived from the engine's catalogue
(:data:`~service.rules.events.EVENT_TYPES`) as the contract's ``Event`` union is:

- ``Event`` is an interface: what every entry has (``type``, ``message``, ``actor``,
  ``target``, ``roll``, ``amount``, ``rule``, and ``data`` as JSON), so a selection of those
  fields reads any entry;
- each type of the catalogue is an object type implementing it, named as its OpenAPI schema
  (``AttackRollEvent`` for ``attack-roll``), whose ``details`` is its ``data`` typed: a
  ``<Type>EventData`` with that type's keys, each nullable (a key the entry leaves out is
  null). A type whose ``data`` has no keys has no ``details``.

They resolve from the JSON form of the entries, as the engine's output types do: the
executor completes them in one pass (:func:`plain_types`, :data:`DICT_KEYS`,
:data:`SPARSE`); an entry's type is read from its ``type`` (:func:`resolve_type`).
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any, get_args, get_origin

import strawberry
from strawberry.scalars import JSON

from service.api.models import event_data_name, event_name
from service.rules import events
from service.rules import model as state

from .types import OUTPUT, output_type

COMMON = {events.camel(f.name): f.name for f in dataclasses.fields(events.Event)}
"""Every entry's fields: GraphQL (and JSON) name -> the engine ``Event``'s attribute."""


def _data_annotation(tp: Any) -> Any:
    """A data key's engine annotation as a GraphQL output annotation (nullable: a key may be
    absent)."""
    return _converted(tp) | None


def _converted(tp: Any) -> Any:
    if tp is events.Point:
        return output_type(state.Cell)
    origin = get_origin(tp)
    if origin is dict:
        return JSON
    if origin is list:
        return list[_converted(get_args(tp)[0])]  # type: ignore[misc]
    if isinstance(tp, types.UnionType):
        (inner,) = (a for a in get_args(tp) if a is not type(None))
        return _converted(inner)
    return tp


def _data_type(type_id: str, kind: events.EventType) -> type:
    """``<Type>EventData``: the keys of ``kind``'s ``data``, each described and nullable."""
    namespace: dict[str, Any] = {
        "__annotations__": {key: _data_annotation(spec.type) for key, spec in kind.data.items()},
        **{
            key: strawberry.field(name=key, description=spec.description)
            for key, spec in kind.data.items()
        },
    }
    return strawberry.type(
        type(event_data_name(type_id), (), namespace),
        description=f"The `data` of an event of type `{type_id}`, typed.",
    )


def resolve_type(obj: Any, info: Any, abstract_type: Any) -> str:
    """The object type of an entry: the one its ``type`` names."""
    type_id = obj["type"] if type(obj) is dict else obj.type
    return NAMES[type_id]


def _interface() -> type:
    fields = OUTPUT.derived_fields(events.Event)
    namespace: dict[str, Any] = {
        "__annotations__": {key: annotation for key, (annotation, _) in fields.items()},
        **{key: made for key, (_, made) in fields.items()},
        "resolve_type": staticmethod(resolve_type),
    }
    made: type = strawberry.interface(
        type("Event", (), namespace),
        description="One entry of the log, every roll and decision in order: an object type "
        "per `type` implements it (`AttackRollEvent` for `attack-roll`...), its `details` "
        "being its `data` typed (`... on AttackRollEvent { details { advantage cover } }`).",
    )
    OUTPUT.made[events.Event] = made
    return made


Event = _interface()
"""The interface every entry's type implements."""

NAMES: dict[str, str] = {type_id: event_name(type_id) for type_id in events.EVENT_TYPES}
"""An entry's ``type`` -> its object type's name."""


def _implementation(type_id: str, kind: events.EventType) -> type:
    namespace: dict[str, Any] = {"__annotations__": {}}
    if kind.data:
        namespace["__annotations__"]["details"] = _data_type(type_id, kind)
        namespace["details"] = strawberry.field(
            description="`data`, typed: each key of this type's data (null where it is left out)."
        )
    return strawberry.type(type(NAMES[type_id], (Event,), namespace), description=kind.summary)


IMPLEMENTATIONS: list[type] = [_implementation(t, k) for t, k in events.EVENT_TYPES.items()]
"""One object type per type of event, for the schema's ``types``."""

DICT_KEYS: dict[str, dict[str, str]] = {
    NAMES[t]: {"details": "data"} for t, kind in events.EVENT_TYPES.items() if kind.data
}
"""Fields whose JSON key is not their name: ``details`` reads the entry's ``data``."""

SPARSE: frozenset[str] = frozenset(
    event_data_name(t) for t, kind in events.EVENT_TYPES.items() if kind.data
)
"""Types whose JSON may leave a key out (null): the ``<Type>EventData``."""


def plain_types() -> dict[str, dict[str, str]]:
    """The types of this module that resolve from plain data, by name: their fields and the
    attribute each comes from (as :func:`.types.plain_types` gives the others')."""
    found: dict[str, dict[str, str]] = {}
    for type_id, kind in events.EVENT_TYPES.items():
        common = dict(COMMON)
        if kind.data:
            common["details"] = "data"
            found[event_data_name(type_id)] = {key: key for key in kind.data}
        found[NAMES[type_id]] = common
    return found

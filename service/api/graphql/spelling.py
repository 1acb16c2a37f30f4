"""How GraphQL spells a wire value: its enums by their UPPER_CASE names (``D20``,
``THREE_QUARTERS``) where REST and the stored documents have the wire values (``d20``,
``three-quarters``). :func:`to_graphql` turns a REST document into GraphQL variables (the
playground's examples), :func:`from_graphql` a GraphQL result back into REST's spelling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLType,
)

__all__ = ["from_graphql", "to_graphql", "wire_input"]

Leaf = Callable[[GraphQLEnumType, Any], Any]


def _walk(value: Any, tp: GraphQLType, leaf: Leaf) -> Any:
    while isinstance(tp, GraphQLNonNull):
        tp = tp.of_type
    if value is None:
        return None
    if isinstance(tp, GraphQLList):
        return [_walk(v, tp.of_type, leaf) for v in value]
    if isinstance(tp, GraphQLInputObjectType | GraphQLObjectType | GraphQLInterfaceType) and (
        isinstance(value, dict)
    ):
        fields = tp.fields
        return {k: _walk(v, fields[k].type, leaf) if k in fields else v for k, v in value.items()}
    if isinstance(tp, GraphQLEnumType):
        return leaf(tp, value)
    return value


def _name_of(enum: GraphQLEnumType, value: Any) -> Any:
    return next((name for name, known in enum.values.items() if known.value == value), value)


def _value_of(enum: GraphQLEnumType, name: Any) -> Any:
    return enum.values[name].value if name in enum.values else name


def to_graphql(value: Any, tp: GraphQLType) -> Any:
    """A wire (REST) value of type ``tp`` as GraphQL variables spell it (unknown values are
    left as they are, for GraphQL to refuse)."""
    return _walk(value, tp, _name_of)


def from_graphql(value: Any, tp: GraphQLType) -> Any:
    """A GraphQL result of type ``tp`` as REST spells it."""
    return _walk(value, tp, _value_of)


Convert = Callable[[Any], Any]
_INPUT_PLANS: dict[str, Convert] = {}


def wire_input(value: Any, tp: GraphQLInputObjectType) -> Any:
    """A variable's value of input type ``tp`` in the wire's spelling, for the REST models to
    validate it: every enum name becomes its wire value (``SQUARE`` is ``square``; a wire
    value stays: a REST document may be sent as it is, as before GraphQL's enums were
    UPPER_CASE); nothing else is read (a walk planned once per type visits only the fields
    that lead to an enum).

    :raises ValueError: a value where an enum belongs is neither a name nor a value of that
        enum: GraphQL's own coercion then refuses it in its own words."""
    return _input_plan(tp)(value)


def _input_plan(tp: GraphQLInputObjectType) -> Convert:
    found = _INPUT_PLANS.get(tp.name)
    if found is not None:
        return found
    fields: list[tuple[str, Convert]] = []

    def convert(value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        out = None
        for name, field in fields:
            item = value.get(name)
            if item is None:
                continue
            new = field(item)
            if new is not item:
                if out is None:
                    out = dict(value)
                out[name] = new
        return value if out is None else out

    _INPUT_PLANS[tp.name] = convert  # before the fields: an input type may hold itself
    for name, field in tp.fields.items():
        planned = _field_plan(field.type)
        if planned is not None:
            fields.append((name, planned))
    return convert


def _field_plan(tp: GraphQLType) -> Convert | None:
    """How a field of type ``tp`` is converted; None when nothing in it is an enum."""
    while isinstance(tp, GraphQLNonNull):
        tp = tp.of_type
    if isinstance(tp, GraphQLList):
        item = _field_plan(tp.of_type)
        if item is None:
            return None

        def each(value: Any) -> Any:
            if not isinstance(value, list):
                return item(value)  # GraphQL's input coercion takes one item for a list
            return [item(v) for v in value]

        return each
    if isinstance(tp, GraphQLEnumType):
        values = {name: known.value for name, known in tp.values.items()}
        values.update({known.value: known.value for known in tp.values.values()})

        def enum(value: Any) -> Any:
            try:
                return values[value]
            except (KeyError, TypeError):
                raise ValueError(f"{value!r} is no {tp.name}") from None

        return enum
    if isinstance(tp, GraphQLInputObjectType):
        return _input_plan(tp)
    return None

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
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLType,
)

__all__ = ["from_graphql", "to_graphql"]

Leaf = Callable[[GraphQLEnumType, Any], Any]


def _walk(value: Any, tp: GraphQLType, leaf: Leaf) -> Any:
    while isinstance(tp, GraphQLNonNull):
        tp = tp.of_type
    if value is None:
        return None
    if isinstance(tp, GraphQLList):
        return [_walk(v, tp.of_type, leaf) for v in value]
    if isinstance(tp, GraphQLInputObjectType | GraphQLObjectType) and isinstance(value, dict):
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

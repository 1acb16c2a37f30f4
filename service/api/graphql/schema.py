"""The GraphQL schema, assembled: ``Query`` (what the service hosts, the session queries, the
query actions), ``Mutation`` (the other actions, the session mutations) and ``Subscription``.
Every failure is a :class:`Problem`, turned into its typed result in one place
(:class:`.problems.ProblemResults`).
"""

from __future__ import annotations

from typing import Any

import strawberry
from graphql import GraphQLInputObjectType
from pydantic import TypeAdapter
from pydantic_core import to_json
from strawberry.schema.config import StrawberryConfig

from service.api.models import ENCOUNTER, MODELS
from service.rules import model as state
from service.settings import Settings

from . import events
from .actions import RAW_RESOLVERS, operation
from .catalog import CatalogQueries
from .execution import executor_for
from .limits import extensions
from .problems import ERROR_TYPES, ProblemResults
from .sessions import SessionMutations, SessionQueries, Subscription
from .spelling import wire_input
from .types import plain_types, resolve_field

Query = strawberry.type(
    type(
        "Query",
        (CatalogQueries, SessionQueries),
        {m.spec.name: operation(m) for m in MODELS.values() if m.spec.query},
    ),
    description="Read-only questions about an encounter or a session, and what the service hosts.",
)

Mutation = strawberry.type(
    type(
        "Mutation",
        (SessionMutations,),
        {m.spec.name: operation(m) for m in MODELS.values() if not m.spec.query},
    ),
    description="Every action, applied to the encounter sent with it or to a session's; and "
    "the sessions themselves.",
)

CONFIG = StrawberryConfig(default_resolver=resolve_field)


def _validated_encounter(value: Any, tp: GraphQLInputObjectType) -> state.Encounter:
    """An ``EncounterInput`` variable (of GraphQL type ``tp``) as the REST models validate it,
    its enums spelled as on the wire (``ValidationError``, a ``ValueError``, when they refuse
    it: graphql-core then coerces it itself)."""
    encounter: state.Encounter = ENCOUNTER.validate_json(to_json(wire_input(value, tp)))
    return encounter


_JSON_VALUE: TypeAdapter[Any] = TypeAdapter(Any)


def _json_value(value: Any) -> Any:
    """A ``JSON`` field of an engine dataclass (an object, or a list of them) as the REST
    response holds it."""
    return _JSON_VALUE.dump_python(value, mode="json", by_alias=True)


EXECUTOR = executor_for(
    {**plain_types(), **events.plain_types()},
    {"EncounterInput": _validated_encounter},
    json_value=_json_value,
    dict_keys=events.DICT_KEYS,
    sparse=events.SPARSE,
)


def _schema(extensions: list[Any]) -> strawberry.Schema:
    built = strawberry.Schema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        types=[*ERROR_TYPES, *events.IMPLEMENTATIONS],
        exception_handlers=[ProblemResults()],
        extensions=extensions,
        config=CONFIG,
        execution_context_class=EXECUTOR,
    )
    for root in (built._schema.query_type, built._schema.mutation_type):
        for name, field in (root.fields if root is not None else {}).items():
            if name in RAW_RESOLVERS:
                field.resolve = RAW_RESOLVERS[name]
    return built


schema = _schema([])
"""The schema as the contract shows it (``schema/schema.graphql``), without limits."""


def build_schema(settings: Settings) -> strawberry.Schema:
    """The schema an app serves: the same types, with the settings' limits (depth, tokens,
    aliases, rate limit) and, in production, no introspection."""
    return _schema(extensions(settings))

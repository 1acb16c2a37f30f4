"""The GraphQL door's limits, as schema extensions chosen by the settings.

- query depth (``QueryDepthLimiter``), token count (``MaxTokensLimiter``) and alias count
  (``MaxAliasesLimiter``): a document over a limit is refused before it runs, with a
  GraphQL error naming the limit;
- introspection off in production (``DisableIntrospection``);
- the rate limit (:class:`RateLimit`): a query or subscription counts 1, a mutation 1 per
  mutation field (aliases included); over the limit, nothing runs and the answer is an
  error with ``extensions: {code: "RATE_LIMITED", retryAfter}``, over HTTP with status 429
  and ``Retry-After``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from functools import partial
from typing import Any

from graphql import (
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionNode,
)
from starlette.requests import HTTPConnection
from starlette.responses import Response
from strawberry.extensions import (
    AddValidationRules,
    DisableIntrospection,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
)
from strawberry.types.graphql import OperationType

from service.api.auth import PUBLIC_TENANT, Principal, charge, client_ip, principal_of
from service.api.core import Problem
from service.settings import Settings

from .execution import TextValidationCache


def _count_fields(selections: Iterable[SelectionNode], fragments: dict[str, Any]) -> int:
    count = 0
    for node in selections:
        if isinstance(node, FieldNode):
            count += 1
        elif isinstance(node, InlineFragmentNode):
            count += _count_fields(node.selection_set.selections, fragments)
        elif isinstance(node, FragmentSpreadNode) and node.name.value in fragments:
            fragment = fragments.pop(node.name.value)  # each fragment once: no cycles
            count += _count_fields(fragment.selection_set.selections, fragments)
    return count


def operation_cost(document: Any, operation_name: str | None) -> int:
    """What an operation costs: 1, or for a mutation the number of its root fields."""
    if document is None:
        return 1
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    chosen = [
        op
        for op in operations
        if operation_name is None or (op.name is not None and op.name.value == operation_name)
    ]
    if len(chosen) != 1 or chosen[0].operation.value != "mutation":
        return 1
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    return max(1, _count_fields(chosen[0].selection_set.selections, fragments))


class RateLimit(SchemaExtension):
    """Charge each operation to the caller's rate limit before it runs."""

    settings: Settings

    async def on_execute(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        context = ctx.context if isinstance(ctx.context, dict) else {}
        connection: HTTPConnection | None = context.get("request")
        if connection is not None and self.settings.rate_limit:
            principal = principal_of(connection) or Principal(
                PUBLIC_TENANT, None, client_ip(connection.scope)
            )
            cost = (
                operation_cost(ctx.graphql_document, ctx.operation_name)
                if ctx.operation_type == OperationType.MUTATION
                else 1
            )
            try:
                await charge(connection.app, self.settings, principal, cost)
            except Problem as problem:
                retry_after = int(problem.headers.get("Retry-After", "1"))
                error = GraphQLError(
                    problem.detail,
                    extensions={"code": "RATE_LIMITED", "retryAfter": retry_after},
                )
                if ctx.operation_type == OperationType.SUBSCRIPTION:
                    # strawberry subscribes whatever the result: refuse by raising.
                    raise error from None
                ctx.result = ExecutionResult(data=None, errors=[error])
                response = context.get("response")
                if isinstance(response, Response):  # HTTP (on a websocket, the socket)
                    response.status_code = 429
                    response.headers["Retry-After"] = str(retry_after)
        yield


def _fixed_rules(limiter: AddValidationRules) -> Callable[[], AddValidationRules]:
    """A factory of fresh extensions (one per request, as strawberry wants) that all add the
    validation rule classes ``limiter`` built once: the limiters build a new rule class in
    each constructor, which would defeat the validation cache (it keys on the rules)."""
    rules = list(limiter.validation_rules)
    return partial(AddValidationRules, rules)


def extensions(settings: Settings) -> list[Any]:
    """The schema extensions the settings ask for."""

    rate_limit = type("RateLimitOf", (RateLimit,), {"settings": settings})
    out: list[Any] = [
        partial(MaxTokensLimiter, max_token_count=settings.graphql_max_tokens),
        _fixed_rules(QueryDepthLimiter(max_depth=settings.graphql_max_depth)),
        _fixed_rules(MaxAliasesLimiter(max_alias_count=settings.graphql_max_aliases)),
        rate_limit,
    ]
    if not settings.graphql_introspection:
        out.append(DisableIntrospection)
    # Clients send the same few documents over and over: parse and validate each once
    # (the benchmark's profile put two thirds of a mutation's time there).
    out += [partial(ParserCache, maxsize=512), TextValidationCache]
    return out

"""The GraphQL door's limits, as schema extensions chosen by the settings.

- query depth (``QueryDepthLimiter``), token count (``MaxTokensLimiter``) and alias count
  (``MaxAliasesLimiter``): a document over a limit is refused before it runs, with a
  GraphQL error naming the limit;
- introspection off in production (``DisableIntrospection``), and then no "Did you mean"
  suggestions in error messages either (:class:`NoSuggestions`): they would spell out the
  schema that introspection hides;
- the engine work of one operation (:class:`RateLimit`, rate limit on or off): an operation
  costing more than ``graphql_max_cost`` units (priced as below, each alias a field of its
  own) is refused before it runs, with a GraphQL error ``extensions: {code:
  "LIMIT_EXCEEDED", limit: "graphql-cost", max}``;
- one budget per operation (:mod:`.weight`): its fields together may ask the engine for
  what one REST request may, and build an answer of at most 4 x ``CRS_MAX_BODY_BYTES``;
  refused before it runs (``limit: "graphql-work"`` or ``"graphql-answer-bytes"``);
- the rate limit (:class:`RateLimit`): an operation costs the sum of its root fields,
  aliases and fragments included: each action or query field (and each session field)
  its action's units (:func:`~service.api.ratelimit.cost_of`: 1, ``encounterOdds`` 10),
  ``version``, ``rulesets`` and introspection nothing; at least 1, a subscription 1. Over
  HTTP the door has charged 1 already (for every request, an invalid document too); over a
  websocket each operation is charged here, an invalid one 1. Over the limit nothing runs
  and the answer is an error with ``extensions: {code: "RATE_LIMITED", retryAfter}``, over
  HTTP with status 429, ``Retry-After`` and the ``RateLimit`` fields.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import suppress
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
from service.api.ratelimit import cost_of
from service.settings import Settings

from .execution import TextValidationCache
from .weight import MAX_WORK, max_answer_bytes, operation_weight

FREE = frozenset({"version", "rulesets", "rule", "__typename", "__schema", "__type"})
"""Root fields that cost nothing: they read no encounter and no session."""

_SUGGESTION = re.compile(r"\s*Did you mean [^?]*\?")


def _cost(selections: Iterable[SelectionNode], fragments: dict[str, Any], cap: int | None) -> int:
    total = 0
    for node in selections:
        if isinstance(node, FieldNode):
            name = node.name.value
            if name not in FREE:
                weight = cost_of(name)
                total += weight if cap is None else min(weight, cap)
        elif isinstance(node, InlineFragmentNode):
            total += _cost(node.selection_set.selections, fragments, cap)
        elif isinstance(node, FragmentSpreadNode) and node.name.value in fragments:
            fragment = fragments.pop(node.name.value)  # each fragment once: no cycles
            total += _cost(fragment.selection_set.selections, fragments, cap)
    return total


def operation_cost(document: Any, operation_name: str | None, cap: int | None = None) -> int:
    """What an operation costs: the units of its root fields (each at most ``cap``, so that
    one field heavier than a burst can still run alone), at least 1; a subscription 1."""
    if document is None:
        return 1
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    chosen = [
        op
        for op in operations
        if operation_name is None or (op.name is not None and op.name.value == operation_name)
    ]
    if len(chosen) != 1 or chosen[0].operation.value == "subscription":
        return 1
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    return max(1, _cost(chosen[0].selection_set.selections, fragments, cap))


def weight_refusal(
    document: Any, operation_name: str | None, variables: Any, settings: Settings
) -> GraphQLError | None:
    """The error refusing an operation that would ask more than one REST request of the
    engine, or build a larger answer than allowed (:mod:`.weight`); None when it may run."""
    weight = operation_weight(document, operation_name, variables, settings.max_body_bytes)
    most = max_answer_bytes(settings.max_body_bytes)
    if weight.answer > most:
        return GraphQLError(
            f"this operation's answer would be about {weight.answer:,} bytes (each field "
            "selecting objects answers about its encounter), more than the "
            f"{most:,} one answer may hold: select less, or send several operations",
            extensions={"code": "LIMIT_EXCEEDED", "limit": "graphql-answer-bytes", "max": most},
        )
    if weight.work > MAX_WORK:
        return GraphQLError(
            f"this operation asks the engine for {weight.work:.2f} REST requests' work (each "
            "field over an encounter weighs its size over the body limit, or its largest "
            "space's cells squared over 100 x 100), more than the 1 one operation may: send "
            "fewer fields, or several operations",
            extensions={"code": "LIMIT_EXCEEDED", "limit": "graphql-work", "max": 1},
        )
    return None


class RateLimit(SchemaExtension):
    """Charge each operation to the caller's rate limit before it runs."""

    settings: Settings

    def _caller(self) -> tuple[HTTPConnection, Principal] | None:
        context = self.execution_context.context
        connection = context.get("request") if isinstance(context, dict) else None
        if connection is None or not self.settings.rate_limit:
            return None
        principal = principal_of(connection) or Principal(
            PUBLIC_TENANT, None, client_ip(connection.scope)
        )
        return connection, principal

    async def on_execute(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        if ctx.operation_type != OperationType.SUBSCRIPTION:
            total = operation_cost(ctx.graphql_document, ctx.operation_name)
            most = self.settings.graphql_max_cost
            if total > most:
                error = GraphQLError(
                    f"this operation costs {total} units (each action or query field 1, "
                    f"encounterOdds 10, aliases included), more than the {most} one operation "
                    "may cost: send fewer fields, or several operations",
                    extensions={"code": "LIMIT_EXCEEDED", "limit": "graphql-cost", "max": most},
                )
                ctx.result = ExecutionResult(data=None, errors=[error])
                yield
                return
            refusal = weight_refusal(
                ctx.graphql_document, ctx.operation_name, ctx.variables, self.settings
            )
            if refusal is not None:
                ctx.result = ExecutionResult(data=None, errors=[refusal])
                yield
                return
        caller = self._caller()
        if caller is not None:
            connection, principal = caller
            http = connection.scope["type"] == "http"
            burst = self.settings.rate_burst
            cost = (
                1
                if ctx.operation_type == OperationType.SUBSCRIPTION
                else operation_cost(ctx.graphql_document, ctx.operation_name, burst)
            )
            try:
                if not http:
                    await charge(connection, self.settings, principal, cost, total=cost)
                elif cost > 1:  # the door charged 1 already
                    await charge(connection, self.settings, principal, cost - 1, total=cost)
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
                response = ctx.context.get("response") if isinstance(ctx.context, dict) else None
                if isinstance(response, Response):  # HTTP (on a websocket, the socket)
                    response.status_code = 429
                    response.headers["Retry-After"] = str(retry_after)
        yield

    async def on_validate(self) -> AsyncIterator[None]:
        yield
        await self._charge_refused()

    async def on_parse(self) -> AsyncIterator[None]:
        yield
        if self.execution_context.graphql_document is None:
            await self._charge_refused()

    async def _charge_refused(self) -> None:
        """A websocket operation that never runs (unparsable or invalid) still costs 1
        (over HTTP the door charged it)."""
        if not self.execution_context.pre_execution_errors or getattr(self, "_charged", False):
            return
        self._charged = True
        caller = self._caller()
        if caller is not None and caller[0].scope["type"] != "http":
            # Refused or not, it answers its own error; the next operation pays for it.
            with suppress(Problem):
                await charge(caller[0], self.settings, caller[1])


class NoSuggestions(SchemaExtension):
    """Drop "Did you mean ...?" from every error message (with introspection off, the
    suggestions would list the schema's fields, types and arguments)."""

    def on_operation(self) -> Iterator[None]:
        yield
        result = self.execution_context.result
        errors = getattr(result, "errors", None)
        if result is not None and errors:
            result.errors = [_without_suggestions(e) for e in errors]


def _without_suggestions(error: GraphQLError) -> GraphQLError:
    message = _SUGGESTION.sub("", error.message)
    if message == error.message:
        return error
    return GraphQLError(
        message,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        original_error=error.original_error,
        extensions=error.extensions,
    )


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
        out += [DisableIntrospection, NoSuggestions]
    # Clients send the same few documents over and over: parse and validate each once
    # (the benchmark's profile put two thirds of a mutation's time there).
    out += [partial(ParserCache, maxsize=512), TextValidationCache]
    return out

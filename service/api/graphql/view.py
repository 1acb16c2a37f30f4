"""The GraphQL door's ASGI view: the settings' schema, API keys on websockets, JSON
bodies parsed like REST's, HTTP failures as problems, and the operation's name in the logs.

Over HTTP the :class:`~service.api.auth.Guard` middleware has already authenticated the
request. A websocket may instead send its key in the ``connection_init`` payload
(``{"Authorization": "Bearer <key>"}`` or ``{"X-API-Key": "<key>"}``); without a valid one
(and with ``CRS_AUTH`` on) the connection is refused (close code 4403).

Bodies and websocket messages are parsed by pydantic's JSON parser, the REST door's: JSON
nested deeper than it allows (about 200 levels) or not JSON at all is a 400
``invalid-json`` problem (a websocket message: close code 4400), never a 500; an object
naming a key twice is a 422 ``invalid-input`` naming the key
(:mod:`service.jsontext`). Every other
failure strawberry answers over HTTP before running an operation (no query, a mutation over
GET, an unsupported content type) is a problem+json too, instead of plain text.

The operation's name (``operationName``, else the name of the document's first operation)
goes in ``request.state.graphql_operation``, which the access log reports, and in
:data:`~service.api.observability.operation_var` for every log line written meanwhile.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pydantic_core
from cross_web import HTTPException
from starlette.requests import Request
from starlette.types import Receive, Scope, Send
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError
from strawberry.http import GraphQLRequestData, process_result
from strawberry.schema import BaseSchema
from strawberry.types import ExecutionResult
from strawberry.types.unset import UNSET, UnsetType

from service.api.auth import SCOPE_KEY, authenticate, client_ip, presented_key, principal_of
from service.api.core import Kind, Problem, invalid, problem_response
from service.api.observability import operation_var, request_id_var
from service.jsontext import DuplicateKey, find_duplicate_key
from service.settings import Settings

from .errors import formatted

NO_ACK_PAYLOAD: UnsetType = UNSET

STATE_KEY = "graphql_operation"
MAX_NAME = 100
"""The longest operation name logged (a longer one is cut)."""

_FIRST_OPERATION = re.compile(
    r"(?:[\s,\ufeff]|#[^\n\r]*+)*+(query|mutation|subscription)"
    r"(?:[\s,\ufeff]|#[^\n\r]*+)++([_A-Za-z][_0-9A-Za-z]*+)"
)
"""A document's first definition, when it is a named operation (after ignored tokens)."""

HTTP_PROBLEMS = {
    400: (Kind.BAD_REQUEST, "Bad request"),
    404: (Kind.NOT_FOUND, "Not found"),
    405: (Kind.METHOD_NOT_ALLOWED, "Method not allowed"),
    415: (Kind.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type"),
}


class DuplicateKeyJSON(json.JSONDecodeError):
    """A duplicate key, as strawberry expects a parse failure (a websocket closes 4400)."""

    def __init__(self, error: DuplicateKey) -> None:
        super().__init__(str(error), "", 0)
        self.path = error.path


def operation_name(data: GraphQLRequestData) -> str | None:
    """The operation a request runs: its ``operationName``, else the name of the document's
    first operation (a document without ``operationName`` may hold only one)."""
    name = data.operation_name
    if not name and data.query:
        found = _FIRST_OPERATION.match(data.query)
        name = found[2] if found else None
    return name[:MAX_NAME] if isinstance(name, str) and name else None


def http_problem(error: HTTPException) -> Problem:
    kind, title = HTTP_PROBLEMS.get(error.status_code, (Kind.BAD_REQUEST, "Bad request"))
    return Problem(kind, kind.value, title, error.reason)


class GraphQLView(GraphQL[Any, Any]):
    def __init__(self, schema: BaseSchema, settings: Settings, **kwargs: Any) -> None:
        super().__init__(schema, **kwargs)
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        try:
            response = await self.run(Request(scope, receive=receive))
        except HTTPException as error:
            response = problem_response(http_problem(error))
        except Problem as problem:
            response = problem_response(problem)
        await response(scope, receive, send)

    def decode_json(self, data: str | bytes) -> object:
        try:
            find_duplicate_key(data)
            return pydantic_core.from_json(data, allow_inf_nan=False)
        except DuplicateKey as error:
            raise DuplicateKeyJSON(error) from None
        except ValueError as error:
            raise json.JSONDecodeError(str(error), "", 0) from None

    def parse_json(self, data: str | bytes) -> Any:
        try:
            return self.decode_json(data)
        except DuplicateKeyJSON as error:
            raise invalid(error.msg, error.path) from None
        except json.JSONDecodeError as error:
            raise Problem(
                Kind.BAD_REQUEST,
                "invalid-json",
                "Invalid JSON",
                f"the request body is not JSON: {error.msg}",
            ) from None

    async def execute_operation(
        self,
        request: Request,
        request_adapter: Any,
        request_data: GraphQLRequestData | list[GraphQLRequestData],
        context: Any,
        root_value: Any,
        sub_response: Any,
    ) -> Any:
        batch = request_data if isinstance(request_data, list) else [request_data]
        names = [n for n in map(operation_name, batch) if n is not None]
        name = ",".join(names)[:MAX_NAME] if names else None
        if name is not None:
            request.state.graphql_operation = name
        token = operation_var.set(name)
        try:
            return await super().execute_operation(
                request, request_adapter, request_data, context, root_value, sub_response
            )
        finally:
            operation_var.reset(token)

    async def process_result(self, request: Request, result: ExecutionResult) -> Any:
        """The answer, each of its errors with a code and the request's id
        (:mod:`service.api.graphql.errors`)."""
        answer = process_result(result)
        if result.errors:
            request_id = request_id_var.get()
            answer["errors"] = [formatted(error, request_id) for error in result.errors]
        return answer

    def encode_json(self, data: object) -> str:
        """A response or a websocket message, encoded by pydantic-core (a fifth of the time
        of ``json.dumps``); text, as websocket messages are."""
        return pydantic_core.to_json(data).decode()

    async def on_ws_connect(self, context: Any) -> UnsetType | dict[str, object] | None:
        websocket = context["request"]
        if principal_of(websocket) is not None:
            return NO_ACK_PAYLOAD
        params = context.get("connection_params")
        presented = presented_key(params if isinstance(params, dict) else {})
        try:
            principal = await authenticate(
                websocket.app, self.settings, presented, client_ip(websocket.scope)
            )
        except Problem as problem:
            payload: dict[str, object] = {"code": problem.code, "message": problem.detail}
            raise ConnectionRejectionError(payload) from None
        websocket.scope[SCOPE_KEY] = principal
        return NO_ACK_PAYLOAD

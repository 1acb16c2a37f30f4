"""The GraphQL door's ASGI view: the settings' schema, and API keys on websockets.

Over HTTP the :class:`~service.api.auth.Guard` middleware has already authenticated the
request. A websocket may instead send its key in the ``connection_init`` payload
(``{"Authorization": "Bearer <key>"}`` or ``{"X-API-Key": "<key>"}``); without a valid one
(and with ``CRS_AUTH`` on) the connection is refused (close code 4403).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import from_json, to_json
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError
from strawberry.schema import BaseSchema
from strawberry.types.unset import UNSET, UnsetType

from service.api.auth import SCOPE_KEY, authenticate, client_ip, presented_key, principal_of
from service.api.core import Problem
from service.settings import Settings

NO_ACK_PAYLOAD: UnsetType = UNSET


class GraphQLView(GraphQL[Any, Any]):
    def __init__(self, schema: BaseSchema, settings: Settings, **kwargs: Any) -> None:
        super().__init__(schema, **kwargs)
        self.settings = settings

    def decode_json(self, data: str | bytes) -> object:
        """The request body, parsed by pydantic-core (a refused one is strawberry's 400)."""
        try:
            return from_json(data)
        except ValueError as e:
            raise json.JSONDecodeError(str(e), data if isinstance(data, str) else "", 0) from None

    def encode_json(self, data: object) -> str:
        """A response or a websocket message, encoded by pydantic-core (a fifth of the time
        of ``json.dumps``); text, as websocket messages are."""
        return to_json(data).decode()

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

"""API keys, tenants and rate limits at the door: an ASGI middleware (:class:`Guard`).

With ``CRS_AUTH`` on, every request to ``/v1/...`` and ``/graphql`` must carry an active
API key, as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>`` (a GraphQL websocket may
send it instead in its ``connection_init`` payload: ``{"Authorization": "Bearer <key>"}``
or ``{"X-API-Key": "<key>"}``). Without one, or with a bad or revoked one: 401
problem+json. The key decides the tenant; :func:`principal_of` tells the transports.

With ``CRS_AUTH`` off, every caller is the ``public`` tenant and the rate limit applies per
client IP. The rate limit counts 1 per REST request here; GraphQL operations are counted
by the schema's extension (a mutation counts each of its fields).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.api.core import Kind, Problem
from service.api.ratelimit import RateLimiter
from service.settings import Settings
from service.store import StoreUnavailable
from service.store.apikeys import ApiKeyStore

log = logging.getLogger("service.auth")

PUBLIC_TENANT = "public"
SCOPE_KEY = "crs.principal"
GUARDED = ("/v1/", "/graphql")


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request acts for: the tenant, and the key (None with auth off)."""

    tenant: str
    key_id: str | None
    caller: str
    """Whom the rate limit counts: the key id, or the client IP."""


def principal_of(connection: HTTPConnection) -> Principal | None:
    found: Principal | None = connection.scope.get(SCOPE_KEY)
    return found


def unauthorized(detail: str) -> Problem:
    return Problem(
        Kind.UNAUTHORIZED,
        "unauthorized",
        "Unauthorized",
        detail,
        headers={"WWW-Authenticate": 'Bearer realm="combat-rules"'},
    )


def rate_limited(retry_after: int) -> Problem:
    return Problem(
        Kind.RATE_LIMITED,
        "rate-limited",
        "Too many requests",
        f"the rate limit is exhausted; retry after {retry_after} s",
        headers={"Retry-After": str(retry_after)},
    )


def presented_key(headers: Headers | dict[str, Any]) -> str | None:
    """The API key of request headers or a connection_init payload, if any."""
    lowered = {str(k).lower(): v for k, v in headers.items()}
    auth = lowered.get("authorization")
    if isinstance(auth, str) and auth[:7].lower() == "bearer ":
        return auth[7:].strip() or None
    api_key = lowered.get("x-api-key")
    if isinstance(api_key, str):
        return api_key.strip() or None
    return None


def client_ip(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def key_store(app: Any, settings: Settings) -> ApiKeyStore:
    store = getattr(app.state, "store", None)
    if store is None:
        raise Problem(
            Kind.UNAVAILABLE,
            "store-unavailable",
            "Key store unavailable",
            "the key store is not running",
            headers={"Retry-After": "1"},
        )
    cached: ApiKeyStore | None = getattr(app.state, "api_keys", None)
    if cached is None or cached.redis is not store.redis:
        assert settings.api_key_secret is not None  # Settings.checked() makes sure
        cached = ApiKeyStore(
            store.redis,
            secret=settings.api_key_secret,
            prefix=settings.redis_prefix,
            key_prefix=settings.api_key_prefix,
        )
        app.state.api_keys = cached
    return cached


def rate_limiter(app: Any, settings: Settings) -> RateLimiter | None:
    store = getattr(app.state, "store", None)
    if not settings.rate_limit or store is None:
        return None
    cached: RateLimiter | None = getattr(app.state, "rate_limiter", None)
    if cached is None or cached.redis is not store.redis:
        cached = RateLimiter(
            store.redis,
            prefix=settings.redis_prefix,
            rate=settings.rate_limit,
            burst=settings.rate_burst,
        )
        app.state.rate_limiter = cached
    return cached


async def authenticate(app: Any, settings: Settings, presented: str | None, ip: str) -> Principal:
    """The principal of a presented key (or of the client IP with auth off); raise 401."""
    if not settings.auth:
        return Principal(PUBLIC_TENANT, None, ip)
    if presented is None:
        raise unauthorized("send an API key: `Authorization: Bearer <key>` or `X-API-Key: <key>`")
    try:
        record = await key_store(app, settings).verify(presented)
    except StoreUnavailable as exc:
        raise Problem(
            Kind.UNAVAILABLE,
            "store-unavailable",
            "Key store unavailable",
            str(exc),
            headers={"Retry-After": str(exc.retry_after)},
        ) from None
    if record is None:
        raise unauthorized("the API key is unknown, malformed or revoked")
    return Principal(record.tenant, record.id, record.id)


async def charge(app: Any, settings: Settings, principal: Principal, cost: int = 1) -> None:
    """Take ``cost`` from the principal's rate limit; raise 429 when it is exhausted."""
    limiter = rate_limiter(app, settings)
    if limiter is None:
        return
    decision = await limiter.hit(principal.tenant, principal.caller, cost)
    if not decision.allowed:
        raise rate_limited(decision.retry_after)


class Guard:
    """The middleware: authenticate ``/v1/`` and ``/graphql``, and rate-limit REST."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] not in ("http", "websocket") or not path.startswith(GUARDED):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        presented = presented_key(headers)
        websocket = scope["type"] == "websocket"
        if websocket and presented is None:
            # The key may come in connection_init: the GraphQL view checks it there.
            await self.app(scope, receive, send)
            return
        if path == "/graphql" and scope.get("method") == "GET" and not scope.get("query_string"):
            # The playground page itself (off in production); its requests carry the key.
            await self.app(scope, receive, send)
            return
        try:
            principal = await authenticate(scope["app"], self.settings, presented, client_ip(scope))
            if not websocket and path.startswith("/v1/"):
                await charge(scope["app"], self.settings, principal)
        except Problem as problem:
            if websocket:
                await send({"type": "websocket.close", "code": 4401, "reason": problem.title})
                return
            await send_problem(send, problem)
            return
        scope[SCOPE_KEY] = principal
        if websocket or path != "/graphql":
            await self.app(scope, receive, send)
            return
        await self.limit_body(scope, receive, send)

    async def limit_body(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The GraphQL door, with the REST door's body limit (413 problem+json above it)."""
        limit = self.settings.max_body_bytes
        too_large = Problem(
            Kind.TOO_LARGE,
            "body-too-large",
            "Request body too large",
            f"the request body is larger than {limit} bytes",
        )
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await send_problem(send, too_large)
            return
        size = 0
        started = False

        async def counted() -> Message:
            nonlocal size
            message = await receive()
            if message["type"] == "http.request":
                size += len(message.get("body", b""))
                if size > limit:
                    raise BodyTooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except BodyTooLarge:
            if started:
                raise
            await send_problem(send, too_large)


class BodyTooLarge(Exception):
    """The request body grew past the limit while it was read."""


async def send_problem(send: Send, problem: Problem) -> None:
    body = json.dumps(problem.body(), separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/problem+json"),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in problem.headers.items()),
    ]
    await send({"type": "http.response.start", "status": problem.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})

"""API keys, tenants and rate limits at the door: ASGI middleware, one concern each, run in
order by :class:`Guard`.

With ``CRS_AUTH`` on, every request to ``/v1/...`` and ``/graphql`` must carry an active
API key, as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>`` (a GraphQL websocket may
send it instead in its ``connection_init`` payload: ``{"Authorization": "Bearer <key>"}``
or ``{"X-API-Key": "<key>"}``). Without one, or with a bad or revoked one: 401
problem+json. The key decides the tenant; :func:`principal_of` tells the transports.

With ``CRS_AUTH`` off, every caller is the ``public`` tenant and the rate limit applies per
client IP. The rate limit is charged here for every guarded HTTP request: a REST request
its action's cost (:func:`~service.api.ratelimit.cost_of`), a GraphQL request 1 (an
invalid document too); the schema's extension charges the rest of an operation's cost (its
action and query fields) and each websocket operation. Every rate-limited HTTP response
carries ``RateLimit`` and ``RateLimit-Policy``.

A websocket authenticated with a key keeps being checked: at each new operation and every
``CRS_API_KEY_RECHECK_SECONDS``; once the key is revoked (or deleted) the socket is closed
with code 4403.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect, HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.api.core import Kind, Problem, from_damaged, send_problem
from service.api.ratelimit import Decision, RateLimiter, cost_of
from service.api.ratelimit import headers as rate_limit_headers
from service.api.seats import forbidden
from service.rules import ACTIONS
from service.settings import Settings
from service.store import Seat, SessionDamaged, StoreUnavailable, is_seat_token
from service.store.apikeys import ApiKeyStore

log = logging.getLogger("service.auth")

PUBLIC_TENANT = "public"
SCOPE_KEY = "crs.principal"
SCOPE_RATE = "crs.ratelimit"
"""Where a request's latest rate-limit decision is kept, for its response's headers."""
GUARDED = ("/v1/", "/graphql")
REVOKED = 4403
"""The close code of a websocket whose key was revoked (the code of a refused key)."""

_SLUG_COSTS = {spec.slug: cost_of(spec.name) for spec in ACTIONS} | {
    "verify": cost_of("verifySession"),
    "fork": cost_of("forkSession"),
}


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request acts for: the tenant, and the key (None with auth off)."""

    tenant: str
    key_id: str | None
    caller: str
    """Whom the rate limit counts: the key id, the seat (``seat:<id>``), or the client IP."""
    seat: Seat | None = None
    """A seat token's seat: the request may do only what the seat may
    (:mod:`service.api.seats`)."""


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


def rate_limited(retry_after: int, headers: dict[str, str] | None = None) -> Problem:
    return Problem(
        Kind.RATE_LIMITED,
        "rate-limited",
        "Too many requests",
        f"the rate limit is exhausted; retry after {retry_after} s",
        headers={"Retry-After": str(retry_after), **(headers or {})},
    )


def rest_cost(path: str) -> int:
    """What a REST request costs: its action's units (``/v1/<slug>`` or
    ``/v1/sessions/{id}/<slug>``), else 1."""
    return _SLUG_COSTS.get(path.rstrip("/").rsplit("/", 1)[-1], 1)


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


def store_unavailable(store: str, detail: str, retry_after: int = 1) -> Problem:
    """503 ``store-unavailable`` for the key store or the session store."""
    return Problem(
        Kind.UNAVAILABLE,
        "store-unavailable",
        f"{store} store unavailable",
        detail,
        headers={"Retry-After": str(retry_after)},
    )


def key_store(app: Any, settings: Settings) -> ApiKeyStore:
    store = getattr(app.state, "store", None)
    if store is None:
        raise store_unavailable("Key", "the key store is not running")
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
    """The principal of a presented key or seat token (or of the client IP with auth off and
    no seat token); raise 401."""
    if presented is not None and is_seat_token(presented):
        return await seat_principal(app, presented)
    if not settings.auth:
        return Principal(PUBLIC_TENANT, None, ip)
    if presented is None:
        raise unauthorized("send an API key: `Authorization: Bearer <key>` or `X-API-Key: <key>`")
    try:
        record = await key_store(app, settings).verify(presented)
    except StoreUnavailable as exc:
        raise store_unavailable("Key", "the key store is unavailable", exc.retry_after) from None
    if record is None:
        raise unauthorized("the API key is unknown, malformed or revoked")
    return Principal(record.tenant, record.id, record.id)


async def seat_principal(app: Any, presented: str) -> Principal:
    """The principal of a seat token (with auth on or off); 401 when its seat is revoked or
    its session gone."""
    store = getattr(app.state, "store", None)
    if store is None:
        raise store_unavailable("Session", "the session store is not running")
    try:
        seat = await store.seating.opened_by(presented)
    except SessionDamaged as exc:
        raise from_damaged(exc) from None
    except StoreUnavailable as exc:
        detail = "the session store did not answer"
        raise store_unavailable("Session", detail, exc.retry_after) from None
    if seat is None:
        raise unauthorized(
            "the seat token is unknown or malformed, its seat revoked or its session gone"
        )
    return Principal(seat.tenant, None, f"seat:{seat.id}", seat)


def rechecked(principal: Principal | None, settings: Settings) -> bool:
    """Whether what an open stream or websocket was opened with must be checked again: a
    seat's, or an API key's with ``CRS_AUTH``."""
    return principal is not None and (
        principal.seat is not None or (settings.auth and principal.key_id is not None)
    )


def recheck_seconds(principal: Principal, settings: Settings) -> float:
    """How often an open stream or websocket of the principal is checked again."""
    if principal.seat is not None:
        return settings.seat_recheck_seconds
    return settings.api_key_recheck_seconds


async def still_holds(app: Any, settings: Settings, principal: Principal) -> bool:
    """Whether the key or seat a principal came from still holds (not revoked; a seat's
    session not gone). True when the store does not answer: what the principal asks for
    then fails on its own."""
    try:
        if principal.seat is not None:
            seat = principal.seat
            store = getattr(app.state, "store", None)
            return store is None or bool(
                await store.seating.has(seat.tenant, seat.session_id, seat.id)
            )
        if principal.key_id is None or not settings.auth:
            return True
        return await key_store(app, settings).is_active(principal.key_id)
    except StoreUnavailable:
        return True


async def charge(
    connection: HTTPConnection | Scope,
    settings: Settings,
    principal: Principal,
    cost: int = 1,
    *,
    total: int | None = None,
) -> None:
    """Take ``cost`` units from the principal's rate limit; raise 429 when it is exhausted.

    ``total`` is the whole cost of what the request runs, when ``cost`` is its remainder
    (part was charged at the door): a total over the burst can never pass. The decision is
    kept in the scope for the response's ``RateLimit`` headers.
    """
    scope = connection.scope if isinstance(connection, HTTPConnection) else connection
    limiter = rate_limiter(scope["app"], settings)
    if limiter is None:
        return
    if total is not None and total > limiter.burst:
        decision = Decision(False, limiter.window, 0, limiter.window)
    else:
        if total is None:  # one action heavier than a burst passes on a whole one
            cost = min(cost, limiter.burst)
        decision = await limiter.hit(principal.tenant, principal.caller, cost)
    scope[SCOPE_RATE] = (limiter, decision)
    if not decision.allowed:
        raise rate_limited(decision.retry_after, rate_limit_headers(limiter, decision))


def rate_headers(scope: Scope) -> list[tuple[bytes, bytes]]:
    """The ``RateLimit`` fields of the scope's latest decision (none without one)."""
    kept = scope.get(SCOPE_RATE)
    if kept is None:
        return []
    limiter, decision = kept
    return [
        (k.lower().encode(), v.encode()) for k, v in rate_limit_headers(limiter, decision).items()
    ]


def _guarded(scope: Scope) -> bool:
    return scope["type"] in ("http", "websocket") and scope.get("path", "").startswith(GUARDED)


def _playground(scope: Scope) -> bool:
    """The GraphQL playground page itself (off in production): its requests carry the key."""
    return (
        scope.get("path") == "/graphql"
        and scope.get("method") == "GET"
        and not scope.get("query_string")
    )


class ApiKeyMiddleware:
    """Who is calling: the principal of a guarded request's API key (with ``CRS_AUTH``; the
    client IP's without), kept in the scope (:func:`principal_of`); 401 problem+json
    without an active key. A websocket is authenticated by its upgrade headers when they
    carry a key (else the GraphQL view does, on ``connection_init``): a bad one closes it
    with 4401."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not _guarded(scope):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
            return
        settings = self.settings
        presented = presented_key(Headers(scope=scope))
        seated = presented is not None and is_seat_token(presented)
        if not settings.auth and not settings.rate_limit and not seated:
            scope[SCOPE_KEY] = Principal(PUBLIC_TENANT, None, client_ip(scope))
        elif seated or not _playground(scope):
            try:
                principal = await authenticate(scope["app"], settings, presented, client_ip(scope))
            except Problem as problem:
                await send_problem(send, problem)
                return
            scope[SCOPE_KEY] = principal
        await self.app(scope, receive, send)

    async def websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        presented = presented_key(Headers(scope=scope))
        if presented is not None:
            try:
                principal = await authenticate(
                    scope["app"], self.settings, presented, client_ip(scope)
                )
            except Problem as problem:
                await send({"type": "websocket.close", "code": 4401, "reason": problem.title})
                return
            scope[SCOPE_KEY] = principal
        await self.app(scope, receive, send)


class RateLimitMiddleware:
    """What a guarded HTTP request costs: a REST request its action's cost, a GraphQL one 1
    (the schema charges the rest of an operation); 429 problem+json (GraphQL's shape on
    ``/graphql``) when the caller's limit is spent, and the ``RateLimit`` headers on every
    answer. Nothing with ``CRS_RATE_LIMIT`` off."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        principal = principal_of_scope(scope)
        if (
            scope["type"] != "http"
            or not self.settings.rate_limit
            or not _guarded(scope)
            or principal is None
        ):
            await self.app(scope, receive, send)
            return
        graphql = scope["path"] == "/graphql"
        try:
            await charge(
                scope, self.settings, principal, 1 if graphql else rest_cost(scope["path"])
            )
        except Problem as problem:
            if graphql and problem.status == 429:
                await send_graphql_limited(send, problem)
            else:
                await send_problem(send, problem)
            return

        async def with_rate_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = rate_headers(scope)
                if extra:
                    message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_rate_headers)


class BodyLimitMiddleware:
    """The request body of a guarded HTTP request: on ``/graphql``, the REST door's body
    limit (413 problem+json above it; REST routes read theirs with the same limit); and a
    body that never came in full (the server timed it out, or the client left) is answered
    408 if nothing was answered yet: nothing ran."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _guarded(scope) or principal_of_scope(scope) is None:
            await self.app(scope, receive, send)
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            if scope["path"] == "/graphql":
                await self.limit_body(scope, receive, tracked)
            else:
                await self.app(scope, receive, tracked)
        except ClientDisconnect:
            if not started:
                await send_problem(send, _timed_out())

    async def limit_body(self, scope: Scope, receive: Receive, send: Send) -> None:
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


class SeatScopeMiddleware:
    """A seat token's REST request stays in its session: a path outside
    ``/v1/sessions/<its session>`` is 403 ``seat-forbidden`` (the routes inside refuse the
    DM's operations, and GraphQL's fields check their own: :mod:`service.api.seats`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        principal = principal_of_scope(scope)
        seat = None if principal is None else principal.seat
        if seat is not None and scope["type"] == "http" and scope["path"] != "/graphql":
            own = f"/v1/sessions/{seat.session_id}"
            path = scope["path"]
            if path != own and not path.startswith(own + "/"):
                await send_problem(
                    send,
                    forbidden(seat, f"seat {seat.id} may reach session {seat.session_id} only"),
                )
                return
        await self.app(scope, receive, send)


class KeyRecheckMiddleware:
    """A guarded websocket keeps being checked while it is open (:class:`KeyWatch`): closed
    with 4403 once its key or seat is revoked."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or not _guarded(scope):
            await self.app(scope, receive, send)
            return
        await KeyWatch(scope, self.settings).run(self.app, receive, send)


class Guard:
    """The door's middleware: single-concern middleware in the order they run, each passing
    on what is not its concern (Starlette's style): :class:`ApiKeyMiddleware` (who),
    :class:`RateLimitMiddleware` (what it costs), :class:`BodyLimitMiddleware` (how much it
    may send), :class:`SeatScopeMiddleware` (a seat stays in its session),
    :class:`KeyRecheckMiddleware` (whether an open websocket's key or seat still holds)."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        chain: ASGIApp = KeyRecheckMiddleware(app, settings)
        chain = SeatScopeMiddleware(chain)
        chain = BodyLimitMiddleware(chain, settings)
        chain = RateLimitMiddleware(chain, settings)
        self.app = ApiKeyMiddleware(chain, settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)


def _timed_out() -> Problem:
    return Problem(
        Kind.REQUEST_TIMEOUT,
        "request-timeout",
        "Request Timeout",
        "the request body did not arrive in full",
    )


class BodyTooLarge(Exception):
    """The request body grew past the limit while it was read."""


class KeyWatch:
    """Close a websocket once the key it was opened with is revoked: checked before each
    new operation (a ``subscribe`` message) and every ``api_key_recheck_seconds``. The key
    is read from the scope when checked, so a key sent in ``connection_init`` counts too.
    If Redis does not answer, the socket stays open (its operations fail on their own)."""

    def __init__(self, scope: Scope, settings: Settings) -> None:
        self.scope = scope
        self.settings = settings
        self.closed = False

    async def run(self, app: ASGIApp, receive: Receive, send: Send) -> None:
        async def checked_receive() -> Message:
            message = await receive()
            if (
                message["type"] == "websocket.receive"
                and _is_operation(message)
                and not await self.active()
            ):
                await self.close(send)
                return {"type": "websocket.disconnect", "code": REVOKED}
            return message

        async def guarded_send(message: Message) -> None:
            if not self.closed:
                await send(message)

        watcher = asyncio.create_task(self.watch(send))
        try:
            await app(self.scope, checked_receive, guarded_send)
        finally:
            watcher.cancel()
            with suppress(BaseException):
                await watcher

    async def active(self) -> bool:
        principal = principal_of_scope(self.scope)
        return principal is None or await still_holds(self.scope["app"], self.settings, principal)

    async def watch(self, send: Send) -> None:
        while not self.closed:
            principal = principal_of_scope(self.scope)
            interval = (
                self.settings.api_key_recheck_seconds
                if principal is None
                else recheck_seconds(principal, self.settings)
            )
            await asyncio.sleep(interval * random.uniform(0.9, 1.1))
            if not await self.active():
                log.info("closed a websocket whose API key was revoked")
                await self.close(send)
                return

    async def close(self, send: Send) -> None:
        if self.closed:
            return
        self.closed = True
        with suppress(Exception):
            await send({"type": "websocket.close", "code": REVOKED, "reason": "revoked"})


def _is_operation(message: Message) -> bool:
    """Whether a websocket message starts an operation (graphql-transport-ws ``subscribe``,
    graphql-ws ``start``): a cheap look, a false positive only costs a check."""
    text = message.get("text")
    if text is None:
        raw = message.get("bytes")
        text = raw.decode(errors="replace") if isinstance(raw, bytes) else ""
    return '"subscribe"' in text or '"start"' in text


def principal_of_scope(scope: Scope) -> Principal | None:
    found: Principal | None = scope.get(SCOPE_KEY)
    return found


async def send_graphql_limited(send: Send, problem: Problem) -> None:
    """A 429 in GraphQL's shape, for the GraphQL door's own clients."""
    retry_after = int(problem.headers.get("Retry-After", "1"))
    error = {
        "message": problem.detail,
        "extensions": {"code": "RATE_LIMITED", "retryAfter": retry_after},
    }
    body = json.dumps({"data": None, "errors": [error]}, separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in problem.headers.items()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})

"""The application factory: both doors, the pages and the health routes on one Starlette app.

The lifespan sets up the session store: with ``REDIS_URL`` it connects to that Redis (or
Redis Cluster, ``redis+cluster://``); without, it starts a Redis of its own for the life of
the process (``service.store.RedisServer``) and stops it on shutdown. With
``CRS_METRICS_PORT`` it also serves ``/metrics`` on that port, in a thread.

Health, none of which needs a key:

- ``GET /healthz``: liveness, the process answers HTTP.
- ``GET /readyz``: readiness of the API: started, the GraphQL door built (in the
  background: :func:`graphql_door`), and not stopping. It does not depend on Redis, so a
  Redis outage leaves the stateless routes in service (sessions answer 503).
- ``GET /readyz/sessions``: the session store answers a ping (503 with ``Retry-After``
  otherwise): for monitoring, not for a load balancer's readiness.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any
from wsgiref.simple_server import WSGIServer

from prometheus_client import start_http_server
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp

from service.api.auth import Guard, key_store
from service.api.lazy import BuiltInBackground
from service.api.lightfirst import LightFirstMiddleware
from service.api.nosniff import NoSniffMiddleware
from service.api.observability import REGISTRY, Observability, metrics_endpoint, setup_logging
from service.api.pages import routes as page_routes
from service.api.play import routes as play_routes
from service.api.pool import LIGHT_BYTES, close_engine_pool
from service.api.rest import EXCEPTION_HANDLERS
from service.api.rest import routes as rest_routes
from service.api.rest.catalog import routes as catalog_routes
from service.api.rest.openapi import build_openapi
from service.api.rest.sessions import routes as session_routes
from service.api.tracing import TraceContext, instrument
from service.settings import Settings
from service.store import RedisServer, SessionStore, StoreUnavailable, connect
from service.store.apikeys import persistence_problems

log = logging.getLogger("uvicorn.error")

CONNECT_TIMEOUT = 1.0


def make_store(settings: Settings, url: str) -> SessionStore:
    """The session store on the Redis at ``url``, with the settings' TTL and timeouts."""
    client = connect(url, timeout=min(CONNECT_TIMEOUT, settings.store_timeout_seconds))
    return SessionStore(
        client,
        prefix=settings.redis_prefix,
        idle_ttl=settings.session_ttl_seconds,
        timeout=settings.store_timeout_seconds,
        queue_limit=settings.session_queue_limit,
        queue_timeout=settings.session_queue_timeout_seconds,
        max_sessions=settings.tenant_max_sessions,
        max_bytes=settings.tenant_max_bytes,
        max_subscriptions=settings.tenant_max_subscriptions,
        cache_bytes=settings.session_cache_bytes,
    )


async def check_key_store(app: Starlette, settings: Settings) -> None:
    """With API keys on: refuse to start on a Redis that would lose them on a restart
    (unless ``CRS_REQUIRE_PERSISTENCE`` is off), and say so when it holds none yet."""
    keys = key_store(app, settings)
    if settings.require_persistence:
        try:
            async with asyncio.timeout(5 * settings.store_timeout_seconds):
                problems = await persistence_problems(keys.redis)
        except TimeoutError:
            problems = ["Redis did not answer the persistence check"]
        if problems:
            raise RuntimeError(
                "API keys live in Redis, and this Redis would lose them: "
                + "; ".join(problems)
                + " (CRS_REQUIRE_PERSISTENCE=0 skips this check)"
            )
    with suppress(StoreUnavailable, TimeoutError):
        async with asyncio.timeout(settings.store_timeout_seconds):
            if not await keys.has_keyring():
                log.warning(
                    "CRS_AUTH is on and Redis holds no API key yet: an unknown key answers "
                    "503 (not 401) until one is created (python -m service keys create)"
                )


SWITCH_INTERVAL_SECONDS = 0.00025
"""How long a thread holds the GIL before another may take it (Python's default: 5 ms). The
engine's heavy work runs in threads beside the event loop and the light-work thread: a
shorter interval lets a light request through sooner while heavy work runs (ADR 0002: at
1 ms tenant B's median write took 6 times as long during tenant A's heaviest mix, at 0.25 ms
2.3 times)."""


def lifespan(settings: Settings) -> Any:
    @asynccontextmanager
    async def run(app: Starlette) -> AsyncIterator[None]:
        sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
        metrics = start_metrics_server(settings)
        server: RedisServer | None = None
        try:
            url = settings.redis_url
            if url is None:
                server = RedisServer()
                try:
                    url = await asyncio.to_thread(server.start)
                except BaseException:
                    server.close()
                    server = None
                    raise
                log.info("no REDIS_URL: started an embedded Redis for sessions at %s", url)
            store = make_store(settings, url)
            app.state.store = store
            try:
                if settings.auth:
                    await check_key_store(app, settings)
                app.state.started = True
                app.state.graphql.start()
                yield
            finally:
                app.state.started = False
                app.state.store = None
                with suppress(Exception):
                    await asyncio.wait_for(store.aclose(), CONNECT_TIMEOUT)
                with suppress(Exception):
                    await asyncio.wait_for(store.redis.aclose(), CONNECT_TIMEOUT)
        finally:
            close_engine_pool(app.state)
            if server is not None:
                await asyncio.to_thread(server.close)
            if metrics is not None:
                await asyncio.to_thread(stop_metrics_server, metrics)

    return run


def start_metrics_server(settings: Settings) -> WSGIServer | None:
    """``/metrics`` on ``CRS_METRICS_PORT`` (``host``), in a thread, when that is set."""
    if settings.metrics_port is None:
        return None
    try:
        metrics, _ = start_http_server(settings.metrics_port, settings.host, registry=REGISTRY)
    except OSError as error:
        raise SystemExit(
            f"CRS_METRICS_PORT: cannot listen on {settings.host}:{settings.metrics_port}: {error}"
        ) from None
    log.info("metrics on http://%s:%d/metrics", settings.host, settings.metrics_port)
    return metrics


def stop_metrics_server(metrics: WSGIServer) -> None:
    metrics.shutdown()
    metrics.server_close()


def allowed_origins(settings: Settings) -> tuple[str, ...]:
    """``CRS_CORS_ORIGINS`` as browsers send an ``Origin`` (``https://Vtt.example:443/`` is
    ``https://vtt.example``), or SystemExit naming a value that is no origin."""
    if not settings.cors_origins:
        return ()
    from strawberry.http.websocket_origin import normalize_allowed_origins

    try:
        return tuple(sorted(normalize_allowed_origins(settings.cors_origins)))
    except ValueError as error:
        raise SystemExit(f"CRS_CORS_ORIGINS: {error}") from None


def metrics_routes(settings: Settings) -> list[BaseRoute]:
    """``GET /metrics`` on the API's port: only outside production and without a metrics
    port of its own (``CRS_METRICS_PORT``, see :func:`lifespan`)."""
    if settings.production or settings.metrics_port is not None:
        return []
    return [Route("/metrics", metrics_endpoint, methods=["GET"], include_in_schema=False)]


def cors(settings: Settings) -> list[Middleware]:
    """CORS for browser clients on other origins (``CRS_CORS_ORIGINS``), before the key
    check so that preflight requests, which carry no key, are answered. The GraphQL
    websocket checks the same origins itself (:func:`graphql_door`)."""
    if not settings.cors_origins:
        return []
    return [
        Middleware(
            CORSMiddleware,
            allow_origins=list(allowed_origins(settings)),
            allow_methods=["GET", "POST", "PATCH", "DELETE"],
            allow_headers=[
                "authorization",
                "content-type",
                "if-match",
                "idempotency-key",
                "last-event-id",
                "traceparent",
                "tracestate",
                "x-api-key",
                "x-request-id",
            ],
            expose_headers=[
                "etag",
                "location",
                "retry-after",
                "idempotent-replayed",
                "ratelimit",
                "ratelimit-policy",
                "traceparent",
                "x-request-id",
            ],
        )
    ]


class App(Starlette):
    """Starlette with :class:`NoSniffMiddleware` outside even its error handling, so that
    a 500 carries ``nosniff`` too, and OpenTelemetry's middleware outside everything when
    it is configured (:func:`service.api.tracing.instrument`)."""

    def build_middleware_stack(self) -> ASGIApp:
        return instrument(NoSniffMiddleware(super().build_middleware_stack()))


def freeze_start_up() -> None:
    """Move everything alive now (the modules, the models, the schemas, the GraphQL door:
    some 300,000 objects) out of the garbage collector's sight (``gc.freeze``): a full
    collection, which the engine's allocations trigger now and then, would otherwise walk
    them all, a pause of tens of milliseconds that stops the event loop and every request
    with it (issue 24: tenant B's p99 while tenant A verified a 400-creature session)."""
    gc.collect()
    gc.freeze()


def graphql_door(settings: Settings, origins: tuple[str, ...]) -> BuiltInBackground:
    """The GraphQL door (:mod:`service.api.graphql.door`), imported and built in the
    background (:class:`~service.api.lazy.BuiltInBackground`, started by the lifespan): the server
    answers ``/healthz`` and REST before it is built, ``/readyz`` once it is. Once it is
    built, everything made so far is frozen out of the garbage collector's sight
    (:func:`freeze_start_up`), whichever server runs the app."""

    def build() -> ASGIApp:
        from service.api.graphql.door import GraphQLApp

        door = GraphQLApp(settings, origins)
        freeze_start_up()
        return door

    return BuiltInBackground(build)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()
    openapi = build_openapi()

    async def openapi_json(request: Request) -> Response:
        """The contract, its ``servers`` this service as the request reached it (so that
        Swagger's "Try it out" calls this host and port, whatever they are)."""
        here = str(request.base_url).rstrip("/")
        return JSONResponse({**openapi, "servers": [{"url": here, "description": "this service"}]})

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def readyz(request: Request) -> Response:
        if getattr(request.app.state, "started", False) and graphql.ready:
            return JSONResponse({"status": "ready"})
        return JSONResponse(
            {"status": "starting", "detail": "the service has not finished starting"},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    async def readyz_sessions(request: Request) -> Response:
        store: SessionStore | None = getattr(request.app.state, "store", None)
        if store is not None and await store.ping():
            return JSONResponse({"status": "ready"})
        return JSONResponse(
            {"status": "unavailable", "detail": "the session store does not answer"},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    setup_logging()
    graphql = graphql_door(settings, allowed_origins(settings))
    app = App(
        # Starlette tries the routes in order: the few fixed paths first, then the 70-odd
        # action routes (GraphQL came after all of them, 75 regex matches a request).
        routes=[
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
            Route("/readyz/sessions", readyz_sessions, methods=["GET"]),
            *metrics_routes(settings),
            Route("/openapi.json", openapi_json, methods=["GET"], include_in_schema=False),
            *catalog_routes(),
            *page_routes(),
            *play_routes(),
            *rest_routes(settings),
            *session_routes(settings),
        ],
        lifespan=lifespan(settings),
        exception_handlers=EXCEPTION_HANDLERS,
        middleware=[
            Middleware(LightFirstMiddleware, limit=LIGHT_BYTES),
            Middleware(TraceContext),
            Middleware(Observability),
            *cors(settings),
            Middleware(Guard, settings=settings),
        ],
    )
    app.state.settings = settings
    app.state.graphql = graphql
    app.state.store = None
    app.state.started = False
    return app

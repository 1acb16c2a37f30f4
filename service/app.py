"""The application factory: both doors and the health routes on one Starlette app.

The lifespan sets up the session store: with ``REDIS_URL`` it connects to that Redis (or
Redis Cluster, ``redis+cluster://``); without, it starts a Redis of its own for the life of
the process (``service.store.RedisServer``) and stops it on shutdown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute

from service.api.auth import Guard
from service.api.graphql.playground import playground_html
from service.api.graphql.schema import build_schema
from service.api.graphql.view import GraphQLView
from service.api.observability import Observability, metrics_endpoint, setup_logging
from service.api.pool import close_engine_pool
from service.api.rest import EXCEPTION_HANDLERS
from service.api.rest import routes as rest_routes
from service.api.rest.openapi import build_openapi
from service.api.rest.sessions import routes as session_routes
from service.settings import Settings
from service.store import RedisServer, SessionStore, connect

log = logging.getLogger("uvicorn.error")

CONNECT_TIMEOUT = 1.0


class GraphQLApp(GraphQLView):
    def __init__(self, settings: Settings) -> None:
        super().__init__(
            build_schema(settings),
            settings,
            graphql_ide="graphiql" if settings.graphql_playground else None,
        )
        self._html = playground_html()

    async def render_graphql_ide(self, request: Request) -> Response:
        return HTMLResponse(self._html)


def make_store(settings: Settings, url: str) -> SessionStore:
    """The session store on the Redis at ``url``, with the settings' TTL and timeouts."""
    client = connect(url, timeout=min(CONNECT_TIMEOUT, settings.store_timeout_seconds))
    return SessionStore(
        client,
        prefix=settings.redis_prefix,
        idle_ttl=settings.session_ttl_seconds,
        timeout=settings.store_timeout_seconds,
    )


def lifespan(settings: Settings) -> Any:
    @asynccontextmanager
    async def run(app: Starlette) -> AsyncIterator[None]:
        server: RedisServer | None = None
        url = settings.redis_url
        if url is None:
            server = RedisServer()
            try:
                url = await asyncio.to_thread(server.start)
            except BaseException:
                server.close()
                raise
            log.info("no REDIS_URL: started an embedded Redis for sessions at %s", url)
        store = make_store(settings, url)
        app.state.store = store
        try:
            yield
        finally:
            close_engine_pool(app.state)
            app.state.store = None
            with suppress(Exception):
                await asyncio.wait_for(store.redis.aclose(), CONNECT_TIMEOUT)
            if server is not None:
                await asyncio.to_thread(server.close)

    return run


def cors(settings: Settings) -> list[Middleware]:
    """CORS for browser clients on other origins (``CRS_CORS_ORIGINS``), before the key
    check so that preflight requests, which carry no key, are answered."""
    if not settings.cors_origins:
        return []
    return [
        Middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=[
                "authorization",
                "content-type",
                "if-match",
                "idempotency-key",
                "x-api-key",
                "x-request-id",
            ],
            expose_headers=[
                "etag",
                "location",
                "retry-after",
                "idempotent-replayed",
                "x-request-id",
            ],
        )
    ]


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()
    openapi = build_openapi()

    async def openapi_json(request: Request) -> Response:
        return JSONResponse(openapi)

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def readyz(request: Request) -> Response:
        store: SessionStore | None = getattr(request.app.state, "store", None)
        if store is not None and await store.ping():
            return JSONResponse({"status": "ready"})
        return JSONResponse(
            {"status": "unavailable", "detail": "the session store does not answer"},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    setup_logging()
    graphql = GraphQLApp(settings)
    app = Starlette(
        # Starlette tries the routes in order: the few fixed paths first, then the 70-odd
        # action routes (GraphQL came after all of them, 75 regex matches a request).
        routes=[
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
            Route("/metrics", metrics_endpoint, methods=["GET"], include_in_schema=False),
            Route("/openapi.json", openapi_json, methods=["GET"], include_in_schema=False),
            *rest_routes(settings),
            *session_routes(settings),
        ],
        lifespan=lifespan(settings),
        exception_handlers=EXCEPTION_HANDLERS,
        middleware=[
            Middleware(Observability),
            *cors(settings),
            Middleware(Guard, settings=settings),
        ],
    )
    app.state.settings = settings
    app.state.store = None
    return app

"""An ASGI app built on its first request instead of at start-up.

The GraphQL door is a third of a cold start's CPU (strawberry, and a schema derived from
every wire type); a service that serves only REST, or has not been asked GraphQL yet,
answers ``/healthz`` without it. The build runs in a thread, so the event loop serves
other requests meanwhile; every request that comes before it is done waits for the same
build. A build that fails fails the requests that waited for it, and the next request
tries again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send


class OnFirstUse:
    def __init__(self, build: Callable[[], ASGIApp]) -> None:
        self._build = build
        self._app: ASGIApp | None = None
        self._building: asyncio.Task[ASGIApp] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = self._app
        if app is None:
            if self._building is None:
                self._building = asyncio.ensure_future(asyncio.to_thread(self._build))
            building = self._building
            try:
                app = self._app = await asyncio.shield(building)
            except Exception:
                if self._building is building and building.done():
                    self._building = None
                raise
        await app(scope, receive, send)

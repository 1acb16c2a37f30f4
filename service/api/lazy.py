"""An ASGI app built in the background instead of before the server answers.

The GraphQL door is a third of a cold start's CPU (strawberry, and a schema derived from
every wire type); the service answers ``/healthz`` and REST without waiting for it. The
build starts when :meth:`BuiltInBackground.start` is called (the lifespan does, once the
server is up; ``/readyz`` waits for :attr:`BuiltInBackground.ready`) or at the first
request, whichever comes first. It runs in a thread, so the event loop serves other
requests meanwhile; every request that comes before it is done waits for the same build. A
build that fails fails the requests that waited for it, and the next request (or start)
tries again.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future

from starlette.types import ASGIApp, Receive, Scope, Send


class BuiltInBackground:
    def __init__(self, build: Callable[[], ASGIApp]) -> None:
        self._build = build
        self._app: ASGIApp | None = None
        self._building: Future[ASGIApp] | None = None
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = self._app
        if app is None:
            building = self._start()
            try:
                app = self._app = await asyncio.shield(asyncio.wrap_future(building))
            except Exception:
                with self._lock:
                    if self._building is building:
                        self._building = None
                raise
        await app(scope, receive, send)

    def start(self) -> None:
        """Start the build now (in the background), if it is not under way or done."""
        if self._app is None:
            self._start()

    @property
    def ready(self) -> bool:
        """Whether the app is built (a request would not wait)."""
        building = self._building
        return self._app is not None or (
            building is not None and building.done() and building.exception() is None
        )

    def _start(self) -> Future[ASGIApp]:
        """The build under way, started in a thread of its own if none is: a future of no
        event loop's, so that a request on any loop may wait for it."""
        with self._lock:
            if self._building is None:
                building: Future[ASGIApp] = Future()
                self._building = building
                building.set_running_or_notify_cancel()  # a waiter that leaves cancels nothing
                threading.Thread(
                    target=self._run, args=(building,), name="build-in-background", daemon=True
                ).start()
            return self._building

    def _run(self, building: Future[ASGIApp]) -> None:
        try:
            building.set_result(self._build())
        except BaseException as error:
            building.set_exception(error)

"""Light requests first: heavy engine work gives way to the light requests in flight (issue 24).

The event loop and the engine's threads share one GIL, and Python gives it to no thread
before another: a light request (tenant B's 2-creature attack, about a millisecond of work
on the loop) competes for it with every heavy job running in a thread (tenant A's odds at
the work budget, a replay of a long session), so it waits a share of their work. Here the
heavy jobs step aside instead:

- :class:`LightFirstMiddleware` counts an HTTP request as light from its start while its
  declared body is at most :data:`~service.api.pool.LIGHT_BYTES` (a read, a small action), and
  not a stream (it stays open: the session stream, an answer asked for as
  ``text/event-stream`` or ``multipart/mixed``); :func:`demote` ends that as soon as the
  request hands the engine heavy work (its document turned out large: a session of 400
  creatures);
- a heavy job's ``stop`` (:class:`GivingWay`), which the engine checks at every draw, waits
  while a light request is in flight, at most :data:`GIVE_WAY_SECONDS` at a time and after
  at least :data:`RUN_SECONDS` of its own work, so heavy work keeps at least a third of the
  time however many light requests come (and its deadline counts as before).

Light requests are every tenant's, the heavy work's own tenant's too: the rule is light
before heavy, not one tenant before another (the pool's lanes do that).
"""

from __future__ import annotations

import contextvars
import threading
import time

from starlette.types import ASGIApp, Receive, Scope, Send

GIVE_WAY_SECONDS = 0.002
"""The longest a heavy job waits at once for the light requests in flight."""
RUN_SECONDS = 0.001
"""The least a heavy job works between two waits."""


class LightRequests:
    """How many light requests are in flight (in this process), and a way to wait until
    there is none."""

    def __init__(self) -> None:
        self._count = 0
        self._none = threading.Condition()

    @property
    def in_flight(self) -> int:
        return self._count

    def enter(self) -> None:
        with self._none:
            self._count += 1

    def leave(self) -> None:
        with self._none:
            self._count -= 1
            if not self._count:
                self._none.notify_all()

    def give_way(self) -> None:
        """Wait (at most :data:`GIVE_WAY_SECONDS`) until no light request is in flight."""
        if self._count:
            with self._none:
                self._none.wait_for(lambda: not self._count, GIVE_WAY_SECONDS)


LIGHT = LightRequests()
"""This process's light requests."""


class _Mark:
    """One light request's place in :data:`LIGHT`, left once."""

    __slots__ = ("inside",)

    def __init__(self) -> None:
        self.inside = True
        LIGHT.enter()

    def leave(self) -> None:
        if self.inside:
            self.inside = False
            LIGHT.leave()


_mark: contextvars.ContextVar[_Mark | None] = contextvars.ContextVar("light_mark", default=None)


def demote() -> None:
    """The current request hands the engine heavy work: it is light no more."""
    mark = _mark.get()
    if mark is not None:
        mark.leave()


class GivingWay(threading.Event):
    """A heavy job's ``stop``: each check of it (the engine's draws) first gives way to
    the light requests in flight, after :data:`RUN_SECONDS` of work since the last wait."""

    def __init__(self) -> None:
        super().__init__()
        self._next = 0.0

    def is_set(self) -> bool:
        if LIGHT.in_flight:
            now = time.monotonic()
            if now >= self._next:
                LIGHT.give_way()
                self._next = time.monotonic() + RUN_SECONDS
        return super().is_set()


STREAM_SUFFIX = "/stream"
STREAMED = (b"text/event-stream", b"multipart/mixed")
"""Answers that stay open (the session stream, a GraphQL subscription over HTTP): never light."""


def _is_light(scope: Scope, limit: int) -> bool:
    if scope["path"].endswith(STREAM_SUFFIX):
        return False
    light = True
    for name, value in scope["headers"]:
        if name == b"content-length":
            light = light and value.isdigit() and int(value) <= limit
        elif name == b"transfer-encoding" or (
            name == b"accept" and any(kind in value.lower() for kind in STREAMED)
        ):
            return False
    return light


class LightFirstMiddleware:
    """Counts each light HTTP request in :data:`LIGHT` while it is served (single-concern
    ASGI middleware)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_light(scope, self.limit):
            await self.app(scope, receive, send)
            return
        mark = _Mark()
        token = _mark.set(mark)
        try:
            await self.app(scope, receive, send)
        finally:
            mark.leave()
            _mark.reset(token)

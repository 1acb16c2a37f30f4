"""``GET /v1/sessions/{id}/stream``: a session's new versions as Server-Sent Events.

Each new version is one event::

    id: 7
    event: version
    data: {"session":{"id":"…","version":7},"encounter":{…},"events":[{"index","version","data"}]}

what the GraphQL subscription ``sessionUpdated`` yields, whichever process wrote it. A
seat's new proposal (docs/seats.md), which makes no version, is a notice without an id::

    event: proposal
    data: {"session":{"id":"…","version":7},"proposal":{"id":"…","seatId":"…"}}

and so is the DM's rejection of one (``event: rejected``, the same data); both are
sent to the DM's streams (the tenant's key) and to the stream of the seat that proposed it;
the proposal itself is read from ``GET …/proposals``. A notice is not resumed: a client
that reconnects lists the proposals again. The session's deletion (or expiry) sends
``event: deleted`` and ends the stream. A
``Last-Event-ID`` header (what ``EventSource`` sends when it reconnects), or ``?after=<v>``,
resumes: every version after ``v`` comes first from the session's log (with its events;
its ``encounter`` where the session still keeps that state, the current version's and
those of its undo history, else null), then the live ones, each version once. With nothing
to send, a ``: ping`` comment every ``CRS_SSE_HEARTBEAT_SECONDS``.

The stream has the subscription's checks and limits: the tenant's session only (another's
is 404), one of the tenant's ``CRS_TENANT_MAX_SUBSCRIPTIONS`` in this process (507 past
it), on the store's one pub/sub connection; a client that falls 64 updates behind, or a
lost connection to Redis, ends it with ``event: error`` (``store-unavailable``: reconnect,
``Last-Event-ID`` resumes); a revoked API key ends it with ``event: error``
(``unauthorized``) within ``CRS_API_KEY_RECHECK_SECONDS``. A client that stops reading loses
the stream after :data:`SEND_TIMEOUT`; a server shutting down ends its streams (:data:`STOP`).
"""

from __future__ import annotations

import asyncio
import re
import time
from contextlib import AsyncExitStack, suppress
from typing import Any

from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from service.api import sessions
from service.api.auth import Principal, principal_of, recheck_seconds, rechecked, still_holds
from service.api.core import invalid
from service.api.rest import handles_problems
from service.settings import Settings
from service.store import (
    Event,
    Follower,
    Gone,
    Missed,
    Proposed,
    SessionUpdate,
    StoreUnavailable,
)

EVENT_STREAM = "text/event-stream"
STOP = "crs.stream.stop"
"""Where an open stream puts the function that ends it, in its request's scope: the server
calls it when it shuts down (:meth:`service.server.HttpProtocol.shutdown`), so that open
streams end (their clients reconnect elsewhere, ``Last-Event-ID`` resuming) instead of
holding the shutdown until they leave."""
SEND_TIMEOUT = 30.0
"""A client that takes longer than this to take one event (it stopped reading) loses the
stream: it would otherwise hold its subscription and miss updates unnoticed."""
_VERSION = re.compile(r"[0-9]{1,18}")


def resume_after(request: Request) -> int | None:
    """The version a stream resumes after: ``Last-Event-ID``, else ``?after=``, else None."""
    for where, raw in (
        ("Last-Event-ID", request.headers.get("last-event-id")),
        ("after", request.query_params.get("after")),
    ):
        if raw is None:
            continue
        if not _VERSION.fullmatch(raw.strip()):
            raise invalid(f"must be a version (an integer from 0), not {raw[:40]!r}", (where,))
        return int(raw.strip())
    return None


def _events(events: list[Event]) -> bytes:
    return to_json([{"index": e.index, "version": e.version, "data": e.data} for e in events])


def version_event(session_id: str, version: int, encounter: bytes, events: bytes) -> bytes:
    """One SSE event of a version (``encounter`` and ``events`` as JSON)."""
    ref = to_json({"id": session_id, "version": version})
    data = b'{"session":' + ref + b',"encounter":' + encounter + b',"events":' + events + b"}"
    return b"id: %d\nevent: version\ndata: %s\n\n" % (version, data)


def _named(name: str, data: dict[str, Any]) -> bytes:
    return b"event: %s\ndata: %s\n\n" % (name.encode(), to_json(data))


def proposal_event(item: Proposed) -> bytes:
    """The notice of a new proposal (``event: proposal``) or of its rejection (``event:
    rejected``): no ``id`` (it is no version, and resumes nothing)."""
    return _named(
        "rejected" if item.rejected else "proposal",
        {
            "session": {"id": item.session_id, "version": item.version},
            "proposal": {"id": item.proposal_id, "seatId": item.seat_id},
        },
    )


def encode(item: SessionUpdate | Missed) -> bytes:
    if isinstance(item, Missed):
        document = b"null" if item.document is None else item.document
        return version_event(item.session_id, item.version, document, _events(item.events))
    session = item.session
    return version_event(session.id, session.version, session.json, _events(item.events))


class EventStream(Response):
    """The stream of one follower; the follower is left (and its subscription counted out)
    when the stream ends, whichever way."""

    media_type = EVENT_STREAM

    def __init__(
        self,
        follower: Follower,
        stack: AsyncExitStack,
        settings: Settings,
        principal: Principal | None,
    ) -> None:
        self.status_code = 200
        self.background = None
        self.raw_headers = [
            (b"content-type", b"text/event-stream; charset=utf-8"),
            (b"cache-control", b"no-store"),
            (b"x-accel-buffering", b"no"),
        ]
        self.follower = follower
        self.stack = stack
        self.settings = settings
        self.principal = principal if rechecked(principal, settings) else None
        self.seat = None if principal is None else principal.seat

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async with self.stack:
            disconnected = asyncio.Event()
            scope[STOP] = disconnected.set

            async def watch() -> None:
                while (await receive())["type"] != "http.disconnect":
                    pass
                disconnected.set()

            watcher = asyncio.create_task(watch())
            try:
                await send(
                    {"type": "http.response.start", "status": 200, "headers": self.raw_headers}
                )
                try:
                    await self._run(scope, send, disconnected)
                except TimeoutError:
                    return  # the client stopped reading: the server closes the connection
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            finally:
                scope.pop(STOP, None)
                watcher.cancel()
                with suppress(BaseException):
                    await watcher

    async def _run(self, scope: Scope, send: Send, disconnected: asyncio.Event) -> None:
        async def emit(chunk: bytes) -> None:
            async with asyncio.timeout(SEND_TIMEOUT):
                await send({"type": "http.response.body", "body": chunk, "more_body": True})

        heartbeat = self.settings.sse_heartbeat_seconds
        recheck = (
            self.settings.api_key_recheck_seconds
            if self.principal is None
            else recheck_seconds(self.principal, self.settings)
        )
        now = time.monotonic()
        ping_at, check_at = now + heartbeat, now + recheck
        await emit(b": following\n\n")
        while not disconnected.is_set():
            now = time.monotonic()
            if self.principal is not None and now >= check_at:
                check_at = now + recheck
                if not await still_holds(scope["app"], self.settings, self.principal):
                    seated = self.principal.seat is not None
                    detail = "the seat was revoked" if seated else "the API key was revoked"
                    await emit(_named("error", {"code": "unauthorized", "message": detail}))
                    return
            if now >= ping_at:
                ping_at = now + heartbeat
                await emit(b": ping\n\n")
            wait = min(ping_at, check_at if self.principal is not None else ping_at) - now
            nexting = asyncio.ensure_future(self.follower.next(max(wait, 0.0)))
            leaving = asyncio.ensure_future(disconnected.wait())
            try:
                await asyncio.wait({nexting, leaving}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                leaving.cancel()
            if not nexting.done():
                nexting.cancel()
                with suppress(BaseException):
                    await nexting
                return
            try:
                item = nexting.result()
            except StoreUnavailable as error:
                await emit(_named("error", {"code": "store-unavailable", "message": str(error)}))
                return
            if item is None:
                continue
            if isinstance(item, Gone):
                await emit(_named("deleted", {"session": {"id": item.session_id}}))
                return
            if isinstance(item, Proposed):
                if sessions.is_told(self.seat, item):
                    await emit(proposal_event(item))
                continue
            await emit(encode(item))
            ping_at = time.monotonic() + heartbeat


def stream_endpoint(settings: Settings) -> Any:
    @handles_problems
    async def stream_session(request: Request) -> Response:
        after = resume_after(request)
        store = sessions.store_of(request)
        session_id = request.path_params["id"]
        access = sessions.access_of(request, session_id)
        stack = AsyncExitStack()
        with sessions.store_errors():
            follower = await stack.enter_async_context(
                store.follow(access.tenant, session_id, after=after)
            )
        return EventStream(follower, stack, settings, principal_of(request))

    return stream_session

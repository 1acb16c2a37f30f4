"""The HTTP/1.1 protocol the service runs under uvicorn: its httptools protocol, bounded.

uvicorn bounds neither the request line and headers under httptools (a 100 MB header is
read in full, before anything can refuse it) nor the time a client takes to send them or
the body (a connection that trickles a byte now and then stays open for good: slowloris).
:class:`HttpProtocol` adds the three limits, before any of the application runs:

- the request line and headers together hold at most ``max_header_bytes`` (else ``431``);
- they arrive within ``header_timeout`` seconds of the connection opening, or of the
  first byte of the next request on a kept-alive connection (else ``408``; a connection
  that sent nothing at all is closed without a reply);
- the body arrives in full within ``body_timeout`` seconds of the headers (else ``408``).

On shutdown, an open event stream (``GET /v1/sessions/{id}/stream``) is ended, so that it
does not hold the graceful shutdown until its client leaves.

Each refusal is a problem document (``application/problem+json``, codes
``headers-too-large`` and ``request-timeout``) sent with ``Connection: close``, and the
connection is closed. Idle kept-alive connections keep uvicorn's own timeout
(``timeout_keep_alive``), websockets uvicorn's ping and message size limits.

``python -m service`` runs it with the settings' values (:func:`protocol_for`); to run
uvicorn by hand, pass ``--http service.server:HttpProtocol`` for the default values.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.api.core import PROBLEM_JSON, problem_document, problem_json
from service.api.rest.stream import STOP
from service.settings import Settings

__all__ = ["HttpProtocol", "protocol_for"]

log = logging.getLogger("uvicorn.error")

_SLICE = 4096
"""The head is fed to the parser this many bytes at a time (and never past the limit), so
that it is cut off at the limit however much a single read brought."""

_PHRASES = {408: "Request Timeout", 431: "Request Header Fields Too Large"}
_DEFAULTS = Settings()


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a bounded request head and read deadlines."""

    max_header_bytes: int = _DEFAULTS.max_header_bytes
    header_timeout: float = _DEFAULTS.header_timeout_seconds
    body_timeout: float = _DEFAULTS.body_timeout_seconds

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._in_head = True
        self._head_bytes = 0
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def shutdown(self) -> None:
        """The server shuts down: an open event stream is ended (uvicorn would wait for its
        client to leave), other requests finish as they would."""
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            stop = cycle.scope.get(STOP)
            if callable(stop):
                stop()
        super().shutdown()

    def data_received(self, data: bytes) -> None:
        if not self._in_head:
            super().data_received(data)
            return
        if self._deadline is None:
            self._arm(self.header_timeout)
        position = 0
        while position < len(data):
            if not self._in_head:
                super().data_received(data[position:])
                return
            room = self.max_header_bytes - self._head_bytes
            chunk = data[position : position + min(_SLICE, room)]
            position += len(chunk)
            self._head_bytes += len(chunk)
            super().data_received(chunk)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            if self._in_head and self._head_bytes >= self.max_header_bytes:
                self._refuse(
                    431,
                    "headers-too-large",
                    f"the request line and headers are larger than {self.max_header_bytes} bytes",
                )
                return

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._head_bytes = 0
        self._disarm()
        super().on_headers_complete()
        if not (self.parser.should_upgrade() and self._should_upgrade()):
            self._arm(self.body_timeout)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        self._in_head = True

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        cycle = self.cycle
        if self._in_head:
            if cycle is not None and not cycle.response_complete:
                # The previous request is still being answered: its reply comes first.
                self._arm(self.header_timeout)
                return
            if not self._head_bytes:
                # Nothing of a request came (a client's spare connection): close quietly,
                # as for an idle kept-alive one, so no client reads a reply it never asked for.
                self.transport.close()
                return
            self._refuse(
                408,
                "request-timeout",
                f"the request line and headers did not arrive within {self.header_timeout:g} s",
            )
        elif cycle is not None and cycle.response_started:
            self.transport.close()
        else:
            self._refuse(
                408,
                "request-timeout",
                f"the request body did not arrive within {self.body_timeout:g} s",
            )

    def _refuse(self, status: int, code: str, detail: str) -> None:
        """Answer a problem document, close the connection and log it once."""
        title = _PHRASES[status]
        body = problem_json(problem_document(status, code, title, detail))
        head = (
            f"HTTP/1.1 {status} {title}\r\n"
            f"content-type: {PROBLEM_JSON}\r\n"
            "x-content-type-options: nosniff\r\n"
            f"content-length: {len(body)}\r\n"
            "connection: close\r\n\r\n"
        ).encode()
        client = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
        log.warning("closed the connection of %s: %s (%d %s)", client, detail, status, code)
        self._disarm()
        self.transport.write(head + body)
        self.transport.close()


def protocol_for(settings: Settings) -> type[HttpProtocol]:
    """:class:`HttpProtocol` with the settings' limits."""
    return type(
        "HttpProtocol",
        (HttpProtocol,),
        {
            "max_header_bytes": settings.max_header_bytes,
            "header_timeout": settings.header_timeout_seconds,
            "body_timeout": settings.body_timeout_seconds,
        },
    )

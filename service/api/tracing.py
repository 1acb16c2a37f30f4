"""W3C Trace Context (``traceparent``) as a pure ASGI middleware, and OpenTelemetry when its
optional extra is installed.

- An incoming ``traceparent`` (https://www.w3.org/TR/trace-context/) is continued: the
  request's span is a child of it, in the same trace, with the caller's sampled flag. A
  missing or malformed one starts a new trace (the header is then ignored, as the
  recommendation says).
- The answer carries ``traceparent`` with this request's span, so a client can find its
  request in the service's logs and traces; each log line written during the request
  carries ``trace_id`` and ``span_id`` (:data:`trace_var`, read by
  :class:`service.api.observability.JsonFormatter`).
- With ``pip install -e ".[otel]"`` and an OTLP endpoint configured the standard way
  (``OTEL_EXPORTER_OTLP_ENDPOINT`` or ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``),
  :func:`instrument` wraps the app in OpenTelemetry's ASGI middleware and exports a span
  per request over OTLP; this middleware then reports that span's ids, so logs, answers
  and exported traces agree.

HTTP and websocket requests (a subscription's handshake) are traced; lifespan is not.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["TRACEPARENT", "Trace", "TraceContext", "instrument", "parse_traceparent", "trace_var"]

TRACEPARENT = "traceparent"
_KEY = b"traceparent"
_HEADER = re.compile(r"([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?")
_LOG = logging.getLogger("service.tracing")
_OTLP_ENDPOINTS = ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")


@dataclass(frozen=True, slots=True)
class Trace:
    """The trace a request belongs to and its own span in it (hex, as the header has them)."""

    trace_id: str
    span_id: str
    parent_id: str | None
    """The caller's span, when the request came with a valid ``traceparent``."""
    flags: str = "01"

    @property
    def traceparent(self) -> str:
        """This request's span as a ``traceparent`` header value."""
        return f"00-{self.trace_id}-{self.span_id}-{self.flags}"


trace_var: ContextVar[Trace | None] = ContextVar("trace", default=None)


def parse_traceparent(value: str) -> tuple[str, str, str] | None:
    """(trace id, parent span id, flags) of a valid ``traceparent``, else None: the version
    ``ff``, an all-zero trace or span id, or extra fields on version ``00`` are invalid."""
    match = _HEADER.fullmatch(value.strip())
    if match is None:
        return None
    version, trace_id, parent_id, flags, rest = match.groups()
    if version == "ff" or (version == "00" and rest):
        return None
    if trace_id == "0" * 32 or parent_id == "0" * 16:
        return None
    return trace_id, parent_id, flags


def _random_hex(size: int) -> str:
    return os.urandom(size).hex()


SpanIds = Callable[[], tuple[str, str, str] | None]
"""The current span's (trace id, span id, flags) when a tracer made one, else None."""


def _no_tracer() -> tuple[str, str, str] | None:
    return None


class TraceContext:
    """Pure ASGI middleware: the request's :class:`Trace` in :data:`trace_var` and in
    ``scope["state"]["trace"]``, and ``traceparent`` on the answer."""

    def __init__(self, app: ASGIApp, *, current_span: SpanIds | None = None) -> None:
        self.app = app
        self.current_span = current_span or _otel_span_ids() or _no_tracer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        trace = self._trace_of(scope)
        state = scope.get("state")
        if state is None:
            state = scope["state"] = {}
        state["trace"] = trace
        header = (_KEY, trace.traceparent.encode("ascii"))

        async def send_with_trace(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                message = {**message, "headers": [*message.get("headers", ()), header]}
            await send(message)

        token = trace_var.set(trace)
        try:
            await self.app(scope, receive, send_with_trace)
        finally:
            trace_var.reset(token)

    def _trace_of(self, scope: Scope) -> Trace:
        parent = None
        for key, value in scope["headers"]:
            if key == _KEY:
                parent = parse_traceparent(value.decode("latin-1"))
                break
        current = self.current_span()
        if current is not None:
            trace_id, span_id, flags = current
            return Trace(trace_id, span_id, parent[1] if parent else None, flags)
        if parent is None:
            return Trace(_random_hex(16), _random_hex(8), None)
        trace_id, parent_id, flags = parent
        return Trace(trace_id, _random_hex(8), parent_id, flags)


def _otel_span_ids() -> SpanIds | None:
    """The current OpenTelemetry span's ids, when the extra is installed; else None."""
    try:
        from opentelemetry import trace
    except ImportError:
        return None

    def ids() -> tuple[str, str, str] | None:
        context = trace.get_current_span().get_span_context()
        if not context.is_valid:
            return None
        return (
            format(context.trace_id, "032x"),
            format(context.span_id, "016x"),
            format(int(context.trace_flags), "02x"),
        )

    return ids


def instrument(app: ASGIApp, *, tracer_provider: Any = None) -> ASGIApp:
    """``app`` inside OpenTelemetry's ASGI middleware when the ``otel`` extra is installed and
    an OTLP endpoint is configured, or a ``tracer_provider`` is given; else ``app`` as it is."""
    configured = any(os.environ.get(name) for name in _OTLP_ENDPOINTS)
    if tracer_provider is None and not configured:
        return app
    try:
        from opentelemetry.instrumentation.asgi import OpenTelemetryMiddleware
    except ImportError:
        _LOG.warning("OpenTelemetry is configured but not installed: pip install '.[otel]'")
        return app
    if tracer_provider is None:
        tracer_provider = _otlp_provider()
    wrapped: ASGIApp = OpenTelemetryMiddleware(
        app, tracer_provider=tracer_provider, exclude_spans=["receive", "send"]
    )
    return wrapped


def _otlp_provider() -> Any:
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    name = os.environ.get("OTEL_SERVICE_NAME", "combat-rules-service")
    provider = TracerProvider(resource=Resource.create({"service.name": name}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    return provider

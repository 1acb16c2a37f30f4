"""Metrics, request ids and one JSON log line per request, as a pure ASGI middleware.

- ``GET /metrics``: Prometheus text format (:func:`metrics_endpoint`), from a registry of
  our own (:data:`REGISTRY`) with the process and platform collectors.
- ``X-Request-ID``: a well-formed incoming id is kept, else one is generated; it is sent
  back on the response, put in ``scope["state"]["request_id"]`` (``request.state``) and in
  :data:`request_id_var`, so every log line written during the request carries it.
- ``service.access``: one line per HTTP request (``method``, ``route``, ``status``,
  ``duration_ms``, ``request_id``, ``trace_id`` and ``span_id`` (:mod:`service.api.tracing`),
  ``tenant`` when a handler put ``tenant`` in
  ``request.state``, ``operation`` when the GraphQL view put ``graphql_operation`` there),
  formatted by :class:`JsonFormatter` (:func:`setup_logging`).
- Rule outcomes: the doors call :func:`record_outcome` for each action applied and
  :func:`record_problem` for each problem answered; the middleware never reads bodies.

Websocket and lifespan traffic passes through untouched (``/graphql`` subscriptions).
"""

from __future__ import annotations

import logging
import os
import re
import sys
import time
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.api.tracing import trace_var

__all__ = [
    "ACCESS_LOG",
    "REGISTRY",
    "REQUEST_ID_HEADER",
    "JsonFormatter",
    "Observability",
    "metrics_endpoint",
    "operation_var",
    "record_outcome",
    "record_problem",
    "request_id_var",
    "setup_logging",
]

REQUEST_ID_HEADER = "X-Request-ID"
_REQUEST_ID_KEY = b"x-request-id"
_WELL_FORMED_ID = re.compile(rb"[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}")
"""What an incoming request id may be: printable, no spaces or quotes, at most 128 bytes."""

UNMATCHED = "unmatched"
"""The route label of a request no route matched (kept to one value: no path explosion)."""

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""Method labels; any other method is counted as ``other``."""

QUIET_ROUTES = frozenset({"/healthz", "/readyz", "/readyz/sessions", "/metrics"})
"""Probes and scrapes: counted, but not logged (they would drown the access log)."""

ACCESS_LOG = logging.getLogger("service.access")

request_id_var: ContextVar[str | None] = ContextVar("request_id", default=None)
"""The id of the request being handled, for any log line written while handling it."""

operation_var: ContextVar[str | None] = ContextVar("graphql_operation", default=None)
"""The name of the GraphQL operation being run (set by the GraphQL view), for the log lines
written meanwhile (strawberry's error lines among them)."""

# -- metrics -------------------------------------------------------------------------------

REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)

METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The Prometheus text format every Prometheus version reads (what ``generate_latest`` writes)."""

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

HTTP_REQUESTS = Counter(
    "crs_http_requests",
    "HTTP requests answered, by method, route template and status.",
    ["method", "route", "status"],
    registry=REGISTRY,
)
HTTP_DURATION = Histogram(
    "crs_http_request_duration_seconds",
    "Time from the request to the end of the response, by method and route template.",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
HTTP_ERRORS = Counter(
    "crs_http_errors",
    "Server errors: responses with a 5xx status, and exceptions no handler caught "
    "(status 500), by method and route template.",
    ["method", "route", "status"],
    registry=REGISTRY,
)
ACTIONS_APPLIED = Counter(
    "crs_actions_applied",
    "Actions and queries the engine applied (through either door, either mode), by "
    "ruleset and action.",
    ["ruleset", "action"],
    registry=REGISTRY,
)
ATTACKS = Counter(
    "crs_attacks",
    "Attacks rolled, by ruleset and result (`critical`, `hit` or `miss`: exclusive).",
    ["ruleset", "result"],
    registry=REGISTRY,
)
PROBLEMS = Counter(
    "crs_problems",
    "Problems answered (REST problem+json, GraphQL error results), by code and status.",
    ["code", "status"],
    registry=REGISTRY,
)
RULE_VIOLATIONS = Counter(
    "crs_rule_violations",
    "Actions the rules refused, by the id of the rule (as in RULES.md).",
    ["rule"],
    registry=REGISTRY,
)


def _get(outcome: Any, name: str) -> Any:
    if isinstance(outcome, Mapping):
        return outcome.get(name)
    return getattr(outcome, name, None)


def record_outcome(spec_name: str, ruleset: str, outcome: Any) -> None:
    """Count an action the engine applied; and, when its outcome is an attack's, the attack.

    ``outcome`` is the engine's outcome dataclass or its JSON form (a session's response);
    an attack is an outcome with boolean ``hit`` and ``critical`` (odds, which hold
    probabilities, are not attacks), or an outcome that holds one as ``attack``.
    """
    ACTIONS_APPLIED.labels(ruleset, spec_name).inc()
    attack = _get(outcome, "attack")
    for candidate in (outcome, attack):
        if candidate is None:
            continue
        hit, critical = _get(candidate, "hit"), _get(candidate, "critical")
        if isinstance(hit, bool) and isinstance(critical, bool):
            result = "critical" if critical else "hit" if hit else "miss"
            ATTACKS.labels(ruleset, result).inc()
            return


def record_problem(problem: Any) -> None:
    """Count a problem answered to a client (a :class:`service.api.core.Problem`)."""
    PROBLEMS.labels(problem.code, str(problem.status)).inc()
    rule = getattr(problem, "rule", None)
    if rule is not None:
        RULE_VIOLATIONS.labels(rule).inc()


async def metrics_endpoint(request: Request) -> Response:
    """``GET /metrics``: every metric in the Prometheus text format."""
    return Response(generate_latest(REGISTRY), media_type=METRICS_CONTENT_TYPE)


# -- logs ----------------------------------------------------------------------------------

_RESERVED = frozenset(logging.makeLogRecord({}).__dict__) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's message with terminal colours, beside the plain one
}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``ts``, ``level``, ``logger``, ``msg``, then the record's
    ``fields`` (a dict; else its extra attributes, ``extra={...}``), the current
    ``request_id`` and, within a traced request, ``trace_id`` and ``span_id``."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        fields = record.__dict__.get("fields")
        if isinstance(fields, dict):
            out.update(fields)
        else:
            for key, value in record.__dict__.items():
                if key not in _RESERVED and not key.startswith("_"):
                    out[key] = value
        if "request_id" not in out and (rid := request_id_var.get()) is not None:
            out["request_id"] = rid
        if "operation" not in out and (operation := operation_var.get()) is not None:
            out["operation"] = operation
        if "trace_id" not in out and (trace := trace_var.get()) is not None:
            out["trace_id"] = trace.trace_id
            out["span_id"] = trace.span_id
        if record.exc_info:
            out["exc_info"] = self.formatException(record.exc_info)
        return _line(out)


def _line(out: dict[str, Any]) -> str:
    """A log line's JSON (pydantic-core: a third of ``json.dumps``'s time); what JSON has no
    form for is written as its ``str``."""
    return to_json(out, fallback=str).decode()


def _access(level: int, fields: dict[str, Any]) -> None:
    """Write an access-log line. When the logger has only its own JSON handler (no filter,
    no other handler: what :func:`setup_logging` sets up), the line is formatted and
    written here, as :class:`JsonFormatter` would write it, without building a
    ``LogRecord`` and walking the logging machinery (half the middleware's cost);
    otherwise through ``logging`` as usual."""
    handlers = ACCESS_LOG.handlers
    handler = handlers[0] if len(handlers) == 1 else None
    if (
        isinstance(handler, logging.StreamHandler)
        and getattr(handler, "_crs_json", False)
        and not ACCESS_LOG.filters
        and not handler.filters
        and level >= handler.level
    ):
        out = {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "level": logging.getLevelName(level).lower(),
            "logger": ACCESS_LOG.name,
            "msg": "request",
            **fields,
        }
        handler.stream.write(_line(out) + "\n")
        return
    # makeRecord and handle, not log(): log() walks the stack to find the caller, which
    # costs more than the rest of the middleware together.
    record = ACCESS_LOG.makeRecord(ACCESS_LOG.name, level, __file__, 0, "request", (), None)
    record.fields = fields
    ACCESS_LOG.handle(record)


def log_config(level: str = "INFO") -> dict[str, Any]:
    """The logging of ``python -m service`` (a :func:`logging.config.dictConfig`, given to
    uvicorn as its ``log_config``): every logger writes JSON lines to stderr through
    :class:`JsonFormatter`, uvicorn's own (start-up, shutdown, websocket handshakes) and
    strawberry's (a GraphQL error's text, however many lines, is one string of one line)
    included. The access log keeps its own handler (:func:`setup_logging`)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {
            "json": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["json"], "level": level},
        "loggers": {
            name: {"handlers": [], "level": level, "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
        },
    }


def setup_logging(level: int = logging.INFO) -> None:
    """Send the access log to stderr as JSON lines (once: later calls change nothing).

    The logger does not propagate, so a root handler (uvicorn's, a platform's) does not
    print each line a second time.
    """
    if any(getattr(h, "_crs_json", False) for h in ACCESS_LOG.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler._crs_json = True  # type: ignore[attr-defined]
    ACCESS_LOG.addHandler(handler)
    ACCESS_LOG.setLevel(level)
    ACCESS_LOG.propagate = False


# -- the middleware ------------------------------------------------------------------------


def _new_request_id() -> str:
    return os.urandom(16).hex()


class Observability:
    """Pure ASGI middleware: request id, metrics and the access log for HTTP requests."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        quiet_routes: frozenset[str] = QUIET_ROUTES,
        new_request_id: Callable[[], str] = _new_request_id,
    ) -> None:
        self.app = app
        self.quiet_routes = quiet_routes
        self.new_request_id = new_request_id
        self._requests: dict[tuple[str, str, int], Any] = {}
        self._durations: dict[tuple[str, str], Any] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        rid_bytes = b""
        for key, value in scope["headers"]:
            if key == _REQUEST_ID_KEY:
                if _WELL_FORMED_ID.fullmatch(value):
                    rid_bytes = value
                break
        rid = rid_bytes.decode("ascii") if rid_bytes else self.new_request_id()
        header = (_REQUEST_ID_KEY, rid_bytes or rid.encode("ascii"))
        state = scope.get("state")
        if state is None:
            state = scope["state"] = {}
        state["request_id"] = rid
        token = request_id_var.set(rid)
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", ()), header]}
            await send(message)

        failed = False
        try:
            await self.app(scope, receive, send_with_id)
        except BaseException:
            failed = True
            raise
        finally:
            request_id_var.reset(token)
            self._observe(scope, state, rid, status, failed, time.perf_counter() - start)

    def _observe(
        self,
        scope: Scope,
        state: dict[str, Any],
        rid: str,
        status: int,
        failed: bool,
        elapsed: float,
    ) -> None:
        method: str = scope["method"]
        if method not in METHODS:
            method = "other"
        route = scope.get("route")
        template: str = getattr(route, "path", None) or UNMATCHED
        if failed:
            status = 500
        key = (method, template, status)
        counter = self._requests.get(key)
        if counter is None:
            counter = self._requests[key] = HTTP_REQUESTS.labels(method, template, str(status))
        counter.inc()
        pair = (method, template)
        histogram = self._durations.get(pair)
        if histogram is None:
            histogram = self._durations[pair] = HTTP_DURATION.labels(method, template)
        histogram.observe(elapsed)
        if status >= 500 or failed:
            HTTP_ERRORS.labels(method, template, str(status)).inc()
        if template in self.quiet_routes or not ACCESS_LOG.isEnabledFor(logging.INFO):
            return
        fields = {
            "method": scope["method"],
            "route": template,
            "path": scope["path"],
            "status": status,
            "duration_ms": round(elapsed * 1000, 3),
            "request_id": rid,
        }
        if (tenant := state.get("tenant")) is not None:
            fields["tenant"] = tenant
        if (operation := state.get("graphql_operation")) is not None:
            fields["operation"] = operation
        if (trace := state.get("trace")) is not None:
            fields["trace_id"] = trace.trace_id
            fields["span_id"] = trace.span_id
        _access(logging.ERROR if failed or status >= 500 else logging.INFO, fields)

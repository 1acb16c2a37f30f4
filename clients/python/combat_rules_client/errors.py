"""Contains shared errors types that can be raised from API functions, and the transports that
retry the answers that say to (:func:`retrying`)."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:
    from .models.problem import Problem


class UnexpectedStatus(Exception):
    """Raised by api functions when the response status an undocumented status and Client.raise_on_unexpected_status is True"""

    def __init__(self, status_code: int, content: bytes):
        self.status_code = status_code
        self.content = content

        super().__init__(
            f"Unexpected status code: {status_code}\n\nResponse content:\n{content.decode(errors='ignore')}"
        )


class ProblemError(Exception):
    """The service answered a problem (RFC 9457): raised by every ``sync`` and ``asyncio``.

    Attributes:
        status: the HTTP status (422 invalid input, 409 a rule or a conflict, 404, 412...).
        code: the stable machine-readable code (``invalid-input``, ``rule-violation``,
            ``version-conflict``, ``deadline-exceeded``...).
        title, detail: what went wrong, for people.
        rule: for a rule violation, the id of the rule (see RULES.md); else None.
        current_version: for a version conflict, the session's current version; else None.
        errors: for invalid input, each bad field as ``(path, message)``.
        request_id: the request's ``X-Request-ID``, to quote when reporting a problem.
        retry_after: seconds to wait before retrying (503, 429), when the service said.
        problem: the whole problem document (a :class:`~.models.Problem`).
    """

    def __init__(self, problem: Problem, headers: Mapping[str, str] | None = None) -> None:
        self.problem = problem
        self.status: int = problem.status
        self.code: str = problem.code
        self.title: str = problem.title
        self.detail: str = problem.detail
        self.rule: str | None = _given(problem.rule)
        self.current_version: int | None = _given(problem.current_version)
        self.errors: list[tuple[str, str]] = [(e.path, e.message) for e in (_given(problem.errors) or [])]
        self.request_id: str | None = _given(problem.request_id)
        retry_after = (headers or {}).get("retry-after")
        self.retry_after: int | None = int(retry_after) if retry_after is not None and retry_after.isdigit() else None
        super().__init__(f"{self.status} {self.code}: {self.detail}")


def _given(value: Any) -> Any:
    from .types import Unset

    return None if isinstance(value, Unset) else value


RETRIED_STATUSES = frozenset({429, 503})
"""Answers a request is sent again after: rate limited, the service or its store unavailable."""
RETRIED_CONFLICTS = frozenset({"session-busy", "idempotency-in-progress"})
"""The ``409`` codes that say "retry later" (with ``Retry-After``): the request did nothing."""
MOST_WAIT = 30.0
"""The longest a retry waits, whatever ``Retry-After`` says (seconds)."""


def _wait(response: httpx.Response, attempt: int) -> float | None:
    """How long to wait before sending the request again, or None not to."""
    if response.status_code == 409:
        if not response.headers.get("retry-after"):
            return None
        try:
            code = response.json().get("code")
        except ValueError:
            return None
        if code not in RETRIED_CONFLICTS:
            return None
    elif response.status_code not in RETRIED_STATUSES:
        return None
    given = response.headers.get("retry-after", "")
    seconds = float(given) if given.isdigit() else 0.5 * 2**attempt
    return min(MOST_WAIT, seconds)


def _keyed(request: httpx.Request) -> httpx.Request:
    """A write to a session gets an ``Idempotency-Key`` when it has none, so that sending it
    again never applies it twice (the service answers a retry with the first answer)."""
    if request.method == "POST" and "idempotency-key" not in request.headers:
        request.headers["Idempotency-Key"] = f"sdk-{uuid.uuid4()}"
    return request


def _send(inner: httpx.BaseTransport, request: httpx.Request, retries: int) -> httpx.Response:
    request = _keyed(request)
    attempt = 0
    while True:
        response = inner.handle_request(request)
        wait = _wait(response, attempt) if attempt < retries else None
        if wait is None:
            return response
        response.read()
        response.close()
        time.sleep(wait)
        attempt += 1


async def _send_async(inner: httpx.AsyncBaseTransport, request: httpx.Request, retries: int) -> httpx.Response:
    request = _keyed(request)
    attempt = 0
    while True:
        response = await inner.handle_async_request(request)
        wait = _wait(response, attempt) if attempt < retries else None
        if wait is None:
            return response
        await response.aread()
        await response.aclose()
        await asyncio.sleep(wait)
        attempt += 1


class RetryingTransport(httpx.BaseTransport):
    """An ``httpx`` transport that sends a request again, up to ``retries`` times, when the
    service answers ``429``, ``503`` or a ``409`` ``session-busy`` / ``idempotency-in-progress``,
    after the ``Retry-After`` it sent (at most :data:`MOST_WAIT` seconds; without one, 0.5 s,
    then twice as long each time). Every ``POST`` gets an ``Idempotency-Key`` first (unless it
    has one), so a write whose answer was lost is never applied twice. The last answer is
    the caller's, as it came."""

    def __init__(self, inner: httpx.BaseTransport | None = None, retries: int = 3) -> None:
        self.inner = inner or httpx.HTTPTransport()
        self.retries = retries

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return _send(self.inner, request, self.retries)

    def close(self) -> None:
        self.inner.close()


class AsyncRetryingTransport(httpx.AsyncBaseTransport):
    """:class:`RetryingTransport` for ``httpx.AsyncClient``."""

    def __init__(self, inner: httpx.AsyncBaseTransport | None = None, retries: int = 3) -> None:
        self.inner = inner or httpx.AsyncHTTPTransport()
        self.retries = retries

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await _send_async(self.inner, request, self.retries)

    async def aclose(self) -> None:
        await self.inner.aclose()


def retrying(retries: int = 3) -> dict[str, Any]:
    """The ``httpx_args`` of a client whose requests are retried (see
    :class:`RetryingTransport`): ``Client(base_url, httpx_args=retrying())``, for its sync and
    its async functions alike."""
    return {"transport": _BothTransports(retries)}


class _BothTransports(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """One transport for both httpx clients a ``Client`` may make (each sends through its own
    connection pool)."""

    def __init__(self, retries: int) -> None:
        self.retries = retries
        self.sync_inner = httpx.HTTPTransport()
        self.async_inner = httpx.AsyncHTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return _send(self.sync_inner, request, self.retries)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await _send_async(self.async_inner, request, self.retries)

    def close(self) -> None:
        self.sync_inner.close()

    async def aclose(self) -> None:
        await self.async_inner.aclose()


__all__ = [
    "AsyncRetryingTransport",
    "ProblemError",
    "RetryingTransport",
    "UnexpectedStatus",
    "retrying",
]

"""A session write's JSON answer and the key it was sent with: its ``ETag`` (the version it
made), ``Idempotent-Replayed`` when it is what an earlier request with the same
``Idempotency-Key`` answered."""

from __future__ import annotations

from typing import Any

from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response

from service.api import sessions
from service.api.rest import JSON

__all__ = ["idempotency_key", "json_response"]


def json_response(
    body: Any, *, status: int = 200, version: int | None = None, replayed: bool = False
) -> Response:
    """A JSON answer: ``body`` as JSON-ready data, or bytes already encoded."""
    headers: dict[str, str] = {}
    if version is not None:
        headers["ETag"] = sessions.etag(version)
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    content = body if isinstance(body, bytes) else to_json(body)
    return Response(content, status_code=status, media_type=JSON, headers=headers)


def idempotency_key(request: Request) -> str | None:
    """The request's ``Idempotency-Key`` (None without one)."""
    return request.headers.get("idempotency-key")

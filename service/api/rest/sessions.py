"""The REST door's session routes: create, read, delete, every action, undo and the log.

Writes take ``If-Match`` (the ``ETag`` of the version they were computed on: 412 on any
other) and ``Idempotency-Key`` (a retry answers the stored response, with
``Idempotent-Replayed: true``). Every answer about a session carries its version as a
strong ``ETag``.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import TypeAdapter
from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from service.api import replay, sessions
from service.api.core import FieldError, Kind, Problem, invalid
from service.api.models import (
    MODELS,
    ActionModels,
    CreateSessionRequest,
    EventPage,
    ReplayPage,
    UndoResponse,
    Verification,
    dump,
)
from service.api.pool import engine_pool
from service.api.rest import (
    JSON,
    Endpoint,
    LastSegment,
    check_json,
    handles_problems,
    parse,
    read_body,
)
from service.api.rest.openapi import MAX_OFFSET, session_operation_id
from service.api.rest.stream import stream_endpoint
from service.settings import Settings
from service.store import MAX_PAGE

CREATE = TypeAdapter(CreateSessionRequest)
DEFAULT_PAGE = 50
_STRONG_TAG = re.compile(r'"(\d{1,18})"')
_WEAK_TAG = re.compile(r'W/"(\d{1,18})"')
NO_MATCH = -1
"""The expected version of an ``If-Match`` no version can satisfy."""


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
    return request.headers.get("idempotency-key")


async def expected_version(request: Request, session_id: str) -> int | None:
    """The version ``If-Match`` requires (None without one, or for ``*``).

    Comparison is strong. A malformed tag is refused (400) with what to send instead: an
    unquoted ``2`` or a weak ``W/"2"`` could never match and would only look like a version
    conflict. With several tags, the current version is read and, if listed, required (the
    write is still a compare-and-set on it).
    """
    header = request.headers.get("if-match")
    if header is None or header.strip() == "*":
        return None
    versions = set()
    for tag in header.split(","):
        match = _STRONG_TAG.fullmatch(tag.strip())
        if match is None:
            raise bad_if_match(tag.strip())
        versions.add(int(match.group(1)))
    if len(versions) == 1:
        return versions.pop()
    current = await sessions.get(
        sessions.store_of(request), sessions.tenant_of(request), session_id
    )
    return current.version if current.version in versions else NO_MATCH


def bad_if_match(tag: str) -> Problem:
    """400 for an ``If-Match`` tag that is not a strong ``"<version>"``, saying what to send."""
    weak = _WEAK_TAG.fullmatch(tag)
    if weak is not None:
        hint = f'a weak tag never matches: send the strong `"{weak.group(1)}"`'
    elif tag.isdigit():
        hint = f'an entity tag is quoted: send `"{tag}"`'
    else:
        hint = 'send the `ETag` of the version you computed on, as it came: `"3"`, or `*`'
    return Problem(
        Kind.BAD_REQUEST,
        "invalid-if-match",
        "Invalid If-Match",
        f"If-Match {tag[:40]!r} is not a version's ETag; {hint}",
        [FieldError("If-Match", hint)],
    )


def _query_int(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not re.fullmatch(r"[+-]?\d{1,30}", raw.strip()):
        raise invalid(f"must be an integer, not {raw[:40]!r}", (name,))
    return int(raw)


def create_session_endpoint(settings: Settings) -> Endpoint:
    @handles_problems
    async def create_session(request: Request) -> Response:
        check_json(request)
        body = await read_body(request, settings.max_body_bytes)
        parsed = parse(CREATE, body, CreateSessionRequest)
        key = idempotency_key(request)
        created = await sessions.create(
            sessions.store_of(request),
            sessions.tenant_of(request),
            parsed.encounter,
            pool=engine_pool(request),
            idempotency_key=key,
        )
        session = created.value
        response = json_response(
            sessions.session_json(session),
            status=201,
            version=session.version,
            replayed=created.replayed,
        )
        response.headers["Location"] = request.url_for("getSession", id=session.id).path
        return response

    return create_session


@handles_problems
async def get_session(request: Request) -> Response:
    session = await sessions.get(
        sessions.store_of(request), sessions.tenant_of(request), request.path_params["id"]
    )
    return json_response(sessions.session_json(session), version=session.version)


@handles_problems
async def delete_session(request: Request) -> Response:
    await sessions.delete(
        sessions.store_of(request), sessions.tenant_of(request), request.path_params["id"]
    )
    return Response(status_code=204)


async def session_resource(request: Request) -> Response:
    """``GET`` and ``DELETE`` on one route, so a 405 lists both methods in ``Allow``."""
    if request.method == "DELETE":
        return await delete_session(request)
    return await get_session(request)


def _page(request: Request) -> tuple[int, int]:
    """The ``offset`` and ``limit`` of a page of a session's log."""
    offset = _query_int(request, "offset", 0)
    limit = _query_int(request, "limit", DEFAULT_PAGE)
    if not 0 <= offset <= MAX_OFFSET:
        raise invalid(f"must be from 0 to {MAX_OFFSET}", ("offset",))
    if not 1 <= limit <= MAX_PAGE:
        raise invalid(f"must be from 1 to {MAX_PAGE}", ("limit",))
    return offset, limit


@handles_problems
async def session_events(request: Request) -> Response:
    offset, limit = _page(request)
    page = await sessions.events(
        sessions.store_of(request),
        sessions.tenant_of(request),
        request.path_params["id"],
        offset=offset,
        limit=limit,
    )
    return json_response(dump(page, EventPage))


@handles_problems
async def session_replay(request: Request) -> Response:
    offset, limit = _page(request)
    page = await replay.replay(
        sessions.store_of(request),
        sessions.tenant_of(request),
        request.path_params["id"],
        offset=offset,
        limit=limit,
    )
    return json_response(dump(page, ReplayPage))


@handles_problems
async def verify_session(request: Request) -> Response:
    verified = await replay.verify(
        sessions.store_of(request),
        sessions.tenant_of(request),
        request.path_params["id"],
        pool=engine_pool(request),
    )
    return json_response(dump(verified, Verification))


@handles_problems
async def undo(request: Request) -> Response:
    session_id = request.path_params["id"]
    expected = await expected_version(request, session_id)
    key = idempotency_key(request)
    undone = await sessions.undo(
        sessions.store_of(request),
        sessions.tenant_of(request),
        session_id,
        expected_version=expected,
        idempotency_key=key,
    )
    body = dump(undone.value, UndoResponse)
    return json_response(body, version=undone.value.session.version, replayed=undone.replayed)


def session_action_endpoint(models: ActionModels, settings: Settings) -> Endpoint:
    adapter = models.session_request_adapter

    @handles_problems
    async def endpoint(request: Request) -> Response:
        check_json(request, optional_body=True)
        body = await read_body(request, settings.max_body_bytes)
        parsed = parse(adapter, body if body.strip() else b"{}", models.session_request)
        session_id = request.path_params["id"]
        expected = await expected_version(request, session_id)
        key = None if models.spec.query else idempotency_key(request)
        written = await sessions.run(
            models,
            sessions.store_of(request),
            sessions.tenant_of(request),
            session_id,
            parsed,
            pool=engine_pool(request),
            expected_version=expected,
            idempotency_key=key,
        )
        answer = written.value
        return json_response(
            sessions.answer_body(answer),
            version=answer.session.version,
            replayed=written.replayed,
        )

    return endpoint


def routes(settings: Settings) -> list[BaseRoute]:
    out: list[BaseRoute] = [
        Route(
            "/v1/sessions",
            create_session_endpoint(settings),
            methods=["POST"],
            name="createSession",
        ),
        Route("/v1/sessions/{id}", session_resource, methods=["GET", "DELETE"], name="getSession"),
        Route("/v1/sessions/{id}/events", session_events, methods=["GET"], name="getSessionEvents"),
        Route("/v1/sessions/{id}/undo", undo, methods=["POST"], name="undoSession"),
        Route("/v1/sessions/{id}/replay", session_replay, methods=["GET"], name="getSessionReplay"),
        Route("/v1/sessions/{id}/verify", verify_session, methods=["POST"], name="verifySession"),
        Route(
            "/v1/sessions/{id}/stream",
            stream_endpoint(settings),
            methods=["GET"],
            name="streamSession",
        ),
    ]
    actions = [
        Route(
            f"/v1/sessions/{{id}}/{m.spec.slug}",
            session_action_endpoint(m, settings),
            methods=["POST"],
            name=session_operation_id(m.spec.name),
        )
        for m in MODELS.values()
    ]
    return [*out, LastSegment(actions)]

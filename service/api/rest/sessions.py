"""The REST door's session routes: create, read, delete, every action, undo and the log.

Writes take ``If-Match`` (the ``ETag`` of the version they were computed on: 412 on any
other) and ``Idempotency-Key`` (a retry answers the stored response, with
``Idempotent-Replayed: true``). Every answer about a session carries its version as a
strong ``ETag``.
"""

from __future__ import annotations

import re

from pydantic import TypeAdapter
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from service.api import proposals, replay, sessions
from service.api.core import invalid
from service.api.models import (
    MODELS,
    ActionModels,
    CreateSessionRequest,
    EventPage,
    ForkSessionRequest,
    ReplayPage,
    RevealResponse,
    SessionList,
    UndoResponse,
    UpdateSessionRequest,
    Verification,
    dump,
)
from service.api.pool import engine_pool
from service.api.rest import (
    Endpoint,
    LastSegment,
    check_json,
    handles_problems,
    parse,
    read_body,
)
from service.api.rest.answers import idempotency_key, json_response
from service.api.rest.operations import (
    ETAG_HEADER,
    ID_PARAM,
    IDEMPOTENCY_KEY,
    IF_MATCH,
    MAX_OFFSET,
    PAGE_PARAMS,
    REF,
    REPLAYED_HEADER,
    STREAM_DESCRIPTION,
    STREAM_EXAMPLE,
    STREAM_MESSAGE,
    STREAM_OPERATION,
    SessionRoute,
    json_answer,
    json_with,
    plain,
    problem,
    schema_name,
    session_errors,
    session_operation_id,
    write_headers,
)
from service.api.rest.preconditions import expected_version
from service.api.rest.preferences import answered, prefers_minimal
from service.api.rest.seats import seat_routes
from service.api.rest.stream import stream_endpoint
from service.settings import Settings
from service.store import MAX_PAGE

CREATE = TypeAdapter(CreateSessionRequest)
UPDATE = TypeAdapter(UpdateSessionRequest)
FORK = TypeAdapter(ForkSessionRequest)
DEFAULT_PAGE = 50


def _query_int(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not re.fullmatch(r"[+-]?[0-9]{1,30}", raw.strip()):
        raise invalid(f"must be an integer, not {raw[:40]!r}", (name,))
    return int(raw)


def sessions_endpoint(settings: Settings) -> Endpoint:
    """``GET /v1/sessions`` (the tenant's list) and ``POST`` (a new session), on one route
    so that a 405 lists both in ``Allow``."""

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
            title=parsed.title,
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

    @handles_problems
    async def list_sessions(request: Request) -> Response:
        page = await sessions.list_sessions(
            sessions.store_of(request),
            sessions.tenant_of(request),
            limit=_query_int(request, "limit", DEFAULT_PAGE),
            cursor=request.query_params.get("cursor"),
        )
        return json_response(dump(page, SessionList))

    async def endpoint(request: Request) -> Response:
        if request.method == "POST":
            return await create_session(request)
        return await list_sessions(request)

    return endpoint


def session_endpoint(settings: Settings) -> Endpoint:
    """``GET``, ``PATCH`` (its metadata) and ``DELETE`` on one session, on one route so that
    a 405 lists the three in ``Allow``."""

    @handles_problems
    async def get_session(request: Request) -> Response:
        session_id = request.path_params["id"]
        session = await sessions.get_stored(
            sessions.store_of(request), sessions.access_of(request, session_id).tenant, session_id
        )
        return json_response(sessions.session_bytes(session), version=session.version)

    @handles_problems
    async def update_session(request: Request) -> Response:
        check_json(request)
        body = await read_body(request, settings.max_body_bytes)
        parsed = parse(UPDATE, body, UpdateSessionRequest)
        session_id = request.path_params["id"]
        expected = await expected_version(request, session_id)
        session = await sessions.retitle(
            sessions.store_of(request),
            sessions.tenant_of(request),
            session_id,
            parsed,
            expected_version=expected,
        )
        return json_response(sessions.session_json(session), version=session.version)

    @handles_problems
    async def delete_session(request: Request) -> Response:
        await sessions.delete(
            sessions.store_of(request), sessions.tenant_of(request), request.path_params["id"]
        )
        return Response(status_code=204)

    async def endpoint(request: Request) -> Response:
        if request.method == "DELETE":
            return await delete_session(request)
        if request.method == "PATCH":
            return await update_session(request)
        return await get_session(request)

    return endpoint


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
    session_id = request.path_params["id"]
    page = await sessions.events(
        sessions.store_of(request),
        sessions.access_of(request, session_id).tenant,
        session_id,
        offset=offset,
        limit=limit,
    )
    return json_response(dump(page, EventPage))


@handles_problems
async def session_replay(request: Request) -> Response:
    offset, limit = _page(request)
    session_id = request.path_params["id"]
    page = await replay.replay(
        sessions.store_of(request),
        sessions.access_of(request, session_id).tenant,
        session_id,
        offset=offset,
        limit=limit,
    )
    return json_response(dump(page, ReplayPage))


@handles_problems
async def verify_session(request: Request) -> Response:
    session_id = request.path_params["id"]
    verified = await replay.verify(
        sessions.store_of(request),
        sessions.access_of(request, session_id).tenant,
        session_id,
        pool=engine_pool(request),
    )
    return json_response(dump(verified, Verification))


@handles_problems
async def reveal_session(request: Request) -> Response:
    revealed = await sessions.reveal(
        sessions.store_of(request), sessions.tenant_of(request), request.path_params["id"]
    )
    return json_response(dump(revealed, RevealResponse))


def fork_endpoint(settings: Settings) -> Endpoint:
    @handles_problems
    async def fork_session(request: Request) -> Response:
        check_json(request)
        body = await read_body(request, settings.max_body_bytes)
        parsed = parse(FORK, body, ForkSessionRequest)
        forked = await replay.fork(
            sessions.store_of(request),
            sessions.tenant_of(request),
            request.path_params["id"],
            parsed,
            pool=engine_pool(request),
            idempotency_key=idempotency_key(request),
        )
        session = forked.value
        response = json_response(
            sessions.session_json(session),
            status=201,
            version=session.version,
            replayed=forked.replayed,
        )
        response.headers["Location"] = request.url_for("getSession", id=session.id).path
        return response

    return fork_session


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
        access = sessions.access_of(request, session_id)
        if access.seat is not None and access.seat.approval and not models.spec.query:
            raise proposals.needs_approval(access.seat)
        written = await sessions.run(
            models,
            sessions.store_of(request),
            access.tenant,
            session_id,
            parsed,
            pool=engine_pool(request),
            expected_version=expected,
            idempotency_key=key,
            seat=access.seat,
            minimal=prefers_minimal(request),
        )
        answer = written.value
        response = json_response(
            sessions.answer_body(answer),
            version=answer.session.version,
            replayed=written.replayed,
        )
        return answered(response, minimal=answer.minimal is not None)

    return endpoint


def session_routes() -> list[SessionRoute]:
    """Every session route but the actions', in the OpenAPI document's order (new path items
    at each call: the document's builder completes them)."""
    writes = write_headers()
    return [
        SessionRoute(
            "/v1/sessions",
            sessions_endpoint,
            {
                "get": {
                    "operationId": "listSessions",
                    "summary": "The tenant's live sessions, the last written first.",
                    "description": "A page of summaries (id, title, ruleset, version, round, "
                    "update time). `nextCursor` continues the list; it is null on the last "
                    "page. A write moves its session to the top (a new title does not), so a "
                    "session written while the pages are read may show twice or not at all.",
                    "tags": ["sessions"],
                    "parameters": [
                        {
                            "name": "limit",
                            "in": "query",
                            "required": False,
                            "schema": {
                                "type": "integer",
                                "minimum": 1,
                                "maximum": sessions.MAX_LIST,
                                "default": DEFAULT_PAGE,
                            },
                        },
                        {
                            "name": "cursor",
                            "in": "query",
                            "required": False,
                            "description": "The `nextCursor` of the previous page.",
                            "schema": {"type": "string", "minLength": 1, "maxLength": 200},
                        },
                    ],
                    "responses": {
                        "200": json_answer("SessionList", "The page."),
                        **session_errors("422", "503"),
                    },
                },
                "post": {
                    "operationId": "createSession",
                    "summary": "Store an encounter as a new session, at version 1.",
                    "tags": ["sessions"],
                    "parameters": [IDEMPOTENCY_KEY],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": REF.format(model="CreateSessionRequest")}
                            }
                        },
                    },
                    "responses": {
                        "201": {
                            **json_answer("Session", "The new session."),
                            "headers": {
                                "Location": {
                                    "description": "The session's URL.",
                                    "schema": {"type": "string"},
                                },
                                "ETag": ETAG_HEADER,
                                "Idempotent-Replayed": REPLAYED_HEADER,
                            },
                            "links": {},
                        },
                        **session_errors("409", "413", "415", "422", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}",
            session_endpoint,
            {
                "parameters": [ID_PARAM],
                "get": {
                    "operationId": "getSession",
                    "summary": "A session at its current version.",
                    "tags": ["sessions"],
                    "responses": {
                        "200": json_with("Session", "The session.", {"ETag": ETAG_HEADER}),
                        **session_errors("404", "502", "503"),
                    },
                },
                "patch": {
                    "operationId": "updateSession",
                    "summary": "Change a session's metadata (its title).",
                    "description": "Metadata is no version: the session keeps its version "
                    "(and `ETag`), nothing is logged, streamed or undone. `If-Match` still "
                    "applies: a session at another version keeps its title (412).",
                    "tags": ["sessions"],
                    "parameters": [IF_MATCH],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": REF.format(model="UpdateSessionRequest")}
                            }
                        },
                    },
                    "responses": {
                        "200": json_with("Session", "The session.", {"ETag": ETAG_HEADER}),
                        **session_errors("400", "404", "412", "415", "422", "503"),
                    },
                },
                "delete": {
                    "operationId": "deleteSession",
                    "summary": "Delete a session, its event log and its history.",
                    "tags": ["sessions"],
                    "responses": {
                        "204": {"description": "Deleted."},
                        **session_errors("404", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/events",
            plain(session_events),
            {
                "parameters": [ID_PARAM],
                "get": {
                    "operationId": "getSessionEvents",
                    "summary": "A page of the session's event log, oldest first.",
                    "tags": ["sessions"],
                    "parameters": PAGE_PARAMS,
                    "responses": {
                        "200": json_answer("EventPage", "The page."),
                        **session_errors("404", "422", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/replay",
            plain(session_replay),
            {
                "parameters": [ID_PARAM],
                "get": {
                    "operationId": "getSessionReplay",
                    "summary": "A page of the session's replay log: what made each version.",
                    "description": "One step per version, oldest first: `createSession` with the "
                    "encounter it stored, each action with its parameters and the seed its dice "
                    "came from (the request's, or the one the service drew), each `undo` with the "
                    "version it restored. Re-applying them in order with the engine (or "
                    "`verifySession`) reproduces the session.",
                    "tags": ["sessions"],
                    "parameters": PAGE_PARAMS,
                    "responses": {
                        "200": json_answer("ReplayPage", "The page."),
                        **session_errors("404", "422", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/verify",
            plain(verify_session),
            {
                "parameters": [ID_PARAM],
                "post": {
                    "operationId": "verifySession",
                    "summary": "Re-apply the session's replay log and say whether it reproduces "
                    "the session.",
                    "description": "From the first version, every step is applied again with the "
                    "pure engine and compared with what the session stored: the events of each "
                    "version, the states its undo history keeps and the current state. "
                    "`firstDifference` says where it first differs. Changes nothing. Costs 10 "
                    "rate-limit units. A replay log of more than 1,000 versions is refused "
                    "before it is replayed (422 `limit-exceeded`, `limit: replay-steps`); the "
                    "replay is also bounded by the engine deadline (503 `deadline-exceeded`).",
                    "tags": ["sessions"],
                    "responses": {
                        "200": json_answer("Verification", "The verdict."),
                        **session_errors("404", "422", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/reveal",
            plain(reveal_session),
            {
                "parameters": [ID_PARAM],
                "post": {
                    "operationId": "revealSession",
                    "summary": "Publish the session's dice secret and commit to a fresh one.",
                    "description": "Every seed the service gave an action of the session (one "
                    "the request did not send) is derived from a secret the session committed "
                    "to: its `commitment` is the secret's SHA-256, in every answer about the "
                    "session. This publishes the secret (`revealed`: SHA-256 of `secret` is the "
                    "old commitment, and each seed of the versions up to `revealed.version` is "
                    "HMAC-SHA256(secret, `crs-dice:<line>`) cut to 31 bits: docs/fair-dice.md) "
                    "and commits to a fresh secret (`commitment`), which the next seeds derive "
                    "from. `verifySession` then checks them (`dice`). No new version, no event. "
                    "409 `nothing-to-reveal` for a session created before fair dice; a session "
                    "may be revealed 100 times (409 `too-many-reveals`).",
                    "tags": ["sessions"],
                    "responses": {
                        "200": json_answer(schema_name("RevealResponse"), "The secret revealed."),
                        "409": problem(
                            "The session has no commitment (`nothing-to-reveal`), or was "
                            "revealed 100 times (`too-many-reveals`)."
                        ),
                        **session_errors("404", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/fork",
            fork_endpoint,
            {
                "parameters": [ID_PARAM],
                "post": {
                    "operationId": "forkSession",
                    "summary": "What if: a new session starting at a version of this one.",
                    "description": "The state of `version` is re-applied from the session's "
                    "replay log with the pure engine (checked as `verifySession` checks it: a "
                    "log that does not reproduce the session up to there is refused, 409 "
                    "`session-not-reproduced`) and stored as a new session at version 1, "
                    "whose replay log's first step names its `origin` (this session and "
                    "version). This session is left as it is. The title is the request's, "
                    "else this session's. Costs 10 rate-limit units; more than 1,000 versions "
                    "to replay is 422 `limit-exceeded` (`replay-steps`).",
                    "tags": ["sessions"],
                    "parameters": [IDEMPOTENCY_KEY],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": REF.format(model="ForkSessionRequest")}
                            }
                        },
                    },
                    "responses": {
                        "201": {
                            **json_answer("Session", "The new session."),
                            "headers": {
                                "Location": {
                                    "description": "The new session's URL.",
                                    "schema": {"type": "string"},
                                },
                                "ETag": ETAG_HEADER,
                                "Idempotent-Replayed": REPLAYED_HEADER,
                            },
                        },
                        **session_errors("404", "409", "413", "415", "422", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/stream",
            stream_endpoint,
            {
                "parameters": [ID_PARAM],
                "get": {
                    "operationId": STREAM_OPERATION,
                    "summary": "Follow the session: each new version as a Server-Sent Event.",
                    "description": STREAM_DESCRIPTION,
                    "tags": ["sessions"],
                    "parameters": [
                        {
                            "name": "Last-Event-ID",
                            "in": "header",
                            "required": False,
                            "description": "Resume after this version (the `id` of the last event "
                            "received; `EventSource` sends it when it reconnects): every version "
                            "after it comes first, from the session's log.",
                            "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"},
                        },
                        {
                            "name": "after",
                            "in": "query",
                            "required": False,
                            "description": "As `Last-Event-ID` (which wins when both are sent).",
                            "schema": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET},
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "The stream (`text/event-stream`), open until the "
                            "session is deleted, the client leaves or the stream ends with an "
                            "`error` event.",
                            "content": {
                                "text/event-stream": {
                                    "schema": {"type": "string"},
                                    "x-itemSchema": {"$ref": REF.format(model=STREAM_MESSAGE)},
                                    "examples": {
                                        "example": {
                                            "summary": "A version, a heartbeat, the deletion",
                                            "value": STREAM_EXAMPLE,
                                        }
                                    },
                                }
                            },
                        },
                        "507": problem(
                            "The tenant holds `CRS_TENANT_MAX_SUBSCRIPTIONS` subscriptions and "
                            "streams in this process already (`subscription-quota-exceeded`)."
                        ),
                        **session_errors("404", "422", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/undo",
            plain(undo),
            {
                "parameters": [ID_PARAM],
                "post": {
                    "operationId": "undoSession",
                    "summary": "Restore the state from before the last action, as a new version.",
                    "description": "Repeat to go further back. 409 when there is nothing to undo.",
                    "tags": ["sessions"],
                    "parameters": [IF_MATCH, IDEMPOTENCY_KEY],
                    "responses": {
                        "200": json_with(
                            schema_name("UndoResponse"), "The restored session.", writes
                        ),
                        "409": problem(
                            "Nothing to undo, or a request with the same idempotency key is "
                            "still in progress."
                        ),
                        **session_errors("400", "404", "412", "422", "502", "503"),
                    },
                },
            },
        ),
        *seat_routes(),
    ]


def routes(settings: Settings) -> list[BaseRoute]:
    out: list[BaseRoute] = [
        Route(route.path, route.endpoint(settings), methods=route.methods, name=route.name)
        for route in session_routes()
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

"""The building blocks of the OpenAPI document's operations: parameters, headers, answers.

Shared by :mod:`service.api.rest.openapi` (the document) and the route modules, which
write each route's operation beside the route (:mod:`service.api.rest.sessions`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.api.codes import CODES
from service.api.rest import Endpoint
from service.settings import Settings
from service.store import MAX_PAGE

MAX_OFFSET = 2**31 - 1
"""The largest event-log ``offset``."""

REF = "#/components/schemas/{model}"

PROBLEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "An error (RFC 9457 problem details).",
    "required": ["type", "title", "status", "detail", "code"],
    "properties": {
        "type": {
            "type": "string",
            "format": "uri-reference",
            "description": "The problem type: `/problems/{code}`, relative to the service, "
            "which answers there what the code means.",
        },
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "code": {
            "type": "string",
            "description": "A stable machine-readable error code, one of these (the list may "
            "grow: handle a code you don't know by the status):\n\n"
            + "\n".join(f"- `{code}`: {meaning}" for code, meaning in CODES.items()),
            "examples": list(CODES),
        },
        "rule": {
            "type": "string",
            "description": "For a rule violation: the id of the rule (see RULES.md).",
        },
        "limit": {
            "type": "string",
            "description": "For `limit-exceeded`: the name of the engine limit the request "
            "passes (`odds-work`, `search-cells`...; SECURITY.md lists them).",
        },
        "max": {
            "type": "integer",
            "description": "For `limit-exceeded`: the limit's value.",
        },
        "errors": {
            "type": "array",
            "description": "For invalid input: each bad field.",
            "items": {
                "type": "object",
                "required": ["path", "message"],
                "properties": {
                    "path": {
                        "type": "string",
                        "description": "Where: `encounter.combatants[2].position`.",
                    },
                    "pointer": {
                        "type": "string",
                        "description": "Where, as a JSON Pointer (RFC 6901) into the request's "
                        "body: `/encounter/combatants/2/position`. Absent for what is not in "
                        "the body (a header).",
                    },
                    "message": {"type": "string", "description": "What is wrong there."},
                },
            },
        },
        "currentVersion": {
            "type": "integer",
            "description": "For a version conflict: the session's current version.",
        },
        "requestId": {
            "type": "string",
            "description": "The request's id (its `X-Request-ID`): quote it when reporting a "
            "problem.",
        },
    },
}

ERRORS: dict[str, str] = {
    "409": "The rules forbid this action (the problem names the rule).",
    "413": "The request body is too large.",
    "415": "The request body is not declared JSON: send it with `Content-Type: application/json` "
    "(a body without a `Content-Type` is not taken as JSON).",
    "422": "Invalid input (the problem lists each bad field with its path). Besides what "
    "this schema says, a schema-valid request is refused when it does not fit the encounter: "
    "an id that names no combatant (or no pending choice), an action the ruleset does not "
    "have, a position off the grid or on a blocked cell, a dice expression of more than 200 "
    "dice... `limit-exceeded`: the request asks for more work than the engine's budget allows "
    "(the problem's `limit` and `max` say which limit and its value).",
}


def problem(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/problem+json": {"schema": {"$ref": REF.format(model="Problem")}}},
    }


def json_answer(ref: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": REF.format(model=ref)}}},
    }


SESSION_ERRORS: dict[str, str] = {
    "400": 'The `If-Match` header is not a version\'s `ETag` (a strong `"<version>"`, or `*`): '
    'an unquoted `2` or a weak `W/"2"` could never match. The problem says what to send.',
    "404": "No such session (never created, deleted, expired, or a malformed id).",
    "503": "The session store is unavailable; retry after `Retry-After` seconds.",
}

ID_PARAM: dict[str, Any] = {
    "name": "id",
    "in": "path",
    "required": True,
    "description": "The session's id, as `createSession` answered it.",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"},
}

IF_MATCH_PATTERN = r'^\s*(\*|"[0-9]{1,18}"(\s*,\s*"[0-9]{1,18}")*)\s*$'
"""What ``If-Match`` may be: ``*``, or strong entity tags of versions."""

IF_MATCH: dict[str, Any] = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": 'The `ETag` of the version this request was computed on (`"3"`, quoted '
    "as it came; several, comma-separated; or `*`): any other version answers 412 and "
    "changes nothing. Without it, concurrent writes are applied one after the other. A value "
    'that is no strong ETag (`2`, `W/"2"`) answers 400.',
    "schema": {"type": "string", "pattern": IF_MATCH_PATTERN},
}

IDEMPOTENCY_KEY: dict[str, Any] = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "A unique key (1 to 255 characters) for this request: a retry with the "
    "same key and body answers the first response (with `Idempotent-Replayed: true`) "
    "without applying it again; the same key with another body answers 422, and while "
    "the first is still running, 409.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 255},
}

ETAG_HEADER: dict[str, Any] = {
    "description": "The session's version, as a strong entity tag (send it as `If-Match`).",
    "schema": {"type": "string"},
}

REPLAYED_HEADER: dict[str, Any] = {
    "description": "`true` when this is the stored response of an earlier request with the "
    "same idempotency key.",
    "schema": {"type": "string", "enum": ["true"]},
}

RETRY_AFTER: dict[str, Any] = {
    "description": "Seconds to wait before retrying.",
    "schema": {"type": "integer", "minimum": 1},
}


def problem_with(description: str, headers: dict[str, Any]) -> dict[str, Any]:
    return {**problem(description), "headers": headers}


def session_errors(*statuses: str) -> dict[str, Any]:
    texts = {
        **ERRORS,
        **SESSION_ERRORS,
        "409": "The rules forbid this action (the problem names the rule), or a request "
        "with the same idempotency key is still in progress.",
        "412": "The session is not at the `If-Match` version; nothing changed. The problem's "
        "`currentVersion` (and the `ETag`) say the current version.",
        "422": ERRORS["422"] + " Or an idempotency key reused with another request.",
        "502": "The session's record in Redis is damaged (`session-damaged`: the problem names "
        "the session, the part and its index); nothing changed. Retrying won't help: restore "
        "or delete the session.",
    }
    out: dict[str, Any] = {}
    for status in statuses:
        if status == "503":
            out[status] = problem_with(texts[status], {"Retry-After": RETRY_AFTER})
        elif status == "412":
            out[status] = problem_with(texts[status], {"ETag": ETAG_HEADER})
        else:
            out[status] = problem(texts[status])
    return out


PAGE_PARAMS: list[dict[str, Any]] = [
    {
        "name": "offset",
        "in": "query",
        "required": False,
        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0},
    },
    {
        "name": "limit",
        "in": "query",
        "required": False,
        "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PAGE, "default": 50},
    },
]


STREAM_OPERATION = "streamSession"

STREAM_MESSAGE = "StreamMessage"
"""The schema of one event of a session's stream (``x-itemSchema`` of its media type)."""

STREAM_DESCRIPTION = (
    "One event per new version, whichever server wrote it: `id: <version>`, `event: "
    "version`, `data: {session: {id, version}, encounter, events: [{index, version, data}]}` "
    "(what the GraphQL subscription `sessionUpdated` yields), each of `events` a "
    "`SessionEvent` (its `data` a `LoggedEvent`: an `Event` by its `type`, or an "
    "`UndoEvent`). A seat's new proposal (it makes "
    "no version) is `event: proposal`, without an id, `data: {session: {id, version}, "
    "proposal: {id, seatId}}` (`version`: the one it was made on), sent to the DM's streams "
    "and to the proposing seat's; it is not resumed (list `GET .../proposals` after a "
    "reconnect). The DM's rejection of a proposal is `event: rejected`, with the same data, "
    "sent to the same streams. The session's deletion (or "
    "expiry) sends `event: deleted` and ends the stream. `Last-Event-ID` (or `after`) "
    "resumes: the versions after it come first, from the session's log, each with its "
    "events and its `encounter` where the session still keeps that state (the current "
    "version's and those of its undo history; else null); then the live ones. With "
    "nothing to send, a `: ping` comment every `CRS_SSE_HEARTBEAT_SECONDS` (15). "
    "`event: error` (`data: {code, message}`) ends it: "
    "`store-unavailable` (the connection to Redis was lost, or the client fell 64 updates "
    "behind: reconnect, `Last-Event-ID` resumes) or `unauthorized` (the API key was revoked, "
    "noticed within `CRS_API_KEY_RECHECK_SECONDS`). A client that takes more than 30 s to "
    "take an event loses the stream, and a server shutting down ends its streams: "
    "reconnect, `Last-Event-ID` resumes. A stream counts in the tenant's "
    "`CRS_TENANT_MAX_SUBSCRIPTIONS`, with its GraphQL subscriptions."
)

STREAM_EXAMPLE = (
    'id: 2\nevent: version\ndata: {"session":{"id":"Q2xvdWR5RGF5SW5Ub3du","version":2},'
    '"encounter":{"ruleset":"d20","...":"..."},"events":[{"index":0,"version":2,"data":'
    '{"type":"roll","...":"..."}}]}\n\n: ping\n\nevent: proposal\ndata: '
    '{"session":{"id":"Q2xvdWR5RGF5SW5Ub3du","version":2},"proposal":{"id":'
    '"5f0c2a9d8e7b6a41","seatId":"0a1b2c3d4e5f6789"}}\n\nevent: deleted\ndata: '
    '{"session":{"id":"Q2xvdWR5RGF5SW5Ub3du"}}\n\n'
)


def json_with(ref: str, description: str, headers: dict[str, Any]) -> dict[str, Any]:
    return {**json_answer(ref, description), "headers": headers}


def session_operation_id(name: str) -> str:
    """The operation id of an action's session route: ``sessionApplyDamage``."""
    return "session" + name[0].upper() + name[1:]


def schema_name(name: str) -> str:
    """The published name of a generated schema.

    pydantic names the two forms of a type ``X-Input`` (what a request may send: fields
    with a default may be left out) and ``X-Output`` (what a response always sends: every
    field is required); they are published as ``X`` (what clients build) and ``XOutput``.
    A response is ``<Action>Result`` (``<Action>Response`` is the name the TypeScript
    generator gives an operation's response type).
    """
    if name.endswith("-Input"):
        return name.removesuffix("-Input")
    if name.endswith("-Output"):
        return name.removesuffix("-Output") + "Output"
    if name.endswith("Response"):
        return name.removesuffix("Response") + "Result"
    return name


def write_headers() -> dict[str, Any]:
    """The headers of a write's answer: its version and whether it was replayed."""
    return {"ETag": ETAG_HEADER, "Idempotent-Replayed": REPLAYED_HEADER}


@dataclass(frozen=True, slots=True)
class SessionRoute:
    """A session route and its OpenAPI path item, written side by side: the router
    (:func:`routes`) and the OpenAPI document both read :func:`session_routes`."""

    path: str
    endpoint: Callable[[Settings], Endpoint]
    """The route's endpoint, made for the settings."""
    item: dict[str, Any]
    """The OpenAPI path item: its operations by method, and the path's parameters."""

    @property
    def methods(self) -> list[str]:
        return [method.upper() for method in self.item if method != "parameters"]

    @property
    def name(self) -> str:
        """The route's name: the operation id of its first operation."""
        first = next(value for method, value in self.item.items() if method != "parameters")
        return str(first["operationId"])


def plain(endpoint: Endpoint) -> Callable[[Settings], Endpoint]:
    return lambda settings: endpoint

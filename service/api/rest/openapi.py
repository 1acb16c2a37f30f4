"""The OpenAPI 3.1 document, built from the same models that validate requests."""

from __future__ import annotations

import inspect
from collections.abc import Collection
from functools import cache
from typing import Any

from pydantic import TypeAdapter
from pydantic.alias_generators import to_camel
from pydantic.json_schema import JsonSchemaMode

from service import __version__
from service.api import catalog
from service.api.docs import attribute_docs, dataclasses_in, describe_schemas
from service.api.models import (
    ENUM_NAMES,
    MODELS,
    STORED_AS,
    ActionModels,
    CreateSessionRequest,
    EventPage,
    ReplayPage,
    Session,
    UndoResponse,
    Verification,
    adapter,
    budget_text,
    wire_classes,
    wire_text,
)
from service.api.rest import examples
from service.store import MAX_PAGE

MAX_OFFSET = 2**31 - 1
"""The largest event-log ``offset``."""

REF = "#/components/schemas/{model}"

PROBLEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "An error (RFC 9457 problem details).",
    "required": ["type", "title", "status", "detail", "code"],
    "properties": {
        "type": {"type": "string", "format": "uri"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "code": {
            "type": "string",
            "description": "A stable machine-readable error code (`invalid-input`, "
            "`rule-violation`, `not-supported`, `version-conflict`, `deadline-exceeded`...).",
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


def _problem(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/problem+json": {"schema": {"$ref": REF.format(model="Problem")}}},
    }


def _json(ref: str, description: str) -> dict[str, Any]:
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


def _problem_with(description: str, headers: dict[str, Any]) -> dict[str, Any]:
    return {**_problem(description), "headers": headers}


def _session_errors(*statuses: str) -> dict[str, Any]:
    texts = {
        **ERRORS,
        **SESSION_ERRORS,
        "409": "The rules forbid this action (the problem names the rule), or a request "
        "with the same idempotency key is still in progress.",
        "412": "The session is not at the `If-Match` version; nothing changed. The problem's "
        "`currentVersion` (and the `ETag`) say the current version.",
        "422": ERRORS["422"] + " Or an idempotency key reused with another request.",
    }
    out: dict[str, Any] = {}
    for status in statuses:
        if status == "503":
            out[status] = _problem_with(texts[status], {"Retry-After": RETRY_AFTER})
        elif status == "412":
            out[status] = _problem_with(texts[status], {"ETag": ETAG_HEADER})
        else:
            out[status] = _problem(texts[status])
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

STREAM_DESCRIPTION = (
    "One event per new version, whichever server wrote it: `id: <version>`, `event: "
    "version`, `data: {session: {id, version}, encounter, events: [{index, version, data}]}` "
    "(what the GraphQL subscription `sessionUpdated` yields). The session's deletion (or "
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
    '{"type":"attack-roll","...":"..."}}]}\n\n: ping\n\nevent: deleted\ndata: '
    '{"session":{"id":"Q2xvdWR5RGF5SW5Ub3du"}}\n\n'
)


def _json_with(ref: str, description: str, headers: dict[str, Any]) -> dict[str, Any]:
    return {**_json(ref, description), "headers": headers}


def _catalog_paths() -> dict[str, Any]:
    return {
        "/v1/rulesets": {
            "get": {
                "operationId": "listRulesets",
                "summary": "The rulesets the service hosts, their flags and their rules' ids.",
                "tags": ["rules"],
                "responses": {
                    "200": {
                        "description": "Every ruleset.",
                        "content": {
                            "application/json": {
                                "schema": {"type": "array", "items": _ref_of("RulesetInfo")}
                            }
                        },
                    }
                },
            }
        },
        "/v1/rules/{ruleId}": {
            "parameters": [
                {
                    "name": "ruleId",
                    "in": "path",
                    "required": True,
                    "description": "A rule id of RULES.md, as events and rule violations name "
                    "it (`d20.crit.effects`).",
                    "schema": {"type": "string", "maxLength": 120},
                }
            ],
            "get": {
                "operationId": "getRule",
                "summary": "One rule of the inventory: its text, the decision RULES.md takes "
                "where the source is silent, its ruleset and source section.",
                "tags": ["rules"],
                "responses": {
                    "200": _json("Rule", "The rule."),
                    "404": _problem("No rule has this id (`rule-not-found`)."),
                },
            },
        },
    }


def _session_paths() -> dict[str, Any]:
    write_headers = {"ETag": ETAG_HEADER, "Idempotent-Replayed": REPLAYED_HEADER}
    paths: dict[str, Any] = {
        "/v1/sessions": {
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
                        **_json("Session", "The new session."),
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
                    **_session_errors("409", "413", "415", "422", "503"),
                },
            }
        },
        "/v1/sessions/{id}": {
            "parameters": [ID_PARAM],
            "get": {
                "operationId": "getSession",
                "summary": "A session at its current version.",
                "tags": ["sessions"],
                "responses": {
                    "200": _json_with("Session", "The session.", {"ETag": ETAG_HEADER}),
                    **_session_errors("404", "503"),
                },
            },
            "delete": {
                "operationId": "deleteSession",
                "summary": "Delete a session, its event log and its history.",
                "tags": ["sessions"],
                "responses": {
                    "204": {"description": "Deleted."},
                    **_session_errors("404", "503"),
                },
            },
        },
        "/v1/sessions/{id}/events": {
            "parameters": [ID_PARAM],
            "get": {
                "operationId": "getSessionEvents",
                "summary": "A page of the session's event log, oldest first.",
                "tags": ["sessions"],
                "parameters": PAGE_PARAMS,
                "responses": {
                    "200": _json("EventPage", "The page."),
                    **_session_errors("404", "422", "503"),
                },
            },
        },
        "/v1/sessions/{id}/replay": {
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
                    "200": _json("ReplayPage", "The page."),
                    **_session_errors("404", "422", "503"),
                },
            },
        },
        "/v1/sessions/{id}/verify": {
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
                    "200": _json("Verification", "The verdict."),
                    **_session_errors("404", "422", "503"),
                },
            },
        },
        "/v1/sessions/{id}/stream": {
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
                                "examples": {
                                    "example": {
                                        "summary": "A version, a heartbeat, the deletion",
                                        "value": STREAM_EXAMPLE,
                                    }
                                },
                            }
                        },
                    },
                    "507": _problem(
                        "The tenant holds `CRS_TENANT_MAX_SUBSCRIPTIONS` subscriptions and "
                        "streams in this process already (`subscription-quota-exceeded`)."
                    ),
                    **_session_errors("404", "422", "503"),
                },
            },
        },
        "/v1/sessions/{id}/undo": {
            "parameters": [ID_PARAM],
            "post": {
                "operationId": "undoSession",
                "summary": "Restore the state from before the last action, as a new version.",
                "description": "Repeat to go further back. 409 when there is nothing to undo.",
                "tags": ["sessions"],
                "parameters": [IF_MATCH, IDEMPOTENCY_KEY],
                "responses": {
                    "200": _json_with(
                        schema_name("UndoResponse"), "The restored session.", write_headers
                    ),
                    "409": _problem(
                        "Nothing to undo, or a request with the same idempotency key is "
                        "still in progress."
                    ),
                    **_session_errors("400", "404", "412", "422", "503"),
                },
            },
        },
    }
    for m in MODELS.values():
        query = m.spec.query
        statuses = ["400", "404", "409", "412", "413", "415", "422", "503"]
        paths[f"/v1/sessions/{{id}}/{m.spec.slug}"] = {
            "parameters": [ID_PARAM],
            "post": {
                "operationId": session_operation_id(m.spec.name),
                "summary": m.spec.summary
                + (
                    " Reads the session's encounter; writes nothing."
                    if query
                    else " Applied to the session's encounter, written as its next version."
                ),
                "description": _description(m),
                "tags": ["sessions"],
                "parameters": [IF_MATCH] if query else [IF_MATCH, IDEMPOTENCY_KEY],
                "requestBody": {
                    "required": False,
                    "content": {
                        "application/json": {"schema": _ref_of(m.session_request.__name__)}
                    },
                },
                "responses": {
                    "200": _json_with(
                        schema_name(m.session_response.__name__),
                        "The result, with the session and the version "
                        + ("read." if query else "written."),
                        {"ETag": ETAG_HEADER} if query else write_headers,
                    ),
                    **_session_errors(*statuses),
                },
            },
        }
    links = {}
    for path, item in paths.items():
        if "{id}" not in path:
            continue
        for method, operation in item.items():
            # A stream on a live session never ends by itself: no link leads to it, so a
            # client walking the links (a stateful fuzzer) is not left waiting on it.
            if method == "parameters" or operation["operationId"] == STREAM_OPERATION:
                continue
            links[operation["operationId"]] = {
                "operationId": operation["operationId"],
                "parameters": {"id": "$response.body#/id"},
            }
    paths["/v1/sessions"]["post"]["responses"]["201"]["links"] = links
    return paths


SECURITY_SCHEMES: dict[str, Any] = {
    "bearerKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "An API key (`crs_<id>_<secret>`) as `Authorization: Bearer <key>`. "
        "Required when the service runs with `CRS_AUTH` (on in production); the key decides "
        "the tenant, and another tenant's session answers 404. Without `CRS_AUTH`, no key is "
        "needed.",
    },
    "apiKeyHeader": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "The same API key, in the `X-API-Key` header.",
    },
}

GUARD_RESPONSES: dict[str, Any] = {
    "401": _problem_with(
        "No API key, or a malformed, unknown or revoked one (only with `CRS_AUTH`, which "
        "production switches on).",
        {
            "WWW-Authenticate": {
                "description": '`Bearer realm="combat-rules"`.',
                "schema": {"type": "string"},
            }
        },
    ),
    "429": _problem_with(
        "The caller's rate limit (`CRS_RATE_LIMIT` per minute per API key, or per client IP "
        "without `CRS_AUTH`) is exhausted; retry after `Retry-After` seconds.",
        {"Retry-After": RETRY_AFTER},
    ),
}


def _guard(paths: dict[str, Any]) -> None:
    """Every operation may answer 401 (with auth on) and 429 (with a rate limit)."""
    for item in paths.values():
        for method, operation in item.items():
            if method == "parameters":
                continue
            responses = {**operation["responses"], **GUARD_RESPONSES}
            operation["responses"] = dict(sorted(responses.items()))


def session_operation_id(name: str) -> str:
    """The operation id of an action's session route: ``sessionApplyDamage``."""
    return "session" + name[0].upper() + name[1:]


def _types_of(ta: TypeAdapter[Any]) -> list[type]:
    tp = getattr(ta, "_type", None)
    return [tp] if isinstance(tp, type) else []


def _refer_stored(schema: Any, names: Collection[str]) -> Any:
    """``schema`` with each stored document's schema (``STORED_AS``) as a ``$ref`` to its
    response form (a stored document holds every field, as a response does)."""
    if isinstance(schema, list):
        return [_refer_stored(item, names) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if STORED_AS in schema:
        rest = {k: v for k, v in schema.items() if k not in (STORED_AS, "title")}
        output = schema[STORED_AS] + "-Output"
        return {"$ref": REF.format(model=output if output in names else schema[STORED_AS]), **rest}
    return {k: _refer_stored(v, names) for k, v in schema.items()}


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


def _ref_of(name: str) -> dict[str, str]:
    return {"$ref": REF.format(model=schema_name(name))}


def _publish(schema: Any, renamed: dict[str, str]) -> Any:
    """``schema`` as published: references renamed, closed sets as references to one named
    enum each (:data:`ENUM_NAMES`), no generated titles, Markdown descriptions."""
    if isinstance(schema, list):
        return [_publish(item, renamed) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    values = schema.get("enum")
    if isinstance(values, list) and tuple(values) in ENUM_NAMES:
        out["$ref"] = REF.format(model=ENUM_NAMES[tuple(values)])
        schema = {k: v for k, v in schema.items() if k not in ("enum", "type")}
    for key, value in schema.items():
        if key == "title":
            continue
        if key == "$ref" and isinstance(value, str):
            name = value.rsplit("/", 1)[1]
            out[key] = REF.format(model=renamed.get(name, name))
        elif key == "description" and isinstance(value, str):
            out[key] = wire_text(value)
        elif key in ("properties", "$defs"):
            out[key] = {k: _publish(v, renamed) for k, v in value.items()}
        else:
            out[key] = _publish(value, renamed)
    return out


def _enum_schemas() -> dict[str, Any]:
    return {
        name: {
            "type": "string",
            "enum": list(values),
            "description": "One of: " + ", ".join(f"`{v}`" for v in values) + ".",
        }
        for values, name in ENUM_NAMES.items()
    }


REQUEST_FIELDS: dict[str, str] = {
    "encounter": "The encounter the action applies to: as a fight starts, or as the previous "
    "response answered it (its `encounter`, sent back as it is).",
    "seed": "The seed of the random source, 0 to 2147483647: the same request with the same "
    "seed rolls the same dice. Leave it out and the service draws one (the response says "
    "which).",
}
"""What every action's request has besides the action's own parameters."""

RESPONSE_FIELDS: dict[str, str] = {
    "encounter": "The new state of the encounter: send it with the next action.",
    "events": "Every roll and decision, in order.",
    "outcome": "A summary of what happened.",
    "seed": "The seed the random source was built from: send it back to replay this result.",
    "session": "The session, and the version this action wrote (a query: the version it read).",
}
"""What every action's response has."""


def _example(media: dict[str, Any], value: Any, summary: str) -> None:
    media["examples"] = {"example": {"summary": summary, "value": value}}


@cache
def _examples() -> dict[str, tuple[Any, Any]]:
    """(request, response) of every operation that has an example, by operation id."""
    out: dict[str, tuple[Any, Any]] = {}
    for name in MODELS:
        if name in examples.EXAMPLES:
            out[name] = (examples.request(name), examples.response(name))
            out[session_operation_id(name)] = (
                examples.session_request(name),
                examples.session_response(name),
            )
    session = examples.session()
    out["createSession"] = ({"encounter": examples.D20}, session)
    out["getSession"] = (None, session)
    out["getSessionEvents"] = (None, examples.event_page())
    out["getSessionReplay"] = (None, examples.replay_page())
    out["verifySession"] = (None, examples.verification())
    undone = {
        "session": {"id": examples.SESSION_ID, "version": 3},
        "encounter": session["encounter"],
        "revertedVersion": 2,
        "restoredVersion": 1,
    }
    out["undoSession"] = (None, undone)
    rulesets = catalog.rulesets()
    out["listRulesets"] = (None, catalog.RULESETS.dump_python(rulesets, by_alias=True))
    rule = catalog.rules()["d20.cover.creatures"]
    out["getRule"] = (None, catalog.RULE.dump_python(rule, by_alias=True))
    return out


def _add_examples(paths: dict[str, Any]) -> None:
    """An example request and success response on every operation (service.api.rest.examples:
    the responses are the engine's answers to the requests)."""
    found = _examples()
    for item in paths.values():
        for method, operation in item.items():
            if method == "parameters" or operation["operationId"] not in found:
                continue
            request, response = found[operation["operationId"]]
            if request is not None and "requestBody" in operation:
                media = operation["requestBody"]["content"]["application/json"]
                _example(media, request, "A fight in its first round")
            success = next(s for s in operation["responses"] if s.startswith("2"))
            content = operation["responses"][success].get("content")
            if content is not None and "application/json" in content and response is not None:
                _example(content["application/json"], response, "What the service answers it")


def _describe(schema: dict[str, Any], docs: dict[str, str]) -> None:
    for name, prop in schema.get("properties", {}).items():
        text = docs.get(name)
        if text is not None and "description" not in prop:
            prop["description"] = text


def _describe_actions(generated: dict[str, Any]) -> None:
    """Describe the fields of the request and response types made for each action (they
    are made at run time, so they have no attribute docstrings of their own: the action's
    parameters carry them)."""
    for m in MODELS.values():
        params = {to_camel(k): v for k, v in attribute_docs(m.spec.params).items()}
        for cls in (m.request, m.session_request):
            if cls.__name__ in generated:
                _describe(generated[cls.__name__], {**REQUEST_FIELDS, **params})
        for cls in (m.response, m.session_response):
            if cls.__name__ in generated:
                _describe(generated[cls.__name__], RESPONSE_FIELDS)


def _description(m: ActionModels) -> str:
    """An action operation's description: its parameters' docstring, then its work budget."""
    text = wire_text(inspect.cleandoc(m.spec.params.__doc__ or ""))
    budget = budget_text(m.spec.name)
    return f"{text}\n\n{budget}" if budget else text


def build_openapi() -> dict[str, Any]:
    inputs: list[tuple[str, JsonSchemaMode, TypeAdapter[Any]]] = []
    for m in MODELS.values():
        inputs.append((m.request.__name__, "validation", m.request_adapter))
        inputs.append((m.response.__name__, "serialization", m.response_adapter))
        inputs.append((m.session_request.__name__, "validation", m.session_request_adapter))
        inputs.append((m.session_response.__name__, "serialization", adapter(m.session_response)))
    for cls, mode in (
        (CreateSessionRequest, "validation"),
        (Session, "serialization"),
        (EventPage, "serialization"),
        (UndoResponse, "serialization"),
        (ReplayPage, "serialization"),
        (Verification, "serialization"),
        (catalog.Rule, "serialization"),
        (catalog.RulesetInfo, "serialization"),
    ):
        inputs.append((cls.__name__, mode, TypeAdapter(cls)))  # type: ignore[arg-type]
    _, definitions = TypeAdapter.json_schemas(inputs, ref_template=REF, by_alias=True)
    generated: dict[str, Any] = definitions.get("$defs", {})
    classes = dataclasses_in(*wire_classes(), *(tp for _, _, ta in inputs for tp in _types_of(ta)))
    described = {
        name: classes[name.split("-")[0]] for name in generated if name.split("-")[0] in classes
    }
    describe_schemas(generated, described)
    _describe_actions(generated)
    renamed = {name: schema_name(name) for name in generated}
    schemas: dict[str, Any] = {
        renamed[name]: _publish(_refer_stored(schema, generated), renamed)
        for name, schema in generated.items()
    }
    schemas.update(_enum_schemas())
    schemas = dict(sorted(schemas.items()))
    schemas["Problem"] = PROBLEM_SCHEMA
    paths: dict[str, Any] = {}
    for m in MODELS.values():
        paths[f"/v1/{m.spec.slug}"] = {
            "post": {
                "operationId": m.spec.name,
                "summary": m.spec.summary,
                "description": _description(m),
                "tags": ["actions"],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref_of(m.request.__name__)}},
                },
                "responses": {
                    "200": _json(
                        schema_name(m.response.__name__), "The new encounter, events and outcome."
                    ),
                    **{status: _problem(text) for status, text in ERRORS.items()},
                },
            }
        }
    paths.update(_session_paths())
    paths.update(_catalog_paths())
    _add_examples(paths)
    _guard(paths)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Combat rules service",
            "version": __version__,
            "description": (
                "Adjudicates tabletop combat: send an encounter and an action, get the new "
                "encounter, every roll and decision as events, and an outcome summary. "
                "Every action takes an optional `seed`; the same input and seed give the "
                "same result, and every response says its seed. In session mode "
                "(`/v1/sessions/...`) the encounter is kept by the service: each action "
                "writes a new version, sent as a strong `ETag`; `If-Match` guards against "
                "lost updates and `Idempotency-Key` makes retries safe."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "http://127.0.0.1:8000"}],
        "paths": paths,
        "security": [{}, {"bearerKey": []}, {"apiKeyHeader": []}],
        "components": {"schemas": schemas, "securitySchemes": SECURITY_SCHEMES},
    }

"""The OpenAPI 3.1 document, built from the same models that validate requests."""

from __future__ import annotations

import copy
import dataclasses
import inspect
from collections.abc import Collection
from functools import cache
from typing import Any

from pydantic import TypeAdapter
from pydantic.alias_generators import to_camel
from pydantic.json_schema import JsonSchemaMode

from service import __version__
from service.api import catalog
from service.api.codes import CODES
from service.api.docs import attribute_docs, dataclasses_in, describe_schemas
from service.api.models import (
    ENUM_NAMES,
    EVENT_DATA_ADAPTERS,
    MODELS,
    STORED_AS,
    STREAM_EVENTS,
    ActionModels,
    CreateSeatRequest,
    CreateSessionRequest,
    EventPage,
    ForkSessionRequest,
    NewSeat,
    Proposal,
    ProposalList,
    ProposeRequest,
    ReplayPage,
    RevealResponse,
    SeatList,
    Session,
    SessionList,
    UndoResponse,
    UpdateSessionRequest,
    Verification,
    adapter,
    budget_text,
    event_data_name,
    event_name,
    wire_classes,
    wire_text,
)
from service.api.rest import examples
from service.api.rest.catalog import problem_type
from service.api.rest.operations import (
    ERRORS,
    ETAG_HEADER,
    ID_PARAM,
    IDEMPOTENCY_KEY,
    IF_MATCH,
    PROBLEM_SCHEMA,
    REF,
    RETRY_AFTER,
    STREAM_MESSAGE,
    STREAM_OPERATION,
    json_answer,
    json_with,
    problem,
    problem_with,
    schema_name,
    session_errors,
    session_operation_id,
    write_headers,
)
from service.api.rest.sessions import session_routes
from service.rules.events import EVENT_TYPES


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
                    "200": json_answer("Rule", "The rule."),
                    "404": problem("No rule has this id (`rule-not-found`)."),
                },
            },
        },
        "/problems": {
            "get": {
                "operationId": "listProblemTypes",
                "security": [],
                "summary": "Every problem type: the `type` a problem document names, its "
                "`code` and what it means.",
                "tags": ["rules"],
                "responses": {
                    "200": {
                        "description": "Every problem type.",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "array",
                                    "items": {"$ref": REF.format(model="ProblemType")},
                                },
                                "examples": {
                                    "example": {"value": [problem_type(c) for c in CODES]}
                                },
                            }
                        },
                    }
                },
            }
        },
        "/problems/{code}": {
            "parameters": [
                {
                    "name": "code",
                    "in": "path",
                    "required": True,
                    "description": "A problem's `code` (its `type` is `/problems/{code}`).",
                    "schema": {"type": "string", "maxLength": 120},
                }
            ],
            "get": {
                "operationId": "getProblemType",
                "security": [],
                "summary": "What a problem type means: where a problem document's `type` leads.",
                "tags": ["rules"],
                "responses": {
                    "200": {
                        "description": "The problem type.",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": REF.format(model="ProblemType")},
                                "examples": {"example": {"value": problem_type("invalid-input")}},
                            }
                        },
                    },
                    "404": problem("No problem type has this code (`not-found`)."),
                },
            },
        },
    }


PROBLEM_TYPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A problem type: what a problem document's `type` leads to.",
    "required": ["type", "code", "description"],
    "properties": {
        "type": {"type": "string", "description": "`/problems/{code}`."},
        "code": {"type": "string", "description": "The code problem documents carry."},
        "description": {"type": "string", "description": "What it means."},
    },
}


def _has_required_fields(request: type) -> bool:
    """Whether a session action's request has a field without a default: then its body is
    required (an empty body is taken as ``{}``, which only an action of optional fields
    accepts)."""
    return any(
        f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        for f in dataclasses.fields(request)
    )


def _session_paths() -> dict[str, Any]:
    writes = write_headers()
    paths: dict[str, Any] = {route.path: route.item for route in session_routes()}
    for m in MODELS.values():
        query = m.spec.query
        statuses = ["400", "404", "409", "412", "413", "415", "422", "502", "503"]
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
                    "required": _has_required_fields(m.session_request),
                    "content": {
                        "application/json": {"schema": _ref_of(m.session_request.__name__)}
                    },
                },
                "responses": {
                    "200": json_with(
                        schema_name(m.session_response.__name__),
                        "The result, with the session and the version "
                        + ("read." if query else "written."),
                        {"ETag": ETAG_HEADER} if query else writes,
                    ),
                    **session_errors(*statuses),
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
    "401": problem_with(
        "No API key, or a malformed, unknown or revoked one (only with `CRS_AUTH`, which "
        "production switches on).",
        {
            "WWW-Authenticate": {
                "description": '`Bearer realm="combat-rules"`.',
                "schema": {"type": "string"},
            }
        },
    ),
    "403": problem(
        "A seat token asked for what its seat may not do (`seat-forbidden`, naming the seat "
        "and the creature): another session, a stateless action, the DM's operations, or "
        "acting as a creature not the seat's (docs/seats.md)."
    ),
    "429": problem_with(
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
    "changes": "What the action changed: an RFC 6902 JSON Patch from the encounter it ran on "
    "(as the service answers it) to `encounter`.",
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
    out["createSession"] = ({"encounter": examples.D20, "title": examples.TITLE}, session)
    out["getSession"] = (None, session)
    out["updateSession"] = ({"title": examples.TITLE}, session)
    out["forkSession"] = ({"version": 1, "title": "What if: the ambush"}, examples.forked())
    out["listSessions"] = (None, examples.session_list())
    out["getSessionEvents"] = (None, examples.event_page())
    out["getSessionReplay"] = (None, examples.replay_page())
    out["verifySession"] = (None, examples.verification())
    out["revealSession"] = (None, examples.revealed())
    out["createSeat"] = ({"combatants": ["aria"], "label": "Ana's phone"}, examples.new_seat())
    out["listSeats"] = (None, examples.seat_list())
    out["listProposals"] = (None, examples.proposal_list())
    out["proposeAction"] = (
        {"action": "resolveAttack", "params": {"attackerId": "aria", "targetId": "goblin"}},
        examples.proposal_list()["items"][0],
    )
    out["approveProposal"] = (None, examples.session_response("resolveAttack"))
    undone = {
        "session": {
            "id": examples.SESSION_ID,
            "version": 3,
            "commitment": examples.DICE_COMMITMENT,
        },
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


def _event_data_by_type() -> dict[str, Any]:
    """Which schema each event type's ``data`` has: a lookup by ``type``, so both SDKs
    name every ``<Type>EventData`` and a client can narrow an event's ``data`` by its
    ``type``."""
    return {
        "type": "object",
        "description": "The schema of an event's `data`, by its `type`: an event whose `type` "
        "is `roll` has a `RollEventData` as its `data`. Not a message of its own: a map "
        "for clients.",
        "properties": {
            type_id: _ref_of(event_data_name(type_id)) for type_id in EVENT_DATA_ADAPTERS
        },
        "required": list(EVENT_DATA_ADAPTERS),
        "additionalProperties": False,
    }


UNDO_TYPE = "undo"
"""The ``type`` of the entry an undo writes to a session's log (not an engine event)."""

UNDO_EVENT: dict[str, Any] = {
    "type": "object",
    "description": "The entry an undo writes to a session's log (and its stream): the version "
    "it undid and the version whose state the session has again.",
    "properties": {
        "type": {"type": "string", "const": UNDO_TYPE},
        "revertedVersion": {"type": "integer", "description": "The version that was undone."},
        "restoredVersion": {
            "type": "integer",
            "description": "The version whose state the session has again.",
        },
    },
    "required": ["type", "revertedVersion", "restoredVersion"],
    "additionalProperties": False,
}


def _union(description: str, members: dict[str, str]) -> dict[str, Any]:
    """A union of the schemas ``members`` names by their ``type``, discriminated by it."""
    return {
        "description": description,
        "oneOf": [_ref_of(name) for name in members.values()],
        "discriminator": {
            "propertyName": "type",
            "mapping": {type_id: REF.format(model=name) for type_id, name in members.items()},
        },
    }


def stream_message_name(event: str) -> str:
    """``version`` -> ``StreamVersionMessage``: one event of a session's stream."""
    return f"Stream{event.capitalize()}Message"


def _stream_schemas() -> dict[str, Any]:
    """The events of a session's stream as the client's SSE parser gives them: one
    ``Stream<Event>Message`` per ``event`` name (its ``id`` where it has one, its ``data``
    parsed from JSON as a ``Stream<Event>``), and ``StreamMessage``, their union
    discriminated by ``event``: OpenAPI 3.2's ``itemSchema`` for ``text/event-stream``,
    written ``x-itemSchema`` in this 3.1 document."""
    out: dict[str, Any] = {}
    for event, data in STREAM_EVENTS.items():
        properties: dict[str, Any] = {
            "event": {"type": "string", "const": event},
            "data": {**_ref_of(data.__name__), "description": "The event's data (JSON)."},
        }
        required = ["event", "data"]
        if event == "version":
            properties["id"] = {
                "type": "string",
                "pattern": "^[0-9]{1,18}$",
                "description": "The version: send it back as `Last-Event-ID` to resume.",
            }
            required.append("id")
        out[stream_message_name(event)] = {
            "type": "object",
            "description": f"One `event: {event}` of a session's stream; its `data` is a "
            f"`{data.__name__}`.",
            "properties": properties,
            "required": required,
        }
    out[STREAM_MESSAGE] = {
        "description": "One event of a session's stream (`GET /v1/sessions/{id}/stream`), "
        "by its `event` name; a `: ping` comment is none.",
        "oneOf": [_ref_of(stream_message_name(event)) for event in STREAM_EVENTS],
        "discriminator": {
            "propertyName": "event",
            "mapping": {
                event: REF.format(model=stream_message_name(event)) for event in STREAM_EVENTS
            },
        },
    }
    return out


def _event_schemas(event: dict[str, Any]) -> dict[str, Any]:
    """``Event`` (the engine's event as pydantic describes it: one object whose ``type`` is
    any of :data:`EVENT_TYPES` and whose ``data`` is any object) as a union discriminated by
    ``type``: one ``<Type>Event`` per type of the catalogue, its ``type`` that one value and
    its ``data`` that type's ``<Type>EventData``, so a generated client narrows an event's
    ``data`` by its ``type``. Also ``LoggedEvent``, what a session's log holds: those and
    ``UndoEvent``. Only the description changes: the wire is the same."""
    members = {type_id: event_name(type_id) for type_id in EVENT_TYPES}
    out: dict[str, Any] = {}
    for type_id, kind in EVENT_TYPES.items():
        member = copy.deepcopy(event)
        member["description"] = f"An event of type `{type_id}`: {wire_text(kind.summary)}"
        member["properties"]["type"] = {"type": "string", "const": type_id}
        member["properties"]["data"] = {
            **_ref_of(event_data_name(type_id)),
            "description": "The type's own details (every key optional, no other key).",
        }
        out[members[type_id]] = member
    out["Event"] = _union(
        f"{event['description']}\n\nOne schema per `type` (`RollEvent` for `roll`), each "
        "with its `data` schema (`RollEventData`): narrow an event by its `type`.",
        members,
    )
    out[event_name(UNDO_TYPE)] = UNDO_EVENT
    out["LoggedEvent"] = _union(
        "An entry of a session's log, as a `SessionEvent`'s `data` holds it: an engine event "
        "(`Event`, one schema per `type`) or an undo (`UndoEvent`).",
        {**members, UNDO_TYPE: event_name(UNDO_TYPE)},
    )
    return out


def build_openapi() -> dict[str, Any]:
    inputs: list[tuple[str, JsonSchemaMode, TypeAdapter[Any]]] = []
    for m in MODELS.values():
        inputs.append((m.request.__name__, "validation", m.request_adapter))
        inputs.append((m.response.__name__, "serialization", m.response_adapter))
        inputs.append((m.session_request.__name__, "validation", m.session_request_adapter))
        inputs.append((m.session_response.__name__, "serialization", adapter(m.session_response)))
    for cls, mode in (
        (CreateSessionRequest, "validation"),
        (UpdateSessionRequest, "validation"),
        (ForkSessionRequest, "validation"),
        (Session, "serialization"),
        (SessionList, "serialization"),
        (EventPage, "serialization"),
        (UndoResponse, "serialization"),
        (ReplayPage, "serialization"),
        (Verification, "serialization"),
        (RevealResponse, "serialization"),
        (CreateSeatRequest, "validation"),
        (NewSeat, "serialization"),
        (SeatList, "serialization"),
        (ProposalList, "serialization"),
        (ProposeRequest, "validation"),
        (Proposal, "serialization"),
        (catalog.Rule, "serialization"),
        (catalog.RulesetInfo, "serialization"),
        *((data, "serialization") for data in STREAM_EVENTS.values()),
    ):
        inputs.append((cls.__name__, mode, TypeAdapter(cls)))  # type: ignore[arg-type]
    for type_id, data_adapter in EVENT_DATA_ADAPTERS.items():
        inputs.append((event_data_name(type_id), "serialization", data_adapter))
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
    made = _event_schemas(schemas["Event"])
    if made.keys() & schemas.keys() - {"Event"}:
        raise RuntimeError(f"event schemas named as others: {made.keys() & schemas.keys()}")
    schemas.update(made)
    schemas["SessionEvent"]["properties"]["data"] = {
        **_ref_of("LoggedEvent"),
        "description": "The event: an engine event (`Event`) or an undo (`UndoEvent`).",
    }
    schemas.update(_stream_schemas())
    schemas = dict(sorted(schemas.items()))
    schemas["EventDataByType"] = _event_data_by_type()
    schemas["Problem"] = PROBLEM_SCHEMA
    schemas["ProblemType"] = PROBLEM_TYPE_SCHEMA
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
                    "200": json_answer(
                        schema_name(m.response.__name__), "The new encounter, events and outcome."
                    ),
                    **{status: problem(text) for status, text in ERRORS.items()},
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
                "lost updates and `Idempotency-Key` makes retries safe. Every action "
                "answer's `changes` is the JSON Patch from the encounter it ran on to the "
                "one answered; `Prefer: return=minimal` on an action leaves every null "
                "and default out of its answer (then a valid request's encounter, not the "
                "output schema's; `Preference-Applied: return=minimal` says so)."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "http://127.0.0.1:8000"}],
        "paths": paths,
        "security": [{}, {"bearerKey": []}, {"apiKeyHeader": []}],
        "components": {"schemas": schemas, "securitySchemes": SECURITY_SCHEMES},
    }

"""What both doors share: running an action, and turning any failure into a :class:`Problem`.

Every failure is a :class:`Problem` of one :class:`Kind`. REST renders it as
``application/problem+json`` (RFC 9457) with the kind's status; GraphQL as the typed error
result its schema maps the kind to. Engine errors become problems here, once.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import secrets
import threading
import types
from dataclasses import dataclass, field
from enum import StrEnum
from random import Random
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

from pydantic import ValidationError
from pydantic.alias_generators import to_camel
from starlette.responses import Response
from starlette.types import Send

from service.api.changes import changes
from service.api.codes import check_code
from service.rules import (
    Encounter,
    IllegalAction,
    InvalidAction,
    LimitExceeded,
    RulesError,
    apply,
)
from service.store.errors import SessionDamaged

from .models import ActionModels
from .observability import record_outcome, record_problem, request_id_var

INTERNAL_LOC = ("function-", "json-or-python")
UNKNOWN_FIELD = frozenset({"extra_forbidden", "unexpected_keyword_argument"})
"""pydantic's error types for a field the model does not have (models and dataclasses)."""
PROBLEM_BASE = "/problems/"
"""A problem's ``type`` is this and its code: a reference relative to the service (RFC 9457
allows it), where ``GET /problems/{code}`` says what the code means (ADR 0004)."""
PROBLEM_JSON = "application/problem+json"


@dataclass(slots=True)
class FieldError:
    """One bad field: where it is, as a dotted path (``encounter.combatants[2].position``)
    and as a JSON Pointer into the request's body (``/encounter/combatants/2/position``;
    None for what is not in the body, a header), and what is wrong."""

    path: str
    message: str
    pointer: str | None = None

    @classmethod
    def at(cls, where: tuple[str | int, ...], message: str) -> FieldError:
        """The error of the field at ``where`` (keys and indexes from the body's root)."""
        return cls(format_path(where), message, json_pointer(where))


class Kind(StrEnum):
    """What kind of failure a problem is: the one thing both doors map from.

    REST answers :attr:`status` (:data:`STATUS`); GraphQL answers the error result type its
    schema maps the kind to (``service.api.graphql.problems``). ``code`` refines a kind
    (``session-not-found``, ``deadline-exceeded``...) without changing how it is answered.
    """

    INVALID_INPUT = "invalid-input"
    RULE_VIOLATION = "rule-violation"
    NOT_FOUND = "not-found"
    VERSION_CONFLICT = "version-conflict"
    CONFLICT = "conflict"
    UNAVAILABLE = "unavailable"
    TOO_LARGE = "too-large"
    UNSUPPORTED_MEDIA_TYPE = "unsupported-media-type"
    BAD_REQUEST = "bad-request"
    UNAUTHORIZED = "unauthorized"
    FORBIDDEN = "forbidden"
    RATE_LIMITED = "rate-limited"
    METHOD_NOT_ALLOWED = "method-not-allowed"
    REQUEST_TIMEOUT = "request-timeout"
    QUOTA_EXCEEDED = "quota-exceeded"
    DAMAGED = "damaged"
    INTERNAL = "internal"

    @property
    def status(self) -> int:
        """The HTTP status REST answers a problem of this kind with."""
        return STATUS[self]


STATUS: dict[Kind, int] = {
    Kind.INVALID_INPUT: 422,
    Kind.RULE_VIOLATION: 409,
    Kind.NOT_FOUND: 404,
    Kind.VERSION_CONFLICT: 412,
    Kind.CONFLICT: 409,
    Kind.UNAVAILABLE: 503,
    Kind.TOO_LARGE: 413,
    Kind.UNSUPPORTED_MEDIA_TYPE: 415,
    Kind.BAD_REQUEST: 400,
    Kind.UNAUTHORIZED: 401,
    Kind.FORBIDDEN: 403,
    Kind.RATE_LIMITED: 429,
    Kind.METHOD_NOT_ALLOWED: 405,
    Kind.REQUEST_TIMEOUT: 408,
    Kind.QUOTA_EXCEEDED: 507,
    Kind.DAMAGED: 502,
    Kind.INTERNAL: 500,
}


@dataclass(slots=True)
class Problem(Exception):
    """A failure a client can act on (RFC 9457 problem details)."""

    kind: Kind
    code: str
    title: str
    detail: str
    errors: list[FieldError] = field(default_factory=list)
    rule: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    """More members of the problem body (``currentVersion`` of a version conflict)."""

    @property
    def status(self) -> int:
        return self.kind.status

    def body(self) -> dict[str, Any]:
        """The problem+json document; inside a request, with its ``requestId`` (the
        ``X-Request-ID`` the response carries)."""
        out = problem_document(self.status, self.code, self.title, self.detail)
        if self.errors:
            out["errors"] = [error_json(e) for e in self.errors]
        if self.rule is not None:
            out["rule"] = self.rule
        out.update(self.extra)
        if (request_id := request_id_var.get()) is not None:
            out["requestId"] = request_id
        return out


def problem_document(status: int, code: str, title: str, detail: str) -> dict[str, Any]:
    """The members every problem document has (RFC 9457, and the service's ``code``, one of
    :data:`~service.api.codes.CODES`)."""
    check_code(code)
    return {
        "type": PROBLEM_BASE + code,
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
    }


def problem_json(document: dict[str, Any]) -> bytes:
    """A problem document as the body of an ``application/problem+json`` response: compact
    JSON, as Starlette's ``JSONResponse`` renders it."""
    return json.dumps(
        document, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode()


def render_problem(problem: Problem) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """The one rendering of a problem every door answers: its body and its response
    headers (content type and length first, then the problem's own)."""
    body = problem_json(problem.body())
    headers = [
        (b"content-type", PROBLEM_JSON.encode()),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in problem.headers.items()),
    ]
    return body, headers


def problem_response(problem: Problem) -> Response:
    """A problem as a Starlette response (counted in the metrics)."""
    record_problem(problem)
    body, headers = render_problem(problem)
    response = Response(body, status_code=problem.status)
    response.raw_headers = headers
    return response


async def send_problem(send: Send, problem: Problem) -> None:
    """Answer a problem on a raw ASGI ``send`` (middleware that answers before the app)."""
    body, headers = render_problem(problem)
    await send({"type": "http.response.start", "status": problem.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def error_json(error: FieldError) -> dict[str, str]:
    """A field error as a problem's ``errors`` lists it."""
    out = {"path": error.path, "message": error.message}
    if error.pointer is not None:
        out["pointer"] = error.pointer
    return out


def json_pointer(path: tuple[str | int, ...] | list[str | int]) -> str:
    """``path`` as a JSON Pointer (RFC 6901): ``("combatants", 2, "hp")`` is
    ``/combatants/2/hp``."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def format_path(path: tuple[str | int, ...] | list[str | int]) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


def invalid(message: str, path: tuple[str | int, ...] = (), code: str = "invalid-input") -> Problem:
    where = format_path(path)
    return Problem(
        Kind.INVALID_INPUT,
        code,
        "Invalid input",
        f"{where}: {message}" if where else message,
        [FieldError.at(path, message)],
    )


def from_validation_error(
    error: ValidationError, prefix: tuple[str | int, ...] = (), *, root: Any = None
) -> Problem:
    """The problem of a pydantic error: each bad field with its path. With ``root`` (the
    validated type), an unknown field's message names the known field it most looks like."""
    errors = []
    for e in error.errors(include_url=False):
        loc = _loc(e["loc"])
        message = e["msg"]
        if e["type"] in UNKNOWN_FIELD and root is not None and loc:
            message = unknown_field(str(loc[-1]), fields_at(root, loc[:-1]))
        errors.append(FieldError.at((*prefix, *loc), message))
    first = errors[0]
    detail = f"{first.path}: {first.message}" if first.path else first.message
    if len(errors) > 1:
        detail += f" (and {len(errors) - 1} more)"
    return Problem(Kind.INVALID_INPUT, "invalid-input", "Invalid input", detail, errors)


def unknown_field(name: str, known: list[str]) -> str:
    """``unknown field``, and the known field ``name`` most looks like (case, snake_case or a
    typo away), if one does."""
    folded = {k.lower().replace("_", ""): k for k in known}
    guess = folded.get(name.lower().replace("_", ""))
    if guess is None:
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.7)
        guess = close[0] if close else None
    if guess is None:
        return "unknown field" + (f"; the fields here are {', '.join(known)}" if known else "")
    return f"unknown field; did you mean `{guess}`?"


def fields_at(root: Any, path: list[str | int]) -> list[str]:
    """The wire names of the fields of the object at ``path`` inside type ``root``."""
    tp = _object_type(root)
    for part in path:
        if tp is None:
            return []
        if isinstance(part, int):
            tp = _object_type(_item_type(tp))
            continue
        hints = get_type_hints(tp, include_extras=True)
        by_alias = {to_camel(f.name): f.name for f in dataclasses.fields(tp)}
        if part not in by_alias:
            return []
        tp = _object_type(hints[by_alias[part]])
    if tp is None or not dataclasses.is_dataclass(tp):
        return []
    return [to_camel(f.name) for f in dataclasses.fields(tp)]


def _object_type(tp: Any) -> Any:
    """The dataclass or list type ``tp`` holds (through ``Annotated`` and ``| None``)."""
    origin = get_origin(tp)
    if origin is Annotated:
        return _object_type(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        for arg in get_args(tp):
            if (found := _object_type(arg)) is not None:
                return found
        return None
    if origin is list or (isinstance(tp, type) and dataclasses.is_dataclass(tp)):
        return tp
    return None


def _item_type(tp: Any) -> Any:
    return get_args(tp)[0] if get_origin(tp) is list else None


def _loc(loc: tuple[Any, ...]) -> list[str | int]:
    parts: list[str | int] = []
    for part in loc:
        if isinstance(part, int) or not str(part).startswith(INTERNAL_LOC):
            parts.append(part)
    return parts


def from_rules_error(error: RulesError) -> Problem:
    if isinstance(error, LimitExceeded):
        problem = invalid(error.message, error.path, error.code)
        problem.extra.update(limit=error.limit, max=error.maximum)
        return problem
    if isinstance(error, InvalidAction):
        return invalid(error.message, error.path, error.code)
    if isinstance(error, IllegalAction):
        return Problem(
            Kind.RULE_VIOLATION,
            error.code,
            "Not allowed by the rules",
            error.message,
            rule=error.rule,
        )
    return Problem(Kind.INVALID_INPUT, error.code, "Invalid input", error.message)


def from_damaged(error: SessionDamaged) -> Problem:
    """The problem of a session whose stored record the store cannot read: 502
    ``session-damaged``, naming the session (``sessionId``), the kind of record (``part``)
    and its position (``index``, for an event or a step).

    502, because the service's upstream, Redis, answered with a record this service did not
    write (RFC 9110, 15.6.3: an invalid response from an inbound server). Not 500: nothing
    in this service failed, and the answer says exactly what did. Not 503 with
    ``Retry-After``: the damage is not temporary, and a retry cannot succeed until the
    record is repaired or the session deleted (which still works). Not a 4xx: the request
    was right. The ``code`` tells it from a proxy's own 502.
    """
    extra: dict[str, Any] = {"sessionId": error.session_id, "part": error.part}
    if error.index is not None:
        extra["index"] = error.index
    return Problem(
        Kind.DAMAGED, "session-damaged", "Stored session damaged", str(error), extra=extra
    )


def draw_seed() -> int:
    return secrets.randbelow(2**31)


class Interrupted(Exception):
    """The request the engine was working for has been given up (its deadline passed)."""


class Interruptible(Random):
    """``random.Random(seed)`` that raises :class:`Interrupted` once ``stop`` is set: the
    engine draws from it, so work given up stops at its next draw.

    It draws exactly the same numbers as ``Random(seed)``: only the check is added.
    """

    def __init__(self, seed: int, stop: threading.Event) -> None:
        self._stop = stop
        super().__init__(seed)

    def random(self) -> float:
        if self._stop.is_set():
            raise Interrupted
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if self._stop.is_set():
            raise Interrupted
        return super().getrandbits(k)


def run_action(
    models: ActionModels,
    encounter: Encounter,
    request: Any,
    *,
    count: bool = True,
    stop: threading.Event | None = None,
    trusted: bool = False,
) -> Any:
    """Apply the requested action; return the response dataclass or raise a :class:`Problem`.

    ``count`` records the outcome in the metrics; a session write counts only once the
    store has written it (its compare-and-set may run this more than once). ``stop``, when
    given, makes the engine stop (raising :class:`Interrupted`) at its next draw once set.
    ``trusted``: the encounter is one the engine answered (or checked) in this process,
    not checked again (the engine's ``apply(..., trusted=True)``).
    """
    seed = request.seed if request.seed is not None else draw_seed()
    rng = Random(seed) if stop is None else Interruptible(seed, stop)
    try:
        result = apply(encounter, models.params(request), rng, trusted=trusted)
    except RulesError as e:
        raise from_rules_error(e) from None
    if count:
        record_outcome(models.spec.name, encounter.ruleset, result.outcome)
    if models.spec.query:
        return models.response(events=result.events, outcome=result.outcome, seed=seed)
    return models.response(
        encounter=result.encounter,
        events=result.events,
        outcome=result.outcome,
        seed=seed,
        changes=changes(encounter, result.encounter),
    )


def minimal_json(models: ActionModels, before: Encounter, response: Any) -> bytes:
    """``response`` as a ``Prefer: return=minimal`` answer sends it: every null and default
    left out (its encounter is then a valid request's, not every member of the output
    schema), and an action's ``changes`` between the minimal forms of ``before`` and its
    encounter, so that they patch the previous minimal answer into this one."""
    if not models.spec.query:
        response = dataclasses.replace(
            response, changes=changes(before, response.encounter, minimal=True)
        )
    content: bytes = models.response_adapter.dump_json(
        response, by_alias=True, exclude_defaults=True, exclude_none=True
    )
    return content

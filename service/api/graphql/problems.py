"""A :class:`Problem` as the GraphQL door answers it: the typed error result of its kind
(:data:`RESULTS`: ``InvalidInput``, ``NotFound``...), a member of the field's result union.
The entries of an answer's ``errors`` are :mod:`.errors`'."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import strawberry
from strawberry.types import Info

from service.api.core import Kind, Problem
from service.api.observability import record_problem


@strawberry.type(description="One bad field of the input.")
class FieldError:
    path: str = strawberry.field(description="Where: `encounter.combatants[2].position`.")
    message: str
    pointer: str | None = strawberry.field(
        default=None,
        description="Where, as a JSON Pointer into the input (`/encounter/combatants/2/position`).",
    )


@strawberry.interface(description="Every error result has a code and a message.")
class Error:
    code: str = strawberry.field(description="A stable machine-readable error code.")
    message: str


@strawberry.type(
    description="The input is malformed or inconsistent (REST: 422). `limit-exceeded`: it "
    "asks for more work than the engine's budget allows; `limit` names the limit and `max` "
    "is its value."
)
class InvalidInput(Error):
    errors: list[FieldError]
    limit: str | None = strawberry.field(
        default=None, description="`limit-exceeded`: the name of the limit passed."
    )
    max: int | None = strawberry.field(
        default=None, description="`limit-exceeded`: the limit's value."
    )


@strawberry.type(description="The rules forbid this action (REST: 409).")
class RuleViolation(Error):
    rule: str = strawberry.field(description="The id of the rule, as listed in RULES.md.")


@strawberry.type(description="No such session: never created, deleted or expired (REST: 404).")
class NotFound(Error):
    pass


@strawberry.type(
    description="The session is not at `expectedVersion`; nothing was changed (REST: 412)."
)
class VersionConflict(Error):
    current_version: int = strawberry.field(description="The session's current version.")


@strawberry.type(
    description="The request conflicts with the session's state: nothing to undo, or a "
    "request with the same idempotency key still in progress (REST: 409)."
)
class Conflict(Error):
    pass


@strawberry.type(
    description="The service cannot answer now; retry after `retryAfter` seconds (REST: "
    "503). `deadline-exceeded`: the engine did not finish in time and nothing was changed. "
    "`store-unavailable`: the session store did not answer; for a write the outcome is "
    "unknown, so retry with the same `idempotencyKey`."
)
class Unavailable(Error):
    retry_after: int = strawberry.field(description="Seconds to wait before retrying.")


@strawberry.type(
    description="A tenant quota is used up (REST: 507): `quota` names it (`sessions`, "
    "`bytes`, `subscriptions`); free some (delete sessions) or ask for a larger one."
)
class QuotaExceeded(Error):
    quota: str = strawberry.field(description="The quota used up.")
    limit: int = strawberry.field(description="The tenant's limit for it.")


@strawberry.type(
    description="A record the session keeps in the store is damaged (not JSON, or not of "
    "its shape): nothing was changed, and retrying does not help; the session can still be "
    "deleted (REST: 502 `session-damaged`)."
)
class SessionDamaged(Error):
    session_id: str = strawberry.field(description="The damaged session.")
    part: str = strawberry.field(
        description="The damaged record: `state`, `document`, `event`, `step`, `snapshot` or "
        "`record` (an idempotency record)."
    )
    index: int | None = strawberry.field(
        default=None, description="An event's index or a step's version, for those."
    )


@strawberry.type(
    description="A seat token asked for what its seat may not do (REST: 403 "
    "`seat-forbidden`): another session, a stateless action, the DM's operations, or acting "
    "as a creature not the seat's (docs/seats.md)."
)
class Forbidden(Error):
    seat_id: str = strawberry.field(description="The seat that asked.")
    combatant_id: str | None = strawberry.field(
        default=None, description="The creature it may not act as, if that is the reason."
    )


ErrorResult = (
    InvalidInput
    | RuleViolation
    | NotFound
    | VersionConflict
    | Conflict
    | QuotaExceeded
    | SessionDamaged
    | Forbidden
    | Unavailable
)
ERROR_TYPES = (
    InvalidInput,
    RuleViolation,
    NotFound,
    VersionConflict,
    Conflict,
    QuotaExceeded,
    SessionDamaged,
    Forbidden,
    Unavailable,
)


def _invalid_input(problem: Problem) -> InvalidInput:
    errors = [FieldError(path=e.path, message=e.message, pointer=e.pointer) for e in problem.errors]
    limit, maximum = problem.extra.get("limit"), problem.extra.get("max")
    return InvalidInput(
        code=problem.code,
        message=problem.detail,
        errors=errors,
        limit=limit if isinstance(limit, str) else None,
        max=maximum if isinstance(maximum, int) else None,
    )


def _unavailable(problem: Problem) -> Unavailable:
    retry_after = int(problem.headers.get("Retry-After", "1"))
    return Unavailable(code=problem.code, message=problem.detail, retry_after=retry_after)


RESULTS: dict[Kind, Callable[[Problem], Any]] = {
    Kind.INVALID_INPUT: _invalid_input,
    Kind.RULE_VIOLATION: lambda p: RuleViolation(code=p.code, message=p.detail, rule=p.rule or ""),
    Kind.NOT_FOUND: lambda p: NotFound(code=p.code, message=p.detail),
    Kind.VERSION_CONFLICT: lambda p: VersionConflict(
        code=p.code, message=p.detail, current_version=int(p.extra["currentVersion"])
    ),
    Kind.CONFLICT: lambda p: Conflict(code=p.code, message=p.detail),
    Kind.UNAVAILABLE: _unavailable,
    Kind.INTERNAL: _unavailable,
    Kind.DAMAGED: lambda p: SessionDamaged(
        code=p.code,
        message=p.detail,
        session_id=str(p.extra.get("sessionId", "")),
        part=str(p.extra.get("part", "")),
        index=p.extra.get("index"),
    ),
    Kind.TOO_LARGE: _invalid_input,
    Kind.UNSUPPORTED_MEDIA_TYPE: _invalid_input,
    Kind.BAD_REQUEST: _invalid_input,
    Kind.METHOD_NOT_ALLOWED: _invalid_input,
    Kind.UNAUTHORIZED: _invalid_input,
    Kind.FORBIDDEN: lambda p: Forbidden(
        code=p.code,
        message=p.detail,
        seat_id=str(p.extra.get("seatId", "")),
        combatant_id=p.extra.get("combatantId"),
    ),
    Kind.RATE_LIMITED: _unavailable,
    Kind.REQUEST_TIMEOUT: _unavailable,
    Kind.QUOTA_EXCEEDED: lambda p: QuotaExceeded(
        code=p.code, message=p.detail, quota=str(p.extra["quota"]), limit=int(p.extra["limit"])
    ),
}
"""The GraphQL result of each kind of problem (REST answers ``kind.status`` instead)."""


def error_result(problem: Problem) -> Any:
    """The typed GraphQL error result of a problem."""
    record_problem(problem)
    return RESULTS[problem.kind](problem)


class ProblemResults(strawberry.ExceptionHandler[Problem, Unavailable]):
    """The one place a :class:`Problem` raised by a resolver becomes its typed result.

    It applies to every field whose result union has ``Unavailable`` (every union of the schema
    has it); a kind whose result type the field's union lacks stays a GraphQL error.
    """

    def handle(self, exception: Problem, *, field: Any, info: Info) -> Any:
        result = error_result(exception)
        if type(result) not in getattr(info.return_type, "types", ()):
            return None
        return result

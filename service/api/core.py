"""What both doors share: running an action, and turning any failure into a :class:`Problem`.

REST renders a problem as ``application/problem+json`` (RFC 9457); GraphQL as a typed
member of the mutation's result union. The mapping from error to status lives here, once.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from random import Random
from typing import Any

from pydantic import ValidationError

from service.rules import Encounter, IllegalAction, InvalidAction, RulesError, apply

from .models import ActionModels
from .observability import record_outcome

INTERNAL_LOC = ("function-", "json-or-python")
PROBLEM_BASE = "https://combat-rules.dev/problems/"


@dataclass(slots=True)
class FieldError:
    """One bad field: where it is (``encounter.combatants[2].position``) and what is wrong."""

    path: str
    message: str


@dataclass(slots=True)
class Problem(Exception):
    """A failure a client can act on (RFC 9457 problem details)."""

    status: int
    code: str
    title: str
    detail: str
    errors: list[FieldError] = field(default_factory=list)
    rule: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    """More members of the problem body (``currentVersion`` of a version conflict)."""

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": PROBLEM_BASE + self.code,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
        }
        if self.errors:
            out["errors"] = [{"path": e.path, "message": e.message} for e in self.errors]
        if self.rule is not None:
            out["rule"] = self.rule
        out.update(self.extra)
        return out


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
        422,
        code,
        "Invalid input",
        f"{where}: {message}" if where else message,
        [FieldError(where, message)],
    )


def from_validation_error(error: ValidationError, prefix: tuple[str | int, ...] = ()) -> Problem:
    errors = [
        FieldError(format_path((*prefix, *_loc(e["loc"]))), e["msg"])
        for e in error.errors(include_url=False)
    ]
    first = errors[0]
    detail = f"{first.path}: {first.message}" if first.path else first.message
    if len(errors) > 1:
        detail += f" (and {len(errors) - 1} more)"
    return Problem(422, "invalid-input", "Invalid input", detail, errors)


def _loc(loc: tuple[Any, ...]) -> list[str | int]:
    parts: list[str | int] = []
    for part in loc:
        if isinstance(part, int) or not str(part).startswith(INTERNAL_LOC):
            parts.append(part)
    return parts


def from_rules_error(error: RulesError) -> Problem:
    if isinstance(error, InvalidAction):
        return invalid(error.message, error.path, error.code)
    if isinstance(error, IllegalAction):
        return Problem(409, error.code, "Not allowed by the rules", error.message, rule=error.rule)
    return Problem(422, error.code, "Invalid input", error.message)


def draw_seed() -> int:
    return secrets.randbelow(2**31)


def run_action(
    models: ActionModels, encounter: Encounter, request: Any, *, count: bool = True
) -> Any:
    """Apply the requested action; return the response dataclass or raise a :class:`Problem`.

    ``count`` records the outcome in the metrics; a session write counts only once the
    store has written it (its compare-and-set may run this more than once).
    """
    seed = request.seed if request.seed is not None else draw_seed()
    try:
        result = apply(encounter, models.params(request), Random(seed))
    except RulesError as e:
        raise from_rules_error(e) from None
    if count:
        record_outcome(models.spec.name, encounter.ruleset, result.outcome)
    if models.spec.query:
        return models.response(result.events, result.outcome, seed)
    return models.response(result.encounter, result.events, result.outcome, seed)

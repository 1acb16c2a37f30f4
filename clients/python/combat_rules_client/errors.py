"""Contains shared errors types that can be raised from API functions"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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


__all__ = ["ProblemError", "UnexpectedStatus"]

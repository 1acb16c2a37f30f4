"""``Prefer: return=minimal`` (RFC 7240): an action's answer without its nulls and defaults.

The preference is honoured on action answers (stateless and on sessions); an answer that
honours it says so with ``Preference-Applied``, and every action answer varies on
``Prefer``. A replayed answer (``Idempotency-Key``) is the one first given, in its form.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

MINIMAL = "return=minimal"


def prefers_minimal(request: Request) -> bool:
    """Whether the request's ``Prefer`` headers ask for ``return=minimal`` (names and
    values compared without case, a value quoted or not, parameters after ``;`` ignored)."""
    for header in request.headers.getlist("prefer"):
        for preference in header.split(","):
            name, _, value = preference.split(";", 1)[0].partition("=")
            if name.strip().lower() == "return" and value.strip().strip('"').lower() == "minimal":
                return True
    return False


def answered(response: Response, *, minimal: bool) -> Response:
    """``response`` with ``Vary: Prefer``, and ``Preference-Applied`` when it is minimal."""
    response.headers.append("Vary", "Prefer")
    if minimal:
        response.headers["Preference-Applied"] = MINIMAL
    return response

"""The REST door's preconditions: the version a write's ``If-Match`` requires."""

from __future__ import annotations

import re

from starlette.requests import Request

from service.api import sessions
from service.api.core import FieldError, Kind, Problem

__all__ = ["NO_MATCH", "bad_if_match", "expected_version"]

_STRONG_TAG = re.compile(r'"([0-9]{1,18})"')
_WEAK_TAG = re.compile(r'W/"([0-9]{1,18})"')
NO_MATCH = -1
"""The expected version of an ``If-Match`` no version can satisfy."""


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
        sessions.store_of(request), sessions.access_of(request, session_id).tenant, session_id
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

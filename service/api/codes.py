"""Every problem ``code`` the service answers, with what it means: the one catalogue the
contract (the ``Problem`` schema), the docs and the GraphQL error types' ``code`` draw on.

A code is stable: a client may switch on it. The list may grow; a client that meets a code
it does not know handles it by the HTTP status (or the GraphQL error type). A problem
rendered with a code missing here warns (:func:`check_code`), and the test suite turns
warnings into failures, so the catalogue cannot fall behind the code.
"""

from __future__ import annotations

import warnings
from typing import Final

CODES: Final[dict[str, str]] = {
    # input (400, 413, 415, 422)
    "bad-request": "The request is not one the service can read (a malformed GraphQL request).",
    "invalid-json": "The body is not JSON, has a key twice, or nests too deep.",
    "invalid-if-match": '`If-Match` is not a version\'s strong `ETag` (`"3"`) or `*`.',
    "invalid-input": "A field is missing, malformed or inconsistent with the encounter; "
    "`errors` names each one by its path.",
    "limit-exceeded": "The request asks for more work than the engine's budget allows; "
    "`limit` and `max` name the limit and its value.",
    "unknown-ruleset": "The encounter names a ruleset the service does not host.",
    "not-supported": "The ruleset does not have this action.",
    "body-too-large": "The body is larger than `CRS_MAX_BODY_BYTES`.",
    "headers-too-large": "The request's headers are larger than the service reads.",
    "unsupported-media-type": "The body is not sent as `application/json`.",
    # rules (409)
    "rule-violation": "The rules forbid the action; `rule` is its id in RULES.md.",
    "rules-error": "The rules refused the action for a reason of their own.",
    # sessions (404, 409, 412, 502, 507)
    "session-not-found": "No such session: never created, deleted, expired, or another tenant's.",
    "not-found": "No such resource.",
    "version-conflict": "The session is not at the version `If-Match` names; `currentVersion` is.",
    "nothing-to-undo": "The session's undo history is empty.",
    "nothing-to-reveal": "The session has no dice commitment to reveal (it was created before "
    "fair dice).",
    "too-many-reveals": "The session's dice secret was revealed as many times as it may be "
    "(`limit`).",
    "session-not-reproduced": "A fork was refused: the session's replay log does not reproduce "
    "it up to the version asked (`version` is the first that differs; `verifySession` says "
    "more).",
    "idempotency-key-reused": "The idempotency key was used for another request.",
    "idempotency-in-progress": "A request with the same idempotency key is still running.",
    "session-busy": "Too many writes to the session are waiting; retry after `Retry-After`.",
    "session-damaged": "A record of the session in Redis is not what the service writes; "
    "`part` (and `index`) say which.",
    "session-quota-exceeded": "The tenant holds as many live sessions as it may.",
    "storage-quota-exceeded": "The tenant's sessions hold as many bytes as they may.",
    "subscription-quota-exceeded": "The tenant follows as many sessions as it may at once.",
    # seats (403, 404, 409)
    "seat-forbidden": "A seat token asked for what its seat may not do: another session, the "
    "DM's operations, or acting as a creature not its own; `seatId` (and `combatantId`) say "
    "which.",
    "seat-not-found": "The session has no such seat (never made, or revoked).",
    "too-many-seats": "The session holds as many seats as it may (`limit`).",
    "proposal-not-found": "No such proposal is waiting: never made, approved, rejected, stale "
    "or its seat revoked.",
    "proposal-stale": "The session has moved on from the version the proposal was made on "
    "(`version`); it was dropped.",
    "too-many-proposals": "As many proposals wait in the session as may (`limit`).",
    # the service (401, 404, 405, 408, 429, 500, 503)
    "unauthorized": "No API key (or seat token), or not an active one.",
    "route-not-found": "No route answers the path; every route is in `/openapi.json`.",
    "rule-not-found": "No rule of RULES.md has that id.",
    "method-not-allowed": "The route does not answer that method; `Allow` lists those it does.",
    "request-timeout": "The request's headers or body did not arrive in time.",
    "rate-limited": "The tenant is over its rate limit; retry after `Retry-After`.",
    "deadline-exceeded": "The engine did not finish within its deadline; nothing changed.",
    "store-unavailable": "The session store did not answer; retry after `Retry-After` (for a "
    "write, with the same idempotency key).",
    "store-error": "The session store answered something the service did not expect.",
    "internal": "The service failed; report it with the request id.",
}


class UncataloguedCode(UserWarning):
    """A problem was rendered with a code that is not in :data:`CODES`."""


def check_code(code: str) -> None:
    """Warn when ``code`` is not in the catalogue."""
    if code not in CODES:
        warnings.warn(
            f"problem code {code!r} is not in service.api.codes.CODES",
            UncataloguedCode,
            stacklevel=3,
        )

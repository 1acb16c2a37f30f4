"""The errors the session store raises.

Each one is a :class:`StoreError`; the transports map them to answers:

==========================  =====================================
:class:`SessionNotFound`     404 (REST), ``NotFound`` (GraphQL)
:class:`VersionConflict`     412 (REST), ``VersionConflict`` (GraphQL)
:class:`NothingToUndo`       409
:class:`NothingToReveal`     409
:class:`TooManyReveals`      409
:class:`SeatNotFound`        404 ``seat-not-found``
:class:`TooManySeats`        409 ``too-many-seats``
:class:`TooManyProposals`    409 ``too-many-proposals``
:class:`IdempotencyKeyReused`  422
:class:`IdempotencyInProgress`  409
:class:`InvalidArgument`     400 (it is also a :class:`ValueError`)
:class:`SessionBusy`         409 with ``Retry-After: retry_after``
:class:`QuotaExceeded`       507 (its code names the quota)
:class:`StoreUnavailable`    503 with ``Retry-After: retry_after``
:class:`SessionDamaged`      502 ``session-damaged`` (GraphQL: ``SessionDamaged``)
==========================  =====================================
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "IdempotencyInProgress",
    "IdempotencyKeyReused",
    "InvalidArgument",
    "NothingToReveal",
    "NothingToUndo",
    "Part",
    "Quota",
    "QuotaExceeded",
    "SeatNotFound",
    "SessionBusy",
    "SessionDamaged",
    "SessionNotFound",
    "StoreError",
    "StoreUnavailable",
    "TooManyProposals",
    "TooManyReveals",
    "TooManySeats",
    "VersionConflict",
]

Quota = Literal["sessions", "bytes", "subscriptions"]
Part = Literal["state", "document", "event", "step", "snapshot", "record"]
"""The kinds of record a session keeps in Redis: its ``state`` (the version, times and size
in the session's hash), its ``document``, an ``event`` of its log, a ``step`` of its replay
log, an undo ``snapshot``, an idempotency ``record``."""


class StoreError(Exception):
    """Base of every error the session store raises on purpose."""


class SessionNotFound(StoreError):
    """No such session for this tenant: never created, deleted, expired, or a malformed id."""

    def __init__(self, session_id: str) -> None:
        super().__init__(f"session not found: {session_id!r}")
        self.session_id = session_id


class VersionConflict(StoreError):
    """The session is not at the expected version."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"version conflict: the session is at version {current_version}")
        self.current_version = current_version


class NothingToUndo(StoreError):
    """The session's undo history is empty."""

    def __init__(self, session_id: str) -> None:
        super().__init__(f"nothing to undo in session {session_id!r}")
        self.session_id = session_id


class NothingToReveal(StoreError):
    """The session has no dice commitment (it was created before fair dice)."""

    def __init__(self, session_id: str) -> None:
        super().__init__(f"session {session_id!r} has no dice commitment to reveal")
        self.session_id = session_id


class TooManyReveals(StoreError):
    """The session's dice secret was revealed as many times as a session's may be."""

    def __init__(self, session_id: str, limit: int) -> None:
        super().__init__(f"session {session_id!r} was revealed {limit} times, the most it may")
        self.session_id = session_id
        self.limit = limit


class SeatNotFound(StoreError):
    """The session has no such seat (never made, or revoked)."""

    def __init__(self, session_id: str, seat_id: str) -> None:
        super().__init__(f"session {session_id!r} has no seat {seat_id[:40]!r}")
        self.session_id = session_id
        self.seat_id = seat_id


class TooManySeats(StoreError):
    """The session holds as many seats as a session may."""

    def __init__(self, session_id: str, limit: int) -> None:
        super().__init__(f"session {session_id!r} holds {limit} seats, the most it may")
        self.session_id = session_id
        self.limit = limit


class TooManyProposals(StoreError):
    """As many proposals wait in the session as may."""

    def __init__(self, session_id: str, limit: int) -> None:
        super().__init__(f"session {session_id!r} holds {limit} proposals, the most it may")
        self.session_id = session_id
        self.limit = limit


class IdempotencyKeyReused(StoreError):
    """The idempotency key was first used with a different request."""

    def __init__(self) -> None:
        super().__init__("the idempotency key was already used with a different request")


class IdempotencyInProgress(StoreError):
    """The first request with this idempotency key has not finished yet."""

    def __init__(self) -> None:
        super().__init__("a request with this idempotency key is still in progress")


class SessionBusy(StoreError):
    """Nothing was written: too many writes to this session are already waiting in this
    process, one waited longer than the store's queue timeout, or other processes kept
    writing the session between each read and write past the retry bound. Worth retrying
    after ``retry_after`` seconds (Redis itself is fine)."""

    def __init__(self, session_id: str, retry_after: int = 1) -> None:
        super().__init__(f"session {session_id!r} is busy with other writes; retry later")
        self.session_id = session_id
        self.retry_after = retry_after


class QuotaExceeded(StoreError):
    """Nothing was done: the tenant is at one of its quotas.

    ``quota`` names it: ``"sessions"`` (live sessions), ``"bytes"`` (stored bytes of its
    sessions) or ``"subscriptions"`` (open subscriptions in this process); ``limit`` is its
    value. Deleting sessions (or ending subscriptions) makes room; sessions also free theirs
    when they expire.
    """

    def __init__(self, quota: Quota, limit: int) -> None:
        what, remedy = {
            "sessions": ("live sessions", "delete sessions to make room"),
            "bytes": ("stored bytes", "delete sessions to make room"),
            "subscriptions": ("open subscriptions", "end other subscriptions first"),
        }[quota]
        super().__init__(f"the tenant is at its quota of {limit} {what}: {remedy}")
        self.quota: Quota = quota
        self.limit = limit


class InvalidArgument(StoreError, ValueError):
    """An argument is out of range (a page limit or offset, an idempotency key)."""


class StoreUnavailable(StoreError):
    """Redis is down, slow or refusing; worth retrying after ``retry_after`` seconds.

    Raised within the store's timeout. The outcome of a write that raised it is unknown:
    retry it with the same idempotency key to learn it without applying it twice.
    """

    def __init__(self, message: str = "the session store is unavailable", retry_after: int = 1):
        super().__init__(message)
        self.retry_after = retry_after


class SessionDamaged(StoreError):
    """A record of the session in Redis is not what the store writes: not JSON, or not of
    the shape the store gives it (changed or cut by something other than the store).

    Nothing was changed, and retrying does not help: the session can still be deleted (or
    its record restored from a backup). ``part`` names the kind of record, ``index`` its
    position when it is one of a list (an event's index, a step's version), ``reason``
    what is wrong with it.
    """

    def __init__(self, session_id: str, part: Part, reason: str, index: int | None = None):
        where = part if index is None else f"{part} {index}"
        super().__init__(f"the stored session {session_id!r} is damaged: its {where} {reason}")
        self.session_id = session_id
        self.part: Part = part
        self.index = index
        self.reason = reason

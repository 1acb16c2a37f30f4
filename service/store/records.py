"""What the session store hands out and takes in: sessions, changes, events and pages.

Plain values: nothing here talks to Redis.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic_core import from_json

from service.jsontext import encode
from service.store.errors import InvalidArgument

__all__ = [
    "MAX_FACTS",
    "MAX_PAGE",
    "MAX_REVEALS",
    "Action",
    "Applied",
    "Change",
    "Document",
    "Encoded",
    "Event",
    "EventPage",
    "Gone",
    "Missed",
    "Proposal",
    "Proposed",
    "Reveal",
    "Seat",
    "Session",
    "SessionList",
    "SessionUpdate",
    "StepPage",
    "Stored",
    "StoredAction",
    "Summary",
    "Transcript",
    "TranscriptPage",
    "check_page",
]

Document = dict[str, Any]
"""A session's document: any JSON object."""

MAX_PAGE = 200
"""The largest page of events, steps or sessions the store returns."""


def check_page(offset: int, limit: int) -> None:
    """Refuse a page that starts before 0 or holds fewer than 1 or more than
    :data:`MAX_PAGE` items.

    :raises InvalidArgument: for either.
    """
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise InvalidArgument(f"offset must be an integer >= 0, not {offset!r}")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_PAGE:
        raise InvalidArgument(f"limit must be an integer from 1 to {MAX_PAGE}, not {limit!r}")


MAX_REVEALS = 100
"""The most times one session's dice secret may be revealed (:meth:`Dice.reveal`)."""

MAX_FACTS = 1024
"""The most bytes of a version's :attr:`Change.facts`, encoded."""


class Session:
    """One version of a session.

    ``document`` is decoded from the stored JSON (:attr:`json`) the first time it is read, so
    a write that hands back what it wrote, or a read nobody looks into, decodes nothing.
    Two sessions are equal when their id, version, document and times are; ``title`` is
    metadata (:meth:`SessionStore.retitle`), no part of a version.
    """

    __slots__ = (
        "_document",
        "_json",
        "commitment",
        "created",
        "id",
        "replayed",
        "title",
        "updated",
        "version",
    )

    def __init__(
        self,
        id: str,
        version: int,
        document: Document | None,
        created: datetime,
        updated: datetime,
        replayed: bool = False,
        *,
        json: bytes | None = None,
        title: str | None = None,
        commitment: str | None = None,
    ) -> None:
        if document is None and json is None:
            raise ValueError("a session needs its document or its JSON")
        self.id = id
        self.version = version
        self.created = created
        self.updated = updated
        self.replayed = replayed
        """From :meth:`SessionStore.create` with an idempotency key: this is the session an
        earlier request with that key created (nothing was created now)."""
        self._document = document
        self._json = json
        self.title = title
        self.commitment = commitment
        """The SHA-256 (hex) of the session's current dice secret (see
        :meth:`Dice.reveal`); None for a session without fair dice."""

    @property
    def document(self) -> Document:
        if self._document is None:
            assert self._json is not None
            self._document = from_json(self._json)
        return self._document

    @property
    def json(self) -> bytes:
        """The document as JSON (as stored, when it came from the store)."""
        if self._json is None:
            self._json = encode(self._document)
        return self._json

    def as_replayed(self) -> Session:
        return Session(
            self.id,
            self.version,
            self._document,
            self.created,
            self.updated,
            True,
            json=self._json,
            title=self.title,
            commitment=self.commitment,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Session):
            return NotImplemented
        return (self.id, self.version, self.created, self.updated) == (
            other.id,
            other.version,
            other.created,
            other.updated,
        ) and (
            self.document == other.document
            if self._json is None or other._json is None or self._json != other._json
            else True
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Session(id={self.id!r}, version={self.version!r}, document={self.document!r}, "
            f"created={self.created!r}, updated={self.updated!r})"
        )


@dataclass(frozen=True, slots=True)
class Encoded:
    """A JSON value its maker has encoded already, and what it was encoded from.

    In a :class:`Change`, the store writes, logs and publishes ``json`` as it is (nothing is
    encoded twice) and hands ``value`` back: a response's in :attr:`Applied.response`, a
    document's to the next action on that version in this process (see
    :meth:`SessionStore.apply_json`). ``value`` must not be changed afterwards: it is shared.
    """

    json: bytes
    """JSON, with no NaN or infinity (the maker checks, as :func:`strict_json` does)."""
    value: Any = None


@dataclass(frozen=True, slots=True)
class Stored:
    """A version of a session's document as :meth:`SessionStore.apply_json` hands it to an
    action (and :meth:`SessionStore.read` answers it).

    ``kept`` is the :attr:`Encoded.value` of the document this process wrote as that version
    (or gave :meth:`SessionStore.keep`): the action can use it as it is, and ``json`` is then
    None (the document was not read). Otherwise ``json`` is the document as stored, and
    ``kept`` is None.
    """

    session_id: str
    version: int
    json: bytes | None
    kept: Any = None
    _state: Any = field(default=None, repr=False, compare=False)
    line: int = 0
    """The dice line of this version (1 at creation, one more with each action, one less
    with each undo: an action on it writes line ``line + 1``); 0 without fair dice."""
    dice: bytes | None = field(default=None, repr=False)
    """The session's current dice secret, for the action to derive its seed from; None for
    a session without fair dice. Never to be answered."""
    commitment: str | None = None
    """The SHA-256 (hex) of ``dice``."""


@dataclass(frozen=True, slots=True)
class Change:
    """What an action does: the new document, the events it logs and the response it answers.

    ``document_at`` names the member of ``response`` that holds ``document`` (if one does):
    the idempotency record then keeps the response without it (a replay puts the written
    version's document back in its place).

    ``document`` and ``response`` may be :class:`Encoded` (their JSON made by the action):
    the store then encodes neither.
    """

    document: Document | Encoded
    events: list[dict[str, Any]] = field(default_factory=list)
    response: dict[str, Any] | Encoded = field(default_factory=dict)
    document_at: str | None = None
    step: dict[str, Any] | None = None
    """What made this version, for the session's replay log (:meth:`Logs.steps`):
    any JSON object, stored with ``version`` added first; None logs no step."""
    facts: dict[str, Any] | None = None
    """What the tenant's list of sessions shows of this version beside its title
    (:attr:`Summary.facts`): a small JSON object (at most :data:`MAX_FACTS` bytes encoded);
    None keeps the last one given."""


Action = Callable[[Document], Change | Awaitable[Change]]
"""What :meth:`SessionStore.apply` runs on the document: a function answering a
:class:`Change`, or an awaitable of one (to run the engine off the event loop)."""

StoredAction = Callable[[Stored], Change | Awaitable[Change]]
"""What :meth:`SessionStore.apply_json` runs: :class:`Action`, on a :class:`Stored`."""


@dataclass(frozen=True, slots=True)
class Event:
    """An event of a session's log: its position (from 0), the version it was written at."""

    index: int
    version: int
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Applied:
    """The outcome of a write: the new session, its events and the action's response.

    ``replayed`` is true when this is the stored outcome of an earlier request with the same
    idempotency key, returned without applying anything.
    """

    session: Session
    events: list[Event]
    response: dict[str, Any] | Encoded
    """The :attr:`Change.response`, as the change gave it; replayed, its stored JSON form."""
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class EventPage:
    """A page of a session's event log; ``next_offset`` is None on the last page."""

    items: list[Event]
    offset: int
    limit: int
    total: int
    next_offset: int | None


@dataclass(frozen=True, slots=True)
class Summary:
    """A session as the tenant's list shows it (:meth:`SessionStore.sessions`)."""

    id: str
    title: str | None
    version: int
    updated: datetime
    facts: dict[str, Any]
    """The last :attr:`Change.facts` written (or given at creation); empty if none was."""


@dataclass(frozen=True, slots=True)
class SessionList:
    """A page of the tenant's sessions, the last written first."""

    items: list[Summary]
    cursor: str | None
    """Where the next page begins (opaque); None on the last page."""


@dataclass(frozen=True, slots=True)
class SessionUpdate:
    """A new version of a session, as published by whichever process wrote it."""

    session: Session
    events: list[Event]


@dataclass(frozen=True, slots=True)
class StepPage:
    """A page of a session's replay log (:meth:`Logs.steps`), oldest first."""

    items: list[dict[str, Any]]
    offset: int
    limit: int
    total: int
    next_offset: int | None


@dataclass(frozen=True, slots=True)
class Transcript:
    """Everything a replay of a session checks, read at one version
    (:meth:`Logs.transcript`)."""

    session: Session
    steps: list[dict[str, Any]]
    """The replay log, oldest first (empty for a session created without one)."""
    events: list[Event]
    """The whole event log."""
    snapshots: dict[int, Document]
    """The documents the undo history keeps, by version (decoded)."""


@dataclass(frozen=True, slots=True)
class TranscriptPage:
    """A page of what a replay of a session checks (:meth:`Logs.transcript_pages`):
    the versions ``first`` to ``last`` of the transcript, which ends at ``version`` (the
    session's when its first page was read). Each page holds at most
    :data:`~service.store._lua.PAGE_BYTES` of documents past its first version."""

    session_id: str
    version: int
    created: datetime
    updated: datetime
    first: int
    last: int
    total_steps: int
    """The replay log's length."""
    steps: list[dict[str, Any]]
    """The replay log's records of these versions (fewer when it ends before ``last``)."""
    events: list[Event]
    """The events these versions logged."""
    states: dict[int, bytes]
    """The documents the session keeps of these versions (as they were when the page was
    read: the current one, the undo history's), by version."""
    first_document: bytes | None = None
    """Version 1's document as stored, when this page begins the replay log and its record is
    a version and a document: ``steps`` then holds that record without it (a replay decodes
    the document once, where it validates it, not here)."""


@dataclass(frozen=True, slots=True)
class Missed:
    """A version written before a :meth:`SessionStore.follow` began, after the one its
    follower named: its events, and its document when the session still keeps it as the
    follower sends it (the current version's, and those of the versions its undo history
    holds), else None."""

    session_id: str
    version: int
    events: list[Event]
    document: bytes | None


@dataclass(frozen=True, slots=True)
class Proposed:
    """A seat proposed an action for the DM to approve (:meth:`Seating.propose`), as
    published on the session's channel: no new version, only a notice that a proposal waits
    (its id, its seat and the version it was made on; read it with
    :meth:`Seating.proposals`); or, ``rejected``, that the DM rejected it
    (:meth:`Seating.reject`: it was dropped, and will not be applied)."""

    session_id: str
    version: int
    proposal_id: str
    seat_id: str
    rejected: bool = False


@dataclass(frozen=True, slots=True)
class Gone:
    """The followed session was deleted (or expired): nothing more will come."""

    session_id: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """A dice secret a session published (:meth:`Dice.reveal`): the secret, the
    commitment it answered, and the line and version the session was at when it was
    revealed (every seed it derived is of a version up to that one)."""

    secret: bytes
    commitment: str
    line: int
    version: int


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a session (never its token)."""

    id: str
    tenant: str
    session_id: str
    combatants: tuple[str, ...]
    label: str
    created: datetime
    approval: bool = False
    """Its actions wait in the session's proposals for the DM's approval
    (:meth:`Seating.propose`) instead of being applied."""


@dataclass(frozen=True, slots=True)
class Proposal:
    """An action a seat proposed, waiting for the DM: applied as proposed on ``version`` by
    an approval, or dropped (rejected, stale once the session moved on, its seat revoked)."""

    id: str
    seat_id: str
    action: str
    params: dict[str, Any]
    version: int
    """The session's version it was proposed on (and may only be applied to)."""
    created: datetime

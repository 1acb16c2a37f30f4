"""Sessions in Redis: opaque JSON documents with versions, an event log, undo and live updates.

The store knows nothing of the rules. A transport reads a session, runs the pure engine on
its document and writes the result back with :meth:`SessionStore.apply`, which does the
read-apply-write as a compare-and-set: one Lua script checks the version and, atomically,
writes the document, appends the events, keeps the undo snapshot, stores the idempotent
response, refreshes the idle TTL and publishes the update.

What one process does to one session is bounded: writes to a session take turns in a
queue of at most ``queue_limit`` waiting writers, each waiting at most ``queue_timeout``
(beyond either, :class:`SessionBusy`). What a tenant keeps in Redis is bounded by its
quotas of live sessions and stored bytes (:class:`QuotaExceeded`). Live updates of every
session a process follows share one pub/sub connection (:class:`_Hub`).
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import logging
import random
import secrets
import time
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic_core import from_json, to_json
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import RedisClusterException, RedisError

from service.store import _lua
from service.store.errors import (
    IdempotencyInProgress,
    IdempotencyKeyReused,
    InvalidArgument,
    NothingToUndo,
    QuotaExceeded,
    SessionBusy,
    SessionNotFound,
    StoreUnavailable,
    VersionConflict,
)
from service.store.keys import DEFAULT_PREFIX, check_name, key, new_session_id, parse_session_id

__all__ = [
    "MAX_PAGE",
    "Action",
    "Applied",
    "Change",
    "Client",
    "Document",
    "Encoded",
    "Event",
    "EventPage",
    "Follower",
    "Gone",
    "Missed",
    "Session",
    "SessionStore",
    "SessionUpdate",
    "StepPage",
    "Stored",
    "StoredAction",
    "Transcript",
    "strict_json",
]

log = logging.getLogger("service.store")

Document = dict[str, Any]
"""A session's document: any JSON object."""

Client = _lua.Client
"""The Redis clients the store works with: ``redis.asyncio.Redis`` or ``RedisCluster``."""

MAX_PAGE = 200
"""The largest page of events :meth:`SessionStore.events` returns."""

_MAX_IDEMPOTENCY_KEY = 255
_SUBSCRIPTION_CHECK = 10.0
_HEARTBEAT = 5.0
_SUBSCRIBER_BACKLOG = 64


class Session:
    """One version of a session.

    ``document`` is decoded from the stored JSON (:attr:`json`) the first time it is read, so
    a write that hands back what it wrote, or a read nobody looks into, decodes nothing.
    Two sessions are equal when their id, version, document and times are.
    """

    __slots__ = ("_document", "_json", "created", "id", "replayed", "updated", "version")

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
            self._json = _encode(self._document)
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


@dataclass(frozen=True, slots=True)
class Change:
    """What an action does: the new document, the events it logs and the response it answers.

    ``document_at`` names the member of ``response`` that holds ``document`` (if one does):
    the idempotency record then stores the document once, inside the response.

    ``document`` and ``response`` may be :class:`Encoded` (their JSON made by the action):
    the store then encodes neither.
    """

    document: Document | Encoded
    events: list[dict[str, Any]] = field(default_factory=list)
    response: dict[str, Any] | Encoded = field(default_factory=dict)
    document_at: str | None = None
    step: dict[str, Any] | None = None
    """What made this version, for the session's replay log (:meth:`SessionStore.steps`):
    any JSON object, stored with ``version`` added first; None logs no step."""


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
class SessionUpdate:
    """A new version of a session, as published by whichever process wrote it."""

    session: Session
    events: list[Event]


@dataclass(frozen=True, slots=True)
class StepPage:
    """A page of a session's replay log (:meth:`SessionStore.steps`), oldest first."""

    items: list[dict[str, Any]]
    offset: int
    limit: int
    total: int
    next_offset: int | None


@dataclass(frozen=True, slots=True)
class Transcript:
    """Everything a replay of a session checks, read at one version
    (:meth:`SessionStore.transcript`)."""

    session: Session
    steps: list[dict[str, Any]]
    """The replay log, oldest first (empty for a session created without one)."""
    events: list[Event]
    """The whole event log."""
    snapshots: dict[int, bytes]
    """The documents the undo history keeps, by version."""


@dataclass(frozen=True, slots=True)
class Missed:
    """A version written before a :meth:`SessionStore.follow` began, after the one its
    follower named: its events, and its document when the session still keeps it (the
    current version's, and those of the versions its undo history holds), else None."""

    session_id: str
    version: int
    events: list[Event]
    document: bytes | None


@dataclass(frozen=True, slots=True)
class Gone:
    """The followed session was deleted (or expired): nothing more will come."""

    session_id: str


@dataclass(frozen=True, slots=True)
class _Keys:
    session_id: str
    session: str
    events: str
    history: str
    records: str
    channel: str
    record_prefix: str
    steps: str


@dataclass(frozen=True, slots=True)
class _State:
    version: int
    json: bytes | None
    """The document; None when it was not read (its version was known)."""
    created: int
    updated: int
    total_events: int
    last_snapshot: str | None
    bytes: int
    document_bytes: int


@dataclass(frozen=True, slots=True)
class _Plan:
    document: Document | Encoded
    events: list[dict[str, Any]]
    response: dict[str, Any] | Encoded
    history: Literal["push", "pop"]
    document_at: str | None = None
    step: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class _Kept:
    state: _State
    value: Any


class _Cache:
    """The documents this process read or wrote, decoded, by session: the newest version of
    each, least recently used first, at most ``limit`` bytes of their JSON in all."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._entries: OrderedDict[str, _Kept] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str) -> _Kept | None:
        found = self._entries.get(name)
        if found is not None:
            self._entries.move_to_end(name)
        return found

    def put(self, name: str, kept: _Kept) -> None:
        self.drop(name)
        cost = kept.state.document_bytes
        if cost > self.limit:
            return
        self._entries[name] = kept
        self.size += cost
        while self.size > self.limit:
            _, oldest = self._entries.popitem(last=False)
            self.size -= oldest.state.document_bytes

    def drop(self, name: str) -> None:
        found = self._entries.pop(name, None)
        if found is not None:
            self.size -= found.state.document_bytes


class _ActionFailed(Exception):
    def __init__(self, error: Exception) -> None:
        super().__init__(repr(error))
        self.error = error


class SessionStore:
    """Sessions of every tenant, kept in Redis.

    :param redis: a ``redis.asyncio.Redis`` or ``redis.asyncio.cluster.RedisCluster``
        (see :func:`service.store.embedded.connect`).
    :param prefix: the first part of every key, to share a Redis between deployments.
    :param idle_ttl: seconds a session lives after its last write.
    :param idempotency_ttl: seconds an idempotency key's response is kept (and never past
        its session: deleting a session deletes its records).
    :param idempotency_lease: seconds an unfinished request holds its idempotency key if its
        process dies before it finishes.
    :param timeout: every call to Redis either answers or raises :class:`StoreUnavailable`
        within this many seconds. Waiting for a turn and running the action are not Redis
        calls: they have their own bounds.
    :param max_attempts: how many times :meth:`apply` without an expected version runs the
        read-apply-write, when other processes write the session in between, before it
        gives up with :class:`SessionBusy`.
    :param history_limit: how many actions back :meth:`undo` can go.
    :param retry_after: the ``retry_after`` of the :class:`StoreUnavailable` and
        :class:`SessionBusy` raised.
    :param queue_limit: how many writes to one session may wait for their turn in this
        process (beyond it, :class:`SessionBusy` at once).
    :param queue_timeout: how long a write waits for its turn (beyond it, :class:`SessionBusy`).
    :param max_sessions: the most live sessions a tenant may have (0: no cap).
    :param max_bytes: the most bytes a tenant's sessions may hold in Redis: documents, event
        logs, undo history and idempotency records (0: no cap). A write that would grow past
        it is refused; one that does not grow a session always passes.
    :param max_subscriptions: the most subscriptions a tenant may hold open in this process
        (0: no cap).
    :param cache_bytes: how much of the documents this process read or wrote it keeps
        decoded (:meth:`apply_json`), counted as the bytes of their JSON (0: none). The
        decoded objects take several times that in memory.
    """

    def __init__(
        self,
        redis: Client,
        *,
        prefix: str = DEFAULT_PREFIX,
        idle_ttl: float = 24 * 3600.0,
        idempotency_ttl: float = 24 * 3600.0,
        idempotency_lease: float = 10.0,
        timeout: float = 2.0,
        max_attempts: int = 20,
        history_limit: int = 50,
        retry_after: int = 1,
        queue_limit: int = 16,
        queue_timeout: float = 5.0,
        max_sessions: int = 0,
        max_bytes: int = 0,
        max_subscriptions: int = 0,
        cache_bytes: int = 0,
    ) -> None:
        if min(idle_ttl, idempotency_ttl, idempotency_lease, timeout, queue_timeout) <= 0:
            raise ValueError("ttls, lease and timeouts must be positive")
        if max_attempts < 1 or history_limit < 1 or queue_limit < 0:
            raise ValueError("max_attempts and history_limit must be at least 1, queue_limit 0")
        if min(max_sessions, max_bytes, max_subscriptions, cache_bytes) < 0:
            raise ValueError("quotas and the cache must be 0 (none) or more")
        self.redis = redis
        self.prefix = check_name(prefix, "prefix")
        self.idle_ttl = idle_ttl
        self.idempotency_ttl = idempotency_ttl
        self.idempotency_lease = idempotency_lease
        self.timeout = timeout
        self.max_attempts = max_attempts
        self.history_limit = history_limit
        self.retry_after = retry_after
        self.queue_limit = queue_limit
        self.queue_timeout = queue_timeout
        self.max_sessions = max_sessions
        self.max_bytes = max_bytes
        self.max_subscriptions = max_subscriptions
        self._queues = _Queues(queue_limit, queue_timeout, retry_after)
        self._hub = _Hub(redis, timeout=timeout, per_tenant=max_subscriptions)
        self._cache = _Cache(cache_bytes)

    @property
    def _quotas(self) -> bool:
        return bool(self.max_sessions or self.max_bytes)

    async def create(
        self,
        tenant: str,
        document: Document | Encoded,
        *,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
        steps: bool = False,
    ) -> Session:
        """Store a new session at version 1 and return it.

        With ``steps``, the session keeps a replay log (:meth:`steps`), starting with
        ``{"version": 1, "document": <the document>}``: a second copy of the first
        document, counted in the session's bytes.

        With an idempotency key, a retry returns the session it created, as it is now (its
        current version). The key ends with that session: once it is deleted or expired, the
        same key creates a new session. The key is recorded apart from the session (the
        session's id is not known before): if this process dies between the two writes, a
        retry after the lease creates another session and the first one is left to expire.

        An :class:`Encoded` document is written as it is, and its ``value`` kept for the
        first action (see :meth:`apply_json`).

        :raises QuotaExceeded: the tenant is at its quota of sessions or of bytes.
        """
        encoded = _json_of(document)
        size = len(encoded) + (len(encoded) + _FIRST_STEP if steps else 0)
        record_key = None
        if idempotency_key is not None:
            digest = _digest(idempotency_key)
            record_key = self._key(tenant, f"new.{digest[:32]}", f"idempotency:{digest}")
        claim = None
        try:
            if record_key is not None:
                for _ in range(3):
                    async with self._guard():
                        outcome = await self._claim_create(record_key, request_fingerprint)
                    if isinstance(outcome, str):
                        claim = outcome
                        break
                    session_id, stored = outcome
                    try:
                        found = await self.get(tenant, session_id)
                        return found.as_replayed()
                    except SessionNotFound:
                        async with self._guard():  # it ended: the key is free again
                            await _lua.RELEASE(self.redis, [record_key], [stored])
                else:
                    raise IdempotencyInProgress()
            now = _now()
            async with self._guard():
                while True:
                    keys = self._keys(tenant, new_session_id())
                    if self._quotas and not await self._admit(tenant, keys.session_id, size):
                        continue
                    created = await _lua.CREATE(
                        self.redis,
                        [keys.session, keys.steps],
                        [encoded, now, _ms(self.idle_ttl), record_key or "", "1" if steps else ""],
                    )
                    if created:
                        break
                session = Session(
                    keys.session_id, 1, _dict_of(document), _dt(now), _dt(now), json=encoded
                )
                if isinstance(document, Encoded) and document.value is not None:
                    state = _State(1, None, now, now, 0, None, size, len(encoded))
                    self._cache.put(keys.session, _Kept(state, document.value))
                if record_key is not None and claim is not None:
                    record = _encode(
                        {"state": "done", "fingerprint": request_fingerprint, "id": session.id}
                    )
                    await _lua.COMPLETE(
                        self.redis, [record_key], [claim, record, _ms(self.idempotency_ttl)]
                    )
                return session
        except BaseException:
            if record_key is not None and claim is not None:
                await self._release(record_key, claim)
            raise

    async def get(self, tenant: str, session_id: str) -> Session:
        """The session's current version; :class:`SessionNotFound` if there is none."""
        keys = self._keys(tenant, session_id)
        async with self._guard():
            state = await self._read(keys, with_snapshot=False)
        assert state.json is not None
        return Session(keys.session_id, state.version, None, *_dts(state), json=state.json)

    async def delete(self, tenant: str, session_id: str) -> None:
        """Delete the session, its events, its history and its idempotency records (its
        creation's too); its subscriptions end."""
        keys = self._keys(tenant, session_id)
        self._cache.drop(keys.session)
        async with self._guard():
            found, origin = await _lua.DELETE(
                self.redis,
                [keys.session, keys.events, keys.history, keys.records, keys.steps],
                [keys.channel, _encode({"deleted": True}), keys.record_prefix],
            )
            if origin:
                await self.redis.delete(_text(origin))
            if self._quotas:
                await self._ledger(tenant, "drop", keys.session_id, 0)
        if not found:
            raise SessionNotFound(session_id)

    async def apply(
        self,
        tenant: str,
        session_id: str,
        fn: Action,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
    ) -> Applied:
        """Run ``fn`` on the session's document and write its change as a new version.

        ``fn`` must be pure: it may run more than once when another process writes the
        session in between, and its last run is the one written. It may answer an awaitable
        (the store awaits it). An exception from ``fn`` propagates, with nothing written.

        With ``expected_version``, a session at another version raises
        :class:`VersionConflict` at once, before ``fn`` runs. Without it, the read-apply-write
        is retried up to ``max_attempts`` times, then :class:`SessionBusy`.

        With ``idempotency_key``, the first outcome is stored, in the same atomic write, for
        ``idempotency_ttl`` (or until the session is deleted); a later call with the same
        key and the same ``request_fingerprint`` (a digest of the request, compared as given)
        returns it with ``replayed=True`` and does not run ``fn``. Another fingerprint
        raises :class:`IdempotencyKeyReused`; a first call still running raises
        :class:`IdempotencyInProgress`. A call that fails leaves the key free. Keys are
        scoped to the session. The record keeps the response, the session's version and
        the range of its events, and the document only if the response does not hold it
        (see :attr:`Change.document_at`).

        :raises SessionBusy: too many writes are waiting for this session here, or one
            waited past ``queue_timeout``, or other processes won every attempt.
        :raises QuotaExceeded: the write would grow the tenant's sessions past its bytes.
        """

        async def step(state: _State, kept: Any) -> _Plan:
            assert state.json is not None
            return await _run(fn, from_json(state.json))

        return await self._write(
            tenant,
            session_id,
            step,
            expected_version,
            idempotency_key,
            request_fingerprint,
            with_snapshot=False,
        )

    async def apply_json(
        self,
        tenant: str,
        session_id: str,
        fn: StoredAction,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
    ) -> Applied:
        """:meth:`apply`, for an action that reads the document in a form of its own.

        ``fn`` gets the version as :class:`Stored`: the document's JSON, or, when this
        process wrote that version (or read it and :meth:`keep` was called), the value the
        writer kept (:attr:`Encoded.value`), and no JSON. The change's ``document`` should
        then be :class:`Encoded`, with the value to keep for the next action.

        When this process's newest known version of the session is the one to write on,
        the session is not read first: the write's compare-and-set checks the version, and
        if another process wrote since, the next attempt reads it (with ``expected_version``,
        :class:`VersionConflict`; ``fn`` then ran for nothing, which a pure ``fn`` allows).
        Everything else is as in :meth:`apply`.
        """

        async def step(state: _State, kept: Any) -> _Plan:
            stored = Stored(
                parse_session_id(session_id),
                state.version,
                None if kept is not None else state.json,
                kept,
            )
            return await _run(fn, stored)

        return await self._write(
            tenant,
            session_id,
            step,
            expected_version,
            idempotency_key,
            request_fingerprint,
            with_snapshot=False,
            cached=True,
        )

    async def read(self, tenant: str, session_id: str) -> Stored:
        """The session's current version, as :meth:`apply_json` hands it to an action: its
        JSON, or the value kept for it here (the session is read all the same, but its
        document is not sent again when that version is the one kept).

        :raises SessionNotFound: there is no such session.
        """
        keys = self._keys(tenant, session_id)
        kept = self._cache.get(keys.session)
        async with self._guard():
            state = await self._read(
                keys, with_snapshot=False, known=None if kept is None else kept.state.version
            )
        if state.json is None and kept is not None:
            return Stored(keys.session_id, state.version, None, kept.value, state)
        self._cache.drop(keys.session)
        return Stored(keys.session_id, state.version, state.json, None, state)

    def keep(self, tenant: str, stored: Stored, value: Any) -> None:
        """Keep ``value`` (``stored``'s document, decoded and checked by the caller) for the
        next action or read of that version in this process."""
        if stored._state is None or value is None:
            return
        keys = self._keys(tenant, stored.session_id)
        current = self._cache.get(keys.session)
        if current is not None and current.state.version > stored.version:
            return
        self._cache.put(keys.session, _Kept(stored._state, value))

    async def undo(
        self,
        tenant: str,
        session_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
        log_step: bool = False,
    ) -> Applied:
        """Restore the document from before the last action, as a new version.

        With ``log_step``, the replay log gets ``{"version": v, "undo": s}`` (version ``v``
        has the document of version ``s`` again).

        Logs and answers ``{"type": "undo", "reverted_version": r, "restored_version": s}``:
        version ``r`` was undone, and the document is again that of version ``s``. Repeated
        undos go further back, up to ``history_limit`` actions; past that,
        :class:`NothingToUndo`. Versions, retries and idempotency work as in :meth:`apply`.
        """

        async def step(state: _State, kept: Any) -> _Plan:
            if state.last_snapshot is None:
                raise NothingToUndo(session_id)
            snapshot = from_json(state.last_snapshot)
            restored = int(snapshot["version"])
            event = {"type": "undo", "reverted_version": restored + 1, "restored_version": restored}
            record = {"undo": restored} if log_step else None
            return _Plan(snapshot["document"], [event], dict(event), "pop", step=record)

        return await self._write(
            tenant,
            session_id,
            step,
            expected_version,
            idempotency_key,
            request_fingerprint,
            with_snapshot=True,
        )

    async def events(
        self, tenant: str, session_id: str, *, offset: int = 0, limit: int = 50
    ) -> EventPage:
        """A page of the session's event log, oldest first.

        :raises InvalidArgument: for a negative offset or a limit outside 1..``MAX_PAGE``.
        """
        _check_page(offset, limit)
        keys = self._keys(tenant, session_id)
        async with self._guard():
            total, items = await self._event_range(keys, offset, offset + limit - 1)
        end = offset + len(items)
        return EventPage(items, offset, limit, total, end if end < total else None)

    async def steps(
        self, tenant: str, session_id: str, *, offset: int = 0, limit: int = 50
    ) -> StepPage:
        """A page of the session's replay log, oldest first: one record per version (see
        :meth:`create`, :attr:`Change.step`, :meth:`undo`); empty if it keeps none.

        :raises InvalidArgument: for a negative offset or a limit outside 1..``MAX_PAGE``.
        """
        _check_page(offset, limit)
        keys = self._keys(tenant, session_id)
        async with self._guard():
            found = await _lua.EVENTS(
                self.redis, [keys.session, keys.steps], [offset, offset + limit - 1]
            )
        if not found:
            raise SessionNotFound(keys.session_id)
        total, items = int(found[0]), [from_json(item) for item in found[1]]
        end = offset + len(items)
        return StepPage(items, offset, limit, total, end if end < total else None)

    async def transcript(self, tenant: str, session_id: str) -> Transcript:
        """The session's current version with its whole replay log, event log and undo
        history, read atomically (one script), to replay it.

        :raises SessionNotFound: there is no such session.
        """
        keys = self._keys(tenant, session_id)
        async with self._guard():
            found = await _lua.TRANSCRIPT(
                self.redis, [keys.session, keys.events, keys.history, keys.steps]
            )
        if not found:
            raise SessionNotFound(keys.session_id)
        version, document, created, updated, events, history, steps = found
        session = Session(
            keys.session_id,
            int(version),
            None,
            _dt(int(created)),
            _dt(int(updated)),
            json=_bytes(document),
        )
        snapshots: dict[int, bytes] = {}
        for item in history:
            version_of, document_of = _split_snapshot(_bytes(item))
            snapshots.setdefault(version_of, document_of)
        return Transcript(
            session,
            [from_json(item) for item in steps],
            [_event(from_json(item)) for item in events],
            snapshots,
        )

    @asynccontextmanager
    async def follow(
        self, tenant: str, session_id: str, *, after: int | None = None
    ) -> AsyncIterator[Follower]:
        """Follow the session's new versions, written by any process: a :class:`Follower`
        for as long as the block lasts (``await follower.next(timeout)``).

        With ``after`` (a version), the versions written after it and before now come
        first, from the session's log (:class:`Missed`), then the live ones
        (:class:`SessionUpdate`), each version once. The subscription counts in the
        tenant's ``max_subscriptions`` and shares the store's one pub/sub connection.

        :raises SessionNotFound: there is no such session.
        :raises QuotaExceeded: the tenant holds ``max_subscriptions`` already.
        :raises StoreUnavailable: Redis does not answer.
        """
        keys = self._keys(tenant, session_id)
        subscriber = await self._hub.join(tenant, keys.channel)
        try:
            follower = Follower(self, keys, subscriber)
            await follower._start(after)
            yield follower
        finally:
            self._hub.leave(subscriber)

    async def subscribe(self, tenant: str, session_id: str) -> AsyncGenerator[SessionUpdate, None]:
        """Yield each new version of the session written from now on, by any process.

        Raises :class:`SessionNotFound` first if there is no such session, and returns when
        the session is deleted, or has expired (noticed within about 10 seconds). Raises
        :class:`StoreUnavailable` if the connection to Redis is lost or the subscriber falls
        too far behind: updates may have been missed, so subscribe again and read the
        session. :class:`QuotaExceeded` if the tenant holds ``max_subscriptions`` already.

        Every subscription of this store shares one pub/sub connection. The updates go
        through plain pub/sub (``PUBLISH`` from the write's script), which a Redis Cluster
        broadcasts to every node, so that connection may be to any node.
        """
        keys = self._keys(tenant, session_id)
        subscriber = await self._hub.join(tenant, keys.channel)
        try:
            async with self._guard():
                await self._read(keys, with_snapshot=False)
            while True:
                try:
                    async with asyncio.timeout(_SUBSCRIPTION_CHECK + random.uniform(0, 1)):
                        data = await subscriber.next()
                except TimeoutError:
                    async with self._guard():
                        if not await self.redis.exists(keys.session):
                            return
                    continue
                message = from_json(data)
                if message.get("deleted"):
                    return
                yield SessionUpdate(
                    _session(message["session"]), [_event(e) for e in message["events"]]
                )
        finally:
            self._hub.leave(subscriber)

    async def ping(self) -> bool:
        """Whether Redis answers within the timeout; never raises."""
        try:
            async with self._guard():
                return bool(await self.redis.ping())
        except StoreUnavailable:
            return False

    async def aclose(self) -> None:
        """Close the pub/sub connection (the Redis client is the caller's to close)."""
        await self._hub.aclose()

    async def _write(
        self,
        tenant: str,
        session_id: str,
        step: Callable[[_State, Any], Awaitable[_Plan]],
        expected_version: int | None,
        idempotency_key: str | None,
        fingerprint: str | None,
        *,
        with_snapshot: bool,
        cached: bool = False,
    ) -> Applied:
        keys = self._keys(tenant, session_id)
        record_key = digest = None
        if idempotency_key is not None:
            digest = _digest(idempotency_key)
            record_key = keys.record_prefix + digest
        claim = None
        try:
            if record_key is not None:
                async with self._guard():
                    outcome = await self._claim(record_key, fingerprint)
                if not isinstance(outcome, str):
                    return await self._replayed(keys, outcome)
                claim = outcome
            async with self._queues.turn(keys.session, keys.session_id):
                return await self._attempt(
                    tenant,
                    keys,
                    step,
                    expected_version,
                    (record_key, digest, claim, fingerprint),
                    with_snapshot,
                    cached,
                )
        except _ActionFailed as failed:
            error = failed.error
        except BaseException:
            if record_key is not None and claim is not None:
                await self._release(record_key, claim)
            raise
        if record_key is not None and claim is not None:
            await self._release(record_key, claim)
        raise error

    async def _attempt(
        self,
        tenant: str,
        keys: _Keys,
        step: Callable[[_State, Any], Awaitable[_Plan]],
        expected_version: int | None,
        idempotency: tuple[str | None, str | None, str | None, str | None],
        with_snapshot: bool,
        cached: bool,
    ) -> Applied:
        """One read-apply-write, retried on a version race; the newest undo snapshot is
        read only when ``with_snapshot`` (only undo needs it).

        ``cached``: the action takes the kept value of a version (:meth:`apply_json`). The
        first attempt on the version this process knows as the newest does not read it."""
        record_key, digest, claim, fingerprint = idempotency
        optimistic = False
        for attempt in range(self.max_attempts):
            if attempt and not optimistic:
                await asyncio.sleep(random.uniform(0, min(0.05, 0.002 * 2**attempt)))
            kept = self._cache.get(keys.session) if cached else None
            optimistic = (
                kept is not None
                and attempt == 0
                and (expected_version is None or expected_version == kept.state.version)
            )
            if optimistic:
                assert kept is not None
                state = kept.state
            else:
                known = None if kept is None else kept.state.version
                async with self._guard():
                    state = await self._read(keys, with_snapshot=with_snapshot, known=known)
                if state.json is not None:
                    kept = None
            if expected_version is not None and state.version != expected_version:
                raise VersionConflict(state.version)
            plan = await step(state, None if kept is None else kept.value)
            version = state.version + 1
            now = _now()
            document = _json_of(plan.document)
            session = Session(
                keys.session_id,
                version,
                _dict_of(plan.document),
                _dt(state.created),
                _dt(now),
                json=document,
            )
            events = [
                _event_json(Event(state.total_events + i, version, data))
                for i, data in enumerate(plan.events)
            ]
            encoded = [_encode(event) for event in events]
            step_record = _step(version, plan.step)
            applied = Applied(session, [_event(event) for event in events], plan.response)
            head, tail = _message(session, encoded)
            written_keys = [keys.session, keys.events, keys.history, keys.records, keys.steps]
            record = b""
            if record_key is not None:
                written_keys.append(record_key)
                record = _record(fingerprint, session, state.total_events, plan)
            async with self._guard():
                if self._quotas:
                    grown = len(document) + sum(map(len, encoded)) + len(record) + len(step_record)
                    if plan.history == "push":
                        grown += 24 + len(str(state.version)) + state.document_bytes
                    await self._charge(
                        tenant, keys.session_id, state.bytes - state.document_bytes + grown
                    )
                outcome = await _lua.WRITE(
                    self.redis,
                    written_keys,
                    [
                        state.version,
                        version,
                        document,
                        now,
                        plan.history,
                        self.history_limit,
                        _ms(self.idle_ttl),
                        keys.channel,
                        head,
                        claim or "",
                        record,
                        _ms(self.idempotency_ttl),
                        digest or "",
                        tail,
                        step_record,
                        *encoded,
                    ],
                )
            status = _text(outcome[0])
            if status == "ok":
                value = plan.document.value if isinstance(plan.document, Encoded) else None
                if cached and value is not None:
                    written = _State(
                        version,
                        None,
                        state.created,
                        now,
                        state.total_events + len(encoded),
                        None,
                        int(outcome[1]),
                        len(document),
                    )
                    self._cache.put(keys.session, _Kept(written, value))
                else:
                    self._cache.drop(keys.session)
                return applied
            self._cache.drop(keys.session)
            if status == "missing":
                raise SessionNotFound(keys.session_id)
            if status == "claim_lost":
                raise IdempotencyInProgress()
            if expected_version is not None:
                raise VersionConflict(int(outcome[1]))
        raise SessionBusy(keys.session_id, self.retry_after)

    async def _read(self, keys: _Keys, *, with_snapshot: bool, known: int | None = None) -> _State:
        """The session's state; its document is not sent (``json`` is None) when its version
        is ``known``."""
        found = await _lua.READ(
            self.redis,
            [keys.session, keys.events, keys.history],
            ["1" if with_snapshot else "0", "" if known is None else known],
        )
        if not found:
            raise SessionNotFound(keys.session_id)
        version, document, created, updated, total, snapshot, size, document_bytes = found
        return _State(
            int(version),
            None if document is None else _bytes(document),
            int(created),
            int(updated),
            int(total),
            None if snapshot is None else _text(snapshot),
            int(size),
            int(document_bytes),
        )

    async def _event_range(self, keys: _Keys, first: int, last: int) -> tuple[int, list[Event]]:
        found = await _lua.EVENTS(self.redis, [keys.session, keys.events], [first, last])
        if not found:
            raise SessionNotFound(keys.session_id)
        return int(found[0]), [_event(from_json(item)) for item in found[1]]

    async def _replayed(self, keys: _Keys, record: dict[str, Any]) -> Applied:
        """The stored outcome of an idempotency record."""
        if "applied" in record:  # written before records were kept small
            applied = record["applied"]
            return Applied(
                _session(applied["session"]),
                [_event(e) for e in applied["events"]],
                applied["response"],
                replayed=True,
            )
        meta, response = record["session"], record["response"]
        document = record["document"] if "document" in record else response[record["document_at"]]
        session = _session({**meta, "document": document})
        first, count = record["events"]
        events: list[Event] = []
        if count:
            async with self._guard():
                _, events = await self._event_range(keys, first, first + count - 1)
        return Applied(session, events, response, replayed=True)

    async def _claim(self, record_key: str, fingerprint: str | None) -> str | dict[str, Any]:
        """Claim an idempotency key: the claim to write or release, or the stored record."""
        claim = _dumps({"state": "pending", "fingerprint": fingerprint, "token": _token()})
        existing = await _lua.CLAIM(self.redis, [record_key], [claim, _ms(self.idempotency_lease)])
        if existing is None:
            return claim
        record: dict[str, Any] = from_json(existing)
        if record.get("fingerprint") != fingerprint:
            raise IdempotencyKeyReused()
        if record.get("state") != "done":
            raise IdempotencyInProgress()
        return record

    async def _claim_create(
        self, record_key: str, fingerprint: str | None
    ) -> str | tuple[str, str]:
        """:meth:`_claim` for a creation: the claim, or (session id, the record as stored)."""
        claim = _dumps({"state": "pending", "fingerprint": fingerprint, "token": _token()})
        existing = await _lua.CLAIM(self.redis, [record_key], [claim, _ms(self.idempotency_lease)])
        if existing is None:
            return claim
        record = from_json(existing)
        if record.get("fingerprint") != fingerprint:
            raise IdempotencyKeyReused()
        if record.get("state") != "done":
            raise IdempotencyInProgress()
        session_id = record["id"] if "id" in record else record["applied"]["session"]["id"]
        return str(session_id), _text(existing)

    async def _release(self, record_key: str, claim: str) -> None:
        with suppress(Exception):
            async with asyncio.timeout(min(self.timeout, 1.0)):
                await _lua.RELEASE(self.redis, [record_key], [claim])

    async def _admit(self, tenant: str, session_id: str, size: int) -> bool:
        """Count a new session in the tenant's ledger; False if its id is already there."""
        return await self._ledger(tenant, "admit", session_id, size) != "exists"

    async def _charge(self, tenant: str, session_id: str, size: int) -> None:
        await self._ledger(tenant, "charge", session_id, size)

    async def _ledger(self, tenant: str, op: str, session_id: str, size: int) -> str:
        scope = f"ledger.{tenant}"
        answer = await _lua.LEDGER(
            self.redis,
            [self._key(tenant, scope, part) for part in ("sessions", "sizes", "bytes")],
            [op, session_id, size, _ms(self.idle_ttl), self.max_sessions, self.max_bytes],
        )
        status = _text(answer[0])
        if status == "sessions":
            raise QuotaExceeded("sessions", self.max_sessions)
        if status == "bytes":
            raise QuotaExceeded("bytes", self.max_bytes)
        return status

    def _key(self, tenant: str, scope: str, part: str) -> str:
        return key(tenant, scope, part, prefix=self.prefix)

    def _keys(self, tenant: str, session_id: str) -> _Keys:
        session_id = parse_session_id(session_id)
        return _Keys(
            session_id,
            self._key(tenant, session_id, "session"),
            self._key(tenant, session_id, "events"),
            self._key(tenant, session_id, "history"),
            self._key(tenant, session_id, "records"),
            self._key(tenant, session_id, "updates"),
            self._key(tenant, session_id, "idempotency:"),
            self._key(tenant, session_id, "steps"),
        )

    @asynccontextmanager
    async def _guard(self, seconds: float | None = None) -> AsyncIterator[None]:
        """Bound the time of the body and turn Redis trouble into StoreUnavailable."""
        try:
            async with asyncio.timeout(self.timeout if seconds is None else seconds):
                yield
        except (RedisError, RedisClusterException, OSError) as exc:
            raise _unavailable(exc, self.retry_after) from exc


def _check_page(offset: int, limit: int) -> None:
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise InvalidArgument(f"offset must be an integer >= 0, not {offset!r}")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_PAGE:
        raise InvalidArgument(f"limit must be an integer from 1 to {MAX_PAGE}, not {limit!r}")


def _split_snapshot(item: bytes) -> tuple[int, bytes]:
    """An undo snapshot ``{"version":v,"document":d}`` as (v, d), d as stored."""
    head = b'{"version":'
    comma = item.index(b",", len(head))
    version = int(item[len(head) : comma])
    start = comma + len(b',"document":')
    return version, item[start:-1]


class Follower:
    """The versions of one session as they come (:meth:`SessionStore.follow`)."""

    def __init__(self, store: SessionStore, keys: _Keys, subscriber: _Subscriber) -> None:
        self._store = store
        self._keys = keys
        self._subscriber = subscriber
        self._backlog: deque[Missed] = deque()
        self._gone = False
        self._check_at = time.monotonic() + _SUBSCRIPTION_CHECK + random.uniform(0, 1)
        self.version = 0
        """The newest version handed out, or current when following began."""

    async def _start(self, after: int | None) -> None:
        store, keys = self._store, self._keys
        if after is None:
            async with store._guard():
                self.version = (await store._read(keys, with_snapshot=False)).version
            return
        async with store._guard():
            found = await _lua.RESUME(
                store.redis, [keys.session, keys.events, keys.history], [after]
            )
        if not found:
            raise SessionNotFound(keys.session_id)
        version, document, _, _, start, total, snapshots = found
        current = int(version)
        kept = dict(_split_snapshot(_bytes(item)) for item in snapshots)
        kept[current] = _bytes(document)
        self.version = current
        missed: dict[int, list[Event]] = {}
        end = int(total)
        for first in range(int(start), end, MAX_PAGE):
            async with store._guard():
                _, page = await store._event_range(keys, first, min(first + MAX_PAGE, end) - 1)
            for event in page:
                if event.version <= current:
                    missed.setdefault(event.version, []).append(event)
        for v in range(max(after, 0) + 1, current + 1):
            self._backlog.append(Missed(keys.session_id, v, missed.get(v, []), kept.get(v)))

    async def next(self, timeout: float) -> SessionUpdate | Missed | Gone | None:
        """The next version (a missed one first), :class:`Gone` once the session is deleted
        or expired (noticed within about 10 seconds), or None if nothing came within
        ``timeout`` seconds.

        :raises StoreUnavailable: the pub/sub connection was lost, or this follower fell
            too far behind: versions may have been missed (follow again, after the last).
        """
        if self._backlog:
            return self._backlog.popleft()
        if self._gone:
            return Gone(self._keys.session_id)
        end = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            if now >= self._check_at:
                self._check_at = now + _SUBSCRIPTION_CHECK + random.uniform(0, 1)
                async with self._store._guard():
                    exists = await self._store.redis.exists(self._keys.session)
                if not exists:
                    self._gone = True
                    return Gone(self._keys.session_id)
            if now >= end:
                return None
            try:
                async with asyncio.timeout(min(end, self._check_at) - now):
                    data = await self._subscriber.next()
            except TimeoutError:
                continue
            message = from_json(data)
            if message.get("deleted"):
                self._gone = True
                return Gone(self._keys.session_id)
            update = SessionUpdate(
                _session(message["session"]), [_event(e) for e in message["events"]]
            )
            if update.session.version <= self.version:
                continue
            self.version = update.session.version
            return update


def _unavailable(exc: BaseException, retry_after: int) -> StoreUnavailable:
    """The StoreUnavailable of a Redis failure: its kind, never its address."""
    reason = "timed out" if isinstance(exc, TimeoutError) else type(exc).__name__
    return StoreUnavailable(f"the session store is unavailable: {reason}", retry_after)


class _Queues:
    """Per-session FIFO locks, so that one process's writes to a session take turns, with at
    most ``limit`` writers waiting, each for at most ``timeout`` seconds."""

    def __init__(self, limit: int, timeout: float, retry_after: int) -> None:
        self.limit = limit
        self.timeout = timeout
        self.retry_after = retry_after
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @asynccontextmanager
    async def turn(self, name: str, session_id: str) -> AsyncIterator[None]:
        lock, users = self._locks.setdefault(name, (asyncio.Lock(), [0]))
        if users[0] > self.limit:
            raise SessionBusy(session_id, self.retry_after)
        users[0] += 1
        try:
            try:
                async with asyncio.timeout(self.timeout):
                    await lock.acquire()
            except TimeoutError:
                raise SessionBusy(session_id, self.retry_after) from None
            try:
                yield
            finally:
                lock.release()
        finally:
            users[0] -= 1
            if not users[0]:
                del self._locks[name]


class _Subscriber:
    """One subscription's mailbox on the hub: the channel's messages, or why it ended."""

    def __init__(self, tenant: str, channel: str) -> None:
        self.tenant = tenant
        self.channel = channel
        self.queue: asyncio.Queue[bytes | str | StoreUnavailable] = asyncio.Queue(
            _SUBSCRIBER_BACKLOG
        )

    def deliver(self, data: bytes | str) -> bool:
        """Queue a message; False (and the subscription is lost) if it is too far behind."""
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self.lose(StoreUnavailable("the subscriber fell too far behind: updates were lost"))
            return False
        return True

    def lose(self, error: StoreUnavailable) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(error)

    async def next(self) -> bytes | str:
        item = await self.queue.get()
        if isinstance(item, StoreUnavailable):
            self.queue.put_nowait(item)
            raise item
        return item


@dataclass(slots=True)
class _Channel:
    subscribers: set[_Subscriber] = field(default_factory=set)
    subscribing: bool = False
    """Its SUBSCRIBE is sent."""
    active: bool = False
    """Redis has confirmed it, and every command on the channel before it."""
    waiters: list[asyncio.Future[None]] = field(default_factory=list)


class _Hub:
    """One pub/sub connection carrying the channels of every subscription of a store.

    A subscription joins its channel: the first one sends ``SUBSCRIBE`` and every joiner
    waits until Redis has confirmed the newest ``SUBSCRIBE`` of the channel, so nothing
    published after :meth:`join` returns is missed. The last to leave sends
    ``UNSUBSCRIBE``. Replies come in order, so each channel counts the commands it has in
    flight; a channel is live when none is. Commands are written by one task in the order
    they were decided; one task reads the connection and hands each message to the
    channel's subscribers; another pings it every few seconds. If the
    connection fails or stops answering, every subscriber gets :class:`StoreUnavailable` and
    the next :meth:`join` opens a new connection.
    """

    def __init__(self, redis: Client, *, timeout: float, per_tenant: int) -> None:
        self.redis = redis
        self.timeout = timeout
        self.per_tenant = per_tenant
        self._connection: AbstractConnection | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._connecting: asyncio.Lock | None = None
        self._channels: dict[str, _Channel] = {}
        self._in_flight: Counter[str] = Counter()
        self._tenants: Counter[str] = Counter()
        self._pinged: float | None = None
        self._outbox: asyncio.Queue[tuple[str, ...]] = asyncio.Queue()
        self._background: set[asyncio.Task[None]] = set()

    @property
    def subscriptions(self) -> int:
        """Subscriptions open or opening."""
        return sum(self._tenants.values())

    @property
    def live(self) -> int:
        """Subscriptions whose channel Redis has confirmed."""
        return sum(len(entry.subscribers) for entry in self._channels.values() if entry.active)

    async def join(self, tenant: str, channel: str) -> _Subscriber:
        if self.per_tenant and self._tenants[tenant] >= self.per_tenant:
            raise QuotaExceeded("subscriptions", self.per_tenant)
        subscriber = _Subscriber(tenant, channel)
        self._tenants[tenant] += 1
        try:
            async with asyncio.timeout(self.timeout):
                connection = await self._connect()
                entry = self._channels.setdefault(channel, _Channel())
                entry.subscribers.add(subscriber)
                if entry.active:
                    return subscriber
                waiter = asyncio.get_running_loop().create_future()
                entry.waiters.append(waiter)
                if not entry.subscribing:
                    entry.subscribing = True
                    self._command(connection, "SUBSCRIBE", channel)
                await waiter
            return subscriber
        except BaseException as exc:
            self.leave(subscriber)
            if isinstance(exc, RedisError | RedisClusterException | OSError):
                raise _unavailable(exc, 1) from exc
            raise

    def leave(self, subscriber: _Subscriber) -> None:
        if subscriber.tenant not in self._tenants:
            return
        self._tenants[subscriber.tenant] -= 1
        if not self._tenants[subscriber.tenant]:
            del self._tenants[subscriber.tenant]
        entry = self._channels.get(subscriber.channel)
        if entry is not None and subscriber in entry.subscribers:
            entry.subscribers.discard(subscriber)
            self._unsubscribe_if_idle(subscriber.channel, entry)

    def _unsubscribe_if_idle(self, channel: str, entry: _Channel) -> None:
        if entry.subscribers or self._channels.get(channel) is not entry:
            return
        del self._channels[channel]
        for waiter in entry.waiters:
            if not waiter.done():
                waiter.cancel()
        connection = self._connection
        if connection is not None and entry.subscribing:
            self._command(connection, "UNSUBSCRIBE", channel)

    async def aclose(self) -> None:
        connection, self._connection = self._connection, None
        tasks, self._tasks = self._tasks, []
        for task in [*tasks, *self._background]:
            task.cancel()
        for task in tasks:
            with suppress(BaseException):
                await task
        if connection is not None:
            with suppress(Exception):
                await connection.disconnect()
        self._fail(StoreUnavailable("the session store is closing"))

    async def _connect(self) -> AbstractConnection:
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            if self._connection is not None:
                return self._connection
            connection = await self._new_connection()
            await connection.connect()  # type: ignore[no-untyped-call]
            self._connection = connection
            self._pinged = None
            self._outbox = asyncio.Queue()
            self._tasks = [
                asyncio.create_task(self._read(connection)),
                asyncio.create_task(self._write(connection, self._outbox)),
                asyncio.create_task(self._heartbeat(connection)),
            ]
            return connection

    async def _new_connection(self) -> AbstractConnection:
        """A connection of its own, to a node of the cluster or to the server, that blocks
        on reads (the heartbeat watches it instead of a socket timeout)."""
        connection_class: type[AbstractConnection]
        if isinstance(self.redis, RedisCluster):
            await self.redis.initialize()
            node = self.redis.get_default_node()
            kwargs = dict(node.connection_kwargs)
            connection_class = node.connection_class
        else:
            pool = self.redis.connection_pool
            kwargs = dict(pool.connection_kwargs)
            connection_class = pool.connection_class
        kwargs["socket_timeout"] = None
        connection: AbstractConnection = connection_class(**kwargs)
        return connection

    async def _read(self, connection: AbstractConnection) -> None:
        try:
            while True:
                reply = await connection.read_response(push_request=True)
                self._handle(reply)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if self._connection is connection:
                log.warning("live updates lost their Redis connection: %s", type(exc).__name__)
                self._reset(connection, _unavailable(exc, 1))

    def _handle(self, reply: Any) -> None:
        if not isinstance(reply, list) or not reply:
            if isinstance(reply, bytes | str) and _text(reply).lower() == "pong":
                self._pinged = None
            return
        kind = _text(reply[0]).lower()
        if kind == "message" and len(reply) >= 3:
            channel = _text(reply[1])
            entry = self._channels.get(channel)
            if entry is not None:
                for subscriber in list(entry.subscribers):
                    if not subscriber.deliver(reply[2]):
                        entry.subscribers.discard(subscriber)
                self._unsubscribe_if_idle(channel, entry)
        elif kind in ("subscribe", "unsubscribe") and len(reply) >= 2:
            channel = _text(reply[1])
            self._in_flight[channel] -= 1
            if self._in_flight[channel] > 0:
                return
            del self._in_flight[channel]
            entry = self._channels.get(channel)
            if entry is not None and entry.subscribing:
                entry.active = True
                for waiter in entry.waiters:
                    if not waiter.done():
                        waiter.set_result(None)
                entry.waiters.clear()
        elif kind == "pong":
            self._pinged = None

    async def _heartbeat(self, connection: AbstractConnection) -> None:
        while self._connection is connection:
            await asyncio.sleep(_HEARTBEAT)
            now = time.monotonic()
            if self._pinged is not None and now - self._pinged > self.timeout:
                log.warning("live updates: Redis stopped answering on the pub/sub connection")
                self._reset(connection, StoreUnavailable("the session store is unavailable"))
                return
            if self._pinged is None:
                self._pinged = now
                self._command(connection, "PING")

    def _command(self, connection: AbstractConnection, command: str, *args: str) -> None:
        """Queue a command for the connection: they are written in the order queued, which
        is the order their replies come back in."""
        if self._connection is not connection:
            return
        if command != "PING":
            self._in_flight[args[0]] += 1
        self._outbox.put_nowait((command, *args))

    async def _write(
        self, connection: AbstractConnection, outbox: asyncio.Queue[tuple[str, ...]]
    ) -> None:
        try:
            while True:
                command = await outbox.get()
                async with asyncio.timeout(self.timeout):
                    await connection.send_command(*command)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if self._connection is connection:
                self._reset(connection, _unavailable(exc, 1))

    def _reset(self, connection: AbstractConnection, error: StoreUnavailable) -> None:
        if self._connection is not connection:
            return
        self._connection = None
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        self._tasks = []
        self._spawn(connection.disconnect())
        self._fail(error)

    def _fail(self, error: StoreUnavailable) -> None:
        channels, self._channels = self._channels, {}
        self._in_flight.clear()
        for entry in channels.values():
            for subscriber in entry.subscribers:
                subscriber.lose(error)
            for waiter in entry.waiters:
                if not waiter.done():
                    waiter.set_exception(error)

    def _spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        async def run() -> None:
            with suppress(Exception):
                await coroutine

        def done(task: asyncio.Task[None]) -> None:
            self._background.discard(task)
            coroutine.close()  # a no-op unless the task was cancelled before it ran

        task = asyncio.get_running_loop().create_task(run())
        self._background.add(task)
        task.add_done_callback(done)


def _encode(value: Any) -> bytes:
    """Compact JSON, refusing NaN and infinities (ValueError) as JSON has no such numbers.

    pydantic-core's encoder is several times faster than the json module; where its output
    may hold such a constant, the json module decides (and raises)."""
    encoded = to_json(value, inf_nan_mode="constants")
    if b"NaN" in encoded or b"Infinity" in encoded:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        return text.encode()
    return encoded


def _json_of(value: Document | Encoded) -> bytes:
    """A document's JSON: an :class:`Encoded` one's as it is."""
    return value.json if isinstance(value, Encoded) else _encode(value)


def strict_json(data: bytes) -> bytes:
    """``data``, refused (ValueError) if it holds a NaN or an infinity, which JSON has no
    numbers for (what the store refuses in a document it encodes)."""
    if b"NaN" in data or b"Infinity" in data:
        _encode(from_json(data))
    return data


def _dict_of(value: Document | Encoded) -> Document | None:
    return None if isinstance(value, Encoded) else value


async def _run(fn: Callable[[Any], Change | Awaitable[Change]], argument: Any) -> _Plan:
    try:
        change = fn(argument)
        if inspect.isawaitable(change):
            change = await change
    except Exception as exc:
        raise _ActionFailed(exc) from exc
    return _Plan(
        change.document, change.events, change.response, "push", change.document_at, change.step
    )


_FIRST_STEP = len(b'{"version":1,"document":}')


def _step(version: int, step: dict[str, Any] | None) -> bytes:
    """A replay record: ``step`` with ``version`` first (empty without one)."""
    if not step:
        return b""
    return b'{"version":' + str(version).encode() + b"," + _encode(step)[1:]


def _dumps(value: Any) -> str:
    return _encode(value).decode()


def _bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _digest(idempotency_key: str) -> str:
    if not isinstance(idempotency_key, str) or not 0 < len(idempotency_key) <= _MAX_IDEMPOTENCY_KEY:
        raise InvalidArgument(
            f"an idempotency key must be 1 to {_MAX_IDEMPOTENCY_KEY} characters long"
        )
    return hashlib.sha256(idempotency_key.encode()).hexdigest()


def _token() -> str:
    return secrets.token_hex(8)


def _now() -> int:
    return time.time_ns() // 1_000_000


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def _dt(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def _dts(state: _State) -> tuple[datetime, datetime]:
    return _dt(state.created), _dt(state.updated)


def _session_json(session: Session) -> dict[str, Any]:
    return {
        "id": session.id,
        "version": session.version,
        "document": session.document,
        "created": round(session.created.timestamp() * 1000),
        "updated": round(session.updated.timestamp() * 1000),
    }


def _message(session: Session, events: list[bytes]) -> tuple[bytes, bytes]:
    """The published update, ``{"session": {...}, "events": [...]}``, before and after the
    document (the script puts the document it writes between them)."""
    head = b"".join(
        (b'{"session":{"id":', _encode(session.id), b',"version":', str(session.version).encode())
    )
    tail = b"".join(
        (
            b',"created":',
            str(round(session.created.timestamp() * 1000)).encode(),
            b',"updated":',
            str(round(session.updated.timestamp() * 1000)).encode(),
            b'},"events":[',
            b",".join(events),
            b"]}",
        )
    )
    return head + b',"document":', tail


def _session(data: dict[str, Any]) -> Session:
    return Session(
        data["id"], data["version"], data["document"], _dt(data["created"]), _dt(data["updated"])
    )


def _event_json(event: Event) -> dict[str, Any]:
    return {"index": event.index, "version": event.version, "data": event.data}


def _event(data: dict[str, Any]) -> Event:
    return Event(data["index"], data["version"], data["data"])


def _record(fingerprint: str | None, session: Session, first_event: int, plan: _Plan) -> bytes:
    """An idempotency record: the request's digest, the version written, the range of its
    events and the response; the document only if the response does not hold it."""
    meta = {
        "id": session.id,
        "version": session.version,
        "created": round(session.created.timestamp() * 1000),
        "updated": round(session.updated.timestamp() * 1000),
    }
    record: dict[str, Any] = {
        "state": "done",
        "fingerprint": fingerprint,
        "session": meta,
        "events": [first_event, len(plan.events)],
    }
    at = plan.document_at
    if isinstance(plan.response, Encoded):
        head = _encode(record)[:-1]
        tail = (
            b',"document_at":' + _encode(at)
            if at is not None
            else b',"document":' + _json_of(plan.document)
        )
        return head + b',"response":' + _json_of(plan.response) + tail + b"}"
    record["response"] = plan.response
    held = plan.response.get(at) if at is not None else None
    document = plan.document.value if isinstance(plan.document, Encoded) else plan.document
    if at is not None and (held is document or held == document):
        record["document_at"] = at
    else:
        record["document"] = (
            from_json(plan.document.json) if isinstance(plan.document, Encoded) else document
        )
    return _encode(record)

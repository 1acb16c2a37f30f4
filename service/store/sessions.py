"""Sessions in Redis: opaque JSON documents with versions, an event log, undo and live updates.

The store knows nothing of the rules. A transport reads a session, runs the pure engine on
its document and writes the result back with :meth:`SessionStore.apply`, which does the
read-apply-write as a compare-and-set: one Lua script checks the version and, atomically,
writes the document, appends the events, keeps the undo snapshot, stores the idempotent
response, refreshes the idle TTL and publishes the update.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import random
import secrets
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic_core import from_json, to_json
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import RedisClusterException, RedisError

from service.store import _lua
from service.store.errors import (
    IdempotencyInProgress,
    IdempotencyKeyReused,
    InvalidArgument,
    NothingToUndo,
    SessionNotFound,
    StoreUnavailable,
    VersionConflict,
)
from service.store.keys import DEFAULT_PREFIX, check_name, key, new_session_id, parse_session_id

__all__ = [
    "MAX_PAGE",
    "Applied",
    "Change",
    "Client",
    "Document",
    "Event",
    "EventPage",
    "Session",
    "SessionStore",
    "SessionUpdate",
]

Document = dict[str, Any]
"""A session's document: any JSON object."""

Client = _lua.Client
"""The Redis clients the store works with: ``redis.asyncio.Redis`` or ``RedisCluster``."""

MAX_PAGE = 200
"""The largest page of events :meth:`SessionStore.events` returns."""

_MAX_IDEMPOTENCY_KEY = 255
_SUBSCRIPTION_CHECK = 10.0


@dataclass(frozen=True, slots=True)
class Session:
    """One version of a session."""

    id: str
    version: int
    document: Document
    created: datetime
    updated: datetime
    replayed: bool = field(default=False, compare=False)
    """From :meth:`SessionStore.create` with an idempotency key: this is the session an
    earlier request with that key created (nothing was created now)."""


@dataclass(frozen=True, slots=True)
class Change:
    """What an action does: the new document, the events it logs and the response it answers."""

    document: Document
    events: list[dict[str, Any]] = field(default_factory=list)
    response: dict[str, Any] = field(default_factory=dict)


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
    response: dict[str, Any]
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
class _Keys:
    session_id: str
    session: str
    events: str
    history: str
    channel: str


@dataclass(frozen=True, slots=True)
class _State:
    version: int
    document: Document
    created: int
    updated: int
    total_events: int
    last_snapshot: str | None


@dataclass(frozen=True, slots=True)
class _Plan:
    document: Document
    events: list[dict[str, Any]]
    response: dict[str, Any]
    history: Literal["push", "pop"]


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
    :param idempotency_ttl: seconds an idempotency key's response is kept.
    :param idempotency_lease: seconds an unfinished request holds its idempotency key if its
        process dies before it finishes.
    :param timeout: every operation either finishes or raises :class:`StoreUnavailable`
        within this many seconds (the time an action's function takes aside).
    :param max_attempts: how many times :meth:`apply` without an expected version runs the
        read-apply-write before it gives up with :class:`VersionConflict`. Writes to one
        session from one store are queued locally, so attempts only race other processes.
    :param history_limit: how many actions back :meth:`undo` can go.
    :param retry_after: the ``retry_after`` of the :class:`StoreUnavailable` raised.
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
    ) -> None:
        if min(idle_ttl, idempotency_ttl, idempotency_lease, timeout) <= 0:
            raise ValueError("ttls, lease and timeout must be positive")
        if max_attempts < 1 or history_limit < 1:
            raise ValueError("max_attempts and history_limit must be at least 1")
        self.redis = redis
        self.prefix = check_name(prefix, "prefix")
        self.idle_ttl = idle_ttl
        self.idempotency_ttl = idempotency_ttl
        self.idempotency_lease = idempotency_lease
        self.timeout = timeout
        self.max_attempts = max_attempts
        self.history_limit = history_limit
        self.retry_after = retry_after
        self._queues = _Queues()

    async def create(
        self,
        tenant: str,
        document: Document,
        *,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
    ) -> Session:
        """Store a new session at version 1 and return it.

        With an idempotency key, a retry returns the session as first created. The key is
        recorded apart from the session (the session's id is not known before): if this
        process dies between the two writes, a retry after the lease creates another session
        and the first one is left to expire.
        """
        encoded = _dumps(document)
        record_key = None
        if idempotency_key is not None:
            digest = _digest(idempotency_key)
            record_key = self._key(tenant, f"new.{digest[:32]}", f"idempotency:{digest}")
        claim = None
        try:
            async with self._guard():
                if record_key is not None:
                    outcome = await self._claim(record_key, request_fingerprint)
                    if isinstance(outcome, Applied):
                        return dataclasses.replace(outcome.session, replayed=True)
                    claim = outcome
                now = _now()
                while True:
                    keys = self._keys(tenant, new_session_id())
                    created = await _lua.CREATE(
                        self.redis, [keys.session], [encoded, now, _ms(self.idle_ttl)]
                    )
                    if created:
                        break
                session = Session(keys.session_id, 1, from_json(encoded), _dt(now), _dt(now))
                if record_key is not None and claim is not None:
                    record = _record(request_fingerprint, Applied(session, [], {}))
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
        return Session(keys.session_id, state.version, state.document, *_dts(state))

    async def delete(self, tenant: str, session_id: str) -> None:
        """Delete the session, its events and its history; its subscriptions end."""
        keys = self._keys(tenant, session_id)
        async with self._guard():
            found = await _lua.DELETE(
                self.redis,
                [keys.session, keys.events, keys.history],
                [keys.channel, _dumps({"deleted": True})],
            )
        if not found:
            raise SessionNotFound(session_id)

    async def apply(
        self,
        tenant: str,
        session_id: str,
        fn: Callable[[Document], Change | Awaitable[Change]],
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
    ) -> Applied:
        """Run ``fn`` on the session's document and write its change as a new version.

        ``fn`` must be pure: it may run more than once when another process writes the
        session in between, and its last run is the one written. An exception from ``fn``
        propagates, with nothing written. ``fn`` may return an awaitable (the doors run the
        engine in a worker thread, with a deadline of their own): the time it takes is not
        counted in the store's ``timeout``.

        With ``expected_version``, a session at another version raises
        :class:`VersionConflict` at once, before ``fn`` runs. Without it, the read-apply-write
        is retried up to ``max_attempts`` times.

        With ``idempotency_key``, the first outcome is stored, in the same atomic write, for
        ``idempotency_ttl``; a later call with the same key and the same
        ``request_fingerprint`` (a digest of the request, compared as given) returns it with
        ``replayed=True`` and does not run ``fn``. Another fingerprint raises
        :class:`IdempotencyKeyReused`; a first call still running raises
        :class:`IdempotencyInProgress`. A call that fails leaves the key free. Keys are scoped
        to the session.
        """

        async def step(state: _State) -> _Plan:
            try:
                change = fn(state.document)
                if not isinstance(change, Change):
                    change = await change
            except Exception as exc:
                raise _ActionFailed(exc) from exc
            return _Plan(change.document, change.events, change.response, "push")

        return await self._write(
            tenant,
            session_id,
            step,
            expected_version,
            idempotency_key,
            request_fingerprint,
            with_snapshot=False,
        )

    async def undo(
        self,
        tenant: str,
        session_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
    ) -> Applied:
        """Restore the document from before the last action, as a new version.

        Logs and answers ``{"type": "undo", "reverted_version": r, "restored_version": s}``:
        version ``r`` was undone, and the document is again that of version ``s``. Repeated
        undos go further back, up to ``history_limit`` actions; past that,
        :class:`NothingToUndo`. Versions, retries and idempotency work as in :meth:`apply`.
        """

        def step(state: _State) -> _Plan:
            if state.last_snapshot is None:
                raise NothingToUndo(session_id)
            snapshot = from_json(state.last_snapshot)
            restored = int(snapshot["version"])
            event = {"type": "undo", "reverted_version": restored + 1, "restored_version": restored}
            return _Plan(snapshot["document"], [event], dict(event), "pop")

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
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise InvalidArgument(f"offset must be an integer >= 0, not {offset!r}")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_PAGE:
            raise InvalidArgument(f"limit must be an integer from 1 to {MAX_PAGE}, not {limit!r}")
        keys = self._keys(tenant, session_id)
        async with self._guard():
            found = await _lua.EVENTS(
                self.redis, [keys.session, keys.events], [offset, offset + limit - 1]
            )
        if not found:
            raise SessionNotFound(session_id)
        total, raw = int(found[0]), found[1]
        items = [_event(from_json(item)) for item in raw]
        end = offset + len(items)
        return EventPage(items, offset, limit, total, end if end < total else None)

    async def subscribe(self, tenant: str, session_id: str) -> AsyncGenerator[SessionUpdate, None]:
        """Yield each new version of the session written from now on, by any process.

        Raises :class:`SessionNotFound` first if there is no such session, and returns when
        the session is deleted, or has expired (noticed within about 10 seconds). Raises
        :class:`StoreUnavailable` if the connection to Redis is lost: updates may have been
        missed, so subscribe again and read the session. Each subscription holds one Redis
        connection. The updates go through plain pub/sub (``PUBLISH`` from the write's
        script), which a Redis Cluster broadcasts to every node: a subscription connects to
        the node of its channel's slot.
        """
        keys = self._keys(tenant, session_id)
        if isinstance(self.redis, RedisCluster):
            async with self._guard():
                await self.redis.initialize()
        pubsub = self.redis.pubsub()
        try:
            async with self._guard():
                await pubsub.subscribe(keys.channel)
                await self._read(keys, with_snapshot=False)
            while True:
                async with self._guard(_SUBSCRIPTION_CHECK + self.timeout):
                    message = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=_SUBSCRIPTION_CHECK
                    )
                if message is None:
                    async with self._guard():
                        if not await self.redis.exists(keys.session):
                            return
                    continue
                if message.get("type") != "message":
                    continue
                data = from_json(message["data"])
                if data.get("deleted"):
                    return
                yield SessionUpdate(_session(data["session"]), [_event(e) for e in data["events"]])
        finally:
            with suppress(Exception):
                async with asyncio.timeout(self.timeout):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def ping(self) -> bool:
        """Whether Redis answers within the timeout; never raises."""
        try:
            async with self._guard():
                return bool(await self.redis.ping())
        except StoreUnavailable:
            return False

    async def _write(
        self,
        tenant: str,
        session_id: str,
        step: Callable[[_State], _Plan | Awaitable[_Plan]],
        expected_version: int | None,
        idempotency_key: str | None,
        fingerprint: str | None,
        *,
        with_snapshot: bool,
    ) -> Applied:
        keys = self._keys(tenant, session_id)
        record_key = None
        if idempotency_key is not None:
            record_key = self._key(
                tenant, keys.session_id, f"idempotency:{_digest(idempotency_key)}"
            )
        claim = None
        try:
            async with self._guard() as budget:
                if record_key is not None:
                    outcome = await self._claim(record_key, fingerprint)
                    if isinstance(outcome, Applied):
                        return outcome
                    claim = outcome
                async with self._queues.turn(keys.session):
                    return await self._attempt(
                        keys,
                        step,
                        expected_version,
                        record_key,
                        claim,
                        fingerprint,
                        with_snapshot,
                        budget,
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
        keys: _Keys,
        step: Callable[[_State], _Plan | Awaitable[_Plan]],
        expected_version: int | None,
        record_key: str | None,
        claim: str | None,
        fingerprint: str | None,
        with_snapshot: bool,
        budget: asyncio.Timeout,
    ) -> Applied:
        """One read-apply-write, retried on a version race; the newest undo snapshot is
        read only when ``with_snapshot`` (only undo needs it)."""
        current = 0
        for attempt in range(self.max_attempts):
            if attempt:
                await asyncio.sleep(random.uniform(0, min(0.05, 0.002 * 2**attempt)))
            state = await self._read(keys, with_snapshot=with_snapshot)
            if expected_version is not None and state.version != expected_version:
                raise VersionConflict(state.version)
            plan = step(state)
            if not isinstance(plan, _Plan):
                plan = await _outside(budget, plan)
            version = state.version + 1
            now = _now()
            document = _dumps(plan.document)
            session = Session(keys.session_id, version, plan.document, _dt(state.created), _dt(now))
            events = [
                _event_json(Event(state.total_events + i, version, data))
                for i, data in enumerate(plan.events)
            ]
            encoded = [_dumps(event) for event in events]
            applied = Applied(
                session,
                [_event(event) for event in events],
                plan.response,
            )
            message = _dumps({"session": _session_json(session), "events": events})
            written_keys = [keys.session, keys.events, keys.history]
            record = ""
            if record_key is not None:
                written_keys.append(record_key)
                record = _record(fingerprint, applied)
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
                    message,
                    claim or "",
                    record,
                    _ms(self.idempotency_ttl),
                    *encoded,
                ],
            )
            status = _text(outcome[0])
            if status == "ok":
                return applied
            if status == "missing":
                raise SessionNotFound(keys.session_id)
            if status == "claim_lost":
                raise IdempotencyInProgress()
            current = int(outcome[1])
            if expected_version is not None:
                raise VersionConflict(current)
        raise VersionConflict(current)

    async def _read(self, keys: _Keys, *, with_snapshot: bool) -> _State:
        found = await _lua.READ(
            self.redis,
            [keys.session, keys.events, keys.history],
            ["1" if with_snapshot else "0"],
        )
        if not found:
            raise SessionNotFound(keys.session_id)
        version, document, created, updated, total, snapshot = found
        return _State(
            int(version),
            from_json(document),
            int(created),
            int(updated),
            int(total),
            None if snapshot is None else _text(snapshot),
        )

    async def _claim(self, record_key: str, fingerprint: str | None) -> str | Applied:
        """Claim an idempotency key: the claim to write or release, or the stored outcome."""
        claim = _dumps({"state": "pending", "fingerprint": fingerprint, "token": _token()})
        existing = await _lua.CLAIM(self.redis, [record_key], [claim, _ms(self.idempotency_lease)])
        if existing is None:
            return claim
        record = from_json(existing)
        if record.get("fingerprint") != fingerprint:
            raise IdempotencyKeyReused()
        if record.get("state") != "done":
            raise IdempotencyInProgress()
        applied = record["applied"]
        return Applied(
            _session(applied["session"]),
            [_event(e) for e in applied["events"]],
            applied["response"],
            replayed=True,
        )

    async def _release(self, record_key: str, claim: str) -> None:
        with suppress(Exception):
            async with asyncio.timeout(min(self.timeout, 1.0)):
                await _lua.RELEASE(self.redis, [record_key], [claim])

    def _key(self, tenant: str, scope: str, part: str) -> str:
        return key(tenant, scope, part, prefix=self.prefix)

    def _keys(self, tenant: str, session_id: str) -> _Keys:
        session_id = parse_session_id(session_id)
        return _Keys(
            session_id,
            self._key(tenant, session_id, "session"),
            self._key(tenant, session_id, "events"),
            self._key(tenant, session_id, "history"),
            self._key(tenant, session_id, "updates"),
        )

    @asynccontextmanager
    async def _guard(self, seconds: float | None = None) -> AsyncIterator[asyncio.Timeout]:
        """Bound the time of the body and turn Redis trouble into StoreUnavailable."""
        try:
            async with asyncio.timeout(self.timeout if seconds is None else seconds) as budget:
                yield budget
        except (RedisError, RedisClusterException, OSError) as exc:
            reason = "timed out" if isinstance(exc, TimeoutError) else type(exc).__name__
            raise StoreUnavailable(
                f"the session store is unavailable: {reason}", self.retry_after
            ) from exc


async def _outside(budget: asyncio.Timeout, work: Awaitable[_Plan]) -> _Plan:
    """Await ``work`` with ``budget`` paused: the time it takes is not the store's."""
    loop = asyncio.get_running_loop()
    when = budget.when()
    left = None if when is None else when - loop.time()
    budget.reschedule(None)
    try:
        return await work
    finally:
        budget.reschedule(None if left is None else loop.time() + left)


class _Queues:
    """Per-session FIFO locks, so that one process's writes to a session take turns."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @asynccontextmanager
    async def turn(self, name: str) -> AsyncIterator[None]:
        lock, users = self._locks.setdefault(name, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self._locks[name]


def _dumps(value: Any) -> str:
    """Compact JSON, refusing NaN and infinities (ValueError) as JSON has no such numbers.

    pydantic-core's encoder is several times faster than the json module; where its output
    may hold such a constant, the json module decides (and raises)."""
    encoded = to_json(value, inf_nan_mode="constants")
    if b"NaN" in encoded or b"Infinity" in encoded:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return encoded.decode()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


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


def _session(data: dict[str, Any]) -> Session:
    return Session(
        data["id"], data["version"], data["document"], _dt(data["created"]), _dt(data["updated"])
    )


def _event_json(event: Event) -> dict[str, Any]:
    return {"index": event.index, "version": event.version, "data": event.data}


def _event(data: dict[str, Any]) -> Event:
    return Event(data["index"], data["version"], data["data"])


def _record(fingerprint: str | None, applied: Applied) -> str:
    return _dumps(
        {
            "state": "done",
            "fingerprint": fingerprint,
            "applied": {
                "session": _session_json(applied.session),
                "events": [_event_json(e) for e in applied.events],
                "response": applied.response,
            },
        }
    )

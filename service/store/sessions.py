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
session a process follows share one pub/sub connection (:class:`~service.store._hub.Hub`).

:class:`SessionStore` is the face of the store's rooms: the records it hands out
(:mod:`service.store.records`), the per-process cache (:mod:`service.store._cache`), live
updates (:mod:`service.store._hub`), the JSON it stores (:mod:`service.store._codec`) and the
Lua scripts that write it (:mod:`service.store._lua`).
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

from service.jsontext import encode
from service.store import _claims as claims
from service.store import _lua
from service.store._access import Access
from service.store._cache import Cache, Kept, State
from service.store._codec import (
    FIRST_STEP,
    Plan,
    as_text,
    count_from,
    datetime_of,
    dict_of,
    document_from,
    facts_json,
    json_of,
    now_ms,
    snapshot_from,
    undo_event,
)
from service.store._dice import Dice
from service.store._follower import SUBSCRIPTION_CHECK, Follower, current_version
from service.store._hub import Hub
from service.store._ledger import Ledger
from service.store._listing import read_page
from service.store._logs import Logs
from service.store._queues import Queues
from service.store._seating import Seating
from service.store._write import (
    key_digest,
    run_action,
)
from service.store._writing import WritePolicy, Writer
from service.store.errors import (
    IdempotencyInProgress,
    NothingToUndo,
    SessionNotFound,
    StoreUnavailable,
    VersionConflict,
)
from service.store.keys import (
    DEFAULT_PREFIX,
    check_name,
    new_session_id,
    parse_session_id,
)
from service.store.records import (
    MAX_PAGE,
    Action,
    Applied,
    Change,
    Document,
    Encoded,
    Event,
    EventPage,
    Gone,
    Missed,
    Proposal,
    Proposed,
    Reveal,
    Seat,
    Session,
    SessionList,
    SessionUpdate,
    StepPage,
    Stored,
    StoredAction,
    Summary,
    Transcript,
    TranscriptPage,
    check_page,
)

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
    "Proposal",
    "Proposed",
    "Reveal",
    "Seat",
    "Session",
    "SessionList",
    "SessionStore",
    "SessionUpdate",
    "StepPage",
    "Stored",
    "StoredAction",
    "Summary",
    "Transcript",
    "TranscriptPage",
]

Client = _lua.Client
"""The Redis clients the store works with: ``redis.asyncio.Redis`` or ``RedisCluster``."""


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
        self._queues = Queues(queue_limit, queue_timeout, retry_after)
        self._hub = Hub(redis, timeout=timeout, per_tenant=max_subscriptions)
        self._cache = Cache(cache_bytes)
        self._ledger = Ledger(redis, self.prefix, _ms(idle_ttl), max_sessions, max_bytes)
        self._access = Access(redis, self.prefix, timeout, retry_after)
        policy = WritePolicy(
            max_attempts,
            history_limit,
            retry_after,
            _ms(idle_ttl),
            _ms(idempotency_ttl),
            _ms(idempotency_lease),
        )
        self._writer = Writer(self._access, self._ledger, self._cache, self._queues, policy)
        self.seating = Seating(self._access)
        """The sessions' seats and the proposals of their seats."""
        self.logs = Logs(self._access)
        """The sessions' event logs, replay logs and transcripts."""
        self.dice = Dice(self._access, self._cache)
        """Reveals of the sessions' dice secrets."""

    async def create(
        self,
        tenant: str,
        document: Document | Encoded,
        *,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
        steps: bool = False,
        title: str | None = None,
        facts: dict[str, Any] | None = None,
        origin: dict[str, Any] | None = None,
        dice: bytes | None = None,
    ) -> Session:
        """Store a new session at version 1 and return it.

        ``dice``: a fresh secret the session's seeds derive from (fair dice). The session
        keeps it, answered by nothing but :meth:`reveal`, and commits to it: its
        :attr:`Session.commitment` is the secret's SHA-256, and its ``line`` starts at 1
        (one more with each action, one less with each undo: see :attr:`Stored.line`).

        ``origin`` (with ``steps``): what the session was made from (a fork names the
        session and version), kept in the replay log's first record.

        ``title`` (metadata: see :meth:`retitle`) and ``facts`` (see :attr:`Change.facts`)
        are what the tenant's list of sessions shows of it (:meth:`sessions`).

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
        encoded = json_of(document)
        named = b"" if origin is None or not steps else encode(origin)
        size = len(encoded) + (len(encoded) + FIRST_STEP if steps else 0)
        size += len(named) + len(b',"origin":') if named else 0
        about = (title or "", facts_json(facts), named)
        secret = None if dice is None else (dice, hashlib.sha256(dice).hexdigest())
        record_key = None
        if idempotency_key is not None:
            digest = key_digest(idempotency_key)
            record_key = self._access.key(tenant, f"new.{digest[:32]}", f"idempotency:{digest}")
        claim = None
        try:
            if record_key is not None:
                outcome = await self._claim_or_replay(tenant, record_key, request_fingerprint)
                if isinstance(outcome, Session):
                    return outcome
                claim = outcome
            async with self._access.guard():
                session = await self._insert(
                    tenant, document, encoded, size, record_key, steps, about, secret
                )
                if record_key is not None and claim is not None:
                    await claims.complete_create(
                        self.redis,
                        record_key,
                        claim,
                        request_fingerprint,
                        session.id,
                        _ms(self.idempotency_ttl),
                    )
                return session
        except BaseException:
            if record_key is not None and claim is not None:
                await claims.release(self.redis, record_key, claim, self.timeout)
            raise

    async def _claim_or_replay(
        self, tenant: str, record_key: str, fingerprint: str | None
    ) -> str | Session:
        """Claim a create's idempotency key (this request's claim), or the session an
        earlier request with the key created, as it is now. A key whose session ended is
        freed and claimed again."""
        for _ in range(3):
            async with self._access.guard():
                outcome = await claims.claim_create(
                    self.redis, record_key, fingerprint, _ms(self.idempotency_lease)
                )
            if isinstance(outcome, str):
                return outcome
            session_id, stored = outcome
            try:
                found = await self.get(tenant, session_id)
                return found.as_replayed()
            except SessionNotFound:
                async with self._access.guard():  # it ended: the key is free again
                    await _lua.RELEASE(self.redis, [record_key], [stored])
        raise IdempotencyInProgress()

    async def _insert(
        self,
        tenant: str,
        document: Document | Encoded,
        encoded: bytes,
        size: int,
        record_key: str | None,
        steps: bool,
        about: tuple[str, bytes, bytes],
        secret: tuple[bytes, str] | None = None,
    ) -> Session:
        """Write the document at version 1 under a new id (a fresh one while an id is taken
        or refused by the tenant's quota), with its title and facts (``about``), and keep an
        :class:`Encoded` one's value."""
        now = now_ms()
        title, facts, origin = about
        while True:
            keys = self._access.keys(tenant, new_session_id())
            if not await self._ledger.admit(tenant, keys.session_id, size):
                continue
            created = await _lua.CREATE(
                self.redis,
                [keys.session, keys.steps],
                [
                    encoded,
                    now,
                    _ms(self.idle_ttl),
                    record_key or "",
                    "1" if steps else "",
                    title,
                    facts,
                    origin,
                    "" if secret is None else secret[0].hex(),
                    "" if secret is None else secret[1],
                ],
            )
            if created:
                break
        session = Session(
            keys.session_id,
            1,
            dict_of(document),
            datetime_of(now),
            datetime_of(now),
            json=encoded,
            title=title or None,
            commitment=None if secret is None else secret[1],
        )
        if isinstance(document, Encoded) and document.value is not None:
            state = State(
                1,
                None,
                now,
                now,
                0,
                None,
                size,
                len(encoded),
                line=0 if secret is None else 1,
                commitment=None if secret is None else secret[1],
                dice=None if secret is None else secret[0],
            )
            self._cache.put(keys.session, Kept(state, document.value, encoded))
        return session

    async def get(self, tenant: str, session_id: str) -> Session:
        """The session's current version; :class:`SessionNotFound` if there is none.

        Its document is the JSON this process wrote as that version when it is the one kept
        here (not sent by Redis, nor decoded: :attr:`Session.document` decodes it when asked),
        else the stored JSON, checked to be an object."""
        keys = self._access.keys(tenant, session_id)
        kept = self._cache.get(keys.session)
        known = None if kept is None or kept.json is None else kept.state.version
        async with self._access.guard():
            state = await self._access.state(keys, with_snapshot=False, known=known)
        if state.json is None:
            assert kept is not None and kept.json is not None
            return Session(
                keys.session_id,
                state.version,
                None,
                *_dts(state),
                json=kept.json,
                title=state.title,
                commitment=state.commitment,
            )
        document = document_from(state.json, keys.session_id)
        return Session(
            keys.session_id,
            state.version,
            document,
            *_dts(state),
            json=state.json,
            title=state.title,
            commitment=state.commitment,
        )

    async def retitle(
        self,
        tenant: str,
        session_id: str,
        title: str | None,
        *,
        expected_version: int | None = None,
    ) -> Session:
        """Set the session's title (None: remove it) and answer the session.

        A title is metadata: no new version, nothing logged, published or undone, and no
        replay step. With ``expected_version``, a session at another version raises
        :class:`VersionConflict` and keeps its title.

        :raises SessionNotFound: there is no such session.
        """
        keys = self._access.keys(tenant, session_id)
        async with self._access.guard():
            answer = await _lua.RETITLE(
                self.redis,
                [keys.session],
                ["" if expected_version is None else expected_version, title or ""],
            )
        status = as_text(answer[0])
        if status == "missing":
            raise SessionNotFound(keys.session_id)
        if status == "conflict":
            raise VersionConflict(count_from(answer[1], keys.session_id, "version", 1))
        return await self.get(tenant, session_id)

    async def sessions(
        self, tenant: str, *, limit: int = 50, cursor: str | None = None
    ) -> SessionList:
        """A page of the tenant's live sessions, the last written first, from ``cursor`` (a
        page's :attr:`SessionList.cursor`; None: the first page).

        A write moves its session to the top; a title (:meth:`retitle`) does not. A session
        written while pages are read may show twice or not at all, as with any cursor.

        :raises InvalidArgument: for a limit outside 1..``MAX_PAGE`` or a cursor this store
            did not give.
        """
        check_page(0, limit)
        async with self._access.guard():
            return await read_page(
                self._ledger,
                tenant,
                lambda session_id: self._access.key(tenant, session_id, "session"),
                limit,
                cursor,
            )

    async def delete(self, tenant: str, session_id: str) -> None:
        """Delete the session, its events, its history and its idempotency records (its
        creation's too); its subscriptions end."""
        keys = self._access.keys(tenant, session_id)
        self._cache.drop(keys.session)
        async with self._access.guard():
            found, origin = await _lua.DELETE(
                self.redis,
                keys.stored(),
                [keys.channel, encode({"deleted": True}), keys.record_prefix],
            )
            if origin:
                await self.redis.delete(as_text(origin))
            await self._ledger.drop(tenant, keys.session_id)
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
        scoped to the session. The record keeps the response without the document (see
        :attr:`Change.document_at`), the version written and the range of its events: the
        document is that version's, read from the session when the key is replayed (or, once
        it has left the session, appended to the record by the write that dropped it).

        :raises SessionBusy: too many writes are waiting for this session here, or one
            waited past ``queue_timeout``, or other processes won every attempt.
        :raises QuotaExceeded: the write would grow the tenant's sessions past its bytes.
        """

        async def step(state: State, kept: Any) -> Plan:
            assert state.json is not None
            return await run_action(fn, document_from(state.json, session_id))

        return await self._writer.write(
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

        async def step(state: State, kept: Any) -> Plan:
            stored = Stored(
                parse_session_id(session_id),
                state.version,
                None if kept is not None else state.json,
                kept,
                line=state.line,
                dice=state.dice,
                commitment=state.commitment,
            )
            return await run_action(fn, stored)

        return await self._writer.write(
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
        keys = self._access.keys(tenant, session_id)
        kept = self._cache.get(keys.session)
        async with self._access.guard():
            state = await self._access.state(
                keys, with_snapshot=False, known=None if kept is None else kept.state.version
            )
        if state.json is None and kept is not None:
            return Stored(
                keys.session_id,
                state.version,
                None,
                kept.value,
                state,
                line=state.line,
                dice=state.dice,
                commitment=state.commitment,
            )
        self._cache.drop(keys.session)
        return Stored(
            keys.session_id,
            state.version,
            state.json,
            None,
            state,
            line=state.line,
            dice=state.dice,
            commitment=state.commitment,
        )

    def keep(self, tenant: str, stored: Stored, value: Any) -> None:
        """Keep ``value`` (``stored``'s document, decoded and checked by the caller) for the
        next action or read of that version in this process."""
        if stored._state is None or value is None:
            return
        keys = self._access.keys(tenant, stored.session_id)
        current = self._cache.get(keys.session)
        if current is not None and current.state.version > stored.version:
            return
        self._cache.put(keys.session, Kept(stored._state, value))

    async def undo(
        self,
        tenant: str,
        session_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
        log_step: bool = False,
        facts_of: Callable[[Document], dict[str, Any]] | None = None,
    ) -> Applied:
        """Restore the document from before the last action, as a new version.

        With ``log_step``, the replay log gets ``{"version": v, "undo": s}`` (version ``v``
        has the document of version ``s`` again). ``facts_of`` gives the restored document's
        facts (:attr:`Change.facts`).

        Logs and answers ``{"type": "undo", "revertedVersion": r, "restoredVersion": s}``:
        version ``r`` was undone, and the document is again that of version ``s``. Repeated
        undos go further back, up to ``history_limit`` actions; past that,
        :class:`NothingToUndo`. Versions, retries and idempotency work as in :meth:`apply`.
        """

        async def step(state: State, kept: Any) -> Plan:
            if state.last_snapshot is None:
                raise NothingToUndo(session_id)
            restored, document = snapshot_from(state.last_snapshot, session_id)
            event = undo_event(restored)
            record = {"undo": restored} if log_step else None
            facts = None if facts_of is None else facts_of(document)
            return Plan(document, [event], dict(event), "pop", step=record, facts=facts)

        return await self._writer.write(
            tenant,
            session_id,
            step,
            expected_version,
            idempotency_key,
            request_fingerprint,
            with_snapshot=True,
        )

    @asynccontextmanager
    async def follow(
        self, tenant: str, session_id: str, *, after: int | None = None
    ) -> AsyncIterator[Follower]:
        """Follow the session's new versions, written by any process: a :class:`Follower`
        for as long as the block lasts (``await follower.next(timeout)``).

        With ``after`` (a version), the versions written after it and before now come
        first, from the session's log (:class:`Missed`), then the live ones
        (:class:`SessionUpdate`), each version once. Without, ``after`` is the version when
        the call began: one written while the subscription opens comes as missed, not
        skipped. The subscription counts in the
        tenant's ``max_subscriptions`` and shares the store's one pub/sub connection.

        :raises SessionNotFound: there is no such session.
        :raises QuotaExceeded: the tenant holds ``max_subscriptions`` already.
        :raises StoreUnavailable: Redis does not answer.
        """
        keys = self._access.keys(tenant, session_id)
        if after is None:
            async with self._access.guard():
                after = await current_version(self.redis, keys)
        subscriber = await self._hub.join(tenant, keys.channel)
        try:
            follower = Follower(self._access, keys, subscriber)
            await follower._start(after)
            yield follower
        finally:
            self._hub.leave(subscriber)

    async def subscribe(
        self,
        tenant: str,
        session_id: str,
        *,
        after: int | None = None,
        proposals: bool = False,
    ) -> AsyncGenerator[SessionUpdate | Missed | Proposed, None]:
        """Yield each new version of the session written from now on, by any process; with
        ``after`` (a version), first those written after it and before now
        (:class:`Missed`, as :meth:`follow` gives them), each version once. With
        ``proposals``, also the notice of each proposal made from now on (:class:`Proposed`).

        Raises :class:`SessionNotFound` first if there is no such session, and returns when
        the session is deleted, or has expired (noticed within about 10 seconds). Raises
        :class:`StoreUnavailable` if the connection to Redis is lost or the subscriber falls
        too far behind: updates may have been missed, so subscribe again after the last
        version received. :class:`QuotaExceeded` if the tenant holds ``max_subscriptions``
        already.

        Every subscription of this store shares one pub/sub connection. The updates go
        through plain pub/sub (``PUBLISH`` from the write's script), which a Redis Cluster
        broadcasts to every node, so that connection may be to any node.
        """
        async with self.follow(tenant, session_id, after=after) as follower:
            while True:
                update = await follower.next(SUBSCRIPTION_CHECK)
                if isinstance(update, Gone):
                    return
                if update is not None and (proposals or not isinstance(update, Proposed)):
                    yield update

    async def ping(self) -> bool:
        """Whether Redis answers within the timeout; never raises."""
        try:
            async with self._access.guard():
                return bool(await self.redis.ping())
        except StoreUnavailable:
            return False

    async def aclose(self) -> None:
        """Close the pub/sub connection (the Redis client is the caller's to close)."""
        await self._hub.aclose()


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def _dts(state: State) -> tuple[datetime, datetime]:
    return datetime_of(state.created), datetime_of(state.updated)

"""A session's compare-and-set write, in named steps: :meth:`Writer.write` claims the
idempotency key and takes this process's turn at the session; each attempt then finds the
version to write on (``_base``), runs the step on it, prepares the write, charges the
tenant's quota and sends it in one script (``_send``), and keeps what it wrote for the next
action (``_remember``). A version race is attempted again, up to ``max_attempts``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from service.store import _claims as claims
from service.store._access import Access
from service.store._cache import Cache, Kept, State
from service.store._codec import Plan, as_text, now_ms
from service.store._ledger import Ledger
from service.store._queues import Queues
from service.store._write import (
    ActionFailed,
    Idempotency,
    Write,
    key_digest,
    prepare,
)
from service.store.errors import (
    IdempotencyInProgress,
    SessionBusy,
    SessionNotFound,
    VersionConflict,
)
from service.store.keys import SessionKeys
from service.store.records import Applied, Encoded

Step = Callable[[State, Any], Awaitable[Plan]]
"""What a write makes of a version: its state and the value kept of it (or None) to a plan."""


@dataclass(frozen=True, slots=True)
class WritePolicy:
    """The store's bounds on a write (see :class:`SessionStore`'s parameters)."""

    max_attempts: int
    history_limit: int
    retry_after: int
    idle_ttl_ms: int
    idempotency_ttl_ms: int
    idempotency_lease_ms: int


class Writer:
    """Compare-and-set writes of sessions (the store's :meth:`apply`, :meth:`apply_json` and
    :meth:`undo` are steps it runs)."""

    def __init__(
        self, access: Access, ledger: Ledger, cache: Cache, queues: Queues, policy: WritePolicy
    ) -> None:
        self._access = access
        self._ledger = ledger
        self._cache = cache
        self._queues = queues
        self._policy = policy

    async def write(
        self,
        tenant: str,
        session_id: str,
        step: Step,
        expected_version: int | None,
        idempotency_key: str | None,
        fingerprint: str | None,
        *,
        with_snapshot: bool,
        cached: bool = False,
    ) -> Applied:
        """Run ``step`` on the session's version and write its plan as the next version
        (retries, idempotency and errors: :meth:`SessionStore.apply`)."""
        keys = self._access.keys(tenant, session_id)
        record_key = digest = None
        if idempotency_key is not None:
            digest = key_digest(idempotency_key)
            record_key = keys.record_prefix + digest
        claim = None
        try:
            if record_key is not None:
                async with self._access.guard():
                    outcome = await claims.claim(
                        self._access.redis,
                        record_key,
                        fingerprint,
                        keys.session_id,
                        self._policy.idempotency_lease_ms,
                    )
                if not isinstance(outcome, str):
                    return await claims.replayed(self._access, keys, outcome)
                claim = outcome
            async with self._queues.turn(keys.session, keys.session_id):
                return await self._attempt(
                    tenant,
                    keys,
                    step,
                    expected_version,
                    Idempotency(record_key, digest, claim, fingerprint),
                    with_snapshot,
                    cached,
                )
        except ActionFailed as failed:
            error = failed.error
        except BaseException:
            if record_key is not None and claim is not None:
                await claims.release(self._access.redis, record_key, claim, self._access.timeout)
            raise
        if record_key is not None and claim is not None:
            await claims.release(self._access.redis, record_key, claim, self._access.timeout)
        raise error

    async def _attempt(
        self,
        tenant: str,
        keys: SessionKeys,
        step: Step,
        expected_version: int | None,
        idempotency: Idempotency,
        with_snapshot: bool,
        cached: bool,
    ) -> Applied:
        """One read-apply-write, retried on a version race; the newest undo snapshot is
        read only when ``with_snapshot`` (only undo needs it).

        ``cached``: the action takes the kept value of a version (:meth:`apply_json`). The
        first attempt on the version this process knows as the newest does not read it."""
        optimistic = False
        for attempt in range(self._policy.max_attempts):
            if attempt and not optimistic:
                await asyncio.sleep(random.uniform(0, min(0.05, 0.002 * 2**attempt)))
            state, kept, optimistic = await self._base(
                keys,
                expected_version,
                with_snapshot=with_snapshot,
                cached=cached,
                first=not attempt,
            )
            if expected_version is not None and state.version != expected_version:
                raise VersionConflict(state.version)
            plan = await step(state, None if kept is None else kept.value)
            write = prepare(keys, state, plan, idempotency, now_ms())
            outcome = await self._send(tenant, keys, state, write, idempotency)
            status = as_text(outcome[0])
            if status == "ok":
                self._remember(keys, state, write, int(outcome[1]), cached=cached)
                return write.applied
            self._cache.drop(keys.session)
            if status == "stale":
                continue
            if status == "missing":
                raise SessionNotFound(keys.session_id)
            if status == "claim_lost":
                raise IdempotencyInProgress()
            if expected_version is not None:
                raise VersionConflict(int(outcome[1]))
        raise SessionBusy(keys.session_id, self._policy.retry_after)

    async def _base(
        self,
        keys: SessionKeys,
        expected_version: int | None,
        *,
        with_snapshot: bool,
        cached: bool,
        first: bool,
    ) -> tuple[State, Kept | None, bool]:
        """The version an attempt applies to, the value kept of it (if it is used) and
        whether it was taken from the cache unread (optimistically: the write's
        compare-and-set checks it)."""
        kept = self._cache.get(keys.session) if cached else None
        optimistic = (
            kept is not None
            and first
            and (expected_version is None or expected_version == kept.state.version)
        )
        if optimistic:
            assert kept is not None
            return kept.state, kept, True
        known = None if kept is None else kept.state.version
        async with self._access.guard():
            state = await self._access.state(keys, with_snapshot=with_snapshot, known=known)
        if state.json is not None:
            kept = None
        return state, kept, False

    async def _send(
        self,
        tenant: str,
        keys: SessionKeys,
        state: State,
        write: Write,
        idempotency: Idempotency,
    ) -> Any:
        """Charge the tenant's quota for the write, then run the compare-and-set script (in
        one round trip on standalone Redis); its answer (``ok``, ``missing``, ``claim_lost``
        or a version race)."""
        plan = write.plan
        written_keys = keys.stored()
        if idempotency.record_key is not None:
            written_keys.append(idempotency.record_key)
        async with self._access.guard():
            grown = (
                len(write.document)
                + sum(map(len, write.events))
                + len(write.record)
                + len(write.step)
            )
            if plan.history == "push":
                grown += 24 + len(str(state.version)) + state.document_bytes
            return await self._ledger.charge_and_write(
                tenant,
                keys.session_id,
                state.bytes - state.document_bytes + grown,
                written_keys,
                [
                    state.version,
                    write.applied.session.version,
                    write.document,
                    write.now,
                    plan.history,
                    self._policy.history_limit,
                    self._policy.idle_ttl_ms,
                    keys.channel,
                    write.head,
                    idempotency.claim or "",
                    write.record,
                    self._policy.idempotency_ttl_ms,
                    idempotency.digest or "",
                    write.tail,
                    write.step,
                    keys.record_prefix,
                    write.facts,
                    _line_after(state, plan.history),
                    state.commitment or "",
                    *write.events,
                ],
            )

    def _remember(
        self, keys: SessionKeys, state: State, write: Write, size: int, *, cached: bool
    ) -> None:
        """Keep the written version's value for the next action (``cached``), or forget the
        session's."""
        document = write.plan.document
        value = document.value if isinstance(document, Encoded) else None
        if not cached or value is None:
            self._cache.drop(keys.session)
            return
        written = State(
            write.applied.session.version,
            None,
            state.created,
            write.now,
            state.total_events + len(write.events),
            None,
            size,
            len(write.document),
            line=int(_line_after(state, write.plan.history) or 0),
            commitment=state.commitment,
            dice=state.dice,
        )
        self._cache.put(keys.session, Kept(written, value, write.document))


def _line_after(state: State, history: str) -> str:
    """The dice line a write with this history op leaves the session at ('' for a session
    without fair dice): an action goes one further, an undo one back."""
    if not state.line:
        return ""
    if history == "push":
        return str(state.line + 1)
    if history == "pop":
        return str(max(1, state.line - 1))
    return str(state.line)

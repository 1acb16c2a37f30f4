"""An idempotency key's claim: a write takes the key before it runs (or finds the record of
the earlier request that took it, and answers what that request answered: :func:`replayed`),
and completes or releases it after.

A claim is a pending record with a random token, leased for ``lease_ms``; the write script
(or, for a creation, :func:`complete_create`) replaces it with the done record, and a
write that fails releases it, so a retry with the same key runs again. A record with another
fingerprint is another request's: :class:`IdempotencyKeyReused`; a pending one another
writer's, still in progress: :class:`IdempotencyInProgress`."""

from __future__ import annotations

import asyncio
import secrets
from contextlib import suppress
from typing import Any

from service.jsontext import encode
from service.store import _lua
from service.store._access import Access
from service.store._codec import as_bytes, as_text, dumps, outcome_from, record_from
from service.store._idempotency import Reference, parse
from service.store.errors import (
    IdempotencyInProgress,
    IdempotencyKeyReused,
    SessionDamaged,
    SessionNotFound,
)
from service.store.keys import SessionKeys
from service.store.records import Applied, Event

NEW_SESSION = "(new)"
"""Whose record a creation's is, in a :class:`SessionDamaged` (its session has no id yet)."""


async def take(
    redis: _lua.Client, record_key: str, fingerprint: str | None, lease_ms: int
) -> str | bytes:
    """This request's claim on the key (a pending record), or the record already there."""
    claim = dumps({"state": "pending", "fingerprint": fingerprint, "token": secrets.token_hex(8)})
    existing = await _lua.CLAIM(redis, [record_key], [claim, lease_ms])
    return claim if existing is None else as_bytes(existing)


def _check(record: dict[str, Any], fingerprint: str | None) -> None:
    """A done record of the same request, else the refusal that says whose it is."""
    if record.get("fingerprint") != fingerprint:
        raise IdempotencyKeyReused()
    if record.get("state") != "done":
        raise IdempotencyInProgress()


async def claim(
    redis: _lua.Client, record_key: str, fingerprint: str | None, session_id: str, lease_ms: int
) -> str | Reference:
    """Claim a write's key: the claim, or the record of the earlier request with it."""
    taken = await take(redis, record_key, fingerprint, lease_ms)
    if isinstance(taken, str):
        return taken
    reference = parse(taken, session_id)
    _check(reference.fields, fingerprint)
    return reference


async def claim_create(
    redis: _lua.Client, record_key: str, fingerprint: str | None, lease_ms: int
) -> str | tuple[str, str]:
    """:func:`claim` for a creation: the claim, or (the session id it created, the record
    as stored)."""
    taken = await take(redis, record_key, fingerprint, lease_ms)
    if isinstance(taken, str):
        return taken
    record = record_from(taken, NEW_SESSION)
    _check(record, fingerprint)
    created = record.get("id")
    if created is None and isinstance(record.get("applied"), dict):  # an earlier release's
        created = (record["applied"].get("session") or {}).get("id")
    if not isinstance(created, str):
        raise SessionDamaged(NEW_SESSION, "record", "names no session it created")
    return created, as_text(taken)


async def complete_create(
    redis: _lua.Client,
    record_key: str,
    claim: str,
    fingerprint: str | None,
    session_id: str,
    ttl_ms: int,
) -> None:
    """Record the created session's id under the claimed key."""
    record = encode({"state": "done", "fingerprint": fingerprint, "id": session_id})
    await _lua.COMPLETE(redis, [record_key], [claim, record, ttl_ms])


async def release(redis: _lua.Client, record_key: str, claim: str, timeout: float) -> None:
    """Give the key back (best effort, within ``timeout``: the lease ends it anyway)."""
    with suppress(Exception):
        async with asyncio.timeout(min(timeout, 1.0)):
            await _lua.RELEASE(redis, [record_key], [claim])


async def replayed(access: Access, keys: SessionKeys, reference: Reference) -> Applied:
    """The stored outcome of an idempotency record: its response, the version it wrote
    (its document read from the session, or as appended to the record) and its events.

    :raises SessionNotFound: the session ended (a record never outlives it in use).
    :raises SessionDamaged: the record is not one the store writes.
    """
    if not reference.by_version:  # written before records named their version
        session, response, kept = outcome_from(reference.fields, keys.session_id)
        if isinstance(kept, list):  # written before records were kept small
            return Applied(session, kept, response, replayed=True)
        first, count = kept
    else:
        document = reference.document
        if document is None:
            async with access.guard():
                found = await _lua.DOCUMENT(
                    access.redis,
                    [keys.session, keys.history, keys.marks],
                    [reference.version],
                )
            if found is None:
                raise SessionNotFound(keys.session_id)
            document = as_bytes(found)
        session, response = reference.outcome(document)
        first, count = reference.events
    events: list[Event] = []
    if count:
        async with access.guard():
            _, events = await access.events(keys, first, first + count - 1)
    return Applied(session, events, response, replayed=True)

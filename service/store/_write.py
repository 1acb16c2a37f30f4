"""What one write does, before it is sent: the action run to a plan (:func:`run`), its
idempotency key (:class:`Idempotency`) and everything the write script stores, encoded
(:func:`prepare` makes a :class:`Write`)."""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from service.jsontext import encode
from service.store._cache import State
from service.store._codec import (
    Plan,
    datetime_of,
    dict_of,
    event_json,
    event_of,
    facts_json,
    json_of,
    step_json,
    update_parts,
)
from service.store._idempotency import reference_json
from service.store.errors import InvalidArgument
from service.store.keys import SessionKeys
from service.store.records import Applied, Change, Event, Session

MAX_IDEMPOTENCY_KEY = 255


@dataclass(frozen=True, slots=True)
class Idempotency:
    """A write's idempotency key: where its record is kept, the key's digest, this request's
    claim on it and the request's fingerprint (all None without a key)."""

    record_key: str | None
    digest: str | None
    claim: str | None
    fingerprint: str | None


@dataclass(frozen=True, slots=True)
class Write:
    """What one attempt writes, encoded: the outcome it answers if the write passes."""

    plan: Plan
    applied: Applied
    now: int
    document: bytes
    events: list[bytes]
    step: bytes
    record: bytes
    head: bytes
    tail: bytes
    facts: bytes = b""


def prepare(
    keys: SessionKeys, state: State, plan: Plan, idempotency: Idempotency, now: int
) -> Write:
    """Encode what applying ``plan`` to ``state`` writes: the next version, its events, its
    replay step, the idempotency record and the published update around the document."""
    version = state.version + 1
    document = json_of(plan.document)
    session = Session(
        keys.session_id,
        version,
        dict_of(plan.document),
        datetime_of(state.created),
        datetime_of(now),
        json=document,
        commitment=state.commitment,
    )
    events = [
        event_json(Event(state.total_events + i, version, data))
        for i, data in enumerate(plan.events)
    ]
    encoded = [encode(event) for event in events]
    head, tail = update_parts(session, encoded)
    record = b""
    if idempotency.record_key is not None:
        record = reference_json(
            idempotency.fingerprint,
            session,
            state.total_events,
            len(events),
            plan.response,
            plan.document_at,
            document,
        )
    return Write(
        plan=plan,
        applied=Applied(session, [event_of(event) for event in events], plan.response),
        now=now,
        document=document,
        events=encoded,
        step=step_json(version, plan.step),
        record=record,
        head=head,
        tail=tail,
        facts=facts_json(plan.facts),
    )


class ActionFailed(Exception):
    """The action a write runs raised ``error`` (nothing was written)."""

    def __init__(self, error: Exception) -> None:
        super().__init__(repr(error))
        self.error = error


async def run_action(fn: Callable[[Any], Change | Awaitable[Change]], argument: Any) -> Plan:
    """The plan of what ``fn`` (an action) makes of ``argument``: :class:`ActionFailed` if
    it raises."""
    try:
        change = fn(argument)
        if inspect.isawaitable(change):
            change = await change
    except Exception as exc:
        raise ActionFailed(exc) from exc
    return Plan(
        change.document,
        change.events,
        change.response,
        "push",
        change.document_at,
        change.step,
        change.facts,
    )


def key_digest(idempotency_key: str) -> str:
    """An idempotency key's digest (what names its record): :class:`InvalidArgument` for a
    key that is empty or too long."""
    if not isinstance(idempotency_key, str) or not 0 < len(idempotency_key) <= MAX_IDEMPOTENCY_KEY:
        raise InvalidArgument(
            f"an idempotency key must be 1 to {MAX_IDEMPOTENCY_KEY} characters long"
        )
    return hashlib.sha256(idempotency_key.encode()).hexdigest()

"""Verifiable replay, shared by both doors: a session's replay log, and checking it.

A session keeps, per version, what made it (the store's replay log): its creation with the
first encounter, each action with its parameters and the seed its dice came from, each
undo with the version it restored. :func:`replay` answers that log as :class:`ReplayStep`
items; :func:`verify` re-applies it from the first version with the pure engine (in the
engine pool, under its deadline) and compares, version by version, the events logged, the
states the session still holds (the undo history's and the current one) and the current
state, answering where it first differs.
"""

from __future__ import annotations

import threading
from typing import Any

from pydantic import ValidationError
from pydantic_core import from_json, to_json

from service.api.core import Problem, from_rules_error, run_action
from service.api.models import (
    ENCOUNTER,
    EVENTS,
    MODELS,
    Difference,
    ReplayPage,
    ReplayStep,
    Verification,
)
from service.api.pool import EnginePool
from service.api.sessions import load, store_errors
from service.rules import Encounter
from service.rules.errors import LimitExceeded
from service.rules.limits import Limit
from service.store import SessionStore, Transcript

__all__ = ["REPLAY_STEPS", "first_difference", "replay", "replay_transcript", "step_of", "verify"]

REPLAY_STEPS = Limit("replay-steps", 1000, "versions")
"""Most versions one ``verify`` re-applies: each is an action's work again (about half a
millisecond for a typical one), so a longer session is refused up front, before its log is
read, with ``limit-exceeded``."""


def step_of(record: dict[str, Any]) -> ReplayStep:
    """The wire form of one record of the store's replay log (as it is: a record changed
    in Redis is shown, and ``verify`` says where it differs)."""
    version = _int(record.get("version")) or 0
    if "document" in record:
        return ReplayStep(version, "createSession", {"encounter": record["document"]}, None, None)
    if "undo" in record:
        return ReplayStep(version, "undo", None, None, _int(record["undo"]))
    params = record.get("params")
    return ReplayStep(
        version,
        str(record.get("action")),
        params if isinstance(params, dict) else None,
        _int(record.get("seed")),
        None,
    )


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


async def replay(
    store: SessionStore, tenant: str, session_id: str, *, offset: int, limit: int
) -> ReplayPage:
    with store_errors():
        page = await store.steps(tenant, session_id, offset=offset, limit=limit)
    return ReplayPage(
        [step_of(r) for r in page.items], page.offset, page.limit, page.total, page.next_offset
    )


async def verify(
    store: SessionStore, tenant: str, session_id: str, *, pool: EnginePool
) -> Verification:
    """Re-apply the session's replay log and say whether it reproduces the session."""
    with store_errors():
        logged = await store.steps(tenant, session_id, offset=0, limit=1)
    try:
        REPLAY_STEPS.check(logged.total, "this session's replay log")
    except LimitExceeded as error:
        raise from_rules_error(error) from None
    with store_errors():
        transcript = await store.transcript(tenant, session_id)
    return await pool.run(lambda stop: replay_transcript(transcript, stop))


def first_difference(stored: Any, replayed: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place two JSON values differ: (its path, the stored value, the replayed
    value), or None when they are equal."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in [*stored, *(k for k in replayed if k not in stored)]:
            if key not in stored or key not in replayed:
                return f"{path}.{key}", stored.get(key), replayed.get(key)
            found = first_difference(stored[key], replayed[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(stored, list) and isinstance(replayed, list):
        for i in range(max(len(stored), len(replayed))):
            if i >= len(stored) or i >= len(replayed):
                return (
                    f"{path}[{i}]",
                    stored[i] if i < len(stored) else None,
                    replayed[i] if i < len(replayed) else None,
                )
            found = first_difference(stored[i], replayed[i], f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if (type(stored) is bool) != (type(replayed) is bool) or stored != replayed:
        return path, stored, replayed
    return None


class _Differs(Exception):
    def __init__(self, difference: Difference) -> None:
        super().__init__(difference.detail)
        self.difference = difference


def _missing(version: int, detail: str, action: str | None = None) -> _Differs:
    return _Differs(Difference(version, action, "step", None, None, None, detail))


def _compare(version: int, action: str, part: str, stored: Any, replayed: Any) -> None:
    found = first_difference(stored, replayed, part)
    if found is not None:
        path, was, now = found
        detail = f"version {version} ({action}): {path} was stored as {_short(was)}, "
        detail += f"the replay gives {_short(now)}"
        raise _Differs(Difference(version, action, part, path, was, now, detail))


def _short(value: Any) -> str:
    text = to_json(value).decode()
    return text if len(text) <= 80 else text[:77] + "..."


def _first_encounter(record: dict[str, Any]) -> Encounter:
    try:
        return load(to_json(record["document"]))
    except Problem as problem:
        raise _missing(1, f"the first encounter is not valid: {problem.detail}") from None


def _apply(
    version: int, record: dict[str, Any], encounter: Encounter, trusted: bool, stop: threading.Event
) -> tuple[Encounter, list[Any]]:
    action = str(record.get("action"))
    models = MODELS.get(action)
    if models is None or models.spec.query or not isinstance(record.get("params"), dict):
        raise _missing(version, f"version {version}: {action!r} is no action", action)
    try:
        request = models.session_request_adapter.validate_json(
            to_json({**record["params"], "seed": record.get("seed")})
        )
    except ValidationError as e:
        detail = f"version {version}: its parameters are not valid: {e}"
        raise _missing(version, detail, action) from None
    try:
        response = run_action(models, encounter, request, count=False, stop=stop, trusted=trusted)
    except Problem as problem:
        detail = f"version {version} ({action}): the replay is refused: {problem.detail}"
        raise _missing(version, detail, action) from None
    events = EVENTS.dump_python(response.events, mode="json", by_alias=True)
    return response.encounter, events


def _undo_event(restored: int) -> dict[str, Any]:
    return {"type": "undo", "reverted_version": restored + 1, "restored_version": restored}


def _step(
    version: int,
    record: Any,
    encounters: dict[int, Encounter],
    engine_made: set[int],
    stop: threading.Event,
) -> tuple[str, Encounter, list[Any]]:
    """Re-apply one step: its action's name, the encounter it makes and the events it logs.
    ``engine_made``: the versions whose encounter the engine answered here (the next
    action trusts them, as the session's own write did)."""
    if not isinstance(record, dict) or record.get("version") != version:
        raise _missing(version, f"the replay log has no step for version {version}")
    if version == 1:
        return "createSession", _first_encounter(record), []
    if "undo" in record:
        restored = record["undo"]
        if not isinstance(restored, int) or restored not in encounters:
            raise _missing(version, f"version {version} undoes to {restored!r}", "undo")
        if restored in engine_made:
            engine_made.add(version)
        return "undo", encounters[restored], [_undo_event(restored)]
    action = str(record.get("action"))
    trusted = version - 1 in engine_made
    encounter, events = _apply(version, record, encounters[version - 1], trusted, stop)
    engine_made.add(version)
    return action, encounter, events


def replay_transcript(transcript: Transcript, stop: threading.Event) -> Verification:
    """Re-apply a transcript's replay log and compare (see the module's docstring)."""
    current = transcript.session.version
    steps = transcript.steps
    logged: dict[int, list[Any]] = {}
    for event in transcript.events:
        logged.setdefault(event.version, []).append(event.data)
    states: dict[int, Any] = {v: from_json(d) for v, d in transcript.snapshots.items()}
    states[current] = transcript.session.document
    encounters: dict[int, Encounter] = {}
    engine_made: set[int] = set()
    try:
        if not steps or not isinstance(steps[0], dict) or "document" not in steps[0]:
            raise _missing(1, "the session keeps no replay log from its first version")
        for version, record in enumerate(steps[:current], start=1):
            action, encounter, events = _step(version, record, encounters, engine_made, stop)
            _compare(version, action, "events", logged.get(version, []), events)
            if version in states:
                dumped = ENCOUNTER.dump_python(encounter, mode="json", by_alias=True)
                _compare(version, action, "encounter", states[version], dumped)
            encounters[version] = encounter
        if len(steps) < current:
            raise _missing(len(steps) + 1, f"the replay log ends at version {len(steps)}")
    except _Differs as differs:
        return Verification(False, current, len(encounters), differs.difference)
    return Verification(True, current, len(encounters), None)

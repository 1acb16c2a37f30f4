"""Verifiable replay, shared by both doors: a session's replay log, and checking it.

A session keeps, per version, what made it (the store's replay log): its creation with the
first encounter, each action with its parameters and the seed its dice came from, each
undo with the version it restored. :func:`replay` answers that log as :class:`ReplayStep`
items; :func:`verify` re-applies it from the first version with the pure engine (in the
engine pool, under one deadline for the whole replay) and compares, version by version, the
events logged, the states the session still holds (the undo history's and the current one)
and the current state, answering where it first differs.

``verify`` walks the session's transcript a page at a time
(:meth:`Logs.transcript_pages`), each page re-applied in the engine pool as one job
and then dropped: what it holds is the page, the encounter it has reached and the encounters
an undo could go back to (the store's undo history, replayed: at most ``history_limit``),
whatever the session's length.

A fork ("what if", :func:`fork`) replays the same way up to the version it starts from
(:func:`state_at`), and stores that state as a new session whose replay log names its
origin.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from pydantic_core import from_json, to_json

from service.api import dice, sessions
from service.api.core import Interrupted, Kind, Problem, from_rules_error, invalid, run_action
from service.api.models import (
    ENCOUNTER,
    EVENTS,
    MODELS,
    Difference,
    EncodedEncounter,
    ForkSessionRequest,
    ReplayPage,
    ReplayStep,
    Session,
    SessionOrigin,
    Verification,
    encode_encounter,
)
from service.api.pool import EnginePool, deadline_exceeded
from service.api.sessions import Written, load, store_errors
from service.rules import Encounter
from service.rules.errors import LimitExceeded
from service.rules.limits import Limit
from service.store import SessionDamaged, SessionStore, object_from, undo_event
from service.store.records import TranscriptPage

__all__ = [
    "REPLAY_STEPS",
    "Replay",
    "first_difference",
    "fork",
    "not_reproduced",
    "replay",
    "state_at",
    "step_of",
    "verify",
]

REPLAY_STEPS = Limit(name="replay-steps", max=1000, counts="versions")
"""Most versions one ``verify`` re-applies: each is an action's work again (about half a
millisecond for a typical one), so a longer session is refused up front, before its log is
read, with ``limit-exceeded``."""


def step_of(record: dict[str, Any]) -> ReplayStep:
    """The wire form of one record of the store's replay log (as it is: a record changed
    in Redis is shown, and ``verify`` says where it differs)."""
    version = _int(record.get("version")) or 0
    if "document" in record:
        origin = record.get("origin")
        made_from = None
        if isinstance(origin, dict):
            session_id, at = origin.get("sessionId"), _int(origin.get("version"))
            if isinstance(session_id, str) and at is not None:
                made_from = SessionOrigin(session_id, at)
        encounter = {"encounter": record["document"]}
        return ReplayStep(version, "createSession", encounter, None, None, made_from)
    if "undo" in record:
        return ReplayStep(version, "undo", None, None, _int(record["undo"]))
    params = record.get("params")
    source = record.get("seedSource")
    return ReplayStep(
        version,
        str(record.get("action")),
        params if isinstance(params, dict) else None,
        _int(record.get("seed")),
        None,
        seed_source=source if isinstance(source, str) else None,
        line=_int(record.get("line")),
    )


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


async def replay(
    store: SessionStore, tenant: str, session_id: str, *, offset: int, limit: int
) -> ReplayPage:
    with store_errors():
        page = await store.logs.steps(tenant, session_id, offset=offset, limit=limit)
    return ReplayPage(
        [step_of(r) for r in page.items], page.offset, page.limit, page.total, page.next_offset
    )


async def verify(
    store: SessionStore, tenant: str, session_id: str, *, pool: EnginePool
) -> Verification:
    """Re-apply the session's replay log and say whether it reproduces the session: its
    transcript a page at a time, each page one job of ``pool``, all of them within one
    deadline (``pool.deadline`` seconds from the first page)."""
    with store_errors():
        length = await store.logs.replay_length(tenant, session_id)
    try:
        REPLAY_STEPS.check(length, "this session's replay log")
    except LimitExceeded as error:
        raise from_rules_error(error) from None
    ends = time.monotonic() + pool.deadline
    replay: Replay | None = None
    seeds: list[dict[str, Any]] = []
    with store_errors():
        async for page in store.logs.transcript_pages(tenant, session_id):
            replay = replay or Replay(page.version, store.history_limit)
            seeds += [_seed_of(record) for record in page.steps if "seedSource" in record]
            verdict = await pool.run(functools.partial(replay.feed, page))
            if verdict is not None:
                return await _with_dice(store, tenant, session_id, verdict, seeds)
            if time.monotonic() > ends:
                raise deadline_exceeded(pool.deadline)
    assert replay is not None
    return await _with_dice(store, tenant, session_id, replay.finish(), seeds)


def _seed_of(record: dict[str, Any]) -> dict[str, Any]:
    """What the dice check reads of a step (not its parameters)."""
    return {k: record.get(k) for k in ("version", "seed", "seedSource", "line")}


async def _with_dice(
    store: SessionStore,
    tenant: str,
    session_id: str,
    verdict: Verification,
    seeds: list[dict[str, Any]],
) -> Verification:
    """The verdict with its dice check (:func:`dice.check`) of the steps replayed: none for
    a session without fair dice."""
    with store_errors():
        reveals = await store.dice.reveals(tenant, session_id)
    if reveals is None:
        return verdict
    upto = [s for s in seeds if isinstance(s["version"], int) and s["version"] <= verdict.version]
    return dataclasses.replace(verdict, dice=dice.check(upto, reveals))


def not_reproduced(verdict: Verification) -> Problem:
    """409 for a fork of a session whose replay log does not reproduce it up to the version
    asked: the state there can't be trusted (``verify`` says more)."""
    difference = verdict.first_difference
    assert difference is not None
    return Problem(
        Kind.CONFLICT,
        "session-not-reproduced",
        "Session does not reproduce",
        f"the replay log does not reproduce version {difference.version}: "
        f"{difference.detail}; verifySession says where",
        extra={"version": difference.version},
    )


async def state_at(
    store: SessionStore, tenant: str, session_id: str, version: int, *, pool: EnginePool
) -> Encounter:
    """The encounter of a version of the session, re-applied from the first version with
    the pure engine, checked on the way as :func:`verify` checks it (a log that does not
    reproduce the session up to there is refused: :func:`not_reproduced`). The pages after
    that version are not read."""
    try:
        REPLAY_STEPS.check(version, "the versions a fork replays")
    except LimitExceeded as error:
        raise from_rules_error(error) from None
    ends = time.monotonic() + pool.deadline
    replay: Replay | None = None
    with store_errors():
        async with contextlib.aclosing(store.logs.transcript_pages(tenant, session_id)) as pages:
            async for page in pages:
                replay = replay or Replay(min(version, page.version), store.history_limit)
                verdict = await pool.run(functools.partial(replay.feed, page))
                if verdict is not None:
                    raise not_reproduced(verdict)
                if replay.replayed >= replay.version:
                    break
                if time.monotonic() > ends:
                    raise deadline_exceeded(pool.deadline)
    assert replay is not None
    verdict = replay.finish()
    if not verdict.reproduced:
        raise not_reproduced(verdict)
    assert replay.reached is not None
    return replay.reached


async def fork(
    store: SessionStore,
    tenant: str,
    session_id: str,
    request: ForkSessionRequest,
    *,
    pool: EnginePool,
    idempotency_key: str | None = None,
) -> Written[Session]:
    """A new session of the tenant starting at the state of ``request.version`` of this one
    (:func:`state_at`), its replay log's first step naming the origin; this one is left as
    it is. The title is the request's, else this session's."""
    with store_errors():
        current = await store.get(tenant, session_id)
    if not 1 <= request.version <= current.version:
        raise invalid(
            f"must be a version of the session, from 1 to {current.version}", ("version",)
        )
    encounter = await state_at(store, tenant, session_id, request.version, pool=pool)
    title = request.title if request.title is not None else current.title
    origin = SessionOrigin(current.id, request.version)
    return await sessions.create(
        store,
        tenant,
        encounter,
        pool=pool,
        title=title,
        origin=origin,
        idempotency_key=idempotency_key,
    )


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


def _compare_state(
    session_id: str,
    version: int,
    action: str,
    stored: bytes,
    encoded: EncodedEncounter,
    current: bool,
) -> None:
    """:func:`_compare` of a stored state: its JSON as the engine's encoding of the replayed
    encounter (what the session's writes store) is equal at once; only other JSON is
    decoded and walked, to find where it differs."""
    if encoded.json == stored:
        return
    encounter = encoded.encounter
    try:
        state = from_json(stored)
    except ValueError:
        if current:
            raise SessionDamaged(session_id, "document", "is not JSON") from None
        raise SessionDamaged(session_id, "snapshot", "is not JSON", version) from None
    if not isinstance(state, dict):
        if current:
            raise SessionDamaged(session_id, "document", "holds no JSON object")
        raise SessionDamaged(session_id, "snapshot", "holds no JSON object", version)
    dumped = ENCOUNTER.dump_python(encounter, mode="json", by_alias=True)
    _compare(version, action, "encounter", state, dumped)


def _short(value: Any) -> str:
    text = to_json(value).decode()
    return text if len(text) <= 80 else text[:77] + "..."


def _first_encounter(session_id: str, record: dict[str, Any], stop: threading.Event) -> Encounter:
    """The encounter of the first record's document (decoded, or its JSON as stored: one that
    is no JSON object is a damaged record, as the store says of any record); a large one in
    slices, each after a check of ``stop`` (a heavy job gives way there)."""
    document = record["document"]
    try:
        data = document if isinstance(document, bytes) else to_json(document)
        return load(data, lambda: _check(stop))
    except Problem as problem:
        if isinstance(document, bytes):
            object_from(document, session_id, "step", 1)
        raise _missing(1, f"the first encounter is not valid: {problem.detail}") from None


def _check(stop: threading.Event) -> None:
    if stop.is_set():
        raise Interrupted


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


@dataclass(slots=True)
class _Reached:
    """An encounter the replay made, and whether the engine made it here (the next action
    trusts it, as the session's own write did)."""

    version: int
    encounter: Encounter
    engine_made: bool


class Replay:
    """A replay of a session's transcript, fed a page at a time (:meth:`feed`), oldest
    first, then :meth:`finish`.

    It keeps the encounter it has reached and, as the store's undo history does, the
    encounters before the last ``history_limit`` actions (an undo takes the newest back),
    and nothing else of the pages it was fed.
    """

    def __init__(self, version: int, history_limit: int) -> None:
        self.version = version
        """The version the replay goes to: the session's (``verify``), or an earlier one
        (a fork's): the pages' later versions are not re-applied."""
        self.history_limit = history_limit
        self.replayed = 0
        """The versions re-applied so far."""
        self._reached: _Reached | None = None
        self._undo: deque[_Reached] = deque()
        self._steps = 0
        self._encoded: EncodedEncounter | None = None
        """The last state compared, encoded: the next is encoded reusing the JSON of the
        parts it shares (the engine's copy-on-write), as the session's writes are."""

    def feed(self, page: TranscriptPage, stop: threading.Event) -> Verification | None:
        """Re-apply the page's versions and compare: None while they match, else the
        verdict, where it first differs."""
        logged: dict[int, list[Any]] = {}
        for event in page.events:
            logged.setdefault(event.version, []).append(event.data)
        self._steps = page.total_steps
        try:
            for offset, version in enumerate(range(page.first, min(page.last, self.version) + 1)):
                if offset >= len(page.steps):
                    break
                _check(stop)
                record = page.steps[offset]
                if version == 1 and page.first_document is not None:
                    record = {**record, "document": page.first_document}
                action, reached = self._step(page.session_id, version, record, stop)
                _compare(version, action, "events", logged.get(version, []), reached.events)
                if version in page.states:
                    stored = page.states[version]
                    current = version == page.version
                    self._encoded = encode_encounter(reached.encounter, self._encoded)
                    _compare_state(page.session_id, version, action, stored, self._encoded, current)
                self._reached = reached.state
                self.replayed = version
        except _Differs as differs:
            return Verification(False, self.version, self.replayed, differs.difference)
        return None

    @property
    def reached(self) -> Encounter | None:
        """The encounter of the last version re-applied (None before the first)."""
        return None if self._reached is None else self._reached.encounter

    def finish(self) -> Verification:
        """The verdict once every page was fed."""
        if self.replayed < self.version:
            if self.replayed == 0 and self._steps == 0:
                detail = "the session keeps no replay log from its first version"
            else:
                detail = f"the replay log ends at version {self._steps}"
            difference = _missing(self.replayed + 1, detail).difference
            return Verification(False, self.version, self.replayed, difference)
        return Verification(True, self.version, self.replayed, None)

    def _step(
        self, session_id: str, version: int, record: Any, stop: threading.Event
    ) -> tuple[str, _Made]:
        """Re-apply one step: its action's name, the encounter it makes and its events."""
        if not isinstance(record, dict) or record.get("version") != version:
            raise _missing(version, f"the replay log has no step for version {version}")
        if version == 1:
            if "document" not in record:
                raise _missing(1, "the session keeps no replay log from its first version")
            first = _Reached(1, _first_encounter(session_id, record, stop), False)
            return "createSession", _Made(first, [])
        reached = self._reached
        assert reached is not None
        if "undo" in record:
            restored = record["undo"]
            if not self._undo or self._undo[-1].version != restored:
                raise _missing(version, f"version {version} undoes to {restored!r}", "undo")
            back = self._undo.pop()
            state = _Reached(version, back.encounter, back.engine_made)
            return "undo", _Made(state, [undo_event(restored)])
        action = str(record.get("action"))
        encounter, events = _apply(version, record, reached.encounter, reached.engine_made, stop)
        self._undo.append(reached)
        while len(self._undo) > self.history_limit:
            self._undo.popleft()
        return action, _Made(_Reached(version, encounter, True), events)


@dataclass(frozen=True, slots=True)
class _Made:
    state: _Reached
    events: list[Any]

    @property
    def encounter(self) -> Encounter:
        return self.state.encounter

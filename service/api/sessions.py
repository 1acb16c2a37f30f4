"""Session mode, shared by both doors: the engine run inside the store's compare-and-set.

Each function takes the store and the tenant, does one session operation and answers the
typed models of :mod:`service.api.models` (:class:`Session`, :class:`EventPage`,
:class:`UndoResponse`, an action's :class:`SessionAnswer`), or raises a :class:`Problem`
(store errors mapped by :func:`from_store_error`, engine errors as in stateless mode). The
doors only render them. Nothing here knows about one action or another: every action goes
through :func:`run` with its :class:`ActionModels`.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import threading
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import ValidationError
from pydantic_core import from_json, to_json
from starlette.requests import HTTPConnection

from service.api import dice, seats
from service.api.auth import PUBLIC_TENANT, principal_of, unauthorized
from service.api.core import (
    Kind,
    Problem,
    draw_seed,
    from_damaged,
    from_rules_error,
    from_validation_error,
    invalid,
    minimal_json,
    run_action,
)
from service.api.models import (
    MAX_TITLE,
    ActionModels,
    CreateSeatRequest,
    CreateSessionRequest,
    EncodedEncounter,
    EventPage,
    NewSeat,
    RevealedSecret,
    RevealResponse,
    SeatList,
    Session,
    SessionEvent,
    SessionList,
    SessionOrigin,
    SessionRef,
    SessionSummary,
    UndoResponse,
    UpdateSessionRequest,
    dump,
    encode_encounter,
    validate_encounter,
)
from service.api.observability import record_outcome
from service.api.pool import EnginePool, is_light, runs_inline
from service.rules import Encounter, RulesError, validate
from service.rules.errors import known_names
from service.rules.mechanics.validation import text_problem
from service.store import (
    MAX_PAGE,
    Change,
    Document,
    Encoded,
    IdempotencyInProgress,
    IdempotencyKeyReused,
    InvalidArgument,
    Missed,
    NothingToReveal,
    NothingToUndo,
    Proposed,
    QuotaExceeded,
    SeatNotFound,
    SessionBusy,
    SessionDamaged,
    SessionNotFound,
    SessionStore,
    Stored,
    StoreError,
    StoreUnavailable,
    Summary,
    TooManyProposals,
    TooManyReveals,
    TooManySeats,
    VersionConflict,
    current_event,
)
from service.store import Seat as StoredSeat
from service.store import Session as StoredSession
from service.store import SessionUpdate as StoredUpdate

__all__ = [
    "BYTES_PER_COMBATANT",
    "MAX_PAGE",
    "PUBLIC_TENANT",
    "Access",
    "SessionAnswer",
    "SessionUpdate",
    "Written",
    "access_of",
    "answer_body",
    "answer_json",
    "create",
    "create_seat",
    "delete",
    "events",
    "fingerprint",
    "from_store_error",
    "get",
    "get_stored",
    "list_seats",
    "list_sessions",
    "retitle",
    "reveal",
    "revoke_seat",
    "run",
    "session_bytes",
    "session_json",
    "store_of",
    "subscribe",
    "tenant_of",
    "undo",
]

T = TypeVar("T")


def tenant_of(connection: HTTPConnection) -> str:
    """The tenant a request (or websocket) acts for: the one place that decides it.

    The tenant comes only from the API key :class:`~service.api.auth.Guard` (or, on a
    websocket, ``connection_init``) authenticated; with ``CRS_AUTH`` off, every caller is
    the ``public`` tenant. With auth on and no principal (which the guard prevents), 401.
    """
    principal = principal_of(connection)
    if principal is not None:
        if principal.seat is not None:
            raise seats.dm_only(principal.seat)
        return principal.tenant
    settings = getattr(connection.app.state, "settings", None)
    if settings is not None and settings.auth:
        raise unauthorized("send an API key")
    return PUBLIC_TENANT


@dataclass(frozen=True, slots=True)
class Access:
    """Who reads or acts on one session: its tenant, and the seat when a seat token asks
    (:mod:`service.api.seats` says what it may do)."""

    tenant: str
    seat: StoredSeat | None = None


def access_of(connection: HTTPConnection, session_id: str) -> Access:
    """The access of a request to one session: the DM's (:func:`tenant_of`), or a seat's
    of that session (403 for a seat of another)."""
    principal = principal_of(connection)
    if principal is not None and principal.seat is not None:
        seats.check_session(principal.seat, session_id)
        return Access(principal.tenant, principal.seat)
    return Access(tenant_of(connection))


def store_of(connection: HTTPConnection) -> SessionStore:
    """The application's session store (set up by the lifespan)."""
    store: SessionStore | None = getattr(connection.app.state, "store", None)
    if store is None:
        raise Problem(
            Kind.UNAVAILABLE,
            "store-unavailable",
            "Session store unavailable",
            "the session store is not running",
            headers={"Retry-After": "1"},
        )
    return store


QUOTA_CODES = {
    "sessions": "session-quota-exceeded",
    "bytes": "storage-quota-exceeded",
    "subscriptions": "subscription-quota-exceeded",
}


def from_store_error(error: StoreError) -> Problem:
    """The problem a store error answers (the README's Errors table)."""
    if isinstance(error, SessionNotFound):
        return Problem(Kind.NOT_FOUND, "session-not-found", "Session not found", str(error))
    if isinstance(error, VersionConflict):
        return Problem(
            Kind.VERSION_CONFLICT,
            "version-conflict",
            "Version conflict",
            f"the session is at version {error.current_version}; read it and try again",
            headers={"ETag": etag(error.current_version)},
            extra={"currentVersion": error.current_version},
        )
    if isinstance(error, NothingToUndo):
        return Problem(
            Kind.CONFLICT,
            "nothing-to-undo",
            "Nothing to undo",
            "the session has no action left to undo",
        )
    if isinstance(error, NothingToReveal):
        return Problem(
            Kind.CONFLICT,
            "nothing-to-reveal",
            "Nothing to reveal",
            "the session has no dice commitment (it was created before fair dice)",
        )
    if isinstance(error, TooManyReveals):
        return Problem(
            Kind.CONFLICT,
            "too-many-reveals",
            "Too many reveals",
            f"the session's dice secret was revealed {error.limit} times, the most it may be",
            extra={"limit": error.limit},
        )
    if isinstance(error, SeatNotFound):
        return Problem(Kind.NOT_FOUND, "seat-not-found", "Seat not found", str(error))
    if isinstance(error, TooManySeats):
        return Problem(
            Kind.CONFLICT,
            "too-many-seats",
            "Too many seats",
            f"the session holds {error.limit} seats, the most it may; revoke one first",
            extra={"limit": error.limit},
        )
    if isinstance(error, TooManyProposals):
        return Problem(
            Kind.CONFLICT,
            "too-many-proposals",
            "Too many proposals",
            f"{error.limit} proposals are waiting for the DM already",
            extra={"limit": error.limit},
        )
    if isinstance(error, IdempotencyInProgress):
        return Problem(
            Kind.CONFLICT,
            "idempotency-in-progress",
            "Request in progress",
            "a request with this idempotency key is still in progress; retry later",
            headers={"Retry-After": "1"},
        )
    if isinstance(error, IdempotencyKeyReused):
        return Problem(
            Kind.INVALID_INPUT,
            "idempotency-key-reused",
            "Idempotency key reused",
            "this idempotency key was already used with a different request",
        )
    if isinstance(error, SessionBusy):
        return Problem(
            Kind.CONFLICT,
            "session-busy",
            "Session busy",
            "too many writes to this session are under way; retry after Retry-After seconds",
            headers={"Retry-After": str(max(1, error.retry_after))},
        )
    if isinstance(error, QuotaExceeded):
        return Problem(
            Kind.QUOTA_EXCEEDED,
            QUOTA_CODES[error.quota],
            "Quota exceeded",
            str(error),
            extra={"quota": error.quota, "limit": error.limit},
        )
    if isinstance(error, StoreUnavailable):
        return Problem(
            Kind.UNAVAILABLE,
            "store-unavailable",
            "Session store unavailable",
            str(error),
            headers={"Retry-After": str(max(1, error.retry_after))},
        )
    if isinstance(error, InvalidArgument):
        return Problem(Kind.INVALID_INPUT, "invalid-input", "Invalid input", str(error))
    if isinstance(error, SessionDamaged):
        return from_damaged(error)
    return Problem(Kind.INTERNAL, "store-error", "Session store error", str(error))


@contextmanager
def store_errors() -> Iterator[None]:
    try:
        yield
    except StoreError as error:
        raise from_store_error(error) from None


def etag(version: int) -> str:
    """The strong entity tag of a version: the number, quoted."""
    return f'"{version}"'


def _fingerprint_if(
    key: str | None, operation: str, session_id: str, request: Any, expected: int | None
) -> str | None:
    return None if key is None else fingerprint(operation, session_id, request, expected)


def fingerprint(operation: str, session_id: str, request: Any, expected_version: int | None) -> str:
    """A digest of what a request asks, to tell a retry from another request with its key.

    ``request`` is the validated request (or any JSON-ready value): defaults filled in and
    keys sorted, so two spellings of the same request have the same fingerprint, through
    either door.
    """
    if dataclasses.is_dataclass(request) and not isinstance(request, type):
        request = dump(request, type(request))
    canonical = json.dumps(
        [operation, session_id, request, expected_version],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def session_model(stored: StoredSession, encounter: Document | None = None) -> Session:
    """The typed session of a stored one (with ``encounter`` in place of its document)."""
    return Session(
        id=stored.id,
        version=stored.version,
        encounter=stored.document if encounter is None else encounter,
        created=stored.created,
        updated=stored.updated,
        title=stored.title,
        commitment=stored.commitment,
    )


_EMPTY_ENCOUNTER = b'"encounter":{}'


def session_bytes(stored: StoredSession) -> bytes:
    """A stored session as REST answers it (the ``Session`` schema), its document as stored:
    spliced in, neither decoded nor encoded again (what a large session's read costs)."""
    shell = session_model(stored, {})
    head, tail = to_json(dump(shell, Session)).split(_EMPTY_ENCOUNTER, 1)
    return b"".join((head, b'"encounter":', stored.json, tail))


def session_json(session: Session) -> dict[str, Any]:
    """A session as REST answers it (the ``Session`` schema)."""
    out: dict[str, Any] = dump(session, Session)
    return out


@dataclass(frozen=True, slots=True)
class Written(Generic[T]):
    """What a write answers, and whether it is the stored answer of an earlier request with
    the same idempotency key (``replayed``: nothing was applied again)."""

    value: T
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class SessionAnswer:
    """What an action (or a query) on a session answers."""

    response: Any
    """The action's response: the response dataclass, or (a replayed answer) its JSON form
    as the store kept it; the same as the stateless route answers."""
    session: SessionRef
    """The session, and the version the action wrote (or the query read)."""
    body: bytes | None = None
    """The response's JSON, when it was encoded already (once, for the store too)."""
    minimal: bytes | None = None
    """The response as ``Prefer: return=minimal`` asks (:func:`minimal_json`), when asked;
    never for a replayed answer."""


@dataclass(frozen=True, slots=True)
class _Ran:
    """What a session write's engine run hands back through the store."""

    response: Any
    minimal: bytes | None


def answer_json(answer: SessionAnswer) -> dict[str, Any]:
    """A session action's answer as REST sends it: the response plus ``session``."""
    response = answer.response
    if type(response) is not dict:
        response = from_json(answer_body(answer))
        return dict(response)
    return {**response, "session": dump(answer.session, SessionRef)}


def answer_body(answer: SessionAnswer) -> bytes:
    """:func:`answer_json`, encoded: the response's JSON as it was encoded, with
    ``"session": {"id": ..., "version": ..., "commitment": ...}`` added as its last member
    (the :attr:`SessionAnswer.minimal` form when there is one, its null commitment left out)."""
    ref: dict[str, object] = {
        "id": answer.session.id,
        "version": answer.session.version,
        "commitment": answer.session.commitment,
    }
    if answer.minimal is not None:
        if ref["commitment"] is None:
            del ref["commitment"]
        return answer.minimal[:-1] + b',"session":' + to_json(ref) + b"}"
    if answer.body is None:
        response = answer.response
        if type(response) is not dict:
            response = dump(response, type(response))
        return to_json({**response, "session": dump(answer.session, SessionRef)})
    return answer.body[:-1] + b',"session":' + to_json(ref) + b"}"


@dataclass(frozen=True, slots=True)
class SessionUpdate:
    """A version of a session (a subscription's item): a new one, or one written before the
    subscription began, after the version it named; ``encounter`` is None for such an
    earlier version whose state the session no longer keeps."""

    id: str
    version: int
    encounter: Document | None
    events: list[SessionEvent]


def load(document: Document | bytes, between: Callable[[], object] | None = None) -> Encounter:
    """The engine encounter of a stored document, or of its JSON (validated as a request's
    would be; the engine checks its consistency when it runs untrusted); ``between``: a
    large one in slices, ``between()`` called before each (:func:`.models.validate_encounter`)."""
    try:
        data = document if isinstance(document, bytes) else to_json(document)
        encounter: Encounter = validate_encounter(data, between)
    except ValidationError as e:
        raise from_validation_error(e, ("encounter",)) from None
    return encounter


def load_stored(stored: Stored) -> tuple[Encounter, EncodedEncounter | None]:
    """The encounter of a version, and what this process kept of it (None: decoded from
    its JSON now, to be checked). A kept encounter was written by the engine, or checked:
    it is trusted. A stored document that is no encounter is a damaged session (every
    version was checked when it was written)."""
    if stored.kept is not None:
        kept: EncodedEncounter = stored.kept
        return kept.encounter, kept
    assert stored.json is not None
    try:
        return load(stored.json), None
    except Problem as problem:
        reason = f"is not an encounter ({problem.detail[:200]})"
        raise from_damaged(SessionDamaged(stored.session_id, "document", reason)) from None


BYTES_PER_COMBATANT = 1_500
"""About what a combatant's JSON weighs, for sizing a kept encounter whose JSON was not kept."""


def document_size(stored: Stored) -> int:
    """The size of a version's document in bytes: as stored, as this process encoded it, or
    estimated from its combatants (the pool's :func:`~service.api.pool.is_light`)."""
    if stored.json is not None:
        return len(stored.json)
    kept: EncodedEncounter = stored.kept
    return len(kept.json) or BYTES_PER_COMBATANT * len(kept.encounter.combatants)


def lanes(action: str, stored: Stored) -> dict[str, bool]:
    """How the engine pool runs ``action`` on a version (:meth:`EnginePool.run`'s ``light``
    and ``inline``): on the event loop when this process holds the version's encounter and
    it is tiny (:func:`~service.api.pool.runs_inline`), else light or heavy by its size."""
    light = is_light(action, document_size(stored))
    kept: EncodedEncounter | None = stored.kept
    inline = kept is not None and light and runs_inline(action, kept.encounter)
    return {"light": light, "inline": inline}


def check_encounter(encounter: Encounter) -> Encoded:
    """Refuse an inconsistent encounter (as an action would); its stored form (JSON), with
    the encounter itself to keep for the first action."""
    try:
        validate(encounter)
    except RulesError as e:
        raise from_rules_error(e) from None
    encoded = encode_encounter(encounter)
    return Encoded(encoded.json, encoded)


def checked_title(title: str | None) -> str | None:
    """A session's title as stored: in Unicode's NFKC form (``ﬁ`` is ``fi``), without
    surrounding blanks; a blank one, one past :data:`MAX_TITLE` characters or one holding a
    control character is refused (``invalid-input`` naming ``title``)."""
    if title is None:
        return None
    normal = unicodedata.normalize("NFKC", title).strip()
    problem = text_problem(normal) if normal else "is blank"
    if problem is None and len(normal) > MAX_TITLE:
        problem = f"is longer than {MAX_TITLE} characters in Unicode's NFKC form"
    if problem is not None:
        raise invalid(problem, ("title",))
    return normal


def facts_of(encounter: Encounter | Document) -> dict[str, Any]:
    """What the list of sessions shows of an encounter: its ruleset and round."""
    if isinstance(encounter, dict):
        return {"ruleset": encounter.get("ruleset"), "round": encounter.get("round", 0)}
    return {"ruleset": encounter.ruleset, "round": encounter.round}


async def create(
    store: SessionStore,
    tenant: str,
    encounter: Encounter,
    *,
    pool: EnginePool,
    title: str | None = None,
    origin: SessionOrigin | None = None,
    idempotency_key: str | None = None,
) -> Written[Session]:
    """A new session at version 1 (``origin``: the session version it is forked from, named
    by its replay log's first step)."""
    title = checked_title(title)
    document = await pool.run(lambda stop: check_encounter(encounter))
    request: Any = CreateSessionRequest(encounter, title)
    operation = "createSession"
    if origin is not None:
        made = dump(request, CreateSessionRequest)
        request, operation = [made, dump(origin, SessionOrigin)], "forkSession"
    with store_errors():
        stored = await store.create(
            tenant,
            document,
            steps=True,
            title=title,
            facts=facts_of(encounter),
            origin=None if origin is None else dump(origin, SessionOrigin),
            dice=dice.fresh_secret(),
            idempotency_key=idempotency_key,
            request_fingerprint=_fingerprint_if(idempotency_key, operation, "", request, None),
        )
    return Written(session_model(stored), stored.replayed)


async def retitle(
    store: SessionStore,
    tenant: str,
    session_id: str,
    request: UpdateSessionRequest,
    *,
    expected_version: int | None = None,
) -> Session:
    """Change the session's metadata (its title): no new version, nothing logged."""
    title = checked_title(request.title)
    with store_errors():
        stored = await store.retitle(tenant, session_id, title, expected_version=expected_version)
    return session_model(stored)


MAX_LIST = 100
"""The most sessions one page of the tenant's list holds."""


def _summary(item: Summary) -> SessionSummary:
    ruleset, round_ = item.facts.get("ruleset"), item.facts.get("round")
    return SessionSummary(
        item.id,
        item.title,
        ruleset if isinstance(ruleset, str) else None,
        item.version,
        round_ if isinstance(round_, int) and not isinstance(round_, bool) else None,
        item.updated,
    )


async def list_sessions(
    store: SessionStore, tenant: str, *, limit: int = 50, cursor: str | None = None
) -> SessionList:
    """A page of the tenant's live sessions, the last written first (``limit`` 1 to
    :data:`MAX_LIST`; ``cursor`` a page's ``next_cursor``)."""
    if not 1 <= limit <= MAX_LIST:
        raise invalid(f"must be from 1 to {MAX_LIST}", ("limit",))
    if cursor is not None and not 0 < len(cursor) <= 200:
        raise invalid("is not a cursor a page of sessions gave", ("cursor",))
    with store_errors():
        try:
            page = await store.sessions(tenant, limit=limit, cursor=cursor)
        except InvalidArgument as error:
            raise invalid(str(error), ("cursor",)) from None
    return SessionList([_summary(item) for item in page.items], page.cursor)


async def get(store: SessionStore, tenant: str, session_id: str) -> Session:
    return session_model(await get_stored(store, tenant, session_id))


async def get_stored(store: SessionStore, tenant: str, session_id: str) -> StoredSession:
    """The session as stored (its document decoded only when asked: :func:`session_bytes`
    never asks)."""
    with store_errors():
        return await store.get(tenant, session_id)


async def delete(store: SessionStore, tenant: str, session_id: str) -> None:
    with store_errors():
        await store.delete(tenant, session_id)


async def run(
    models: ActionModels,
    store: SessionStore,
    tenant: str,
    session_id: str,
    request: Any,
    *,
    pool: EnginePool,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    seat: StoredSeat | None = None,
    minimal: bool = False,
    request_fingerprint: str | None = None,
) -> Written[SessionAnswer]:
    """Run an action (or a query) on the session's encounter.

    An action writes a new version with the compare-and-set of :meth:`SessionStore.apply`; a
    query reads the current version and writes nothing (idempotency keys do not apply). The
    engine runs in ``pool``, inside the compare-and-set: an action past its deadline raises
    before anything is written. With a ``seat``, an action that decides for a creature not
    the seat's is refused (403) on the version it would change. ``minimal``: the answer's
    :attr:`SessionAnswer.minimal` form is made too (not for a replayed answer).
    ``request_fingerprint``: what the idempotency key stands for, when not this action
    itself (an approval: the proposal it applies).
    """
    dump_response = models.response_adapter.dump_json
    # Drawn once, so that a retried compare-and-set on a session without fair dice replays
    # the same dice; a session with them derives its seed from its secret and line.
    drawn = draw_seed()
    seeded = dataclasses.replace(request, seed=request.seed if request.seed is not None else drawn)
    if not models.spec.query:
        params = models.session_request_adapter.dump_python(
            seeded, mode="json", by_alias=True, exclude_defaults=True
        )
        params.pop("seed", None)
    if models.spec.query:
        with store_errors():
            stored = await store.read(tenant, session_id)
            if expected_version is not None and stored.version != expected_version:
                raise VersionConflict(stored.version)

        def query(
            stop: threading.Event,
        ) -> tuple[Encounter, bool, Any, bytes | None, bytes | None]:
            encounter, kept = load_stored(stored)
            trusted = kept is not None
            response = run_action(models, encounter, seeded, stop=stop, trusted=trusted)
            if minimal:  # the whole form would go unsent: a query's answer is kept nowhere
                return encounter, trusted, response, None, minimal_json(models, encounter, response)
            return encounter, trusted, response, dump_response(response, by_alias=True), None

        encounter, trusted, response, body, lean = await pool.run(
            query, **lanes(models.spec.name, stored)
        )
        if not trusted:
            store.keep(tenant, stored, EncodedEncounter(encounter, b""))
        ref = SessionRef(stored.session_id, stored.version, stored.commitment)
        return Written(SessionAnswer(response, ref, body, lean))

    def change(stored: Stored, stop: threading.Event) -> Change:
        rolled = dice.seed_of(request.seed, drawn, stored.line, stored.dice)
        action = dataclasses.replace(request, seed=rolled.seed)
        step = {"action": models.spec.name, "params": params, **rolled.step()}
        encounter, kept = load_stored(stored)
        if seat is not None:
            seats.check_decisions(seat, models.spec, action, encounter)
        trusted = kept is not None
        response = run_action(models, encounter, action, count=False, stop=stop, trusted=trusted)
        body, document, events = models.encode(response, kept)
        assert document is not None
        lean = minimal_json(models, encounter, response) if minimal else None
        return Change(
            Encoded(document.json, document),
            events,
            Encoded(body, _Ran(response, lean)),
            document_at="encounter",
            step=step,
            facts=facts_of(response.encounter),
        )

    def fn(stored: Stored) -> Awaitable[Change]:
        return pool.run(functools.partial(change, stored), **lanes(models.spec.name, stored))

    with store_errors():
        applied = await store.apply_json(
            tenant,
            session_id,
            fn,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            request_fingerprint=request_fingerprint
            or _fingerprint_if(
                idempotency_key, models.spec.name, session_id, request, expected_version
            ),
        )
    ref = SessionRef(applied.session.id, applied.session.version, applied.session.commitment)
    if isinstance(applied.response, Encoded):
        ran: _Ran = applied.response.value
        record_outcome(models.spec.name, ran.response.encounter.ruleset, ran.response.outcome)
        return Written(SessionAnswer(ran.response, ref, applied.response.json, ran.minimal))
    return Written(SessionAnswer(applied.response, ref), applied.replayed)


async def undo(
    store: SessionStore,
    tenant: str,
    session_id: str,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
) -> Written[UndoResponse]:
    with store_errors():
        applied = await store.undo(
            tenant,
            session_id,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            request_fingerprint=_fingerprint_if(
                idempotency_key, "undo", session_id, None, expected_version
            ),
            log_step=True,
            facts_of=facts_of,
        )
    assert isinstance(applied.response, dict)
    response = current_event(applied.response)  # an earlier release's record: snake case
    undone = UndoResponse(
        session=SessionRef(applied.session.id, applied.session.version, applied.session.commitment),
        encounter=applied.session.document,
        reverted_version=response["revertedVersion"],
        restored_version=response["restoredVersion"],
    )
    return Written(undone, applied.replayed)


async def reveal(store: SessionStore, tenant: str, session_id: str) -> RevealResponse:
    """Publish the session's dice secret and commit to a fresh one (docs/fair-dice.md): no
    new version, no event."""
    with store_errors():
        revealed, commitment = await store.dice.reveal(tenant, session_id, dice.fresh_secret())
    return RevealResponse(
        session_id,
        RevealedSecret(revealed.secret.hex(), revealed.commitment, revealed.version, revealed.line),
        commitment,
    )


async def create_seat(
    store: SessionStore, tenant: str, session_id: str, request: CreateSeatRequest
) -> NewSeat:
    """A new seat of the session for creatures of its current encounter (422 naming an
    unknown or repeated id); its token is answered only now."""
    ids = list(dict.fromkeys(request.combatants))
    if len(ids) != len(request.combatants):
        repeated = next(
            i for i, c in enumerate(request.combatants) if request.combatants[:i].count(c)
        )
        raise invalid("names a creature a second time", ("combatants", repeated))
    with store_errors():
        stored = await store.get(tenant, session_id)
        known = [str(c.get("id")) for c in stored.document.get("combatants", [])]
        for i, combatant_id in enumerate(ids):
            if combatant_id not in known:
                detail = known_names(combatant_id, known, "the encounter")
                raise invalid(f"unknown combatant {combatant_id!r}; {detail}", ("combatants", i))
        token, seat = await store.seating.add(
            tenant, session_id, tuple(ids), request.label, approval=request.approval == "dm"
        )
    return NewSeat(seat=seats.seat_model(seat), token=token)


async def list_seats(
    store: SessionStore, tenant: str, session_id: str, seat: StoredSeat | None = None
) -> SeatList:
    """The session's seats (a seat's token: that seat alone)."""
    with store_errors():
        found = await store.seating.seats(tenant, session_id)
    return SeatList([seats.seat_model(s) for s in found if seat is None or s.id == seat.id])


async def revoke_seat(store: SessionStore, tenant: str, session_id: str, seat_id: str) -> None:
    """Revoke a seat: its token is refused from now on, and its open streams end."""
    with store_errors():
        await store.seating.revoke(tenant, session_id, seat_id)


def _event(event: Any) -> SessionEvent:
    return SessionEvent(event.index, event.version, event.data)


async def events(
    store: SessionStore, tenant: str, session_id: str, *, offset: int, limit: int
) -> EventPage:
    with store_errors():
        page = await store.logs.events(tenant, session_id, offset=offset, limit=limit)
    return EventPage(
        [_event(e) for e in page.items], page.offset, page.limit, page.total, page.next_offset
    )


def _update(update: StoredUpdate | Missed) -> SessionUpdate:
    events = [_event(e) for e in update.events]
    if isinstance(update, Missed):
        document = None if update.document is None else from_json(update.document)
        return SessionUpdate(update.session_id, update.version, document, events)
    stored = update.session
    return SessionUpdate(stored.id, stored.version, stored.document, events)


def is_told(seat: StoredSeat | None, proposed: Proposed) -> bool:
    """Whether a follower of the session is told of a new proposal: the DM's followers are
    (``seat`` None), a seat's of its own proposals only."""
    return seat is None or seat.id == proposed.seat_id


async def subscribe(
    store: SessionStore, access: Access, session_id: str, *, after: int | None = None
) -> AsyncIterator[SessionUpdate | Proposed]:
    """Each new version of the session, written by any process, until it is deleted; with
    ``after``, first each version written after that one (see :meth:`SessionStore.subscribe`);
    and the notice of each proposal made meanwhile that ``access`` is told of
    (:func:`is_told`)."""
    with store_errors():
        updates = store.subscribe(access.tenant, session_id, after=after, proposals=True)
        async for update in updates:
            if not isinstance(update, Proposed):
                yield _update(update)
            elif is_told(access.seat, update):
                yield update

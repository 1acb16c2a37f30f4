"""Session mode, shared by both doors: the engine run inside the store's compare-and-set.

Each function takes the store and the tenant, does one session operation and answers plain
JSON-ready data, or raises a :class:`Problem` (store errors mapped by
:func:`from_store_error`, engine errors as in stateless mode). Nothing here knows about one
action or another: every action goes through :func:`run` with its :class:`ActionModels`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from pydantic_core import to_json
from starlette.requests import HTTPConnection

from service.api.auth import PUBLIC_TENANT, principal_of, unauthorized
from service.api.core import Problem, draw_seed, from_rules_error, from_validation_error, run_action
from service.api.models import ENCOUNTER, ActionModels, dump
from service.api.observability import record_outcome
from service.rules import Encounter, RulesError, validate
from service.store import (
    MAX_PAGE,
    Change,
    Document,
    EventPage,
    IdempotencyInProgress,
    IdempotencyKeyReused,
    InvalidArgument,
    NothingToUndo,
    QuotaExceeded,
    Session,
    SessionBusy,
    SessionNotFound,
    SessionStore,
    SessionUpdate,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)

__all__ = [
    "MAX_PAGE",
    "PUBLIC_TENANT",
    "Outcome",
    "create",
    "delete",
    "events",
    "fingerprint",
    "from_store_error",
    "get",
    "run",
    "session_json",
    "store_of",
    "subscribe",
    "tenant_of",
    "undo",
]


def tenant_of(connection: HTTPConnection) -> str:
    """The tenant a request (or websocket) acts for: the one place that decides it.

    The tenant comes only from the API key :class:`~service.api.auth.Guard` (or, on a
    websocket, ``connection_init``) authenticated; with ``CRS_AUTH`` off, every caller is
    the ``public`` tenant. With auth on and no principal (which the guard prevents), 401.
    """
    principal = principal_of(connection)
    if principal is not None:
        return principal.tenant
    settings = getattr(connection.app.state, "settings", None)
    if settings is not None and settings.auth:
        raise unauthorized("send an API key")
    return PUBLIC_TENANT


def store_of(connection: HTTPConnection) -> SessionStore:
    """The application's session store (set up by the lifespan)."""
    store: SessionStore | None = getattr(connection.app.state, "store", None)
    if store is None:
        raise Problem(
            503,
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
    """The problem a store error answers (DESIGN.md's error table)."""
    if isinstance(error, SessionNotFound):
        return Problem(404, "session-not-found", "Session not found", str(error))
    if isinstance(error, VersionConflict):
        return Problem(
            412,
            "version-conflict",
            "Version conflict",
            f"the session is at version {error.current_version}; read it and try again",
            headers={"ETag": etag(error.current_version)},
            extra={"currentVersion": error.current_version},
        )
    if isinstance(error, NothingToUndo):
        return Problem(
            409, "nothing-to-undo", "Nothing to undo", "the session has no action left to undo"
        )
    if isinstance(error, IdempotencyInProgress):
        return Problem(
            409,
            "idempotency-in-progress",
            "Request in progress",
            "a request with this idempotency key is still in progress; retry later",
            headers={"Retry-After": "1"},
        )
    if isinstance(error, IdempotencyKeyReused):
        return Problem(
            422,
            "idempotency-key-reused",
            "Idempotency key reused",
            "this idempotency key was already used with a different request",
        )
    if isinstance(error, SessionBusy):
        return Problem(
            409,
            "session-busy",
            "Session busy",
            "too many writes to this session are under way; retry after Retry-After seconds",
            headers={"Retry-After": str(max(1, error.retry_after))},
        )
    if isinstance(error, QuotaExceeded):
        return Problem(
            507,
            QUOTA_CODES[error.quota],
            "Quota exceeded",
            str(error),
            extra={"quota": error.quota, "limit": error.limit},
        )
    if isinstance(error, StoreUnavailable):
        return Problem(
            503,
            "store-unavailable",
            "Session store unavailable",
            str(error),
            headers={"Retry-After": str(max(1, error.retry_after))},
        )
    if isinstance(error, InvalidArgument):
        return Problem(422, "invalid-input", "Invalid input", str(error))
    return Problem(500, "store-error", "Session store error", str(error))


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


def session_ref(session: Session) -> dict[str, Any]:
    return {"id": session.id, "version": session.version}


def session_json(session: Session) -> dict[str, Any]:
    """A session as the ``Session`` schema shows it."""
    return {
        "id": session.id,
        "version": session.version,
        "encounter": session.document,
        "created": session.created.isoformat().replace("+00:00", "Z"),
        "updated": session.updated.isoformat().replace("+00:00", "Z"),
    }


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a session operation answers: the body, the version it leaves, whether replayed."""

    body: dict[str, Any]
    version: int
    replayed: bool = False


def load(document: Document) -> Encounter:
    """The engine encounter of a stored document (validated as a request's would be)."""
    try:
        encounter: Encounter = ENCOUNTER.validate_json(to_json(document))
    except ValidationError as e:
        raise from_validation_error(e, ("encounter",)) from None
    return encounter


def check_encounter(encounter: Encounter) -> Document:
    """Refuse an inconsistent encounter (as an action would); its stored form."""
    try:
        validate(encounter)
    except RulesError as e:
        raise from_rules_error(e) from None
    document: Document = ENCOUNTER.dump_python(encounter, mode="json", by_alias=True)
    return document


async def create(
    store: SessionStore,
    tenant: str,
    encounter: Encounter,
    *,
    idempotency_key: str | None = None,
) -> Session:
    document = check_encounter(encounter)
    with store_errors():
        return await store.create(
            tenant,
            document,
            idempotency_key=idempotency_key,
            request_fingerprint=_fingerprint_if(
                idempotency_key, "createSession", "", encounter, None
            ),
        )


async def get(store: SessionStore, tenant: str, session_id: str) -> Session:
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
    expected_version: int | None = None,
    idempotency_key: str | None = None,
) -> Outcome:
    """Run an action (or a query) on the session's encounter.

    An action writes a new version with the compare-and-set of :meth:`SessionStore.apply`; a
    query reads the current version and writes nothing (idempotency keys do not apply).
    """
    # Draw the seed once, so that a retried compare-and-set replays the same dice.
    seeded = dataclasses.replace(
        request, seed=request.seed if request.seed is not None else draw_seed()
    )
    if models.spec.query:
        with store_errors():
            session = await store.get(tenant, session_id)
            if expected_version is not None and session.version != expected_version:
                raise VersionConflict(session.version)
        response = run_action(models, load(session.document), seeded)
        body = models.response_adapter.dump_python(response, mode="json", by_alias=True)
        return Outcome({**body, "session": session_ref(session)}, session.version)

    def fn(document: Document) -> Change:
        response = run_action(models, load(document), seeded, count=False)
        data = models.response_adapter.dump_python(response, mode="json", by_alias=True)
        return Change(data["encounter"], data["events"], data, document_at="encounter")

    with store_errors():
        applied = await store.apply(
            tenant,
            session_id,
            fn,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            request_fingerprint=_fingerprint_if(
                idempotency_key, models.spec.name, session_id, request, expected_version
            ),
        )
    if not applied.replayed:
        record_outcome(
            models.spec.name, applied.session.document["ruleset"], applied.response["outcome"]
        )
    body = {**applied.response, "session": session_ref(applied.session)}
    return Outcome(body, applied.session.version, applied.replayed)


async def undo(
    store: SessionStore,
    tenant: str,
    session_id: str,
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
) -> Outcome:
    with store_errors():
        applied = await store.undo(
            tenant,
            session_id,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            request_fingerprint=_fingerprint_if(
                idempotency_key, "undo", session_id, None, expected_version
            ),
        )
    body = {
        "session": session_ref(applied.session),
        "encounter": applied.session.document,
        "revertedVersion": applied.response["reverted_version"],
        "restoredVersion": applied.response["restored_version"],
    }
    return Outcome(body, applied.session.version, applied.replayed)


def page_json(page: EventPage) -> dict[str, Any]:
    return {
        "items": [{"index": e.index, "version": e.version, "data": e.data} for e in page.items],
        "offset": page.offset,
        "limit": page.limit,
        "total": page.total,
        "nextOffset": page.next_offset,
    }


async def events(
    store: SessionStore, tenant: str, session_id: str, *, offset: int, limit: int
) -> dict[str, Any]:
    with store_errors():
        page = await store.events(tenant, session_id, offset=offset, limit=limit)
    return page_json(page)


async def subscribe(
    store: SessionStore, tenant: str, session_id: str
) -> AsyncIterator[SessionUpdate]:
    """Each new version of the session, written by any process, until it is deleted."""
    with store_errors():
        async for update in store.subscribe(tenant, session_id):
            yield update

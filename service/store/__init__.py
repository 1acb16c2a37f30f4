"""The session store: versioned JSON documents in Redis, written with compare-and-set.

See :class:`SessionStore`, :func:`connect` and :class:`RedisServer`.
"""

from service.store.embedded import RedisServer, connect, find_redis_server
from service.store.errors import (
    IdempotencyInProgress,
    IdempotencyKeyReused,
    InvalidArgument,
    NothingToUndo,
    QuotaExceeded,
    SessionBusy,
    SessionNotFound,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)
from service.store.sessions import (
    MAX_PAGE,
    Action,
    Applied,
    Change,
    Client,
    Document,
    Encoded,
    Event,
    EventPage,
    Session,
    SessionStore,
    SessionUpdate,
    Stored,
    StoredAction,
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
    "IdempotencyInProgress",
    "IdempotencyKeyReused",
    "InvalidArgument",
    "NothingToUndo",
    "QuotaExceeded",
    "RedisServer",
    "Session",
    "SessionBusy",
    "SessionNotFound",
    "SessionStore",
    "SessionUpdate",
    "StoreError",
    "StoreUnavailable",
    "Stored",
    "StoredAction",
    "VersionConflict",
    "connect",
    "find_redis_server",
]

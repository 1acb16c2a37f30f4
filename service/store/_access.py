"""How the store's rooms reach Redis: the client, the names of a tenant's keys, the bound on
every call, and the two reads every room shares (a session's state, a range of its events).

Every call to Redis runs inside :meth:`Access.guard`: it answers within the store's timeout or
raises :class:`~service.store.errors.StoreUnavailable`; a script that found a damaged record
raises :class:`~service.store.errors.SessionDamaged`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from redis.exceptions import RedisClusterException, RedisError, ResponseError

from service.store import _lua
from service.store._cache import State
from service.store._codec import as_bytes, as_text, count_from, damaged_in_script, event_from
from service.store._hub import unavailable
from service.store.errors import SessionNotFound
from service.store.keys import SessionKeys, key, session_keys
from service.store.records import Event


@dataclass(frozen=True, slots=True)
class Access:
    """The store's way to Redis, shared by its rooms."""

    redis: _lua.Client
    prefix: str
    timeout: float
    """Seconds every call to Redis may take."""
    retry_after: int
    """The ``retry_after`` of the :class:`StoreUnavailable` raised."""

    def key(self, tenant: str, scope: str, part: str) -> str:
        """One key of ``tenant`` (see :func:`service.store.keys.key`)."""
        return key(tenant, scope, part, prefix=self.prefix)

    def keys(self, tenant: str, session_id: str) -> SessionKeys:
        """The keys of one of ``tenant``'s sessions.

        :raises SessionNotFound: the id is not well formed.
        """
        return session_keys(tenant, session_id, prefix=self.prefix)

    @asynccontextmanager
    async def guard(self, seconds: float | None = None) -> AsyncIterator[None]:
        """Bound the time of the body and turn Redis trouble into StoreUnavailable."""
        try:
            async with asyncio.timeout(self.timeout if seconds is None else seconds):
                yield
        except ResponseError as exc:
            damaged = damaged_in_script(str(exc))
            if damaged is not None:
                raise damaged from None
            raise unavailable(exc, self.retry_after) from exc
        except (RedisError, RedisClusterException, OSError) as exc:
            raise unavailable(exc, self.retry_after) from exc

    async def state(
        self, keys: SessionKeys, *, with_snapshot: bool, known: int | None = None
    ) -> State:
        """The session's state (call it guarded); its document is not sent (``json`` is
        None) when its version is ``known``, and its newest undo snapshot only
        ``with_snapshot``.

        :raises SessionNotFound: there is no such session.
        """
        found = await _lua.READ(
            self.redis,
            [keys.session, keys.events, keys.history],
            ["1" if with_snapshot else "0", "" if known is None else known],
        )
        if not found:
            raise SessionNotFound(keys.session_id)
        head, dice_fields = found[:9], [*found[9:], None, None, None][:3]
        version, document, created, updated, total, snapshot, size, document_bytes, title = head
        line, commitment, dice = dice_fields
        session_id = keys.session_id
        return State(
            count_from(version, session_id, "version", 1),
            None if document is None else as_bytes(document),
            count_from(created, session_id, "creation time"),
            count_from(updated, session_id, "update time"),
            count_from(total, session_id, "event count"),
            None if snapshot is None else as_text(snapshot),
            count_from(size, session_id, "size"),
            count_from(document_bytes, session_id, "document size"),
            None if not title else as_text(title),
            0 if line is None else count_from(line, session_id, "dice line"),
            None if not commitment else as_text(commitment),
            None if not dice else bytes.fromhex(as_text(dice)),
        )

    async def events(self, keys: SessionKeys, first: int, last: int) -> tuple[int, list[Event]]:
        """The session's event count and its events from index ``first`` to ``last``
        (inclusive; call it guarded).

        :raises SessionNotFound: there is no such session.
        """
        found = await _lua.EVENTS(self.redis, [keys.session, keys.events], [first, last])
        if not found:
            raise SessionNotFound(keys.session_id)
        total = count_from(found[0], keys.session_id, "event count")
        return total, [
            event_from(item, keys.session_id, first + i) for i, item in enumerate(found[1])
        ]

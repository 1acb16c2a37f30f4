"""One process's writes to a session take turns: per-session FIFO locks with a bounded
queue (:class:`Queues`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from service.store.errors import SessionBusy


class Queues:
    """Per-session FIFO locks, so that one process's writes to a session take turns, with at
    most ``limit`` writers waiting, each for at most ``timeout`` seconds."""

    def __init__(self, limit: int, timeout: float, retry_after: int) -> None:
        self.limit = limit
        self.timeout = timeout
        self.retry_after = retry_after
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @asynccontextmanager
    async def turn(self, name: str, session_id: str) -> AsyncIterator[None]:
        lock, users = self._locks.setdefault(name, (asyncio.Lock(), [0]))
        if users[0] > self.limit:
            raise SessionBusy(session_id, self.retry_after)
        users[0] += 1
        try:
            try:
                async with asyncio.timeout(self.timeout):
                    await lock.acquire()
            except TimeoutError:
                raise SessionBusy(session_id, self.retry_after) from None
            try:
                yield
            finally:
                lock.release()
        finally:
            users[0] -= 1
            if not users[0]:
                del self._locks[name]

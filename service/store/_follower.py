"""Following one session's versions as they come (:class:`Follower`, from
:meth:`SessionStore.follow`): the versions missed first, from the session's log, then the
live ones from the store's pub/sub hub."""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque

from service.store import _lua
from service.store._access import Access
from service.store._codec import as_bytes, count_from, update_from
from service.store._hub import Subscriber
from service.store.errors import SessionNotFound
from service.store.keys import SessionKeys
from service.store.records import MAX_PAGE, Event, Gone, Missed, Proposed, SessionUpdate

SUBSCRIPTION_CHECK = 10.0
"""Seconds between a follower's checks that its session still exists (with up to a second
more at random, so followers don't check together)."""


async def current_version(redis: _lua.Client, keys: SessionKeys) -> int:
    """The session's version now (one field read).

    :raises SessionNotFound: there is no such session."""
    version = await redis.hget(keys.session, "version")
    if version is None:
        raise SessionNotFound(keys.session_id)
    return count_from(version, keys.session_id, "version", 1)


class Follower:
    """The versions of one session as they come (:meth:`SessionStore.follow`)."""

    def __init__(self, access: Access, keys: SessionKeys, subscriber: Subscriber) -> None:
        self._access = access
        self._keys = keys
        self._subscriber = subscriber
        self._missed: deque[int] = deque()
        self._kept: set[int] = set()
        self._cursor = self._end = 0
        self._read: deque[Event] = deque()
        self._gone = False
        self._check_at = time.monotonic() + SUBSCRIPTION_CHECK + random.uniform(0, 1)
        self.version = 0
        """The newest version handed out, or current when following began."""

    async def _start(self, after: int) -> None:
        """Note the versions after ``after`` to send first (nothing of them is read yet: a
        follower at the current version reads no document and no event)."""
        access, keys = self._access, self._keys
        async with access.guard():
            found = await _lua.RESUME(
                access.redis, [keys.session, keys.events, keys.history, keys.marks], [after]
            )
        if not found:
            raise SessionNotFound(keys.session_id)
        if len(found) == 1:
            count_from(found[0], keys.session_id, "version", 1)
        version, _, _, start, total, kept = found
        sid = keys.session_id
        self.version = count_from(version, sid, "version", 1)
        self._missed.extend(range(max(after, 0) + 1, self.version + 1))
        self._kept = {count_from(v, sid, "version") for v in kept}
        self._cursor = count_from(start, sid, "event index")
        self._end = count_from(total, sid, "event count")

    async def _missed_one(self) -> Missed:
        """The next missed version: its events (read a page at a time) and its document,
        if the session keeps it now."""
        access, keys = self._access, self._keys
        version = self._missed.popleft()
        events: list[Event] = []
        while True:
            while self._read and self._read[0].version <= version:
                event = self._read.popleft()
                if event.version == version:
                    events.append(event)
            if self._read or self._cursor >= self._end:
                break
            last = min(self._cursor + MAX_PAGE, self._end) - 1
            async with access.guard():
                _, page = await access.events(keys, self._cursor, last)
            self._cursor = last + 1 if page else self._end
            self._read.extend(page)
        document = None
        if version in self._kept:
            async with access.guard():
                found = await _lua.DOCUMENT(
                    access.redis, [keys.session, keys.history, keys.marks], [version]
                )
            document = None if found is None else as_bytes(found)
        return Missed(keys.session_id, version, events, document)

    async def next(self, timeout: float) -> SessionUpdate | Missed | Proposed | Gone | None:
        """The next version (a missed one first), a live proposal's notice
        (:class:`Proposed`: no version; one made before following began is not sent),
        :class:`Gone` once the session is deleted or expired (noticed within about 10
        seconds), or None if nothing came within ``timeout`` seconds.

        :raises StoreUnavailable: the pub/sub connection was lost, or this follower fell
            too far behind: versions may have been missed (follow again, after the last).
        """
        if self._missed and not self._gone:
            try:
                return await self._missed_one()
            except SessionNotFound:
                self._gone = True
        if self._gone:
            return Gone(self._keys.session_id)
        end = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            if now >= self._check_at:
                self._check_at = now + SUBSCRIPTION_CHECK + random.uniform(0, 1)
                async with self._access.guard():
                    exists = await self._access.redis.exists(self._keys.session)
                if not exists:
                    self._gone = True
                    return Gone(self._keys.session_id)
            if now >= end:
                return None
            try:
                async with asyncio.timeout(min(end, self._check_at) - now):
                    data = await self._subscriber.next()
            except TimeoutError:
                continue
            update = update_from(data, self._keys.session_id)
            if update is None:
                self._gone = True
                return Gone(self._keys.session_id)
            if isinstance(update, Proposed):
                if update.version < self.version:
                    continue  # stale already: the session moved on
                return update
            if update.session.version <= self.version:
                continue
            self.version = update.session.version
            return update

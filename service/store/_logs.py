"""What a session has kept of its past: its event log, its replay log, and the transcript a
replay checks, each read a bounded page at a time."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any

from service.store import _lua
from service.store._access import Access
from service.store._codec import (
    as_bytes,
    count_from,
    datetime_of,
    document_from,
    event_from,
    step_from,
    steps_from,
)
from service.store.errors import SessionNotFound
from service.store.records import (
    MAX_PAGE,
    Event,
    EventPage,
    Session,
    StepPage,
    Transcript,
    TranscriptPage,
    check_page,
)


class Logs:
    """The sessions' event logs, replay logs and transcripts (``store.logs``)."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def events(
        self, tenant: str, session_id: str, *, offset: int = 0, limit: int = 50
    ) -> EventPage:
        """A page of the session's event log, oldest first.

        :raises InvalidArgument: for a negative offset or a limit outside 1..``MAX_PAGE``.
        """
        check_page(offset, limit)
        access = self._access
        keys = access.keys(tenant, session_id)
        async with access.guard():
            total, items = await access.events(keys, offset, offset + limit - 1)
        end = offset + len(items)
        return EventPage(items, offset, limit, total, end if end < total else None)

    async def steps(
        self, tenant: str, session_id: str, *, offset: int = 0, limit: int = 50
    ) -> StepPage:
        """A page of the session's replay log, oldest first: one record per version (see
        :meth:`SessionStore.create`, :attr:`Change.step`, :meth:`SessionStore.undo`); empty
        if it keeps none.

        :raises InvalidArgument: for a negative offset or a limit outside 1..``MAX_PAGE``.
        """
        check_page(offset, limit)
        access = self._access
        keys = access.keys(tenant, session_id)
        async with access.guard():
            found = await _lua.EVENTS(
                access.redis, [keys.session, keys.steps], [offset, offset + limit - 1]
            )
        if not found:
            raise SessionNotFound(keys.session_id)
        total = count_from(found[0], keys.session_id, "replay log length")
        items = [
            step_from(item, keys.session_id, offset + 1 + i) for i, item in enumerate(found[1])
        ]
        end = offset + len(items)
        return StepPage(items, offset, limit, total, end if end < total else None)

    async def replay_length(self, tenant: str, session_id: str) -> int:
        """How many records the session's replay log holds (nothing else is read).

        :raises SessionNotFound: there is no such session.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        async with access.guard():
            found = await _lua.EVENTS(access.redis, [keys.session, keys.steps], [1, 0])
        if not found:
            raise SessionNotFound(keys.session_id)
        return count_from(found[0], keys.session_id, "replay log length")

    async def transcript_pages(
        self, tenant: str, session_id: str, *, versions: int = MAX_PAGE
    ) -> AsyncGenerator[TranscriptPage, None]:
        """What a replay of the session checks, a page of at most ``versions`` versions at
        a time, oldest first, from version 1 to the session's version when the first page
        is read (each page one script, bounded: see :class:`TranscriptPage`).

        The replay log and the event log only grow, so a write between two pages changes
        neither below that version; a later page holds the states the session keeps when it
        is read.

        :raises SessionNotFound: there is no such session (or it ended between two pages).
        :raises InvalidArgument: for ``versions`` outside 1..``MAX_PAGE``.
        """
        check_page(0, versions)
        access = self._access
        keys = access.keys(tenant, session_id)
        first, cursor, upto = 1, 0, 0
        while upto == 0 or first <= upto:
            start = cursor
            async with access.guard():
                found = await _lua.TRANSCRIPT(
                    access.redis,
                    [keys.session, keys.events, keys.history, keys.steps, keys.marks],
                    [first, versions, cursor, upto, _lua.PAGE_BYTES],
                )
            if not found:
                raise SessionNotFound(keys.session_id)
            if len(found) == 1:
                count_from(found[0], keys.session_id, "version", 1)
            current, created, updated, last, total, steps, cursor, events = found[:8]
            states = found[8:]
            sid = keys.session_id
            upto = upto or count_from(current, sid, "version", 1)
            records, first_document = steps_from(steps, sid, first)
            page = TranscriptPage(
                sid,
                upto,
                datetime_of(count_from(created, sid, "creation time")),
                datetime_of(count_from(updated, sid, "update time")),
                first,
                count_from(last, sid, "page end"),
                count_from(total, sid, "replay log length"),
                records,
                [event_from(item, sid, start + i) for i, item in enumerate(events)],
                {
                    count_from(states[i], sid, "version"): as_bytes(states[i + 1])
                    for i in range(0, len(states), 2)
                },
                first_document,
            )
            cursor = count_from(cursor, sid, "event count")
            first = page.last + 1
            yield page

    async def transcript(self, tenant: str, session_id: str) -> Transcript:
        """The session's whole transcript, its pages (:meth:`transcript_pages`) gathered:
        for small sessions and tests; a replay walks the pages instead.

        :raises SessionNotFound: there is no such session.
        """
        steps: list[dict[str, Any]] = []
        events: list[Event] = []
        states: dict[int, bytes] = {}
        page = None
        async for page in self.transcript_pages(tenant, session_id):
            if page.first_document is not None:
                document = document_from(page.first_document, page.session_id)
                steps += [{**page.steps[0], "document": document}, *page.steps[1:]]
            else:
                steps += page.steps
            events += page.events
            states.update(page.states)
        assert page is not None
        current = states.pop(page.version, b"null")
        session = Session(
            page.session_id,
            page.version,
            None,
            page.created,
            page.updated,
            json=current,
        )
        snapshots = {v: document_from(d, page.session_id) for v, d in states.items()}
        return Transcript(session, steps, events, snapshots)

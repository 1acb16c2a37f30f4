"""The tenant's list of sessions (:meth:`SessionStore.sessions`): its quota ledger is the
index (every live session, scored by when it expires, so the last written first), and each
session's hash holds what the list shows of it (title, version, update time, facts).

The ledger's slot is the tenant's and each session's is its own: the page of ids comes from
one script (``LIST``), the summaries from one pipelined read. A session the ledger still
names but that is gone (expired between the two reads, or a ledger left behind) is skipped,
pruned from the ledger, and the page refilled from where it stopped.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable

from service.store import _lua
from service.store._codec import as_text, count_from, datetime_of, facts_from
from service.store._ledger import Ledger
from service.store.errors import InvalidArgument, SessionNotFound
from service.store.keys import parse_session_id
from service.store.records import SessionList, Summary

REFILLS = 2
"""How many more reads a page may take to make up for sessions gone between the reads."""

Mark = tuple[str, str]
"""A place in the list: a session's ledger score, as Redis gave it, and its id."""


def cursor_of(mark: Mark) -> str:
    """The opaque cursor of a place in the list."""
    return base64.urlsafe_b64encode(f"{mark[0]}|{mark[1]}".encode()).decode().rstrip("=")


def mark_of(cursor: str) -> Mark:
    """The place a cursor names; :class:`InvalidArgument` for one this store did not give."""
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        score, session_id = text.split("|")
        float(score)
        return score, parse_session_id(session_id)
    except (binascii.Error, UnicodeDecodeError, ValueError, SessionNotFound):
        raise InvalidArgument("cursor is not one a page of sessions gave") from None


async def read_page(
    ledger: Ledger,
    tenant: str,
    session_key: Callable[[str], str],
    limit: int,
    cursor: str | None,
) -> SessionList:
    """Up to ``limit`` summaries after ``cursor``, and the cursor of the next page;
    ``session_key`` names a session's hash."""
    mark: Mark | None = None if cursor is None else mark_of(cursor)
    items: list[Summary] = []
    for _ in range(1 + REFILLS):
        wanted = limit - len(items)
        marks = await _page_of_ids(ledger, tenant, mark, wanted)
        found, gone = await _summaries(ledger.redis, [m[1] for m in marks], session_key)
        items.extend(found)
        for session_id in gone:
            await ledger.drop(tenant, session_id)
        if len(marks) < wanted:
            return SessionList(items, None)
        mark = marks[-1]
        if not gone:
            break
    return SessionList(items, None if mark is None else cursor_of(mark))


async def _page_of_ids(ledger: Ledger, tenant: str, mark: Mark | None, most: int) -> list[Mark]:
    answer = await _lua.LIST(
        ledger.redis,
        [ledger.sessions_key(tenant)],
        ["", "", most] if mark is None else [mark[0], mark[1], most],
    )
    flat = [as_text(item) for item in answer]
    return [(flat[i + 1], flat[i]) for i in range(0, len(flat), 2)]


async def _summaries(
    redis: _lua.Client, ids: list[str], session_key: Callable[[str], str]
) -> tuple[list[Summary], list[str]]:
    """The summaries of the sessions that are still there, and the ids of those gone."""
    if not ids:
        return [], []
    pipe = redis.pipeline(transaction=False)
    for session_id in ids:
        pipe.hmget(session_key(session_id), ["version", "updated", "title", "facts"])
    rows = await pipe.execute()
    found: list[Summary] = []
    gone: list[str] = []
    for session_id, (version, updated, title, facts) in zip(ids, rows, strict=True):
        if version is None:
            gone.append(session_id)
            continue
        found.append(
            Summary(
                session_id,
                None if not title else as_text(title),
                count_from(version, session_id, "version", 1),
                datetime_of(count_from(updated, session_id, "update time")),
                facts_from(facts),
            )
        )
    return found, gone

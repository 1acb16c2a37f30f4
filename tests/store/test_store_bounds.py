"""Every script of the store reads what it answers or needs, and no more, on a real Redis:
an idempotency record names the version it answers with (a keyed write keeps at most 1.5
times its document) and still answers exactly what the first request answered once that
version has left the session; a follower at the current version reads no document and no
list; a transcript comes in bounded pages."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
import redis.asyncio
from pydantic_core import from_json

from service.jsontext import encode
from service.store import (
    Applied,
    Change,
    Client,
    Document,
    Encoded,
    Missed,
    RedisServer,
    SessionStore,
    Stored,
)
from service.store._lua import PAGE_BYTES
from service.store.keys import key

pytestmark = pytest.mark.timeout(120)

DOCUMENT_BYTES = 100_000


def big(n: int = 0) -> Document:
    """A document of about ``DOCUMENT_BYTES``."""
    return {"n": n, "big": "x" * DOCUMENT_BYTES}


def grow(document: Document) -> Change:
    """An action whose response holds the new document, as the service's actions do."""
    new = {**document, "n": document["n"] + 1}
    return Change(new, [{"type": "grow", "n": new["n"]}], {"encounter": new, "n": 1}, "encounter")


def grow_encoded(stored: Stored) -> Change:
    """:func:`grow` as the service writes it: document and response encoded by the action."""
    assert stored.json is not None
    new = {**from_json(stored.json), "n": from_json(stored.json)["n"] + 1}
    document = encode(new)
    body = b'{"outcome":{"n":' + str(new["n"]).encode() + b'},"encounter":' + document + b"}"
    return Change(
        Encoded(document, new),
        [{"type": "grow", "n": new["n"]}],
        Encoded(body, "the value"),
        "encounter",
    )


async def held(client: Client, prefix: str) -> int:
    """Every byte of every key under ``prefix``: strings, list items, hash fields and values,
    sorted-set members."""
    total = 0
    async for name in client.scan_iter(match=f"{prefix}:*", count=1000):
        kind = (await client.type(name)).decode()
        if kind == "string":
            total += await client.strlen(name)
        elif kind == "list":
            total += sum(map(len, await client.lrange(name, 0, -1)))
        elif kind == "hash":
            total += sum(len(k) + len(v) for k, v in (await client.hgetall(name)).items())
        elif kind == "zset":
            total += sum(map(len, await client.zrange(name, 0, -1)))
    return total


async def counted(client: Client, store: SessionStore, tenant: str, session_id: str) -> int:
    """What the session says it holds (what the tenant's byte quota counts)."""
    return int(await client.hget(key(tenant, session_id, "session", prefix=store.prefix), "bytes"))


async def stored(client: Client, prefix: str) -> int:
    """What a session counts of what it holds: its document, events, history, replay log
    and idempotency records (not the marks and refs beside them, a few bytes a version)."""
    total = 0
    async for raw in client.scan_iter(match=f"{prefix}:*", count=1000):
        name = raw.decode()
        part = name.rsplit(":", 1)[1]
        if part == "session":
            total += len(await client.hget(name, "document") or b"")
        elif part in {"events", "history", "steps"}:
            total += sum(map(len, await client.lrange(name, 0, -1)))
        elif ":idempotency:" in name:
            total += await client.strlen(name)
    return total


def same(first: Applied, again: Applied) -> None:
    """``again`` answers what ``first`` answered: session, document, times, events, response."""
    assert again.replayed and not first.replayed
    assert again.session == first.session
    assert again.session.document == first.session.document
    assert again.events == first.events
    response = first.response
    if isinstance(response, Encoded):
        assert again.response == from_json(response.json)
    else:
        assert again.response == response


# --- idempotency records: a reference, not a copy ---------------------------------------------


async def test_a_keyed_write_keeps_at_most_one_and_a_half_documents(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    session = await store.create(tenant, big())
    before = await held(redis_client, store.prefix)
    writes = 10
    for i in range(writes):
        await store.apply(tenant, session.id, grow, idempotency_key=f"k{i}")
    grown = await held(redis_client, store.prefix) - before
    assert grown / writes <= 1.5 * len(encode(big()))
    [record, *_] = [
        name
        async for name in redis_client.scan_iter(match=f"{store.prefix}:*idempotency*", count=1000)
    ]
    assert await redis_client.strlen(record) < 1000


async def test_the_api_s_encoded_answers_are_kept_by_reference_too(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    session = await store.create(tenant, big())
    before = await held(redis_client, store.prefix)
    first = await store.apply_json(tenant, session.id, grow_encoded, idempotency_key="k")
    assert await held(redis_client, store.prefix) - before < 1.5 * len(encode(big()))
    await store.apply_json(tenant, session.id, grow_encoded)
    same(first, await store.apply_json(tenant, session.id, grow_encoded, idempotency_key="k"))


Scenario = Callable[[SessionStore, str, str], Any]


async def _later_writes(store: SessionStore, tenant: str, sid: str) -> None:
    for _ in range(2):
        await store.apply(tenant, sid, grow)


async def _undone(store: SessionStore, tenant: str, sid: str) -> None:
    await store.undo(tenant, sid)  # the keyed version itself is undone: its document leaves


async def _snapshot_undone(store: SessionStore, tenant: str, sid: str) -> None:
    await store.apply(tenant, sid, grow)
    await store.undo(tenant, sid, idempotency_key="u")  # pops the keyed version's snapshot
    await store.apply(tenant, sid, grow)


async def _trimmed(store: SessionStore, tenant: str, sid: str) -> None:
    for _ in range(store.history_limit + 2):  # the keyed version's snapshot is trimmed
        await store.apply(tenant, sid, grow)


SCENARIOS: dict[str, Scenario] = {
    "later writes": _later_writes,
    "undone": _undone,
    "its snapshot undone": _snapshot_undone,
    "trimmed from the history": _trimmed,
}


@pytest.mark.parametrize("scenario", SCENARIOS)
async def test_a_replay_answers_the_first_answer_once_its_version_is_overwritten(
    redis_client: Client, prefix: str, tenant: str, scenario: str
) -> None:
    store = SessionStore(redis_client, prefix=prefix, history_limit=3)
    session = await store.create(tenant, big())
    await store.apply(tenant, session.id, grow)
    first = await store.apply(tenant, session.id, grow, idempotency_key="k")
    await SCENARIOS[scenario](store, tenant, session.id)
    assert (await store.get(tenant, session.id)).version > first.session.version
    same(first, await store.apply(tenant, session.id, grow, idempotency_key="k"))
    # What the session counts is what it holds (a document moved to a record included).
    assert await counted(redis_client, store, tenant, session.id) == await stored(
        redis_client, prefix
    )
    await store.delete(tenant, session.id)
    assert [n async for n in redis_client.scan_iter(match=f"{prefix}:*", count=1000)] == []


# --- what the reading scripts read -------------------------------------------------------------


@pytest.fixture(scope="module")
def own_redis(redis_server_executable: str) -> Iterator[str]:
    """A server of this module's own: its command statistics count only these tests."""
    server = RedisServer(executable=redis_server_executable)
    try:
        server.start()
        yield server.url
    finally:
        server.close()


@pytest.fixture
async def counting(own_redis: str) -> AsyncIterator[redis.asyncio.Redis]:
    client = redis.asyncio.Redis.from_url(own_redis)
    try:
        await client.flushall()
        yield client
    finally:
        await client.aclose()


async def commands(client: redis.asyncio.Redis) -> dict[str, int]:
    """The calls of each command since the last reset (those run by scripts included)."""
    stats = await client.info("commandstats")
    return {name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()}


async def long_session(store: SessionStore, tenant: str) -> str:
    session = await store.create(tenant, big(), steps=True)
    for _ in range(store.history_limit + 5):
        await store.apply(tenant, session.id, logged)
    return session.id


def logged(document: Document) -> Change:
    change = grow(document)
    return Change(change.document, change.events, change.response, change.document_at, {"n": 1})


async def test_a_follower_at_the_current_version_reads_no_document_and_no_list(
    counting: redis.asyncio.Redis, tenant: str
) -> None:
    store = SessionStore(counting, prefix="bounds")
    sid = await long_session(store, tenant)
    current = (await store.get(tenant, sid)).version
    await counting.config_resetstat()
    async with store.follow(tenant, sid, after=current) as follower:
        assert follower.version == current
        assert await follower.next(0.01) is None
    calls = await commands(counting)
    assert "lrange" not in calls and "hget" not in calls and "hgetall" not in calls
    assert calls.get("lindex", 0) <= (store.history_limit + 6).bit_length() + 1  # the search

    # Far behind, each missed version's document is read alone, when it is sent.
    await counting.config_resetstat()
    async with store.follow(tenant, sid, after=current - 3) as follower:
        assert "hget" not in await commands(counting)
        missed = [await follower.next(1) for _ in range(3)]
    assert [m.version for m in missed if isinstance(m, Missed)] == [
        current - 2,
        current - 1,
        current,
    ]
    documents = [m.document for m in missed if isinstance(m, Missed) and m.document is not None]
    assert [from_json(d)["n"] for d in documents] == [current - 3, current - 2, current - 1]
    assert (await commands(counting))["evalsha"] == 1 + 1 + 3  # resume, events, documents


async def test_a_transcript_comes_in_pages_of_bounded_documents(
    counting: redis.asyncio.Redis, tenant: str
) -> None:
    store = SessionStore(counting, prefix="bounds")
    sid = await long_session(store, tenant)
    current = (await store.get(tenant, sid)).version
    pages = [page async for page in store.logs.transcript_pages(tenant, sid)]
    assert [p.first for p in pages] == [1, *(p.last + 1 for p in pages[:-1])]
    assert pages[-1].last == current
    document = len(encode(big()))
    for page in pages:
        assert sum(map(len, page.states.values())) <= max(PAGE_BYTES, document + 100)
    states = {v for p in pages for v in p.states}
    assert states == set(range(current - store.history_limit, current + 1))
    assert [s["version"] for p in pages for s in p.steps] == list(range(1, current + 1))
    assert [e.version for p in pages for e in p.events] == list(range(2, current + 1))
    whole = await store.logs.transcript(tenant, sid)
    assert whole.session.version == current and sorted(whole.snapshots) == sorted(
        states - {current}
    )


async def test_marks_a_process_of_an_earlier_release_did_not_write_are_rebuilt(
    counting: redis.asyncio.Redis, tenant: str
) -> None:
    """A session written without marks (by an earlier release, whose writes keep the
    history as before and know nothing of them) gets them again from its history: every
    snapshot found is the version asked for."""
    store = SessionStore(counting, prefix="bounds", history_limit=4)
    sid = await long_session(store, tenant)

    def name(part: str) -> str:
        return key(tenant, sid, part, prefix="bounds")

    for gone in (False, True):
        if gone:
            await counting.delete(name("marks"))
        else:  # an earlier release's write: push, trim, new version; marks untouched
            version = int(await counting.hget(name("session"), "version"))
            old = await counting.hget(name("session"), "document")
            snapshot = b'{"version":%d,"document":%s}' % (version, old)
            await counting.lpush(name("history"), snapshot)
            await counting.rpop(name("history"))
            new = encode({**from_json(old), "n": version})
            await counting.hset(name("session"), mapping={"version": version + 1, "document": new})
            await counting.rpush(name("steps"), b'{"version":%d,"n":1}' % (version + 1))
        current = (await store.get(tenant, sid)).version
        pages = [page async for page in store.logs.transcript_pages(tenant, sid)]
        found = {v: from_json(d)["n"] for p in pages for v, d in p.states.items()}
        assert found == {v: v - 1 for v in range(current - 4, current + 1)}
        async with store.follow(tenant, sid, after=current - 6) as follower:
            missed = [await follower.next(1) for _ in range(6)]
        documents = [m.document for m in missed if isinstance(m, Missed)]
        assert [None if d is None else from_json(d)["n"] for d in documents] == [
            None,
            *range(current - 5, current),
        ]

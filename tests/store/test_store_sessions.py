"""SessionStore on a real Redis, standalone and cluster (see conftest)."""

from __future__ import annotations

import asyncio
import hashlib
import threading
from typing import Any

import pytest
import redis
import redis.asyncio
import redis.cluster
from redis.asyncio.cluster import RedisCluster

from service.store import (
    Change,
    Client,
    Document,
    IdempotencyInProgress,
    IdempotencyKeyReused,
    InvalidArgument,
    NothingToUndo,
    SessionBusy,
    SessionDamaged,
    SessionNotFound,
    SessionStore,
    SessionUpdate,
    VersionConflict,
    connect,
)
from service.store.keys import key

pytestmark = pytest.mark.timeout(120)


def decrement(document: Document) -> Change:
    counter = document["counter"] - 1
    return Change({**document, "counter": counter}, [{"type": "decrement"}], {"counter": counter})


def setter(value: int, events: int = 1) -> Any:
    def fn(document: Document) -> Change:
        return Change(
            {**document, "n": value},
            [{"type": "set", "n": value, "part": i} for i in range(events)],
            {"n": value},
        )

    return fn


class Counting:
    """An action that counts its calls."""

    def __init__(self, fn: Any = decrement) -> None:
        self.fn = fn
        self.calls = 0

    def __call__(self, document: Document) -> Change:
        self.calls += 1
        result: Change = self.fn(document)
        return result


class Boom(Exception):
    pass


def explode(document: Document) -> Change:
    raise Boom("the engine refused")


# --- create, get, delete, expiry ------------------------------------------------------------


async def test_create_then_get(store: SessionStore, tenant: str) -> None:
    created = await store.create(tenant, {"counter": 3, "name": "é"})
    assert created.version == 1
    assert created.document == {"counter": 3, "name": "é"}
    assert created.created == created.updated
    assert len(created.id) == 22
    assert await store.get(tenant, created.id) == created


async def test_session_ids_are_distinct(store: SessionStore, tenant: str) -> None:
    ids = {(await store.create(tenant, {})).id for _ in range(20)}
    assert len(ids) == 20


async def test_delete(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 1})
    await store.apply(tenant, session.id, decrement)
    await store.delete(tenant, session.id)
    with pytest.raises(SessionNotFound):
        await store.get(tenant, session.id)
    with pytest.raises(SessionNotFound):
        await store.logs.events(tenant, session.id)
    with pytest.raises(SessionNotFound):
        await store.delete(tenant, session.id)
    with pytest.raises(SessionNotFound):
        await store.apply(tenant, session.id, decrement)


@pytest.mark.parametrize("bad", ["", "short", "x" * 65, "../../etc/passwd", "{abc}abcdefghijklmn"])
async def test_malformed_ids_are_not_found(store: SessionStore, tenant: str, bad: str) -> None:
    with pytest.raises(SessionNotFound):
        await store.get(tenant, bad)
    with pytest.raises(SessionNotFound):
        await store.apply(tenant, bad, decrement)
    with pytest.raises(SessionNotFound):
        await store.delete(tenant, bad)


async def test_idle_ttl_is_refreshed_by_writes(
    redis_client: Client, prefix: str, tenant: str
) -> None:
    store = SessionStore(redis_client, prefix=prefix, idle_ttl=1.0)
    session = await store.create(tenant, {"counter": 5})
    await asyncio.sleep(0.6)
    await store.apply(tenant, session.id, decrement)
    await asyncio.sleep(0.6)
    assert (await store.get(tenant, session.id)).version == 2
    for part in ("session", "events", "history"):
        ttl = await redis_client.pttl(key(tenant, session.id, part, prefix=prefix))
        assert 0 < ttl <= 1000
    await asyncio.sleep(1.0)
    with pytest.raises(SessionNotFound):
        await store.get(tenant, session.id)
    assert not await redis_client.exists(key(tenant, session.id, "events", prefix=prefix))


async def test_default_idle_ttl_is_a_day(store: SessionStore, redis_client: Client) -> None:
    session = await store.create("acme", {})
    ttl = await redis_client.pttl(key("acme", session.id, "session", prefix=store.prefix))
    assert 24 * 3600 * 1000 - 60_000 < ttl <= 24 * 3600 * 1000


async def test_tenants_are_isolated(store: SessionStore) -> None:
    session = await store.create("tenant-a", {"counter": 1})
    with pytest.raises(SessionNotFound):
        await store.get("tenant-b", session.id)
    with pytest.raises(SessionNotFound):
        await store.apply("tenant-b", session.id, decrement)
    with pytest.raises(SessionNotFound):
        await store.undo("tenant-b", session.id)
    with pytest.raises(SessionNotFound):
        await store.logs.events("tenant-b", session.id)
    with pytest.raises(SessionNotFound):
        await anext(store.subscribe("tenant-b", session.id))
    with pytest.raises(SessionNotFound):
        await store.delete("tenant-b", session.id)
    assert (await store.get("tenant-a", session.id)).document == {"counter": 1}


# --- compare-and-set ------------------------------------------------------------------------


async def test_apply_writes_a_new_version(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    applied = await store.apply(tenant, session.id, decrement)
    assert applied.session.version == 2
    assert applied.session.document == {"counter": 9}
    assert applied.session.created == session.created
    assert applied.session.updated >= session.updated
    assert applied.response == {"counter": 9}
    assert [(e.index, e.version, e.data) for e in applied.events] == [(0, 2, {"type": "decrement"})]
    assert not applied.replayed
    assert await store.get(tenant, session.id) == applied.session


async def test_two_hundred_concurrent_writers_lose_nothing(
    redis_client: Client, other_client: Client, prefix: str, tenant: str
) -> None:
    """Two stores on separate connection pools, as two processes, 100 writers each.

    The default retry bound holds; the queue is let grow to 100 writers waiting for as long
    as it takes (by default it holds 16, each waiting 5 s at most: see the busy tests).
    """
    stores = [
        SessionStore(client, prefix=prefix, queue_limit=100, queue_timeout=60)
        for client in (redis_client, other_client)
    ]
    session = await stores[0].create(tenant, {"counter": 1000})
    results = await asyncio.gather(
        *(stores[i % 2].apply(tenant, session.id, decrement) for i in range(200))
    )
    store = stores[0]
    final = await store.get(tenant, session.id)
    assert final.document == {"counter": 800}
    assert final.version == 201
    assert sorted(r.session.version for r in results) == list(range(2, 202))
    assert sorted(r.response["counter"] for r in results) == list(range(800, 1000))
    page = await store.logs.events(tenant, session.id, limit=200)
    assert page.total == 200
    assert [e.version for e in page.items] == list(range(2, 202))


async def test_stale_expected_version_conflicts_and_changes_nothing(
    store: SessionStore, tenant: str
) -> None:
    session = await store.create(tenant, {"counter": 10})
    await store.apply(tenant, session.id, decrement, expected_version=1)
    action = Counting()
    with pytest.raises(VersionConflict) as raised:
        await store.apply(tenant, session.id, action, expected_version=1)
    assert raised.value.current_version == 2
    assert action.calls == 0
    current = await store.get(tenant, session.id)
    assert (current.version, current.document) == (2, {"counter": 9})
    assert (await store.logs.events(tenant, session.id)).total == 1


async def test_retries_are_bounded(store: SessionStore, url: str, prefix: str, tenant: str) -> None:
    """Another process writes between every read and write: give up after max_attempts,
    as busy (a request without an expected version was not wrong: it may be retried)."""
    session = await store.create(tenant, {"counter": 10})
    session_key = key(tenant, session.id, "session", prefix=prefix)
    meddler: Any = (
        redis.cluster.RedisCluster.from_url(url.replace("redis+cluster", "redis"))
        if url.startswith("redis+cluster")
        else redis.Redis.from_url(url)
    )
    store = SessionStore(store.redis, prefix=prefix, max_attempts=3)

    def contended(document: Document) -> Change:
        meddler.hincrby(session_key, "version", 1)
        return decrement(document)

    action = Counting(contended)
    try:
        with pytest.raises(SessionBusy) as raised:
            await store.apply(tenant, session.id, action)
    finally:
        meddler.close()
    assert action.calls == 3
    assert raised.value.retry_after == 1
    assert (await store.get(tenant, session.id)).document == {"counter": 10}


async def test_a_failing_action_writes_nothing(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    with pytest.raises(Boom, match="refused"):
        await store.apply(tenant, session.id, explode)
    assert await store.get(tenant, session.id) == session
    assert (await store.logs.events(tenant, session.id)).total == 0
    with pytest.raises(NothingToUndo):
        await store.undo(tenant, session.id)


async def test_an_unencodable_document_writes_nothing(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    with pytest.raises(ValueError):
        await store.apply(tenant, session.id, lambda d: Change({"x": float("nan")}))
    assert await store.get(tenant, session.id) == session


# --- idempotency ----------------------------------------------------------------------------


async def test_same_key_three_times_applies_once(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    action = Counting()
    outcomes = [
        await store.apply(
            tenant, session.id, action, idempotency_key="k1", request_fingerprint="body-1"
        )
        for _ in range(3)
    ]
    assert action.calls == 1
    assert [o.replayed for o in outcomes] == [False, True, True]
    first = outcomes[0]
    for other in outcomes[1:]:
        assert (other.session, other.events, other.response) == (
            first.session,
            first.events,
            first.response,
        )
    assert (await store.get(tenant, session.id)).version == 2


async def test_replay_wins_over_a_stale_expected_version(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    first = await store.apply(
        tenant,
        session.id,
        decrement,
        expected_version=1,
        idempotency_key="k",
        request_fingerprint="f",
    )
    again = await store.apply(
        tenant,
        session.id,
        decrement,
        expected_version=1,
        idempotency_key="k",
        request_fingerprint="f",
    )
    assert again.replayed and again.session == first.session
    with pytest.raises(VersionConflict):
        await store.apply(tenant, session.id, decrement, expected_version=1)


async def test_same_key_other_body_is_rejected(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    await store.apply(tenant, session.id, decrement, idempotency_key="k", request_fingerprint="a")
    action = Counting()
    with pytest.raises(IdempotencyKeyReused):
        await store.apply(tenant, session.id, action, idempotency_key="k", request_fingerprint="b")
    assert action.calls == 0
    assert (await store.get(tenant, session.id)).version == 2


async def test_keys_are_scoped_to_the_session(store: SessionStore, tenant: str) -> None:
    one = await store.create(tenant, {"counter": 10})
    two = await store.create(tenant, {"counter": 20})
    await store.apply(tenant, one.id, decrement, idempotency_key="k", request_fingerprint="a")
    applied = await store.apply(
        tenant, two.id, decrement, idempotency_key="k", request_fingerprint="a"
    )
    assert not applied.replayed and applied.session.document == {"counter": 19}


async def test_a_key_in_progress_answers_in_progress(
    store: SessionStore, url: str, prefix: str, tenant: str
) -> None:
    """A first request, in another thread and event loop, holds the key while it runs."""
    session = await store.create(tenant, {"counter": 10})
    entered, leave = threading.Event(), threading.Event()

    def slow(document: Document) -> Change:
        entered.set()
        leave.wait(10)
        return decrement(document)

    async def first_request() -> Any:
        client = connect(url)
        try:
            other = SessionStore(client, prefix=prefix, timeout=15)
            return await other.apply(
                tenant, session.id, slow, idempotency_key="k", request_fingerprint="f"
            )
        finally:
            await client.aclose()

    first = asyncio.ensure_future(asyncio.to_thread(asyncio.run, first_request()))
    try:
        assert await asyncio.to_thread(entered.wait, 10)
        action = Counting()
        with pytest.raises(IdempotencyInProgress):
            await store.apply(
                tenant, session.id, action, idempotency_key="k", request_fingerprint="f"
            )
        with pytest.raises(IdempotencyKeyReused):
            await store.apply(
                tenant, session.id, action, idempotency_key="k", request_fingerprint="g"
            )
        assert action.calls == 0
    finally:
        leave.set()
        done = await first
    replay = await store.apply(
        tenant, session.id, decrement, idempotency_key="k", request_fingerprint="f"
    )
    assert replay.replayed and replay.session == done.session and replay.response == {"counter": 9}


async def test_a_failed_request_releases_its_key(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    with pytest.raises(Boom):
        await store.apply(tenant, session.id, explode, idempotency_key="k", request_fingerprint="f")
    assert (await store.get(tenant, session.id)).version == 1
    applied = await store.apply(
        tenant, session.id, decrement, idempotency_key="k", request_fingerprint="f"
    )
    assert not applied.replayed and applied.session.version == 2


async def test_a_conflicting_request_releases_its_key(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    with pytest.raises(VersionConflict):
        await store.apply(tenant, session.id, decrement, expected_version=7, idempotency_key="k")
    applied = await store.apply(tenant, session.id, decrement, idempotency_key="k")
    assert not applied.replayed


async def test_idempotency_keys_last_a_day(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    session = await store.create(tenant, {"counter": 10})
    await store.apply(tenant, session.id, decrement, idempotency_key="k")
    keys = [k async for k in redis_client.scan_iter(match=f"{store.prefix}:*idempotency*")]
    assert len(keys) == 1
    ttl = await redis_client.pttl(keys[0])
    assert 24 * 3600 * 1000 - 60_000 < ttl <= 24 * 3600 * 1000


@pytest.mark.parametrize("bad", ["", "x" * 256])
async def test_idempotency_keys_are_checked(store: SessionStore, tenant: str, bad: str) -> None:
    session = await store.create(tenant, {"counter": 10})
    with pytest.raises(InvalidArgument):
        await store.apply(tenant, session.id, decrement, idempotency_key=bad)


async def test_idempotent_create(store: SessionStore, tenant: str) -> None:
    first = await store.create(tenant, {"counter": 1}, idempotency_key="c", request_fingerprint="f")
    again = await store.create(tenant, {"counter": 1}, idempotency_key="c", request_fingerprint="f")
    assert again == first
    with pytest.raises(IdempotencyKeyReused):
        await store.create(tenant, {"counter": 2}, idempotency_key="c", request_fingerprint="g")
    other = await store.create(tenant, {"counter": 1}, idempotency_key="d", request_fingerprint="f")
    assert other.id != first.id


@pytest.mark.parametrize(
    "record",
    [
        b"{not json",
        b'{"state": "done", "fingerprint": "f"}',
        b'{"state": "done", "fingerprint": "f", "id": 7}',
    ],
    ids=["not JSON", "no session", "an id that is no string"],
)
async def test_a_damaged_creation_record_is_said_so_and_creates_nothing(
    store: SessionStore, redis_client: Client, tenant: str, record: bytes
) -> None:
    """A retried creation whose idempotency record is not one the store writes is refused
    as damaged (502 session-damaged at the doors), not answered with another session."""
    await store.create(tenant, {"counter": 1}, idempotency_key="c", request_fingerprint="f")
    digest = hashlib.sha256(b"c").hexdigest()
    name = key(tenant, f"new.{digest[:32]}", f"idempotency:{digest}", prefix=store.prefix)
    assert await redis_client.exists(name)
    await redis_client.set(name, record)
    with pytest.raises(SessionDamaged) as damaged:
        await store.create(tenant, {"counter": 1}, idempotency_key="c", request_fingerprint="f")
    assert damaged.value.part == "record"


# --- events and undo ------------------------------------------------------------------------


async def test_events_page_through_the_log(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"n": 0})
    for value in range(1, 6):
        await store.apply(tenant, session.id, setter(value, events=2))
    pages = []
    offset: int | None = 0
    while offset is not None:
        page = await store.logs.events(tenant, session.id, offset=offset, limit=4)
        assert (page.offset, page.limit, page.total) == (offset, 4, 10)
        pages.append(page)
        offset = page.next_offset
    assert [p.next_offset for p in pages] == [4, 8, None]
    items = [e for p in pages for e in p.items]
    assert [e.index for e in items] == list(range(10))
    assert [e.version for e in items] == [2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert items[5].data == {"type": "set", "n": 3, "part": 1}
    beyond = await store.logs.events(tenant, session.id, offset=50)
    assert (beyond.items, beyond.total, beyond.next_offset) == ([], 10, None)


@pytest.mark.parametrize(("offset", "limit"), [(-1, 10), (0, 0), (0, 201), (0, -5)])
async def test_events_reject_bad_pages(
    store: SessionStore, tenant: str, offset: int, limit: int
) -> None:
    session = await store.create(tenant, {})
    with pytest.raises(InvalidArgument, match=r"offset|limit") as raised:
        await store.logs.events(tenant, session.id, offset=offset, limit=limit)
    assert isinstance(raised.value, ValueError)


async def test_undo_twice(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"n": 0})
    await store.apply(tenant, session.id, setter(1))
    await store.apply(tenant, session.id, setter(2))

    first = await store.undo(tenant, session.id)
    assert (first.session.version, first.session.document) == (4, {"n": 1})
    undo = {"type": "undo", "revertedVersion": 3, "restoredVersion": 2}
    assert first.response == undo
    assert [(e.index, e.version, e.data) for e in first.events] == [(2, 4, undo)]

    second = await store.undo(tenant, session.id, expected_version=4)
    assert (second.session.version, second.session.document) == (5, {"n": 0})
    assert second.response == {"type": "undo", "revertedVersion": 2, "restoredVersion": 1}

    with pytest.raises(NothingToUndo):
        await store.undo(tenant, session.id)
    with pytest.raises(VersionConflict):
        await store.undo(tenant, session.id, expected_version=4)

    log = await store.logs.events(tenant, session.id)
    assert [e.version for e in log.items] == [2, 3, 4, 5]
    assert [e.data["type"] for e in log.items] == ["set", "set", "undo", "undo"]

    await store.apply(tenant, session.id, setter(7))
    third = await store.undo(tenant, session.id)
    assert third.session.document == {"n": 0}
    assert third.response == {"type": "undo", "revertedVersion": 6, "restoredVersion": 5}


async def test_undo_history_is_bounded(redis_client: Client, prefix: str, tenant: str) -> None:
    store = SessionStore(redis_client, prefix=prefix, history_limit=3)
    session = await store.create(tenant, {"n": 0})
    for value in range(1, 6):
        await store.apply(tenant, session.id, setter(value))
    documents = [(await store.undo(tenant, session.id)).session.document for _ in range(3)]
    assert documents == [{"n": 4}, {"n": 3}, {"n": 2}]
    with pytest.raises(NothingToUndo):
        await store.undo(tenant, session.id)


async def test_idempotent_undo(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"n": 0})
    await store.apply(tenant, session.id, setter(1))
    await store.apply(tenant, session.id, setter(2))
    first = await store.undo(tenant, session.id, idempotency_key="u", request_fingerprint="f")
    again = await store.undo(tenant, session.id, idempotency_key="u", request_fingerprint="f")
    assert again.replayed and again.session == first.session
    assert (await store.get(tenant, session.id)).document == {"n": 1}


# --- live updates ---------------------------------------------------------------------------


async def _subscribed(client: Client, channel: str) -> None:
    """Wait until some node of the server has a subscriber on ``channel``."""
    async with asyncio.timeout(10):
        while True:
            if isinstance(client, RedisCluster):
                await client.initialize()
                answers = [
                    await client.pubsub_numsub(channel, target_nodes=node)
                    for node in client.get_nodes()
                ]
            else:
                answers = [await client.pubsub_numsub(channel)]
            if any(count for answer in answers for _, count in answer):
                return
            await asyncio.sleep(0.02)


async def test_a_subscriber_sees_writes_from_another_client(
    store: SessionStore, other_store: SessionStore, redis_client: Client, tenant: str
) -> None:
    session = await store.create(tenant, {"counter": 3})
    updates = store.subscribe(tenant, session.id)
    received: list[SessionUpdate] = []

    async def listen() -> None:
        async for update in updates:
            received.append(update)

    listener = asyncio.create_task(listen())
    try:
        await _subscribed(redis_client, key(tenant, session.id, "updates", prefix=store.prefix))
        await other_store.apply(tenant, session.id, decrement)
        await other_store.apply(tenant, session.id, decrement)
        await other_store.undo(tenant, session.id)
        await other_store.delete(tenant, session.id)
        async with asyncio.timeout(10):
            await listener
    finally:
        listener.cancel()
    assert [(u.session.version, u.session.document) for u in received] == [
        (2, {"counter": 2}),
        (3, {"counter": 1}),
        (4, {"counter": 2}),
    ]
    assert all(u.session.id == session.id for u in received)
    assert [[e.data["type"] for e in u.events] for u in received] == [
        ["decrement"],
        ["decrement"],
        ["undo"],
    ]
    assert received[1].events[0].index == 1


async def test_subscribing_to_a_missing_session(store: SessionStore, tenant: str) -> None:
    with pytest.raises(SessionNotFound):
        await anext(store.subscribe(tenant, "A" * 22))


async def test_a_client_that_decodes_responses(redis_url: str, prefix: str, tenant: str) -> None:
    if "+cluster" in redis_url:
        pytest.skip("REDIS_URL is a cluster; the cluster runs cover that client")
    client = redis.asyncio.Redis.from_url(redis_url, decode_responses=True)
    try:
        store = SessionStore(client, prefix=prefix)
        session = await store.create(tenant, {"counter": 2})
        await store.apply(tenant, session.id, decrement, idempotency_key="k")
        replay = await store.apply(tenant, session.id, decrement, idempotency_key="k")
        assert replay.replayed and replay.session.document == {"counter": 1}
        assert (await store.undo(tenant, session.id)).session.document == {"counter": 2}
        assert [e.version for e in (await store.logs.events(tenant, session.id)).items] == [2, 3]
        await store.delete(tenant, session.id)
        assert [k async for k in client.scan_iter(match=f"{prefix}:*")] == []
    finally:
        await client.aclose()


# --- health ---------------------------------------------------------------------------------


async def test_ping(store: SessionStore) -> None:
    assert await store.ping() is True

"""What one tenant, one session or one request can make the store hold or wait for, on a
real Redis (standalone and cluster, see conftest): small idempotency records that end with
their session, per-tenant quotas of sessions and bytes, a bounded write queue per session,
and live updates of many sessions over one pub/sub connection."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest
from pydantic_core import from_json
from redis.asyncio.cluster import RedisCluster

from service.store import (
    Change,
    Client,
    Document,
    Gone,
    Missed,
    QuotaExceeded,
    SessionBusy,
    SessionDamaged,
    SessionNotFound,
    SessionStore,
    SessionUpdate,
    StoreUnavailable,
    _lua,
    connect,
)
from service.store.keys import key

pytestmark = pytest.mark.timeout(120)

BIG = "x" * 100_000
"""A 100 kB string: a document holding it is a "large session"."""


def grow(document: Document) -> Change:
    """An action whose response holds the new document, as the service's actions do."""
    new = {**document, "n": document.get("n", 0) + 1}
    return Change(new, [{"type": "grow", "n": new["n"]}], {"encounter": new}, "encounter")


async def keys_of(client: Client, prefix: str) -> list[str]:
    found = [k async for k in client.scan_iter(match=f"{prefix}:*", count=1000)]
    return sorted(k.decode() if isinstance(k, bytes) else k for k in found)


async def stored_bytes(client: Client, store: SessionStore, tenant: str, session_id: str) -> int:
    """What the session really holds in Redis: document, events, history, replay log, its
    records."""

    def name(part: str) -> str:
        return key(tenant, session_id, part, prefix=store.prefix)

    total = len(await client.hget(name("session"), "document") or b"")
    for part in ("events", "history", "steps"):
        total += sum(len(item) for item in await client.lrange(name(part), 0, -1))
    for member in await client.zrange(name("records"), 0, -1):
        digest = (member.decode() if isinstance(member, bytes) else member).split(":", 1)[1]
        total += await client.strlen(name(f"idempotency:{digest}"))
    return total


# --- idempotency records ---------------------------------------------------------------------


async def test_a_record_names_its_version_and_keeps_no_copy_of_the_document(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    session = await store.create(tenant, {"big": BIG})
    await store.apply(tenant, session.id, grow, idempotency_key="k", request_fingerprint="f")
    [record] = [k for k in await keys_of(redis_client, store.prefix) if ":idempotency:" in k]
    size = await redis_client.strlen(record)
    assert size < 1000  # the response without its encounter: that is the version's

    replay = await store.apply(
        tenant, session.id, grow, idempotency_key="k", request_fingerprint="f"
    )
    assert replay.replayed
    assert replay.session.version == 2
    assert replay.session.document == {"big": BIG, "n": 1}
    assert replay.response == {"encounter": {"big": BIG, "n": 1}}
    assert [(e.index, e.version, e.data) for e in replay.events] == [
        (0, 2, {"type": "grow", "n": 1})
    ]


async def test_a_response_without_the_document_keeps_it_in_the_record(
    store: SessionStore, tenant: str
) -> None:
    def tick(document: Document) -> Change:
        return Change({**document, "n": 1}, [], {"ok": True})

    session = await store.create(tenant, {"n": 0})
    await store.apply(tenant, session.id, tick, idempotency_key="k")
    await store.apply(tenant, session.id, grow)
    replay = await store.apply(tenant, session.id, tick, idempotency_key="k")
    assert replay.replayed and replay.session.version == 2
    assert replay.session.document == {"n": 1} and replay.response == {"ok": True}


async def test_delete_removes_the_session_with_every_record(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    session = await store.create(tenant, {"n": 0}, idempotency_key="new", request_fingerprint="c")
    for i in range(3):
        await store.apply(tenant, session.id, grow, idempotency_key=f"k{i}")
    await store.undo(tenant, session.id, idempotency_key="u")
    assert len([k for k in await keys_of(redis_client, store.prefix) if "idempotency" in k]) == 5
    await store.delete(tenant, session.id)
    assert await keys_of(redis_client, store.prefix) == []


async def test_a_creation_replayed_after_delete_creates_a_new_session(
    store: SessionStore, tenant: str
) -> None:
    first = await store.create(tenant, {"n": 0}, idempotency_key="c", request_fingerprint="f")
    await store.apply(tenant, first.id, grow)
    again = await store.create(tenant, {"n": 0}, idempotency_key="c", request_fingerprint="f")
    assert (again.id, again.version) == (first.id, 2)  # the session it created, as it is now

    await store.delete(tenant, first.id)
    fresh = await store.create(tenant, {"n": 0}, idempotency_key="c", request_fingerprint="f")
    assert fresh.id != first.id and fresh.version == 1
    assert (await store.get(tenant, fresh.id)).document == {"n": 0}
    with pytest.raises(SessionNotFound):
        await store.get(tenant, first.id)


async def test_a_creation_record_left_by_an_expired_session_is_stale(
    redis_client: Client, prefix: str, tenant: str
) -> None:
    """The creation's record lives apart from the session; when the session is gone by
    expiry (no delete ran), a retry of the creation creates a new one."""
    store = SessionStore(redis_client, prefix=prefix)
    first = await store.create(tenant, {"n": 0}, idempotency_key="c", request_fingerprint="f")
    await redis_client.delete(key(tenant, first.id, "session", prefix=prefix))
    fresh = await store.create(tenant, {"n": 0}, idempotency_key="c", request_fingerprint="f")
    assert fresh.id != first.id


async def test_the_session_knows_what_it_holds(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    """``bytes`` of a session follows its writes exactly: history pushed and trimmed, undo,
    events, records; it is what the tenant quota counts."""
    small = SessionStore(redis_client, prefix=store.prefix, history_limit=3)
    session = await small.create(tenant, {"big": BIG[:5000]})
    for i in range(5):
        await small.apply(tenant, session.id, grow, idempotency_key=f"k{i}")
    await small.undo(tenant, session.id)
    await small.apply(tenant, session.id, grow)
    name = key(tenant, session.id, "session", prefix=store.prefix)
    assert int(await redis_client.hget(name, "bytes")) == await stored_bytes(
        redis_client, store, tenant, session.id
    )


async def test_the_replay_log_counts_in_what_the_session_holds(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    """A session created with a replay log keeps one step per version (its first document
    again, each action's record, each undo), all counted in ``bytes``; delete ends it."""

    def logged(document: Document) -> Change:
        change = grow(document)
        return Change(change.document, change.events, change.response, change.document_at, {"n": 1})

    session = await store.create(tenant, {"big": BIG[:5000]}, steps=True)
    for _ in range(3):
        await store.apply(tenant, session.id, logged)
    await store.undo(tenant, session.id, log_step=True)
    page = await store.logs.steps(tenant, session.id, offset=0, limit=50)
    assert page.total == 5 and page.next_offset is None
    assert page.items[0] == {"version": 1, "document": {"big": BIG[:5000]}}
    assert page.items[1:] == [
        {"version": 2, "n": 1},
        {"version": 3, "n": 1},
        {"version": 4, "n": 1},
        {"version": 5, "undo": 3},
    ]
    name = key(tenant, session.id, "session", prefix=store.prefix)
    assert int(await redis_client.hget(name, "bytes")) == await stored_bytes(
        redis_client, store, tenant, session.id
    )
    transcript = await store.logs.transcript(tenant, session.id)
    assert transcript.session.version == 5 and len(transcript.steps) == 5
    assert sorted(transcript.snapshots) == [1, 2]
    assert [e.version for e in transcript.events] == [2, 3, 4, 5]
    await store.delete(tenant, session.id)
    assert await keys_of(redis_client, store.prefix) == []


# --- quotas -----------------------------------------------------------------------------------


async def test_a_tenant_at_its_session_quota_is_refused_until_one_is_deleted(
    redis_client: Client, prefix: str
) -> None:
    store = SessionStore(redis_client, prefix=prefix, max_sessions=2)
    one = await store.create("acme", {"n": 0})
    await store.create("acme", {"n": 0})
    with pytest.raises(QuotaExceeded) as raised:
        await store.create("acme", {"n": 0})
    assert (raised.value.quota, raised.value.limit) == ("sessions", 2)
    await store.create("other", {"n": 0})  # another tenant has its own quota
    await store.delete("acme", one.id)
    await store.create("acme", {"n": 0})


async def test_expired_sessions_leave_the_quota(redis_client: Client, prefix: str) -> None:
    store = SessionStore(redis_client, prefix=prefix, max_sessions=1, idle_ttl=0.3)
    await store.create("acme", {"n": 0})
    with pytest.raises(QuotaExceeded):
        await store.create("acme", {"n": 0})
    await asyncio.sleep(0.5)
    await store.create("acme", {"n": 0})


async def test_a_write_is_one_round_trip_on_standalone_redis_and_two_on_cluster(
    redis_client: Client, prefix: str
) -> None:
    """The quota's charge and the compare-and-set go in one script where Redis allows it
    (issue 27): a write sends one script after its read (none when this process holds the
    version: the service's writes), on Cluster two (the ledger is in another hash slot)."""
    store = SessionStore(redis_client, prefix=prefix, max_bytes=10_000_000)
    session = await store.create("acme", {"n": 0})
    await store.apply("acme", session.id, grow)
    sent: list[str] = []
    execute = redis_client.execute_command

    async def counted(*args: Any, **options: Any) -> Any:
        if str(args[0]).upper() == "EVALSHA" and args[1] != _lua.READ.sha:
            sent.append(args[1])
        return await execute(*args, **options)

    redis_client.execute_command = counted  # type: ignore[method-assign]
    try:
        written = await store.apply("acme", session.id, grow)
    finally:
        del redis_client.execute_command
    assert written.session.version == 3
    if isinstance(redis_client, RedisCluster):
        assert sent == [_lua.LEDGER.sha, _lua.WRITE.sha]
    else:
        assert sent == [_lua.CHARGED_WRITE.sha]
    assert (await store.get("acme", session.id)).document == {"n": 2}
    listed = await store.sessions("acme")
    assert [(s.id, s.version) for s in listed.items] == [(session.id, 3)]


async def test_a_write_past_the_tenants_bytes_is_refused_and_writes_nothing(
    redis_client: Client, prefix: str
) -> None:
    store = SessionStore(redis_client, prefix=prefix, max_bytes=250_000)
    session = await store.create("acme", {"big": BIG})
    # A keyed write keeps one more copy (the undo snapshot; its record names the version):
    # about 200 kB, and the next one would be 300 kB.
    await store.apply("acme", session.id, grow, idempotency_key="1")
    with pytest.raises(QuotaExceeded) as raised:
        await store.apply("acme", session.id, grow, idempotency_key="2")
    assert (raised.value.quota, raised.value.limit) == ("bytes", 250_000)
    assert (await store.get("acme", session.id)).version == 2
    retried = await store.apply("acme", session.id, grow, idempotency_key="1")
    assert retried.replayed
    with pytest.raises(QuotaExceeded):
        await store.create("acme", {"big": BIG})
    await store.create("other", {"big": BIG})

    await store.delete("acme", session.id)
    again = await store.create("acme", {"big": BIG})
    await store.apply("acme", again.id, grow)


# --- the write queue -----------------------------------------------------------------------


class Gate:
    """An async action that waits for the test to open it."""

    def __init__(self) -> None:
        self.entered = asyncio.Event()
        self.opened = asyncio.Event()

    async def __call__(self, document: Document) -> Change:
        self.entered.set()
        await self.opened.wait()
        return grow(document)


async def test_a_full_queue_answers_busy_at_once_and_the_rest_are_applied(
    redis_client: Client, prefix: str, tenant: str
) -> None:
    store = SessionStore(redis_client, prefix=prefix, queue_limit=2, queue_timeout=60)
    session = await store.create(tenant, {"n": 0})
    gate = Gate()
    holder = asyncio.create_task(store.apply(tenant, session.id, gate))
    await gate.entered.wait()
    waiting = [asyncio.create_task(store.apply(tenant, session.id, grow)) for _ in range(2)]
    await asyncio.sleep(0)
    for _ in range(3):
        with pytest.raises(SessionBusy) as raised:
            await store.apply(tenant, session.id, grow)
        assert raised.value.retry_after == 1
    gate.opened.set()
    results = await asyncio.gather(holder, *waiting)
    assert sorted(r.session.version for r in results) == [2, 3, 4]
    assert (await store.get(tenant, session.id)).document == {"n": 3}
    # The queue is per session: another session of the tenant was never affected.
    other = await store.create(tenant, {"n": 0})
    assert (await store.apply(tenant, other.id, grow)).session.version == 2


async def test_a_long_wait_for_a_turn_is_busy_not_unavailable(
    redis_client: Client, prefix: str, tenant: str
) -> None:
    store = SessionStore(redis_client, prefix=prefix, queue_timeout=0.2)
    session = await store.create(tenant, {"n": 0})
    gate = Gate()
    holder = asyncio.create_task(store.apply(tenant, session.id, gate))
    await gate.entered.wait()
    with pytest.raises(SessionBusy):
        await store.apply(tenant, session.id, grow, idempotency_key="k")
    gate.opened.set()
    await holder
    # The refused request released its idempotency key: its retry is applied.
    retried = await store.apply(tenant, session.id, grow, idempotency_key="k")
    assert not retried.replayed and retried.session.version == 3


async def test_an_async_action(store: SessionStore, tenant: str) -> None:
    async def later(document: Document) -> Change:
        await asyncio.sleep(0)
        return grow(document)

    session = await store.create(tenant, {"n": 0})
    assert (await store.apply(tenant, session.id, later)).session.document == {"n": 1}


# --- live updates over one connection ----------------------------------------------------------


async def pubsub_connections(client: Client) -> int:
    if isinstance(client, RedisCluster):
        listed = await client.client_list(client_type="pubsub", target_nodes=client.ALL_NODES)
        return sum(len(node) for node in listed.values())
    return len(await client.client_list(_type="pubsub"))


async def until_live(
    store: SessionStore, count: int, pending: Sequence[asyncio.Future[Any]] = ()
) -> None:
    """Wait until ``count`` subscriptions of the store are confirmed by Redis, as long as more
    are confirmed every 30 s (a loaded machine confirms them slowly, a stuck hub not at all);
    a subscription of ``pending`` that failed raises its error."""
    loop = asyncio.get_running_loop()
    seen, since = -1, loop.time()
    while store._hub.live < count:
        for future in pending:
            if future.done() and not future.cancelled() and future.exception() is not None:
                raise AssertionError("a subscription failed") from future.exception()
        if store._hub.live != seen:
            seen, since = store._hub.live, loop.time()
        elif loop.time() - since > 30:
            raise TimeoutError(f"{seen} of {count} subscriptions live, no more for 30 s")
        await asyncio.sleep(0.02)


async def first(updates: AsyncIterator[Any]) -> Any:
    async with asyncio.timeout(20):
        return await anext(updates)


def version_of(update: SessionUpdate | Missed) -> int:
    """The version an update brings: live, or missed (written while its subscription opened:
    a subscription counts from the version current when it was asked for)."""
    return update.version if isinstance(update, Missed) else update.session.version


@pytest.fixture
async def own_redis(redis_server_executable: str) -> AsyncIterator[Client]:
    """A Redis of this test's own: nothing else holds pub/sub connections on it."""
    from service.store import RedisServer

    with RedisServer(executable=redis_server_executable) as server:
        client = connect(server.url)
        try:
            yield client
        finally:
            await client.aclose()


async def test_many_subscriptions_share_one_connection(own_redis: Client) -> None:
    # 300 subscriptions opening at once each read the session first: on a loaded machine
    # one of those reads may take more than the default 2 s, which is not what this tests.
    store = SessionStore(own_redis, prefix="hub", max_subscriptions=300, timeout=20.0)
    sessions = [await store.create("acme", {"n": 0}) for _ in range(300)]
    streams = [store.subscribe("acme", s.id) for s in sessions]
    pending = [asyncio.ensure_future(anext(stream)) for stream in streams]
    other = await store.create("globex", {"n": 0})
    theirs = store.subscribe("globex", other.id)
    try:
        await until_live(store, 300, pending)
        assert await pubsub_connections(own_redis) == 1

        with pytest.raises(QuotaExceeded) as raised:
            await anext(store.subscribe("acme", sessions[0].id))
        assert raised.value.quota == "subscriptions"
        listening = asyncio.ensure_future(first(theirs))
        await until_live(store, 301)
        await store.apply("globex", other.id, grow)
        assert version_of(await listening) == 2

        for s in sessions[:10]:
            await store.apply("acme", s.id, grow)
        done = [await asyncio.wait_for(p, 20) for p in pending[:10]]
        assert [version_of(u) for u in done] == [2] * 10
    finally:
        for p in pending:
            p.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for stream in streams:
            await stream.aclose()
        await theirs.aclose()
    assert store._hub.subscriptions == 0
    await store.aclose()


async def test_two_subscriptions_of_one_session_and_a_late_one(
    store: SessionStore, tenant: str
) -> None:
    session = await store.create(tenant, {"n": 0})
    a, b = store.subscribe(tenant, session.id), store.subscribe(tenant, session.id)
    got_a, got_b = asyncio.ensure_future(first(a)), asyncio.ensure_future(first(b))
    try:
        await until_live(store, 2)
        await store.apply(tenant, session.id, grow)
        assert version_of(await got_a) == version_of(await got_b) == 2
        await a.aclose()
        late = store.subscribe(tenant, session.id)
        got_late = asyncio.ensure_future(first(late))
        await until_live(store, 2)
        await store.apply(tenant, session.id, grow)
        assert version_of(await got_late) == 3
        assert version_of(await first(b)) == 3
        await late.aclose()
    finally:
        await b.aclose()
        await store.aclose()


async def test_a_version_written_while_a_subscription_opens_comes_as_missed(
    store: SessionStore, other_store: SessionStore, tenant: str
) -> None:
    """A subscription counts from the version current when it was asked for: one written (by
    another process) before Redis confirmed the subscription is neither lost nor skipped."""
    session = await store.create(tenant, {"n": 0})
    join = store._hub.join

    async def join_after_a_write(tenant: str, channel: str) -> Any:
        await other_store.apply(tenant, session.id, grow)
        return await join(tenant, channel)

    store._hub.join = join_after_a_write  # type: ignore[method-assign]
    updates = store.subscribe(tenant, session.id)
    try:
        missed = await first(updates)
        assert isinstance(missed, Missed) and missed.version == 2
        assert [e.data for e in missed.events] == [{"type": "grow", "n": 1}]
        store._hub.join = join  # type: ignore[method-assign]
        waiting = asyncio.ensure_future(first(updates))
        await store.apply(tenant, session.id, grow)
        live = await waiting
        assert isinstance(live, SessionUpdate) and live.session.version == 3
    finally:
        await updates.aclose()
        await store.aclose()
        await other_store.aclose()


async def test_subscribing_again_right_after_the_last_one_left(
    store: SessionStore, tenant: str
) -> None:
    """The last subscriber's UNSUBSCRIBE is still on its way when a new one joins: the new
    one subscribes after it, and is served."""
    session = await store.create(tenant, {"n": 0})
    for version in range(2, 6):
        updates = store.subscribe(tenant, session.id)
        pending = asyncio.ensure_future(first(updates))
        await until_live(store, 1)
        await store.apply(tenant, session.id, grow)
        assert version_of(await pending) == version
        await updates.aclose()
    await store.aclose()


async def test_a_subscriber_too_far_behind_is_told_so(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"n": 0})
    slow, brisk = store.subscribe(tenant, session.id), store.subscribe(tenant, session.id)
    got = asyncio.ensure_future(first(slow))
    seen: list[int] = []

    async def follow() -> None:
        async for update in brisk:
            seen.append(version_of(update))

    follower = asyncio.create_task(follow())
    try:
        await until_live(store, 2)
        await store.apply(tenant, session.id, grow)
        await got  # the slow one read one update, then reads nothing more
        for _ in range(100):
            await store.apply(tenant, session.id, grow)
        with pytest.raises(StoreUnavailable, match="behind"):
            async with asyncio.timeout(20):
                while True:
                    await anext(slow)
        async with asyncio.timeout(20):
            while len(seen) < 101:
                await asyncio.sleep(0.02)
        assert seen == list(range(2, 103))
    finally:
        follower.cancel()
        await asyncio.gather(follower, return_exceptions=True)
        await slow.aclose()
        await brisk.aclose()
        await store.aclose()


async def test_a_follower_gets_what_it_missed_then_live_then_gone(
    store: SessionStore, tenant: str
) -> None:
    """``follow(after=v)``: the versions after ``v`` from the log (with their documents
    where the session keeps them: the undo history's and the current one), each version
    once, then the live ones, then the deletion."""
    session = await store.create(tenant, {"n": 0})
    for _ in range(4):
        await store.apply(tenant, session.id, grow)
    await store.undo(tenant, session.id)  # version 6 has version 4's document again
    try:
        async with store.follow(tenant, session.id, after=2) as follower:
            three = await follower.next(1)
            assert isinstance(three, Missed) and three.version == 3
            assert from_json(three.document or b"") == {"n": 2}
            assert [e.data for e in three.events] == [{"type": "grow", "n": 2}]
            four = await follower.next(1)  # its snapshot left the history with the undo
            assert isinstance(four, Missed) and four.version == 4 and four.document is None
            five = await follower.next(1)  # undone before anything was written on it
            assert isinstance(five, Missed) and five.version == 5 and five.document is None
            six = await follower.next(1)
            assert isinstance(six, Missed) and six.version == 6
            assert from_json(six.document or b"") == {"n": 3}
            assert await follower.next(0.2) is None
            await store.apply(tenant, session.id, grow)
            seven = await follower.next(5)
            assert isinstance(seven, SessionUpdate) and seven.session.version == 7
            assert store._hub.subscriptions == 1
            await store.delete(tenant, session.id)
            assert isinstance(await follower.next(5), Gone)
        assert store._hub.subscriptions == 0
        with pytest.raises(SessionNotFound):
            async with store.follow(tenant, session.id, after=0):
                pass
        assert store._hub.subscriptions == 0
    finally:
        await store.aclose()


async def test_a_follower_too_far_behind_is_told_so(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"n": 0})
    try:
        async with store.follow(tenant, session.id) as follower:
            await until_live(store, 1)
            for _ in range(70):
                await store.apply(tenant, session.id, grow)
            # Let every update arrive before reading (through a cluster they may lag the
            # writes, and a reader draining them as they come would never fall behind).
            queue = follower._subscriber.queue
            async with asyncio.timeout(20):
                while True:
                    seen = queue.qsize()
                    await asyncio.sleep(0.2)
                    if queue.qsize() == seen:
                        break
            with pytest.raises(StoreUnavailable, match="behind"):
                async with asyncio.timeout(20):
                    while True:
                        await follower.next(1)
    finally:
        await store.aclose()


@pytest.mark.parametrize(
    "message",
    [b"{not json", b"[1]", b'{"session": {"id": "x"}}', b'{"session": 1, "events": []}'],
    ids=["not JSON", "not an object", "no events", "no session"],
)
async def test_a_message_on_the_channel_that_is_no_update_ends_following(
    store: SessionStore, redis_client: Client, tenant: str, message: bytes
) -> None:
    """Something other than the store publishes on a session's channel: a follower and a
    subscriber are told versions may have been missed (StoreUnavailable: follow again,
    after the last), and a later write reaches a new follower as ever."""
    session = await store.create(tenant, {"n": 0})
    channel = key(tenant, session.id, "updates", prefix=store.prefix)
    try:
        async with store.follow(tenant, session.id) as follower:
            updates = store.subscribe(tenant, session.id)
            waiting = asyncio.ensure_future(anext(updates))
            await until_live(store, 2)
            await redis_client.publish(channel, message)
            with pytest.raises(StoreUnavailable, match="not an update"):
                await follower.next(20)
            with pytest.raises(StoreUnavailable, match="not an update"):
                async with asyncio.timeout(20):
                    await waiting
        async with store.follow(tenant, session.id) as follower:
            await until_live(store, 1)
            await store.apply(tenant, session.id, grow)
            update = await follower.next(20)
            assert isinstance(update, SessionUpdate) and update.session.version == 2
    finally:
        await store.aclose()


async def test_an_event_naming_no_version_is_damage_in_the_scripts_too(
    store: SessionStore, redis_client: Client, tenant: str
) -> None:
    """The scripts that search the event log by version (a replay's pages, a resume) say
    a session whose events name no version is damaged (502 session-damaged at the doors),
    as the store's own decoding does, not a script error (503); an event spelt with spaces
    is read as any other."""
    session = await store.create(tenant, {"n": 0})
    for _ in range(3):
        await store.apply(tenant, session.id, grow)
    events = key(tenant, session.id, "events", prefix=store.prefix)
    spaced = b'{"index": 0, "version": 2, "data": {"type": "grow", "n": 1}}'
    await redis_client.lset(events, 0, spaced)
    pages = [page async for page in store.logs.transcript_pages(tenant, session.id)]
    assert [e.version for p in pages for e in p.events] == [2, 3, 4]
    for i in range(await redis_client.llen(events)):
        await redis_client.lset(events, i, b'{"index": %d, "data": {}}' % i)
    try:
        with pytest.raises(SessionDamaged) as damaged:
            _ = [page async for page in store.logs.transcript_pages(tenant, session.id)]
        assert (damaged.value.session_id, damaged.value.part) == (session.id, "event")
        with pytest.raises(SessionDamaged) as damaged:
            async with store.follow(tenant, session.id, after=1):
                pass
        assert damaged.value.part == "event"
    finally:
        await store.aclose()

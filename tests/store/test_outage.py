"""Redis down or hung: bounded StoreUnavailable, then recovery with the same store object.

Each test runs its own redis-server on a free loopback port, never the shared one.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest

from service.store import (
    Change,
    RedisServer,
    SessionNotFound,
    SessionStore,
    StoreUnavailable,
    connect,
)
from service.store.embedded import free_port

pytestmark = pytest.mark.timeout(120)

TIMEOUT = 1.0
BOUND = TIMEOUT + 1.0


def decrement(document: dict[str, Any]) -> Change:
    return Change({"counter": document["counter"] - 1}, [{"type": "decrement"}])


@pytest.fixture
def server(redis_server_executable: str) -> Iterator[RedisServer]:
    with RedisServer(port=free_port(), executable=redis_server_executable) as server:
        yield server


@pytest.fixture
async def store(server: RedisServer) -> AsyncIterator[SessionStore]:
    client = connect(server.url, timeout=0.5)
    try:
        yield SessionStore(client, timeout=TIMEOUT)
    finally:
        await client.aclose()


async def unavailable(operation: Awaitable[object]) -> StoreUnavailable:
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as raised:
        await operation
    assert time.monotonic() - started < BOUND
    assert raised.value.retry_after == 1
    return raised.value


def every_operation(store: SessionStore, session_id: str) -> list[Callable[[], Awaitable[object]]]:
    return [
        lambda: store.get("acme", session_id),
        lambda: store.create("acme", {"counter": 1}),
        lambda: store.apply("acme", session_id, decrement),
        lambda: store.apply("acme", session_id, decrement, idempotency_key="k"),
        lambda: store.undo("acme", session_id),
        lambda: store.logs.events("acme", session_id),
        lambda: store.delete("acme", session_id),
        lambda: anext(store.subscribe("acme", session_id)),
    ]


async def wait_until_ready(store: SessionStore) -> None:
    async with asyncio.timeout(15):
        while not await store.ping():
            await asyncio.sleep(0.1)


async def test_redis_down_then_back(server: RedisServer, store: SessionStore) -> None:
    session = await store.create("acme", {"counter": 3})
    await store.apply("acme", session.id, decrement)
    server.stop()

    for operation in every_operation(store, session.id):
        await unavailable(operation())
    started = time.monotonic()
    assert await store.ping() is False
    assert time.monotonic() - started < BOUND

    server.start()
    await wait_until_ready(store)
    with pytest.raises(SessionNotFound):
        await store.get("acme", session.id)
    fresh = await store.create("acme", {"counter": 3})
    applied = await store.apply("acme", fresh.id, decrement, idempotency_key="k")
    assert applied.session.document == {"counter": 2}


async def test_redis_hung_then_resumed(server: RedisServer, store: SessionStore) -> None:
    session = await store.create("acme", {"counter": 3})
    assert server.pid is not None
    os.kill(server.pid, signal.SIGSTOP)
    try:
        for operation in every_operation(store, session.id)[:4]:
            await unavailable(operation())
        assert await store.ping() is False
    finally:
        os.kill(server.pid, signal.SIGCONT)
    await wait_until_ready(store)
    current = await store.get("acme", session.id)
    applied = await store.apply("acme", session.id, decrement)
    assert applied.session.version == current.version + 1


async def test_a_subscription_ends_when_redis_goes(
    server: RedisServer, store: SessionStore
) -> None:
    session = await store.create("acme", {"counter": 3})
    updates = store.subscribe("acme", session.id)
    listener = asyncio.ensure_future(anext(updates))
    await asyncio.sleep(0.3)
    server.stop()
    started = time.monotonic()
    with pytest.raises(StoreUnavailable):
        async with asyncio.timeout(BOUND + 1):
            await listener
    assert time.monotonic() - started < BOUND
    await updates.aclose()


async def test_live_updates_come_back_with_redis(server: RedisServer, store: SessionStore) -> None:
    """The pub/sub connection all subscriptions share is opened again once Redis is back."""
    session = await store.create("acme", {"counter": 3})
    updates = store.subscribe("acme", session.id)
    listener = asyncio.ensure_future(anext(updates))
    await asyncio.sleep(0.3)
    server.stop()
    with pytest.raises(StoreUnavailable):
        async with asyncio.timeout(BOUND + 1):
            await listener
    await updates.aclose()
    server.start()
    await wait_until_ready(store)
    fresh = await store.create("acme", {"counter": 3})
    again = store.subscribe("acme", fresh.id)
    listener = asyncio.ensure_future(anext(again))
    try:
        async with asyncio.timeout(15):
            while store._hub.live < 1:
                await asyncio.sleep(0.02)
        await store.apply("acme", fresh.id, decrement)
        async with asyncio.timeout(15):
            update = await listener
        assert update.session.document == {"counter": 2}
    finally:
        await again.aclose()


async def test_a_subscription_ends_when_redis_freezes(
    server: RedisServer, store: SessionStore
) -> None:
    """A Redis that stops answering without closing the connection: the pub/sub heartbeat
    notices within a few seconds."""
    session = await store.create("acme", {"counter": 3})
    updates = store.subscribe("acme", session.id)
    listener = asyncio.ensure_future(anext(updates))
    async with asyncio.timeout(15):
        while store._hub.live < 1:
            await asyncio.sleep(0.02)
    assert server.pid is not None
    os.kill(server.pid, signal.SIGSTOP)
    try:
        with pytest.raises(StoreUnavailable):
            async with asyncio.timeout(20):
                await listener
    finally:
        os.kill(server.pid, signal.SIGCONT)
    await updates.aclose()

"""The API key store on a real Redis: a refusal costs the same work whether the id is
unknown or the secret wrong, a Redis that lost its keys is told from one that never had
any, and the persistence check tells a Redis that would lose them on a restart."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from service.store import Client, RedisServer, StoreUnavailable, connect
from service.store.apikeys import ApiKeyStore, persistence_problems

SECRET = "s" * 40


class Counted(ApiKeyStore):
    """An ApiKeyStore that counts its keyed hashes and record reads."""

    digests = reads = 0

    def digest(self, presented: str) -> str:
        self.digests += 1
        return super().digest(presented)

    async def _record(self, key_id: str) -> Any:
        self.reads += 1
        return await super()._record(key_id)


async def test_an_unknown_id_costs_what_a_wrong_secret_costs(
    redis_client: Client, prefix: str
) -> None:
    store = Counted(redis_client, secret=SECRET, prefix=prefix)
    presented, record = await store.create("acme", "bot")
    key_id = record.id
    unknown = presented.replace(
        key_id, "0123456789abcdef" if key_id != "0123456789abcdef" else "f" * 16
    )
    wrong = presented[:-4] + ("AAAA" if not presented.endswith("AAAA") else "BBBB")
    costs = []
    for candidate in (unknown, wrong):
        store.digests = store.reads = 0
        assert await store.verify(candidate) is None
        costs.append((store.reads, store.digests))
    assert costs == [(1, 1), (1, 1)]
    assert await store.verify(presented) == record


async def test_a_redis_that_lost_its_keys_answers_unavailable(
    redis_client: Client, prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = ApiKeyStore(redis_client, secret=SECRET, prefix=prefix)
    presented, _ = await store.create("acme")
    assert await store.verify(presented) is not None
    # Redis restarted without persistence: every key of the deployment is gone.
    keys = [k async for k in redis_client.scan_iter(match=f"{prefix}:*")]
    for name in keys:
        await redis_client.delete(name)
    fresh = ApiKeyStore(redis_client, secret=SECRET, prefix=prefix)  # another process
    with caplog.at_level(logging.ERROR, "service.auth"), pytest.raises(StoreUnavailable) as raised:
        await fresh.verify(presented)
    assert str(raised.value) == "the key store is unavailable"
    assert "holds no keys" in caplog.text
    # Once keys exist again, an unknown key is simply unknown.
    await fresh.create("acme")
    assert await fresh.verify(presented) is None


async def test_a_key_store_that_does_not_answer_says_only_that() -> None:
    from service.store.embedded import free_port

    client = connect(f"redis://127.0.0.1:{free_port()}/0", timeout=0.5)
    try:
        store = ApiKeyStore(client, secret=SECRET)
        with pytest.raises(StoreUnavailable) as raised:
            await store.verify("crs_0123456789abcdef_" + "A" * 43)
    finally:
        await client.aclose()
    assert str(raised.value) == "the key store is unavailable"


async def test_is_active_follows_revocation(redis_client: Client, prefix: str) -> None:
    store = ApiKeyStore(redis_client, secret=SECRET, prefix=prefix)
    _, record = await store.create("acme")
    assert await store.is_active(record.id)
    await store.revoke("acme", record.id)
    assert not await store.is_active(record.id)
    assert not await store.is_active("0123456789abcdef")


async def test_persistence_is_required_of_the_keys_redis(redis_server_executable: str) -> None:
    with RedisServer(executable=redis_server_executable) as bare:
        client = connect(bare.url)
        try:
            problems = await persistence_problems(client)
        finally:
            await client.aclose()
    assert len(problems) == 1 and "keeps nothing on disk" in problems[0]

    with RedisServer(executable=redis_server_executable, args=["--appendonly", "yes"]) as durable:
        client = connect(durable.url)
        try:
            assert await persistence_problems(client) == []
            await client.config_set("maxmemory-policy", "allkeys-lru")
            [evicting] = await persistence_problems(client)
            assert "allkeys-lru" in evicting
        finally:
            await client.aclose()


async def test_persistence_is_checked_on_every_primary_of_a_cluster(cluster_url: str) -> None:
    client = connect(cluster_url)
    try:
        problems = await persistence_problems(client)
    finally:
        await client.aclose()
    assert len(problems) == 3
    assert all("keeps nothing on disk" in p for p in problems)

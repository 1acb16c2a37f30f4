"""A Redis that loses its keys (issue 24, finding 12), on a real ``python -m service`` and a
Redis of the test's own (it is flushed): the first request after ``FLUSHALL`` with a key
that passed a moment before answers 503 "the key store is unavailable", as SECURITY.md says
(before, 401 for up to 5 seconds: the process trusted the keyring marker it had seen), and
so do unknown keys; keys created again pass."""

from __future__ import annotations

import time
from collections.abc import Iterator
from types import SimpleNamespace

import httpx
import pytest
import redis
from hardening_support import SECRET, create_key, skirmish_body
from redis_support import need_redis_server
from service_process import ServiceProcess

from service.store import RedisServer

pytestmark = pytest.mark.timeout(180)

PREFIX = "lost-keys"
UNKNOWN = "crs_0123456789abcdef_" + "A" * 43


@pytest.fixture(scope="module")
def own_redis() -> Iterator[str]:
    need_redis_server()
    with RedisServer() as server:
        yield server.url


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory, own_redis: str) -> Iterator[ServiceProcess]:
    env = {
        "REDIS_URL": own_redis,
        "CRS_REDIS_PREFIX": PREFIX,
        "CRS_AUTH": "1",
        "CRS_API_KEY_SECRET": SECRET,
        "CRS_REQUIRE_PERSISTENCE": "0",
        "CRS_RATE_LIMIT": "0",
    }
    process = ServiceProcess(env, tmp_path_factory.mktemp("lost-keys") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


def attack(http: httpx.Client, key: str) -> httpx.Response:
    body = {**skirmish_body(), "attackerId": "hero", "targetId": "gob1", "seed": 3}
    return http.post("/v1/resolve-attack", json=body, headers={"Authorization": f"Bearer {key}"})


def assert_key_store_gone(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["detail"] == "the key store is unavailable"
    assert int(response.headers["retry-after"]) >= 1


def until_passes(http: httpx.Client, key: str, timeout: float = 30.0) -> None:
    """Wait until ``key`` is let in (the process sees a key written by another client)."""
    deadline = time.monotonic() + timeout
    while (answer := attack(http, key)).status_code != 200:
        assert time.monotonic() < deadline, answer.text
        time.sleep(0.05)


def test_a_flushed_key_store_answers_503_at_once(service: ServiceProcess, own_redis: str) -> None:
    where = SimpleNamespace(redis_url=own_redis, redis_prefix=PREFIX)
    key, _ = create_key(where, "acme")
    flusher = redis.Redis.from_url(own_redis)
    with httpx.Client(base_url=service.url, timeout=30.0) as http:
        until_passes(http, key)
        assert attack(http, UNKNOWN).status_code == 401  # the store holds keys: unknown

        for _ in range(3):  # within the 5 seconds the process used to trust the marker
            assert attack(http, key).status_code == 200
            flusher.flushall()
            assert_key_store_gone(attack(http, key))
            assert_key_store_gone(attack(http, UNKNOWN))
            key, _ = create_key(where, "acme")
            until_passes(http, key)
    flusher.close()

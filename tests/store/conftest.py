"""Real Redis servers for the store's tests, on loopback only.

``redis_url``: ``REDIS_URL`` if set, else the server on 127.0.0.1:6379 if one answers, else a
server of our own (:class:`RedisServer`). ``cluster_url``: a three-node Redis Cluster this
session starts on free loopback ports and stops at the end. Tests that take ``url`` (or the
fixtures built on it) run once on each. Each test gets its own key prefix, and its keys are
deleted afterwards, so tests never collide on a shared server.
"""

from __future__ import annotations

import random
import socket
import time
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import redis
from redis.asyncio.cluster import RedisCluster
from redis_support import need_redis_server, redis_for_tests

from service.store import Client, RedisServer, SessionStore, connect

CLUSTER_SLOTS = 16384


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def cluster_port() -> int:
    """A free loopback port whose cluster bus port (port + 10000) is free too."""
    for _ in range(200):
        port = random.randrange(20000, 55000)
        if _bindable(port) and _bindable(port + 10000):
            return port
    raise RuntimeError("no free port pair for a cluster node")


@pytest.fixture(scope="session")
def redis_server_executable() -> str:
    """A redis-server binary for tests that run servers of their own; skip if there is none."""
    return need_redis_server()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    with redis_for_tests() as url:
        yield url


@pytest.fixture(scope="session")
def cluster_url() -> Iterator[str]:
    executable = need_redis_server()
    nodes = []
    try:
        for _ in range(3):
            node = RedisServer(
                port=cluster_port(),
                executable=executable,
                args=["--cluster-enabled", "yes", "--cluster-node-timeout", "5000"],
            )
            nodes.append(node)
            node.start()
        _form_cluster([node.port for node in nodes if node.port is not None])
        yield f"redis+cluster://127.0.0.1:{nodes[0].port}"
    finally:
        for node in nodes:
            node.close()


def _form_cluster(ports: list[int]) -> None:
    """Give each node a third of the slots, introduce them, wait until all agree."""
    clients = [redis.Redis(host="127.0.0.1", port=port, socket_timeout=5) for port in ports]
    try:
        bounds = [CLUSTER_SLOTS * i // len(ports) for i in range(len(ports) + 1)]
        for i, client in enumerate(clients):
            client.cluster("ADDSLOTS", *range(bounds[i], bounds[i + 1]))
            client.cluster("SET-CONFIG-EPOCH", i + 1)
        for client in clients[1:]:
            client.cluster("MEET", "127.0.0.1", ports[0])
        deadline = time.monotonic() + 30
        while not all(_cluster_ready(client, len(ports)) for client in clients):
            if time.monotonic() > deadline:
                raise RuntimeError("the test cluster did not become ready")
            time.sleep(0.1)
    finally:
        for client in clients:
            client.close()


def _cluster_ready(client: redis.Redis, size: int) -> bool:
    info = client.cluster("INFO")
    if isinstance(info, bytes | str):
        text = info.decode() if isinstance(info, bytes) else info
        info = dict(line.split(":", 1) for line in text.split() if ":" in line)
    fields = {str(k): str(v) for k, v in info.items()}
    return fields.get("cluster_state") == "ok" and fields.get("cluster_known_nodes") == str(size)


@pytest.fixture(params=["standalone", "cluster"])
def url(request: pytest.FixtureRequest) -> str:
    name = "redis_url" if request.param == "standalone" else "cluster_url"
    value: str = request.getfixturevalue(name)
    return value


@pytest.fixture
def prefix() -> str:
    return f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
async def redis_client(url: str, prefix: str) -> AsyncIterator[Client]:
    client = connect(url)
    try:
        yield client
        await _delete_keys(client, prefix)
    finally:
        await client.aclose()


@pytest.fixture
async def other_client(url: str) -> AsyncIterator[Client]:
    """A second client with its own connections, as another process of the service has."""
    client = connect(url)
    try:
        yield client
    finally:
        await client.aclose()


@pytest.fixture
def store(redis_client: Client, prefix: str) -> SessionStore:
    return SessionStore(redis_client, prefix=prefix)


@pytest.fixture
def other_store(other_client: Client, prefix: str) -> SessionStore:
    return SessionStore(other_client, prefix=prefix)


@pytest.fixture
def tenant() -> str:
    return "acme"


async def _delete_keys(client: Client, prefix: str) -> None:
    keys = [key async for key in client.scan_iter(match=f"{prefix}:*", count=1000)]
    if isinstance(client, RedisCluster):
        for key in keys:
            await client.delete(key)
    elif keys:
        await client.delete(*keys)

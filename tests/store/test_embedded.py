"""The embedded redis-server and connect()."""

from __future__ import annotations

import os

import pytest
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from service.store import RedisServer, SessionStore, connect, find_redis_server


def test_find_redis_server(redis_server_executable: str) -> None:
    path = redis_server_executable
    assert path == find_redis_server()
    assert os.access(path, os.X_OK)


async def test_embedded_server_on_a_unix_socket(redis_server_executable: str) -> None:
    with RedisServer(executable=redis_server_executable) as server:
        assert server.url.startswith("unix://")
        assert server.running and server.pid is not None
        client = connect(server.url)
        try:
            store = SessionStore(client)
            session = await store.create("acme", {"hp": 7})
            assert (await store.get("acme", session.id)).document == {"hp": 7}
            config = await client.config_get("save")
            assert config in ({b"save": b""}, {"save": ""})
        finally:
            await client.aclose()
        directory = server.directory
    assert not server.running and server.pid is None
    assert not directory.exists()


def test_restart_on_the_same_address(redis_server_executable: str) -> None:
    with RedisServer(executable=redis_server_executable) as server:
        url = server.url
        server.stop()
        assert not server.running
        assert server.start() == url
        assert server.running


def test_a_server_that_cannot_start_says_why(redis_server_executable: str) -> None:
    server = RedisServer(executable=redis_server_executable, args=["--no-such-option", "1"])
    try:
        with pytest.raises(RuntimeError, match="did not start"):
            server.start()
        assert not server.running
    finally:
        server.close()


def test_connect_builds_the_right_client() -> None:
    plain = connect("redis://127.0.0.1:6379/3", timeout=0.75)
    assert isinstance(plain, Redis)
    kwargs = plain.connection_pool.connection_kwargs
    assert (kwargs["socket_timeout"], kwargs["socket_connect_timeout"], kwargs["db"]) == (
        0.75,
        0.75,
        3,
    )
    assert isinstance(connect("unix:///tmp/redis.sock"), Redis)
    cluster = connect("redis+cluster://127.0.0.1:7000")
    assert isinstance(cluster, RedisCluster)
    assert isinstance(connect("REDIS+CLUSTER://127.0.0.1:7000"), RedisCluster)

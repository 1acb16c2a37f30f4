"""Helpers the hardening tests share (a plain module: conftest fixtures are not importable)."""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

import redis
import redis.asyncio


def answers(host: str, port: int) -> bool:
    """Whether a Redis answers PING at host:port."""
    try:
        with socket.create_connection((host, port), timeout=0.5) as conn:
            conn.settimeout(0.5)
            conn.sendall(b"PING\r\n")
            return conn.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def local_redis_url() -> str | None:
    """``REDIS_URL``, else the Redis on 127.0.0.1:6379 if one answers, else None (embedded)."""
    if url := os.environ.get("REDIS_URL"):
        return url
    if answers("127.0.0.1", 6379):
        return "redis://127.0.0.1:6379/0"
    return None


def drop_prefix(url: str | None, prefix: str) -> None:
    """Delete every key of ``prefix`` and of prefixes that extend it (``prefix-...``)."""
    if url is None:
        return
    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        for key in list(client.scan_iter(match=f"{prefix}*", count=1000)):
            client.delete(key)
    finally:
        client.close()


SECRET = "test-secret-" + "0123456789abcdef" * 2
"""The server secret of the hardening tests' API keys."""


def skirmish_body() -> dict[str, Any]:
    from factories import skirmish

    return {"encounter": skirmish()}


def create_key(settings: Any, tenant: str, label: str = "") -> tuple[str, str]:
    """A new API key of ``tenant`` in the app's Redis: (key, key id)."""
    return asyncio.run(_key_op(settings, "create", tenant, label))  # type: ignore[no-any-return]


def revoke_key(settings: Any, tenant: str, key_id: str) -> None:
    asyncio.run(_key_op(settings, "revoke", tenant, key_id))


async def _key_op(settings: Any, op: str, tenant: str, arg: str) -> Any:
    from service.store.apikeys import ApiKeyStore

    client = redis.asyncio.Redis.from_url(settings.redis_url)
    store = ApiKeyStore(client, secret=SECRET, prefix=settings.redis_prefix)
    try:
        if op == "create":
            presented, record = await store.create(tenant, arg)
            return presented, record.id
        return await store.revoke(tenant, arg)
    finally:
        await client.aclose()

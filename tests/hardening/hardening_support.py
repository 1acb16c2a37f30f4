"""Helpers the hardening tests share (a plain module: conftest fixtures are not importable)."""

from __future__ import annotations

import asyncio
from typing import Any

import redis.asyncio

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

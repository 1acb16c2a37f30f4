"""Manage API keys: create, list and revoke a tenant's keys (``python -m service keys ...``).

Reads the same environment as the service: ``REDIS_URL`` (required: keys live in the
service's Redis), ``CRS_REDIS_PREFIX``, ``CRS_API_KEY_SECRET`` (required) and
``CRS_API_KEY_PREFIX``. ``create`` prints the new key once: only its keyed hash is stored,
and warns when that Redis would lose it on a restart (no AOF, no snapshots).

    python -m service keys create --tenant acme --label "discord bot"
    python -m service keys list --tenant acme
    python -m service keys revoke --tenant acme --id 3f9c0a1b2c4d5e6f

``python -m service.keys create|list|revoke ...`` is the same command (:func:`main`).

Each operation answers the command's exit status: 0 done, 1 no such key (``revoke``),
2 the key store is not configured or does not answer.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from service.settings import Settings
from service.store import Client, StoreUnavailable, connect
from service.store.apikeys import ApiKey, ApiKeyStore, persistence_problems

KeyOperation = Callable[[ApiKeyStore, Client], Awaitable[int]]
"""What a command does with the key store (and its Redis), answering the exit status."""


class KeyStoreUnset(Exception):
    """The environment does not name the key store: the message says which variable."""


def key_settings() -> Settings:
    """The service's settings from the environment, with the key store named, or
    :class:`KeyStoreUnset` (a setting that is wrong raises SystemExit, as the service does)."""
    settings = Settings.from_env()
    if settings.redis_url is None:
        raise KeyStoreUnset("set REDIS_URL to the service's Redis (keys live there)")
    if settings.api_key_secret is None:
        raise KeyStoreUnset("set CRS_API_KEY_SECRET to the service's secret")
    return settings


def create(settings: Settings, tenant: str, label: str) -> int:
    """Create a key of ``tenant`` and print it (once) with its record."""

    async def operation(store: ApiKeyStore, client: Client) -> int:
        presented, record = await store.create(tenant, label)
        print(json.dumps({**_record(record), "key": presented}, indent=2))
        print("Store the key now: it cannot be shown again.", file=sys.stderr)
        for problem in await persistence_problems(client):
            print(f"warning: this Redis may lose the key: {problem}", file=sys.stderr)
        return 0

    return _run(settings, operation)


def list_keys(settings: Settings, tenant: str) -> int:
    """Print the records of ``tenant``'s keys (never the keys themselves)."""

    async def operation(store: ApiKeyStore, client: Client) -> int:
        print(json.dumps([_record(r) for r in await store.list(tenant)], indent=2))
        return 0

    return _run(settings, operation)


def revoke(settings: Settings, tenant: str, key_id: str) -> int:
    """Revoke ``tenant``'s key ``key_id`` and print its record; 1 if it has no such key."""

    async def operation(store: ApiKeyStore, client: Client) -> int:
        revoked = await store.revoke(tenant, key_id)
        if revoked is None:
            print(f"tenant {tenant!r} has no key {key_id!r}", file=sys.stderr)
            return 1
        print(json.dumps(_record(revoked), indent=2))
        return 0

    return _run(settings, operation)


def main(argv: list[str] | None = None) -> int:
    """``python -m service.keys ...``: the same command as ``python -m service keys ...``,
    answering its exit status (usage errors print and answer 2)."""
    from service.cli import keys  # service.cli imports this module

    try:
        keys.main(argv, prog_name="python -m service.keys")
    except SystemExit as done:
        if isinstance(done.code, str):
            raise
        return done.code or 0
    return 0


def _run(settings: Settings, operation: KeyOperation) -> int:
    return asyncio.run(_with_store(settings, operation))


async def _with_store(settings: Settings, operation: KeyOperation) -> int:
    assert settings.redis_url is not None and settings.api_key_secret is not None
    client = connect(settings.redis_url, timeout=settings.store_timeout_seconds)
    store = ApiKeyStore(
        client,
        secret=settings.api_key_secret,
        prefix=settings.redis_prefix,
        key_prefix=settings.api_key_prefix,
    )
    try:
        return await operation(store, client)
    except StoreUnavailable as e:
        print(f"Redis does not answer: {e}", file=sys.stderr)
        return 2
    finally:
        await client.aclose()


def _record(record: ApiKey) -> dict[str, Any]:
    return {
        "id": record.id,
        "tenant": record.tenant,
        "label": record.label,
        "created": record.created.isoformat(),
        "revoked": record.revoked.isoformat() if record.revoked else None,
        "active": record.active,
    }


if __name__ == "__main__":
    sys.exit(main())

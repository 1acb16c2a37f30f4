"""Manage API keys: ``python -m service.keys create|list|revoke --tenant T``.

Reads the same environment as the service: ``REDIS_URL`` (required: keys live in the
service's Redis), ``CRS_REDIS_PREFIX``, ``CRS_API_KEY_SECRET`` (required) and
``CRS_API_KEY_PREFIX``. ``create`` prints the new key once: only its keyed hash is stored,
and warns when that Redis would lose it on a restart (no AOF, no snapshots).

    python -m service.keys create --tenant acme --label "discord bot"
    python -m service.keys list --tenant acme
    python -m service.keys revoke --tenant acme --id 3f9c0a1b2c4d5e6f
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from service.settings import Settings
from service.store import StoreUnavailable, connect
from service.store.apikeys import ApiKey, ApiKeyStore, persistence_problems
from service.store.keys import check_name


def _record(record: ApiKey) -> dict[str, Any]:
    return {
        "id": record.id,
        "tenant": record.tenant,
        "label": record.label,
        "created": record.created.isoformat(),
        "revoked": record.revoked.isoformat() if record.revoked else None,
        "active": record.active,
    }


def _tenant(value: str) -> str:
    try:
        return check_name(value)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m service.keys", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    create = sub.add_parser("create", help="create a key and print it (once)")
    create.add_argument("--tenant", required=True, type=_tenant)
    create.add_argument("--label", default="", help="what the key is for")
    listing = sub.add_parser("list", help="list a tenant's keys (never the keys themselves)")
    listing.add_argument("--tenant", required=True, type=_tenant)
    revoke = sub.add_parser("revoke", help="revoke a key: it answers 401 from now on")
    revoke.add_argument("--tenant", required=True, type=_tenant)
    revoke.add_argument("--id", required=True, help="the key's id (its second part)")
    return p


async def run(args: argparse.Namespace, settings: Settings) -> int:
    assert settings.redis_url is not None and settings.api_key_secret is not None
    client = connect(settings.redis_url, timeout=settings.store_timeout_seconds)
    store = ApiKeyStore(
        client,
        secret=settings.api_key_secret,
        prefix=settings.redis_prefix,
        key_prefix=settings.api_key_prefix,
    )
    try:
        if args.command == "create":
            presented, record = await store.create(args.tenant, args.label)
            print(json.dumps({**_record(record), "key": presented}, indent=2))
            print("Store the key now: it cannot be shown again.", file=sys.stderr)
            for problem in await persistence_problems(client):
                print(f"warning: this Redis may lose the key: {problem}", file=sys.stderr)
        elif args.command == "list":
            print(json.dumps([_record(r) for r in await store.list(args.tenant)], indent=2))
        else:
            revoked = await store.revoke(args.tenant, args.id)
            if revoked is None:
                print(f"tenant {args.tenant!r} has no key {args.id!r}", file=sys.stderr)
                return 1
            print(json.dumps(_record(revoked), indent=2))
    except StoreUnavailable as e:
        print(f"Redis does not answer: {e}", file=sys.stderr)
        return 2
    finally:
        await client.aclose()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    settings = Settings.from_env()
    if settings.redis_url is None:
        print("set REDIS_URL to the service's Redis (keys live there)", file=sys.stderr)
        return 2
    if settings.api_key_secret is None:
        print("set CRS_API_KEY_SECRET to the service's secret", file=sys.stderr)
        return 2
    return asyncio.run(run(args, settings))


if __name__ == "__main__":
    sys.exit(main())

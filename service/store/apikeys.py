"""API keys in Redis: only a keyed hash of each key is stored.

A key reads ``<prefix>_<id>_<secret>`` (``crs_3f9c0a1b2c4d5e6f_Qk...``): ``id`` is 16 hex
digits that name the key's record, ``secret`` 43 URL-safe characters (256 bits from
:mod:`secrets`). The record holds the tenant, a label, when it was created and revoked,
and ``HMAC-SHA256(server secret, whole key)``; the key itself is shown once, at creation.
Checking a presented key reads its record by id and compares the digests in constant time.

Keys (all through :func:`service.store.keys.key`)::

    {prefix}:system:{<id>}:apikey             the record of key <id> (a hash)
    {prefix}:<tenant>:{apikeys}:index         the ids of the tenant's keys (a set)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from redis.exceptions import RedisClusterException, RedisError

from service.store._lua import Client
from service.store.errors import StoreUnavailable
from service.store.keys import DEFAULT_PREFIX, check_name, key

__all__ = ["ApiKey", "ApiKeyStore", "parse_api_key"]

SYSTEM_TENANT = "system"
"""The tenant part of the key records' Redis keys (records are looked up by key id alone)."""

_ID = re.compile(r"[0-9a-f]{16}")
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")


@dataclass(frozen=True, slots=True)
class ApiKey:
    """One API key's record (never the key itself)."""

    id: str
    tenant: str
    label: str
    created: datetime
    revoked: datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked is None


def parse_api_key(presented: str, prefix: str) -> str | None:
    """The key id of a well-formed key of this deployment, else None."""
    head, sep, rest = presented.partition("_")
    if not sep or head != prefix:
        return None
    key_id, sep, secret = rest.partition("_")
    if not sep or not _ID.fullmatch(key_id) or not _SECRET.fullmatch(secret):
        return None
    return key_id


def _time(raw: bytes | str | None) -> datetime | None:
    if raw is None or raw in (b"", ""):
        return None
    text = raw.decode() if isinstance(raw, bytes) else raw
    return datetime.fromtimestamp(float(text), UTC)


def _text(raw: bytes | str | None) -> str:
    if raw is None:
        return ""
    return raw.decode() if isinstance(raw, bytes) else raw


class ApiKeyStore:
    """Create, check, list and revoke API keys (several active keys per tenant)."""

    def __init__(
        self,
        redis: Client,
        *,
        secret: str,
        prefix: str = DEFAULT_PREFIX,
        key_prefix: str = "crs",
    ) -> None:
        if not secret:
            raise ValueError("an API key store needs the server secret")
        if not key_prefix.isalnum():
            raise ValueError(f"the key prefix must be letters and digits: {key_prefix!r}")
        self.redis = redis
        self.prefix = check_name(prefix, "prefix")
        self.key_prefix = key_prefix
        self._secret = secret.encode()

    def digest(self, presented: str) -> str:
        """The keyed hash stored for a key."""
        return hmac.new(self._secret, presented.encode(), hashlib.sha256).hexdigest()

    def _record_key(self, key_id: str) -> str:
        return key(SYSTEM_TENANT, key_id, "apikey", prefix=self.prefix)

    def _index_key(self, tenant: str) -> str:
        return key(tenant, "apikeys", "index", prefix=self.prefix)

    async def create(self, tenant: str, label: str = "") -> tuple[str, ApiKey]:
        """A new active key of ``tenant``: the key (shown only now) and its record."""
        check_name(tenant)
        key_id = secrets.token_hex(8)
        presented = f"{self.key_prefix}_{key_id}_{secrets.token_urlsafe(32)}"
        now = datetime.now(UTC)
        record = ApiKey(key_id, tenant, label[:200], now)
        try:
            created = await self.redis.hsetnx(self._record_key(key_id), "digest", "")
            if not created:  # 64 random bits collided: vanishingly rare, but never overwrite
                return await self.create(tenant, label)
            await self.redis.hset(
                self._record_key(key_id),
                mapping={
                    "digest": self.digest(presented),
                    "tenant": tenant,
                    "label": record.label,
                    "created": repr(now.timestamp()),
                    "revoked": "",
                },
            )
            await self.redis.sadd(self._index_key(tenant), key_id)
        except (RedisError, RedisClusterException, OSError) as exc:
            raise StoreUnavailable(f"the key store is unavailable: {exc}") from exc
        return presented, record

    async def _record(self, key_id: str) -> tuple[ApiKey, str] | None:
        try:
            raw = await self.redis.hgetall(self._record_key(key_id))
        except (RedisError, RedisClusterException, OSError) as exc:
            raise StoreUnavailable(f"the key store is unavailable: {exc}") from exc
        fields = {_text(k): v for k, v in raw.items()}
        created = _time(fields.get("created"))
        if not fields.get("digest") or created is None:
            return None
        record = ApiKey(
            key_id,
            _text(fields.get("tenant")),
            _text(fields.get("label")),
            created,
            _time(fields.get("revoked")),
        )
        return record, _text(fields["digest"])

    async def verify(self, presented: str) -> ApiKey | None:
        """The record of an active key matching ``presented``, else None (unknown, malformed,
        revoked, or a wrong secret). Raises StoreUnavailable if Redis does not answer."""
        key_id = parse_api_key(presented, self.key_prefix)
        if key_id is None:
            return None
        found = await self._record(key_id)
        if found is None:
            return None
        record, digest = found
        if not hmac.compare_digest(digest, self.digest(presented)):
            return None
        return record if record.active else None

    async def list(self, tenant: str) -> list[ApiKey]:
        """Every key of ``tenant``, revoked ones too, oldest first."""
        check_name(tenant)
        try:
            ids = sorted(_text(i) for i in await self.redis.smembers(self._index_key(tenant)))
        except (RedisError, RedisClusterException, OSError) as exc:
            raise StoreUnavailable(f"the key store is unavailable: {exc}") from exc
        records = []
        for key_id in ids:
            found = await self._record(key_id)
            if found is not None and found[0].tenant == tenant:
                records.append(found[0])
        return sorted(records, key=lambda r: (r.created, r.id))

    async def revoke(self, tenant: str, key_id: str) -> ApiKey | None:
        """Revoke a key of ``tenant`` (from now on it answers 401); its record, or None if the
        tenant has no such key. Revoking twice keeps the first time."""
        check_name(tenant)
        if not _ID.fullmatch(key_id):
            return None
        found = await self._record(key_id)
        if found is None or found[0].tenant != tenant:
            return None
        record = found[0]
        if record.revoked is not None:
            return record
        now = datetime.now(UTC)
        try:
            await self.redis.hset(self._record_key(key_id), "revoked", repr(now.timestamp()))
        except (RedisError, RedisClusterException, OSError) as exc:
            raise StoreUnavailable(f"the key store is unavailable: {exc}") from exc
        return ApiKey(record.id, record.tenant, record.label, record.created, now)

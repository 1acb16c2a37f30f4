"""API keys in Redis: only a keyed hash of each key is stored.

A key reads ``<prefix>_<id>_<secret>`` (``crs_3f9c0a1b2c4d5e6f_Qk...``): ``id`` is 16 hex
digits that name the key's record, ``secret`` 43 URL-safe characters (256 bits from
:mod:`secrets`). The record holds the tenant, a label, when it was created and revoked,
and ``HMAC-SHA256(server secret, whole key)``; the key itself is shown once, at creation.
Checking a presented key reads its record by id and compares the digests in constant time.

Checking a key costs the same whether its id is unknown or its secret wrong: both read
a record and compute the keyed hash (an unknown id against a digest that matches nothing),
so the time of a refusal does not tell which ids exist.

Keys (all through :func:`service.store.keys.key`)::

    {prefix}:system:{<id>}:apikey             the record of key <id> (a hash)
    {prefix}:<tenant>:{apikeys}:index         the ids of the tenant's keys (a set)
    {prefix}:system:{apikeys}:keyring         written with the first key: this Redis holds keys

The keys must outlive Redis restarts: :func:`persistence_problems` says whether the Redis
keeps its data on disk (the service checks it at start-up), and the ``keyring`` marker
tells a Redis that lost its keys from one that never had any: an unknown key on a Redis
without the marker answers :class:`StoreUnavailable` ("the key store is unavailable"), not
"unknown key", and the service logs the loss.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from redis.asyncio.cluster import RedisCluster
from redis.exceptions import RedisClusterException, RedisError, ResponseError

from service.store._lua import Client
from service.store.errors import StoreUnavailable
from service.store.keys import DEFAULT_PREFIX, check_name, key

__all__ = ["ApiKey", "ApiKeyStore", "parse_api_key", "persistence_problems"]

log = logging.getLogger("service.auth")

_UNAVAILABLE = "the key store is unavailable"
_KEYRING_MARK = 5.0
"""Seconds between two marks of the keyring by keys that pass (a key's miss always looks
for the marker: a Redis that lost its keys answers 503 at once, not 401)."""

_LOSS_LOG = 10.0
"""Seconds between two logs of the loss of every key (each miss meanwhile answers 503)."""

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
        self._keyring_seen = float("-inf")
        self._loss_logged = float("-inf")
        self._nothing = self.digest(secrets.token_urlsafe(32))

    def digest(self, presented: str) -> str:
        """The keyed hash stored for a key."""
        return hmac.new(self._secret, presented.encode(), hashlib.sha256).hexdigest()

    def _keyring_key(self) -> str:
        return key(SYSTEM_TENANT, "apikeys", "keyring", prefix=self.prefix)

    async def has_keyring(self) -> bool:
        """Whether this Redis has held API keys (its keyring marker exists)."""
        try:
            found = bool(await self.redis.exists(self._keyring_key()))
        except (RedisError, RedisClusterException, OSError) as exc:
            raise _unavailable(exc) from exc
        if found:
            self._keyring_seen = time.monotonic()
        return found

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
            await self._mark_keyring()
        except (RedisError, RedisClusterException, OSError) as exc:
            raise _unavailable(exc) from exc
        return presented, record

    async def _mark_keyring(self) -> None:
        await self.redis.set(self._keyring_key(), repr(time.time()), nx=True)
        self._keyring_seen = time.monotonic()

    async def _record(self, key_id: str) -> tuple[ApiKey, str] | None:
        try:
            raw = await self.redis.hgetall(self._record_key(key_id))
        except (RedisError, RedisClusterException, OSError) as exc:
            raise _unavailable(exc) from exc
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
        revoked, or a wrong secret). Raises StoreUnavailable if Redis does not answer, or
        has lost its keys (no keyring marker: restarted without persistence?)."""
        key_id = parse_api_key(presented, self.key_prefix)
        if key_id is None:
            return None
        found = await self._record(key_id)
        record, digest = found if found is not None else (None, self._nothing)
        matches = hmac.compare_digest(digest, self.digest(presented))
        if record is None or not matches:
            await self._check_keyring()
            return None
        if time.monotonic() - self._keyring_seen > _KEYRING_MARK:
            try:  # keys from before the marker existed: mark them now
                await self._mark_keyring()
            except (RedisError, RedisClusterException, OSError) as exc:
                raise _unavailable(exc) from exc
        return record if record.active else None

    async def _check_keyring(self) -> None:
        """After a miss: raise StoreUnavailable if this Redis holds no keys at all (looked
        up on every miss, never trusted from before: its keys may have gone since)."""
        if not await self.has_keyring():
            if time.monotonic() - self._loss_logged < _LOSS_LOG:
                raise StoreUnavailable(_UNAVAILABLE)
            self._loss_logged = time.monotonic()
            log.error(
                "the API key store in Redis holds no keys (no keyring marker): every key "
                "answers 503 until keys are created again. Was Redis restarted without "
                "persistence, or flushed?"
            )
            raise StoreUnavailable(_UNAVAILABLE)

    async def is_active(self, key_id: str) -> bool:
        """Whether key ``key_id`` still exists and is not revoked (an open websocket's check:
        the key itself was verified when the socket opened). Raises StoreUnavailable when
        the record is gone because Redis lost every key (no keyring marker)."""
        found = await self._record(key_id)
        if found is None:
            await self._check_keyring()
            return False
        return found[0].active

    async def list(self, tenant: str) -> list[ApiKey]:
        """Every key of ``tenant``, revoked ones too, oldest first."""
        check_name(tenant)
        try:
            ids = sorted(_text(i) for i in await self.redis.smembers(self._index_key(tenant)))
        except (RedisError, RedisClusterException, OSError) as exc:
            raise _unavailable(exc) from exc
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
            raise _unavailable(exc) from exc
        return ApiKey(record.id, record.tenant, record.label, record.created, now)


_last_warning = [float("-inf")]


def _unavailable(exc: BaseException) -> StoreUnavailable:
    """What a client is told when Redis fails: never its address or its words (those go to
    the log, at most every 10 seconds)."""
    now = time.monotonic()
    if now - _last_warning[0] >= 10:
        _last_warning[0] = now
        log.warning("the API key store did not answer: %s", exc)
    return StoreUnavailable(_UNAVAILABLE)


async def persistence_problems(redis: Client) -> list[str]:
    """Why this Redis could lose the API keys on a restart or under memory pressure: one
    line per primary that neither writes an append-only file nor saves snapshots, or whose
    eviction policy may evict keys without a TTL. Empty when it keeps them. A server that
    refuses ``CONFIG GET`` (as managed services may) counts as unknown, hence a problem.
    """
    nodes: list[tuple[str, Any]]
    if isinstance(redis, RedisCluster):
        await redis.initialize()
        nodes = [(node.name, node) for node in redis.get_primaries()]
    else:
        nodes = [("redis", None)]
    problems = []
    for name, node in nodes:
        target = {} if node is None else {"target_nodes": node}
        try:
            info = await redis.execute_command("INFO", "persistence", **target)
            aof = str(_field(info, "aof_enabled")) == "1"
            try:
                saves = await redis.execute_command("CONFIG GET", "save", **target)
                policy = await redis.execute_command("CONFIG GET", "maxmemory-policy", **target)
            except ResponseError:
                problems.append(
                    f"{name}: cannot tell whether it persists its data (CONFIG GET refused); "
                    "if it keeps it another way (a managed, replicated Redis with backups), "
                    "set CRS_REQUIRE_PERSISTENCE=0"
                )
                continue
        except (RedisError, RedisClusterException, OSError) as exc:
            problems.append(f"{name}: did not answer ({type(exc).__name__})")
            continue
        if not aof and not _text(_field(saves, "save")).strip():
            problems.append(
                f"{name}: keeps nothing on disk (appendonly no, save ''): a restart wipes "
                "every API key; turn on appendonly (or RDB snapshots)"
            )
        eviction = _text(_field(policy, "maxmemory-policy"))
        if eviction.startswith("allkeys-"):
            problems.append(
                f"{name}: maxmemory-policy {eviction} may evict API keys; use noeviction "
                "or a volatile-* policy"
            )
    return problems


def _field(reply: Any, name: str) -> Any:
    """A field of an INFO or CONFIG GET reply, whichever shape the client parsed it to."""
    if isinstance(reply, dict):
        for k, v in reply.items():
            if _text(k) == name:
                return v
        return ""
    if isinstance(reply, list | tuple):
        pairs = dict(zip(reply[::2], reply[1::2], strict=False))
        return _field(pairs, name)
    return ""

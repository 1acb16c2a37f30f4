"""A tenant's quota ledger: its live sessions and the bytes they hold in Redis, kept beside
its sessions by the ``LEDGER`` script (which forgets expired sessions first). It is kept
with quotas or without: it is also the index of the tenant's list of sessions
(:mod:`service.store._listing`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from redis.asyncio.cluster import RedisCluster

from service.store import _lua
from service.store._codec import as_text
from service.store.errors import QuotaExceeded
from service.store.keys import key


@dataclass(frozen=True, slots=True)
class Ledger:
    """The quotas of ``max_sessions`` sessions and ``max_bytes`` bytes per tenant (0: none)."""

    redis: _lua.Client
    prefix: str
    idle_ttl_ms: int
    max_sessions: int
    max_bytes: int

    def sessions_key(self, tenant: str) -> str:
        """The tenant's live sessions: a sorted set of ids, scored by when each expires."""
        return self._key(tenant, "sessions")

    def _key(self, tenant: str, part: str) -> str:
        return key(tenant, f"ledger.{tenant}", part, prefix=self.prefix)

    async def admit(self, tenant: str, session_id: str, size: int) -> bool:
        """Count a new session of ``size`` bytes; False if its id is counted already.

        :raises QuotaExceeded: the tenant is at a quota."""
        return await self._run(tenant, "admit", session_id, size) != "exists"

    async def charge(self, tenant: str, session_id: str, size: int) -> None:
        """The session holds ``size`` bytes now.

        :raises QuotaExceeded: that passes the tenant's quota of bytes."""
        await self._run(tenant, "charge", session_id, size)

    async def charge_and_write(
        self,
        tenant: str,
        session_id: str,
        size: int,
        keys: Sequence[str],
        args: Sequence[str | int | bytes],
    ) -> Any:
        """:meth:`charge`, then the ``WRITE`` script with ``keys`` and ``args``; its answer.

        On standalone Redis both go in one script (``CHARGED_WRITE``: one round trip); on
        Cluster the ledger and the session are in different hash slots, so they go one
        after the other.

        :raises QuotaExceeded: the charge passes the tenant's quota of bytes (nothing
            written)."""
        if isinstance(self.redis, RedisCluster):
            await self.charge(tenant, session_id, size)
            return await _lua.WRITE(self.redis, keys, args)
        answer = await _lua.CHARGED_WRITE(
            self.redis,
            [*self._keys(tenant), *keys],
            [*self._args("charge", session_id, size), *args],
        )
        if as_text(answer[0]) == "quota":
            self._refused(as_text(answer[1]))
        return answer

    async def drop(self, tenant: str, session_id: str) -> None:
        """The session is gone."""
        await self._run(tenant, "drop", session_id, 0)

    async def _run(
        self, tenant: str, op: Literal["admit", "charge", "drop"], session_id: str, size: int
    ) -> str:
        answer = await _lua.LEDGER(self.redis, self._keys(tenant), self._args(op, session_id, size))
        status = as_text(answer[0])
        self._refused(status)
        return status

    def _keys(self, tenant: str) -> list[str]:
        return [self._key(tenant, part) for part in ("sessions", "sizes", "bytes")]

    def _args(self, op: str, session_id: str, size: int) -> list[str | int | bytes]:
        return [op, session_id, size, self.idle_ttl_ms, self.max_sessions, self.max_bytes]

    def _refused(self, status: str) -> None:
        """Raise :class:`QuotaExceeded` if the ledger's ``status`` is a refusal."""
        if status == "sessions":
            raise QuotaExceeded("sessions", self.max_sessions)
        if status == "bytes":
            raise QuotaExceeded("bytes", self.max_bytes)

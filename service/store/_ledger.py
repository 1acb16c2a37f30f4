"""A tenant's quota ledger: its live sessions and the bytes they hold in Redis, kept beside
its sessions by the ``LEDGER`` script (which forgets expired sessions first). It is kept
with quotas or without: it is also the index of the tenant's list of sessions
(:mod:`service.store._listing`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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

    async def drop(self, tenant: str, session_id: str) -> None:
        """The session is gone."""
        await self._run(tenant, "drop", session_id, 0)

    async def _run(
        self, tenant: str, op: Literal["admit", "charge", "drop"], session_id: str, size: int
    ) -> str:
        answer = await _lua.LEDGER(
            self.redis,
            [self._key(tenant, part) for part in ("sessions", "sizes", "bytes")],
            [op, session_id, size, self.idle_ttl_ms, self.max_sessions, self.max_bytes],
        )
        status = as_text(answer[0])
        if status == "sessions":
            raise QuotaExceeded("sessions", self.max_sessions)
        if status == "bytes":
            raise QuotaExceeded("bytes", self.max_bytes)
        return status

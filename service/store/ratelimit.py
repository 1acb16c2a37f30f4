"""Rate limits on Redis: GCRA (the generic cell rate algorithm), one key per caller.

``rate`` units per minute flow steadily, and up to ``burst`` may be spent at once. The state
is one number per caller, the theoretical arrival time, read and written by one Lua script
with Redis's own clock, so every service process shares the same limit. What a request costs
and how a decision is told to the client are the doors' (:mod:`service.api.ratelimit`).

When Redis does not answer, requests are let through (and logged): a rate limit is not
worth an outage.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass

from redis.exceptions import RedisClusterException, RedisError

from service.store._lua import Client
from service.store.keys import key

__all__ = ["GCRA", "Decision", "RateLimiter"]

log = logging.getLogger("service.ratelimit")

# KEYS[1]: the caller's TAT key; ARGV: emission interval (µs), burst tolerance (µs), cost.
# Answers {allowed (0/1), retry after (µs), units left, µs until the burst is whole}.
GCRA = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local new_tat = tat + interval * cost
local allow_at = new_tat - tolerance
if allow_at > now then
  return {0, allow_at - now, math.floor((tolerance - (tat - now)) / interval), tat - now}
end
local ttl = math.ceil((new_tat - now) / 1000) + 1
redis.call('SET', KEYS[1], string.format('%d', new_tat), 'PX', ttl)
return {1, 0, math.floor((tolerance - (new_tat - now)) / interval), new_tat - now}
"""

_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


@dataclass(frozen=True, slots=True)
class Decision:
    allowed: bool
    retry_after: int = 0
    """Whole seconds to wait (at least 1) when not allowed."""
    remaining: int | None = None
    """Units left now (None when Redis did not answer)."""
    reset: int = 0
    """Whole seconds until the whole burst is available again (when refused: until the
    request could pass, as ``Retry-After``)."""


class RateLimiter:
    """``rate`` units per minute with a ``burst``, per caller, on the session store's Redis."""

    def __init__(self, redis: Client, *, prefix: str, rate: int, burst: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.rate = rate
        self.interval = 60_000_000 // max(1, rate)
        self.burst = burst
        self._script = redis.register_script(GCRA)

    @property
    def window(self) -> int:
        """Seconds in which a whole burst refills: the policy's ``w``."""
        return max(1, math.ceil(self.interval * self.burst / 1_000_000))

    def _key(self, tenant: str, caller: str) -> str:
        return key(
            tenant, _UNSAFE.sub("-", caller)[:80] or "unknown", "ratelimit", prefix=self.prefix
        )

    async def hit(self, tenant: str, caller: str, cost: int = 1) -> Decision:
        """Take ``cost`` units from the caller's allowance; whether that was allowed."""
        cost = max(1, cost)
        if cost > self.burst:
            # More than a full burst at once can never pass: say when a full burst is back.
            return Decision(False, self.window, 0, self.window)
        tolerance = self.interval * self.burst
        try:
            allowed, wait, left, full = await self._script(
                keys=[self._key(tenant, caller)], args=[self.interval, tolerance, cost]
            )
        except (RedisError, RedisClusterException, OSError) as exc:
            log.warning("rate limit not checked (Redis: %s): request let through", exc)
            return Decision(True)
        reset = max(0, math.ceil(int(full) / 1_000_000))
        remaining = max(0, int(left))
        if int(allowed):
            return Decision(True, 0, remaining, reset)
        retry_after = max(1, math.ceil(int(wait) / 1_000_000))
        return Decision(False, retry_after, remaining, retry_after)

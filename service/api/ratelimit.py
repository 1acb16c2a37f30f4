"""Rate limits: GCRA (the generic cell rate algorithm) on Redis, one key per caller.

A caller is an API key (with ``CRS_AUTH``) or a client IP (without). ``rate`` units per
minute flow steadily, and up to ``burst`` may be spent at once. A request costs the units
of what it runs (:func:`cost_of`: 1, ``encounterOdds`` 10); a GraphQL operation the sum
over its action and query fields. The state is one number per caller, the theoretical
arrival time, read and written by one Lua script with Redis's own clock, so every service
process shares the same limit.

Every decision also tells what is left, for the ``RateLimit`` and ``RateLimit-Policy``
response fields of draft-ietf-httpapi-ratelimit-headers (:func:`headers`): the policy
``"default";q=<burst>;w=<seconds to refill a burst>`` (GCRA as the draft's quota: a burst
of ``q`` units per ``w`` seconds is exactly the steady rate) and the state
``"default";r=<units left>;t=<seconds until the burst is whole again>``.

When Redis does not answer, requests are let through (and logged): a rate limit is not
worth an outage.
"""

from __future__ import annotations

from service.store.ratelimit import Decision, RateLimiter

__all__ = ["COSTS", "POLICY", "Decision", "RateLimiter", "cost_of", "headers"]

COSTS = {"encounterOdds": 10, "verifySession": 10, "forkSession": 10}
"""Actions that cost more than 1 unit (by GraphQL name): ``encounterOdds`` plays a whole
fight out up to 2000 times, ``verifySession`` replays every action of a session and
``forkSession`` every action up to the version it forks."""

POLICY = "default"


def cost_of(action: str) -> int:
    """The units one run of an action costs (by its GraphQL name)."""
    return COSTS.get(action, 1)


def headers(limiter: RateLimiter, decision: Decision) -> dict[str, str]:
    """The ``RateLimit-Policy`` and ``RateLimit`` fields of a decision (none if Redis did not
    answer)."""
    if decision.remaining is None:
        return {}
    return {
        "RateLimit-Policy": f'"{POLICY}";q={limiter.burst};w={limiter.window}',
        "RateLimit": f'"{POLICY}";r={decision.remaining};t={decision.reset}',
    }

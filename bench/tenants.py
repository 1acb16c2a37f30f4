"""Two tenants on one service (issue 24): tenant A runs its heaviest allowed mix while
tenant B's light requests are timed, alone and during A's mix.

Tenant A, at every limit a request may reach (each request allowed, none refused for its
size): ``encounter-odds`` at the ``odds-work`` budget, a GraphQL mutation of 30 aliased
``rollInitiative`` over an encounter of 1/30 of the body limit (the operation's work budget,
``graphql-work`` 1), and a 400-combatant session written, read and verified. Its answers are
checked (:func:`check_a`): 200, or the documented refusals of a tenant past its share (429,
503 ``deadline-exceeded``, 409 ``session-busy``, GraphQL ``LIMIT_EXCEEDED`` or
``Unavailable``), never another 5xx.

Used by ``python -m bench`` (:func:`row`: tenant B's p99 of a 2-combatant ``resolve-attack``
alone and during A's mix, as a ratio; target at most 2) and by
``tests/hardening/test_soak_tenants.py``.
"""

from __future__ import annotations

import json
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from bench import scenarios

ODDS_WORK = 4_000_000
"""``odds-work``'s maximum (service.rules.limits.ODDS_WORK.max, read at import below)."""
MAX_BODY = 1_048_576
"""``CRS_MAX_BODY_BYTES`` by default."""
ALIASES = 30
"""``CRS_GRAPHQL_MAX_ALIASES`` by default."""
BIG_SESSION = 400
"""Combatants of tenant A's session."""
A_THREADS = 4
"""Tenant A's concurrent clients."""
TARGET = 2.0
"""Issue 24's target for tenant B's p99 ratio."""

try:
    from service.rules.limits import ODDS_WORK as _ODDS

    ODDS_WORK = _ODDS.max
except ImportError:  # pragma: no cover - the service is installed alongside
    pass


def duel() -> dict[str, Any]:
    """Two fighters side by side on a 12 x 12 map, with hit points to last every run."""

    def fighter(cid: str, x: int, side: str) -> dict[str, Any]:
        return {
            "id": cid,
            "name": cid.upper(),
            "side": side,
            "position": {"x": x, "y": 1},
            "hp": 400,
            "maxHp": 400,
            "ac": 14,
            "attacks": [{"name": "sword", "bonus": 4, "damage": "1d8+2"}],
        }

    return {
        "ruleset": "d20",
        "grid": {"kind": "square", "width": 12, "height": 12},
        "combatants": [fighter("c0", 1, "party"), fighter("c1", 2, "monsters")],
    }


def create_keys(redis_url: str, prefix: str, secret: str) -> tuple[str, str]:
    """An API key of ``tenant-a`` and one of ``tenant-b``, written to the service's Redis."""
    import asyncio

    import redis.asyncio

    from service.store.apikeys import ApiKeyStore

    async def both() -> tuple[str, str]:
        client = redis.asyncio.Redis.from_url(redis_url)
        try:
            store = ApiKeyStore(client, secret=secret, prefix=prefix)
            a, _ = await store.create("tenant-a", "bench")
            b, _ = await store.create("tenant-b", "bench")
            return a, b
        finally:
            await client.aclose()

    return asyncio.run(both())


def odds_body() -> dict[str, Any]:
    """``encounter-odds`` at the ``odds-work`` budget (runs x rounds x (cells² + 50 n))."""
    return {"encounter": duel(), "runs": ODDS_WORK // (20 * 106), "maxRounds": 20}


def light_body() -> dict[str, Any]:
    """Tenant B's light request: a 2-combatant ``resolve-attack``."""
    return {"encounter": duel(), "attackerId": "c0", "targetId": "c1", "seed": scenarios.SEED}


def graphql_body() -> dict[str, Any]:
    """30 aliased ``rollInitiative`` over one variable of just under 1/30 of the body limit:
    the operation weighs just under the one REST request it may."""
    n = 2
    while len(json.dumps(scenarios.encounter(n + 1))) * ALIASES < 0.95 * MAX_BODY:
        n += 1
    fields = " ".join(
        f"q{i}: rollInitiative(encounter: $e, input: {{}}, seed: {i}) {{ __typename "
        "... on RollInitiativePayload { encounter { combatants { id hp } } } "
        "... on Error { code } }"
        for i in range(ALIASES)
    )
    query = f"mutation($e: EncounterInput!) {{ {fields} }}"
    return {"query": query, "variables": {"e": scenarios.encounter(n)}}


A_REFUSALS = {409: {"session-busy"}, 429: {"rate-limited"}, 503: {"deadline-exceeded"}}
"""The refusals tenant A may get, by status: the documented answers of a tenant past its
share (every request of its mix is allowed on its own)."""


def check_a(kind: str, response: httpx.Response) -> str | None:
    """What is wrong with an answer to tenant A, or None."""
    status = response.status_code
    if status in A_REFUSALS:
        code = response.json().get("code")
        return None if code in A_REFUSALS[status] else f"{kind}: {status} {code}"
    if status != 200:
        return f"{kind}: {status} {response.text[:200]}"
    body = response.json()
    if kind == "graphql":
        if body.get("errors"):
            codes = {e.get("extensions", {}).get("code") for e in body["errors"]}
            return None if codes <= {"LIMIT_EXCEEDED"} else f"graphql: {body['errors'][:1]}"
        names = {r["__typename"] for r in body["data"].values()}
        return None if names <= {"RollInitiativePayload", "Unavailable"} else f"graphql: {names}"
    if kind == "odds" and not isinstance(body.get("outcome"), dict):
        return f"odds: {str(body)[:200]}"
    if kind == "verify" and body.get("reproduced") is not True:
        return f"verify: {str(body)[:200]}"
    return None


@dataclass
class TenantA:
    """Tenant A's mix on ``urls`` (round-robin), on ``A_THREADS`` clients, until stopped."""

    urls: list[str]
    key: str
    kinds: frozenset[str] = frozenset({"odds", "graphql", "write", "read", "verify"})
    """The parts of the mix to run (all by default)."""
    statuses: Counter[str] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)
    going: Any = field(default_factory=threading.Event)
    """Set while the mix runs (:meth:`start` sets it); cleared, each client stops before
    its next request."""
    idle: Any = field(default_factory=threading.Event)
    """Set while ``going`` is clear and no request of the mix is in flight."""
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)
    _busy: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.session = ""
        self.requests: list[tuple[str, str, dict[str, Any]]] = [
            ("odds", "/v1/encounter-odds", odds_body()),
            ("graphql", "/graphql", graphql_body()),
        ]

    def _client(self, url: str) -> httpx.Client:
        headers = {"Authorization": f"Bearer {self.key}"}
        return httpx.Client(base_url=url, headers=headers, timeout=60.0)

    def start(self) -> None:
        with self._client(self.urls[0]) as client:
            created = client.post(
                "/v1/sessions", json={"encounter": scenarios.encounter(BIG_SESSION)}
            )
            created.raise_for_status()
            self.session = created.json()["id"]
        damage = {"targetId": "c1", "amount": 1}
        self.requests += [
            ("write", f"/v1/sessions/{self.session}/apply-damage", damage),
            ("read", f"/v1/sessions/{self.session}", {}),
            ("verify", f"/v1/sessions/{self.session}/verify", {}),
        ]
        self.requests = [r for r in self.requests if r[0] in self.kinds]
        self.going.set()
        for i in range(A_THREADS):
            thread = threading.Thread(target=self._loop, args=(i,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _loop(self, i: int) -> None:
        clients = [self._client(url) for url in self.urls]
        n = i
        try:
            while not self._stop.is_set():
                if not self._enter():
                    continue
                kind, path, body = self.requests[n % len(self.requests)]
                client = clients[n % len(clients)]
                n += 1
                try:
                    method, payload = ("GET", None) if kind == "read" else ("POST", body)
                    response = client.request(method, path, json=payload)
                except httpx.HTTPError as error:
                    self.wrong.append(f"{kind}: {error!r}")
                    continue
                finally:
                    self._leave()
                self.statuses[f"{kind} {response.status_code}"] += 1
                if (problem := check_a(kind, response)) is not None:
                    self.wrong.append(problem)
        finally:
            for client in clients:
                client.close()

    def _enter(self) -> bool:
        """Wait (a moment) for ``going``; True once a request may be sent."""
        if not self.going.wait(0.05):
            return False
        with self._lock:
            if not self.going.is_set():
                return False
            self._busy += 1
            self.idle.clear()
        return True

    def _leave(self) -> None:
        with self._lock:
            self._busy -= 1
            if not self._busy and not self.going.is_set():
                self.idle.set()

    def pause(self) -> None:
        """Stop sending requests; ``idle`` is set once the last one in flight is answered."""
        with self._lock:
            self.going.clear()
            if not self._busy:
                self.idle.set()

    def stop(self) -> None:
        self._stop.set()
        self.going.set()
        for thread in self._threads:
            thread.join(120)


def _run_in_child(
    urls: list[str],
    key: str,
    kinds: frozenset[str],
    events: dict[str, Any],
    out: Any,
) -> None:
    tenant_a = TenantA(urls, key, kinds)
    tenant_a.start()
    while sum(tenant_a.statuses.values()) < 1 and not events["stop"].wait(0.05):
        pass
    events["started"].set()
    while not events["stop"].wait(0.02):
        if events["going"].is_set() != tenant_a.going.is_set():
            if events["going"].is_set():
                events["idle"].clear()
                tenant_a.going.set()
            else:
                tenant_a.pause()
        paused = not events["going"].is_set() and not tenant_a.going.is_set()
        if paused and tenant_a.idle.is_set():
            events["idle"].set()
    tenant_a.stop()
    out.put((dict(tenant_a.statuses), tenant_a.wrong))


class TenantAProcess:
    """:class:`TenantA` in a process of its own, as another tenant's client would be: its
    threads parsing large answers don't take the measuring process's GIL from tenant B."""

    def __init__(self, urls: list[str], key: str, kinds: frozenset[str] | None = None) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self._events = {name: context.Event() for name in ("started", "stop", "going", "idle")}
        self._events["going"].set()
        self._out: Any = context.Queue()
        self._process = context.Process(
            target=_run_in_child,
            args=(urls, key, kinds or TenantA.kinds, self._events, self._out),
            daemon=True,
        )
        self.statuses: Counter[str] = Counter()
        self.wrong: list[str] = []

    def start(self, timeout: float = 60.0) -> None:
        """Start A's mix; return once its first answer came (or raise after ``timeout``)."""
        self._process.start()
        if not self._events["started"].wait(timeout):
            self._process.kill()
            raise RuntimeError(f"tenant A's mix gave no answer in {timeout:g} s")

    def pause(self, timeout: float = 120.0) -> None:
        """Hold A's mix; return once every request of it in flight is answered."""
        self._events["idle"].clear()
        self._events["going"].clear()
        if not self._events["idle"].wait(timeout):
            raise RuntimeError(f"tenant A's requests were not all answered in {timeout:g} s")

    def resume(self) -> None:
        """Let A's mix go on."""
        self._events["going"].set()

    def stop(self, timeout: float = 150.0) -> None:
        """Stop A's mix and collect its answers' statuses and what was wrong with them."""
        self._events["stop"].set()
        statuses, wrong = self._out.get(timeout=timeout)
        self._process.join(timeout)
        self.statuses.update(statuses)
        self.wrong += wrong


def timed(call: Callable[[], httpx.Response]) -> tuple[float, httpx.Response]:
    started = time.perf_counter()
    response = call()
    return time.perf_counter() - started, response


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def light_latencies(url: str, key: str, seconds: float) -> list[float]:
    """Tenant B's light requests, one after the other, for ``seconds``: their latencies."""
    body = light_body()
    out: list[float] = []
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=url, headers=headers, timeout=60.0) as client:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            took, response = timed(lambda: client.post("/v1/resolve-attack", json=body))
            if response.status_code != 200:
                raise RuntimeError(f"tenant B's light request: {response.status_code}")
            out.append(took)
    return out


@dataclass(frozen=True)
class Fairness:
    alone: list[float]
    during: list[float]
    a_statuses: Counter[str]
    a_wrong: list[str]

    @property
    def ratio(self) -> float:
        return p99(self.during) / p99(self.alone)


def measure(
    url: str, keys: tuple[str, str], seconds: float, kinds: frozenset[str] | None = None
) -> Fairness:
    """Tenant B's light requests for ``seconds`` alone, then as long during A's mix (or the
    ``kinds`` of it)."""
    key_a, key_b = keys
    light_latencies(url, key_b, 1.0)  # warm-up
    alone = light_latencies(url, key_b, seconds)
    tenant_a = TenantAProcess([url], key_a, kinds)
    tenant_a.start()
    try:
        during = light_latencies(url, key_b, seconds)
    finally:
        tenant_a.stop()
    return Fairness(alone, during, tenant_a.statuses, tenant_a.wrong)


def row(fairness: Fairness) -> str:
    """The bench row, as a Markdown table."""
    alone, during = fairness.alone, fairness.during
    met = "yes" if fairness.ratio <= TARGET else "**no**"
    mix = ", ".join(f"{k}: {v}" for k, v in sorted(fairness.a_statuses.items()))
    return "\n".join(
        [
            "| tenant B, 2-combatant resolve-attack | requests | p50 ms | p99 ms |",
            "|---|---:|---:|---:|",
            f"| alone | {len(alone)} | {statistics.median(alone) * 1000:.1f} | "
            f"{p99(alone) * 1000:.1f} |",
            f"| while tenant A runs its heaviest allowed mix | {len(during)} | "
            f"{statistics.median(during) * 1000:.1f} | {p99(during) * 1000:.1f} |",
            f"| **p99 ratio** (target ≤ {TARGET:g}) | | | **{fairness.ratio:.2f}** ({met}) |",
            "",
            f"tenant A's answers: {mix}"
            + (f"; wrong: {fairness.a_wrong[:3]}" if fairness.a_wrong else ""),
        ]
    )

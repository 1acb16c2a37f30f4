"""``python -m bench.redis_scripts``: each store script's Redis time at the largest session.

On a Redis server of its own (every command logged by SLOWLOG, which times a script on
Redis's one thread, network excluded), it builds the largest session the defaults allow
for a replay: a document of ``CRS_MAX_BODY_BYTES`` (1 MiB), ``replay-steps`` (1,000)
versions, a full undo history (50), the last versions written with idempotency keys (so
that trimmed and undone versions move into their records), then runs every read the
service makes of it, an undo, a delete, and the tenant ledger at its session quota with
every session expired at once. It prints the slowest run of each script, in milliseconds
(the figures in SECURITY.md, "Sessions and Redis").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
from collections import defaultdict
from typing import Any

import redis.asyncio

from service.store import Change, Document, RedisServer, SessionStore, _lua, find_redis_server

MIB = 1_048_576


def document(n: int, size: int) -> Document:
    """A document of about ``size`` bytes, much like an encounter (many small members)."""
    rows = [{"id": f"c{i}", "name": f"creature {i}".ljust(60, "."), "hp": 10} for i in range(1)]
    row = len(json.dumps(rows[0]))
    rows = [{**rows[0], "id": f"c{i}"} for i in range(size // (row + 1))]
    return {"n": n, "combatants": rows}


def step(doc: Document) -> Change:
    new = {**doc, "n": doc["n"] + 1}
    events = [{"type": "damage", "n": new["n"], "target": "c1", "amount": 1}]
    record = {"action": "applyDamage", "params": {"targetId": "c1", "amount": 1}, "seed": 1}
    return Change(new, events, {"encounter": new, "outcome": {"n": 1}}, "encounter", record)


async def measure(
    versions: int, size: int, keyed: int, sessions: int
) -> dict[str, tuple[int, float, float, float]]:
    executable = find_redis_server()
    if executable is None:
        raise SystemExit("no redis-server found")
    server = RedisServer(executable=executable)
    server.start()
    client = redis.asyncio.Redis.from_url(server.url)
    try:
        for script in _scripts():
            await client.script_load(script.source)
        await client.config_set("slowlog-log-slower-than", 0)
        await client.config_set("slowlog-max-len", 1_000_000)
        store = SessionStore(client, prefix="bench", timeout=30)
        tenant = "bench"
        session = await store.create(tenant, document(0, size), steps=True)
        sid = session.id
        for v in range(2, versions):
            key = f"k{v}" if v > versions - keyed else None
            await store.apply(tenant, sid, step, idempotency_key=key)
        await store.undo(tenant, sid, idempotency_key="undo", log_step=True)
        current = (await store.get(tenant, sid)).version
        await store.apply(tenant, sid, step, idempotency_key=f"k{versions - 1}")  # a replay
        await store.read(tenant, sid)
        await store.logs.events(tenant, sid, offset=0, limit=200)
        await store.logs.steps(tenant, sid, offset=0, limit=200)
        await store.logs.replay_length(tenant, sid)
        async for _ in store.logs.transcript_pages(tenant, sid):
            pass
        for after in (current, current - 1, 0):
            async with store.follow(tenant, sid, after=after) as follower:
                while follower.version and await follower.next(0.001) is not None:
                    pass
        await store.delete(tenant, sid)
        await _ledger_at_quota(client, sessions)
        return await _slowest(client)
    finally:
        await client.aclose()
        server.close()


async def _ledger_at_quota(client: redis.asyncio.Redis, sessions: int) -> None:
    """A tenant at its quota of sessions, every one expired: the next admission forgets
    them all in one LEDGER run."""
    store = SessionStore(client, prefix="ledger", max_sessions=sessions, idle_ttl=0.5)
    for first in range(0, sessions, 50):
        count = min(50, sessions - first)
        await asyncio.gather(*(store.create("t", {"n": 0}) for _ in range(count)))
    await asyncio.sleep(0.6)
    await store.create("t", {"n": 0})


def _scripts() -> list[_lua.Script]:
    return [s for s in (getattr(_lua, n) for n in _lua.__all__) if isinstance(s, _lua.Script)]


async def _slowest(client: redis.asyncio.Redis) -> dict[str, tuple[int, float, float, float]]:
    """Per script: its runs, the median, the 99th percentile and the slowest, in ms."""
    names = {
        getattr(_lua, name).sha: name
        for name in _lua.__all__
        if isinstance(getattr(_lua, name), _lua.Script)
    }
    runs: dict[str, list[float]] = defaultdict(list)
    entries: list[Any] = await client.slowlog_get(1_000_000)
    for entry in entries:
        command = entry["command"]
        command = command.decode() if isinstance(command, bytes) else str(command)
        parts = command.split()
        if len(parts) > 1 and parts[0].upper() in {"EVALSHA", "EVAL"}:
            runs[names.get(parts[1], parts[1][:8])].append(entry["duration"] / 1000)
    return {
        name: (len(times), statistics.median(times), _p99(times), max(times))
        for name, times in sorted(runs.items())
    }


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--versions", type=int, default=1000)
    parser.add_argument("--bytes", type=int, default=MIB)
    parser.add_argument("--keyed", type=int, default=60)
    parser.add_argument("--sessions", type=int, default=1000)
    args = parser.parse_args()
    worst = asyncio.run(measure(args.versions, args.bytes, args.keyed, args.sessions))
    print(f"{'script':<12} {'runs':>6} {'median':>7} {'p99':>7} {'slowest':>8}  (ms of Redis time)")
    for name, (count, median, p99, slowest) in worst.items():
        print(f"{name:<12} {count:6d} {median:7.2f} {p99:7.2f} {slowest:8.2f}")


if __name__ == "__main__":
    main()

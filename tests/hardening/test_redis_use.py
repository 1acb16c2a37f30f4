"""Redis use per tenant and per session, through both doors: a busy session answers 409
``session-busy`` with Retry-After (not 503) while Redis is fine, tenant quotas answer 507
with their own codes, idempotency records name the version they answer with (a keyed write
keeps at most 1.5 times its document), answer the first answer again after later writes
and end with their session, a creation replayed after its session was deleted creates a
new one, and ``verify`` of the longest session it allows, of a 1 MB encounter, succeeds in
bounded memory."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from factories import combatant, encounter_doc, skirmish
from service_process import ServiceProcess
from starlette.testclient import TestClient

from service.settings import Settings

pytestmark = pytest.mark.timeout(180)

CREATE = """mutation($e: EncounterInput!) { createSession(encounter: $e) {
    __typename ... on Error { code message } ... on Unavailable { retryAfter } } }"""
DAMAGE = """mutation($id: ID!) { applyDamage(sessionId: $id, input: {targetId: "gob1", amount: 1})
    { __typename ... on Error { code message } } }"""


def crowd(size: int) -> dict[str, Any]:
    """An encounter of ``size`` combatants (stored, about 2.3 kB each)."""
    attacks = [
        {"name": f"attack {j} ".ljust(40, "a"), "bonus": 4, "damage": "1d8+2"} for j in range(6)
    ]
    people = [
        combatant(
            f"c{i}",
            i % 40,
            i // 40,
            hp=1000,
            maxHp=1000,
            name=f"C{i} ".ljust(80, "n"),
            attacks=attacks,
        )
        for i in range(size)
    ]
    people[0]["id"] = "gob1"
    return encounter_doc(*people, width=40, height=40)


def redis_of(client: TestClient) -> tuple[redis.Redis, str]:
    settings: Settings = client.app.state.settings  # type: ignore[attr-defined]
    assert settings.redis_url is not None
    return redis.Redis.from_url(settings.redis_url), settings.redis_prefix


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    # A short queue: the session hot path writes fast enough that 300 writes at once may
    # never find 16 waiting, which would leave the busy answer untested.
    env = {
        "REDIS_URL": redis_url,
        "CRS_REDIS_PREFIX": f"{redis_prefix}-busy",
        "CRS_SESSION_QUEUE_LIMIT": "2",
    }
    process = ServiceProcess(env, tmp_path_factory.mktemp("busy") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


async def test_a_long_queue_on_one_session_is_busy_not_unavailable(
    service: ServiceProcess,
) -> None:
    """300 writes at once on a 38 kB session, Redis healthy: each is applied or answered
    409 ``session-busy`` with Retry-After; none is 503, and every 200 is one version."""
    limits = httpx.Limits(max_connections=300, max_keepalive_connections=300)
    async with httpx.AsyncClient(base_url=service.url, timeout=60.0, limits=limits) as http:
        body = {"encounter": crowd(16)}
        created = await http.post("/v1/sessions", json=body)
        assert created.status_code == 201, created.text
        assert 30_000 < len(created.content) < 60_000
        sid = created.json()["id"]

        async def hit() -> httpx.Response:
            return await http.post(
                f"/v1/sessions/{sid}/apply-damage", json={"targetId": "gob1", "amount": 1}
            )

        replies = await asyncio.wait_for(asyncio.gather(*(hit() for _ in range(300))), 150)
        statuses = Counter(r.status_code for r in replies)
        assert set(statuses) <= {200, 409}, statuses
        assert statuses[409] > 0, "300 writes at once never filled the queue"
        busy = [r for r in replies if r.status_code == 409]
        assert {r.json()["code"] for r in busy} == {"session-busy"}
        assert all(int(r.headers["retry-after"]) >= 1 for r in busy)
        final = (await http.get(f"/v1/sessions/{sid}")).json()
        assert final["version"] == 1 + statuses[200]
        assert sorted(r.json()["session"]["version"] for r in replies if r.status_code == 200) == (
            list(range(2, 2 + statuses[200]))
        )


def test_the_session_quota_on_both_doors(make_client: Callable[..., TestClient]) -> None:
    client = make_client(tenant_max_sessions=2)
    for _ in range(2):
        assert client.post("/v1/sessions", json={"encounter": skirmish()}).status_code == 201
    refused = client.post("/v1/sessions", json={"encounter": skirmish()})
    assert refused.status_code == 507, refused.text
    assert refused.headers["content-type"] == "application/problem+json"
    problem = refused.json()
    assert (problem["code"], problem["quota"], problem["limit"]) == (
        "session-quota-exceeded",
        "sessions",
        2,
    )
    answer = client.post("/graphql", json={"query": CREATE, "variables": {"e": skirmish()}})
    result = answer.json()["data"]["createSession"]
    assert (result["__typename"], result["code"]) == ("QuotaExceeded", "session-quota-exceeded")


def test_the_bytes_quota_on_both_doors(make_client: Callable[..., TestClient]) -> None:
    client = make_client(tenant_max_bytes=200_000, max_body_bytes=1_048_576)
    sid = client.post("/v1/sessions", json={"encounter": crowd(16)}).json()["id"]
    statuses = []
    for _ in range(6):  # each write keeps the undo snapshot: about 40 kB more
        reply = client.post(
            f"/v1/sessions/{sid}/apply-damage", json={"targetId": "gob1", "amount": 1}
        )
        statuses.append(reply.status_code)
        if reply.status_code == 507:
            assert reply.json()["code"] == "storage-quota-exceeded"
            break
    assert statuses[-1] == 507 and set(statuses[:-1]) == {200}
    version = client.get(f"/v1/sessions/{sid}").json()["version"]
    assert version == len(statuses)  # the refused write wrote nothing
    answer = client.post("/graphql", json={"query": DAMAGE, "variables": {"id": sid}})
    result = answer.json()["data"]["applyDamage"]
    assert (result["__typename"], result["code"]) == ("QuotaExceeded", "storage-quota-exceeded")
    # Deleting the session gives the room back.
    assert client.delete(f"/v1/sessions/{sid}").status_code == 204
    assert client.post("/v1/sessions", json={"encounter": crowd(16)}).status_code == 201


def held(server: redis.Redis, pattern: str) -> int:
    """Every byte of every key matching ``pattern``: strings, list items, hash fields and
    values, sorted-set members."""
    total = 0
    for name in server.scan_iter(match=pattern, count=1000):
        kind = server.type(name).decode()
        if kind == "string":
            total += int(server.strlen(name))
        elif kind == "list":
            total += sum(map(len, server.lrange(name, 0, -1)))
        elif kind == "hash":
            total += sum(len(k) + len(v) for k, v in server.hgetall(name).items())
        elif kind == "zset":
            total += sum(map(len, server.zrange(name, 0, -1)))
    return total


def test_an_idempotent_write_names_its_version_and_ends_with_its_session(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(max_body_bytes=1_048_576)
    created = client.post("/v1/sessions", json={"encounter": crowd(16)})
    sid = created.json()["id"]
    server, prefix = redis_of(client)
    try:
        pattern = f"{prefix}:*{sid}*"
        before = held(server, pattern)
        document = len(server.hget(f"{prefix}:public:{{{sid}}}:session", "document") or b"")
        assert document > 30_000
        replies = []
        for i in range(5):
            replies.append(
                client.post(
                    f"/v1/sessions/{sid}/apply-damage",
                    json={"targetId": "gob1", "amount": 1},
                    headers={"Idempotency-Key": f"once-{i}"},
                )
            )
            assert replies[-1].status_code == 200
        assert (held(server, pattern) - before) / 5 <= 1.5 * document
        records = [n for n in server.scan_iter(match=pattern, count=1000) if b":idempotency:" in n]
        assert len(records) == 5
        assert all(int(server.strlen(n)) < 2000 for n in records)  # no encounter in them
        client.post(f"/v1/sessions/{sid}/undo")  # the last keyed version leaves the session
        for i, reply in enumerate(replies):
            replay = client.post(
                f"/v1/sessions/{sid}/apply-damage",
                json={"targetId": "gob1", "amount": 1},
                headers={"Idempotency-Key": f"once-{i}"},
            )
            assert replay.status_code == reply.status_code
            assert replay.headers["idempotent-replayed"] == "true"
            assert replay.json() == reply.json()
        assert client.delete(f"/v1/sessions/{sid}").status_code == 204
        assert list(server.scan_iter(match=pattern, count=1000)) == []
    finally:
        server.close()


def test_a_creation_replayed_after_delete_answers_a_session_that_exists(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    key = {"Idempotency-Key": "make-one"}
    first = client.post("/v1/sessions", json={"encounter": skirmish()}, headers=key)
    again = client.post("/v1/sessions", json={"encounter": skirmish()}, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.json()["id"] == first.json()["id"]
    assert client.delete(first.headers["location"]).status_code == 204

    after = client.post("/v1/sessions", json={"encounter": skirmish()}, headers=key)
    assert after.status_code == 201
    assert after.json()["id"] != first.json()["id"]
    assert client.get(after.headers["location"]).status_code == 200


def _memory(pid: int) -> dict[str, int]:
    """The process's resident and peak resident memory, in kB."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return {name: int(fields[name].split()[0]) for name in ("VmRSS", "VmHWM")}


@pytest.fixture(scope="module")
def plain_service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    env = {"REDIS_URL": redis_url, "CRS_REDIS_PREFIX": f"{redis_prefix}-long"}
    process = ServiceProcess(env, tmp_path_factory.mktemp("long") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


@pytest.mark.timeout(900)
async def test_verify_of_the_longest_session_of_a_1_mb_encounter_succeeds(
    plain_service: ServiceProcess,
) -> None:
    """1,000 versions (``replay-steps``) of a 0.9 MB encounter: ``verify`` reads the
    transcript a page at a time and answers that it reproduces, in bounded memory (its
    peak is a few encounters more than the process's, not the session's 1,000)."""
    async with httpx.AsyncClient(base_url=plain_service.url, timeout=120.0) as http:
        created = await http.post("/v1/sessions", json={"encounter": crowd(400)})
        assert created.status_code == 201, created.text
        assert len(created.content) > 900_000
        sid = created.json()["id"]
        for _ in range(999):
            reply = await http.post(
                f"/v1/sessions/{sid}/apply-damage", json={"targetId": "gob1", "amount": 1}
            )
            assert reply.status_code == 200, reply.text
        pid = plain_service.process.pid
        Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak starts again from now
        before = _memory(pid)
        started = time.monotonic()
        verdict = await http.post(f"/v1/sessions/{sid}/verify")
        took = time.monotonic() - started
        after = _memory(pid)
        assert verdict.status_code == 200, verdict.text
        body = verdict.json()
        assert (body["reproduced"], body["version"], body["steps"]) == (True, 1000, 1000)
        peak = after["VmHWM"] - before["VmRSS"]
        print(f"verify: {took:.2f} s, peak {peak} kB over the process's {before['VmRSS']} kB")
        assert peak < 100_000
        refused = await http.post(
            f"/v1/sessions/{sid}/apply-damage", json={"targetId": "gob1", "amount": 1}
        )
        assert refused.status_code == 200  # version 1001: one more than verify replays
        too_long = await http.post(f"/v1/sessions/{sid}/verify")
        assert too_long.status_code == 422 and too_long.json()["limit"] == "replay-steps"
        await http.delete(f"/v1/sessions/{sid}")

"""Redis use per tenant and per session, through both doors: a busy session answers 409
``session-busy`` with Retry-After (not 503) while Redis is fine, tenant quotas answer 507
with their own codes, idempotency records keep one copy of the response and end with their
session, and a creation replayed after its session was deleted creates a new one."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Iterator
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


def test_an_idempotent_write_keeps_one_copy_and_ends_with_its_session(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(max_body_bytes=1_048_576)
    created = client.post("/v1/sessions", json={"encounter": crowd(16)})
    sid = created.json()["id"]
    reply = client.post(
        f"/v1/sessions/{sid}/apply-damage",
        json={"targetId": "gob1", "amount": 1},
        headers={"Idempotency-Key": "once"},
    )
    assert reply.status_code == 200
    server, prefix = redis_of(client)
    try:
        names = [k.decode() for k in server.scan_iter(match=f"{prefix}:*{sid}*", count=1000)]
        [record] = [n for n in names if ":idempotency:" in n]
        # One copy of the response (which holds the encounter), not the session's besides.
        assert server.strlen(record) < len(reply.content) + 2000
        replay = client.post(
            f"/v1/sessions/{sid}/apply-damage",
            json={"targetId": "gob1", "amount": 1},
            headers={"Idempotency-Key": "once"},
        )
        assert replay.headers["idempotent-replayed"] == "true"
        assert replay.json() == reply.json()
        assert client.delete(f"/v1/sessions/{sid}").status_code == 204
        assert list(server.scan_iter(match=f"{prefix}:*{sid}*", count=1000)) == []
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

"""The service as real processes (``python -m service``) on loopback, sharing one Redis.

Two processes writing one session concurrently lose no update; a subscriber on one sees the
writes made through the other; Redis going away answers 503 on session routes (stateless ones
keep working) until it is back, without restarting the service.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import websockets
from factories import skirmish
from service_process import ServiceProcess

from service.store import RedisServer
from service.store.embedded import free_port

pytestmark = pytest.mark.timeout(180)

Start = Callable[..., ServiceProcess]


def fight(goblin_hp: int = 1000) -> dict[str, Any]:
    doc = skirmish()
    doc["combatants"][1].update(hp=goblin_hp, maxHp=goblin_hp)
    return doc


def hp(document: dict[str, Any], cid: str) -> int:
    return int(next(c for c in document["combatants"] if c["id"] == cid)["hp"])


@pytest.fixture(scope="module")
def pair(
    start_module_service: Start, redis_url: str, redis_prefix: str
) -> tuple[ServiceProcess, ServiceProcess]:
    """Two service processes on one Redis, started together, shared by the module (each
    lets 200 writes queue on one session, where the default answers 409 past 16)."""
    env = {
        "REDIS_URL": redis_url,
        "CRS_REDIS_PREFIX": redis_prefix,
        "CRS_SESSION_QUEUE_LIMIT": "200",
        "CRS_SESSION_QUEUE_TIMEOUT_SECONDS": "120",
    }
    a, b = start_module_service(env, wait=False), start_module_service(env, wait=False)
    a.wait_ready()
    b.wait_ready()
    return a, b


async def test_two_processes_lose_no_update(pair: tuple[ServiceProcess, ServiceProcess]) -> None:
    a, b = pair
    async with httpx.AsyncClient(timeout=30.0) as http:
        created = await http.post(f"{a.url}/v1/sessions", json={"encounter": fight(1000)})
        assert created.status_code == 201
        sid = created.json()["id"]

        async def hit(i: int) -> httpx.Response:
            base = a.url if i % 2 else b.url
            return await http.post(
                f"{base}/v1/sessions/{sid}/apply-damage", json={"targetId": "gob1", "amount": 1}
            )

        replies = await asyncio.wait_for(asyncio.gather(*(hit(i) for i in range(200))), 120)
        assert [r.status_code for r in replies] == [200] * 200, [
            r.text for r in replies if r.status_code != 200
        ][:3]
        versions = sorted(r.json()["session"]["version"] for r in replies)
        assert versions == list(range(2, 202))
        assert sorted(int(r.headers["etag"].strip('"')) for r in replies) == versions
        final = (await http.get(f"{b.url}/v1/sessions/{sid}")).json()
        assert final["version"] == 201
        assert hp(final["encounter"], "gob1") == 800
        log = (await http.get(f"{a.url}/v1/sessions/{sid}/events?limit=200")).json()
        assert log["total"] == 200


SUBSCRIPTION = """subscription ($id: ID!) {
  sessionUpdated(sessionId: $id) {
    __typename
    ... on SessionUpdate { id version document events { index version data } }
    ... on Error { code message }
  }
}"""


async def _receive(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return message


async def test_subscriber_on_one_process_sees_writes_through_the_other(
    pair: tuple[ServiceProcess, ServiceProcess],
) -> None:
    a, b = pair
    async with httpx.AsyncClient(timeout=10.0) as http:
        sid = (await http.post(f"{a.url}/v1/sessions", json={"encounter": fight(50)})).json()["id"]
        async with websockets.connect(
            f"ws://127.0.0.1:{a.port}/graphql",
            subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
            open_timeout=10,
            close_timeout=5,
        ) as ws:
            await ws.send(json.dumps({"type": "connection_init"}))
            assert (await _receive(ws))["type"] == "connection_ack"
            await ws.send(
                json.dumps(
                    {
                        "id": "1",
                        "type": "subscribe",
                        "payload": {"query": SUBSCRIPTION, "variables": {"id": sid}},
                    }
                )
            )
            await asyncio.sleep(1.0)  # let the subscription reach Redis before writing
            r = await http.post(
                f"{b.url}/v1/sessions/{sid}/apply-damage", json={"targetId": "gob1", "amount": 5}
            )
            assert r.status_code == 200
            message = await _receive(ws)
            assert message["type"] == "next", message
            update = message["payload"]["data"]["sessionUpdated"]
            assert update["__typename"] == "SessionUpdate"
            assert update["id"] == sid and update["version"] == 2
            assert hp(update["document"], "gob1") == 45
            assert [e["data"]["type"] for e in update["events"]] == ["damage"]
            mutation = """mutation ($id: ID!) { undo(sessionId: $id) { __typename } }"""
            r = await http.post(
                f"{b.url}/graphql", json={"query": mutation, "variables": {"id": sid}}
            )
            assert r.json()["data"]["undo"]["__typename"] == "UndoPayload"
            update = (await _receive(ws))["payload"]["data"]["sessionUpdated"]
            assert update["version"] == 3 and hp(update["document"], "gob1") == 50
            assert (await http.delete(f"{b.url}/v1/sessions/{sid}")).status_code == 204
            assert await _receive(ws) == {"id": "1", "type": "complete"}


async def test_subscribing_to_an_unknown_session_answers_not_found(
    pair: tuple[ServiceProcess, ServiceProcess],
) -> None:
    service = pair[1]
    async with websockets.connect(
        f"ws://127.0.0.1:{service.port}/graphql",
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
        open_timeout=10,
    ) as ws:
        await ws.send(json.dumps({"type": "connection_init"}))
        assert (await _receive(ws))["type"] == "connection_ack"
        payload = {"query": SUBSCRIPTION, "variables": {"id": "0123456789abcdefABCDEF"}}
        await ws.send(json.dumps({"id": "9", "type": "subscribe", "payload": payload}))
        message = await _receive(ws)
        assert message["payload"]["data"]["sessionUpdated"]["__typename"] == "NotFound"
        assert await _receive(ws) == {"id": "9", "type": "complete"}


def _wait_status(url: str, status: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = httpx.get(url, timeout=5.0).status_code
        except httpx.HTTPError:
            last = None
        if last == status:
            return
        time.sleep(0.2)
    raise AssertionError(f"{url} answered {last}, not {status}, for {timeout} s")


def test_redis_outage_answers_503_then_recovers(
    start_service: Start, redis_server_executable: str
) -> None:
    server = RedisServer(port=free_port(), executable=redis_server_executable)
    try:
        server.start()
        service = start_service({"REDIS_URL": server.url, "CRS_STORE_TIMEOUT_SECONDS": "1"})
        with httpx.Client(base_url=service.url, timeout=15.0) as http:
            sid = http.post("/v1/sessions", json={"encounter": fight()}).json()["id"]
            damage = {"targetId": "gob1", "amount": 1}
            assert http.post(f"/v1/sessions/{sid}/apply-damage", json=damage).status_code == 200

            server.stop()
            for method, path, body in [
                ("POST", f"/v1/sessions/{sid}/apply-damage", damage),
                ("GET", f"/v1/sessions/{sid}", None),
                ("POST", "/v1/sessions", {"encounter": fight()}),
                ("POST", f"/v1/sessions/{sid}/undo", None),
                ("GET", f"/v1/sessions/{sid}/events", None),
            ]:
                started = time.monotonic()
                r = http.request(method, path, json=body)
                assert time.monotonic() - started < 5.0, path
                assert r.status_code == 503, (path, r.status_code, r.text)
                assert r.headers["content-type"] == "application/problem+json"
                assert int(r.headers["retry-after"]) >= 1
            stateless = http.post("/v1/roll-initiative", json={"encounter": fight(), "seed": 1})
            assert stateless.status_code == 200
            assert http.get("/readyz/sessions").status_code == 503
            assert http.get("/readyz").status_code == 200
            assert http.get("/healthz").status_code == 200
            query = """query ($id: ID!) { session(id: $id) { __typename
                       ... on Unavailable { retryAfter } } }"""
            r = http.post("/graphql", json={"query": query, "variables": {"id": sid}})
            assert r.json()["data"]["session"] == {"__typename": "Unavailable", "retryAfter": 1}

            server.start()  # the same address; this server keeps nothing, so a new session
            _wait_status(service.url + "/readyz/sessions", 200)
            created = http.post("/v1/sessions", json={"encounter": fight()})
            assert created.status_code == 201
            new = created.json()["id"]
            r = http.post(f"/v1/sessions/{new}/apply-damage", json=damage)
            assert r.status_code == 200 and r.json()["session"]["version"] == 2
            assert http.get(f"/v1/sessions/{sid}").status_code == 404
    finally:
        server.close()


def test_without_redis_url_the_service_runs_its_own_redis(start_service: Start) -> None:
    service = start_service({})
    with httpx.Client(base_url=service.url, timeout=10.0) as http:
        assert http.get("/readyz").status_code == 200
        sid = http.post("/v1/sessions", json={"encounter": fight()}).json()["id"]
        r = http.post(f"/v1/sessions/{sid}/apply-damage", json={"targetId": "gob1", "amount": 3})
        assert r.status_code == 200 and r.headers["etag"] == '"2"'
    service.stop()
    assert service.process.returncode is not None
    assert "embedded Redis" in service.output()

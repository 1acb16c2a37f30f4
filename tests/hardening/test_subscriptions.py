"""One tenant's subscriptions cannot starve another's, on a real ``python -m service`` with a
Redis of its own: 1000 open subscriptions from one key (10 websockets of 100, strawberry's
most per socket, over 50 sessions) all live at once over the process's single pub/sub
connection, the tenant's next one is refused with its quota, and another tenant subscribes
and is served."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
import websockets
from factories import skirmish
from hardening_support import SECRET, _key_op
from service_process import ServiceProcess

from service.settings import Settings
from service.store import RedisServer, find_redis_server
from service.store.embedded import free_port

pytestmark = pytest.mark.timeout(240)

SUBSCRIPTION = """subscription ($id: ID!) { sessionUpdated(sessionId: $id) {
    __typename ... on SessionUpdate { version } ... on Error { code } } }"""


@pytest.fixture(scope="module")
def own_redis() -> Iterator[RedisServer]:
    executable = find_redis_server()
    if executable is None:
        pytest.skip("no redis-server binary")
    with RedisServer(port=free_port(), executable=executable) as server:
        yield server


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory, own_redis: RedisServer) -> Iterator[Any]:
    env = {
        "REDIS_URL": own_redis.url,
        "CRS_AUTH": "1",
        "CRS_API_KEY_SECRET": SECRET,
        "CRS_REQUIRE_PERSISTENCE": "0",
        "CRS_TENANT_MAX_SUBSCRIPTIONS": "1000",
        # A thousand sends at once on a saturated machine can keep the pub/sub connection's
        # PING unanswered past the default 2 s, which ends every subscription with
        # store-unavailable (as it should when Redis stops answering); that is not what this
        # test asks, so Redis may take 20 s here.
        "CRS_STORE_TIMEOUT_SECONDS": "20",
    }
    process = ServiceProcess(env, tmp_path_factory.mktemp("subs") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


async def socket_of(service: ServiceProcess, key: str) -> Any:
    ws = await websockets.connect(
        service.url.replace("http://", "ws://") + "/graphql",
        subprotocols=["graphql-transport-ws"],
        max_queue=None,
    )
    await ws.send(
        json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {key}"}})
    )
    assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "connection_ack"
    return ws


async def subscribe(ws: Any, op_id: str, session_id: str) -> None:
    message = {"query": SUBSCRIPTION, "variables": {"id": session_id}}
    await ws.send(json.dumps({"id": op_id, "type": "subscribe", "payload": message}))


async def test_a_thousand_subscriptions_of_one_key_leave_others_alone(
    service: ServiceProcess, own_redis: RedisServer
) -> None:
    settings = Settings(redis_url=own_redis.url)
    greedy, _ = await _key_op(settings, "create", "greedy", "")
    modest, _ = await _key_op(settings, "create", "modest", "")
    async with httpx.AsyncClient(base_url=service.url, timeout=30) as http:

        async def new_session(key: str) -> str:
            created = await http.post(
                "/v1/sessions",
                json={"encounter": skirmish()},
                headers={"Authorization": f"Bearer {key}"},
            )
            assert created.status_code == 201, created.text
            return str(created.json()["id"])

        async def hit(key: str, session_id: str) -> None:
            written = await http.post(
                f"/v1/sessions/{session_id}/apply-damage",
                json={"targetId": "gob1", "amount": 1},
                headers={"Authorization": f"Bearer {key}"},
            )
            assert written.status_code == 200, written.text

        sessions = [await new_session(greedy) for _ in range(50)]
        theirs = await new_session(modest)
        sockets = [await socket_of(service, greedy) for _ in range(10)]
        try:
            for i in range(1000):
                await subscribe(sockets[i // 100], str(i), sessions[i % 50])
            # Write the sessions until each of the 1000 subscriptions has had an update: then
            # all were open at once. Only sessions with a subscription still waiting are
            # written again, so a loaded machine's slow sends don't pile up behind them.
            updates: Counter[str] = Counter()

            async def drain(ws: Any) -> None:
                try:
                    while True:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                        assert message["type"] == "next", message
                        data = message["payload"]["data"]["sessionUpdated"]
                        assert data["__typename"] == "SessionUpdate", data
                        updates[message["id"]] += 1
                except TimeoutError:
                    pass

            async with asyncio.timeout(120):
                while len(updates) < 1000:
                    waiting = {sessions[i % 50] for i in range(1000) if str(i) not in updates}
                    await asyncio.gather(*(hit(greedy, s) for s in waiting))
                    await asyncio.gather(*(drain(ws) for ws in sockets))
            with redis.Redis.from_url(own_redis.url) as server:
                assert len(server.client_list(_type="pubsub")) == 1

            extra = await socket_of(service, greedy)
            await subscribe(extra, "one-more", sessions[0])
            async with asyncio.timeout(20):
                message = json.loads(await extra.recv())
            await extra.close()
            assert message["payload"]["data"]["sessionUpdated"] == {
                "__typename": "QuotaExceeded",
                "code": "subscription-quota-exceeded",
            }

            other = await socket_of(service, modest)
            try:
                await subscribe(other, "1", theirs)
                async with asyncio.timeout(30):
                    while True:
                        await hit(modest, theirs)
                        try:
                            message = json.loads(await asyncio.wait_for(other.recv(), 1.0))
                            break
                        except TimeoutError:
                            continue
                assert message["type"] == "next"
                assert message["payload"]["data"]["sessionUpdated"]["__typename"] == (
                    "SessionUpdate"
                )
            finally:
                await other.close()
        finally:
            for ws in sockets:
                await ws.close()


def test_log_has_no_errors(service: ServiceProcess) -> None:
    text = Path(service.log).read_text(errors="replace")
    assert '"level":"error"' not in text and "Traceback" not in text, text[-3000:]

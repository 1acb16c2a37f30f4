"""API keys on a real ``python -m service`` with real websockets: a key revoked while a
GraphQL websocket is open stops working on it (at its next operation, and within the
recheck interval for the subscriptions it holds), and the service refuses to start with
keys on a Redis that would lose them."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from factories import skirmish
from hardening_support import SECRET, _key_op
from service_process import ROOT, ServiceProcess

from service.settings import Settings

pytestmark = pytest.mark.timeout(120)

RECHECK = 1.0
SUBSCRIPTION = """subscription ($id: ID!) { sessionUpdated(sessionId: $id) {
    __typename ... on SessionUpdate { version } ... on Error { code } } }"""


@pytest.fixture(scope="module")
def settings(redis_url: str, redis_prefix: str) -> Settings:
    return Settings(redis_url=redis_url, redis_prefix=f"{redis_prefix}-ws", auth=True)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory, settings: Settings) -> Iterator[Any]:
    assert settings.redis_url is not None
    env = {
        "REDIS_URL": settings.redis_url,
        "CRS_REDIS_PREFIX": settings.redis_prefix,
        "CRS_AUTH": "1",
        "CRS_API_KEY_SECRET": SECRET,
        "CRS_API_KEY_RECHECK_SECONDS": str(RECHECK),
        "CRS_REQUIRE_PERSISTENCE": "0",  # the test Redis keeps nothing on disk
    }
    process = ServiceProcess(env, tmp_path_factory.mktemp("ws") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


async def keys(settings: Settings, op: str, tenant: str, arg: str = "") -> Any:
    """Create (the key and its id) or revoke a key, as ``python -m service keys`` does."""
    return await _key_op(settings, op, tenant, arg)


async def open_socket(service: ServiceProcess, key: str, *, in_headers: bool) -> Any:
    ws_url = service.url.replace("http://", "ws://") + "/graphql"
    headers = {"Authorization": f"Bearer {key}"} if in_headers else None
    ws = await websockets.connect(
        ws_url, subprotocols=["graphql-transport-ws"], additional_headers=headers
    )
    payload = {} if in_headers else {"Authorization": f"Bearer {key}"}
    await ws.send(json.dumps({"type": "connection_init", "payload": payload}))
    ack = json.loads(await asyncio.wait_for(ws.recv(), 10))
    assert ack["type"] == "connection_ack", ack
    return ws


async def subscribe(ws: Any, op_id: str, session_id: str) -> None:
    await ws.send(
        json.dumps(
            {
                "id": op_id,
                "type": "subscribe",
                "payload": {"query": SUBSCRIPTION, "variables": {"id": session_id}},
            }
        )
    )


async def closed_code(ws: Any, within: float) -> int:
    """The close code the server ends the socket with (failing after ``within`` seconds)."""
    async with asyncio.timeout(within):
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await ws.recv()
    assert closed.value.rcvd is not None
    return int(closed.value.rcvd.code)


def new_session(service: ServiceProcess, key: str) -> str:
    created = httpx.post(
        f"{service.url}/v1/sessions",
        json={"encounter": skirmish()},
        headers={"Authorization": f"Bearer {key}"},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    return str(created.json()["id"])


@pytest.mark.parametrize("in_headers", [False, True], ids=["connection-init", "upgrade-headers"])
async def test_a_revoked_key_stops_working_on_an_open_socket(
    service: ServiceProcess, settings: Settings, in_headers: bool
) -> None:
    key, key_id = await keys(settings, "create", "acme")
    sid = new_session(service, key)
    quiet = await open_socket(service, key, in_headers=in_headers)
    busy = await open_socket(service, key, in_headers=in_headers)
    try:
        await subscribe(busy, "1", sid)
        await asyncio.sleep(0.3)
        await keys(settings, "revoke", "acme", key_id)
        # The socket that asks for a new operation is closed at once.
        await subscribe(quiet, "1", sid)
        assert await closed_code(quiet, within=10) == 4403
        # The one holding a subscription is closed by the recheck.
        assert await closed_code(busy, within=RECHECK * 5 + 5) == 4403
    finally:
        await quiet.close()
        await busy.close()
    # And a new socket with that key is refused.
    ws_url = service.url.replace("http://", "ws://") + "/graphql"
    async with websockets.connect(ws_url, subprotocols=["graphql-transport-ws"]) as ws:
        await ws.send(
            json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {key}"}})
        )
        assert await closed_code(ws, within=10) == 4403


async def test_a_live_key_keeps_its_socket(service: ServiceProcess, settings: Settings) -> None:
    key, _ = await keys(settings, "create", "acme")
    sid = new_session(service, key)
    ws = await open_socket(service, key, in_headers=False)
    try:
        await subscribe(ws, "1", sid)
        await asyncio.sleep(RECHECK * 3)
        written = httpx.post(
            f"{service.url}/v1/sessions/{sid}/apply-damage",
            json={"targetId": "gob1", "amount": 1},
            headers={"Authorization": f"Bearer {key}"},
            timeout=10,
        )
        assert written.status_code == 200
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert message["type"] == "next"
        assert message["payload"]["data"]["sessionUpdated"]["version"] == 2
    finally:
        await ws.close()


def test_keys_on_a_redis_without_persistence_refuse_to_start(tmp_path: Path) -> None:
    """No REDIS_URL: the embedded Redis keeps nothing on disk, so a restart would wipe
    every key. With keys on, the service says so and exits."""
    full_env = {
        k: v for k, v in os.environ.items() if not k.startswith("CRS_") and k != "REDIS_URL"
    }
    full_env.update({"CRS_AUTH": "1", "CRS_API_KEY_SECRET": SECRET, "CRS_PORT": "0"})
    done = subprocess.run(
        [sys.executable, "-m", "service"],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert "would lose them" in done.stderr + done.stdout
    assert "keeps nothing on disk" in done.stderr + done.stdout

"""``GET /v1/sessions/{id}/stream`` (Server-Sent Events) on a real ``python -m service``
with API keys on: each new version as an event, whichever door wrote it, heartbeats, a
``deleted`` event at the end, ``Last-Event-ID`` (and ``?after=``) resuming from the log,
another tenant's session not found, the tenant's subscription cap counting streams, and a
revoked key ending its stream."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import jsonschema
import pytest
import redis.asyncio
import websockets
from factories import skirmish
from redis_support import drop_prefix
from service_process import ServiceProcess

from service.api.rest.openapi import build_openapi
from service.store.apikeys import ApiKeyStore

pytestmark = pytest.mark.timeout(120)

SECRET = "test-secret-" + "0123456789abcdef" * 2
CAP = 3


class Service:
    def __init__(self, process: ServiceProcess, redis_url: str, prefix: str) -> None:
        self.process = process
        self.url = process.url
        self.redis_url = redis_url
        self.prefix = prefix

    async def key(self, tenant: str) -> tuple[str, str]:
        conn = redis.asyncio.Redis.from_url(self.redis_url)
        try:
            presented, record = await ApiKeyStore(conn, secret=SECRET, prefix=self.prefix).create(
                tenant, "stream test"
            )
            return presented, record.id
        finally:
            await conn.aclose()

    async def revoke(self, tenant: str, key_id: str) -> None:
        conn = redis.asyncio.Redis.from_url(self.redis_url)
        try:
            await ApiKeyStore(conn, secret=SECRET, prefix=self.prefix).revoke(tenant, key_id)
        finally:
            await conn.aclose()


@pytest.fixture(scope="module")
def service(
    start_module_service: Callable[..., ServiceProcess], redis_url: str
) -> Iterator[Service]:
    prefix = f"crs-sse-{uuid.uuid4().hex[:12]}"
    process = start_module_service(
        {
            "REDIS_URL": redis_url,
            "CRS_REDIS_PREFIX": prefix,
            "CRS_AUTH": "1",
            "CRS_API_KEY_SECRET": SECRET,
            "CRS_REQUIRE_PERSISTENCE": "0",
            "CRS_SSE_HEARTBEAT_SECONDS": "0.3",
            "CRS_API_KEY_RECHECK_SECONDS": "0.3",
            "CRS_SEAT_RECHECK_SECONDS": "0.3",
            "CRS_TENANT_MAX_SUBSCRIPTIONS": str(CAP),
        }
    )
    try:
        yield Service(process, redis_url, prefix)
    finally:
        drop_prefix(redis_url, prefix + ":")


SPEC = build_openapi()
STREAM_MESSAGE = jsonschema.Draft202012Validator(
    {"$ref": "#/components/schemas/StreamMessage", "components": SPEC["components"]}
)
"""The contract's schema of one event of the stream (issue 25): every event a test reads is
checked against it."""


def test_the_streams_media_type_names_its_events_schema() -> None:
    media = SPEC["paths"]["/v1/sessions/{id}/stream"]["get"]["responses"]["200"]["content"]
    item = media["text/event-stream"]["x-itemSchema"]
    assert item == {"$ref": "#/components/schemas/StreamMessage"}
    union = SPEC["components"]["schemas"]["StreamMessage"]
    assert set(union["discriminator"]["mapping"]) == {
        "version",
        "proposal",
        "rejected",
        "deleted",
        "error",
    }
    assert not STREAM_MESSAGE.is_valid({"event": "version", "data": {"session": {"id": "x"}}})
    assert not STREAM_MESSAGE.is_valid({"event": "error", "data": {"code": "x", "message": ""}})


class Events:
    """The events of an open stream, one at a time: ``{"id", "event", "data"}`` (checked
    against the contract's ``StreamMessage``), or ``{"comment": ...}`` for a comment line."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self._lines = response.aiter_lines()

    async def next(self, timeout: float = 10.0) -> dict[str, Any]:
        event: dict[str, Any] = {}
        async with asyncio.timeout(timeout):
            async for line in self._lines:
                if line == "":
                    if event:
                        STREAM_MESSAGE.validate(event)
                        return event
                    continue
                field, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if field == "":
                    return {"comment": value}
                event[field] = json.loads(value) if field == "data" else value
        raise EOFError("the stream ended")

    async def next_version(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next event that is not a comment."""
        while True:
            event = await self.next(timeout)
            if "comment" not in event:
                return event


@asynccontextmanager
async def stream(
    client: httpx.AsyncClient, sid: str, headers: dict[str, str], **params: Any
) -> AsyncIterator[Events]:
    async with client.stream(
        "GET", f"/v1/sessions/{sid}/stream", headers=headers, params=params
    ) as response:
        assert response.status_code == 200, await response.aread()
        assert response.headers["content-type"].startswith("text/event-stream")
        yield Events(response)


async def new_session(client: httpx.AsyncClient, headers: dict[str, str]) -> str:
    created = await client.post("/v1/sessions", json={"encounter": skirmish()}, headers=headers)
    assert created.status_code == 201, created.text
    return str(created.json()["id"])


async def act(
    client: httpx.AsyncClient, sid: str, headers: dict[str, str], slug: str, **body: Any
) -> dict[str, Any]:
    r = await client.post(f"/v1/sessions/{sid}/{slug}", json=body, headers=headers)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


async def until_counted_out(
    client: httpx.AsyncClient, sid: str, headers: dict[str, str], seconds: float = 60.0
) -> None:
    """Wait until the tenant's closed streams have left its subscription count, as the
    service notices each close (at once on an idle machine, later on a busy one): a stream
    of ``sid`` opens again."""
    deadline = time.monotonic() + seconds
    while True:
        async with client.stream("GET", f"/v1/sessions/{sid}/stream", headers=headers) as again:
            if again.status_code == 200:
                return
            assert again.status_code == 507, await again.aread()
        if time.monotonic() > deadline:
            pytest.fail("the tenant's streams were not counted out when they closed")
        await asyncio.sleep(0.1)


@pytest.fixture
async def client(service: Service) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=service.url, timeout=10.0) as c:
        yield c


async def test_each_version_comes_as_an_event_until_the_session_is_deleted(
    service: Service, client: httpx.AsyncClient
) -> None:
    key, _ = await service.key("acme")
    auth = {"X-API-Key": key}
    sid = await new_session(client, auth)
    async with stream(client, sid, auth) as events:
        assert "comment" in await events.next()  # the stream is open
        rolled = await act(client, sid, auth, "roll-initiative", seed=3)
        first = await events.next_version()
        assert (first["id"], first["event"]) == ("2", "version")
        assert first["data"]["session"] == {"id": sid, "version": 2}
        assert first["data"]["encounter"] == rolled["encounter"]
        assert [e["data"] for e in first["data"]["events"]] == rolled["events"]
        assert [e["version"] for e in first["data"]["events"]] == [2] * len(rolled["events"])

        mutation = """mutation ($id: ID!) { applyDamage(sessionId: $id, seed: 1,
            input: {targetId: "gob1", amount: 2}) { __typename } }"""
        r = await client.post(
            "/graphql", json={"query": mutation, "variables": {"id": sid}}, headers=auth
        )
        assert r.json()["data"]["applyDamage"]["__typename"] == "ApplyDamagePayload"
        second = await events.next_version()
        assert second["id"] == "3" and second["data"]["session"]["version"] == 3
        assert second["data"]["events"][0]["index"] == len(rolled["events"])

        assert await events.next(timeout=3) == {"comment": "ping"}  # nothing new: a heartbeat
        assert (await client.delete(f"/v1/sessions/{sid}", headers=auth)).status_code == 204
        deleted = await events.next_version()
        assert deleted["event"] == "deleted" and deleted["data"] == {"session": {"id": sid}}
        with pytest.raises(EOFError):
            await events.next()


async def test_last_event_id_resumes_from_the_log_then_live(
    service: Service, client: httpx.AsyncClient
) -> None:
    key, _ = await service.key("acme")
    auth = {"X-API-Key": key}
    sid = await new_session(client, auth)
    rolled = await act(client, sid, auth, "roll-initiative", seed=3)
    hit = await act(client, sid, auth, "apply-damage", targetId="gob1", amount=1)
    await act(client, sid, auth, "apply-damage", targetId="gob2", amount=2)
    undone = (await client.post(f"/v1/sessions/{sid}/undo", headers=auth)).json()
    log = (await client.get(f"/v1/sessions/{sid}/events", headers=auth)).json()["items"]

    async with stream(client, sid, {**auth, "Last-Event-ID": "1"}) as events:
        two = await events.next_version()  # its state is in the undo history
        assert two["id"] == "2" and two["data"]["encounter"] == rolled["encounter"]
        assert two["data"]["events"] == [e for e in log if e["version"] == 2]
        three = await events.next_version()  # its snapshot went with the undo
        assert three["id"] == "3" and three["data"]["encounter"] is None
        assert three["data"]["events"] == [e for e in log if e["version"] == 3]
        four = await events.next_version()  # undone: the service never kept its state
        assert four["id"] == "4" and four["data"]["encounter"] is None
        assert four["data"]["events"] == [e for e in log if e["version"] == 4]
        five = await events.next_version()
        assert five["id"] == "5" and five["data"]["encounter"] == undone["encounter"]
        assert undone["encounter"] == hit["encounter"]
        assert five["data"]["events"][0]["data"]["type"] == "undo"
        await act(client, sid, auth, "heal", targetId="gob1", amount=1)
        six = await events.next_version()
        assert six["id"] == "6" and six["data"]["encounter"]["combatants"][1]["hp"] == 7

    async with stream(client, sid, auth, after=5) as events:
        assert (await events.next_version())["id"] == "6"
    async with stream(client, sid, {**auth, "Last-Event-ID": "6"}) as events:
        await act(client, sid, auth, "heal", targetId="gob2", amount=1)
        assert (await events.next_version())["id"] == "7"  # nothing to resume: live only

    for bad in ({"Last-Event-ID": "x"}, {"Last-Event-ID": "-1"}):
        r = await client.get(f"/v1/sessions/{sid}/stream", headers={**auth, **bad})
        assert r.status_code == 422 and r.json()["errors"][0]["path"] == "Last-Event-ID"
    r = await client.get(f"/v1/sessions/{sid}/stream", headers=auth, params={"after": "2.5"})
    assert r.status_code == 422


async def test_the_graphql_subscription_resumes_after_a_version_as_the_stream_does(
    service: Service, client: httpx.AsyncClient
) -> None:
    """``sessionUpdated(after:)``: what a client that read version 1 then subscribed would
    have missed comes first (the race that left a live page a version behind), then live."""
    key, _ = await service.key("acme")
    auth = {"X-API-Key": key}
    sid = await new_session(client, auth)
    rolled = await act(client, sid, auth, "roll-initiative", seed=3)
    await act(client, sid, auth, "apply-damage", targetId="gob1", amount=1)
    await act(client, sid, auth, "apply-damage", targetId="gob2", amount=2)
    await client.post(f"/v1/sessions/{sid}/undo", headers=auth)
    log = (await client.get(f"/v1/sessions/{sid}/events", headers=auth)).json()["items"]
    query = """subscription ($id: ID!, $after: Int) {
        sessionUpdated(sessionId: $id, after: $after) { __typename
        ... on SessionUpdate { version encounter { round }
        events { index version data } } ... on Error { code } } }"""
    ws = await websockets.connect(
        service.url.replace("http://", "ws://") + "/graphql",
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
    )

    async def updates(after: int, count: int) -> list[dict[str, Any]]:
        payload = {"query": query, "variables": {"id": sid, "after": after}}
        await ws.send(json.dumps({"id": str(after), "type": "subscribe", "payload": payload}))
        got = []
        for _ in range(count):
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert message["type"] == "next", message
            assert message["payload"].get("data"), message
            got.append(message["payload"]["data"]["sessionUpdated"])
        return got

    try:
        init = {"type": "connection_init", "payload": {"Authorization": f"Bearer {key}"}}
        await ws.send(json.dumps(init))
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "connection_ack"
        missed = await updates(1, 4)
        assert [u["version"] for u in missed] == [2, 3, 4, 5]
        assert missed[0]["encounter"] == {"round": rolled["encounter"]["round"]}
        assert missed[1]["encounter"] is None and missed[2]["encounter"] is None
        assert missed[3]["encounter"] is not None
        for update in missed:
            assert update["events"] == [e for e in log if e["version"] == update["version"]]
        await act(client, sid, auth, "heal", targetId="gob1", amount=1)
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert message["payload"]["data"]["sessionUpdated"]["version"] == 6
        assert await updates(-1, 1) == [{"__typename": "InvalidInput", "code": "invalid-input"}]
    finally:
        await ws.close()


async def test_another_tenants_session_is_not_found(
    service: Service, client: httpx.AsyncClient
) -> None:
    acme, _ = await service.key("acme")
    umbrella, _ = await service.key("umbrella")
    sid = await new_session(client, {"X-API-Key": acme})
    r = await client.get(f"/v1/sessions/{sid}/stream", headers={"X-API-Key": umbrella})
    assert r.status_code == 404 and r.json()["code"] == "session-not-found"
    assert (await client.get(f"/v1/sessions/{sid}/stream")).status_code == 401
    r = await client.get("/v1/sessions/Q2xvdWR5RGF5SW5Ub3du/stream", headers={"X-API-Key": acme})
    assert r.status_code == 404


async def test_streams_count_in_the_tenants_subscriptions(
    service: Service, client: httpx.AsyncClient
) -> None:
    key, _ = await service.key("capped")
    auth = {"X-API-Key": key}
    sid = await new_session(client, auth)
    async with stream(client, sid, auth) as first:
        await first.next()
        opened = []
        for _ in range(CAP - 1):
            context = stream(client, sid, auth)
            opened.append((context, await context.__aenter__()))
        refused = await client.get(f"/v1/sessions/{sid}/stream", headers=auth)
        assert refused.status_code == 507
        assert refused.json()["code"] == "subscription-quota-exceeded"
        other, _ = await service.key("uncapped")
        other_sid = await new_session(client, {"X-API-Key": other})
        async with stream(client, other_sid, {"X-API-Key": other}) as theirs:
            assert "comment" in await theirs.next()
        for context, _events in opened:
            await context.__aexit__(None, None, None)
    await until_counted_out(client, sid, auth)


async def test_streams_and_graphql_subscriptions_share_the_cap(
    service: Service, client: httpx.AsyncClient
) -> None:
    key, _ = await service.key("shared")
    auth = {"X-API-Key": key}
    sid = await new_session(client, auth)
    ws = await websockets.connect(
        service.url.replace("http://", "ws://") + "/graphql",
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
    )
    try:
        init = {"type": "connection_init", "payload": {"Authorization": f"Bearer {key}"}}
        await ws.send(json.dumps(init))
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "connection_ack"
        opened = []
        for _ in range(CAP):
            context = stream(client, sid, auth)
            opened.append((context, await context.__aenter__()))
        query = """subscription ($id: ID!) { sessionUpdated(sessionId: $id) {
            __typename ... on Error { code } } }"""
        payload = {"query": query, "variables": {"id": sid}}
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": payload}))
        answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
        result = answer["payload"]["data"]["sessionUpdated"]
        assert result == {"__typename": "QuotaExceeded", "code": "subscription-quota-exceeded"}
        for context, _events in opened:
            await context.__aexit__(None, None, None)
    finally:
        await ws.close()


async def test_a_revoked_key_ends_its_stream(service: Service, client: httpx.AsyncClient) -> None:
    key, key_id = await service.key("revoked")
    auth = {"X-API-Key": key}
    sid = await new_session(client, auth)
    async with stream(client, sid, auth) as events:
        await events.next()
        await service.revoke("revoked", key_id)
        ended = await events.next_version(timeout=5)
        assert ended["event"] == "error" and ended["data"]["code"] == "unauthorized"
        with pytest.raises(EOFError):
            await events.next()
    assert (await client.get(f"/v1/sessions/{sid}", headers=auth)).status_code == 401


async def test_a_server_shutting_down_ends_its_streams(
    start_service: Callable[..., ServiceProcess], redis_url: str
) -> None:
    """uvicorn waits for open requests to finish before it stops: an open stream would hold
    the shutdown until its client leaves, so the server ends it."""
    prefix = f"crs-sse-{uuid.uuid4().hex[:12]}"
    process = start_service({"REDIS_URL": redis_url, "CRS_REDIS_PREFIX": prefix})
    try:
        async with httpx.AsyncClient(base_url=process.url, timeout=10.0) as client:
            sid = await new_session(client, {})
            async with stream(client, sid, {}) as events:
                await events.next()
                started = time.monotonic()
                process.process.terminate()
                with pytest.raises((EOFError, httpx.HTTPError)):
                    while True:
                        await events.next(timeout=8)
        await asyncio.to_thread(process.process.wait, 8)
        assert time.monotonic() - started < 8
    finally:
        drop_prefix(redis_url, prefix + ":")


async def test_a_seat_follows_its_session_and_a_revoked_seat_ends_its_stream(
    service: Service, client: httpx.AsyncClient
) -> None:
    """Seats (docs/seats.md): the player's token follows the DM's session; revoking the seat
    ends the stream within ``CRS_SEAT_RECHECK_SECONDS`` and its token opens nothing more."""
    key, _ = await service.key("seated")
    dm = {"X-API-Key": key}
    sid = await new_session(client, dm)
    made = await client.post(f"/v1/sessions/{sid}/seats", json={"combatants": ["hero"]}, headers=dm)
    assert made.status_code == 201, made.text
    player = {"Authorization": f"Bearer {made.json()['token']}"}
    other = await new_session(client, dm)
    refused = await client.get(f"/v1/sessions/{other}/stream", headers=player)
    assert refused.status_code == 403 and refused.json()["code"] == "seat-forbidden"
    async with stream(client, sid, player) as events:
        await events.next()
        await act(client, sid, dm, "roll-initiative", seed=2)
        version = await events.next_version()
        assert version["id"] == "2" and version["data"]["session"]["version"] == 2
        revoked = await client.delete(
            f"/v1/sessions/{sid}/seats/{made.json()['seat']['id']}", headers=dm
        )
        assert revoked.status_code == 204
        ended = await events.next_version(timeout=5)
        assert ended["event"] == "error" and ended["data"]["code"] == "unauthorized"
        assert "seat" in ended["data"]["message"]
        with pytest.raises(EOFError):
            await events.next()
    assert (await client.get(f"/v1/sessions/{sid}", headers=player)).status_code == 401


async def test_a_proposal_is_told_to_the_dm_and_its_seat_as_it_is_made(
    service: Service, client: httpx.AsyncClient
) -> None:
    """A proposal makes no version, but its notice (``event: proposal``, no id) comes on the
    DM's stream and on the proposing seat's, not on another seat's; the DM reads it from the
    list. The notice of one made before a stream opened is not resumed."""
    key, _ = await service.key("proposing")
    dm = {"X-API-Key": key}
    sid = await new_session(client, dm)
    await act(client, sid, dm, "roll-initiative", seed=2)  # the hero's turn first

    async def seat(combatant: str) -> tuple[str, dict[str, str]]:
        made = await client.post(
            f"/v1/sessions/{sid}/seats",
            json={"combatants": [combatant], "approval": "dm"},
            headers=dm,
        )
        assert made.status_code == 201, made.text
        return made.json()["seat"]["id"], {"Authorization": f"Bearer {made.json()['token']}"}

    seat_id, player = await seat("hero")
    _, bystander = await seat("gob1")
    async with (
        stream(client, sid, dm) as for_dm,
        stream(client, sid, player) as for_player,
        stream(client, sid, bystander) as for_bystander,
    ):
        for events in (for_dm, for_player, for_bystander):
            assert "comment" in await events.next()
        proposed = await client.post(
            f"/v1/sessions/{sid}/proposals",
            json={"action": "dodge", "params": {"combatantId": "hero"}},
            headers=player,
        )
        assert proposed.status_code == 202, proposed.text
        pid = proposed.json()["id"]
        notice = {"session": {"id": sid, "version": 2}, "proposal": {"id": pid, "seatId": seat_id}}
        for events in (for_dm, for_player):
            told = await events.next_version()
            assert told == {"event": "proposal", "data": notice}  # no id: it is no version
        listed = await client.get(f"/v1/sessions/{sid}/proposals", headers=dm)
        assert [p["id"] for p in listed.json()["items"]] == [pid]
        approved = await client.post(f"/v1/sessions/{sid}/proposals/{pid}/approve", headers=dm)
        assert approved.status_code == 200, approved.text
        for events in (for_dm, for_player, for_bystander):
            version = await events.next_version()  # the bystander was told of nothing before
            assert (version["event"], version["id"]) == ("version", "3")
    # A stream resuming after version 2 gets the versions, not the notice (list the proposals).
    await until_counted_out(client, sid, dm)
    async with stream(client, sid, dm, after=2) as events:
        first = await events.next_version()
        assert (first["event"], first["id"]) == ("version", "3")


PROPOSALS_SUBSCRIPTION = """subscription ($id: ID!, $after: Int) {
    sessionUpdated(sessionId: $id, after: $after) {
    __typename ... on ProposalNotice { sessionId version proposalId seatId }
    ... on ProposalRejectedNotice { sessionId version proposalId seatId }
    ... on SessionUpdate { version } ... on Error { code } } }"""


@asynccontextmanager
async def subscribed(service: Service, sid: str, token: str, after: int) -> AsyncIterator[Any]:
    """A graphql-transport-ws subscription to ``sid``'s updates after version ``after`` with
    ``token`` (so that a write made while it starts is not missed); its next payload is
    ``await next_update()``."""
    ws = await websockets.connect(
        service.url.replace("http://", "ws://") + "/graphql",
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
    )
    try:
        init = {"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"}}
        await ws.send(json.dumps(init))
        assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "connection_ack"
        payload = {"query": PROPOSALS_SUBSCRIPTION, "variables": {"id": sid, "after": after}}
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": payload}))

        async def next_update() -> dict[str, Any]:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            assert message["type"] == "next", message
            update: dict[str, Any] = message["payload"]["data"]["sessionUpdated"]
            return update

        yield next_update
    finally:
        await ws.close()


async def test_a_proposal_is_told_on_the_graphql_subscriptions_of_the_dm_and_its_seat(
    service: Service, client: httpx.AsyncClient
) -> None:
    """As on the stream: ``sessionUpdated`` gives the DM and the proposing seat a
    ``ProposalNotice`` (the version it was made on), another seat nothing; the approval's
    version then comes to all three."""
    key, _ = await service.key("proposing-graphql")
    dm = {"X-API-Key": key}
    sid = await new_session(client, dm)
    await act(client, sid, dm, "roll-initiative", seed=2)
    tokens: dict[str, str] = {}
    seat_ids: dict[str, str] = {}
    for combatant in ("hero", "gob1"):
        made = await client.post(
            f"/v1/sessions/{sid}/seats",
            json={"combatants": [combatant], "approval": "dm"},
            headers=dm,
        )
        assert made.status_code == 201, made.text
        tokens[combatant], seat_ids[combatant] = made.json()["token"], made.json()["seat"]["id"]
    async with (
        subscribed(service, sid, key, 2) as for_dm,
        subscribed(service, sid, tokens["hero"], 2) as for_player,
        subscribed(service, sid, tokens["gob1"], 2) as for_bystander,
    ):
        # A write each subscription gets first, from the log or live: then it is live.
        await act(client, sid, dm, "apply-damage", targetId="gob2", amount=1)
        for updates in (for_dm, for_player, for_bystander):
            assert await updates() == {"__typename": "SessionUpdate", "version": 3}
        proposed = await client.post(
            f"/v1/sessions/{sid}/proposals",
            json={"action": "dodge", "params": {"combatantId": "hero"}},
            headers={"Authorization": f"Bearer {tokens['hero']}"},
        )
        assert proposed.status_code == 202, proposed.text
        notice = {
            "__typename": "ProposalNotice",
            "sessionId": sid,
            "version": 3,
            "proposalId": proposed.json()["id"],
            "seatId": seat_ids["hero"],
        }
        assert await for_dm() == notice
        assert await for_player() == notice
        approved = await client.post(
            f"/v1/sessions/{sid}/proposals/{proposed.json()['id']}/approve", headers=dm
        )
        assert approved.status_code == 200, approved.text
        for updates in (for_dm, for_player, for_bystander):
            assert await updates() == {"__typename": "SessionUpdate", "version": 4}


async def test_a_rejection_is_told_to_the_dm_and_the_proposing_seat_on_both_doors(
    service: Service, client: httpx.AsyncClient
) -> None:
    """The DM rejects a seat's proposal: the player's device learns of it at once
    (``event: rejected`` on the stream, ``ProposalRejectedNotice`` on the subscription), as
    the DM's do; the proposal is gone, and the player proposes again, which the DM approves,
    and play goes on. (Three followers: the tenant's cap here.)"""
    key, _ = await service.key("rejecting")
    dm = {"X-API-Key": key}
    sid = await new_session(client, dm)
    await act(client, sid, dm, "roll-initiative", seed=2)  # the hero's turn first
    tokens: dict[str, str] = {}
    seat_ids: dict[str, str] = {}
    for combatant in ("hero", "gob1"):
        made = await client.post(
            f"/v1/sessions/{sid}/seats",
            json={"combatants": [combatant], "approval": "dm"},
            headers=dm,
        )
        assert made.status_code == 201, made.text
        tokens[combatant], seat_ids[combatant] = made.json()["token"], made.json()["seat"]["id"]
    player = {"Authorization": f"Bearer {tokens['hero']}"}
    async with (
        stream(client, sid, dm) as dm_stream,
        stream(client, sid, player) as player_stream,
        subscribed(service, sid, tokens["hero"], 2) as player_updates,
    ):
        for events in (dm_stream, player_stream):
            assert "comment" in await events.next()
        await act(client, sid, dm, "apply-damage", targetId="gob2", amount=1)
        for events in (dm_stream, player_stream):
            assert (await events.next_version())["id"] == "3"
        assert await player_updates() == {"__typename": "SessionUpdate", "version": 3}

        dodge = {"action": "dodge", "params": {"combatantId": "hero"}}
        proposed = await client.post(f"/v1/sessions/{sid}/proposals", json=dodge, headers=player)
        assert proposed.status_code == 202, proposed.text
        pid = proposed.json()["id"]
        for events in (dm_stream, player_stream):
            assert (await events.next_version())["event"] == "proposal"
        assert (await player_updates())["__typename"] == "ProposalNotice"

        rejected = await client.post(f"/v1/sessions/{sid}/proposals/{pid}/reject", headers=dm)
        assert rejected.status_code == 204, rejected.text
        data = {
            "session": {"id": sid, "version": 3},
            "proposal": {"id": pid, "seatId": seat_ids["hero"]},
        }
        for events in (dm_stream, player_stream):
            assert await events.next_version() == {"event": "rejected", "data": data}
        notice = {
            "__typename": "ProposalRejectedNotice",
            "sessionId": sid,
            "version": 3,
            "proposalId": pid,
            "seatId": seat_ids["hero"],
        }
        assert await player_updates() == notice
        listed = await client.get(f"/v1/sessions/{sid}/proposals", headers=player)
        assert listed.json()["items"] == []
        again = await client.post(f"/v1/sessions/{sid}/proposals/{pid}/reject", headers=dm)
        assert again.status_code == 404  # rejected once: nothing more is told

        retried = await client.post(f"/v1/sessions/{sid}/proposals", json=dodge, headers=player)
        assert retried.status_code == 202, retried.text
        for events in (dm_stream, player_stream):
            assert (await events.next_version())["event"] == "proposal"
        assert (await player_updates())["__typename"] == "ProposalNotice"
        approved = await client.post(
            f"/v1/sessions/{sid}/proposals/{retried.json()['id']}/approve", headers=dm
        )
        assert approved.status_code == 200, approved.text
        for events in (dm_stream, player_stream):
            version = await events.next_version()
            assert (version["event"], version["id"]) == ("version", "4")
        assert await player_updates() == {"__typename": "SessionUpdate", "version": 4}
        assert [e["data"]["type"] for e in version["data"]["events"]] == ["dodge"]

"""Verifiable replay through both doors, on a real Redis: a session keeps what made each
version (action, parameters, the seed used), ``replay`` lists it, ``verify`` re-applies it
with the pure engine; a document changed in Redis behind the service's back is found, at
its version; another tenant's session is not found."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from factories import skirmish
from starlette.testclient import TestClient

from service.api.replay import REPLAY_STEPS
from service.app import create_app
from service.settings import Settings
from service.store.apikeys import ApiKeyStore
from service.store.keys import key

SECRET = "test-secret-" + "0123456789abcdef" * 2

STEP = "version action params seed restoredVersion"
VERIFY = """query ($id: ID!) { verifySession(id: $id) {
  __typename ... on Verification { reproduced version steps
    firstDifference { version action part path stored replayed detail } }
  ... on Error { code } } }"""
REPLAY = f"""query ($id: ID!, $offset: Int!, $limit: Int!) {{
  sessionReplay(id: $id, offset: $offset, limit: $limit) {{
  __typename ... on ReplayPage {{ items {{ {STEP} }} offset limit total nextOffset }}
  ... on Error {{ code }} }} }}"""


class Doors:
    """Replay and verify through one door, the rest over REST."""

    def __init__(self, client: TestClient, door: str, headers: dict[str, str] | None = None):
        self.client = client
        self.door = door
        self.headers = headers or {}

    def create(self) -> str:
        r = self.client.post("/v1/sessions", json={"encounter": skirmish()}, headers=self.headers)
        assert r.status_code == 201, r.text
        return str(r.json()["id"])

    def act(self, sid: str, slug: str, **body: Any) -> dict[str, Any]:
        r = self.client.post(f"/v1/sessions/{sid}/{slug}", json=body, headers=self.headers)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def _graphql(self, query: str, **variables: Any) -> dict[str, Any]:
        r = self.client.post(
            "/graphql", json={"query": query, "variables": variables}, headers=self.headers
        )
        assert r.status_code == 200 and "errors" not in r.json(), r.text
        data: dict[str, Any] = next(iter(r.json()["data"].values()))
        return data

    def replay(self, sid: str, offset: int = 0, limit: int = 50) -> dict[str, Any]:
        if self.door == "rest":
            r = self.client.get(
                f"/v1/sessions/{sid}/replay",
                params={"offset": offset, "limit": limit},
                headers=self.headers,
            )
            return {"status": r.status_code, **r.json()}
        page = self._graphql(REPLAY, id=sid, offset=offset, limit=limit)
        return {"status": 200 if page["__typename"] == "ReplayPage" else page["code"], **page}

    def verify(self, sid: str) -> dict[str, Any]:
        if self.door == "rest":
            r = self.client.post(f"/v1/sessions/{sid}/verify", headers=self.headers)
            return {"status": r.status_code, **r.json()}
        verdict = self._graphql(VERIFY, id=sid)
        ok = verdict["__typename"] == "Verification"
        return {"status": 200 if ok else verdict["code"], **verdict}


@pytest.fixture(params=["rest", "graphql"])
def doors(request: pytest.FixtureRequest, client: TestClient) -> Doors:
    return Doors(client, request.param)


def a_fight(doors: Doors) -> tuple[str, list[dict[str, Any]]]:
    """A session with six versions: initiative, a seedless action, a turn, an undo, more."""
    sid = doors.create()
    answers = [
        doors.act(sid, "roll-initiative", seed=3),
        doors.act(sid, "apply-damage", targetId="gob1", amount=2),
        doors.act(sid, "next-turn"),
    ]
    undone = doors.client.post(f"/v1/sessions/{sid}/undo", headers=doors.headers)
    assert undone.status_code == 200 and undone.json()["restoredVersion"] == 3
    answers.append(undone.json())
    answers.append(doors.act(sid, "heal", targetId="gob1", amount=1, seed=11))
    return sid, answers


def test_a_session_lists_what_made_each_version_and_verifies(doors: Doors) -> None:
    sid, answers = a_fight(doors)
    page = doors.replay(sid)
    assert page["status"] == 200 and page["total"] == 6 and page["nextOffset"] is None
    steps = page["items"]
    assert [s["version"] for s in steps] == [1, 2, 3, 4, 5, 6]
    assert [s["action"] for s in steps] == [
        "createSession",
        "rollInitiative",
        "applyDamage",
        "nextTurn",
        "undo",
        "heal",
    ]
    assert steps[0]["params"]["encounter"]["combatants"][1]["id"] == "gob1"
    assert steps[0]["seed"] is None
    assert steps[1]["params"] == {} and steps[1]["seed"] == 3
    # The seedless action keeps the seed the service drew (the one its answer reported).
    assert steps[2]["params"] == {"targetId": "gob1", "amount": 2}
    assert steps[2]["seed"] == answers[1]["seed"]
    assert steps[3]["seed"] == answers[2]["seed"]
    assert steps[4].pop("origin", None) is None  # only a fork's first step has one
    assert {k: v for k, v in steps[4].items() if k not in ("seedSource", "line")} == {
        "version": 5,
        "action": "undo",
        "params": None,
        "seed": None,
        "restoredVersion": 3,
    }
    assert steps[5]["params"] == {"targetId": "gob1", "amount": 1} and steps[5]["seed"] == 11

    second = doors.replay(sid, offset=2, limit=2)
    assert [s["version"] for s in second["items"]] == [3, 4] and second["nextOffset"] == 4

    verdict = doors.verify(sid)
    assert verdict["status"] == 200, verdict
    assert (verdict["reproduced"], verdict["version"], verdict["steps"]) == (True, 6, 6)
    assert verdict["firstDifference"] is None


def _redis(settings: Settings) -> redis.Redis:
    assert settings.redis_url is not None
    return redis.Redis.from_url(settings.redis_url)


def test_an_undo_logged_by_an_earlier_release_reads_as_this_ones_and_verifies(
    doors: Doors, settings: Settings
) -> None:
    """An earlier release logged an undo's members in snake case: its event reads back in
    camel case like a new one (one form for every reader), and the session still verifies."""
    sid, _ = a_fight(doors)
    name = key("public", sid, "events", prefix=settings.redis_prefix)
    conn = _redis(settings)
    try:
        entries = [json.loads(raw) for raw in conn.lrange(name, 0, -1)]
        at = next(i for i, e in enumerate(entries) if e["data"]["type"] == "undo")
        earlier = {"type": "undo", "reverted_version": 4, "restored_version": 3}
        conn.lset(name, at, json.dumps({**entries[at], "data": earlier}))
    finally:
        conn.close()
    logged = doors.client.get(f"/v1/sessions/{sid}/events", headers=doors.headers).json()
    undo = next(e for e in logged["items"] if e["data"]["type"] == "undo")
    assert undo["data"] == {"type": "undo", "revertedVersion": 4, "restoredVersion": 3}
    verdict = doors.verify(sid)
    assert verdict["status"] == 200 and verdict["reproduced"] is True, verdict


def test_a_document_changed_in_redis_does_not_verify(doors: Doors, settings: Settings) -> None:
    sid, _ = a_fight(doors)
    name = key("public", sid, "session", prefix=settings.redis_prefix)
    conn = _redis(settings)
    try:
        document = json.loads(conn.hget(name, "document") or b"")
        document["combatants"][1]["hp"] += 5
        conn.hset(name, "document", json.dumps(document, separators=(",", ":")))
    finally:
        conn.close()
    verdict = doors.verify(sid)
    assert verdict["status"] == 200 and verdict["reproduced"] is False
    difference = verdict["firstDifference"]
    assert (difference["version"], difference["action"], difference["part"]) == (
        6,
        "heal",
        "encounter",
    )
    assert difference["path"] == "encounter.combatants[1].hp"
    assert difference["stored"] == difference["replayed"] + 5
    assert "version 6" in difference["detail"]


def test_a_seed_changed_in_the_log_differs_at_its_version(doors: Doors, settings: Settings) -> None:
    sid, _ = a_fight(doors)
    name = key("public", sid, "steps", prefix=settings.redis_prefix)
    conn = _redis(settings)
    try:
        step = json.loads(conn.lindex(name, 1) or b"")
        assert step["version"] == 2 and step["action"] == "rollInitiative"
        step["seed"] = 4
        conn.lset(name, 1, json.dumps(step, separators=(",", ":")))
    finally:
        conn.close()
    verdict = doors.verify(sid)
    assert verdict["reproduced"] is False
    difference = verdict["firstDifference"]
    assert (difference["version"], difference["part"]) == (2, "events")
    assert difference["path"].startswith("events[")


def test_a_missing_step_is_a_difference(doors: Doors, settings: Settings) -> None:
    sid, _ = a_fight(doors)
    conn = _redis(settings)
    try:
        conn.rpop(key("public", sid, "steps", prefix=settings.redis_prefix))
    finally:
        conn.close()
    difference = doors.verify(sid)["firstDifference"]
    assert (difference["version"], difference["part"]) == (6, "step")


def test_a_replay_log_past_the_limit_is_refused_before_it_is_replayed(
    doors: Doors, settings: Settings
) -> None:
    sid, _ = a_fight(doors)
    assert doors.verify(sid)["reproduced"] is True
    conn = _redis(settings)
    try:
        steps = key("public", sid, "steps", prefix=settings.redis_prefix)
        conn.rpush(steps, *[json.dumps({"version": 0})] * (REPLAY_STEPS.max - 5))
    finally:
        conn.close()
    refused = doors.verify(sid)
    assert refused["status"] == (422 if doors.door == "rest" else "limit-exceeded"), refused
    assert refused["code"] == "limit-exceeded"
    if doors.door == "rest":
        assert (refused["limit"], refused["max"]) == ("replay-steps", REPLAY_STEPS.max)


def test_a_step_rewritten_in_redis_is_shown_and_does_not_verify(
    doors: Doors, settings: Settings
) -> None:
    sid, _ = a_fight(doors)
    conn = _redis(settings)
    try:
        name = key("public", sid, "steps", prefix=settings.redis_prefix)
        conn.lset(name, 2, json.dumps({"version": 3, "action": "nope", "seed": "x"}))
    finally:
        conn.close()
    shown = doors.replay(sid)["items"][2]
    assert (shown["version"], shown["action"], shown["seed"]) == (3, "nope", None)
    difference = doors.verify(sid)["firstDifference"]
    assert (difference["version"], difference["action"], difference["part"]) == (
        3,
        "nope",
        "step",
    )


def test_an_unknown_session_is_not_found(doors: Doors) -> None:
    unknown = "Q2xvdWR5RGF5SW5Ub3dvTm90"
    assert doors.replay(unknown)["status"] in (404, "session-not-found")
    assert doors.verify(unknown)["status"] in (404, "session-not-found")


def test_replay_pages_are_bounded(client: TestClient) -> None:
    sid = Doors(client, "rest").create()
    for bad in ({"limit": 0}, {"limit": 201}, {"offset": -1}, {"limit": "x"}):
        assert client.get(f"/v1/sessions/{sid}/replay", params=bad).status_code == 422


# -- tenants ---------------------------------------------------------------------------------


async def new_keys(settings: Settings, *tenants: str) -> list[str]:
    """A new API key of each tenant, in the app's Redis."""
    import redis.asyncio

    assert settings.redis_url is not None
    conn = redis.asyncio.Redis.from_url(settings.redis_url)
    store = ApiKeyStore(conn, secret=SECRET, prefix=settings.redis_prefix)
    try:
        return [(await store.create(tenant, "test"))[0] for tenant in tenants]
    finally:
        await conn.aclose()


@pytest.fixture(scope="module")
def keyed(settings: Settings) -> Iterator[tuple[TestClient, dict[str, str], dict[str, str]]]:
    """An app with API keys on, and a key of two tenants."""
    import dataclasses

    with_keys = dataclasses.replace(
        settings, auth=True, api_key_secret=SECRET, require_persistence=False
    )
    acme, umbrella = asyncio.run(new_keys(with_keys, "acme", "umbrella"))
    with TestClient(create_app(with_keys)) as c:
        yield c, {"X-API-Key": acme}, {"X-API-Key": umbrella}


@pytest.mark.parametrize("door", ["rest", "graphql"])
def test_another_tenants_session_is_not_found(
    keyed: tuple[TestClient, dict[str, str], dict[str, str]], door: str
) -> None:
    client, acme, umbrella = keyed
    owner = Doors(client, door, acme)
    sid = owner.create()
    owner.act(sid, "roll-initiative", seed=1)
    assert owner.verify(sid)["reproduced"] is True
    assert owner.replay(sid)["total"] == 2
    other = Doors(client, door, umbrella)
    assert other.replay(sid)["status"] in (404, "session-not-found")
    assert other.verify(sid)["status"] in (404, "session-not-found")
    anonymous = Doors(client, door)
    if door == "rest":
        assert anonymous.replay(sid)["status"] == 401
        assert anonymous.verify(sid)["status"] == 401

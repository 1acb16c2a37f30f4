"""What if (issue 26, part 5): ``POST /v1/sessions/{id}/fork`` and GraphQL ``forkSession``
make a new session at the state of a version of another, replayed from its log; the fork's
replay log names its origin, verifies, and plays on apart from the original."""

from __future__ import annotations

import json
from typing import Any

import pytest
import redis
from factories import skirmish
from starlette.testclient import TestClient

from service.api.replay import REPLAY_STEPS
from service.settings import Settings
from service.store.keys import key

FORK = """mutation($id: ID!, $v: Int!, $t: String, $k: String) {
  forkSession(id: $id, version: $v, title: $t, idempotencyKey: $k) {
    __typename ... on Session { id version title encounter { round turnOf } }
    ... on Error { code } } }"""


def create(client: TestClient, title: str | None = None) -> str:
    body: dict[str, Any] = {"encounter": skirmish()}
    if title is not None:
        body["title"] = title
    answer = client.post("/v1/sessions", json=body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def act(client: TestClient, sid: str, slug: str, **body: Any) -> dict[str, Any]:
    answer = client.post(f"/v1/sessions/{sid}/{slug}", json=body)
    assert answer.status_code == 200, answer.text
    out: dict[str, Any] = answer.json()
    return out


def fork(client: TestClient, door: str, sid: str, version: Any, **more: Any) -> dict[str, Any]:
    """The fork's answer, as ``{status, ...}`` through either door."""
    if door == "graphql":
        variables = {"id": sid, "v": version, "t": more.get("title"), "k": more.get("key")}
        answer = client.post("/graphql", json={"query": FORK, "variables": variables})
        assert answer.status_code == 200, answer.text
        if "errors" in answer.json():
            return {"status": "invalid", "errors": answer.json()["errors"]}
        data = answer.json()["data"]["forkSession"]
        kind = data["__typename"]
        return {"status": 201 if kind == "Session" else data["code"], **data}
    headers = {"Idempotency-Key": more["key"]} if more.get("key") else {}
    body: dict[str, Any] = {"version": version}
    if more.get("title") is not None:
        body["title"] = more["title"]
    answer = client.post(f"/v1/sessions/{sid}/fork", json=body, headers=headers)
    return {
        "status": answer.status_code,
        "replayed": answer.headers.get("idempotent-replayed") == "true",
        **answer.json(),
    }


@pytest.fixture(params=["rest", "graphql"])
def door(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def a_fight(client: TestClient) -> tuple[str, list[dict[str, Any]]]:
    """Initiative (v2), a hit (v3), a turn (v4), an undo (v5: v3's state), a heal (v6)."""
    sid = create(client, "The bridge")
    answers = [
        act(client, sid, "roll-initiative", seed=3),
        act(client, sid, "apply-damage", targetId="gob1", amount=2),
        act(client, sid, "next-turn"),
    ]
    assert client.post(f"/v1/sessions/{sid}/undo").status_code == 200
    answers.append(act(client, sid, "heal", targetId="gob1", amount=1, seed=11))
    return sid, answers


def hp_of(encounter: dict[str, Any], cid: str) -> int:
    return int(next(c for c in encounter["combatants"] if c["id"] == cid)["hp"])


def test_a_fork_starts_at_the_versions_state_and_plays_on_apart(
    client: TestClient, door: str
) -> None:
    sid, answers = a_fight(client)
    at_three = answers[1]["encounter"]  # the state after the hit, version 3
    forked = fork(client, door, sid, 3, title="What if it ran")
    assert forked["status"] == 201, forked
    new = forked["id"]
    assert new != sid and forked["version"] == 1 and forked["title"] == "What if it ran"
    got = client.get(f"/v1/sessions/{new}").json()
    assert got["encounter"] == at_three
    # the fork's log starts there, names its origin and verifies
    first = client.get(f"/v1/sessions/{new}/replay").json()["items"][0]
    assert first["action"] == "createSession"
    assert first["origin"] == {"sessionId": sid, "version": 3}
    assert first["params"]["encounter"] == at_three
    # playing on: the next turn in the fork is the original's version 4, dice and all
    turn = act(client, new, "next-turn")
    assert turn["encounter"]["turnOf"] == answers[2]["encounter"]["turnOf"]
    hit = act(client, new, "apply-damage", targetId="gob1", amount=3)
    assert hp_of(hit["encounter"], "gob1") == hp_of(at_three, "gob1") - 3
    assert client.post(f"/v1/sessions/{new}/verify").json()["reproduced"] is True
    # the original is untouched
    original = client.get(f"/v1/sessions/{sid}").json()
    assert original["version"] == 6 and original["encounter"] == answers[3]["encounter"]
    assert client.post(f"/v1/sessions/{sid}/verify").json()["reproduced"] is True


def test_a_fork_keeps_the_title_and_undo_has_nothing_before_it(
    client: TestClient, door: str
) -> None:
    sid, _ = a_fight(client)
    forked = fork(client, door, sid, 6)
    assert forked["title"] == "The bridge"
    assert client.post(f"/v1/sessions/{forked['id']}/undo").status_code == 409


def test_a_retry_with_the_key_answers_the_first_fork(client: TestClient, door: str) -> None:
    sid, _ = a_fight(client)
    key_ = f"fork-{door}-{sid}"
    first = fork(client, door, sid, 2, key=key_)
    again = fork(client, door, sid, 2, key=key_)
    assert again["id"] == first["id"]
    if door == "rest":
        assert again["replayed"] is True
        assert fork(client, door, sid, 3, key=key_)["status"] == 422


@pytest.mark.parametrize("version", [0, 7, -1])
def test_a_version_the_session_never_had_is_refused(
    client: TestClient, door: str, version: int
) -> None:
    sid, _ = a_fight(client)
    refused = fork(client, door, sid, version)
    assert refused["status"] in (422, "invalid-input", "invalid"), refused


def test_an_unknown_session_is_not_found(client: TestClient, door: str) -> None:
    refused = fork(client, door, "Q2xvdWR5RGF5SW5Ub3dvTm90", 1)
    assert refused["status"] in (404, "session-not-found")


def test_a_log_that_does_not_reproduce_is_refused(
    client: TestClient, door: str, settings: Settings
) -> None:
    sid, _ = a_fight(client)
    assert settings.redis_url is not None
    conn = redis.Redis.from_url(settings.redis_url)
    try:
        name = key("public", sid, "steps", prefix=settings.redis_prefix)
        step = json.loads(conn.lindex(name, 1))  # type: ignore[arg-type]
        step["seed"] = 4
        conn.lset(name, 1, json.dumps(step, separators=(",", ":")))
    finally:
        conn.close()
    refused = fork(client, door, sid, 3)
    assert refused["status"] in (409, "session-not-reproduced"), refused
    if door == "rest":
        assert (refused["code"], refused["version"]) == ("session-not-reproduced", 2)
    # a fork before the changed step still works
    assert fork(client, door, sid, 1)["status"] == 201


def test_a_fork_past_the_replay_limit_is_refused_before_it_is_replayed(
    client: TestClient, settings: Settings
) -> None:
    sid = create(client)
    assert settings.redis_url is not None
    conn = redis.Redis.from_url(settings.redis_url)
    try:
        session = key("public", sid, "session", prefix=settings.redis_prefix)
        conn.hset(session, "version", REPLAY_STEPS.max + 1)
    finally:
        conn.close()
    refused = client.post(f"/v1/sessions/{sid}/fork", json={"version": REPLAY_STEPS.max + 1})
    assert refused.status_code == 422 and refused.json()["limit"] == "replay-steps"

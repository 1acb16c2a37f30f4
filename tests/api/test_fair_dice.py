"""Fair dice (issue 26 part 4): seeds derived from a secret the session committed to,
revealed on demand and checked by ``verify`` (docs/fair-dice.md)."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path
from typing import Any

import redis
from factories import skirmish
from starlette.testclient import TestClient

from service.settings import Settings
from service.store.keys import key

DOC = Path(__file__).resolve().parents[2] / "docs" / "fair-dice.md"


def derive(secret_hex: str, line: int) -> int:
    digest = hmac.new(bytes.fromhex(secret_hex), f"crs-dice:{line}".encode(), "sha256").digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def create(client: TestClient) -> dict[str, Any]:
    r = client.post("/v1/sessions", json={"encounter": skirmish()})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def act(client: TestClient, sid: str, slug: str, **body: Any) -> dict[str, Any]:
    r = client.post(f"/v1/sessions/{sid}/{slug}", json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def steps(client: TestClient, sid: str) -> list[dict[str, Any]]:
    r = client.get(f"/v1/sessions/{sid}/replay")
    assert r.status_code == 200, r.text
    items: list[dict[str, Any]] = r.json()["items"]
    return items


def reveal(client: TestClient, sid: str) -> dict[str, Any]:
    r = client.post(f"/v1/sessions/{sid}/reveal")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_a_sessions_answers_carry_its_commitment(client: TestClient) -> None:
    created = create(client)
    commitment = created["commitment"]
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)
    sid = created["id"]
    assert client.get(f"/v1/sessions/{sid}").json()["commitment"] == commitment
    answer = act(client, sid, "roll-initiative")
    assert answer["session"] == {"id": sid, "version": 2, "commitment": commitment}
    undone = client.post(f"/v1/sessions/{sid}/undo").json()
    assert undone["session"]["commitment"] == commitment


def test_seedless_actions_get_committed_seeds_and_a_client_seed_is_the_clients(
    client: TestClient,
) -> None:
    sid = create(client)["id"]
    first = act(client, sid, "roll-initiative")
    act(client, sid, "apply-damage", targetId="gob1", amount=2, seed=42)
    log = steps(client, sid)
    assert (log[1]["seedSource"], log[1]["line"], log[1]["seed"]) == (
        "committed",
        2,
        first["seed"],
    )
    assert (log[2]["seedSource"], log[2]["line"], log[2]["seed"]) == ("client", 3, 42)
    assert log[0]["seedSource"] is None


def test_undo_then_the_same_action_rolls_the_same_dice(client: TestClient) -> None:
    sid = create(client)["id"]
    act(client, sid, "roll-initiative", seed=5)
    first = act(client, sid, "apply-damage", targetId="gob1", amount=2)
    assert client.post(f"/v1/sessions/{sid}/undo").status_code == 200
    again = act(client, sid, "apply-damage", targetId="gob1", amount=2)
    assert again["seed"] == first["seed"]
    assert again["events"] == first["events"] and again["encounter"] == first["encounter"]
    log = steps(client, sid)
    assert [s.get("line") for s in log[1:]] == [2, 3, None, 3]


def test_a_reveal_shows_every_earlier_seed_came_from_the_commitment(client: TestClient) -> None:
    created = create(client)
    sid, commitment = created["id"], created["commitment"]
    act(client, sid, "roll-initiative")
    act(client, sid, "apply-damage", targetId="gob1", amount=2)
    act(client, sid, "next-turn", seed=9)
    revealed = reveal(client, sid)
    old = revealed["revealed"]
    assert revealed["sessionId"] == sid
    assert hashlib.sha256(bytes.fromhex(old["secret"])).hexdigest() == commitment
    assert old["commitment"] == commitment and old["version"] == 4
    assert revealed["commitment"] != commitment
    assert client.get(f"/v1/sessions/{sid}").json()["commitment"] == revealed["commitment"]
    for step in steps(client, sid):
        if step["seedSource"] == "committed":
            assert step["seed"] == derive(old["secret"], step["line"])
    after = act(client, sid, "apply-damage", targetId="gob1", amount=1)
    assert after["session"]["commitment"] == revealed["commitment"]
    verdict = client.post(f"/v1/sessions/{sid}/verify").json()
    assert verdict["reproduced"] is True
    assert verdict["dice"] == {"checked": 2, "client": 1, "unrevealed": 1, "mismatched": None}


def test_a_committed_seed_rewritten_in_redis_is_a_mismatch(
    client: TestClient, settings: Settings
) -> None:
    sid = create(client)["id"]
    act(client, sid, "roll-initiative")
    act(client, sid, "apply-damage", targetId="gob1", amount=2)
    reveal(client, sid)
    assert settings.redis_url is not None
    conn = redis.Redis.from_url(settings.redis_url)
    name = key("public", sid, "steps", prefix=settings.redis_prefix)
    try:
        step = json.loads(conn.lindex(name, 2) or b"")
        assert step["version"] == 3 and step["seedSource"] == "committed"
        step["seed"] = (step["seed"] + 1) % 2**31
        conn.lset(name, 2, json.dumps(step, separators=(",", ":")))
    finally:
        conn.close()
    verdict = client.post(f"/v1/sessions/{sid}/verify").json()
    assert verdict["dice"]["mismatched"] == 3 and verdict["dice"]["checked"] == 2


def test_the_secret_is_in_no_answer_before_its_reveal(client: TestClient) -> None:
    created = create(client)
    sid = created["id"]
    answers = [json.dumps(created)]
    answers.append(json.dumps(act(client, sid, "roll-initiative")))
    answers.append(client.get(f"/v1/sessions/{sid}").text)
    answers.append(client.get(f"/v1/sessions/{sid}/replay").text)
    answers.append(client.get(f"/v1/sessions/{sid}/events").text)
    answers.append(client.post(f"/v1/sessions/{sid}/verify").text)
    answers.append(client.get("/v1/sessions").text)
    secret = reveal(client, sid)["revealed"]["secret"]
    assert all(secret not in answer for answer in answers)


def test_reveal_of_an_unknown_session_is_404(client: TestClient) -> None:
    r = client.post("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA/reveal")
    assert r.status_code == 404 and r.json()["code"] == "session-not-found"


def test_a_session_without_a_commitment_has_nothing_to_reveal(
    client: TestClient, settings: Settings
) -> None:
    sid = create(client)["id"]
    assert settings.redis_url is not None
    conn = redis.Redis.from_url(settings.redis_url)
    try:  # as a session of an earlier release is
        conn.hdel(key("public", sid, "session", prefix=settings.redis_prefix), "dice")
        conn.hdel(key("public", sid, "session", prefix=settings.redis_prefix), "commitment")
        conn.hdel(key("public", sid, "session", prefix=settings.redis_prefix), "line")
    finally:
        conn.close()
    r = client.post(f"/v1/sessions/{sid}/reveal")
    assert r.status_code == 409 and r.json()["code"] == "nothing-to-reveal"
    act(client, sid, "roll-initiative")
    assert steps(client, sid)[1]["seedSource"] == "drawn"
    assert client.post(f"/v1/sessions/{sid}/verify").json()["dice"] is None


def test_graphql_reveal_session(client: TestClient) -> None:
    created = create(client)
    query = """mutation ($id: ID!) { revealSession(id: $id) { __typename
      ... on RevealPayload { sessionId commitment revealed { secret commitment version line } }
      ... on Error { code } } }"""
    r = client.post("/graphql", json={"query": query, "variables": {"id": created["id"]}})
    data = r.json()["data"]["revealSession"]
    assert data["__typename"] == "RevealPayload", data
    assert data["revealed"]["commitment"] == created["commitment"]
    assert data["revealed"]["version"] == 1 and data["revealed"]["line"] == 1
    secret = bytes.fromhex(data["revealed"]["secret"])
    assert hashlib.sha256(secret).hexdigest() == created["commitment"]
    assert data["commitment"] != created["commitment"]


def test_the_worked_example_of_the_docs() -> None:
    text = DOC.read_text()
    values = dict(
        re.findall(r"^- (secret|commitment|line 2 seed|line 3 seed): `([^`]+)`", text, re.M)
    )
    secret = values["secret"]
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() == values["commitment"]
    assert derive(secret, 2) == int(values["line 2 seed"])
    assert derive(secret, 3) == int(values["line 3 seed"])
    from service.api.dice import derive_seed

    assert derive_seed(bytes.fromhex(secret), 2) == int(values["line 2 seed"])

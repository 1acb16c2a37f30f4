"""Rate limits: a flood gets 429 with Retry-After, per key (or per client IP without auth);
a GraphQL mutation counts each of its fields."""

from __future__ import annotations

from collections.abc import Callable

from hardening_support import SECRET, create_key, skirmish_body
from starlette.testclient import TestClient

from service.settings import Settings

QUERY = {"query": "{ version }"}


def test_a_flood_gets_429_with_retry_after(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate_limit=6, rate_burst=5)
    statuses = [
        client.post("/v1/roll-initiative", json=skirmish_body()).status_code for _ in range(8)
    ]
    assert statuses[:5] == [200] * 5
    assert statuses[5:] == [429] * 3
    limited = client.post("/v1/roll-initiative", json=skirmish_body())
    assert limited.headers["content-type"] == "application/problem+json"
    assert limited.json()["code"] == "rate-limited"
    assert 1 <= int(limited.headers["retry-after"]) <= 10  # one request per 10 s
    # Not rate-limited: health.
    assert client.get("/healthz").status_code == 200


def test_off_by_default(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    assert all(client.post("/graphql", json=QUERY).status_code == 200 for _ in range(100))


def test_each_key_has_its_own_allowance(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate_limit=6, rate_burst=2, auth=True, api_key_secret=SECRET)
    settings: Settings = client.app.state.settings  # type: ignore[attr-defined]
    first, _ = create_key(settings, "acme")
    second, _ = create_key(settings, "acme")
    one = {"Authorization": f"Bearer {first}"}
    two = {"X-API-Key": second}
    assert [client.post("/graphql", json=QUERY, headers=one).status_code for _ in range(3)] == [
        200,
        200,
        429,
    ]
    assert client.post("/graphql", json=QUERY, headers=two).status_code == 200
    # 401 comes before the rate limit: a bad key never uses anyone's allowance.
    assert client.post("/graphql", json=QUERY, headers={"X-API-Key": "bad"}).status_code == 401


def test_graphql_mutations_count_each_field(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate_limit=6, rate_burst=3)
    encounter = skirmish_body()["encounter"]
    three = """mutation($e: EncounterInput!) {
        a: rollInitiative(encounter: $e, input: {}) { __typename }
        b: rollInitiative(encounter: $e, input: {}) { __typename }
        ...more }
      fragment more on Mutation { c: rollInitiative(encounter: $e, input: {}) { __typename } }"""
    ok = client.post("/graphql", json={"query": three, "variables": {"e": encounter}})
    assert ok.status_code == 200, ok.text
    assert set(ok.json()["data"]) == {"a", "b", "c"}

    limited = client.post("/graphql", json=QUERY)
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) >= 1
    error = limited.json()["errors"][0]
    assert error["extensions"]["code"] == "RATE_LIMITED"
    assert error["extensions"]["retryAfter"] >= 1
    assert limited.json()["data"] is None


def test_a_mutation_larger_than_the_burst_never_runs(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate_limit=600, rate_burst=2)
    encounter = skirmish_body()["encounter"]
    fields = " ".join(f"m{i}: createSession(encounter: $e) {{ __typename }}" for i in range(3))
    response = client.post(
        "/graphql",
        json={
            "query": f"mutation($e: EncounterInput!) {{ {fields} }}",
            "variables": {"e": encounter},
        },
    )
    assert response.status_code == 429
    assert response.json()["data"] is None


def test_a_websocket_operation_over_the_limit_gets_an_error(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate_limit=6, rate_burst=1)
    assert client.post("/graphql", json=QUERY).status_code == 200
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json(
            {
                "id": "1",
                "type": "subscribe",
                "payload": {
                    "query": 'subscription { sessionUpdated(sessionId: "AAAAAAAAAAAAAAAAAAAAAA")'
                    " { __typename } }"
                },
            }
        )
        message = ws.receive_json()
    errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
    assert errors[0]["extensions"]["code"] == "RATE_LIMITED"

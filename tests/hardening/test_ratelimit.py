"""Rate limits: a flood gets 429 with Retry-After, per key (or per client IP without auth);
a GraphQL mutation counts each of its fields."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


def policy(response: Any) -> tuple[str, str]:
    return response.headers["ratelimit-policy"], response.headers["ratelimit"]


def test_every_rate_limited_answer_says_what_is_left(
    make_client: Callable[..., TestClient],
) -> None:
    """``RateLimit-Policy`` and ``RateLimit`` (draft-ietf-httpapi-ratelimit-headers): a burst
    of 5 refilled in 50 s (6 a minute), and what is left, on 200s, errors and 429s."""
    client = make_client(rate_limit=6, rate_burst=5)
    first = client.post("/v1/roll-initiative", json=skirmish_body())
    assert first.status_code == 200
    assert policy(first) == ('"default";q=5;w=50', '"default";r=4;t=10')
    invalid = client.post("/v1/roll-initiative", json={})
    assert invalid.status_code == 422
    assert policy(invalid)[1] == '"default";r=3;t=20'
    graphql = client.post("/graphql", json=QUERY)
    assert graphql.status_code == 200 and policy(graphql)[1] == '"default";r=2;t=30'
    for _ in range(2):
        client.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA")
    limited = client.post("/v1/roll-initiative", json=skirmish_body())
    assert limited.status_code == 429
    retry_after = int(limited.headers["retry-after"])
    assert policy(limited) == ('"default";q=5;w=50', f'"default";r=0;t={retry_after}')
    limited_graphql = client.post("/graphql", json=QUERY)
    assert limited_graphql.status_code == 429 and "ratelimit" in limited_graphql.headers
    # Not rate-limited, no fields: health.
    assert "ratelimit" not in client.get("/healthz").headers


ODDS = """query($e: EncounterInput!) {
  a: encounterOdds(encounter: $e, input: {runs: 1}) { __typename }
  b: pathCost(encounter: $e, input: {combatantId: "hero", path: []}) { __typename }
  c: attackOdds(encounter: $e, input: {attackerId: "hero", targetId: "gob1"}) { __typename }
  version
}"""


def test_graphql_query_fields_are_charged_and_encounter_odds_weighs_ten(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate_limit=60, rate_burst=15)
    encounter = skirmish_body()["encounter"]
    odds = client.post("/graphql", json={"query": ODDS, "variables": {"e": encounter}})
    assert odds.status_code == 200, odds.text
    assert set(odds.json()["data"]) == {"a", "b", "c", "version"}
    assert policy(odds)[1].startswith('"default";r=3;')  # 15 - (10 + 1 + 1)
    aliased = (
        "query($e: EncounterInput!) { "
        + " ".join(
            f'q{i}: attackOdds(encounter: $e, input: {{attackerId: "hero", targetId: "gob1"}})'
            " { __typename }"
            for i in range(4)
        )
        + " }"
    )
    refused = client.post("/graphql", json={"query": aliased, "variables": {"e": encounter}})
    assert refused.status_code == 429
    assert refused.json()["data"] is None
    assert refused.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"


def test_rest_encounter_odds_weighs_ten_and_passes_alone_over_a_small_burst(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate_limit=60, rate_burst=12)
    body = {**skirmish_body(), "runs": 1}
    odds = client.post("/v1/encounter-odds", json=body)
    assert odds.status_code == 200, odds.text
    assert policy(odds)[1].startswith('"default";r=2;')
    small = make_client(rate_limit=60, rate_burst=4)
    assert small.post("/v1/encounter-odds", json=body).status_code == 200
    assert small.post("/v1/encounter-odds", json=body).status_code == 429


def test_invalid_graphql_documents_are_charged(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate_limit=6, rate_burst=3)
    for document in ("{ nope }", "{ version"):
        answer = client.post("/graphql", json={"query": document})
        assert answer.json()["errors"], answer.text
    assert client.post("/graphql", json={"query": "{ alsoNope }"}).status_code in {200, 400}
    assert client.post("/graphql", json=QUERY).status_code == 429


def test_invalid_documents_on_a_websocket_are_charged(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate_limit=6, rate_burst=2)
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {}})
        assert ws.receive_json()["type"] == "connection_ack"
        for i in range(2):
            ws.send_json({"id": str(i), "type": "subscribe", "payload": {"query": "{ nope }"}})
            assert ws.receive_json()["type"] == "error"
        ws.send_json({"id": "9", "type": "subscribe", "payload": {"query": "{ version }"}})
        message = ws.receive_json()
    errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
    assert errors[0]["extensions"]["code"] == "RATE_LIMITED"

"""The GraphQL door over HTTP before any operation runs: bodies that are no JSON, or JSON
nested too deep, and strawberry's other refusals answer problem+json, never a plain-text
500; websocket messages nested too deep close the socket (4400) without an error."""

from __future__ import annotations

import json

import pytest
from httpx import Response
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

PROBLEM = "application/problem+json"


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def problem(response: Response, status: int) -> dict[str, object]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body: dict[str, object] = response.json()
    assert body["status"] == status
    return body


@pytest.mark.parametrize("levels", [300, 5_000, 30_000])
def test_json_nested_too_deep_in_a_variable_is_a_400_problem(
    client: TestClient, levels: int
) -> None:
    body = '{"query": "query Q { version }", "variables": {"x": ' + deep(levels) + "}}"
    r = client.post("/graphql", content=body, headers={"content-type": "application/json"})
    found = problem(r, 400)
    assert found["code"] == "invalid-json"
    assert "recursion limit" in str(found["detail"])


def test_json_nested_within_the_limit_still_runs(client: TestClient) -> None:
    """150 levels parse (an undeclared variable is ignored): the operation runs."""
    body = '{"query": "query Q { version }", "variables": {"x": ' + deep(150) + "}}"
    r = client.post("/graphql", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    assert r.json() == {"data": {"version": client.get("/openapi.json").json()["info"]["version"]}}


@pytest.mark.parametrize(
    "body", ["{bad", "", '{"query": "{ version }", "variables": {"x": NaN}}', "\xff"]
)
def test_a_body_that_is_not_json_is_a_400_problem(client: TestClient, body: str) -> None:
    r = client.post(
        "/graphql", content=body.encode("latin-1"), headers={"content-type": "application/json"}
    )
    assert problem(r, 400)["code"] == "invalid-json"


def test_strawberry_refusals_are_problems(client: TestClient) -> None:
    no_query = client.post("/graphql", json={"variables": {}})
    assert "No GraphQL query" in str(problem(no_query, 400)["detail"])
    mutation_over_get = client.get(
        "/graphql", params={"query": 'mutation { deleteSession(id: "x") { __typename } }'}
    )
    assert problem(mutation_over_get, 400)["code"] == "bad-request"
    text = client.post("/graphql", content=b"{ version }", headers={"content-type": "text/plain"})
    assert problem(text, 400)["code"] == "bad-request"


def test_a_websocket_message_nested_too_deep_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_text('{"type": "connection_init", "payload": ' + deep(5_000) + "}")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_text(json.dumps({"type": "connection_init"}))
        assert ws.receive_json() == {"type": "connection_ack"}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"query": "{ version "}, "GRAPHQL_PARSE_FAILED"),
        ({"query": "{ noSuchField }"}, "GRAPHQL_VALIDATION_FAILED"),
        (
            {
                "query": "mutation($e: EncounterInput!) { nextTurn(encounter: $e, input: {}) "
                "{ __typename } }",
                "variables": {"e": {"ruleset": 3}},
            },
            "BAD_USER_INPUT",
        ),
        (
            {"query": "{ " + " ".join(f"v{i}: version" for i in range(40)) + " }"},
            "LIMIT_EXCEEDED",
        ),
    ],
    ids=[
        "not GraphQL",
        "unknown field",
        "variable of the wrong type",
        "too many aliases",
    ],
)
def test_every_graphql_error_has_a_code_and_the_request_id(
    client: TestClient, body: dict[str, object], code: str
) -> None:
    """A client branches on ``extensions.code`` and quotes ``extensions.requestId`` (the
    response's ``X-Request-ID``) when it reports a problem, as with a REST problem."""
    answer = client.post("/graphql", json=body, headers={"X-Request-ID": "a-known-id-0001"})
    errors = answer.json()["errors"]
    assert errors, answer.text
    assert {e["extensions"]["code"] for e in errors} == {code}, errors
    assert {e["extensions"]["requestId"] for e in errors} == {"a-known-id-0001"}
    assert answer.headers["X-Request-ID"] == "a-known-id-0001"

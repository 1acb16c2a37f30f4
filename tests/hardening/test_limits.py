"""Every limit answers its documented error: body size, combatants, grid, dice, event page,
GraphQL depth, tokens and aliases; production switches introspection and the playground off."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from factories import combatant, encounter_doc, skirmish
from hardening_support import SECRET
from starlette.testclient import TestClient

from service.rules.dice import MAX_DICE
from service.rules.model import MAX_COMBATANTS, MAX_GRID_SIDE
from service.store import MAX_PAGE

PROBLEM = "application/problem+json"


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client(max_body_bytes=64 * 1024)


def problem(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    return body


def gql_errors(client: TestClient, query: str, variables: dict[str, Any] | None = None) -> Any:
    return [e["message"] for e in gql_error_objects(client, query, variables)]


def gql_error_objects(
    client: TestClient, query: str, variables: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    response = client.post("/graphql", json={"query": query, "variables": variables or {}})
    errors: list[dict[str, Any]] = response.json().get("errors", [])
    return errors


def test_body_over_the_limit_is_413_on_both_doors(client: TestClient) -> None:
    big = {"encounter": skirmish(), "padding": "x" * 70_000}
    assert problem(client.post("/v1/roll-initiative", json=big), 413)["code"] == "body-too-large"
    query = {"query": "{ version }", "variables": {"padding": "x" * 70_000}}
    assert problem(client.post("/graphql", json=query), 413)["code"] == "body-too-large"
    # Streamed without a length, too.
    chunks = (b"x" * 10_000 for _ in range(8))
    response = client.post("/graphql", content=chunks, headers={"content-type": "application/json"})
    assert problem(response, 413)["code"] == "body-too-large"


def test_too_many_combatants_is_422(make_client: Callable[..., TestClient]) -> None:
    client = make_client(max_body_bytes=1_048_576)
    crowd = [combatant(f"c{i}", i % 100, i // 100) for i in range(MAX_COMBATANTS + 1)]
    doc = encounter_doc(*crowd, width=100, height=100)
    body = problem(client.post("/v1/roll-initiative", json={"encounter": doc}), 422)
    assert body["errors"][0]["path"] == "encounter.combatants"
    assert str(MAX_COMBATANTS) in body["errors"][0]["message"]


@pytest.mark.parametrize("side", ["width", "height"])
def test_a_grid_over_the_limit_is_422(client: TestClient, side: str) -> None:
    doc = skirmish()
    doc["grid"][side] = MAX_GRID_SIDE + 1
    body = problem(client.post("/v1/roll-initiative", json={"encounter": doc}), 422)
    assert body["errors"][0]["path"] == f"encounter.grid.{side}"
    assert str(MAX_GRID_SIDE) in body["errors"][0]["message"]


def test_too_many_dice_in_an_expression_is_422(client: TestClient) -> None:
    doc = copy.deepcopy(skirmish())
    doc["combatants"][0]["attacks"][0]["damage"] = f"{MAX_DICE + 1}d6"
    body = problem(client.post("/v1/roll-initiative", json={"encounter": doc}), 422)
    assert f"more than {MAX_DICE} dice" in body["detail"]
    assert body["errors"][0]["path"].startswith("encounter.combatants[0].attacks[0]")


def test_an_event_page_over_the_limit_is_422(client: TestClient) -> None:
    sid = client.post("/v1/sessions", json={"encounter": skirmish()}).json()["id"]
    body = problem(client.get(f"/v1/sessions/{sid}/events?limit={MAX_PAGE + 1}"), 422)
    assert body["errors"][0]["path"] == "limit"
    ok = client.get(f"/v1/sessions/{sid}/events?limit={MAX_PAGE}")
    assert ok.status_code == 200
    query = "query($id: ID!) { sessionEvents(id: $id, limit: 201) { __typename } }"
    data = client.post("/graphql", json={"query": query, "variables": {"id": sid}}).json()
    assert data["data"]["sessionEvents"]["__typename"] == "InvalidInput"


def test_graphql_depth_limit(make_client: Callable[..., TestClient]) -> None:
    client = make_client(graphql_max_depth=3)
    assert gql_errors(client, "{ rulesets { id } }") == []
    deep = """query Deep($id: ID!) { session(id: $id) {
        ... on Session { encounter { grid { blocked { x } } } } } }"""
    errors = gql_error_objects(client, deep, {"id": "AAAAAAAAAAAAAAAAAAAAAA"})
    assert errors and "exceeds maximum operation depth of 3" in errors[0]["message"]
    assert errors[0]["extensions"] | {"requestId": "-"} == {
        "code": "LIMIT_EXCEEDED",
        "limit": "graphql-depth",
        "requestId": "-",
    }


def test_graphql_token_limit(make_client: Callable[..., TestClient]) -> None:
    client = make_client(graphql_max_tokens=50)
    assert gql_errors(client, "{ version }") == []
    many = "{ " + " ".join(["version"] * 60) + " }"
    errors = gql_error_objects(client, many)
    assert errors and "more than 50 tokens" in errors[0]["message"]
    assert errors[0]["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert errors[0]["extensions"]["limit"] == "graphql-tokens"


def test_graphql_alias_limit(make_client: Callable[..., TestClient]) -> None:
    client = make_client(graphql_max_aliases=3)
    assert gql_errors(client, "{ a: version b: version c: version }") == []
    errors = gql_error_objects(client, "{ a: version b: version c: version d: version }")
    assert errors and "Allowed: 3" in errors[0]["message"]
    assert errors[0]["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert errors[0]["extensions"]["limit"] == "graphql-aliases"


def test_default_limits_leave_real_operations_alone(client: TestClient) -> None:
    query = """mutation($e: EncounterInput!) { rollInitiative(encounter: $e, seed: 1, input: {}) {
        ... on RollInitiativePayload { encounter { combatants { id conditions { name } } } }
        ... on InvalidInput { message } } }"""
    response = client.post("/graphql", json={"query": query, "variables": {"e": skirmish()}})
    assert "errors" not in response.json(), response.text


def test_production_switches_introspection_and_the_playground_off(
    make_client: Callable[..., TestClient],
) -> None:
    dev = make_client()
    assert gql_errors(dev, "{ __schema { queryType { name } } }") == []
    assert "text/html" in dev.get("/graphql", headers={"accept": "text/html"}).headers.get(
        "content-type", ""
    )

    prod = make_client(
        production=True,
        graphql_introspection=False,
        graphql_playground=False,
        auth=False,
        api_key_secret=SECRET,
    )
    errors = gql_errors(prod, "{ __schema { queryType { name } } }")
    assert errors and "introspection" in errors[0].lower()
    errors = gql_errors(prod, '{ __type(name: "Query") { name } }')
    assert errors and "introspection" in errors[0].lower()
    assert gql_errors(prod, "{ version }") == []
    page = prod.get("/graphql", headers={"accept": "text/html"})
    assert "text/html" not in page.headers.get("content-type", "")


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        ("{ versio }", {}),
        ("{ rulesets { titl } }", {}),
        (
            "mutation($e: EncounterInput!) { rollInitiative(encounter: $e, input: {}) "
            "{ __typename } }",
            {"e": {"rulset": "d20", "grid": {"width": 4, "height": 4}, "combatants": []}},
        ),
        (
            "query($e: EncounterInput!, $i: PathCostInput!) "
            "{ pathCost(encounter: $e, input: $i) { __typename } }",
            {
                "e": {"ruleset": "d20", "grid": {"width": 4, "height": 4}, "combatants": []},
                "i": {"combatantID": "hero", "path": []},
            },
        ),
    ],
)
def test_no_suggestions_leak_the_schema_without_introspection(
    make_client: Callable[..., TestClient], query: str, variables: dict[str, Any]
) -> None:
    dev = make_client()
    assert any("Did you mean" in m for m in gql_errors(dev, query, variables))
    prod = make_client(graphql_introspection=False)
    errors = gql_errors(prod, query, variables)
    assert errors
    assert not any("Did you mean" in m for m in errors), errors

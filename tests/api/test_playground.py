"""The GraphiQL page: an example for every action and session operation, each one valid
against the schema, the stateless ones runnable as they stand."""

from __future__ import annotations

import dataclasses
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from graphql import FragmentDefinitionNode, OperationDefinitionNode, parse, validate
from starlette.testclient import TestClient

from service.api.graphql.playground import (
    AUTH_HINT,
    EXAMPLE_VARIABLES,
    SCROLL_LOCK_STYLE,
    SESSION_OPERATION_NAMES,
    action_operation,
    example_document,
    operation_name,
)
from service.api.graphql.schema import schema
from service.api.pages import STATIC, style_hash
from service.rules import ACTIONS

SPECS = {spec.name: spec for spec in ACTIONS}


def operations(document: str) -> dict[str, OperationDefinitionNode]:
    out = {}
    for node in parse(document).definitions:
        if isinstance(node, FragmentDefinitionNode):
            assert node.name.value == "EncounterFields"
            continue
        assert isinstance(node, OperationDefinitionNode)
        assert node.name is not None
        assert node.name.value not in out, f"two operations named {node.name.value}"
        out[node.name.value] = node
    return out


@pytest.fixture(scope="module")
def page(client: TestClient) -> str:
    r = client.get("/graphql", headers={"accept": "text/html"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    return r.text


def test_the_page_has_an_operation_for_every_action(page: str) -> None:
    for spec in ACTIONS:
        kind = "query" if spec.query else "mutation"
        assert f"{kind} {operation_name(spec)}(" in page, spec.name
        assert f"  {spec.name}(" in page, spec.name


def test_the_page_has_the_session_operations(page: str) -> None:
    for op in (
        "mutation CreateSession(",
        "query Session(",
        "query SessionEvents(",
        "mutation Undo(",
        "subscription SessionUpdated(",
        "mutation DeleteSession(",
        "sessionId: $sessionId",
    ):
        assert op in page


def config_of(page: str) -> dict[str, Any]:
    """The page's settings: the JSON data block its script reads."""
    found = re.search(
        r'<script id="playground-config" type="application/json">(.*?)</script>', page, re.S
    )
    assert found, "no playground-config data block"
    config: dict[str, Any] = json.loads(found[1])
    return config


def test_the_page_opens_on_the_examples_with_an_auth_hint(page: str) -> None:
    config = config_of(page)
    assert config["query"] == example_document()
    assert AUTH_HINT in config["query"]
    assert AUTH_HINT == '{"Authorization": "Bearer <your key>"}'
    assert json.loads(config["variables"]) == EXAMPLE_VARIABLES
    script = (STATIC / "playground.js").read_text()
    assert "isHeadersEditorEnabled: true" in script
    assert "config.query" in script and "config.variables" in script


def test_the_page_loads_only_what_the_service_serves(client: TestClient, page: str) -> None:
    """No CDN: every script and stylesheet is a path of the service, which serves it."""
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    urls = re.findall(r'<(?:script src|link rel="stylesheet" href)="([^"]+)"', page)
    assert len(urls) == 6, urls
    for url in urls:
        assert url.startswith("static/"), url
        r = client.get("/" + url)
        assert r.status_code == 200, url
        assert r.headers["content-type"].startswith(("text/javascript", "text/css")), url
    # No inline script: the policy would refuse one.
    assert re.findall(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))", page) == []


def test_the_page_answers_with_a_strict_policy(client: TestClient) -> None:
    r = client.get("/graphql", headers={"accept": "text/html"})
    policy = dict(
        part.strip().split(" ", 1) for part in r.headers["content-security-policy"].split(";")
    )
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'"
    assert policy["connect-src"] == "'self'"
    assert policy["style-src"] == f"'self' 'sha256-{style_hash(SCROLL_LOCK_STYLE)}'"
    assert policy["frame-ancestors"] == "'none'"
    assert r.headers["x-content-type-options"] == "nosniff"


def test_the_document_holds_one_operation_per_action_and_session_operation() -> None:
    names = set(operations(example_document()))
    expected = {operation_name(spec) for spec in ACTIONS} | set(SESSION_OPERATION_NAMES)
    assert names == expected


def test_every_example_operation_validates_against_the_schema() -> None:
    document = parse(example_document())
    errors = validate(schema._schema, document)
    assert not errors, [e.message for e in errors]


@pytest.mark.parametrize("name", sorted(SPECS))
def test_each_action_operation_validates_on_its_own(name: str) -> None:
    errors = validate(schema._schema, parse(action_operation(SPECS[name])))
    assert not errors, [e.message for e in errors]


def test_a_new_action_gets_an_operation() -> None:
    """The examples follow the registry: an action's operation comes from its spec alone."""
    spec = SPECS["heal"]
    renamed = dataclasses.replace(spec, summary="A summary nobody wrote.")
    text = action_operation(renamed)
    assert text.startswith("# A summary nobody wrote.\nmutation Heal(")
    assert 'input: {targetId: "goblin", amount: 5}' in text


def run(client: TestClient, document: str, name: str, variables: dict[str, Any]) -> Any:
    r = client.post(
        "/graphql", json={"query": document, "operationName": name, "variables": variables}
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert "errors" not in body, body["errors"]
    return body["data"]


@pytest.mark.parametrize("name", sorted(SPECS))
def test_each_stateless_operation_runs_without_graphql_errors(
    client: TestClient, name: str
) -> None:
    spec = SPECS[name]
    data = run(client, example_document(), operation_name(spec), EXAMPLE_VARIABLES)
    result = data[spec.name]
    payload = result["__typename"]
    assert payload in {f"{operation_name(spec)}Payload", "RuleViolation", "InvalidInput"}
    if payload.endswith("Payload"):
        assert "outcome" in result and "events" in result


def test_the_first_actions_succeed_on_the_example(client: TestClient) -> None:
    for name in ("RollInitiative", "ResolveAttack", "ApplyDamage", "MoveCombatant", "PathCost"):
        data = run(client, example_document(), name, EXAMPLE_VARIABLES)
        (result,) = data.values()
        assert result["__typename"].endswith("Payload"), result


def test_the_session_operations_run_in_order(client: TestClient) -> None:
    document = example_document()
    variables: dict[str, Any] = dict(EXAMPLE_VARIABLES)
    created = run(client, document, "CreateSession", variables)["createSession"]
    assert created["__typename"] == "Session", created
    variables["sessionId"] = created["id"]

    session = run(client, document, "Session", variables)["session"]
    assert session["version"] == 1

    attack = run(client, document, "SessionResolveAttack", variables)["resolveAttack"]
    assert attack["__typename"] == "ResolveAttackPayload", attack
    assert attack["session"]["version"] == 2
    again = run(client, document, "SessionResolveAttack", variables)["resolveAttack"]
    assert again["__typename"] == "VersionConflict" and again["currentVersion"] == 2

    page = run(client, document, "SessionEvents", variables)["sessionEvents"]
    assert page["__typename"] == "SessionEventPage" and page["total"] >= 1

    steps = run(client, document, "SessionReplay", variables)["sessionReplay"]
    assert [s["action"] for s in steps["items"]] == ["createSession", "resolveAttack"]
    verdict = run(client, document, "VerifySession", variables)["verifySession"]
    assert verdict["reproduced"] is True and verdict["version"] == 2

    undone = run(client, document, "Undo", variables)["undo"]
    assert undone["__typename"] == "UndoPayload", undone
    assert undone["revertedVersion"] == 2

    deleted = run(client, document, "DeleteSession", variables)["deleteSession"]
    assert deleted["__typename"] == "DeletedSession"
    gone = run(client, document, "Session", variables)["session"]
    assert gone["__typename"] == "NotFound"

    rulesets = run(client, document, "Rulesets", variables)
    assert {r["id"] for r in rulesets["rulesets"]} >= {"d20"}
    assert rulesets["rule"]["ruleset"] == "d20"


def test_the_subscription_example_streams_updates(client: TestClient) -> None:
    document = example_document()
    variables: dict[str, Any] = dict(EXAMPLE_VARIABLES)
    created = run(client, document, "CreateSession", variables)["createSession"]
    variables["sessionId"] = created["id"]
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json(
            {
                "id": "s",
                "type": "subscribe",
                "payload": {
                    "query": document,
                    "operationName": "SessionUpdated",
                    "variables": variables,
                },
            }
        )
        time.sleep(1.0)  # let the subscription reach Redis before writing
        run(client, document, "SessionResolveAttack", variables)
        run(client, document, "DeleteSession", variables)  # ends the subscription
        messages = []
        while (message := ws.receive_json())["type"] != "complete":
            messages.append(message)
    updates = [m["payload"]["data"]["sessionUpdated"] for m in messages]
    assert updates and updates[0]["__typename"] == "SessionUpdate", messages
    assert updates[0]["version"] == 2


def test_the_docs_examples_validate_against_the_schema() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "graphql.md").read_text()
    blocks = [b for b in re.findall(r"```graphql\n(.*?)```", text, re.S) if not b.startswith("...")]
    assert len(blocks) >= 4
    for block in blocks:
        errors = validate(schema._schema, parse(block))
        assert not errors, [e.message for e in errors]

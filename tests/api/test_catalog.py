"""The catalog routes: the hosted rulesets with their flags, and every rule of RULES.md; every
rule id an event or a rule violation names resolves there."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from service.api import catalog
from service.app import create_app

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r'"(d(?:20|100|10)\.[a-z0-9.-]+)"')


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def test_rulesets_list_each_ruleset_with_what_sets_it_apart(client: TestClient) -> None:
    reply = client.get("/v1/rulesets")
    assert reply.status_code == 200
    by_id = {r["id"]: r for r in reply.json()}
    assert list(by_id) == ["d20", "d100", "d10"]
    assert by_id["d20"]["criticalTables"] and by_id["d20"]["instantDeathMultiplier"] == 2
    assert by_id["d100"]["attackDie"] == 100 and by_id["d100"]["initiativeDie"] is None
    assert by_id["d100"]["criticalDamage"] == "half-again" and "colossal" in by_id["d100"]["sizes"]
    assert by_id["d10"]["initiativeDie"] == 10 and by_id["d10"]["reactionReturns"] == "round"
    assert "d10.init.ties" in by_id["d10"]["rules"]
    assert all(rule.startswith("d100.") for rule in by_id["d100"]["rules"])


def test_a_rule_answers_its_text_decision_and_source(client: TestClient) -> None:
    reply = client.get("/v1/rules/d20.crit.effects")
    assert reply.status_code == 200
    rule = reply.json()
    assert rule["ruleset"] == "d20" and rule["section"] == "Attacks"
    assert rule["text"].startswith("Each band's effect is applied")
    assert rule["decision"].startswith('(1) "until the end of your next turn"')
    assert rule["source"].startswith("seeds/000_")
    assert rule["sourceSection"] == "Critical Hits and Misses"
    # the names before 0.2, deprecated: they read like a dice seed
    assert (rule["seed"], rule["seedSection"]) == (rule["source"], rule["sourceSection"])
    schema = client.get("/openapi.json").json()["components"]["schemas"]["Rule"]
    assert schema["properties"]["seed"]["deprecated"] is True
    plain = client.get("/v1/rules/d20.death.instant").json()
    assert plain["decision"] is None and "twice" in plain["text"]


def test_an_unknown_rule_is_a_404_problem(client: TestClient) -> None:
    reply = client.get("/v1/rules/d20.nothing")
    assert reply.status_code == 404
    assert reply.headers["content-type"].startswith("application/problem+json")
    assert reply.json()["code"] == "rule-not-found"


def test_the_catalog_is_current_with_docs_rules_md() -> None:
    script = ROOT / "scripts" / "rules_catalog.py"
    result = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    listed = set(
        re.findall(
            r"^- `((?:d20|d100|d10)\.[a-z0-9.-]+)`", (ROOT / "docs" / "RULES.md").read_text(), re.M
        )
    )
    assert set(catalog.rules()) == listed


def test_every_rule_the_engine_names_resolves() -> None:
    known = set(catalog.rules())
    written = {
        m
        for path in (ROOT / "service" / "rules").rglob("*.py")
        for m in RULE_ID.findall(path.read_text())
    }
    assert written and written <= known, written - known
    recorded: set[str] = set()
    for path in (ROOT / "tests" / "golden" / "logs").glob("*.json"):
        for case in json.loads(path.read_text()):
            for step in case["steps"]:
                answer = step["answer"]
                recorded.update(e["rule"] for e in answer.get("events", []) if e["rule"])
                if "problem" in answer and answer["problem"].get("rule"):
                    recorded.add(answer["problem"]["rule"])
    assert len(recorded) > 40 and recorded <= known, recorded - known


def test_graphql_answers_a_rule_as_rest_does(client: TestClient) -> None:
    query = """query ($id: String!) { rule(id: $id) {
        id ruleset section text decision source sourceSection seed seedSection } }"""
    for rule_id in ("d20.crit.effects", "d100.attack.roll"):
        r = client.post("/graphql", json={"query": query, "variables": {"id": rule_id}})
        assert r.json()["data"]["rule"] == client.get(f"/v1/rules/{rule_id}").json()
    r = client.post("/graphql", json={"query": query, "variables": {"id": "d20.nothing"}})
    assert r.json() == {"data": {"rule": None}}


def test_graphql_answers_the_rulesets_as_rest_does(client: TestClient) -> None:
    listed = client.get("/v1/rulesets").json()
    fields = " ".join(listed[0])
    r = client.post("/graphql", json={"query": f"{{ rulesets {{ {fields} }} }}"})
    assert r.json()["data"]["rulesets"] == listed


def test_the_openapi_document_describes_the_catalog(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["paths"]["/v1/rulesets"]["get"]["operationId"] == "listRulesets"
    assert spec["paths"]["/v1/rules/{ruleId}"]["get"]["operationId"] == "getRule"
    assert set(spec["components"]["schemas"]["RulesetInfo"]["required"]) == set(
        client.get("/v1/rulesets").json()[0]
    )

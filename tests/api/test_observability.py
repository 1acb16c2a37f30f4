"""Metrics (and their own port in production), request ids, the JSON logs (the access log
naming GraphQL operations, and every line of the process), health, and websockets through
the middleware."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable

import httpx
import pytest
from app_support import until_ready
from prometheus_client.parser import text_string_to_metric_families
from service_process import ServiceProcess
from starlette.testclient import TestClient
from strawberry.http import GraphQLRequestData
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin, Subprotocol

from service.api.core import Kind, Problem
from service.api.graphql import view
from service.api.graphql.playground import EXAMPLE_ENCOUNTER as ENCOUNTER
from service.api.observability import (
    REGISTRY,
    JsonFormatter,
    record_outcome,
    record_problem,
    request_id_var,
)
from service.app import create_app
from service.rules.model.outcomes import AttackOutcome
from service.settings import Settings
from service.store.embedded import free_port


def sample(client: TestClient, name: str, **labels: str) -> float:
    """A sample's value as ``GET /metrics`` shows it (0 when absent)."""
    r = client.get("/metrics")
    assert r.status_code == 200
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return s.value
    return 0.0


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_metrics_are_prometheus_text(client: TestClient) -> None:
    r = client.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain; version=0.0.4")
    names = {f.name for f in text_string_to_metric_families(r.text)}
    assert {
        "crs_http_requests",
        "crs_http_request_duration_seconds",
        "crs_http_errors",
        "crs_actions_applied",
        "crs_attacks",
        "crs_problems",
        "crs_rule_violations",
    } <= names


def test_a_request_counts_by_route_template_and_status(client: TestClient) -> None:
    labels = {"method": "POST", "route": "/v1/apply-damage", "status": "200"}
    before = sample(client, "crs_http_requests_total", **labels)
    r = client.post(
        "/v1/apply-damage", json={"encounter": ENCOUNTER, "targetId": "goblin", "amount": 1}
    )
    assert r.status_code == 200, r.text
    assert sample(client, "crs_http_requests_total", **labels) == before + 1
    count = sample(
        client, "crs_http_request_duration_seconds_count", method="POST", route="/v1/apply-damage"
    )
    assert count >= 1
    buckets = sample(
        client,
        "crs_http_request_duration_seconds_bucket",
        method="POST",
        route="/v1/apply-damage",
        le="+Inf",
    )
    assert buckets == count


def test_path_parameters_stay_in_the_template(client: TestClient) -> None:
    r = client.get("/v1/sessions/no-such-session")
    assert r.status_code == 404
    route = "/v1/sessions/{id}"
    text = client.get("/metrics").text
    assert f'route="{route}",status="404"' in text
    assert "no-such-session" not in text


def test_unmatched_paths_share_one_label(client: TestClient) -> None:
    before = sample(client, "crs_http_requests_total", route="unmatched", status="404")
    assert client.get("/no/such/path/42").status_code == 404
    assert sample(client, "crs_http_requests_total", route="unmatched", status="404") == before + 1
    assert "/no/such/path/42" not in client.get("/metrics").text


def test_a_request_id_is_generated(client: TestClient) -> None:
    first = client.get("/healthz").headers["x-request-id"]
    second = client.get("/healthz").headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", first)
    assert first != second


def test_a_well_formed_request_id_is_echoed(client: TestClient) -> None:
    rid = "edge-7f3a:42"
    r = client.get("/healthz", headers={"X-Request-ID": rid})
    assert r.headers["x-request-id"] == rid


@pytest.mark.parametrize("bad", ["has spaces", "x" * 200, '"quoted"', "-leading-dash"])
def test_a_malformed_request_id_is_replaced(client: TestClient, bad: str) -> None:
    r = client.get("/healthz", headers={"X-Request-ID": bad})
    assert re.fullmatch(r"[0-9a-f]{32}", r.headers["x-request-id"])


def test_problem_responses_carry_the_request_id(client: TestClient) -> None:
    r = client.post("/v1/apply-damage", json={}, headers={"X-Request-ID": "req-1"})
    assert r.status_code == 422
    assert r.headers["x-request-id"] == "req-1"


def test_one_json_log_line_per_request(
    client: TestClient, access_log: pytest.LogCaptureFixture
) -> None:
    r = client.post(
        "/v1/apply-damage",
        json={"encounter": ENCOUNTER, "targetId": "goblin", "amount": 1},
        headers={"X-Request-ID": "log-test-1"},
    )
    assert r.status_code == 200
    records = [rec for rec in access_log.records if rec.name == "service.access"]
    assert len(records) == 1
    line = JsonFormatter().format(records[0])
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["msg"] == "request"
    assert entry["level"] == "info"
    assert entry["method"] == "POST"
    assert entry["route"] == "/v1/apply-damage"
    assert entry["status"] == 200
    assert entry["request_id"] == "log-test-1"
    assert isinstance(entry["duration_ms"], float) and entry["duration_ms"] >= 0
    assert "ts" in entry


def test_probes_are_counted_but_not_logged(
    client: TestClient, access_log: pytest.LogCaptureFixture
) -> None:
    client.get("/healthz")
    client.get("/metrics")
    assert not [rec for rec in access_log.records if rec.name == "service.access"]


def test_the_formatter_adds_the_current_request_id() -> None:
    record = logging.makeLogRecord({"name": "x", "msg": "hello %s", "args": ("you",)})
    token = request_id_var.set("abc")
    try:
        entry = json.loads(JsonFormatter().format(record))
    finally:
        request_id_var.reset(token)
    assert entry["msg"] == "hello you"
    assert entry["request_id"] == "abc"


def test_the_graphql_websocket_works_through_the_middleware(client: TestClient) -> None:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json() == {"type": "connection_ack"}
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"
        ws.send_json(
            {
                "id": "1",
                "type": "subscribe",
                "payload": {
                    "query": "subscription { sessionUpdated(sessionId: "
                    '"00000000000000000000000000000000") { __typename } }'
                },
            }
        )
        message = ws.receive_json()
        assert message["type"] == "next", message
        assert message["payload"]["data"]["sessionUpdated"]["__typename"] == "NotFound"
        assert ws.receive_json() == {"type": "complete", "id": "1"}


def test_record_outcome_counts_actions_and_attacks() -> None:
    before = value("crs_actions_applied_total", ruleset="d10", action="resolveAttack")
    crits = value("crs_attacks_total", ruleset="d10", result="critical")
    misses = value("crs_attacks_total", ruleset="d10", result="miss")
    hit = AttackOutcome(
        attacker_id="a",
        target_id="b",
        attack_name="x",
        hit=True,
        critical=True,
        fumble=False,
        natural=20,
        total=25,
        target_ac=12,
        cover="none",
        cover_source="none",
        advantage=False,
        disadvantage=False,
        advantage_sources=[],
        disadvantage_sources=[],
        damage=7,
        damage_applied=True,
        target_dropped=False,
        target_died=False,
    )
    record_outcome("resolveAttack", "d10", hit)
    record_outcome("resolveAttack", "d10", {"hit": False, "critical": False})
    assert value("crs_actions_applied_total", ruleset="d10", action="resolveAttack") == before + 2
    assert value("crs_attacks_total", ruleset="d10", result="critical") == crits + 1
    assert value("crs_attacks_total", ruleset="d10", result="miss") == misses + 1


def test_record_outcome_finds_a_nested_attack_and_ignores_odds() -> None:
    hits = value("crs_attacks_total", ruleset="d100", result="hit")
    record_outcome(
        "triggerReadied", "d100", {"fired": True, "attack": {"hit": True, "critical": False}}
    )
    record_outcome("attackOdds", "d100", {"hit": 0.55, "critical": 0.05})
    assert value("crs_attacks_total", ruleset="d100", result="hit") == hits + 1
    assert value("crs_actions_applied_total", ruleset="d100", action="attackOdds") >= 1


def test_record_problem_counts_codes_and_rules() -> None:
    rule = "d20.attack.total-cover"
    before = value("crs_rule_violations_total", rule=rule)
    codes = value("crs_problems_total", code="illegal-action", status="409")
    record_problem(
        Problem(Kind.RULE_VIOLATION, "illegal-action", "Not allowed", "no line", rule=rule)
    )
    record_problem(Problem(Kind.INVALID_INPUT, "invalid-input", "Invalid input", "bad"))
    assert value("crs_rule_violations_total", rule=rule) == before + 1
    assert value("crs_problems_total", code="illegal-action", status="409") == codes + 1
    assert value("crs_problems_total", code="invalid-input", status="422") >= 1


def test_both_doors_count_outcomes_and_problems(client: TestClient) -> None:
    before = value("crs_actions_applied_total", ruleset="d20", action="applyDamage")
    r = client.post(
        "/v1/apply-damage", json={"encounter": ENCOUNTER, "targetId": "goblin", "amount": 1}
    )
    assert r.status_code == 200
    assert value("crs_actions_applied_total", ruleset="d20", action="applyDamage") == before + 1
    problems = value("crs_problems_total", code="invalid-input", status="422")
    r = client.post(
        "/v1/apply-damage", json={"encounter": ENCOUNTER, "targetId": "nobody", "amount": 1}
    )
    assert r.status_code == 422
    assert value("crs_problems_total", code="invalid-input", status="422") == problems + 1
    query = (
        'mutation($e: EncounterInput!) { applyDamage(encounter: $e, input: {targetId: "x", '
        "amount: 1}) { __typename } }"
    )
    r = client.post("/graphql", json={"query": query, "variables": {"e": ENCOUNTER}})
    assert r.json()["data"]["applyDamage"]["__typename"] == "InvalidInput"
    assert value("crs_problems_total", code="invalid-input", status="422") == problems + 2


def test_a_session_write_counts_once(client: TestClient) -> None:
    created = client.post("/v1/sessions", json={"encounter": ENCOUNTER}).json()
    before = value("crs_actions_applied_total", ruleset="d20", action="applyDamage")
    headers = {"Idempotency-Key": "count-once"}
    for _ in range(2):
        r = client.post(
            f"/v1/sessions/{created['id']}/apply-damage",
            json={"targetId": "goblin", "amount": 1},
            headers=headers,
        )
        assert r.status_code == 200
    assert value("crs_actions_applied_total", ruleset="d20", action="applyDamage") == before + 1


# -- /metrics off the public port in production -------------------------------------------


def test_production_never_serves_metrics_on_the_api_port() -> None:
    settings = Settings(production=True, auth=False)
    with TestClient(create_app(settings)) as client:
        assert client.get("/metrics").status_code == 404
        assert client.get("/healthz").status_code == 200


def test_a_metrics_port_serves_them_there_and_not_on_the_api_port() -> None:
    port = free_port()
    settings = Settings(metrics_port=port)
    with TestClient(create_app(settings)) as client:
        assert client.post(
            "/v1/apply-damage", json={"encounter": ENCOUNTER, "targetId": "goblin", "amount": 1}
        ).is_success
        assert client.get("/metrics").status_code == 404
        r = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10)
        assert r.status_code == 200
        names = {f.name for f in text_string_to_metric_families(r.text)}
        assert {"crs_http_requests", "crs_actions_applied"} <= names
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=2)


def test_bad_metrics_ports_are_refused() -> None:
    for bad in (0, 70000, 8000):
        with pytest.raises(SystemExit, match="CRS_METRICS_PORT"):
            Settings(metrics_port=bad).checked()


# -- health ----------------------------------------------------------------------------------


def test_readiness_is_the_api_and_the_session_store_has_its_own_route() -> None:
    dead = f"redis://127.0.0.1:{free_port()}/0"
    app = create_app(Settings(redis_url=dead, store_timeout_seconds=0.5))
    with TestClient(app) as client:
        until_ready(client)  # with Redis down: ready all the same
        assert client.get("/readyz").json() == {"status": "ready"}
        sessions = client.get("/readyz/sessions")
        assert sessions.status_code == 503
        assert sessions.json()["status"] == "unavailable"
        assert client.post(
            "/v1/roll-initiative", json={"encounter": ENCOUNTER, "seed": 1}
        ).is_success
    with TestClient(app) as client:  # before start-up and after shutdown: not ready
        pass
    assert app.state.started is False


def test_the_session_store_route_says_ready_when_redis_answers(client: TestClient) -> None:
    assert client.get("/readyz/sessions").json() == {"status": "ready"}


# -- the operation's name in the logs ------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "name", "expected"),
    [
        ("query Named { version }", None, "Named"),
        ("  # a comment\n, mutation Act($e: JSON!) { x }", None, "Act"),
        ("\ufeffsubscription\n  Live { x }", None, "Live"),
        ("query Named { version }", "Other", "Other"),
        ("{ version }", None, None),
        ("query { version }", None, None),
        ("query($x: Int) { version }", None, None),
        ("fragment F on Query { version } query Q { ...F }", None, None),
        ("queryX { y }", None, None),
        ("query " + "N" * 500 + " { version }", None, "N" * 100),
        ("#" * 100_000, None, None),
    ],
)
def test_operation_names(query: str, name: str | None, expected: str | None) -> None:
    data = GraphQLRequestData(query=query, variables=None, operation_name=name, extensions=None)
    assert view.operation_name(data) == expected


def test_graphql_access_lines_name_the_operation(
    client: TestClient, access_log: pytest.LogCaptureFixture
) -> None:
    client.post("/graphql", json={"query": "query Version { version }"})
    client.post(
        "/graphql",
        json={"query": "query A { version } query B { version }", "operationName": "B"},
    )
    client.post("/graphql", json={"query": "{ version }"})
    lines = [json.loads(JsonFormatter().format(r)) for r in access_log.records]
    assert [line.get("operation") for line in lines] == ["Version", "B", None]
    assert all(line["route"] == "/graphql" for line in lines)


def test_every_line_of_the_process_is_json(
    start_service: Callable[..., ServiceProcess],
) -> None:
    """uvicorn's start-up, websocket and shutdown lines, strawberry's multi-line errors and
    the access log: one JSON object per line, nothing else."""
    service = start_service({})
    bad = "query Broken {\n  nope\n}"
    r = httpx.post(service.url + "/graphql", json={"query": bad}, timeout=10)
    assert r.json()["errors"]
    ws_url = service.url.replace("http://", "ws://") + "/graphql"
    with connect(ws_url, subprotocols=[Subprotocol("graphql-transport-ws")]) as ws:
        ws.send(json.dumps({"type": "connection_init"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "connection_ack"
    with pytest.raises(InvalidStatus), connect(ws_url, origin=Origin("https://elsewhere.example")):
        pass
    service.stop()
    lines = service.log.read_text().splitlines()
    entries = [json.loads(line) for line in lines]  # fails on any line that is not JSON
    assert all({"ts", "level", "logger", "msg"} <= e.keys() for e in entries)
    messages = [(e["logger"], e["msg"]) for e in entries]
    assert any(m.startswith("Uvicorn running on") for _, m in messages), messages
    assert any(m == "Application startup complete." for _, m in messages)
    assert any('"WebSocket /graphql" [accepted]' in m for _, m in messages)
    assert any('"WebSocket /graphql" 403' in m for _, m in messages)
    assert any(logger == "strawberry.ws" for logger, _ in messages)
    assert any(
        m == "Finished server process" or m.startswith("Finished server") for _, m in messages
    )
    (error,) = [e for e in entries if e["logger"] == "strawberry.execution"]
    assert error["level"] == "error"
    assert "Cannot query field 'nope'" in error["msg"] and "\n" in error["msg"]
    assert error["operation"] == "Broken"
    (access,) = [e for e in entries if e["logger"] == "service.access"]
    assert access["operation"] == "Broken" and access["request_id"] == error["request_id"]
    assert not any("color_message" in e for e in entries)

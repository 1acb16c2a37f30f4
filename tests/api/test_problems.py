"""One problem type with a kind: REST answers the kind's status, GraphQL its result type."""

from __future__ import annotations

import pytest
from factories import skirmish
from starlette.testclient import TestClient

from service.api.core import STATUS, Kind, Problem
from service.api.graphql.schema import ERROR_TYPES, RESULTS, error_result


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_has_a_status_and_a_graphql_result(kind: Kind) -> None:
    problem = Problem(
        kind, "some-code", "Some title", "what went wrong", extra={"currentVersion": 3}
    )
    assert problem.status == STATUS[kind] == kind.status
    assert kind in RESULTS
    result = error_result(problem)
    assert type(result) in ERROR_TYPES
    assert result.code == "some-code" and result.message == "what went wrong"


def test_the_graphql_result_follows_the_kind_not_the_status() -> None:
    """Two kinds with one status (409) are two GraphQL results."""
    assert Kind.RULE_VIOLATION.status == Kind.CONFLICT.status
    rule = error_result(Problem(Kind.RULE_VIOLATION, "rule-violation", "t", "d", rule="x.y"))
    conflict = error_result(Problem(Kind.CONFLICT, "nothing-to-undo", "t", "d"))
    assert type(rule).__name__ == "RuleViolation" and rule.rule == "x.y"
    assert type(conflict).__name__ == "Conflict"


def test_a_problem_body_carries_the_request_id(client: TestClient) -> None:
    r = client.post(
        "/v1/resolve-attack",
        json={"encounter": skirmish(), "attackerId": "hero", "targetId": "nobody"},
        headers={"X-Request-ID": "req-123"},
    )
    assert r.status_code == 422
    assert r.headers["x-request-id"] == "req-123"
    assert r.json()["requestId"] == "req-123"
    generated = client.post("/v1/resolve-attack", content=b"{", headers={"content-type": "x/y"})
    assert generated.json()["requestId"] == generated.headers["x-request-id"]


def test_outside_a_request_a_problem_body_has_no_request_id() -> None:
    assert "requestId" not in Problem(Kind.NOT_FOUND, "c", "t", "d").body()

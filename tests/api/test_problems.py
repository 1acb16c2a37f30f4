"""One problem type with a kind: REST answers the kind's status, GraphQL its result type."""

from __future__ import annotations

from pathlib import Path

import pytest
from factories import skirmish
from starlette.testclient import TestClient

from service.api.codes import CODES
from service.api.core import STATUS, Kind, Problem, json_pointer
from service.api.graphql.problems import ERROR_TYPES, RESULTS, error_result


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_has_a_status_and_a_graphql_result(kind: Kind) -> None:
    problem = Problem(
        kind,
        "some-code",
        "Some title",
        "what went wrong",
        extra={"currentVersion": 3, "quota": "sessions", "limit": 2},
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
    assert "requestId" not in Problem(Kind.NOT_FOUND, "not-found", "t", "d").body()


def test_an_unknown_path_is_a_404_problem(client: TestClient) -> None:
    r = client.post("/v1/resolve-atack", json={})
    assert r.status_code == 404
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "route-not-found" and r.json()["requestId"]


def test_a_wrong_method_is_a_405_problem_with_allow(client: TestClient) -> None:
    r = client.get("/v1/resolve-attack")
    assert r.status_code == 405
    assert r.headers["content-type"] == "application/problem+json"
    assert r.headers["allow"] == "POST"
    assert r.json()["code"] == "method-not-allowed" and "POST" in r.json()["detail"]


@pytest.mark.parametrize(
    ("field", "where", "suggestion"),
    [
        ("attackerid", "attackerid", "attackerId"),
        ("attacker_id", "attacker_id", "attackerId"),
        ("atackerId", "atackerId", "attackerId"),
    ],
)
def test_an_unknown_field_says_which_it_looks_like(
    client: TestClient, field: str, where: str, suggestion: str
) -> None:
    body = {"encounter": skirmish(), "targetId": "gob1", field: "hero"}
    r = client.post("/v1/resolve-attack", json=body)
    assert r.status_code == 422
    errors = {e["path"]: e["message"] for e in r.json()["errors"]}
    assert errors[where] == f"unknown field; did you mean `{suggestion}`?", errors


def test_an_unknown_nested_field_says_which_it_looks_like(client: TestClient) -> None:
    doc = skirmish()
    doc["combatants"][1]["maxhp"] = doc["combatants"][1].pop("maxHp")
    r = client.post("/v1/roll-initiative", json={"encounter": doc})
    errors = {e["path"]: e["message"] for e in r.json()["errors"]}
    assert errors["encounter.combatants[1].maxhp"] == "unknown field; did you mean `maxHp`?"


def test_an_unknown_field_like_no_other_lists_the_fields(client: TestClient) -> None:
    sid = client.post("/v1/sessions", json={"encounter": skirmish()}).json()["id"]
    r = client.post(f"/v1/sessions/{sid}/dash", json={"combatantId": "hero", "zzz": 1})
    message = next(e["message"] for e in r.json()["errors"] if e["path"] == "zzz")
    assert message.startswith("unknown field; the fields here are combatantId, spend")


def test_a_body_without_content_type_is_not_taken_as_json(client: TestClient) -> None:
    body = b'{"encounter": {}, "attackerId": "a", "targetId": "b"}'
    r = client.post("/v1/resolve-attack", content=body)
    assert r.status_code == 415
    assert "Content-Type: application/json" in r.json()["detail"]


@pytest.mark.parametrize(
    ("body", "path", "said"),
    [
        (
            {"attackerId": "hero", "targetId": "gob"},
            "targetId",
            "no combatant with id 'gob' (did you mean 'gob1' or 'gob2'? "
            "the encounter has: hero, gob1, gob2)",
        ),
        (
            {"attackerId": "hero", "targetId": "gob1", "attackName": "longsord"},
            "attackName",
            "Hero has no attack named 'longsord' (did you mean 'longsword'? it has: longsword)",
        ),
        (
            {"attackerId": "hero", "targetId": "dragon"},
            "targetId",
            "no combatant with id 'dragon' (the encounter has: hero, gob1, gob2)",
        ),
    ],
    ids=["a combatant id", "an attack name", "nothing close"],
)
def test_an_unknown_name_is_answered_with_the_closest_known_one(
    client: TestClient, body: dict[str, str], path: str, said: str
) -> None:
    """A typo in an id or an attack name: the 422 says which known name is closest and
    lists them, at the field that named it, over REST and GraphQL alike."""
    request = {"encounter": skirmish(), "seed": 1, **body}
    answer = client.post("/v1/resolve-attack", json=request)
    assert answer.status_code == 422, answer.text
    problem = answer.json()
    assert problem["errors"] == [{"path": path, "message": said, "pointer": f"/{path}"}], problem
    query = """mutation($e: EncounterInput!, $i: ResolveAttackInput!) { resolveAttack(encounter: $e,
        input: $i) { ... on InvalidInput { errors { path message pointer } } } }"""
    variables = {"e": skirmish(), "i": body}
    graphql = client.post("/graphql", json={"query": query, "variables": variables}).json()
    assert graphql["data"]["resolveAttack"]["errors"] == [
        {"path": path, "message": said, "pointer": f"/{path}"}
    ]


def test_every_catalogued_code_is_one_the_service_answers() -> None:
    """The catalogue lists no code nothing answers (a rendered code missing from it warns,
    and warnings fail the suite: together the two keep it exact)."""
    source = "\n".join(
        path.read_text()
        for path in (Path(__file__).parents[2] / "service").rglob("*.py")
        if path.name != "codes.py"
    )
    kinds = {kind.value for kind in Kind}
    unused = [c for c in CODES if f'"{c}"' not in source and c not in kinds]
    assert unused == []


def test_the_contract_lists_every_code_with_its_meaning(client: TestClient) -> None:
    code = client.get("/openapi.json").json()["components"]["schemas"]["Problem"]["properties"]
    assert code["code"]["examples"] == list(CODES)
    for name, meaning in CODES.items():
        assert f"- `{name}`: {meaning}" in code["code"]["description"]


def test_a_problems_type_leads_to_what_its_code_means(client: TestClient) -> None:
    """A problem's ``type`` is a reference the service answers: followed from the request's
    URL, it says what the code means; a nested field's error points into the body (RFC
    6901), ``~`` and ``/`` escaped."""
    doc = skirmish()
    doc["combatants"][1]["hp"] = -3
    answer = client.post("/v1/resolve-attack", json={"encounter": doc, "attackerId": "hero"})
    problem = answer.json()
    assert problem["type"] == "/problems/invalid-input"
    pointers = [e["pointer"] for e in problem["errors"]]
    assert "/encounter/combatants/1/hp" in pointers, problem
    followed = client.get(str(answer.url.join(problem["type"])))
    assert followed.status_code == 200
    assert followed.json() == {
        "type": "/problems/invalid-input",
        "code": "invalid-input",
        "description": CODES["invalid-input"],
    }
    listed = client.get("/problems").json()
    assert [t["code"] for t in listed] == list(CODES)
    missing = client.get("/problems/no-such-code")
    assert missing.status_code == 404 and missing.json()["code"] == "not-found"
    assert json_pointer(("a/b", "c~d", 0)) == "/a~1b/c~0d/0"

"""Session mode through both doors, on a real Redis: one test body, REST and GraphQL.

``SessionDoor`` is the session counterpart of ``doors.Door``: every operation answers a
:class:`Result` with the same shape whichever door it went through.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import pytest
from doors import GraphQL, Rest, from_graphql, graphql_field, selection, to_graphql
from factories import combatant, encounter_doc, skirmish
from starlette.testclient import TestClient

from service.api.graphql.schema import schema
from service.api.models import MODELS
from service.rules import events
from service.rules import model as state

KINDS = {
    404: "not-found",
    409: "conflict",
    412: "version-conflict",
    422: "invalid",
    503: "unavailable",
}
TYPENAMES = {
    "NotFound": "not-found",
    "Conflict": "conflict",
    "RuleViolation": "conflict",
    "VersionConflict": "version-conflict",
    "InvalidInput": "invalid",
    "Unavailable": "unavailable",
}


@dataclass
class Result:
    ok: bool
    body: dict[str, Any] = field(default_factory=dict)
    kind: str | None = None
    code: str | None = None
    rule: str | None = None
    current_version: int | None = None
    replayed: bool = False


def hp(document: dict[str, Any], cid: str) -> int:
    return int(next(c for c in document["combatants"] if c["id"] == cid)["hp"])


class SessionDoor:
    name = ""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def create(self, encounter: dict[str, Any]) -> Result:
        raise NotImplementedError

    def get(self, session_id: str) -> Result:
        raise NotImplementedError

    def delete(self, session_id: str) -> Result:
        raise NotImplementedError

    def act(
        self,
        action: str,
        session_id: str,
        *,
        seed: int | None = None,
        expected_version: int | None = None,
        key: str | None = None,
        **params: Any,
    ) -> Result:
        raise NotImplementedError

    def undo(
        self, session_id: str, *, expected_version: int | None = None, key: str | None = None
    ) -> Result:
        raise NotImplementedError

    def events(self, session_id: str, offset: Any = None, limit: Any = None) -> Result:
        raise NotImplementedError


class RestSessions(SessionDoor):
    name = "rest"

    def _result(self, r: Any, ok_status: int = 200) -> Result:
        if r.status_code == ok_status:
            body = r.json() if r.content else {}
            if "etag" in r.headers:
                assert r.headers["etag"] == f'"{_version(body)}"', (r.headers, body)
            return Result(True, body, replayed=r.headers.get("idempotent-replayed") == "true")
        assert r.headers["content-type"] == "application/problem+json", r.text
        data = r.json()
        assert data["status"] == r.status_code
        if r.status_code == 503:
            assert int(r.headers["retry-after"]) >= 1
        return Result(
            False,
            kind=KINDS[r.status_code],
            code=data["code"],
            rule=data.get("rule"),
            current_version=data.get("currentVersion"),
        )

    def create(self, encounter: dict[str, Any]) -> Result:
        r = self.client.post("/v1/sessions", json={"encounter": encounter})
        result = self._result(r, 201)
        if result.ok:
            assert r.headers["location"] == f"/v1/sessions/{result.body['id']}"
        return result

    def get(self, session_id: str) -> Result:
        return self._result(self.client.get(f"/v1/sessions/{session_id}"))

    def delete(self, session_id: str) -> Result:
        return self._result(self.client.delete(f"/v1/sessions/{session_id}"), 204)

    def act(
        self,
        action: str,
        session_id: str,
        *,
        seed: int | None = None,
        expected_version: int | None = None,
        key: str | None = None,
        **params: Any,
    ) -> Result:
        body = dict(params)
        if seed is not None:
            body["seed"] = seed
        headers = {}
        if expected_version is not None:
            headers["If-Match"] = f'"{expected_version}"'
        if key is not None:
            headers["Idempotency-Key"] = key
        slug = MODELS[action].spec.slug
        r = self.client.post(f"/v1/sessions/{session_id}/{slug}", json=body, headers=headers)
        return self._result(r)

    def undo(
        self, session_id: str, *, expected_version: int | None = None, key: str | None = None
    ) -> Result:
        headers = {}
        if expected_version is not None:
            headers["If-Match"] = f'"{expected_version}"'
        if key is not None:
            headers["Idempotency-Key"] = key
        r = self.client.post(f"/v1/sessions/{session_id}/undo", headers=headers)
        return self._result(r)

    def events(self, session_id: str, offset: Any = None, limit: Any = None) -> Result:
        query = {k: v for k, v in (("offset", offset), ("limit", limit)) if v is not None}
        return self._result(self.client.get(f"/v1/sessions/{session_id}/events", params=query))


def _version(body: dict[str, Any]) -> int:
    return int(body["session"]["version"] if "session" in body else body["version"])


ERRORS = "... on Error { __typename code message }"
UNDO_ERRORS = ERRORS + " ... on VersionConflict { currentVersion }"
ACTION_ERRORS = UNDO_ERRORS + " ... on RuleViolation { rule }"
ENCOUNTER = f"encounter {{ {selection(state.Encounter)} }}"
SESSION_FIELDS = f"id version {ENCOUNTER} created updated"


class GraphQLSessions(SessionDoor):
    name = "graphql"

    def _run(self, query: str, variables: dict[str, Any], field_name: str) -> dict[str, Any]:
        r = self.client.post("/graphql", json={"query": query, "variables": variables})
        assert r.status_code == 200, r.text
        data = r.json()
        assert "errors" not in data, data["errors"]
        result: dict[str, Any] = data["data"][field_name]
        return result

    def _result(self, result: dict[str, Any], ok_type: str) -> Result:
        typename = result.pop("__typename")
        if typename == ok_type:
            return Result(True, result)
        return Result(
            False,
            kind=TYPENAMES[typename],
            code=result["code"],
            rule=result.get("rule"),
            current_version=result.get("currentVersion"),
        )

    def _session(self, result: dict[str, Any]) -> Result:
        out = self._result(result, "Session")
        if out.ok:
            out.body = from_graphql(out.body, schema._schema.get_type("Session"))
        return out

    def create(self, encounter: dict[str, Any]) -> Result:
        query = f"""mutation($e: EncounterInput!) {{ createSession(encounter: $e) {{
            __typename ... on Session {{ {SESSION_FIELDS} }} {ERRORS} }} }}"""
        e = to_graphql(encounter, schema._schema.get_type("EncounterInput"))
        return self._session(self._run(query, {"e": e}, "createSession"))

    def get(self, session_id: str) -> Result:
        query = f"""query($id: ID!) {{ session(id: $id) {{
            __typename ... on Session {{ {SESSION_FIELDS} }} {ERRORS} }} }}"""
        return self._session(self._run(query, {"id": session_id}, "session"))

    def delete(self, session_id: str) -> Result:
        query = f"""mutation($id: ID!) {{ deleteSession(id: $id) {{
            __typename ... on DeletedSession {{ id }} {ERRORS} }} }}"""
        return self._result(self._run(query, {"id": session_id}, "deleteSession"), "DeletedSession")

    def act(
        self,
        action: str,
        session_id: str,
        *,
        seed: int | None = None,
        expected_version: int | None = None,
        key: str | None = None,
        **params: Any,
    ) -> Result:
        models = MODELS[action]
        payload = models.response.__name__.removesuffix("Response") + "Payload"
        query_mode = models.spec.query
        encounter = "" if query_mode else f"{ENCOUNTER} changes {{ op path value }}"
        operation = "query" if query_mode else "mutation"
        # Queries write nothing: they take no expectedVersion or idempotencyKey.
        write_variables = "" if query_mode else ", $v: Int, $key: String"
        write_arguments = "" if query_mode else ", expectedVersion: $v, idempotencyKey: $key"
        query = f"""
        {operation} Run($id: ID, $seed: Int{write_variables},
                        $input: {models.spec.params.__name__}Input!) {{
          {action}(sessionId: $id, seed: $seed, input: $input{write_arguments}) {{
            __typename
            ... on {payload} {{
              {encounter} seed session {{ id version }}
              events {{ {selection(events.Event)} }}
              outcome {{ {selection(models.spec.outcome)} }}
            }}
            {ACTION_ERRORS}
          }}
        }}"""
        variables: dict[str, Any] = {"id": session_id, "seed": seed}
        if not query_mode:
            variables.update(v=expected_version, key=key)
        variables["input"] = to_graphql(params, graphql_field(action).args["input"].type)
        result = self._result(self._run(query, variables, action), payload)
        if result.ok:
            result.body = from_graphql(result.body, schema._schema.get_type(payload))
        return result

    def undo(
        self, session_id: str, *, expected_version: int | None = None, key: str | None = None
    ) -> Result:
        query = f"""mutation($id: ID!, $v: Int, $key: String) {{
          undo(sessionId: $id, expectedVersion: $v, idempotencyKey: $key) {{
            __typename
            ... on UndoPayload {{ session {{ id version }} {ENCOUNTER} revertedVersion
                                 restoredVersion }}
            {UNDO_ERRORS}
          }} }}"""
        variables = {"id": session_id, "v": expected_version, "key": key}
        result = self._result(self._run(query, variables, "undo"), "UndoPayload")
        if result.ok:
            result.body = from_graphql(result.body, schema._schema.get_type("UndoPayload"))
        return result

    def events(self, session_id: str, offset: Any = None, limit: Any = None) -> Result:
        query = f"""query($id: ID!, $offset: Int!, $limit: Int!) {{
          sessionEvents(id: $id, offset: $offset, limit: $limit) {{
            __typename
            ... on SessionEventPage {{ items {{ index version data }} offset limit total
                                      nextOffset }}
            {ERRORS}
          }} }}"""
        variables = {
            "id": session_id,
            "offset": 0 if offset is None else offset,
            "limit": 50 if limit is None else limit,
        }
        return self._result(self._run(query, variables, "sessionEvents"), "SessionEventPage")


def _ref(session: dict[str, Any]) -> dict[str, Any]:
    """A session reference without its dice commitment (tests/api/test_fair_dice.py)."""
    return {k: v for k, v in session.items() if k != "commitment"}


@pytest.fixture(params=["rest", "graphql"])
def sessions(request: pytest.FixtureRequest, client: TestClient) -> SessionDoor:
    return RestSessions(client) if request.param == "rest" else GraphQLSessions(client)


def big_goblin_fight() -> dict[str, Any]:
    doc = skirmish()
    doc["combatants"][1].update(hp=300, maxHp=300)
    return doc


def new_session(sessions: SessionDoor, doc: dict[str, Any] | None = None) -> str:
    created = sessions.create(doc or big_goblin_fight())
    assert created.ok, created
    assert created.body["version"] == 1
    return str(created.body["id"])


# -- the life of a session ------------------------------------------------------------------


def test_create_get_delete(sessions: SessionDoor) -> None:
    doc = big_goblin_fight()
    created = sessions.create(doc)
    assert created.ok and created.body["version"] == 1
    sid = created.body["id"]
    assert hp(created.body["encounter"], "gob1") == 300
    got = sessions.get(sid)
    assert got.ok and got.body["version"] == 1
    assert got.body["encounter"] == created.body["encounter"]
    assert got.body["created"] and got.body["updated"]
    assert sessions.delete(sid).ok
    assert sessions.get(sid).kind == "not-found"
    assert sessions.delete(sid).kind == "not-found"


def test_create_refuses_an_inconsistent_encounter(sessions: SessionDoor) -> None:
    doc = skirmish()
    doc["combatants"][2]["id"] = "gob1"
    created = sessions.create(doc)
    assert not created.ok and created.kind == "invalid"


def test_action_writes_a_new_version_with_the_stateless_shape(
    sessions: SessionDoor, client: TestClient
) -> None:
    doc = big_goblin_fight()
    sid = new_session(sessions, doc)
    reply = sessions.act("applyDamage", sid, seed=5, targetId="gob1", amount=7)
    assert reply.ok, reply
    assert _ref(reply.body["session"]) == {"id": sid, "version": 2}
    assert hp(reply.body["encounter"], "gob1") == 293
    assert sessions.get(sid).body["version"] == 2
    assert hp(sessions.get(sid).body["encounter"], "gob1") == 293
    # The same action, stateless, from the same state and seed: the same answer.
    stored = sessions.create(doc).body["encounter"]
    stateless = (Rest if sessions.name == "rest" else GraphQL)(client).call(
        "applyDamage", stored, seed=5, targetId="gob1", amount=7
    )
    body = dict(reply.body)
    del body["session"]
    assert body == stateless.body


def test_actions_chain_on_the_stored_state(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    first = sessions.act("rollInitiative", sid, seed=3)
    assert first.ok and first.body["encounter"]["round"] == 1
    turn = first.body["encounter"]["turnOf"]
    second = sessions.act("nextTurn", sid)
    assert second.ok, second
    assert second.body["session"]["version"] == 3
    assert second.body["encounter"]["turnOf"] != turn


def test_query_reads_the_session_and_writes_nothing(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    # (Not `cover`: the engine dispatches queries by parameter type, and cover, flanking and
    # reach share one, so those three answer 500 even stateless: an engine bug, reported.)
    reply = sessions.act("pathCost", sid, combatantId="hero", to={"x": 2, "y": 5})
    assert reply.ok, reply
    assert _ref(reply.body["session"]) == {"id": sid, "version": 1}
    assert "encounter" not in reply.body
    assert sessions.get(sid).body["version"] == 1


def test_rule_violation_in_a_session_writes_nothing(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    reply = sessions.act(
        "resolveAttack", sid, seed=1, attackerId="hero", targetId="gob1", cover="total"
    )
    assert reply.kind == "conflict" and reply.rule == "d20.attack.total-cover"
    bad = sessions.act("applyDamage", sid, targetId="nobody", amount=1)
    assert bad.kind == "invalid"
    assert sessions.get(sid).body["version"] == 1
    assert sessions.events(sid).body["total"] == 0


@pytest.mark.parametrize("session_id", ["0123456789abcdefABCDEF", "short", "bad id with spaces!"])
def test_unknown_or_malformed_session_is_not_found(sessions: SessionDoor, session_id: str) -> None:
    assert sessions.get(session_id).kind == "not-found"
    assert sessions.act("applyDamage", session_id, targetId="gob1", amount=1).kind == "not-found"
    query = sessions.act("pathCost", session_id, combatantId="hero", to={"x": 2, "y": 5})
    assert query.kind == "not-found"
    assert sessions.undo(session_id).kind == "not-found"
    assert sessions.events(session_id).kind == "not-found"
    assert sessions.delete(session_id).kind == "not-found"


# -- no lost updates, safe retries -----------------------------------------------------------


def test_stale_expected_version_is_refused_and_changes_nothing(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    assert sessions.act("applyDamage", sid, targetId="gob1", amount=1, expected_version=1).ok
    stale = sessions.act("applyDamage", sid, targetId="gob1", amount=50, expected_version=1)
    assert stale.kind == "version-conflict" and stale.current_version == 2
    after = sessions.get(sid).body
    assert after["version"] == 2 and hp(after["encounter"], "gob1") == 299
    assert sessions.undo(sid, expected_version=1).kind == "version-conflict"
    assert sessions.get(sid).body["version"] == 2
    fresh = sessions.act("applyDamage", sid, targetId="gob1", amount=1, expected_version=2)
    assert fresh.ok and fresh.body["session"]["version"] == 3


def test_same_idempotency_key_three_times_applies_once(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    replies = [
        sessions.act("resolveAttack", sid, attackerId="hero", targetId="gob1", key="attack-1")
        for _ in range(3)
    ]
    assert all(r.ok for r in replies), replies
    assert replies[0].body == replies[1].body == replies[2].body
    if sessions.name == "rest":
        assert [r.replayed for r in replies] == [False, True, True]
    got = sessions.get(sid).body
    assert got["version"] == 2
    assert got["encounter"] == replies[0].body["encounter"]
    assert sessions.events(sid).body["total"] == len(replies[0].body["events"])


def test_idempotency_key_reused_with_another_body_is_refused(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    assert sessions.act("applyDamage", sid, targetId="gob1", amount=2, key="k").ok
    other = sessions.act("applyDamage", sid, targetId="gob1", amount=3, key="k")
    assert other.kind == "invalid" and other.code == "idempotency-key-reused"
    assert sessions.get(sid).body["version"] == 2


def test_undo_with_an_idempotency_key_undoes_once(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    for amount in (1, 2):
        assert sessions.act("applyDamage", sid, targetId="gob1", amount=amount).ok
    first = sessions.undo(sid, key="undo-1")
    again = sessions.undo(sid, key="undo-1")
    assert first.ok and again.body == first.body
    got = sessions.get(sid).body
    assert got["version"] == 4 and hp(got["encounter"], "gob1") == 299


# -- history -------------------------------------------------------------------------------


def test_undo_restores_the_previous_state_as_a_new_version(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    v1 = sessions.get(sid).body["encounter"]
    assert sessions.act("applyDamage", sid, targetId="gob1", amount=10).ok
    v2 = sessions.get(sid).body["encounter"]
    assert sessions.act("applyDamage", sid, targetId="gob1", amount=20).ok
    undone = sessions.undo(sid)
    assert undone.ok, undone
    assert _ref(undone.body["session"]) == {"id": sid, "version": 4}
    assert undone.body["revertedVersion"] == 3 and undone.body["restoredVersion"] == 2
    assert undone.body["encounter"] == v2
    again = sessions.undo(sid)
    assert again.ok and again.body["encounter"] == v1 and again.body["session"]["version"] == 5
    nothing = sessions.undo(sid)
    assert nothing.kind == "conflict" and nothing.code == "nothing-to-undo"
    assert sessions.get(sid).body["version"] == 5


def test_event_log_pages(sessions: SessionDoor) -> None:
    sid = new_session(sessions)
    for amount in (1, 2, 3):
        assert sessions.act("applyDamage", sid, targetId="gob1", amount=amount).ok
    assert sessions.undo(sid).ok
    everything = sessions.events(sid)
    assert everything.ok
    items = everything.body["items"]
    assert everything.body["total"] == len(items) >= 4
    assert [e["index"] for e in items] == list(range(len(items)))
    assert items[-1]["data"]["type"] == "undo" and items[-1]["version"] == 5
    damage = [e for e in items if e["data"]["type"] == "damage"]
    assert [e["data"]["amount"] for e in damage] == [1, 2, 3]
    assert [e["version"] for e in damage] == [2, 3, 4]
    page = sessions.events(sid, offset=1, limit=2)
    assert page.body["items"] == items[1:3]
    assert page.body["nextOffset"] == 3 and page.body["limit"] == 2
    last = sessions.events(sid, offset=len(items) - 1, limit=2)
    assert last.body["nextOffset"] is None


@pytest.mark.parametrize(("offset", "limit"), [(-1, 10), (0, 0), (0, 201)])
def test_bad_page_is_invalid(sessions: SessionDoor, offset: int, limit: int) -> None:
    sid = new_session(sessions)
    assert sessions.events(sid, offset=offset, limit=limit).kind == "invalid"


# -- REST specifics --------------------------------------------------------------------------


def test_rest_session_route_for_every_action(client: TestClient) -> None:
    sid = new_session(RestSessions(client))
    for m in MODELS.values():
        r = client.post(f"/v1/sessions/{sid}/{m.spec.slug}", json={"seed": "x"})
        assert r.status_code == 422, (m.spec.slug, r.status_code)
        assert any(e["path"] == "seed" for e in r.json()["errors"])
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 1


@pytest.mark.parametrize("if_match", ['"999"', '"2", "3"'])
def test_if_match_that_does_not_match_is_412(client: TestClient, if_match: str) -> None:
    sid = new_session(RestSessions(client))
    r = client.post(
        f"/v1/sessions/{sid}/apply-damage",
        json={"targetId": "gob1", "amount": 5},
        headers={"If-Match": if_match},
    )
    assert r.status_code == 412 and r.headers["etag"] == '"1"'
    assert r.json()["currentVersion"] == 1
    assert client.get(f"/v1/sessions/{sid}").headers["etag"] == '"1"'


@pytest.mark.parametrize(
    ("if_match", "hint"),
    [
        ("1", 'send `"1"`'),
        ('W/"1"', 'send the strong `"1"`'),
        ("garbage", "send the `ETag`"),
        ('"1", 2', 'send `"2"`'),
    ],
)
def test_if_match_that_is_no_etag_is_400_with_what_to_send(
    client: TestClient, if_match: str, hint: str
) -> None:
    """Not a 412: such a tag never matches any version, and retrying with the current
    version would not help."""
    sid = new_session(RestSessions(client))
    bodies = {
        "apply-damage": {"targetId": "gob1", "amount": 5},
        "undo": {},
        "path-cost": {"combatantId": "hero", "to": {"x": 2, "y": 5}},
    }
    for path, body in bodies.items():
        r = client.post(f"/v1/sessions/{sid}/{path}", json=body, headers={"If-Match": if_match})
        assert r.status_code == 400, (path, r.text)
        assert r.headers["content-type"] == "application/problem+json"
        problem = r.json()
        assert problem["code"] == "invalid-if-match" and hint in problem["detail"], problem
        assert problem["errors"][0]["path"] == "If-Match"
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 1


@pytest.mark.parametrize("if_match", ['"1"', "*", '"7", "1"'])
def test_if_match_that_matches_applies(client: TestClient, if_match: str) -> None:
    sid = new_session(RestSessions(client))
    r = client.post(
        f"/v1/sessions/{sid}/apply-damage",
        json={"targetId": "gob1", "amount": 5},
        headers={"If-Match": if_match},
    )
    assert r.status_code == 200 and r.headers["etag"] == '"2"'


def test_rest_errors_of_the_body(client: TestClient) -> None:
    sid = new_session(RestSessions(client))
    too_big = client.post(
        f"/v1/sessions/{sid}/apply-damage",
        content=b"{" + b" " * 70_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert too_big.status_code == 413
    not_json = client.post(
        f"/v1/sessions/{sid}/apply-damage", content=b"x", headers={"content-type": "text/plain"}
    )
    assert not_json.status_code == 415
    assert (
        client.post(
            "/v1/sessions", content=b"{}", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
    untyped = client.post("/v1/sessions", content=b"{}")
    assert (
        untyped.status_code == 415 and "Content-Type: application/json" in untyped.json()["detail"]
    )
    assert client.get(f"/v1/sessions/{sid}/events?limit=ten").status_code == 422
    # A session action needs no body at all.
    assert client.post(f"/v1/sessions/{sid}/next-turn").status_code in (200, 409)


def test_create_with_an_idempotency_key_creates_once(client: TestClient) -> None:
    body = {"encounter": big_goblin_fight()}
    headers = {"Idempotency-Key": "create-once"}
    first = client.post("/v1/sessions", json=body, headers=headers)
    again = client.post("/v1/sessions", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.json()["id"] == again.json()["id"]
    assert "idempotent-replayed" not in first.headers
    assert again.headers["idempotent-replayed"] == "true"
    other = client.post("/v1/sessions", json={"encounter": skirmish()}, headers=headers)
    assert other.status_code == 422


def test_openapi_documents_every_session_route(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    create = paths["/v1/sessions"]["post"]
    assert set(create["responses"]) >= {"201", "413", "415", "422", "503"}
    assert {"Location", "ETag", "Idempotent-Replayed"} <= set(create["responses"]["201"]["headers"])
    links = create["responses"]["201"]["links"]
    for m in MODELS.values():
        path = paths[f"/v1/sessions/{{id}}/{m.spec.slug}"]["post"]
        # 401 (API keys), 403 (seats) and 429 (rate limit) on every route: tests/hardening.
        expected = {
            *("200", "400", "401", "403", "404", "409", "412", "413", "415", "422", "429"),
            *("502", "503"),
        }
        assert set(path["responses"]) == expected, m.spec.slug
        assert "Retry-After" in path["responses"]["503"]["headers"]
        names = {p["name"] for p in path["parameters"]}
        assert "If-Match" in names
        assert ("Idempotency-Key" in names) is not m.spec.query
        assert links[path["operationId"]]["parameters"] == {"id": "$response.body#/id"}
    assert set(paths["/v1/sessions/{id}"]["delete"]["responses"]) == {
        "204",
        "401",
        "403",
        "404",
        "429",
        "503",
    }
    assert set(paths["/v1/sessions/{id}/undo"]["post"]["responses"]) == {
        "200",
        "400",
        "401",
        "403",
        "404",
        "409",
        "412",
        "422",
        "429",
        "502",
        "503",
    }
    assert {"getSession", "deleteSession", "getSessionEvents", "undoSession"} <= set(links)


# -- GraphQL specifics -----------------------------------------------------------------------


def test_graphql_needs_exactly_one_of_encounter_and_session_id(client: TestClient) -> None:
    sid = new_session(GraphQLSessions(client))
    query = """mutation($e: EncounterInput, $id: ID) {
      applyDamage(encounter: $e, sessionId: $id, input: {targetId: "gob1", amount: 1}) {
        __typename ... on InvalidInput { errors { path } } } }"""
    for variables in ({}, {"e": skirmish(), "id": sid}):
        r = client.post("/graphql", json={"query": query, "variables": variables}).json()
        assert r["data"]["applyDamage"]["__typename"] == "InvalidInput", r
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 1


def test_graphql_every_action_takes_a_session(client: TestClient) -> None:
    query = """{ __schema { queryType { fields { name args { name type { kind name } } } }
                            mutationType { fields { name args { name type { kind name } } } } } }"""
    schema = client.post("/graphql", json={"query": query}).json()["data"]["__schema"]
    fields = {
        f["name"]: {a["name"]: a["type"] for a in f["args"]}
        for f in schema["queryType"]["fields"] + schema["mutationType"]["fields"]
    }
    for name, m in MODELS.items():
        args = fields[name]
        assert args["encounter"] == {"kind": "INPUT_OBJECT", "name": "EncounterInput"}, name
        assert args["sessionId"]["name"] == "ID"
        if m.spec.query:
            assert "expectedVersion" not in args and "idempotencyKey" not in args, name
        else:
            assert args["expectedVersion"]["name"] == "Int"
            assert args["idempotencyKey"]["name"] == "String"
    for name in ("createSession", "deleteSession", "undo", "session", "sessionEvents"):
        assert name in fields


def test_session_actions_never_change_the_stored_document_by_reading(
    sessions: SessionDoor,
) -> None:
    doc = big_goblin_fight()
    before = copy.deepcopy(doc)
    sid = new_session(sessions, doc)
    assert sessions.act("applyDamage", sid, targetId="gob1", amount=1).ok
    assert doc == before


def test_session_of_a_combatant_killed_outright(sessions: SessionDoor) -> None:
    doc = encounter_doc(combatant("cleric", 1, 1, kind="pc", hp=6, maxHp=12))
    sid = new_session(sessions, doc)
    reply = sessions.act("applyDamage", sid, targetId="cleric", amount=30)
    assert reply.ok and reply.body["outcome"]["died"]
    dead = next(c for c in sessions.get(sid).body["encounter"]["combatants"])
    assert dead["dead"] is True


def test_a_session_actions_body_is_required_exactly_when_the_service_refuses_none(
    client: TestClient,
) -> None:
    """The contract says a body is required where an empty one is refused (a field without
    a default: 422 naming it), and optional where the action runs on ``{}`` alone: an SDK
    then can't compile a call the service must refuse."""
    spec = client.get("/openapi.json").json()["paths"]
    for m in MODELS.values():
        sid = client.post("/v1/sessions", json={"encounter": skirmish()}).json()["id"]
        required = spec[f"/v1/sessions/{{id}}/{m.spec.slug}"]["post"]["requestBody"]["required"]
        answer = client.post(f"/v1/sessions/{sid}/{m.spec.slug}", content=b"")
        missing = answer.status_code == 422 and any(
            "required" in e["message"].lower() or "missing" in e["message"].lower()
            for e in answer.json().get("errors", [])
        )
        assert missing is required, (m.spec.slug, required, answer.status_code, answer.text[:300])

"""A damaged record in Redis (issue 24, finding 7), on a real ``python -m service``: each kind
of record a session keeps is damaged directly in Redis (not JSON, or not of its shape), and
every read and write of the session through both doors answers either as usual (it does not
read that record) or 502 ``session-damaged`` naming the session and the record (GraphQL: a
``SessionDamaged`` result), never a bare 500, on a keep-alive connection that stays open
(before, a bare 500 and a reset connection).

The service runs without its document cache (``CRS_SESSION_CACHE_BYTES=0``), as a process
that never held the session does: every write reads the stored document."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import redis
from factories import skirmish
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(180)

READS = ("get", "events", "replay", "verify")
KEY = "the-first-write"


@dataclass(frozen=True)
class Damage:
    """One damaged record: the Redis key part it is in, how it is damaged, the kind of
    record a 502 names (``part``, ``index``), the operations that read it (they answer 502)
    and the write tried after the reads."""

    name: str
    damage: Callable[[redis.Redis, Callable[[str], str]], Any]
    part: str
    reads: frozenset[str]
    write: str = "next-turn"
    index: int | None = None
    fine: frozenset[str] = field(default_factory=frozenset)


def _doc(value: str) -> Callable[[redis.Redis, Callable[[str], str]], Any]:
    return lambda r, k: r.hset(k("session"), "document", value)


DAMAGES = [
    Damage(
        "document not JSON", _doc("{not json"), "document", frozenset({"get", "verify", "write"})
    ),
    Damage(
        "document not an object", _doc("[1, 2]"), "document", frozenset({"get", "verify", "write"})
    ),
    # A JSON object is served as stored (GET never validates it again) and verify reports
    # where the replay differs; an action cannot run on it.
    Damage("document no encounter", _doc('{"a": 1}'), "document", frozenset({"write"})),
    Damage(
        "version not a number",
        lambda r, k: r.hset(k("session"), "version", "two"),
        "state",
        frozenset({"get", "verify", "write"}),
    ),
    Damage(
        "event not JSON",
        lambda r, k: r.lset(k("events"), 0, "garbage"),
        "event",
        frozenset({"events", "verify"}),
        index=0,
    ),
    Damage(
        "event without its data",
        lambda r, k: r.lset(k("events"), 0, '{"index": 0}'),
        "event",
        frozenset({"events", "verify"}),
        index=0,
    ),
    Damage(
        "step not JSON",
        lambda r, k: r.lset(k("steps"), 1, "{garbage"),
        "step",
        frozenset({"replay", "verify"}),
        index=2,
    ),
    Damage(
        "step not an object",
        lambda r, k: r.lset(k("steps"), 1, "[2]"),
        "step",
        frozenset({"replay", "verify"}),
        index=2,
    ),
    Damage(
        "snapshot not a version and a document",
        lambda r, k: r.lset(k("history"), 0, "junk"),
        "snapshot",
        frozenset({"verify", "write"}),
        write="undo",
    ),
    Damage(
        "snapshot document not JSON",
        lambda r, k: r.lset(k("history"), 0, '{"version":1,"document":{x}'),
        "snapshot",
        frozenset({"verify", "write"}),
        write="undo",
        index=1,
    ),
    Damage(
        "idempotency record not JSON",
        lambda r, k: r.set(k("idempotency:" + hashlib.sha256(KEY.encode()).hexdigest()), "{x"),
        "record",
        frozenset({"write"}),
        write="retry",
    ),
]


@pytest.fixture(scope="module")
def prefix(redis_prefix: str) -> str:
    return f"{redis_prefix}-damaged"


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, prefix: str
) -> Iterator[ServiceProcess]:
    env = {
        "REDIS_URL": redis_url,
        "CRS_REDIS_PREFIX": prefix,
        "CRS_REQUIRE_PERSISTENCE": "0",
        "CRS_RATE_LIMIT": "0",
        "CRS_SESSION_CACHE_BYTES": "0",
    }
    process = ServiceProcess(env, tmp_path_factory.mktemp("damaged") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def store(redis_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


class OneConnection:
    """An HTTP client that counts the TCP connections it opens: a request answered on a
    connection the server closed (or reset) opens a new one."""

    def __init__(self, url: str) -> None:
        self.client = httpx.Client(base_url=url, timeout=30.0)
        self.connects = 0

    def _trace(self, name: str, info: Any) -> None:
        if name == "connection.connect_tcp.complete":
            self.connects += 1

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return self.client.request(method, path, extensions={"trace": self._trace}, **kwargs)

    def close(self) -> None:
        self.client.close()


def new_session(http: OneConnection) -> str:
    """A session at version 2 (rolled initiative, with a keyed write): two replay steps,
    events, an undo snapshot of version 1 and an idempotency record."""
    created = http.request("POST", "/v1/sessions", json={"encounter": skirmish()})
    assert created.status_code == 201, created.text
    session_id: str = created.json()["id"]
    rolled = http.request(
        "POST",
        f"/v1/sessions/{session_id}/roll-initiative",
        json={"seed": 1},
        headers={"Idempotency-Key": KEY},
    )
    assert rolled.status_code == 200, rolled.text
    return session_id


def rest(http: OneConnection, session_id: str, operation: str) -> httpx.Response:
    base = f"/v1/sessions/{session_id}"
    if operation == "get":
        return http.request("GET", base)
    if operation in ("events", "replay"):
        return http.request("GET", f"{base}/{operation}")
    if operation == "verify":
        return http.request("POST", f"{base}/verify")
    if operation == "undo":
        return http.request("POST", f"{base}/undo")
    if operation == "retry":
        headers = {"Idempotency-Key": KEY}
        return http.request("POST", f"{base}/roll-initiative", json={"seed": 1}, headers=headers)
    return http.request("POST", f"{base}/next-turn", json={})


GRAPHQL = {
    "get": "query($id: ID!) { r: session(id: $id) { __typename %s } }",
    "events": "query($id: ID!) { r: sessionEvents(id: $id) { __typename %s } }",
    "replay": "query($id: ID!) { r: sessionReplay(id: $id) { __typename %s } }",
    "verify": "query($id: ID!) { r: verifySession(id: $id) { __typename %s } }",
    "undo": "mutation($id: ID!) { r: undo(sessionId: $id) { __typename %s } }",
    "next-turn": "mutation($id: ID!) { r: nextTurn(sessionId: $id, input: {}) { __typename %s } }",
    "retry": "mutation($id: ID!) { r: rollInitiative(sessionId: $id, seed: 1, input: {}, "
    'idempotencyKey: "' + KEY + '") { __typename %s } }',
}
DAMAGED_FIELDS = "... on SessionDamaged { code message sessionId part index }"


def graphql(http: OneConnection, session_id: str, operation: str) -> dict[str, Any]:
    query = GRAPHQL[operation] % DAMAGED_FIELDS
    response = http.request(
        "POST", "/graphql", json={"query": query, "variables": {"id": session_id}}
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["r"]
    return result


def check_rest(response: httpx.Response, damage: Damage, session_id: str, read: bool) -> None:
    if not read:
        assert response.status_code == 200, response.text
        return
    assert response.status_code == 502, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert "retry-after" not in response.headers
    problem = response.json()
    assert problem["code"] == "session-damaged"
    assert problem["sessionId"] == session_id
    assert problem["part"] == damage.part
    assert problem.get("index") == damage.index
    assert session_id in problem["detail"] and damage.part in problem["detail"]


def check_graphql(result: dict[str, Any], damage: Damage, session_id: str, read: bool) -> None:
    if not read:
        assert result["__typename"] != "SessionDamaged", result
        return
    assert result == {
        "__typename": "SessionDamaged",
        "code": "session-damaged",
        "message": result["message"],
        "sessionId": session_id,
        "part": damage.part,
        "index": damage.index,
    }
    assert session_id in result["message"]


def key_of(prefix: str, session_id: str) -> Callable[[str], str]:
    """The Redis key of a part of the session (``session``, ``events``...)."""
    return lambda part: f"{prefix}:public:{{{session_id}}}:{part}"


@pytest.mark.parametrize("damage", DAMAGES, ids=[d.name for d in DAMAGES])
def test_a_damaged_record_is_named_not_a_bare_500(
    service: ServiceProcess, store: redis.Redis, prefix: str, damage: Damage
) -> None:
    http = OneConnection(service.url)
    try:
        sessions = [new_session(http), new_session(http)]
        for session_id in sessions:
            damage.damage(store, key_of(prefix, session_id))
        through_rest, through_graphql = sessions
        for operation in READS:
            read = operation in damage.reads
            check_rest(rest(http, through_rest, operation), damage, through_rest, read)
            check_graphql(graphql(http, through_graphql, operation), damage, through_graphql, read)
        read = "write" in damage.reads
        check_rest(rest(http, through_rest, damage.write), damage, through_rest, read)
        check_graphql(graphql(http, through_graphql, damage.write), damage, through_graphql, read)
        assert http.request("GET", "/healthz").status_code == 200
        assert http.connects == 1, "a damaged record closed the keep-alive connection"
    finally:
        http.close()


def test_a_damaged_session_can_still_be_deleted(
    service: ServiceProcess, store: redis.Redis, prefix: str
) -> None:
    http = OneConnection(service.url)
    try:
        session_id = new_session(http)
        store.hset(key_of(prefix, session_id)("session"), "document", "{not json")
        assert http.request("GET", f"/v1/sessions/{session_id}").status_code == 502
        assert http.request("DELETE", f"/v1/sessions/{session_id}").status_code == 204
        assert http.request("GET", f"/v1/sessions/{session_id}").status_code == 404
    finally:
        http.close()

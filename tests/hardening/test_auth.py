"""API keys and tenants: 401 without a good key, the tenant from the key, 404 across tenants."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from typing import Any

import pytest
import redis
from hardening_support import SECRET, create_key, revoke_key, skirmish_body
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from service import keys as keys_cli
from service.settings import Settings

PROBLEM = "application/problem+json"
ATTACK = {"attackerId": "hero", "targetId": "gob1", "seed": 3}


@pytest.fixture
def authed(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client(auth=True, api_key_secret=SECRET)


def settings_of(client: TestClient) -> Settings:
    settings: Settings = client.app.state.settings  # type: ignore[attr-defined]
    return settings


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def gql(client: TestClient, query: str, headers: dict[str, str], **variables: Any) -> Any:
    return client.post("/graphql", json={"query": query, "variables": variables}, headers=headers)


def assert_401(response: Any) -> None:
    assert response.status_code == 401, response.text
    assert response.headers["content-type"] == PROBLEM
    assert response.headers["www-authenticate"].startswith("Bearer")
    assert response.json()["code"] == "unauthorized"


def test_without_a_key_every_door_answers_401(authed: TestClient) -> None:
    assert_401(authed.post("/v1/roll-initiative", json=skirmish_body()))
    assert_401(authed.post("/v1/sessions", json=skirmish_body()))
    assert_401(authed.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA"))
    assert_401(gql(authed, "{ version }", {}))
    # Health, readiness and the spec stay open.
    assert authed.get("/healthz").status_code == 200
    assert authed.get("/readyz").status_code == 200
    assert authed.get("/openapi.json").status_code == 200


@pytest.mark.parametrize(
    "key",
    [
        "nope",
        "crs_0123456789abcdef_" + "A" * 43,  # well formed, unknown id
        "xyz_0123456789abcdef_" + "A" * 43,  # another deployment's prefix
        "",
    ],
)
def test_a_bad_key_answers_401(authed: TestClient, key: str) -> None:
    create_key(settings_of(authed), "acme")  # the key store holds keys: these are not one
    assert_401(authed.post("/v1/roll-initiative", json=skirmish_body(), headers=bearer(key)))
    assert_401(authed.post("/v1/roll-initiative", json=skirmish_body(), headers={"X-API-Key": key}))


def test_a_key_with_a_wrong_secret_answers_401(authed: TestClient) -> None:
    key, _ = create_key(settings_of(authed), "acme")
    forged = key[:-4] + ("AAAA" if not key.endswith("AAAA") else "BBBB")
    assert_401(authed.post("/v1/roll-initiative", json=skirmish_body(), headers=bearer(forged)))
    ok = authed.post("/v1/roll-initiative", json=skirmish_body(), headers=bearer(key))
    assert ok.status_code == 200, ok.text


def test_both_headers_work_and_several_keys_share_a_tenant(authed: TestClient) -> None:
    settings = settings_of(authed)
    first, _ = create_key(settings, "acme", "bot")
    second, _ = create_key(settings, "acme", "web")
    created = authed.post("/v1/sessions", json=skirmish_body(), headers=bearer(first))
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    read = authed.get(f"/v1/sessions/{sid}", headers={"X-API-Key": second})
    assert read.status_code == 200
    assert read.json()["id"] == sid


def test_another_tenants_session_is_404_on_both_doors(authed: TestClient) -> None:
    settings = settings_of(authed)
    acme, _ = create_key(settings, "acme")
    evil, _ = create_key(settings, "evilcorp")
    sid = authed.post("/v1/sessions", json=skirmish_body(), headers=bearer(acme)).json()["id"]

    for response in (
        authed.get(f"/v1/sessions/{sid}", headers=bearer(evil)),
        authed.get(f"/v1/sessions/{sid}/events", headers=bearer(evil)),
        authed.post(f"/v1/sessions/{sid}/resolve-attack", json=ATTACK, headers=bearer(evil)),
        authed.post(f"/v1/sessions/{sid}/undo", headers=bearer(evil)),
        authed.delete(f"/v1/sessions/{sid}", headers=bearer(evil)),
    ):
        assert response.status_code == 404, response.text
        assert response.json()["code"] == "session-not-found"

    found = gql(
        authed,
        "query($id: ID!) { session(id: $id) { __typename } }",
        bearer(evil),
        id=sid,
    ).json()
    assert found["data"]["session"]["__typename"] == "NotFound"
    attacked = gql(
        authed,
        """mutation($id: ID!) { resolveAttack(sessionId: $id,
               input: {attackerId: "hero", targetId: "gob1"}) { __typename } }""",
        bearer(evil),
        id=sid,
    ).json()
    assert attacked["data"]["resolveAttack"]["__typename"] == "NotFound"

    # The owner still has it, untouched (version 1: nothing the other tenant sent applied).
    own = authed.get(f"/v1/sessions/{sid}", headers=bearer(acme))
    assert own.status_code == 200
    assert own.json()["version"] == 1


def test_a_revoked_key_answers_401_and_the_tenants_other_keys_still_work(
    authed: TestClient,
) -> None:
    settings = settings_of(authed)
    old, old_id = create_key(settings, "acme")
    new, _ = create_key(settings, "acme")
    sid = authed.post("/v1/sessions", json=skirmish_body(), headers=bearer(old)).json()["id"]
    revoke_key(settings, "acme", old_id)
    assert_401(authed.get(f"/v1/sessions/{sid}", headers=bearer(old)))
    assert_401(gql(authed, "{ version }", bearer(old)))
    assert authed.get(f"/v1/sessions/{sid}", headers=bearer(new)).status_code == 200


def test_only_a_keyed_hash_is_stored(authed: TestClient) -> None:
    settings = settings_of(authed)
    key, key_id = create_key(settings, "acme")
    assert settings.redis_url is not None
    client = redis.Redis.from_url(settings.redis_url, decode_responses=True)
    try:
        record = client.hgetall(f"{settings.redis_prefix}:system:{{{key_id}}}:apikey")
    finally:
        client.close()
    assert record["tenant"] == "acme"
    assert hmac.compare_digest(
        record["digest"], hmac.new(SECRET.encode(), key.encode(), hashlib.sha256).hexdigest()
    )
    secret = key.split("_", 2)[2]
    assert all(secret not in value for value in record.values())


def test_graphql_websocket_takes_the_key_in_connection_init(authed: TestClient) -> None:
    settings = settings_of(authed)
    acme, _ = create_key(settings, "acme")
    sid = authed.post("/v1/sessions", json=skirmish_body(), headers=bearer(acme)).json()["id"]
    subscribe = {
        "id": "1",
        "type": "subscribe",
        "payload": {
            "query": "subscription($id: ID!) { sessionUpdated(sessionId: $id) { "
            "... on SessionUpdate { version } ... on NotFound { code } } }",
            "variables": {"id": sid},
        },
    }
    with authed.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {acme}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json(subscribe)
        deleted = authed.delete(f"/v1/sessions/{sid}", headers=bearer(acme))
        assert deleted.status_code == 204
        message = ws.receive_json()
        assert message["type"] in {"next", "complete"}

    with (
        authed.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.send_json({"type": "connection_init", "payload": {"X-API-Key": "crs_bad"}})
        ws.receive_json()
    assert closed.value.code == 4403


def test_auth_off_by_default_everyone_is_the_public_tenant(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    assert client.post("/v1/sessions", json=skirmish_body()).status_code == 201


def test_settings_production_switches_auth_and_limits_on(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CRS_AUTH", "CRS_RATE_LIMIT", "CRS_GRAPHQL_INTROSPECTION", "CRS_API_KEY_SECRET"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CRS_PRODUCTION", "1")
    with pytest.raises(SystemExit, match="CRS_API_KEY_SECRET"):
        Settings.from_env()
    monkeypatch.setenv("CRS_API_KEY_SECRET", SECRET)
    production = Settings.from_env()
    assert production.auth and production.rate_limit > 0
    assert not production.graphql_introspection and not production.graphql_playground
    monkeypatch.setenv("CRS_PRODUCTION", "0")
    default = Settings.from_env()
    assert not default.auth and default.rate_limit == 0 and default.graphql_introspection


def test_keys_cli_creates_lists_and_revokes(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    authed: TestClient,
) -> None:
    settings = settings_of(authed)
    assert settings.redis_url is not None
    monkeypatch.setenv("REDIS_URL", settings.redis_url)
    monkeypatch.setenv("CRS_REDIS_PREFIX", settings.redis_prefix)
    monkeypatch.setenv("CRS_API_KEY_SECRET", SECRET)
    monkeypatch.delenv("CRS_PRODUCTION", raising=False)
    monkeypatch.delenv("CRS_API_KEY_PREFIX", raising=False)

    assert keys_cli.main(["create", "--tenant", "cli-co", "--label", "ci"]) == 0
    created = json.loads(capsys.readouterr().out)
    key = created["key"]
    assert key.startswith(f"crs_{created['id']}_")
    assert authed.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA", headers=bearer(key)).status_code == 404

    assert keys_cli.main(["list", "--tenant", "cli-co"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [k["id"] for k in listed] == [created["id"]]
    assert "key" not in listed[0]

    assert keys_cli.main(["revoke", "--tenant", "other", "--id", created["id"]]) == 1
    assert keys_cli.main(["revoke", "--tenant", "cli-co", "--id", created["id"]]) == 0
    capsys.readouterr()
    assert_401(authed.get("/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA", headers=bearer(key)))


def test_a_key_store_that_does_not_answer_leaks_nothing(
    make_client: Callable[..., TestClient],
) -> None:
    from service.store.embedded import free_port

    client = make_client(
        auth=True,
        api_key_secret=SECRET,
        redis_url=f"redis://127.0.0.1:{free_port()}/0",
        store_timeout_seconds=0.5,
    )
    answer = client.post(
        "/v1/roll-initiative",
        json=skirmish_body(),
        headers=bearer("crs_0123456789abcdef_" + "A" * 43),
    )
    assert answer.status_code == 503
    assert answer.json()["detail"] == "the key store is unavailable"
    assert "127.0.0.1" not in answer.text and "Error" not in answer.text
    assert int(answer.headers["retry-after"]) >= 1

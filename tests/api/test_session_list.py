"""The tenant's list of sessions and a session's title (issue 26, part 2), through both
doors: ``GET /v1/sessions`` / ``sessions``, a title at creation, ``PATCH /v1/sessions/{id}``
/ ``updateSession``. Each test has tenants of its own (API keys on), so its list holds only
the sessions it made."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from factories import skirmish
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings
from service.store.apikeys import ApiKeyStore

SECRET = "list-secret-" + "x" * 30
CREATE = """mutation($e: EncounterInput!, $t: String) {
  createSession(encounter: $e, title: $t) {
    __typename ... on Session { id version title }
    ... on InvalidInput { code errors { path } } } }"""
LIST = """query($limit: Int! = 50, $cursor: String) {
  sessions(limit: $limit, cursor: $cursor) {
    __typename ... on SessionList { nextCursor items { id title ruleset version round updated } }
    ... on InvalidInput { code errors { path } } } }"""
UPDATE = """mutation($id: ID!, $t: String, $v: Int) {
  updateSession(id: $id, title: $t, expectedVersion: $v) {
    __typename ... on Session { id version title updated }
    ... on VersionConflict { currentVersion } ... on InvalidInput { code errors { path } }
    ... on NotFound { code } } }"""


async def _key(settings: Settings, tenant: str) -> str:
    import redis.asyncio

    assert settings.redis_url is not None
    conn = redis.asyncio.Redis.from_url(settings.redis_url)
    try:
        store = ApiKeyStore(conn, secret=SECRET, prefix=settings.redis_prefix)
        return (await store.create(tenant, "test"))[0]
    finally:
        await conn.aclose()


@pytest.fixture(scope="module")
def keyed_app(settings: Settings) -> Iterator[tuple[TestClient, Settings]]:
    with_keys = dataclasses.replace(
        settings, auth=True, api_key_secret=SECRET, require_persistence=False
    )
    with TestClient(create_app(with_keys)) as client:
        yield client, with_keys


class Table:
    """One tenant's calls, through one door."""

    def __init__(self, client: TestClient, settings: Settings, door: str) -> None:
        self.client, self.door = client, door
        tenant = f"t{uuid.uuid4().hex[:12]}"
        self.headers = {"X-API-Key": asyncio.run(_key(settings, tenant))}

    def graphql(self, query: str, **variables: Any) -> dict[str, Any]:
        answer = self.client.post(
            "/graphql", json={"query": query, "variables": variables}, headers=self.headers
        )
        assert answer.status_code == 200 and "errors" not in answer.json(), answer.text
        data: dict[str, Any] = next(iter(answer.json()["data"].values()))
        return data

    def create(self, title: str | None = None) -> dict[str, Any]:
        if self.door == "graphql":
            return self.graphql(CREATE, e=skirmish(), t=title)
        body: dict[str, Any] = {"encounter": skirmish()}
        if title is not None:
            body["title"] = title
        answer = self.client.post("/v1/sessions", json=body, headers=self.headers)
        return {"status": answer.status_code, **answer.json()}

    def page(self, limit: int | None = None, cursor: str | None = None) -> dict[str, Any]:
        if self.door == "graphql":
            return self.graphql(LIST, limit=50 if limit is None else limit, cursor=cursor)
        params: dict[str, Any] = {} if limit is None else {"limit": limit}
        if cursor is not None:
            params["cursor"] = cursor
        answer = self.client.get("/v1/sessions", params=params, headers=self.headers)
        return {"status": answer.status_code, **answer.json()}

    def retitle(self, sid: str, title: str | None, version: int | None = None) -> dict[str, Any]:
        if self.door == "graphql":
            return self.graphql(UPDATE, id=sid, t=title, v=version)
        headers = dict(self.headers)
        if version is not None:
            headers["If-Match"] = f'"{version}"'
        answer = self.client.patch(f"/v1/sessions/{sid}", json={"title": title}, headers=headers)
        return {"status": answer.status_code, "etag": answer.headers.get("etag"), **answer.json()}

    def act(self, sid: str, slug: str, **body: Any) -> int:
        answer = self.client.post(f"/v1/sessions/{sid}/{slug}", json=body, headers=self.headers)
        assert answer.status_code == 200, answer.text
        return int(answer.json()["session"]["version"])

    def listed(self) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        cursor = None
        while True:
            page = self.page(limit=2, cursor=cursor)
            items.extend(page["items"])
            if page["nextCursor"] is None:
                return items
            cursor = page["nextCursor"]


@pytest.fixture(params=["rest", "graphql"])
def table(request: pytest.FixtureRequest, keyed_app: tuple[TestClient, Settings]) -> Table:
    client, settings = keyed_app
    return Table(client, settings, request.param)


def invalid_path(answer: dict[str, Any]) -> list[str]:
    return [str(e["path"]) for e in answer.get("errors", [])]


def test_the_list_shows_the_last_written_first_with_its_round_and_title(table: Table) -> None:
    first = table.create("The bridge")
    second = table.create()
    third = table.create("Goblin cave")
    assert first["title"] == "The bridge" and second["title"] is None
    assert [s["id"] for s in table.listed()] == [third["id"], second["id"], first["id"]]
    # playing the first fight moves it to the top, with the round it is at now
    table.act(first["id"], "roll-initiative", seed=3)
    version = table.act(first["id"], "next-turn")
    listed = table.listed()
    assert [s["id"] for s in listed] == [first["id"], third["id"], second["id"]]
    top = listed[0]
    assert (top["title"], top["ruleset"], top["version"]) == ("The bridge", "d20", version)
    assert top["round"] >= 1 and listed[1]["round"] == 0
    # undoing back to before initiative shows round 0 again
    table.client.post(f"/v1/sessions/{first['id']}/undo", headers=table.headers)
    table.client.post(f"/v1/sessions/{first['id']}/undo", headers=table.headers)
    assert table.listed()[0]["round"] == 0


def test_a_title_changes_no_version_and_keeps_its_place(table: Table) -> None:
    older = table.create()
    newer = table.create()
    changed = table.retitle(older["id"], "  Ambush at the ﬁeld  ", version=1)
    assert (changed["title"], changed["version"]) == ("Ambush at the field", 1)
    if table.door == "rest":
        assert changed["etag"] == '"1"'
    assert [s["id"] for s in table.listed()] == [newer["id"], older["id"]]
    events = table.client.get(f"/v1/sessions/{older['id']}/events", headers=table.headers)
    assert events.json()["total"] == 0
    # the title stays through actions and reads
    table.act(older["id"], "roll-initiative", seed=1)
    got = table.client.get(f"/v1/sessions/{older['id']}", headers=table.headers).json()
    assert (got["title"], got["version"]) == ("Ambush at the field", 2)
    # a stale version keeps the title
    stale = table.retitle(older["id"], "Late", version=1)
    assert stale.get("status", 412) == 412 and stale.get("currentVersion") == 2
    assert table.retitle(older["id"], None)["title"] is None
    assert table.listed()[0]["title"] is None


@pytest.mark.parametrize("title", ["", "   ", "a\nb", "x" * 201, "evil\u202eeman"])
def test_a_bad_title_is_refused_naming_the_field(table: Table, title: str) -> None:
    refused = table.create(title)
    assert refused.get("status", 422) == 422 and refused.get("code") in ("invalid-input", None)
    assert any("title" in p for p in invalid_path(refused)), refused
    sid = table.create("ok")["id"]
    refused = table.retitle(sid, title)
    assert any("title" in p for p in invalid_path(refused)), refused
    assert [s["title"] for s in table.listed()] == ["ok"]


@pytest.mark.parametrize(
    ("limit", "cursor", "field"),
    [(0, None, "limit"), (101, None, "limit"), (10, "bm9wZQ", "cursor"), (10, "x" * 300, "cursor")],
)
def test_a_bad_page_is_refused_naming_the_parameter(
    table: Table, limit: int, cursor: str | None, field: str
) -> None:
    refused = table.page(limit=limit, cursor=cursor)
    assert refused.get("status", 422) == 422
    assert any(field in p for p in invalid_path(refused)), refused


def test_a_tenant_sees_only_its_own_sessions(keyed_app: tuple[TestClient, Settings]) -> None:
    client, settings = keyed_app
    mine, theirs = Table(client, settings, "rest"), Table(client, settings, "rest")
    made = mine.create("mine")
    theirs.create("theirs")
    assert [s["id"] for s in mine.listed()] == [made["id"]]
    assert theirs.retitle(made["id"], "stolen")["status"] == 404
    assert mine.listed()[0]["title"] == "mine"
    assert client.get("/v1/sessions").status_code == 401


def test_deleted_sessions_leave_the_list(table: Table) -> None:
    kept, gone = table.create(), table.create()
    table.client.delete(f"/v1/sessions/{gone['id']}", headers=table.headers)
    assert [s["id"] for s in table.listed()] == [kept["id"]]
    assert table.retitle(gone["id"], "x").get("status", 404) == 404


def test_patch_is_allowed_and_other_methods_list_it(table: Table) -> None:
    sid = table.create()["id"]
    answer = table.client.put(f"/v1/sessions/{sid}", json={}, headers=table.headers)
    assert answer.status_code == 405
    assert set(answer.headers["allow"].replace(" ", "").split(",")) >= {"GET", "PATCH", "DELETE"}
    missing = table.client.patch(f"/v1/sessions/{sid}", json={}, headers=table.headers)
    assert missing.status_code == 422

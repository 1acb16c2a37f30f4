"""The tenant's list of sessions and a session's title (SessionStore.sessions, retitle), on a
real Redis, standalone and cluster (see conftest)."""

from __future__ import annotations

import pytest

from service.store import (
    Change,
    Client,
    Document,
    InvalidArgument,
    SessionNotFound,
    SessionStore,
    VersionConflict,
)

pytestmark = pytest.mark.timeout(120)


def step(document: Document) -> Change:
    count = document["count"] + 1
    return Change({"count": count}, [{"type": "step"}], {}, facts={"round": count})


async def every_page(store: SessionStore, tenant: str, limit: int) -> list[str]:
    ids: list[str] = []
    cursor = None
    while True:
        page = await store.sessions(tenant, limit=limit, cursor=cursor)
        ids.extend(item.id for item in page.items)
        if page.cursor is None:
            return ids
        cursor = page.cursor


async def test_the_last_written_comes_first_and_pages_cover_every_session_once(
    store: SessionStore, tenant: str
) -> None:
    made = [(await store.create(tenant, {"count": 0}, title=f"fight {i}")).id for i in range(7)]
    await store.apply(tenant, made[2], step)
    newest_first = [made[2], *reversed([m for m in made if m != made[2]])]
    assert await every_page(store, tenant, 3) == newest_first
    first = await store.sessions(tenant, limit=1)
    (top,) = first.items
    assert (top.id, top.title, top.version, top.facts) == (made[2], "fight 2", 2, {"round": 1})
    assert first.cursor is not None


async def test_a_title_is_metadata_no_version(store: SessionStore, tenant: str) -> None:
    older = await store.create(tenant, {"count": 0})
    newer = await store.create(tenant, {"count": 0})
    retitled = await store.retitle(tenant, older.id, "The bridge", expected_version=1)
    assert (retitled.title, retitled.version) == ("The bridge", 1)
    assert (await store.get(tenant, older.id)).title == "The bridge"
    # a title does not move the session up the list, and the next action keeps it
    assert [s.id for s in (await store.sessions(tenant)).items] == [newer.id, older.id]
    await store.apply(tenant, older.id, step)
    assert [s.title for s in (await store.sessions(tenant)).items] == ["The bridge", None]
    assert (await store.get(tenant, older.id)).title == "The bridge"
    with pytest.raises(VersionConflict):
        await store.retitle(tenant, older.id, "Late", expected_version=1)
    assert (await store.retitle(tenant, older.id, None)).title is None
    with pytest.raises(SessionNotFound):
        await store.retitle(tenant, "s_" + "0" * 32, "x")


async def test_undo_gives_the_facts_of_the_restored_document(
    store: SessionStore, tenant: str
) -> None:
    session = await store.create(tenant, {"count": 0}, facts={"round": 0})
    await store.apply(tenant, session.id, step)
    await store.apply(tenant, session.id, step)
    await store.undo(tenant, session.id, facts_of=lambda document: {"round": document["count"]})
    (item,) = (await store.sessions(tenant)).items
    assert (item.version, item.facts) == (4, {"round": 1})


async def test_deleted_and_other_tenants_sessions_are_not_listed(
    store: SessionStore, tenant: str
) -> None:
    kept = await store.create(tenant, {"count": 0})
    gone = await store.create(tenant, {"count": 0})
    await store.create("someone-else", {"count": 0})
    await store.delete(tenant, gone.id)
    assert [s.id for s in (await store.sessions(tenant)).items] == [kept.id]
    assert (await store.sessions("nobody")).items == []


async def test_a_session_gone_behind_the_ledger_is_skipped_pruned_and_the_page_refilled(
    store: SessionStore, redis_client: Client, tenant: str, prefix: str
) -> None:
    made = [(await store.create(tenant, {"count": 0})).id for _ in range(4)]
    # the newest two vanish without the store knowing (as if they expired between reads)
    for session_id in made[2:]:
        await redis_client.delete(f"{prefix}:{tenant}:{{{session_id}}}:session")
    page = await store.sessions(tenant, limit=2)
    assert [s.id for s in page.items] == [made[1], made[0]]
    assert [s.id for s in (await store.sessions(tenant, limit=10)).items] == [made[1], made[0]]


@pytest.mark.parametrize("cursor", ["", "not base64!", "bm9wZQ", "MTJ8bm9wZQ"])
async def test_a_cursor_the_store_did_not_give_is_refused(
    store: SessionStore, tenant: str, cursor: str
) -> None:
    with pytest.raises(InvalidArgument, match="cursor"):
        await store.sessions(tenant, cursor=cursor)


@pytest.mark.parametrize("limit", [0, 201])
async def test_a_limit_outside_the_page_is_refused(
    store: SessionStore, tenant: str, limit: int
) -> None:
    with pytest.raises(InvalidArgument, match="limit"):
        await store.sessions(tenant, limit=limit)


async def test_facts_past_their_bound_are_refused(store: SessionStore, tenant: str) -> None:
    with pytest.raises(InvalidArgument, match="facts"):
        await store.create(tenant, {"count": 0}, facts={"x": "y" * 2000})
    assert (await store.sessions(tenant)).items == []

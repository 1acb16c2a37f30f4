"""The one function that names every Redis key."""

from __future__ import annotations

import pytest
from redis.crc import key_slot

from service.store import SessionNotFound
from service.store.keys import check_name, key, new_session_id, parse_session_id


def test_key_layout() -> None:
    assert key("acme", "abcdefghijklmnopqrstuv", "session") == (
        "crs:acme:{abcdefghijklmnopqrstuv}:session"
    )
    assert key("acme", "abcdefghijklmnopqrstuv", "events", prefix="p1").startswith("p1:acme:")


def test_a_sessions_keys_share_a_cluster_slot() -> None:
    session_id = new_session_id()
    parts = ["session", "events", "history", "records", "updates", "idempotency:" + "ab" * 32]
    slots = {key_slot(key(tenant, session_id, part).encode()) for tenant in "ab" for part in parts}
    assert len(slots) == 1
    others = {key_slot(key("a", new_session_id(), "session").encode()) for _ in range(50)}
    assert len(others) > 1


def test_tenants_get_distinct_keys() -> None:
    session_id = new_session_id()
    assert key("a", session_id, "session") != key("b", session_id, "session")


@pytest.mark.parametrize("bad", ["", "a:b", "a{b", "a}b", "-lead", "x" * 65, "a b"])
def test_names_are_plain(bad: str) -> None:
    with pytest.raises(ValueError):
        check_name(bad)
    with pytest.raises(ValueError):
        key(bad, new_session_id(), "session")
    with pytest.raises(ValueError):
        key("acme", new_session_id(), "session", prefix=bad)


def test_new_session_ids_are_random_and_url_safe() -> None:
    ids = {new_session_id() for _ in range(1000)}
    assert len(ids) == 1000
    for session_id in ids:
        assert len(session_id) == 22
        assert parse_session_id(session_id) == session_id
        assert session_id[0].isalnum(), "an id starting with '-' reads as a CLI option"


@pytest.mark.parametrize(
    "bad", ["", "abc", "a" * 65, "abcdefghijklmno/", "abcdefghijklmnop\n", "{abcdefghijklmnop}"]
)
def test_malformed_session_ids_are_not_found(bad: str) -> None:
    with pytest.raises(SessionNotFound):
        parse_session_id(bad)

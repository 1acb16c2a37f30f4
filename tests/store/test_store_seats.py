"""A session's seats in the store (SessionStore.seating: add, seats, revoke, opened_by), on a
real Redis, standalone and cluster (see conftest): a seat opens only with its own token, and
ends when revoked or with its session (deleted, or expired)."""

from __future__ import annotations

import asyncio

import pytest

from service.store import (
    MAX_PROPOSALS,
    MAX_SEATS,
    Change,
    Client,
    Document,
    Proposed,
    SeatNotFound,
    SessionNotFound,
    SessionStore,
    SessionUpdate,
    TooManyProposals,
    TooManySeats,
    VersionConflict,
)

pytestmark = pytest.mark.timeout(120)


def step(document: Document) -> Change:
    return Change({"count": document["count"] + 1}, [], {})


async def test_a_seat_opens_with_its_token_until_revoked(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"count": 0})
    token, seat = await store.seating.add(tenant, session.id, ("hero",), "Ana")
    other_token, other = await store.seating.add(tenant, session.id, ("gob1", "gob2"))
    assert token.startswith(f"seat.{tenant}.{session.id}.{seat.id}.")
    assert await store.seating.opened_by(token) == seat
    assert (await store.seating.opened_by(other_token)) == other
    assert [s.id for s in await store.seating.seats(tenant, session.id)] == [seat.id, other.id]
    # A token with the right seat and another secret, or another tenant's, opens nothing.
    assert (
        await store.seating.opened_by(token[:-3] + ("AAA" if token[-3:] != "AAA" else "BBB"))
        is None
    )
    assert await store.seating.opened_by(token.replace(f"seat.{tenant}.", "seat.other.", 1)) is None
    # Writes keep the seats; a revoke ends one at once, twice is not found.
    await store.apply(tenant, session.id, step)
    assert await store.seating.opened_by(token) == seat
    await store.seating.revoke(tenant, session.id, seat.id)
    assert await store.seating.opened_by(token) is None
    assert not await store.seating.has(tenant, session.id, seat.id)
    with pytest.raises(SeatNotFound):
        await store.seating.revoke(tenant, session.id, seat.id)
    assert [s.id for s in await store.seating.seats(tenant, session.id)] == [other.id]


async def test_a_session_holds_a_bounded_number_of_seats(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"count": 0})
    for _ in range(MAX_SEATS):
        await store.seating.add(tenant, session.id, ("hero",))
    with pytest.raises(TooManySeats):
        await store.seating.add(tenant, session.id, ("hero",))
    with pytest.raises(SessionNotFound):
        await store.seating.add(tenant, "NoSuchSession0000000", ("hero",))


async def test_seats_end_with_their_session(redis_client: Client, prefix: str, tenant: str) -> None:
    store = SessionStore(redis_client, prefix=prefix, idle_ttl=0.5)
    deleted = await store.create(tenant, {"count": 0})
    token, _ = await store.seating.add(tenant, deleted.id, ("hero",))
    await store.delete(tenant, deleted.id)
    assert await store.seating.opened_by(token) is None
    with pytest.raises(SessionNotFound):
        await store.seating.seats(tenant, deleted.id)

    expiring = await store.create(tenant, {"count": 0})
    token, seat = await store.seating.add(tenant, expiring.id, ("hero",))
    assert await store.seating.opened_by(token) == seat
    async with asyncio.timeout(30):
        while await store.seating.opened_by(token) is not None:
            await asyncio.sleep(0.1)
    with pytest.raises(SessionNotFound):
        await store.get(tenant, expiring.id)


async def test_proposals_wait_on_their_version_and_end(store: SessionStore, tenant: str) -> None:
    session = await store.create(tenant, {"count": 0})
    _, seat = await store.seating.add(tenant, session.id, ("hero",), approval=True)
    _, other = await store.seating.add(tenant, session.id, ("gob1",), approval=True)
    assert seat.approval and (await store.seating.seat(tenant, session.id, seat.id)) == seat
    first = await store.seating.propose(
        tenant, session.id, seat.id, "dash", {"combatantId": "hero"}, 1
    )
    theirs = await store.seating.propose(
        tenant, session.id, other.id, "dodge", {"combatantId": "gob1"}, 1
    )
    assert [p.id for p in await store.seating.proposals(tenant, session.id)] == [
        first.id,
        theirs.id,
    ]
    (found,) = await store.seating.proposals(tenant, session.id, first.id)
    assert (found.action, found.params, found.version) == ("dash", {"combatantId": "hero"}, 1)
    # A revoked seat takes its proposals with it.
    await store.seating.revoke(tenant, session.id, other.id)
    assert [p.id for p in await store.seating.proposals(tenant, session.id)] == [first.id]
    with pytest.raises(SeatNotFound):
        await store.seating.propose(tenant, session.id, other.id, "dodge", {}, 1)
    # Once the session moves on, a proposal is stale: answered once by id, then gone.
    await store.apply(tenant, session.id, step)
    (stale,) = await store.seating.proposals(tenant, session.id, first.id)
    assert stale.version == 1
    assert await store.seating.proposals(tenant, session.id, first.id) == []
    assert await store.seating.proposals(tenant, session.id) == []
    with pytest.raises(VersionConflict):
        await store.seating.propose(tenant, session.id, seat.id, "dash", {}, 1)
    # Taken with drop, a proposal is gone; at most MAX_PROPOSALS wait.
    for _ in range(MAX_PROPOSALS):
        await store.seating.propose(tenant, session.id, seat.id, "dash", {}, 2)
    with pytest.raises(TooManyProposals):
        await store.seating.propose(tenant, session.id, seat.id, "dash", {}, 2)
    some = (await store.seating.proposals(tenant, session.id))[0]
    assert [
        p.id for p in await store.seating.proposals(tenant, session.id, some.id, drop=True)
    ] == [some.id]
    assert len(await store.seating.proposals(tenant, session.id)) == MAX_PROPOSALS - 1


async def test_a_proposal_is_published_to_the_sessions_followers(
    store: SessionStore, tenant: str
) -> None:
    """A proposal makes no version, but its followers learn of it (:class:`Proposed`); one of
    a version the follower has moved past is not handed out."""
    session = await store.create(tenant, {"count": 0})
    _, seat = await store.seating.add(tenant, session.id, ("hero",), approval=True)
    async with store.follow(tenant, session.id) as follower:
        made = await store.seating.propose(
            tenant, session.id, seat.id, "dash", {"combatantId": "hero"}, 1
        )
        assert await follower.next(5) == Proposed(session.id, 1, made.id, seat.id)
        await store.apply(tenant, session.id, step)
        assert isinstance(await follower.next(5), SessionUpdate)
        assert await follower.next(0.2) is None


async def test_a_rejection_drops_the_proposal_and_is_published(
    store: SessionStore, tenant: str
) -> None:
    """``Seating.reject`` drops a waiting proposal and tells the followers
    (:class:`Proposed`, ``rejected``); a second rejection finds nothing and tells nothing,
    and the session goes on from the version it was at."""
    session = await store.create(tenant, {"count": 0})
    _, seat = await store.seating.add(tenant, session.id, ("hero",), approval=True)
    async with store.follow(tenant, session.id) as follower:
        made = await store.seating.propose(
            tenant, session.id, seat.id, "dash", {"combatantId": "hero"}, 1
        )
        assert await follower.next(5) == Proposed(session.id, 1, made.id, seat.id)
        rejected = await store.seating.reject(tenant, session.id, made.id)
        assert rejected is not None and rejected.id == made.id
        assert await follower.next(5) == Proposed(session.id, 1, made.id, seat.id, rejected=True)
        assert await store.seating.proposals(tenant, session.id) == []
        assert await store.seating.reject(tenant, session.id, made.id) is None
        written = await store.apply(tenant, session.id, step)
        assert written.session.version == 2
        update = await follower.next(5)
        assert isinstance(update, SessionUpdate) and update.session.version == 2
    with pytest.raises(SessionNotFound):
        await store.seating.reject(tenant, "nosuchsession0000000000", made.id)

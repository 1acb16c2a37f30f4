"""The seats of sessions and the proposals of seats that wait for the DM (the records and
tokens themselves: :mod:`service.store._seats`)."""

from __future__ import annotations

from service.store import _lua, _seats
from service.store._access import Access
from service.store._codec import as_text, proposal_notice
from service.store._follower import current_version
from service.store.errors import (
    SeatNotFound,
    SessionNotFound,
    TooManyProposals,
    TooManySeats,
    VersionConflict,
)
from service.store.records import Document, Proposal, Seat


class Seating:
    """Seats and proposals, kept in their session's hash: they end with it (``store.seating``)."""

    def __init__(self, access: Access) -> None:
        self._access = access

    async def add(
        self,
        tenant: str,
        session_id: str,
        combatants: tuple[str, ...],
        label: str = "",
        *,
        approval: bool = False,
    ) -> tuple[str, Seat]:
        """A new seat of the session, for ``combatants``: its token (shown only now) and its
        record. The seat ends with the session, or when revoked (:meth:`revoke`, which
        drops its proposals too); with ``approval`` its actions are proposals
        (:meth:`propose`).

        :raises SessionNotFound: there is no such session.
        :raises TooManySeats: the session holds :data:`MAX_SEATS` seats already.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        token, seat, raw = _seats.new_seat(tenant, keys.session_id, combatants, label, approval)
        async with access.guard():
            status = as_text(
                await _lua.SEAT_ADD(
                    access.redis, [keys.session], [_seats.field(seat.id), raw, _seats.MAX_SEATS]
                )
            )
        if status == "missing":
            raise SessionNotFound(keys.session_id)
        if status == "full":
            raise TooManySeats(keys.session_id, _seats.MAX_SEATS)
        return token, seat

    async def seats(self, tenant: str, session_id: str) -> list[Seat]:
        """The session's seats, the oldest first.

        :raises SessionNotFound: there is no such session.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        async with access.guard():
            found = await _lua.SEATS(access.redis, [keys.session])
        if found is None or found is False:
            raise SessionNotFound(keys.session_id)
        seats = [_seats.decoded(raw, tenant, keys.session_id)[0] for raw in found]
        return sorted(seats, key=lambda seat: (seat.created, seat.id))

    async def revoke(self, tenant: str, session_id: str, seat_id: str) -> None:
        """Revoke one of the session's seats: its token is refused from now on.

        :raises SessionNotFound: there is no such session.
        :raises SeatNotFound: the session has no such seat.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        if not _seats.is_seat_id(seat_id):
            raise SeatNotFound(keys.session_id, seat_id)
        async with access.guard():
            found = await _lua.SEAT_REVOKE(
                access.redis, [keys.session], [_seats.field(seat_id), seat_id]
            )
        if found is None or found is False:
            raise SessionNotFound(keys.session_id)
        if not int(found):
            raise SeatNotFound(keys.session_id, seat_id)

    async def seat(self, tenant: str, session_id: str, seat_id: str) -> Seat | None:
        """One of the session's seats, or None (revoked, or never made)."""
        access = self._access
        keys = access.keys(tenant, session_id)
        if not _seats.is_seat_id(seat_id):
            return None
        async with access.guard():
            raw = await access.redis.hget(keys.session, _seats.field(seat_id))
        return None if raw is None else _seats.decoded(raw, tenant, keys.session_id)[0]

    async def has(self, tenant: str, session_id: str, seat_id: str) -> bool:
        """Whether the session (still) has the seat."""
        access = self._access
        keys = access.keys(tenant, session_id)
        async with access.guard():
            return bool(await access.redis.hexists(keys.session, _seats.field(seat_id)))

    async def opened_by(self, token: str) -> Seat | None:
        """The seat a token opens, or None: malformed, revoked, or its session is gone (in
        constant time whichever it is)."""
        access = self._access
        named = _seats.parse_seat_token(token)
        if named is None:
            return None
        keys = access.keys(named.tenant, named.session_id)
        async with access.guard():
            version, raw = await access.redis.hmget(
                keys.session, ["version", _seats.field(named.seat_id)]
            )
        if version is None or raw is None:
            _seats.matches(token, _seats.NOTHING)
            return None
        seat, digest = _seats.decoded(raw, named.tenant, keys.session_id)
        return seat if _seats.matches(token, digest) else None

    async def propose(
        self,
        tenant: str,
        session_id: str,
        seat_id: str,
        action: str,
        params: Document,
        version: int,
    ) -> Proposal:
        """Keep a seat's action for the DM to approve, made on ``version`` (it applies to that
        version only: proposals of another version are dropped as stale here and whenever
        the proposals are read). Its notice (:class:`Proposed`) is published on the
        session's channel: followers learn of it as it is kept, though it makes no version.

        :raises SessionNotFound: there is no such session.
        :raises VersionConflict: the session is at another version now.
        :raises SeatNotFound: the seat was revoked.
        :raises TooManyProposals: :data:`MAX_PROPOSALS` are waiting already.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        proposal, raw = _seats.new_proposal(seat_id, action, params, version)
        field = _seats.proposal_field(version, seat_id, proposal.id)
        async with access.guard():
            status = as_text(
                await _lua.PROPOSE(
                    access.redis,
                    [keys.session],
                    [
                        version,
                        seat_id,
                        field,
                        raw,
                        _seats.MAX_PROPOSALS,
                        keys.channel,
                        proposal_notice(keys.session_id, version, proposal.id, seat_id),
                    ],
                )
            )
        if status == "missing":
            raise SessionNotFound(keys.session_id)
        if status == "conflict":
            async with access.guard():
                raise VersionConflict(await current_version(access.redis, keys))
        if status == "revoked":
            raise SeatNotFound(keys.session_id, seat_id)
        if status == "full":
            raise TooManyProposals(keys.session_id, _seats.MAX_PROPOSALS)
        return proposal

    async def reject(self, tenant: str, session_id: str, proposal_id: str) -> Proposal | None:
        """Drop a waiting proposal the DM rejects, and publish its rejection on the session's
        channel (:class:`Proposed`, ``rejected``: the seat that proposed it learns of it as
        the DM's followers do). None: no such proposal (never made, applied, rejected or
        dropped), nothing published.

        :raises SessionNotFound: there is no such session.
        """
        dropped = await self.proposals(tenant, session_id, proposal_id, drop=True)
        if not dropped:
            return None
        (proposal,) = dropped
        access = self._access
        keys = access.keys(tenant, session_id)
        notice = proposal_notice(
            keys.session_id, proposal.version, proposal.id, proposal.seat_id, rejected=True
        )
        async with access.guard():
            await access.redis.publish(keys.channel, notice)
        return proposal

    async def proposals(
        self, tenant: str, session_id: str, proposal_id: str = "", *, drop: bool = False
    ) -> list[Proposal]:
        """The proposals waiting on the session's current version, the oldest first (the
        stale ones are dropped); with ``proposal_id``, that one only, stale or not (a stale
        one is dropped as it is answered; none: it is not waiting), and with ``drop``,
        removed as it is read.

        :raises SessionNotFound: there is no such session.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        if proposal_id and not _seats.is_seat_id(proposal_id):
            return []
        async with access.guard():
            found = await _lua.PROPOSALS(
                access.redis, [keys.session], [proposal_id, "drop" if drop else ""]
            )
        if found is None or found is False:
            raise SessionNotFound(keys.session_id)
        out = [_seats.decoded_proposal(raw, keys.session_id) for raw in found]
        return sorted(out, key=lambda proposal: (proposal.created, proposal.id))

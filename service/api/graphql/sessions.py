"""Session mode over GraphQL: the session queries (a session, its pages, seats and
proposals, verifying it), mutations (creating, forking, retitling, deleting, undoing,
revealing; seats and proposals) and the subscription to its versions. Each answers with a
union of its result and the error results it may be (:mod:`.problems`)."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Annotated, cast

import strawberry
from pydantic import TypeAdapter
from strawberry.scalars import JSON
from strawberry.types import Info

from service.api import models, proposals, replay, sessions
from service.api.core import Problem, invalid
from service.api.models import CreateSessionRequest
from service.api.pool import engine_pool
from service.rules import model as state
from service.store import MAX_PAGE, MAX_SEATS, Proposed

from .inputs import connection_of, validate
from .problems import (
    Conflict,
    Forbidden,
    InvalidInput,
    NotFound,
    QuotaExceeded,
    RuleViolation,
    SessionDamaged,
    Unavailable,
    VersionConflict,
    error_result,
)
from .wire import (
    ApprovedProposal,
    DeletedSession,
    EncounterInput,
    NewSeat,
    ProposalList,
    ProposalNotice,
    ProposalRejectedNotice,
    ProposalType,
    RejectedProposal,
    ReplayPage,
    RevealPayload,
    RevokedSeat,
    SeatApproval,
    SeatList,
    SessionEvent,
    SessionEventPage,
    SessionList,
    SessionRef,
    SessionType,
    SessionUpdate,
    UndoPayload,
    Verification,
)

CREATE_SESSION = TypeAdapter(CreateSessionRequest)
CREATE_SEAT = TypeAdapter(models.CreateSeatRequest)
PROPOSE = TypeAdapter(models.ProposeRequest)


def _check_page(offset: int, limit: int) -> None:
    if offset < 0:
        raise invalid("must be 0 or more", ("offset",))
    if not 1 <= limit <= MAX_PAGE:
        raise invalid(f"must be from 1 to {MAX_PAGE}", ("limit",))


CreateSessionResult = Annotated[
    SessionType
    | InvalidInput
    | Conflict
    | QuotaExceeded
    | SessionDamaged
    | Forbidden
    | Unavailable,
    strawberry.union("CreateSessionResult"),
]
SessionResult = Annotated[
    SessionType | NotFound | SessionDamaged | Forbidden | Unavailable,
    strawberry.union("SessionResult"),
]
SessionsResult = Annotated[
    SessionList | InvalidInput | Forbidden | Unavailable, strawberry.union("SessionsResult")
]
ForkSessionResult = Annotated[
    SessionType
    | InvalidInput
    | NotFound
    | Conflict
    | QuotaExceeded
    | SessionDamaged
    | Forbidden
    | Unavailable,
    strawberry.union("ForkSessionResult"),
]
UpdateSessionResult = Annotated[
    SessionType
    | InvalidInput
    | NotFound
    | VersionConflict
    | SessionDamaged
    | Forbidden
    | Unavailable,
    strawberry.union("UpdateSessionResult"),
]
DeleteSessionResult = Annotated[
    DeletedSession | NotFound | Forbidden | Unavailable, strawberry.union("DeleteSessionResult")
]
SessionEventsResult = Annotated[
    SessionEventPage | InvalidInput | NotFound | SessionDamaged | Forbidden | Unavailable,
    strawberry.union("SessionEventsResult"),
]
UndoResult = Annotated[
    UndoPayload
    | InvalidInput
    | NotFound
    | VersionConflict
    | Conflict
    | QuotaExceeded
    | SessionDamaged
    | Forbidden
    | Unavailable,
    strawberry.union("UndoResult"),
]
RevealSessionResult = Annotated[
    RevealPayload | NotFound | Conflict | Forbidden | Unavailable,
    strawberry.union("RevealSessionResult"),
]
SessionReplayResult = Annotated[
    ReplayPage | InvalidInput | NotFound | SessionDamaged | Forbidden | Unavailable,
    strawberry.union("SessionReplayResult"),
]
VerifySessionResult = Annotated[
    Verification | InvalidInput | NotFound | SessionDamaged | Forbidden | Unavailable,
    strawberry.union("VerifySessionResult"),
]
CreateSeatResult = Annotated[
    NewSeat | InvalidInput | NotFound | Conflict | SessionDamaged | Forbidden | Unavailable,
    strawberry.union("CreateSeatResult"),
]
SeatsResult = Annotated[
    SeatList | NotFound | SessionDamaged | Forbidden | Unavailable,
    strawberry.union("SeatsResult"),
]
RevokeSeatResult = Annotated[
    RevokedSeat | NotFound | Forbidden | Unavailable, strawberry.union("RevokeSeatResult")
]
ProposeActionResult = Annotated[
    ProposalType
    | InvalidInput
    | RuleViolation
    | NotFound
    | VersionConflict
    | Conflict
    | SessionDamaged
    | Forbidden
    | Unavailable,
    strawberry.union("ProposeActionResult"),
]
ProposalsResult = Annotated[
    ProposalList | NotFound | SessionDamaged | Forbidden | Unavailable,
    strawberry.union("ProposalsResult"),
]
ApproveProposalResult = Annotated[
    ApprovedProposal
    | InvalidInput
    | RuleViolation
    | NotFound
    | Conflict
    | QuotaExceeded
    | SessionDamaged
    | Forbidden
    | Unavailable,
    strawberry.union("ApproveProposalResult"),
]
RejectProposalResult = Annotated[
    RejectedProposal | NotFound | Forbidden | Unavailable,
    strawberry.union("RejectProposalResult"),
]
SessionUpdateResult = Annotated[
    SessionUpdate
    | ProposalNotice
    | ProposalRejectedNotice
    | InvalidInput
    | NotFound
    | QuotaExceeded
    | SessionDamaged
    | Forbidden
    | Unavailable,
    strawberry.union("SessionUpdateResult"),
]


@strawberry.type
class SessionQueries:
    @strawberry.field(  # type: ignore[untyped-decorator]
        description="The tenant's live sessions, the last written first (limit 1 to "
        f"{sessions.MAX_LIST}); `nextCursor` is the `cursor` of the next page."
    )
    async def sessions(
        self, info: Info, limit: int = 50, cursor: str | None = None
    ) -> SessionsResult:
        connection = connection_of(info)
        page = await sessions.list_sessions(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            limit=limit,
            cursor=cursor,
        )
        return cast(SessionsResult, page)

    @strawberry.field(description="A session at its current version.")  # type: ignore[untyped-decorator]
    async def session(self, info: Info, id: strawberry.ID) -> SessionResult:
        connection = connection_of(info)
        stored = await sessions.get(
            sessions.store_of(connection), sessions.access_of(connection, str(id)).tenant, str(id)
        )
        return cast(SessionResult, stored)

    @strawberry.field(  # type: ignore[untyped-decorator]
        description="The seats' proposals waiting on the session's current version, the oldest "
        "first (a seat's token: its own); a proposal of an earlier version is stale and dropped."
    )
    async def proposals(self, info: Info, session_id: strawberry.ID) -> ProposalsResult:
        connection = connection_of(info)
        access = sessions.access_of(connection, str(session_id))
        found = await proposals.list_proposals(
            sessions.store_of(connection), access.tenant, str(session_id), access.seat
        )
        return cast(ProposalsResult, found)

    @strawberry.field(  # type: ignore[untyped-decorator]
        description="The session's seats, the oldest first (never their tokens); with a "
        "seat's token, that seat alone."
    )
    async def seats(self, info: Info, session_id: strawberry.ID) -> SeatsResult:
        connection = connection_of(info)
        access = sessions.access_of(connection, str(session_id))
        found = await sessions.list_seats(
            sessions.store_of(connection), access.tenant, str(session_id), access.seat
        )
        return cast(SeatsResult, found)

    @strawberry.field(  # type: ignore[untyped-decorator]
        description=f"A page of the session's event log, oldest first (limit 1 to {MAX_PAGE})."
    )
    async def session_events(
        self, info: Info, id: strawberry.ID, offset: int = 0, limit: int = 50
    ) -> SessionEventsResult:
        connection = connection_of(info)
        _check_page(offset, limit)
        page = await sessions.events(
            sessions.store_of(connection),
            sessions.access_of(connection, str(id)).tenant,
            str(id),
            offset=offset,
            limit=limit,
        )
        return cast(SessionEventsResult, page)

    @strawberry.field(  # type: ignore[untyped-decorator]
        description="A page of the session's replay log (what made each version: action, "
        f"parameters, seed), oldest first (limit 1 to {MAX_PAGE})."
    )
    async def session_replay(
        self, info: Info, id: strawberry.ID, offset: int = 0, limit: int = 50
    ) -> SessionReplayResult:
        connection = connection_of(info)
        _check_page(offset, limit)
        page = await replay.replay(
            sessions.store_of(connection),
            sessions.access_of(connection, str(id)).tenant,
            str(id),
            offset=offset,
            limit=limit,
        )
        return cast(SessionReplayResult, page)

    @strawberry.field(  # type: ignore[untyped-decorator]
        description="Re-apply the session's replay log from its first version with the pure "
        "engine: whether it reproduces the session, and where it first differs. Changes "
        "nothing."
    )
    async def verify_session(self, info: Info, id: strawberry.ID) -> VerifySessionResult:
        connection = connection_of(info)
        verified = await replay.verify(
            sessions.store_of(connection),
            sessions.access_of(connection, str(id)).tenant,
            str(id),
            pool=engine_pool(connection),
        )
        return cast(VerifySessionResult, verified)


@strawberry.type
class SessionMutations:
    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Store an encounter as a new session, at version 1. With an "
        "`idempotencyKey`, a retry answers the session first created."
    )
    async def create_session(
        self,
        info: Info,
        encounter: EncounterInput,  # type: ignore[valid-type]
        idempotency_key: str | None = None,
        title: str | None = None,
    ) -> CreateSessionResult:
        connection = connection_of(info)
        if not isinstance(encounter, state.Encounter):
            request = validate(CREATE_SESSION, {"encounter": encounter}, CreateSessionRequest)
            encounter = request.encounter
        created = await sessions.create(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            encounter,
            pool=engine_pool(connection),
            title=title,
            idempotency_key=idempotency_key,
        )
        return cast(CreateSessionResult, created.value)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="What if: a new session starting at `version` of this one, its state "
        "re-applied from the replay log (checked as `verifySession` checks it; a log that "
        "does not reproduce is `Conflict` `session-not-reproduced`), its replay log's first "
        "step naming its origin. The title is `title`, else this session's."
    )
    async def fork_session(
        self,
        info: Info,
        id: strawberry.ID,
        version: int,
        title: str | None = None,
        idempotency_key: str | None = None,
    ) -> ForkSessionResult:
        connection = connection_of(info)
        if version < 1:
            raise invalid("must be at least 1", ("version",))
        forked = await replay.fork(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            str(id),
            models.ForkSessionRequest(version, title),
            pool=engine_pool(connection),
            idempotency_key=idempotency_key,
        )
        return cast(ForkSessionResult, forked.value)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Change a session's metadata (its title; null removes it). Metadata is no "
        "version: nothing is logged, streamed or undone. With `expectedVersion`, a session "
        "at another version keeps its title."
    )
    async def update_session(
        self,
        info: Info,
        id: strawberry.ID,
        title: str | None = strawberry.UNSET,
        expected_version: int | None = None,
    ) -> UpdateSessionResult:
        connection = connection_of(info)
        if title is strawberry.UNSET:
            raise invalid("send the new title, or null to remove it", ("title",))
        session = await sessions.retitle(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            str(id),
            models.UpdateSessionRequest(title),
            expected_version=expected_version,
        )
        return cast(UpdateSessionResult, session)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Delete a session, its log and its history; its subscriptions end."
    )
    async def delete_session(self, info: Info, id: strawberry.ID) -> DeleteSessionResult:
        connection = connection_of(info)
        await sessions.delete(
            sessions.store_of(connection), sessions.tenant_of(connection), str(id)
        )
        return DeletedSession(id=id)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Restore the state from before the session's last action, as a new "
        "version (repeat to go further back)."
    )
    async def undo(
        self,
        info: Info,
        session_id: strawberry.ID,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> UndoResult:
        connection = connection_of(info)
        written = await sessions.undo(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            str(session_id),
            expected_version=expected_version,
            idempotency_key=idempotency_key,
        )
        return cast(UndoResult, written.value)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Publish the session's dice secret and commit to a fresh one "
        "(docs/fair-dice.md): SHA-256 of `revealed.secret` is the commitment the session "
        "answered, and every seed it derived up to `revealed.version` is HMAC-SHA256(secret, "
        "`crs-dice:<line>`) cut to 31 bits. No new version, no event. `Conflict` "
        "`nothing-to-reveal` for a session created before fair dice."
    )
    async def reveal_session(self, info: Info, id: strawberry.ID) -> RevealSessionResult:
        connection = connection_of(info)
        revealed = await sessions.reveal(
            sessions.store_of(connection), sessions.tenant_of(connection), str(id)
        )
        return cast(RevealSessionResult, revealed)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Make a seat of the session for some of its creatures (the DM's): the "
        "answer's `token` is shown now and never again. A request with it (`Authorization: "
        "Bearer <token>`) may read this session, follow it and run its actions that decide "
        "only for the seat's creatures; anything else is `Forbidden` (docs/seats.md). "
        f"A session holds {MAX_SEATS} seats at most (`Conflict` `too-many-seats`)."
    )
    async def create_seat(
        self,
        info: Info,
        session_id: strawberry.ID,
        combatants: list[str],
        label: str = "",
        approval: SeatApproval = SeatApproval.NONE,  # type: ignore[valid-type,attr-defined]
    ) -> CreateSeatResult:
        connection = connection_of(info)
        wanted = {"combatants": combatants, "label": label, "approval": approval.value}  # type: ignore[attr-defined]
        request = validate(CREATE_SEAT, wanted, models.CreateSeatRequest)
        made = await sessions.create_seat(
            sessions.store_of(connection), sessions.tenant_of(connection), str(session_id), request
        )
        return cast(CreateSeatResult, made)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="A seat's action, proposed to the DM (a seat made with `approval: DM`; "
        "others act themselves): checked as the action would be, on the current version "
        "(`expectedVersion`: on that one only), then kept until the DM approves or rejects "
        "it. `params` is the action's `input` as JSON (camelCase, `seed` too)."
    )
    async def propose_action(
        self,
        info: Info,
        session_id: strawberry.ID,
        action: str,
        params: JSON | None = None,
        expected_version: int | None = None,
    ) -> ProposeActionResult:
        connection = connection_of(info)
        access = sessions.access_of(connection, str(session_id))
        proposed = validate(
            PROPOSE, {"action": action, "params": params or {}}, models.ProposeRequest
        )
        made = await proposals.propose(
            sessions.store_of(connection),
            access.tenant,
            str(session_id),
            proposed,
            pool=engine_pool(connection),
            seat=access.seat,
            expected_version=expected_version,
        )
        return cast(ProposeActionResult, made)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Apply a seat's proposal as proposed, on the version it was proposed on "
        "(the DM's): `Conflict` `proposal-stale` when the session has moved on (it is "
        "dropped), `NotFound` `proposal-not-found` when it is no longer waiting. With an "
        "`idempotencyKey`, a retry answers what the approval answered."
    )
    async def approve_proposal(
        self,
        info: Info,
        session_id: strawberry.ID,
        proposal_id: strawberry.ID,
        idempotency_key: str | None = None,
    ) -> ApproveProposalResult:
        connection = connection_of(info)
        written = await proposals.approve(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            str(session_id),
            str(proposal_id),
            pool=engine_pool(connection),
            idempotency_key=idempotency_key,
        )
        ref = written.value.session
        return ApprovedProposal(id=proposal_id, session=cast(SessionRef, ref))

    @strawberry.mutation(description="Drop a seat's proposal (the DM's).")  # type: ignore[untyped-decorator]
    async def reject_proposal(
        self, info: Info, session_id: strawberry.ID, proposal_id: strawberry.ID
    ) -> RejectProposalResult:
        connection = connection_of(info)
        await proposals.reject(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            str(session_id),
            str(proposal_id),
        )
        return RejectedProposal(id=proposal_id)

    @strawberry.mutation(  # type: ignore[untyped-decorator]
        description="Revoke a seat: its token is refused from now on, and its subscriptions "
        "end within `CRS_SEAT_RECHECK_SECONDS` (1)."
    )
    async def revoke_seat(
        self, info: Info, session_id: strawberry.ID, seat_id: strawberry.ID
    ) -> RevokeSeatResult:
        connection = connection_of(info)
        await sessions.revoke_seat(
            sessions.store_of(connection),
            sessions.tenant_of(connection),
            str(session_id),
            str(seat_id),
        )
        return RevokedSeat(id=seat_id)


@strawberry.type(description="Live updates of sessions (graphql-transport-ws).")
class Subscription:
    @strawberry.subscription(  # type: ignore[untyped-decorator]
        description="Each new version of the session from now on, whichever server wrote it, "
        "and each new proposal the subscriber is told of (`ProposalNotice`: the DM, or the "
        "proposing seat) and each rejection of one (`ProposalRejectedNotice`); ends when the "
        "session is deleted or expires. With `after` (a "
        "version: the last one the client has), the versions written after it come first, "
        "each version once, so nothing written before the subscription began is missed. "
        "`NotFound` or `Unavailable` end it too (after `Unavailable`, subscribe again with "
        "`after`)."
    )
    async def session_updated(
        self,
        info: Info,
        session_id: strawberry.ID,
        after: Annotated[
            int | None,
            strawberry.argument(
                description="Resume after this version (from 0): the versions written "
                "since come first."
            ),
        ] = None,
    ) -> AsyncGenerator[SessionUpdateResult, None]:
        connection = connection_of(info)
        try:
            if after is not None and after < 0:
                raise invalid("must be a version (an integer from 0)", ("after",))
            store = sessions.store_of(connection)
            access = sessions.access_of(connection, str(session_id))
            async for update in sessions.subscribe(store, access, str(session_id), after=after):
                if isinstance(update, Proposed):
                    notice = ProposalRejectedNotice if update.rejected else ProposalNotice
                    yield notice(
                        session_id=strawberry.ID(update.session_id),
                        version=update.version,
                        proposal_id=strawberry.ID(update.proposal_id),
                        seat_id=strawberry.ID(update.seat_id),
                    )
                    continue
                yield SessionUpdate(
                    id=strawberry.ID(update.id),
                    version=update.version,
                    encounter=update.encounter,
                    events=cast(list[SessionEvent], update.events),
                )
        except Problem as problem:
            # Strawberry's exception handlers leave subscriptions alone: the same mapping.
            yield cast(SessionUpdateResult, error_result(problem))

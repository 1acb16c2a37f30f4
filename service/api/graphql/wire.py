"""The GraphQL types the operations answer with and take: the encounter (in and out) and its
events, derived from the engine's dataclasses, and session mode's answers (sessions, pages,
seats, proposals, updates), derived from the REST bodies (:mod:`service.api.models`) by
:func:`.types.model_type`."""

from __future__ import annotations

from typing import cast

import strawberry
from strawberry.scalars import JSON

from service.api import models
from service.rules import model as state

from .types import enum_type, input_type, model_type, output_type

DOCUMENT_DEPRECATION = (
    "Select `encounter` instead: it is typed, and its value can be sent back as an "
    "`EncounterInput`."
)

SeatApproval = enum_type(("none", "dm"), "SeatApproval")

EncounterType = output_type(state.Encounter)
EncounterInput = input_type(state.Encounter)


def _document(root: models.Session | models.UndoResponse) -> JSON:
    return cast(JSON, root.encounter)


@model_type(models.SessionRef)
class SessionRef:
    id: strawberry.ID


@model_type(models.Session, name="Session")
class SessionType:
    id: strawberry.ID
    document = strawberry.field(
        resolver=_document,
        description="The encounter as a JSON document.",
        deprecation_reason=DOCUMENT_DEPRECATION,
    )


@model_type(models.SessionSummary)
class SessionSummary:
    id: strawberry.ID


@model_type(models.SessionList)
class SessionList:
    pass


@strawberry.type(description="The session was deleted.")
class DeletedSession:
    id: strawberry.ID


@model_type(models.SessionEvent)
class SessionEvent:
    pass


@model_type(models.EventPage, name="SessionEventPage")
class SessionEventPage:
    pass


@model_type(models.ReplayPage)
class ReplayPage:
    pass


@model_type(models.Verification)
class Verification:
    pass


@model_type(models.RevealResponse, name="RevealPayload")
class RevealPayload:
    session_id: strawberry.ID


@model_type(models.UndoResponse, name="UndoPayload")
class UndoPayload:
    document = strawberry.field(
        resolver=_document,
        description="The restored encounter as a JSON document.",
        deprecation_reason=DOCUMENT_DEPRECATION,
    )


@model_type(models.Seat, name="Seat")
class SeatType:
    id: strawberry.ID
    session_id: strawberry.ID


@model_type(models.NewSeat)
class NewSeat:
    pass


@model_type(models.SeatList)
class SeatList:
    pass


@model_type(models.Proposal, name="Proposal")
class ProposalType:
    id: strawberry.ID
    seat_id: strawberry.ID


@model_type(models.ProposalList)
class ProposalList:
    pass


@strawberry.type(description="The proposal was applied, as the seat proposed it.")
class ApprovedProposal:
    id: strawberry.ID
    session: SessionRef = strawberry.field(description="The session and the version written.")


@strawberry.type(description="The proposal was dropped.")
class RejectedProposal:
    id: strawberry.ID


@strawberry.type(description="The seat was revoked.")
class RevokedSeat:
    id: strawberry.ID


@strawberry.type(
    description="A seat proposed an action for the DM to approve: no new version (read the "
    "session's `proposals`, then approve or reject it). Told to the DM's subscriptions and to "
    "the proposing seat's; one made before a subscription began is not told (`after` resumes "
    "versions only)."
)
class ProposalNotice:
    session_id: strawberry.ID
    version: int = strawberry.field(description="The version the proposal was made on.")
    proposal_id: strawberry.ID
    seat_id: strawberry.ID


@strawberry.type(
    description="The DM rejected a seat's proposal: it was dropped and will not be applied "
    "(no new version). Told to the DM's subscriptions and to the proposing seat's, as its "
    "`ProposalNotice` was."
)
class ProposalRejectedNotice:
    session_id: strawberry.ID
    version: int = strawberry.field(description="The version the proposal was made on.")
    proposal_id: strawberry.ID
    seat_id: strawberry.ID


@strawberry.type(description="A new version of a session, written through any server.")
class SessionUpdate:
    id: strawberry.ID
    version: int
    encounter: EncounterType | None = strawberry.field(  # type: ignore[valid-type]
        description="The session's encounter at this version; null only for a version "
        "written before a subscription with `after` began whose state the session no longer "
        "keeps (read the session for its current state)."
    )
    events: list[SessionEvent] = strawberry.field(description="What this version logged.")

    @strawberry.field(  # type: ignore[untyped-decorator]
        description="The session's encounter at this version, as a JSON document (null as "
        "`encounter` is).",
        deprecation_reason=DOCUMENT_DEPRECATION,
    )
    def document(self) -> JSON | None:
        return cast(JSON | None, self.encounter)

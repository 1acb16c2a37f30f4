"""The REST door's seat routes: the DM makes, lists and revokes a session's seats
(docs/seats.md). Each route is written beside its OpenAPI path item, as the other session
routes are (:class:`~service.api.rest.operations.SessionRoute`)."""

from __future__ import annotations

from pydantic import TypeAdapter
from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response

from service.api import proposals, sessions
from service.api.models import (
    MODELS,
    CreateSeatRequest,
    NewSeat,
    Proposal,
    ProposalList,
    ProposeRequest,
    SeatList,
    dump,
)
from service.api.pool import engine_pool
from service.api.rest import JSON, Endpoint, check_json, handles_problems, parse, read_body
from service.api.rest.answers import idempotency_key, json_response
from service.api.rest.operations import (
    ID_PARAM,
    IDEMPOTENCY_KEY,
    IF_MATCH,
    REF,
    SessionRoute,
    json_answer,
    plain,
    problem,
    schema_name,
    session_errors,
)
from service.api.rest.preconditions import expected_version
from service.settings import Settings
from service.store import MAX_PROPOSALS, MAX_SEATS

CREATE_SEAT = TypeAdapter(CreateSeatRequest)
PROPOSE = TypeAdapter(ProposeRequest)

SEAT_ID_PARAM = {
    "name": "seatId",
    "in": "path",
    "required": True,
    "description": "The seat's id, as `createSeat` answered it.",
    "schema": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
}


def seats_endpoint(settings: Settings) -> Endpoint:
    """``POST`` (a new seat) and ``GET`` (the seats) on one route, so that a 405 lists both."""

    @handles_problems
    async def create_seat(request: Request) -> Response:
        check_json(request)
        body = await read_body(request, settings.max_body_bytes)
        parsed = parse(CREATE_SEAT, body, CreateSeatRequest)
        made = await sessions.create_seat(
            sessions.store_of(request),
            sessions.tenant_of(request),
            request.path_params["id"],
            parsed,
        )
        return Response(to_json(dump(made, NewSeat)), status_code=201, media_type=JSON)

    @handles_problems
    async def list_seats(request: Request) -> Response:
        session_id = request.path_params["id"]
        access = sessions.access_of(request, session_id)
        found = await sessions.list_seats(
            sessions.store_of(request), access.tenant, session_id, access.seat
        )
        return Response(to_json(dump(found, SeatList)), media_type=JSON)

    async def endpoint(request: Request) -> Response:
        if request.method == "POST":
            return await create_seat(request)
        return await list_seats(request)

    return endpoint


def seat_endpoint(settings: Settings) -> Endpoint:
    @handles_problems
    async def revoke_seat(request: Request) -> Response:
        await sessions.revoke_seat(
            sessions.store_of(request),
            sessions.tenant_of(request),
            request.path_params["id"],
            request.path_params["seatId"],
        )
        return Response(status_code=204)

    return revoke_seat


PROPOSAL_ID_PARAM = {
    "name": "proposalId",
    "in": "path",
    "required": True,
    "description": "The proposal's id, as the seat's action answered it (202).",
    "schema": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
}


def proposals_endpoint(settings: Settings) -> Endpoint:
    """``GET`` (the proposals waiting) and ``POST`` (a seat's proposal) on one route."""

    @handles_problems
    async def list_proposals(request: Request) -> Response:
        session_id = request.path_params["id"]
        access = sessions.access_of(request, session_id)
        found = await proposals.list_proposals(
            sessions.store_of(request), access.tenant, session_id, access.seat
        )
        return Response(to_json(dump(found, ProposalList)), media_type=JSON)

    @handles_problems
    async def propose(request: Request) -> Response:
        check_json(request)
        body = await read_body(request, settings.max_body_bytes)
        parsed = parse(PROPOSE, body, ProposeRequest)
        session_id = request.path_params["id"]
        access = sessions.access_of(request, session_id)
        made = await proposals.propose(
            sessions.store_of(request),
            access.tenant,
            session_id,
            parsed,
            pool=engine_pool(request),
            seat=access.seat,
            expected_version=await expected_version(request, session_id),
        )
        return Response(to_json(dump(made, Proposal)), status_code=202, media_type=JSON)

    async def endpoint(request: Request) -> Response:
        if request.method == "POST":
            return await propose(request)
        return await list_proposals(request)

    return endpoint


@handles_problems
async def approve_proposal(request: Request) -> Response:
    written = await proposals.approve(
        sessions.store_of(request),
        sessions.tenant_of(request),
        request.path_params["id"],
        request.path_params["proposalId"],
        pool=engine_pool(request),
        idempotency_key=idempotency_key(request),
    )
    answer = written.value
    return json_response(
        sessions.answer_body(answer), version=answer.session.version, replayed=written.replayed
    )


@handles_problems
async def reject_proposal(request: Request) -> Response:
    await proposals.reject(
        sessions.store_of(request),
        sessions.tenant_of(request),
        request.path_params["id"],
        request.path_params["proposalId"],
    )
    return Response(status_code=204)


def seat_routes() -> list[SessionRoute]:
    """The seat routes, in the OpenAPI document's order."""
    return [
        SessionRoute(
            "/v1/sessions/{id}/seats",
            seats_endpoint,
            {
                "parameters": [ID_PARAM],
                "post": {
                    "operationId": "createSeat",
                    "summary": "Make a seat: a token that acts as some of the session's creatures.",
                    "description": "The DM's (the tenant's API key). The answer holds the "
                    "seat's `token`, shown now and never again: a request with it as "
                    "`Authorization: Bearer <token>` may read this session, follow its stream "
                    "and run its actions that decide only for the seat's creatures; anything "
                    "else answers 403 `seat-forbidden` (docs/seats.md). A seat ends when "
                    f"revoked or with its session; a session holds {MAX_SEATS} seats at most "
                    "(409 `too-many-seats`). Every id must be a creature of the session's "
                    "encounter now (422 names the unknown one).",
                    "tags": ["seats"],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": REF.format(model="CreateSeatRequest")}
                            }
                        },
                    },
                    "responses": {
                        "201": json_answer("NewSeat", "The seat, with its token."),
                        "409": problem(
                            f"The session holds {MAX_SEATS} seats already (`too-many-seats`)."
                        ),
                        **session_errors("404", "413", "415", "422", "502", "503"),
                    },
                },
                "get": {
                    "operationId": "listSeats",
                    "summary": "The session's seats, the oldest first (never their tokens).",
                    "description": "With a seat's token, that seat alone: what it acts as, "
                    "and whether its actions need the DM's approval.",
                    "tags": ["seats"],
                    "responses": {
                        "200": json_answer("SeatList", "The seats."),
                        **session_errors("404", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/seats/{seatId}",
            seat_endpoint,
            {
                "parameters": [ID_PARAM, SEAT_ID_PARAM],
                "delete": {
                    "operationId": "revokeSeat",
                    "summary": "Revoke a seat: its token is refused from now on.",
                    "description": "Its open event streams end with `event: error` "
                    "(`unauthorized`) and its websockets close with 4403 within "
                    "`CRS_SEAT_RECHECK_SECONDS` (1).",
                    "tags": ["seats"],
                    "responses": {
                        "204": {"description": "Revoked (its proposals are dropped)."},
                        "404": problem(
                            "No such session (`session-not-found`) or seat (`seat-not-found`)."
                        ),
                        **session_errors("503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/proposals",
            proposals_endpoint,
            {
                "parameters": [ID_PARAM],
                "post": {
                    "operationId": "proposeAction",
                    "summary": "A seat's action, proposed to the DM (a seat with approval).",
                    "description": "With the token of a seat made with `approval: dm` (whose "
                    "action routes answer 403): `action` is the action's name, `params` its "
                    "session body. Checked as the action would be (the parameters, the seat's "
                    "creatures, the rules) on the current version (`If-Match`: on that one "
                    "only), its dice rolled and thrown away; then kept for the DM, who approves "
                    "or rejects it. Nothing is applied. 409 `too-many-proposals` when "
                    f"{MAX_PROPOSALS} wait already.",
                    "tags": ["seats"],
                    "parameters": [IF_MATCH],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": REF.format(model="ProposeRequest")}
                            }
                        },
                    },
                    "responses": {
                        "202": json_answer("Proposal", "The proposal, waiting for the DM."),
                        "409": problem(
                            "The rules refuse the action now, or "
                            f"{MAX_PROPOSALS} proposals wait already (`too-many-proposals`)."
                        ),
                        **session_errors("400", "404", "412", "413", "415", "422", "502", "503"),
                    },
                },
                "get": {
                    "operationId": "listProposals",
                    "summary": "The seats' proposals waiting for the DM, the oldest first.",
                    "description": "A seat made with `approval: dm` proposes its actions "
                    "instead of applying them (202 with the proposal). A proposal applies to "
                    "the version it was made on only: once the session moves on it is stale "
                    "and dropped. With a seat's token, that seat's own proposals. At most "
                    f"{MAX_PROPOSALS} wait at once (409 `too-many-proposals`).",
                    "tags": ["seats"],
                    "responses": {
                        "200": json_answer("ProposalList", "The proposals."),
                        **session_errors("404", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/proposals/{proposalId}/approve",
            plain(approve_proposal),
            {
                "parameters": [ID_PARAM, PROPOSAL_ID_PARAM],
                "post": {
                    "operationId": "approveProposal",
                    "parameters": [IDEMPOTENCY_KEY],
                    "summary": "Apply a proposal as proposed (the DM's).",
                    "description": "The action runs as the seat proposed it, on the version it "
                    "was proposed on, as if the seat ran it then: the answer is the action's. "
                    "409 `proposal-stale` when the session has moved on (the proposal is "
                    "dropped); 404 `proposal-not-found` when it is no longer waiting. With an "
                    "`Idempotency-Key`, a retry answers what the approval answered "
                    "(`Idempotent-Replayed: true`).",
                    "tags": ["seats"],
                    "responses": {
                        "200": {
                            "description": "The action's answer, as the session action's.",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "oneOf": [
                                            {
                                                "$ref": REF.format(
                                                    model=schema_name(m.session_response.__name__)
                                                )
                                            }
                                            for m in MODELS.values()
                                            if not m.spec.query
                                        ]
                                    }
                                }
                            },
                        },
                        "409": problem(
                            "The session moved on from the proposal's version "
                            "(`proposal-stale`), or the rules refuse it now."
                        ),
                        **session_errors("404", "422", "502", "503"),
                    },
                },
            },
        ),
        SessionRoute(
            "/v1/sessions/{id}/proposals/{proposalId}/reject",
            plain(reject_proposal),
            {
                "parameters": [ID_PARAM, PROPOSAL_ID_PARAM],
                "post": {
                    "operationId": "rejectProposal",
                    "summary": "Drop a proposal (the DM's).",
                    "tags": ["seats"],
                    "responses": {
                        "204": {"description": "Rejected."},
                        **session_errors("404", "503"),
                    },
                },
            },
        ),
    ]

"""The REST door's seat routes: the DM makes, lists and revokes a session's seats
(docs/seats.md). Each route is written beside its OpenAPI path item, as the other session
routes are (:class:`~service.api.rest.operations.SessionRoute`)."""

from __future__ import annotations

from pydantic import TypeAdapter
from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response

from service.api import sessions
from service.api.models import CreateSeatRequest, NewSeat, SeatList, dump
from service.api.rest import JSON, Endpoint, check_json, handles_problems, parse, read_body
from service.api.rest.operations import (
    ID_PARAM,
    REF,
    SessionRoute,
    json_answer,
    problem,
    session_errors,
)
from service.settings import Settings
from service.store import MAX_SEATS

CREATE_SEAT = TypeAdapter(CreateSeatRequest)

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
        found = await sessions.list_seats(
            sessions.store_of(request), sessions.tenant_of(request), request.path_params["id"]
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
                        "204": {"description": "Revoked."},
                        "404": problem(
                            "No such session (`session-not-found`) or seat (`seat-not-found`)."
                        ),
                        **session_errors("503"),
                    },
                },
            },
        ),
    ]

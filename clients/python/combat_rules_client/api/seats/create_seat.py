from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_seat_request import CreateSeatRequest
from ...models.new_seat import NewSeat
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: CreateSeatRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/seats".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NewSeat | Problem | None:
    if response.status_code == 201:
        response_201 = NewSeat.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[NewSeat | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CreateSeatRequest,
) -> Response[NewSeat | Problem]:
    """Make a seat: a token that acts as some of the session's creatures.

     The DM's (the tenant's API key). The answer holds the seat's `token`, shown now and never again: a
    request with it as `Authorization: Bearer <token>` may read this session, follow its stream and run
    its actions that decide only for the seat's creatures; anything else answers 403 `seat-forbidden`
    (docs/seats.md). A seat ends when revoked or with its session; a session holds 20 seats at most (409
    `too-many-seats`). Every id must be a creature of the session's encounter now (422 names the unknown
    one).

    Args:
        id (str):
        body (CreateSeatRequest): A seat to make: the creatures its holder may act as
            (docs/seats.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewSeat | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[NewSeat | Problem]) -> NewSeat:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(NewSeat, parsed)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CreateSeatRequest,
) -> NewSeat:
    """Make a seat: a token that acts as some of the session's creatures.

     The DM's (the tenant's API key). The answer holds the seat's `token`, shown now and never again: a
    request with it as `Authorization: Bearer <token>` may read this session, follow its stream and run
    its actions that decide only for the seat's creatures; anything else answers 403 `seat-forbidden`
    (docs/seats.md). A seat ends when revoked or with its session; a session holds 20 seats at most (409
    `too-many-seats`). Every id must be a creature of the session's encounter now (422 names the unknown
    one).

    Args:
        id (str):
        body (CreateSeatRequest): A seat to make: the creatures its holder may act as
            (docs/seats.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewSeat
    """

    return _answer(
        sync_detailed(
            id=id,
            client=client,
            body=body,
        )
    )


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CreateSeatRequest,
) -> Response[NewSeat | Problem]:
    """Make a seat: a token that acts as some of the session's creatures.

     The DM's (the tenant's API key). The answer holds the seat's `token`, shown now and never again: a
    request with it as `Authorization: Bearer <token>` may read this session, follow its stream and run
    its actions that decide only for the seat's creatures; anything else answers 403 `seat-forbidden`
    (docs/seats.md). A seat ends when revoked or with its session; a session holds 20 seats at most (409
    `too-many-seats`). Every id must be a creature of the session's encounter now (422 names the unknown
    one).

    Args:
        id (str):
        body (CreateSeatRequest): A seat to make: the creatures its holder may act as
            (docs/seats.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewSeat | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CreateSeatRequest,
) -> NewSeat:
    """Make a seat: a token that acts as some of the session's creatures.

     The DM's (the tenant's API key). The answer holds the seat's `token`, shown now and never again: a
    request with it as `Authorization: Bearer <token>` may read this session, follow its stream and run
    its actions that decide only for the seat's creatures; anything else answers 403 `seat-forbidden`
    (docs/seats.md). A seat ends when revoked or with its session; a session holds 20 seats at most (409
    `too-many-seats`). Every id must be a creature of the session's encounter now (422 names the unknown
    one).

    Args:
        id (str):
        body (CreateSeatRequest): A seat to make: the creatures its holder may act as
            (docs/seats.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewSeat
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    )

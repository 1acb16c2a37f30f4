from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.seat_list import SeatList
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions/{id}/seats".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SeatList | None:
    if response.status_code == 200:
        response_200 = SeatList.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SeatList]:
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
) -> Response[Problem | SeatList]:
    """The session's seats, the oldest first (never their tokens).

     With a seat's token, that seat alone: what it acts as, and whether its actions need the DM's
    approval.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeatList]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | SeatList]) -> SeatList:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(SeatList, parsed)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> SeatList:
    """The session's seats, the oldest first (never their tokens).

     With a seat's token, that seat alone: what it acts as, and whether its actions need the DM's
    approval.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SeatList
    """

    return _answer(
        sync_detailed(
            id=id,
            client=client,
        )
    )


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SeatList]:
    """The session's seats, the oldest first (never their tokens).

     With a seat's token, that seat alone: what it acts as, and whether its actions need the DM's
    approval.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeatList]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> SeatList:
    """The session's seats, the oldest first (never their tokens).

     With a seat's token, that seat alone: what it acts as, and whether its actions need the DM's
    approval.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SeatList
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            client=client,
        )
    )

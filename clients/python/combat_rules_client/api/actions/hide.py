from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hide_request import HideRequest
from ...models.hide_result import HideResult
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: HideRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/hide",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HideResult | Problem | None:
    if response.status_code == 200:
        response_200 = HideResult.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[HideResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: HideRequest,
) -> Response[HideResult | Problem]:
    """Hide: a Stealth check; the total is kept.

     A Stealth check (d20 + stealth, else Dexterity); the total is what searchers must beat.

    Args:
        body (HideRequest): Hide: a Stealth check; the total is kept. Stateless: the encounter
            travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HideResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[HideResult | Problem]) -> HideResult:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(HideResult, parsed)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: HideRequest,
) -> HideResult:
    """Hide: a Stealth check; the total is kept.

     A Stealth check (d20 + stealth, else Dexterity); the total is what searchers must beat.

    Args:
        body (HideRequest): Hide: a Stealth check; the total is kept. Stateless: the encounter
            travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HideResult
    """

    return _answer(
        sync_detailed(
            client=client,
            body=body,
        )
    )


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: HideRequest,
) -> Response[HideResult | Problem]:
    """Hide: a Stealth check; the total is kept.

     A Stealth check (d20 + stealth, else Dexterity); the total is what searchers must beat.

    Args:
        body (HideRequest): Hide: a Stealth check; the total is kept. Stateless: the encounter
            travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HideResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: HideRequest,
) -> HideResult:
    """Hide: a Stealth check; the total is kept.

     A Stealth check (d20 + stealth, else Dexterity); the total is what searchers must beat.

    Args:
        body (HideRequest): Hide: a Stealth check; the total is kept. Stateless: the encounter
            travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HideResult
    """

    return _answer(
        await asyncio_detailed(
            client=client,
            body=body,
        )
    )

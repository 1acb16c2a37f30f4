from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.trigger_readied_request import TriggerReadiedRequest
from ...models.trigger_readied_result import TriggerReadiedResult
from ...types import Response


def _get_kwargs(
    *,
    body: TriggerReadiedRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/trigger-readied",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TriggerReadiedResult | None:
    if response.status_code == 200:
        response_200 = TriggerReadiedResult.from_dict(response.json())

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
) -> Response[Problem | TriggerReadiedResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TriggerReadiedRequest,
) -> Response[Problem | TriggerReadiedResult]:
    """Fire a readied action with the reaction, or decline it.

     The trigger happened: fire the readied action with the reaction, or decline.

    A readied attack takes `targetId` (and the attack options below); a readied move
    takes `path` or `to` (and `fly`): the creature moves up to its speed, out of its
    turn, with opportunity attacks as any move (`opportunityAttacks`).

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (TriggerReadiedRequest): Fire a readied action with the reaction, or decline it.
            Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TriggerReadiedResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | TriggerReadiedResult]) -> TriggerReadiedResult:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(TriggerReadiedResult, parsed)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: TriggerReadiedRequest,
) -> TriggerReadiedResult:
    """Fire a readied action with the reaction, or decline it.

     The trigger happened: fire the readied action with the reaction, or decline.

    A readied attack takes `targetId` (and the attack options below); a readied move
    takes `path` or `to` (and `fly`): the creature moves up to its speed, out of its
    turn, with opportunity attacks as any move (`opportunityAttacks`).

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (TriggerReadiedRequest): Fire a readied action with the reaction, or decline it.
            Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        TriggerReadiedResult
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
    body: TriggerReadiedRequest,
) -> Response[Problem | TriggerReadiedResult]:
    """Fire a readied action with the reaction, or decline it.

     The trigger happened: fire the readied action with the reaction, or decline.

    A readied attack takes `targetId` (and the attack options below); a readied move
    takes `path` or `to` (and `fly`): the creature moves up to its speed, out of its
    turn, with opportunity attacks as any move (`opportunityAttacks`).

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (TriggerReadiedRequest): Fire a readied action with the reaction, or decline it.
            Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TriggerReadiedResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: TriggerReadiedRequest,
) -> TriggerReadiedResult:
    """Fire a readied action with the reaction, or decline it.

     The trigger happened: fire the readied action with the reaction, or decline.

    A readied attack takes `targetId` (and the attack options below); a readied move
    takes `path` or `to` (and `fly`): the creature moves up to its speed, out of its
    turn, with opportunity attacks as any move (`opportunityAttacks`).

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (TriggerReadiedRequest): Fire a readied action with the reaction, or decline it.
            Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        TriggerReadiedResult
    """

    return _answer(
        await asyncio_detailed(
            client=client,
            body=body,
        )
    )

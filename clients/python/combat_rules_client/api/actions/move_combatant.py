from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.move_combatant_request import MoveCombatantRequest
from ...models.move_combatant_result import MoveCombatantResult
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: MoveCombatantRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/move-combatant",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MoveCombatantResult | Problem | None:
    if response.status_code == 200:
        response_200 = MoveCombatantResult.from_dict(response.json())

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
) -> Response[MoveCombatantResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MoveCombatantRequest,
) -> Response[MoveCombatantResult | Problem]:
    """Move along a path or to a cell, spending movement; opportunity attacks resolved.

     Move a combatant along a path of cells, or to a destination by the cheapest path.

    Every opportunity attack the move provokes is reported; those the reactors take are
    rolled just before the mover leaves their reach. Each reactor takes its opportunity
    attack or declines it as `opportunityAttacks` says; one not listed does what
    `otherReactors` says (by default it takes it when it can). A reactor that can't
    attack (no reaction, can't see the mover, a broken or empty weapon...) is reported
    with the reason and never stops the move.

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (MoveCombatantRequest): Move along a path or to a cell, spending movement;
            opportunity attacks resolved. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveCombatantResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[MoveCombatantResult | Problem]) -> MoveCombatantResult:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(MoveCombatantResult, parsed)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: MoveCombatantRequest,
) -> MoveCombatantResult:
    """Move along a path or to a cell, spending movement; opportunity attacks resolved.

     Move a combatant along a path of cells, or to a destination by the cheapest path.

    Every opportunity attack the move provokes is reported; those the reactors take are
    rolled just before the mover leaves their reach. Each reactor takes its opportunity
    attack or declines it as `opportunityAttacks` says; one not listed does what
    `otherReactors` says (by default it takes it when it can). A reactor that can't
    attack (no reaction, can't see the mover, a broken or empty weapon...) is reported
    with the reason and never stops the move.

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (MoveCombatantRequest): Move along a path or to a cell, spending movement;
            opportunity attacks resolved. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveCombatantResult
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
    body: MoveCombatantRequest,
) -> Response[MoveCombatantResult | Problem]:
    """Move along a path or to a cell, spending movement; opportunity attacks resolved.

     Move a combatant along a path of cells, or to a destination by the cheapest path.

    Every opportunity attack the move provokes is reported; those the reactors take are
    rolled just before the mover leaves their reach. Each reactor takes its opportunity
    attack or declines it as `opportunityAttacks` says; one not listed does what
    `otherReactors` says (by default it takes it when it can). A reactor that can't
    attack (no reaction, can't see the mover, a broken or empty weapon...) is reported
    with the reason and never stops the move.

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (MoveCombatantRequest): Move along a path or to a cell, spending movement;
            opportunity attacks resolved. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveCombatantResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: MoveCombatantRequest,
) -> MoveCombatantResult:
    """Move along a path or to a cell, spending movement; opportunity attacks resolved.

     Move a combatant along a path of cells, or to a destination by the cheapest path.

    Every opportunity attack the move provokes is reported; those the reactors take are
    rolled just before the mover leaves their reach. Each reactor takes its opportunity
    attack or declines it as `opportunityAttacks` says; one not listed does what
    `otherReactors` says (by default it takes it when it can). A reactor that can't
    attack (no reaction, can't see the mover, a broken or empty weapon...) is reported
    with the reason and never stops the move.

    Work budget (SECURITY.md, "Engine work budget"): `path-cells`: at most 1,000 cells in a path
    (`invalid-input`); `reactor-checks`: at most 200,000 reach checks, counted as the path's steps x the
    cells of the mover's space x the cells of the hostile creatures that could make an opportunity
    attack (`limit-exceeded`); `search-cells`: at most 20,000 cells searched, counted as the cells the
    search for the cheapest path `to` a cell visits, each counted as the side of the mover's space (1
    for one cell, 10 for 10 x 10) (`limit-exceeded`). `limit-exceeded` is a 422 naming the limit
    (`limit`) and its value (`max`).

    Args:
        body (MoveCombatantRequest): Move along a path or to a cell, spending movement;
            opportunity attacks resolved. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveCombatantResult
    """

    return _answer(
        await asyncio_detailed(
            client=client,
            body=body,
        )
    )

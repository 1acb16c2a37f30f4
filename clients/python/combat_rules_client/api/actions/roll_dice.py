from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_dice_request import RollDiceRequest
from ...models.roll_dice_result import RollDiceResult
from ...types import Response


def _get_kwargs(
    *,
    body: RollDiceRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/roll-dice",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RollDiceResult | None:
    if response.status_code == 200:
        response_200 = RollDiceResult.from_dict(response.json())

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
) -> Response[Problem | RollDiceResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RollDiceRequest,
) -> Response[Problem | RollDiceResult]:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        body (RollDiceRequest): A free roll of any dice (a dice roller): logged, no rule, nothing
            changed. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollDiceResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | RollDiceResult]) -> RollDiceResult:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(RollDiceResult, parsed)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: RollDiceRequest,
) -> RollDiceResult:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        body (RollDiceRequest): A free roll of any dice (a dice roller): logged, no rule, nothing
            changed. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RollDiceResult
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
    body: RollDiceRequest,
) -> Response[Problem | RollDiceResult]:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        body (RollDiceRequest): A free roll of any dice (a dice roller): logged, no rule, nothing
            changed. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollDiceResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RollDiceRequest,
) -> RollDiceResult:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        body (RollDiceRequest): A free roll of any dice (a dice roller): logged, no rule, nothing
            changed. Stateless: the encounter travels with the request.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RollDiceResult
    """

    return _answer(
        await asyncio_detailed(
            client=client,
            body=body,
        )
    )

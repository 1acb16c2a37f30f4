from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.roll_dice_session_request import RollDiceSessionRequest
from ...models.roll_dice_session_result import RollDiceSessionResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: RollDiceSessionRequest,
    if_match: int | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = f'"{if_match}"' if isinstance(if_match, int) else if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/roll-dice".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RollDiceSessionResult | None:
    if response.status_code == 200:
        response_200 = RollDiceSessionResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RollDiceSessionResult]:
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
    body: RollDiceSessionRequest,
    if_match: int | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | RollDiceSessionResult]:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed. Applied to the session's
    encounter, written as its next version.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        idempotency_key (str | Unset):
        body (RollDiceSessionRequest): A free roll of any dice (a dice roller): logged, no rule,
            nothing changed. Session mode: the encounter is the session's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollDiceSessionResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | RollDiceSessionResult]) -> RollDiceSessionResult:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(RollDiceSessionResult, parsed)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: RollDiceSessionRequest,
    if_match: int | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> RollDiceSessionResult:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed. Applied to the session's
    encounter, written as its next version.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        idempotency_key (str | Unset):
        body (RollDiceSessionRequest): A free roll of any dice (a dice roller): logged, no rule,
            nothing changed. Session mode: the encounter is the session's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RollDiceSessionResult
    """

    return _answer(
        sync_detailed(
            id=id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    )


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: RollDiceSessionRequest,
    if_match: int | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | RollDiceSessionResult]:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed. Applied to the session's
    encounter, written as its next version.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        idempotency_key (str | Unset):
        body (RollDiceSessionRequest): A free roll of any dice (a dice roller): logged, no rule,
            nothing changed. Session mode: the encounter is the session's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollDiceSessionResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: RollDiceSessionRequest,
    if_match: int | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> RollDiceSessionResult:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed. Applied to the session's
    encounter, written as its next version.

     A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    `roll` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        idempotency_key (str | Unset):
        body (RollDiceSessionRequest): A free roll of any dice (a dice roller): logged, no rule,
            nothing changed. Session mode: the encounter is the session's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RollDiceSessionResult
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    )

from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_session_request import CreateSessionRequest
from ...models.problem import Problem
from ...models.session import Session
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Session | None:
    if response.status_code == 201:
        response_201 = Session.from_dict(response.json())

        return response_201

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Session]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Session]:
    """Store an encounter as a new session, at version 1.

    Args:
        idempotency_key (str | Unset):
        body (CreateSessionRequest): The encounter a new session starts from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | Session]) -> Session:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(Session, parsed)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Session:
    """Store an encounter as a new session, at version 1.

    Args:
        idempotency_key (str | Unset):
        body (CreateSessionRequest): The encounter a new session starts from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Session
    """

    return _answer(
        sync_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    )


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Session]:
    """Store an encounter as a new session, at version 1.

    Args:
        idempotency_key (str | Unset):
        body (CreateSessionRequest): The encounter a new session starts from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Session:
    """Store an encounter as a new session, at version 1.

    Args:
        idempotency_key (str | Unset):
        body (CreateSessionRequest): The encounter a new session starts from.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Session
    """

    return _answer(
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    )

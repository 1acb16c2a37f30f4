from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.fork_session_request import ForkSessionRequest
from ...models.problem import Problem
from ...models.session import Session
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: ForkSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/fork".format(
            id=quote(str(id), safe=""),
        ),
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Session]:
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
    body: ForkSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Session]:
    """What if: a new session starting at a version of this one.

     The state of `version` is re-applied from the session's replay log with the pure engine (checked as
    `verifySession` checks it: a log that does not reproduce the session up to there is refused, 409
    `session-not-reproduced`) and stored as a new session at version 1, whose replay log's first step
    names its `origin` (this session and version). This session is left as it is. The title is the
    request's, else this session's. Costs 10 rate-limit units; more than 1,000 versions to replay is 422
    `limit-exceeded` (`replay-steps`).

    Args:
        id (str):
        idempotency_key (str | Unset):
        body (ForkSessionRequest): Where a new session starts: a version of this one (its state
            then, replayed from the
            session's replay log).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
    """

    kwargs = _get_kwargs(
        id=id,
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
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Session:
    """What if: a new session starting at a version of this one.

     The state of `version` is re-applied from the session's replay log with the pure engine (checked as
    `verifySession` checks it: a log that does not reproduce the session up to there is refused, 409
    `session-not-reproduced`) and stored as a new session at version 1, whose replay log's first step
    names its `origin` (this session and version). This session is left as it is. The title is the
    request's, else this session's. Costs 10 rate-limit units; more than 1,000 versions to replay is 422
    `limit-exceeded` (`replay-steps`).

    Args:
        id (str):
        idempotency_key (str | Unset):
        body (ForkSessionRequest): Where a new session starts: a version of this one (its state
            then, replayed from the
            session's replay log).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Session
    """

    return _answer(
        sync_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    )


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Session]:
    """What if: a new session starting at a version of this one.

     The state of `version` is re-applied from the session's replay log with the pure engine (checked as
    `verifySession` checks it: a log that does not reproduce the session up to there is refused, 409
    `session-not-reproduced`) and stored as a new session at version 1, whose replay log's first step
    names its `origin` (this session and version). This session is left as it is. The title is the
    request's, else this session's. Costs 10 rate-limit units; more than 1,000 versions to replay is 422
    `limit-exceeded` (`replay-steps`).

    Args:
        id (str):
        idempotency_key (str | Unset):
        body (ForkSessionRequest): Where a new session starts: a version of this one (its state
            then, replayed from the
            session's replay log).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkSessionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Session:
    """What if: a new session starting at a version of this one.

     The state of `version` is re-applied from the session's replay log with the pure engine (checked as
    `verifySession` checks it: a log that does not reproduce the session up to there is refused, 409
    `session-not-reproduced`) and stored as a new session at version 1, whose replay log's first step
    names its `origin` (this session and version). This session is left as it is. The title is the
    request's, else this session's. Costs 10 rate-limit units; more than 1,000 versions to replay is 422
    `limit-exceeded` (`replay-steps`).

    Args:
        id (str):
        idempotency_key (str | Unset):
        body (ForkSessionRequest): Where a new session starts: a version of this one (its state
            then, replayed from the
            session's replay log).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Session
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    )

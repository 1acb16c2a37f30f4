from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reveal_result import RevealResult
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/reveal".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RevealResult | None:
    if response.status_code == 200:
        response_200 = RevealResult.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RevealResult]:
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
) -> Response[Problem | RevealResult]:
    """Publish the session's dice secret and commit to a fresh one.

     Every seed the service gave an action of the session (one the request did not send) is derived from
    a secret the session committed to: its `commitment` is the secret's SHA-256, in every answer about
    the session. This publishes the secret (`revealed`: SHA-256 of `secret` is the old commitment, and
    each seed of the versions up to `revealed.version` is HMAC-SHA256(secret, `crs-dice:<line>`) cut to
    31 bits: docs/fair-dice.md) and commits to a fresh secret (`commitment`), which the next seeds
    derive from. `verifySession` then checks them (`dice`). No new version, no event. 409 `nothing-to-
    reveal` for a session created before fair dice; a session may be revealed 100 times (409 `too-many-
    reveals`).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RevealResult]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | RevealResult]) -> RevealResult:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(RevealResult, parsed)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> RevealResult:
    """Publish the session's dice secret and commit to a fresh one.

     Every seed the service gave an action of the session (one the request did not send) is derived from
    a secret the session committed to: its `commitment` is the secret's SHA-256, in every answer about
    the session. This publishes the secret (`revealed`: SHA-256 of `secret` is the old commitment, and
    each seed of the versions up to `revealed.version` is HMAC-SHA256(secret, `crs-dice:<line>`) cut to
    31 bits: docs/fair-dice.md) and commits to a fresh secret (`commitment`), which the next seeds
    derive from. `verifySession` then checks them (`dice`). No new version, no event. 409 `nothing-to-
    reveal` for a session created before fair dice; a session may be revealed 100 times (409 `too-many-
    reveals`).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RevealResult
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
) -> Response[Problem | RevealResult]:
    """Publish the session's dice secret and commit to a fresh one.

     Every seed the service gave an action of the session (one the request did not send) is derived from
    a secret the session committed to: its `commitment` is the secret's SHA-256, in every answer about
    the session. This publishes the secret (`revealed`: SHA-256 of `secret` is the old commitment, and
    each seed of the versions up to `revealed.version` is HMAC-SHA256(secret, `crs-dice:<line>`) cut to
    31 bits: docs/fair-dice.md) and commits to a fresh secret (`commitment`), which the next seeds
    derive from. `verifySession` then checks them (`dice`). No new version, no event. 409 `nothing-to-
    reveal` for a session created before fair dice; a session may be revealed 100 times (409 `too-many-
    reveals`).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RevealResult]
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
) -> RevealResult:
    """Publish the session's dice secret and commit to a fresh one.

     Every seed the service gave an action of the session (one the request did not send) is derived from
    a secret the session committed to: its `commitment` is the secret's SHA-256, in every answer about
    the session. This publishes the secret (`revealed`: SHA-256 of `secret` is the old commitment, and
    each seed of the versions up to `revealed.version` is HMAC-SHA256(secret, `crs-dice:<line>`) cut to
    31 bits: docs/fair-dice.md) and commits to a fresh secret (`commitment`), which the next seeds
    derive from. `verifySession` then checks them (`dice`). No new version, no event. 409 `nothing-to-
    reveal` for a session created before fair dice; a session may be revealed 100 times (409 `too-many-
    reveals`).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RevealResult
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            client=client,
        )
    )

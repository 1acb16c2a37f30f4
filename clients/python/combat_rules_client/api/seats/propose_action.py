from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.proposal import Proposal
from ...models.propose_request import ProposeRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: ProposeRequest,
    if_match: int | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = f'"{if_match}"' if isinstance(if_match, int) else if_match

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/proposals".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Proposal | None:
    if response.status_code == 202:
        response_202 = Proposal.from_dict(response.json())

        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Proposal]:
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
    body: ProposeRequest,
    if_match: int | str | Unset = UNSET,
) -> Response[Problem | Proposal]:
    """A seat's action, proposed to the DM (a seat with approval).

     With the token of a seat made with `approval: dm` (whose action routes answer 403): `action` is the
    action's name, `params` its session body. Checked as the action would be (the parameters, the seat's
    creatures, the rules) on the current version (`If-Match`: on that one only), its dice rolled and
    thrown away; then kept for the DM, who approves or rejects it. Nothing is applied. 409 `too-many-
    proposals` when 20 wait already.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        body (ProposeRequest): An action a seat proposes to the DM (a seat made with `approval:
            dm`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Proposal]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | Proposal]) -> Proposal:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(Proposal, parsed)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ProposeRequest,
    if_match: int | str | Unset = UNSET,
) -> Proposal:
    """A seat's action, proposed to the DM (a seat with approval).

     With the token of a seat made with `approval: dm` (whose action routes answer 403): `action` is the
    action's name, `params` its session body. Checked as the action would be (the parameters, the seat's
    creatures, the rules) on the current version (`If-Match`: on that one only), its dice rolled and
    thrown away; then kept for the DM, who approves or rejects it. Nothing is applied. 409 `too-many-
    proposals` when 20 wait already.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        body (ProposeRequest): An action a seat proposes to the DM (a seat made with `approval:
            dm`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Proposal
    """

    return _answer(
        sync_detailed(
            id=id,
            client=client,
            body=body,
            if_match=if_match,
        )
    )


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ProposeRequest,
    if_match: int | str | Unset = UNSET,
) -> Response[Problem | Proposal]:
    """A seat's action, proposed to the DM (a seat with approval).

     With the token of a seat made with `approval: dm` (whose action routes answer 403): `action` is the
    action's name, `params` its session body. Checked as the action would be (the parameters, the seat's
    creatures, the rules) on the current version (`If-Match`: on that one only), its dice rolled and
    thrown away; then kept for the DM, who approves or rejects it. Nothing is applied. 409 `too-many-
    proposals` when 20 wait already.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        body (ProposeRequest): An action a seat proposes to the DM (a seat made with `approval:
            dm`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Proposal]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ProposeRequest,
    if_match: int | str | Unset = UNSET,
) -> Proposal:
    """A seat's action, proposed to the DM (a seat with approval).

     With the token of a seat made with `approval: dm` (whose action routes answer 403): `action` is the
    action's name, `params` its session body. Checked as the action would be (the parameters, the seat's
    creatures, the rules) on the current version (`If-Match`: on that one only), its dice rolled and
    thrown away; then kept for the DM, who approves or rejects it. Nothing is applied. 409 `too-many-
    proposals` when 20 wait already.

    Args:
        id (str):
        if_match (int | str | Unset): the version computed on (``3``) or its ETag (``'"3"'``).
        body (ProposeRequest): An action a seat proposes to the DM (a seat made with `approval:
            dm`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Proposal
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            if_match=if_match,
        )
    )

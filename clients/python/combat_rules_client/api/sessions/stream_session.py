import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions/{id}/stream".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 507:
        response_507 = Problem.from_dict(response.json())

        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
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
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Follow the session: each new version as a Server-Sent Event.

     One event per new version, whichever server wrote it: `id: <version>`, `event: version`, `data:
    {session: {id, version}, encounter, events: [{index, version, data}]}` (what the GraphQL
    subscription `sessionUpdated` yields), each of `events` a `SessionEvent` (its `data` a
    `LoggedEvent`: an `Event` by its `type`, or an `UndoEvent`). A seat's new proposal (it makes no
    version) is `event: proposal`, without an id, `data: {session: {id, version}, proposal: {id,
    seatId}}` (`version`: the one it was made on), sent to the DM's streams and to the proposing seat's;
    it is not resumed (list `GET .../proposals` after a reconnect). The DM's rejection of a proposal is
    `event: rejected`, with the same data, sent to the same streams. The session's deletion (or expiry)
    sends `event: deleted` and ends the stream. `Last-Event-ID` (or `after`) resumes: the versions after
    it come first, from the session's log, each with its events and its `encounter` where the session
    still keeps that state (the current version's and those of its undo history; else null); then the
    live ones. With nothing to send, a `: ping` comment every `CRS_SSE_HEARTBEAT_SECONDS` (15). `event:
    error` (`data: {code, message}`) ends it: `store-unavailable` (the connection to Redis was lost, or
    the client fell 64 updates behind: reconnect, `Last-Event-ID` resumes) or `unauthorized` (the API
    key was revoked, noticed within `CRS_API_KEY_RECHECK_SECONDS`). A client that takes more than 30 s
    to take an event loses the stream, and a server shutting down ends its streams: reconnect, `Last-
    Event-ID` resumes. A stream counts in the tenant's `CRS_TENANT_MAX_SUBSCRIPTIONS`, with its GraphQL
    subscriptions.

    Args:
        id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(response: Response[Problem | str]) -> str:
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(str, parsed)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> str:
    """Follow the session: each new version as a Server-Sent Event.

     One event per new version, whichever server wrote it: `id: <version>`, `event: version`, `data:
    {session: {id, version}, encounter, events: [{index, version, data}]}` (what the GraphQL
    subscription `sessionUpdated` yields), each of `events` a `SessionEvent` (its `data` a
    `LoggedEvent`: an `Event` by its `type`, or an `UndoEvent`). A seat's new proposal (it makes no
    version) is `event: proposal`, without an id, `data: {session: {id, version}, proposal: {id,
    seatId}}` (`version`: the one it was made on), sent to the DM's streams and to the proposing seat's;
    it is not resumed (list `GET .../proposals` after a reconnect). The DM's rejection of a proposal is
    `event: rejected`, with the same data, sent to the same streams. The session's deletion (or expiry)
    sends `event: deleted` and ends the stream. `Last-Event-ID` (or `after`) resumes: the versions after
    it come first, from the session's log, each with its events and its `encounter` where the session
    still keeps that state (the current version's and those of its undo history; else null); then the
    live ones. With nothing to send, a `: ping` comment every `CRS_SSE_HEARTBEAT_SECONDS` (15). `event:
    error` (`data: {code, message}`) ends it: `store-unavailable` (the connection to Redis was lost, or
    the client fell 64 updates behind: reconnect, `Last-Event-ID` resumes) or `unauthorized` (the API
    key was revoked, noticed within `CRS_API_KEY_RECHECK_SECONDS`). A client that takes more than 30 s
    to take an event loses the stream, and a server shutting down ends its streams: reconnect, `Last-
    Event-ID` resumes. A stream counts in the tenant's `CRS_TENANT_MAX_SUBSCRIPTIONS`, with its GraphQL
    subscriptions.

    Args:
        id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
    """

    return _answer(
        sync_detailed(
            id=id,
            client=client,
            after=after,
            last_event_id=last_event_id,
        )
    )


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Follow the session: each new version as a Server-Sent Event.

     One event per new version, whichever server wrote it: `id: <version>`, `event: version`, `data:
    {session: {id, version}, encounter, events: [{index, version, data}]}` (what the GraphQL
    subscription `sessionUpdated` yields), each of `events` a `SessionEvent` (its `data` a
    `LoggedEvent`: an `Event` by its `type`, or an `UndoEvent`). A seat's new proposal (it makes no
    version) is `event: proposal`, without an id, `data: {session: {id, version}, proposal: {id,
    seatId}}` (`version`: the one it was made on), sent to the DM's streams and to the proposing seat's;
    it is not resumed (list `GET .../proposals` after a reconnect). The DM's rejection of a proposal is
    `event: rejected`, with the same data, sent to the same streams. The session's deletion (or expiry)
    sends `event: deleted` and ends the stream. `Last-Event-ID` (or `after`) resumes: the versions after
    it come first, from the session's log, each with its events and its `encounter` where the session
    still keeps that state (the current version's and those of its undo history; else null); then the
    live ones. With nothing to send, a `: ping` comment every `CRS_SSE_HEARTBEAT_SECONDS` (15). `event:
    error` (`data: {code, message}`) ends it: `store-unavailable` (the connection to Redis was lost, or
    the client fell 64 updates behind: reconnect, `Last-Event-ID` resumes) or `unauthorized` (the API
    key was revoked, noticed within `CRS_API_KEY_RECHECK_SECONDS`). A client that takes more than 30 s
    to take an event loses the stream, and a server shutting down ends its streams: reconnect, `Last-
    Event-ID` resumes. A stream counts in the tenant's `CRS_TENANT_MAX_SUBSCRIPTIONS`, with its GraphQL
    subscriptions.

    Args:
        id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> str:
    """Follow the session: each new version as a Server-Sent Event.

     One event per new version, whichever server wrote it: `id: <version>`, `event: version`, `data:
    {session: {id, version}, encounter, events: [{index, version, data}]}` (what the GraphQL
    subscription `sessionUpdated` yields), each of `events` a `SessionEvent` (its `data` a
    `LoggedEvent`: an `Event` by its `type`, or an `UndoEvent`). A seat's new proposal (it makes no
    version) is `event: proposal`, without an id, `data: {session: {id, version}, proposal: {id,
    seatId}}` (`version`: the one it was made on), sent to the DM's streams and to the proposing seat's;
    it is not resumed (list `GET .../proposals` after a reconnect). The DM's rejection of a proposal is
    `event: rejected`, with the same data, sent to the same streams. The session's deletion (or expiry)
    sends `event: deleted` and ends the stream. `Last-Event-ID` (or `after`) resumes: the versions after
    it come first, from the session's log, each with its events and its `encounter` where the session
    still keeps that state (the current version's and those of its undo history; else null); then the
    live ones. With nothing to send, a `: ping` comment every `CRS_SSE_HEARTBEAT_SECONDS` (15). `event:
    error` (`data: {code, message}`) ends it: `store-unavailable` (the connection to Redis was lost, or
    the client fell 64 updates behind: reconnect, `Last-Event-ID` resumes) or `unauthorized` (the API
    key was revoked, noticed within `CRS_API_KEY_RECHECK_SECONDS`). A client that takes more than 30 s
    to take an event loses the stream, and a server shutting down ends its streams: reconnect, `Last-
    Event-ID` resumes. A stream counts in the tenant's `CRS_TENANT_MAX_SUBSCRIPTIONS`, with its GraphQL
    subscriptions.

    Args:
        id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            client=client,
            after=after,
            last_event_id=last_event_id,
        )
    )


@dataclass(frozen=True)
class StreamEvent:
    """One event of the stream."""

    event: str
    """Its name (``message`` when the server sent none)."""
    id: str | None
    """Its id, for ``Last-Event-ID`` on a reconnect (or None)."""
    data: Any
    """Its data, decoded from JSON."""


class _Events:
    """Server-sent events from the stream's lines (comments and heartbeats skipped)."""

    def __init__(self) -> None:
        self.event: str = "message"
        self.id: str | None = None
        self.data: list[str] = []

    def feed(self, line: str) -> StreamEvent | None:
        if line == "":
            if not self.data:
                self.event = "message"
                return None
            out = StreamEvent(self.event, self.id, json.loads("\n".join(self.data)))
            self.event, self.data = "message", []
            return out
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "event":
            self.event = value
        elif name == "data":
            self.data.append(value)
        elif name == "id":
            self.id = value
        return None


def _refused(client: AuthenticatedClient | Client, response: httpx.Response) -> None:
    if response.status_code >= 300:
        response.read()
        _answer(_build_response(client=client, response=response))


def stream(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Iterator[StreamEvent]:
    """Follow it: each event as the server sends it, until the stream ends (a problem
    answer raises :class:`errors.ProblemError`). Reconnect with the last event's ``id``."""
    kwargs = _get_kwargs(
        id=id,
        after=after,
        last_event_id=last_event_id,
    )
    with client.get_httpx_client().stream(**kwargs) as response:
        _refused(client, response)
        events = _Events()
        for line in response.iter_lines():
            if (event := events.feed(line)) is not None:
                yield event


async def astream(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> AsyncIterator[StreamEvent]:
    """:func:`stream`, for asyncio."""
    kwargs = _get_kwargs(
        id=id,
        after=after,
        last_event_id=last_event_id,
    )
    async with client.get_async_httpx_client().stream(**kwargs) as response:
        if response.status_code >= 300:
            await response.aread()
            _answer(_build_response(client=client, response=response))
        events = _Events()
        async for line in response.aiter_lines():
            if (event := events.feed(line)) is not None:
                yield event

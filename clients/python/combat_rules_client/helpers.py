"""What the generated functions leave to their callers, written by hand (scripts/generate_sdks
copies this file from clients/generator/python-modules into the package):

- :func:`as_input`: an answer's ``EncounterOutput`` (or ``CombatantOutput``) as the
  ``Encounter`` (``Combatant``) a request takes, to send back the state the service answered.
- :func:`etag`: a version as the ``ETag`` the service sends (the session functions'
  ``if_match`` take the int already).
- :func:`follow_session` / :func:`afollow_session`: a session's live stream as typed events
  (:class:`VersionEvent`, :class:`ProposalEvent`, :class:`DeletedEvent`, :class:`ErrorEvent`),
  an iterator that ends with the session, on ``close()`` (or leaving its ``with``), or after
  ``timeout`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import Any, overload

import httpx

from .api.sessions import stream_session
from .client import AuthenticatedClient, Client
from .models.combatant import Combatant
from .models.combatant_output import CombatantOutput
from .models.encounter import Encounter
from .models.encounter_output import EncounterOutput
from .models.session_event import SessionEvent
from .types import UNSET


@overload
def as_input(output: EncounterOutput) -> Encounter: ...
@overload
def as_input(output: CombatantOutput) -> Combatant: ...
def as_input(output: EncounterOutput | CombatantOutput) -> Encounter | Combatant:
    """The request type of an answer's state, field for field (the wire holds the same), e.g.
    ``ResolveAttackRequest(encounter=as_input(result.encounter), ...)``."""
    if isinstance(output, EncounterOutput):
        return Encounter.from_dict(output.to_dict())
    return Combatant.from_dict(output.to_dict())


def etag(version: int | str) -> str:
    """The ``ETag`` of a version (``3`` -> ``'"3"'``); a string is taken as an ETag already."""
    return f'"{version}"' if isinstance(version, int) else version


@dataclass(frozen=True)
class VersionEvent:
    """``event: version``: a new version of the session, with its events."""

    id: str
    """The event's id (the version), for ``last_event_id`` on a reconnect."""
    session_id: str
    version: int
    encounter: EncounterOutput | None
    """The encounter at that version (None for an old version the session keeps no state of)."""
    events: list[SessionEvent]
    """Its log entries (``events.logged_event(entry)`` reads one into its type's model)."""


@dataclass(frozen=True)
class DeletedEvent:
    """``event: deleted``: the session was deleted (or expired); the stream ends."""

    session_id: str


@dataclass(frozen=True)
class ProposalEvent:
    """``event: proposal``: a seat proposed an action for the DM (no new version, no id); read
    it with ``GET /v1/sessions/{id}/proposals``. Sent to the DM and to the proposing seat."""

    session_id: str
    version: int
    """The version it was made on (it applies to that one only)."""
    proposal_id: str
    seat_id: str


@dataclass(frozen=True)
class ErrorEvent:
    """``event: error``: the stream ends (``store-unavailable``: reconnect, ``last_event_id``
    resumes; ``unauthorized``: the API key was revoked)."""

    code: str
    message: str


SessionStreamEvent = VersionEvent | ProposalEvent | DeletedEvent | ErrorEvent


def _typed(raw: stream_session.StreamEvent) -> SessionStreamEvent | None:
    data: dict[str, Any] = raw.data
    if raw.event == "version":
        encounter = data.get("encounter")
        return VersionEvent(
            id=raw.id or str(data["session"]["version"]),
            session_id=data["session"]["id"],
            version=data["session"]["version"],
            encounter=None if encounter is None else EncounterOutput.from_dict(encounter),
            events=[SessionEvent.from_dict(e) for e in data.get("events", [])],
        )
    if raw.event == "proposal":
        return ProposalEvent(
            session_id=data["session"]["id"],
            version=data["session"]["version"],
            proposal_id=data["proposal"]["id"],
            seat_id=data["proposal"]["seatId"],
        )
    if raw.event == "deleted":
        return DeletedEvent(session_id=data["session"]["id"])
    if raw.event == "error":
        return ErrorEvent(code=data.get("code", ""), message=data.get("message", ""))
    return None  # an event a later service may send: skipped


class _Deadline:
    """The end of a stream that lasts ``timeout`` seconds (None: no end). Each read of the
    response waits at most until then: httpcore takes the request's read timeout at each read,
    so it is lowered as the deadline comes."""

    def __init__(self, timeout: float | None) -> None:
        self.at = None if timeout is None else time.monotonic() + timeout

    def passed(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    def arm(self, response: httpx.Response) -> None:
        if self.at is not None:
            timeouts = response.request.extensions.get("timeout")
            if isinstance(timeouts, dict):
                timeouts["read"] = max(0.001, self.at - time.monotonic())


def _request(
    http: httpx.Client | httpx.AsyncClient,
    session_id: str,
    last_event_id: str | int | None,
    timeout: float | None,
) -> httpx.Request:
    """The stream's request: the client's timeouts but for reads, which wait for the next event
    (a heartbeat comes every 15 s) until the deadline, if any."""
    kwargs = stream_session._get_kwargs(
        session_id, last_event_id=UNSET if last_event_id is None else str(last_event_id)
    )
    base = http.timeout
    kwargs["timeout"] = httpx.Timeout(
        connect=base.connect, read=timeout, write=base.write, pool=base.pool
    )
    return http.build_request(**kwargs)


class SessionStream:
    """A session's stream (:func:`follow_session`): iterate it for its events; it ends after a
    :class:`DeletedEvent` or an :class:`ErrorEvent`, on :meth:`close` (or leaving its ``with``),
    or once ``timeout`` seconds have passed."""

    def __init__(
        self,
        session_id: str,
        *,
        client: AuthenticatedClient | Client,
        last_event_id: str | int | None = None,
        timeout: float | None = None,
    ) -> None:
        self._deadline = _Deadline(timeout)
        http = client.get_httpx_client()
        request = _request(http, session_id, last_event_id, timeout)
        self._response = http.send(request, stream=True)
        self._closed = False
        try:
            stream_session._refused(client, self._response)
        except BaseException:
            self.close()
            raise
        self._events = self._follow()

    def _follow(self) -> Iterator[SessionStreamEvent]:
        events = stream_session._Events()
        try:
            self._deadline.arm(self._response)
            for line in self._response.iter_lines():
                if (raw := events.feed(line)) is not None and (event := _typed(raw)) is not None:
                    yield event
                    if not isinstance(event, VersionEvent):
                        return
                if self._closed or self._deadline.passed():
                    return
                self._deadline.arm(self._response)
        except httpx.ReadTimeout:
            if not self._deadline.passed():
                raise
        except (httpx.StreamClosed, httpx.ReadError):
            if not self._closed:
                raise
        finally:
            self.close()

    def __iter__(self) -> Iterator[SessionStreamEvent]:
        return self

    def __next__(self) -> SessionStreamEvent:
        return next(self._events)

    def close(self) -> None:
        """End the stream (the iteration stops) and close its connection."""
        self._closed = True
        self._response.close()

    def __enter__(self) -> SessionStream:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def follow_session(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | int | None = None,
    timeout: float | None = None,
) -> SessionStream:
    """Follow a session live: ``with follow_session(sid, client=c, timeout=60) as stream:``,
    then ``for event in stream:``, each a :class:`VersionEvent`, :class:`ProposalEvent`,
    :class:`DeletedEvent` or :class:`ErrorEvent` (``isinstance`` tells which). It ends with
    the session (or an error event), on ``close()``, or after ``timeout`` seconds (None:
    never). ``last_event_id`` (the last ``VersionEvent.id`` you had) resumes: the versions
    after it come first. A problem the service answers (404, 401...) raises
    :class:`~.errors.ProblemError` here."""
    return SessionStream(session_id, client=client, last_event_id=last_event_id, timeout=timeout)


async def afollow_session(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | int | None = None,
    timeout: float | None = None,
) -> AsyncIterator[SessionStreamEvent]:
    """:func:`follow_session` for asyncio (``async for event in afollow_session(...)``); break
    out of the loop (or ``aclose()`` it) to stop it."""
    deadline = _Deadline(timeout)
    http = client.get_async_httpx_client()
    request = _request(http, session_id, last_event_id, timeout)
    response = await http.send(request, stream=True)
    try:
        if response.status_code >= 300:
            await response.aread()
            stream_session._answer(stream_session._build_response(client=client, response=response))
        events = stream_session._Events()
        deadline.arm(response)
        async for line in response.aiter_lines():
            if (raw := events.feed(line)) is not None and (event := _typed(raw)) is not None:
                yield event
                if not isinstance(event, VersionEvent):
                    return
            if deadline.passed():
                return
            deadline.arm(response)
    except httpx.ReadTimeout:
        if not deadline.passed():
            raise
    finally:
        await response.aclose()


__all__ = [
    "DeletedEvent",
    "ErrorEvent",
    "ProposalEvent",
    "SessionStream",
    "SessionStreamEvent",
    "VersionEvent",
    "afollow_session",
    "as_input",
    "etag",
    "follow_session",
]

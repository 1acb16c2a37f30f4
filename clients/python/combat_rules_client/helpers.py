"""What the generated functions leave to their callers, written by hand (scripts/generate_sdks
copies this file from clients/generator/python-modules into the package):

- :func:`as_input`: an answer's ``EncounterOutput`` (or ``CombatantOutput``) as the
  ``Encounter`` (``Combatant``) a request takes, to send back the state the service answered.
- :func:`etag`: a version as the ``ETag`` the service sends (the session functions'
  ``if_match`` take the int already).
- :func:`follow_session` / :func:`afollow_session`: a session's live stream as typed events
  (:class:`VersionEvent`, :class:`ProposalEvent`, :class:`RejectedEvent`, :class:`DeletedEvent`,
  :class:`ErrorEvent`),
  an iterator that ends with the session, on ``close()`` (or leaving its ``with``), or after
  ``timeout`` seconds, and follows again after a lost connection (:class:`Reconnect`), each
  version once.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import AsyncIterator, Generator, Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import Any, overload

import httpx

from . import errors
from .api.sessions import get_session, stream_session
from .client import AuthenticatedClient, Client
from .models.combatant import Combatant
from .models.combatant_output import CombatantOutput
from .models.encounter import Encounter
from .models.encounter_output import EncounterOutput
from .models.session_event import SessionEvent
from .models.stream_deleted import StreamDeleted
from .models.stream_error import StreamError
from .models.stream_proposal import StreamProposal
from .models.stream_version import StreamVersion
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
class RejectedEvent:
    """``event: rejected``: the DM rejected a seat's proposal (it was dropped, and will not
    be applied; no new version, no id). Sent to the DM and to the proposing seat."""

    session_id: str
    version: int
    """The version it was made on."""
    proposal_id: str
    seat_id: str


@dataclass(frozen=True)
class ErrorEvent:
    """``event: error``: the stream ends (``unauthorized``: the API key or the seat was
    revoked). A ``store-unavailable`` is yielded only with ``reconnect=False``: a follower
    that reconnects follows again after it, ``Last-Event-ID`` resuming."""

    code: str
    message: str


SessionStreamEvent = VersionEvent | ProposalEvent | RejectedEvent | DeletedEvent | ErrorEvent


def _typed(raw: stream_session.StreamEvent) -> SessionStreamEvent | None:
    """A stream's event as its type, its ``data`` read by the contract's model of it
    (``StreamVersion``, ``StreamProposal``, ``StreamDeleted``, ``StreamError``)."""
    data: dict[str, Any] = raw.data
    if raw.event == "version":
        version = StreamVersion.from_dict(data)
        return VersionEvent(
            id=raw.id or str(version.session.version),
            session_id=version.session.id,
            version=version.session.version,
            encounter=version.encounter,
            events=version.events,
        )
    if raw.event in ("proposal", "rejected"):
        proposal = StreamProposal.from_dict(data)
        told = ProposalEvent if raw.event == "proposal" else RejectedEvent
        return told(
            session_id=proposal.session.id,
            version=proposal.session.version,
            proposal_id=proposal.proposal.id,
            seat_id=proposal.proposal.seat_id,
        )
    if raw.event == "deleted":
        return DeletedEvent(session_id=StreamDeleted.from_dict(data).session.id)
    if raw.event == "error":
        try:
            error = StreamError.from_dict(data)
        except (KeyError, ValueError):  # a code a later service may send
            return ErrorEvent(code=str(data.get("code", "")), message=str(data.get("message", "")))
        return ErrorEvent(code=error.code.value, message=error.message)
    return None  # an event a later service may send: skipped


class _Deadline:
    """The end of a stream that lasts ``timeout`` seconds (None: no end)."""

    def __init__(self, timeout: float | None) -> None:
        self.at = None if timeout is None else time.monotonic() + timeout

    def passed(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    def left(self) -> float | None:
        """The seconds left (None: no end)."""
        return None if self.at is None else max(0.001, self.at - time.monotonic())


@dataclass(frozen=True)
class Reconnect:
    """How :func:`follow_session` reconnects after a lost connection: the waits double from
    ``initial_delay`` (or the stream's ``retry:``) up to ``max_delay`` seconds, with jitter (a
    429 or 503's ``Retry-After`` may ask longer); after ``attempts`` failed reconnections in a
    row (no connection, or a 429/5xx answer) the last failure is raised. A connection that
    brings nothing for ``silence`` seconds, not even the service's heartbeat (a comment every
    15 s by default), is taken as lost (a network that dropped it without a word) and
    followed again; None waits for ever."""

    attempts: int = 10
    initial_delay: float = 0.5
    max_delay: float = 30.0
    silence: float | None = 45.0


RETRIED_ERROR_CODES = frozenset({"store-unavailable"})
"""The codes of an ``event: error`` a reconnecting follower follows again after instead of
yielding it: the service lost its session store for a moment, and the versions written
meanwhile come on the next connection (``Last-Event-ID``)."""

RETRIED_STREAM_STATUSES = frozenset({429, 502, 503, 504})
"""The answers a stream is asked again after (with their ``Retry-After``); any other problem
(401, 403, 404, 422...) is raised at once."""


class StreamEnded(ConnectionError):
    """The stream kept ending before it could be followed again (what is raised once the
    reconnections are spent, when no failure said more)."""


def _refusal(client: AuthenticatedClient | Client, response: httpx.Response) -> Exception:
    """What a refused stream raises (``response`` read): a ProblemError for a problem."""
    try:
        stream_session._answer(stream_session._build_response(client=client, response=response))
    except (errors.ProblemError, errors.UnexpectedStatus) as error:
        return error
    except (ValueError, KeyError, TypeError):  # a body that is no problem (a proxy's page)
        pass
    return errors.UnexpectedStatus(response.status_code, response.content)


def _retried(error: Exception) -> bool:
    """Whether a connection that failed with ``error`` is tried again."""
    if isinstance(error, errors.ProblemError):
        return error.status in RETRIED_STREAM_STATUSES
    if isinstance(error, errors.UnexpectedStatus):
        return error.status_code in RETRIED_STREAM_STATUSES
    return isinstance(error, httpx.TransportError)


class _Resume:
    """What the connections of one stream share: the last version yielded (each connection
    resumes after it, and a version is never yielded twice), the failures in a row, the wait
    the server asked (``retry:``)."""

    def __init__(self, last_event_id: str | int | None, reconnect: Reconnect | bool) -> None:
        self.after = None if last_event_id is None else str(last_event_id)
        self.policy = (
            None if reconnect is False else Reconnect() if reconnect is True else reconnect
        )
        self.failures = 0
        self.retry: float | None = None

    def request(
        self, http: httpx.Client | httpx.AsyncClient, session_id: str, deadline: _Deadline
    ) -> httpx.Request:
        return _request(http, session_id, self.after, self.read_timeout(deadline))

    def read_timeout(self, deadline: _Deadline) -> float | None:
        """How long the next read may wait: until the deadline, and no longer than the
        policy's ``silence`` (None: for ever)."""
        silence = None if self.policy is None else self.policy.silence
        waits = [w for w in (deadline.left(), silence) if w is not None]
        return min(waits) if waits else None

    def arm(self, response: httpx.Response, deadline: _Deadline) -> None:
        """Set the next read's timeout (:meth:`read_timeout`): httpcore takes the request's
        read timeout at each read, so it is lowered as the deadline comes."""
        timeouts = response.request.extensions.get("timeout")
        if isinstance(timeouts, dict):
            timeouts["read"] = self.read_timeout(deadline)

    def follows_again(self, event: SessionStreamEvent) -> bool:
        """Whether ``event`` ends only this connection, to be followed again (it is not
        yielded): an error of :data:`RETRIED_ERROR_CODES`, when reconnecting."""
        return (
            self.policy is not None
            and isinstance(event, ErrorEvent)
            and event.code in RETRIED_ERROR_CODES
        )

    def typed(self, line: str, events: stream_session._Events) -> SessionStreamEvent | None:
        """The event ``line`` ends, if any, and not one yielded already."""
        if line.startswith("retry:"):
            value = line[6:].strip()
            if value.isdigit():
                self.retry = int(value) / 1000
        raw = events.feed(line)
        event = None if raw is None else _typed(raw)
        if isinstance(event, VersionEvent):
            if self.after is not None and self.after.isdigit() and event.version <= int(self.after):
                return None  # a resumption's overlap
            self.after = str(event.version)
        return event

    def wait(self, connected: bool, error: Exception | None) -> float | None:
        """The seconds to wait before the next connection after one ended (``connected``: it
        had been answered 200) with ``error`` (None: cleanly); None: end the stream. Raises
        ``error`` when it is not retried or the reconnections are spent."""
        if error is not None and not _retried(error):
            raise error
        if self.policy is None:
            if error is not None:
                raise error
            return None
        self.failures = 0 if connected else self.failures + 1
        if self.failures >= self.policy.attempts:
            raise error or StreamEnded(f"the stream ended {self.failures} times in a row")
        first = self.policy.initial_delay if self.retry is None else self.retry
        backoff = min(self.policy.max_delay, first * 2.0**self.failures)
        jittered = backoff / 2 + random.random() * backoff / 2
        given = error.retry_after if isinstance(error, errors.ProblemError) else None
        return jittered if given is None else max(float(given), jittered)


def _request(
    http: httpx.Client | httpx.AsyncClient,
    session_id: str,
    last_event_id: str | int | None,
    timeout: float | None,
) -> httpx.Request:
    """The stream's request: the client's timeouts but for reads, which wait ``timeout`` seconds
    for the next line (a heartbeat comes every 15 s; None: for ever)."""
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
    or once ``timeout`` seconds have passed; it reconnects after a lost connection."""

    def __init__(
        self,
        session_id: str,
        *,
        client: AuthenticatedClient | Client,
        last_event_id: str | int | None = None,
        timeout: float | None = None,
        reconnect: Reconnect | bool = True,
    ) -> None:
        self._deadline = _Deadline(timeout)
        self._client = client
        self._session_id = session_id
        self._resume = _Resume(last_event_id, reconnect)
        self._closed = False
        self._stopping = threading.Event()
        self._response: httpx.Response | None = None
        if self._resume.policy is not None and self._resume.after is None:
            # Resume from the version now, so that a connection lost before the first event
            # misses nothing.
            self._resume.after = str(get_session.sync(session_id, client=client).version)
        first: Exception | None = None
        try:
            self._response = self._connect()
        except Exception as error:
            if not _retried(error) or self._resume.policy is None:
                raise
            first = error  # tried again when iterated
        self._events = self._follow(first)

    def _connect(self) -> httpx.Response:
        """A connection answered 200 (else its failure raised)."""
        http = self._client.get_httpx_client()
        response = http.send(
            self._resume.request(http, self._session_id, self._deadline), stream=True
        )
        if response.status_code >= 300:
            try:
                response.read()
            finally:
                response.close()
            raise _refusal(self._client, response)
        return response

    def _read(self, response: httpx.Response) -> Generator[SessionStreamEvent, None, bool]:
        """The events of one connection; True when the stream is over."""
        events = stream_session._Events()
        self._resume.arm(response, self._deadline)
        for line in response.iter_lines():
            if (event := self._resume.typed(line, events)) is not None:
                if self._resume.follows_again(event):
                    return False
                yield event
                if isinstance(event, DeletedEvent | ErrorEvent):
                    return True
            if self._closed or self._deadline.passed():
                return True
            self._resume.arm(response, self._deadline)
        return False

    def _follow(self, error: Exception | None) -> Iterator[SessionStreamEvent]:
        try:
            while True:
                connected = self._response is not None
                if self._response is not None:
                    try:
                        if (yield from self._read(self._response)):
                            return
                    except httpx.TransportError as lost:
                        if self._closed or self._deadline.passed():
                            return
                        error = lost
                    except httpx.StreamClosed:
                        if self._closed:
                            return
                        raise
                    finally:
                        self._response.close()
                        self._response = None
                if self._closed or self._deadline.passed():
                    return
                wait = self._resume.wait(connected, error)
                if wait is None:
                    return
                left = self._deadline.left()
                if self._stopping.wait(wait if left is None else min(wait, left)):
                    return
                if self._deadline.passed():
                    return
                error = None
                try:
                    self._response = self._connect()
                except Exception as failed:
                    error = failed
        finally:
            self.close()

    def __iter__(self) -> Iterator[SessionStreamEvent]:
        return self

    def __next__(self) -> SessionStreamEvent:
        return next(self._events)

    def close(self) -> None:
        """End the stream (the iteration stops) and close its connection."""
        self._closed = True
        self._stopping.set()
        if self._response is not None:
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
    reconnect: Reconnect | bool = True,
) -> SessionStream:
    """Follow a session live: ``with follow_session(sid, client=c, timeout=60) as stream:``,
    then ``for event in stream:``, each a :class:`VersionEvent`, :class:`ProposalEvent`,
    :class:`RejectedEvent`, :class:`DeletedEvent` or :class:`ErrorEvent` (``isinstance``
    tells which). It ends with
    the session (or an error event), on ``close()``, or after ``timeout`` seconds (None:
    never). ``last_event_id`` (the last ``VersionEvent.id`` you had) resumes: the versions
    after it come first.

    A lost connection, or a stream the server ends (it shuts down), is followed again with
    ``Last-Event-ID`` = the last version yielded: each version comes once, in order, none
    skipped (without ``last_event_id``, the session's version is read first, so that nothing
    is missed before the first event either); so is a stream that ends with a
    ``store-unavailable`` error (the service lost its store for a moment). ``reconnect``
    tunes it (:class:`Reconnect`), or ``False``: a lost connection raises, a stream the
    server ends just ends (the error yielded). A problem the
    service answers (404, 401, 403, 422...) raises :class:`~.errors.ProblemError` at once,
    here for the first connection, never retried."""
    return SessionStream(
        session_id,
        client=client,
        last_event_id=last_event_id,
        timeout=timeout,
        reconnect=reconnect,
    )


async def afollow_session(
    session_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | int | None = None,
    timeout: float | None = None,
    reconnect: Reconnect | bool = True,
) -> AsyncIterator[SessionStreamEvent]:
    """:func:`follow_session` for asyncio (``async for event in afollow_session(...)``); break
    out of the loop (or ``aclose()`` it) to stop it. A problem is raised at the first
    iteration."""
    deadline = _Deadline(timeout)
    resume = _Resume(last_event_id, reconnect)
    http = client.get_async_httpx_client()
    if resume.policy is not None and resume.after is None:
        resume.after = str((await get_session.asyncio(session_id, client=client)).version)
    while True:
        connected = False
        error: Exception | None = None
        try:
            response = await http.send(resume.request(http, session_id, deadline), stream=True)
        except httpx.TransportError as failed:
            error = failed
        else:
            try:
                if response.status_code >= 300:
                    await response.aread()
                    error = _refusal(client, response)  # raised by resume.wait unless retried
                else:
                    connected = True
                    events = stream_session._Events()
                    resume.arm(response, deadline)
                    async for line in response.aiter_lines():
                        if (event := resume.typed(line, events)) is not None:
                            if resume.follows_again(event):
                                break
                            yield event
                            if isinstance(event, DeletedEvent | ErrorEvent):
                                return
                        if deadline.passed():
                            return
                        resume.arm(response, deadline)
            except httpx.TransportError as lost:
                if deadline.passed():
                    return
                error = lost
            finally:
                await response.aclose()
        if deadline.passed():
            return
        wait = resume.wait(connected, error)
        if wait is None:
            return
        left = deadline.left()
        await asyncio.sleep(wait if left is None else min(wait, left))
        if deadline.passed():
            return


__all__ = [
    "DeletedEvent",
    "ErrorEvent",
    "ProposalEvent",
    "Reconnect",
    "RejectedEvent",
    "SessionStream",
    "SessionStreamEvent",
    "StreamEnded",
    "VersionEvent",
    "afollow_session",
    "as_input",
    "etag",
    "follow_session",
]

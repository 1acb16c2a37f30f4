"""The store's codec: how sessions, events, published updates and idempotency records are
written as the JSON the Lua scripts store, and read back.

Everything read back from Redis is decoded here, and a record that is not what the store
writes (not JSON, or not of its shape) raises :class:`SessionDamaged` naming the session and
the record, never a bare ``ValueError``, ``KeyError`` or ``TypeError``."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic_core import from_json

from service.jsontext import encode
from service.store.errors import InvalidArgument, Part, SessionDamaged, StoreUnavailable
from service.store.records import (
    MAX_FACTS,
    Document,
    Encoded,
    Event,
    Proposed,
    Session,
    SessionUpdate,
)

_SHOWN = 60
"""How much of a damaged value a :class:`SessionDamaged` reason quotes."""


@dataclass(frozen=True, slots=True)
class Plan:
    document: Document | Encoded
    events: list[dict[str, Any]]
    response: dict[str, Any] | Encoded
    history: Literal["push", "pop"]
    document_at: str | None = None
    step: dict[str, Any] | None = None
    facts: dict[str, Any] | None = None


FIRST_STEP = len(b'{"version":1,"document":}')


def facts_json(facts: dict[str, Any] | None) -> bytes:
    """A version's facts as stored (empty: none given); :class:`InvalidArgument` past
    :data:`MAX_FACTS` bytes."""
    if facts is None:
        return b""
    encoded = encode(facts)
    if len(encoded) > MAX_FACTS:
        raise InvalidArgument(f"a version's facts take at most {MAX_FACTS} bytes")
    return encoded


def facts_from(raw: bytes | str | None) -> dict[str, Any]:
    """Stored facts, decoded; none (an empty object) when absent or not a JSON object: the
    list of sessions shows a damaged one without them rather than failing."""
    if not raw:
        return {}
    try:
        value = from_json(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def step_json(version: int, step: dict[str, Any] | None) -> bytes:
    """A replay record: ``step`` with ``version`` first (empty without one)."""
    if not step:
        return b""
    return b'{"version":' + str(version).encode() + b"," + encode(step)[1:]


def dumps(value: Any) -> str:
    return encode(value).decode()


def as_bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


def as_text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def datetime_of(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def now_ms() -> int:
    """The time now, as the store keeps times: milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


def session_json(session: Session) -> dict[str, Any]:
    return {
        "id": session.id,
        "version": session.version,
        "document": session.document,
        "created": round(session.created.timestamp() * 1000),
        "updated": round(session.updated.timestamp() * 1000),
    }


def update_parts(session: Session, events: list[bytes]) -> tuple[bytes, bytes]:
    """The published update, ``{"session": {...}, "events": [...]}``, before and after the
    document (the script puts the document it writes between them)."""
    head = b"".join(
        (b'{"session":{"id":', encode(session.id), b',"version":', str(session.version).encode())
    )
    tail = b"".join(
        (
            b',"created":',
            str(round(session.created.timestamp() * 1000)).encode(),
            b',"updated":',
            str(round(session.updated.timestamp() * 1000)).encode(),
            b'},"events":[',
            b",".join(events),
            b"]}",
        )
    )
    return head + b',"document":', tail


def session_of(data: dict[str, Any]) -> Session:
    return Session(
        data["id"],
        data["version"],
        data["document"],
        datetime_of(data["created"]),
        datetime_of(data["updated"]),
    )


def proposal_notice(
    session_id: str, version: int, proposal_id: str, seat_id: str, *, rejected: bool = False
) -> bytes:
    """The message a new proposal (or its rejection) publishes on its session's channel (no
    new version)."""
    notice: dict[str, Any] = {"id": proposal_id, "seatId": seat_id, "version": version}
    if rejected:
        notice["rejected"] = True
    return encode({"proposal": notice, "session": {"id": session_id}})


def update_from(raw: bytes | str, session_id: str) -> SessionUpdate | Proposed | None:
    """A message of the session's channel: the update a write published, a proposal's
    notice (:class:`Proposed`), or None when the session was deleted. A message that is
    none of these (not what the store publishes) raises :class:`StoreUnavailable`, as a
    lost connection does: a version may have been missed, so the follower follows again,
    after its last version."""
    try:
        message = from_json(raw)
        if message.get("deleted"):
            return None
        if "proposal" in message:
            notice, about = message["proposal"], message["session"]
            proposed = Proposed(
                str(about["id"]),
                int(notice["version"]),
                str(notice["id"]),
                str(notice["seatId"]),
                notice.get("rejected") is True,
            )
            if proposed.session_id == session_id and _whole(proposed.version):
                return proposed
            raise ValueError
        session, events = message["session"], message["events"]
        update = SessionUpdate(session_of(session), [event_of(e) for e in events])
    except (ValueError, KeyError, TypeError, AttributeError):
        update = None
    if update is None or not _whole(update.session.version) or update.session.id != session_id:
        raise StoreUnavailable(
            f"session {session_id}: a message of its channel is not an update the store "
            "publishes; follow again, after the last version"
        )
    return update


def event_json(event: Event) -> dict[str, Any]:
    return {"index": event.index, "version": event.version, "data": event.data}


def event_of(data: dict[str, Any]) -> Event:
    return Event(data["index"], data["version"], current_event(data["data"]))


def json_of(value: Document | Encoded) -> bytes:
    """A document's JSON: an :class:`Encoded` one's as it is."""
    return value.json if isinstance(value, Encoded) else encode(value)


def dict_of(value: Document | Encoded) -> Document | None:
    return None if isinstance(value, Encoded) else value


def parsed(raw: bytes | str, session_id: str, part: Part, index: int | None = None) -> Any:
    """``raw`` decoded from JSON; :class:`SessionDamaged` if it is not JSON."""
    try:
        return from_json(raw)
    except ValueError as error:
        reason = f"is not JSON ({str(error)[:_SHOWN]})"
        raise SessionDamaged(session_id, part, reason, index) from None


def object_from(
    raw: bytes | str, session_id: str, part: Part, index: int | None = None
) -> dict[str, Any]:
    """``raw`` decoded: a JSON object, else :class:`SessionDamaged`."""
    value = parsed(raw, session_id, part, index)
    if not isinstance(value, dict):
        raise SessionDamaged(session_id, part, "is not a JSON object", index)
    return value


def document_from(raw: bytes | str, session_id: str) -> Document:
    """The session's stored document, decoded."""
    return object_from(raw, session_id, "document")


def count_from(raw: bytes | str | int | None, session_id: str, name: str, least: int = 0) -> int:
    """A number of the session's hash (``version``, ``created``, ``updated``, ``bytes``) or
    of a script's answer: a whole number of at least ``least``."""
    if isinstance(raw, int):
        value = int(raw)
    else:
        text = "" if raw is None else as_text(raw)
        if not (text.isascii() and text.isdigit()):
            shown = "none" if raw is None else repr(text[:_SHOWN])
            raise SessionDamaged(session_id, "state", f"has a {name} that is no number: {shown}")
        value = int(text)
    if value < least:
        raise SessionDamaged(session_id, "state", f"has a {name} below {least}: {value}")
    return value


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


_SCRIPT_DAMAGE: dict[str, tuple[Part, str]] = {
    "DAMAGED snapshot ": ("snapshot", "is not a version and a document"),
    "DAMAGED event ": ("event", "names no version"),
}
"""What a script's ``DAMAGED <part> <key>`` error says (the key names the session in braces;
Redis puts the script's name and line before it)."""


def damaged_in_script(message: str) -> SessionDamaged | None:
    """The :class:`SessionDamaged` a script's error reports, or None for another error."""
    for head, (part, reason) in _SCRIPT_DAMAGE.items():
        said = message.find(head)
        if said >= 0 and "{" in message[said:]:
            session_id = message[said:].split("{", 1)[1].split("}", 1)[0]
            return SessionDamaged(session_id, part, reason)
    return None


def undo_event(restored: int) -> dict[str, Any]:
    """What an undo logs and answers: the version it undid and the one whose document it
    restored."""
    return {"type": "undo", "revertedVersion": restored + 1, "restoredVersion": restored}


_EARLIER_UNDO = {"reverted_version": "revertedVersion", "restored_version": "restoredVersion"}
"""An earlier release's undo event spelt its members in snake case."""


def current_event(data: dict[str, Any]) -> dict[str, Any]:
    """An event's data as this release writes it (an earlier release's undo event with its
    members renamed), so every reader sees one form."""
    if data.get("type") != "undo" or not _EARLIER_UNDO.keys() & data.keys():
        return data
    return {_EARLIER_UNDO.get(k, k): v for k, v in data.items()}


def event_from(raw: bytes | str, session_id: str, index: int) -> Event:
    """The event at ``index`` of the session's log, as stored (:func:`event_json`)."""
    data = object_from(raw, session_id, "event", index)
    if not (
        _whole(data.get("index"))
        and _whole(data.get("version"))
        and isinstance(data.get("data"), dict)
    ):
        raise SessionDamaged(session_id, "event", "lacks its index, version or data object", index)
    return Event(data["index"], data["version"], current_event(data["data"]))


def step_from(raw: bytes | str, session_id: str, version: int) -> dict[str, Any]:
    """The replay record of ``version`` (:func:`step_json`): a JSON object with a whole
    ``version``; the rest is its writer's."""
    step = object_from(raw, session_id, "step", version)
    if not _whole(step.get("version")):
        raise SessionDamaged(session_id, "step", "has no version number", version)
    return step


_SNAPSHOT_HEAD = b'{"version":'
_SNAPSHOT_DOCUMENT = b',"document":'


def snapshot_split(raw: bytes | str, session_id: str) -> tuple[int, bytes]:
    """An undo snapshot ``{"version":v,"document":d}`` as (v, d), d as stored (not decoded:
    :func:`snapshot_from` decodes it)."""
    item = as_bytes(raw)
    comma = item.find(b",", len(_SNAPSHOT_HEAD))
    digits = item[len(_SNAPSHOT_HEAD) : comma]
    if (
        not item.startswith(_SNAPSHOT_HEAD)
        or comma < 0
        or not digits.isdigit()
        or not item.startswith(_SNAPSHOT_DOCUMENT, comma)
        or not item.endswith(b"}")
    ):
        shown = repr(item[:_SHOWN])
        raise SessionDamaged(session_id, "snapshot", f"is not a version and a document: {shown}")
    return int(digits), item[comma + len(_SNAPSHOT_DOCUMENT) : -1]


def steps_from(
    raws: list[bytes | str], session_id: str, first: int
) -> tuple[list[dict[str, Any]], bytes | None]:
    """A page of replay records from version ``first`` (:func:`step_from`), and version 1's
    document as stored when the page begins the log (:func:`first_step`)."""
    if first != 1 or not raws:
        return [step_from(raw, session_id, first + i) for i, raw in enumerate(raws)], None
    head, document = first_step(raws[0], session_id)
    return [head, *(step_from(raw, session_id, 1 + i) for i, raw in enumerate(raws[1:], 1))], (
        document
    )


_ORIGIN_HEAD = b'{"version":1,"origin":'
_ORIGIN_END = b',"document":'


def first_step(raw: bytes | str, session_id: str) -> tuple[dict[str, Any], bytes | None]:
    """The replay log's first record, its document as stored (not decoded) when it is a
    version and a document (as a session's creation writes it; a fork's names its
    ``origin`` between the two), else decoded in the record (:func:`step_from`) and None."""
    data = raw if isinstance(raw, bytes) else raw.encode()
    if data.startswith(_ORIGIN_HEAD):
        end = data.find(_ORIGIN_END)
        if end < 0 or not data.endswith(b"}"):
            return step_from(raw, session_id, 1), None
        origin = parsed(data[len(_ORIGIN_HEAD) : end], session_id, "step", 1)
        return {"version": 1, "origin": origin}, data[end + len(_ORIGIN_END) : -1]
    try:
        version, document = snapshot_split(raw, session_id)
    except SessionDamaged:
        return step_from(raw, session_id, 1), None
    if version != 1:
        return step_from(raw, session_id, 1), None
    return {"version": 1}, document


def snapshot_from(raw: bytes | str, session_id: str) -> tuple[int, Document]:
    """An undo snapshot as (its version, its document decoded)."""
    version, document = snapshot_split(raw, session_id)
    value = parsed(document, session_id, "snapshot", version)
    if not isinstance(value, dict):
        raise SessionDamaged(session_id, "snapshot", "holds no JSON object", version)
    return version, value


def record_from(raw: bytes | str, session_id: str) -> dict[str, Any]:
    """An idempotency record of the session, decoded (its outcome: :func:`outcome_from`)."""
    return object_from(raw, session_id, "record")


def outcome_from(
    record: dict[str, Any], session_id: str
) -> tuple[Session, dict[str, Any], list[Event] | tuple[int, int]]:
    """What a done idempotency record of an earlier release kept (new records:
    ``_idempotency``): the session it wrote, the response, and its events (a record of an
    older form holds them) or their range (first, count)."""
    try:
        if "applied" in record:
            applied = record["applied"]
            events = [event_of(e) for e in applied["events"]]
            return session_of(applied["session"]), applied["response"], events
        meta, response = record["session"], record["response"]
        document = record["document"] if "document" in record else response[record["document_at"]]
        first, count = record["events"]
        if not (isinstance(response, dict) and _whole(first) and _whole(count)):
            raise TypeError("a response object and an event range")
        return session_of({**meta, "document": document}), response, (first, count)
    except (KeyError, TypeError, ValueError, OverflowError, OSError) as error:
        reason = f"does not hold the outcome it stands for ({str(error)[:_SHOWN]})"
        raise SessionDamaged(session_id, "record", reason) from None

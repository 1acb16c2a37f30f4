"""An idempotency record of a write: what a replayed request answers, by reference.

The record keeps the request's fingerprint, the version written (its id, number and times),
the range of its events and the response's JSON with the document cut out of it
(``answer``: the bytes before and after the document, or the whole response when it does
not hold the document). The document is the written version's: the session's, or its undo
snapshot's, or (once it has left the session) a copy the write script appended to the record
after a newline (see :data:`service.store._lua.WRITE`). A record is then about the size of
the response without its encounter, not a second copy of the document.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.jsontext import encode
from service.store._codec import datetime_of, parsed, record_from
from service.store.errors import SessionDamaged
from service.store.records import Encoded, Session

__all__ = ["Reference", "parse", "reference_json"]


def reference_json(
    fingerprint: str | None,
    session: Session,
    first_event: int,
    event_count: int,
    response: dict[str, Any] | Encoded,
    document_at: str | None,
    document: bytes,
) -> bytes:
    """The record of a write that made ``session`` (whose document's JSON is ``document``)
    and answered ``response``; ``document_at`` names the member of the response that holds
    the document, if one does."""
    body = response.json if isinstance(response, Encoded) else encode(response)
    answer = [body.decode()]
    if document_at is not None:
        member = encode(document_at) + b":"
        found = body.find(member + document)
        if found >= 0:
            cut = found + len(member)
            answer = [body[:cut].decode(), body[cut + len(document) :].decode()]
    return encode(
        {
            "state": "done",
            "fingerprint": fingerprint,
            "session": {
                "id": session.id,
                "version": session.version,
                "created": round(session.created.timestamp() * 1000),
                "updated": round(session.updated.timestamp() * 1000),
                **({} if session.commitment is None else {"commitment": session.commitment}),
            },
            "events": [first_event, event_count],
            "answer": answer,
        }
    )


@dataclass(frozen=True, slots=True)
class Reference:
    """A record as stored: its JSON fields, and the document appended to it (if one was)."""

    session_id: str
    fields: dict[str, Any]
    document: bytes | None

    @property
    def by_version(self) -> bool:
        """Whether it names its version (else it is of an older form, holding its answer)."""
        return "answer" in self.fields

    @property
    def version(self) -> int:
        return self._shape()[0]

    @property
    def events(self) -> tuple[int, int]:
        """The range of its events: (first, count)."""
        return self._shape()[1]

    def outcome(self, document: bytes) -> tuple[Session, Any]:
        """The session version written and the response the first request answered, given
        that version's document."""
        version, _, answer = self._shape()
        meta = self.fields["session"]
        session = Session(
            str(meta.get("id")),
            version,
            None,
            datetime_of(_whole(meta.get("created"))),
            datetime_of(_whole(meta.get("updated"))),
            json=document,
            commitment=_commitment(meta.get("commitment")),
        )
        text = answer[0].encode()
        if len(answer) == 2:
            text += document + answer[1].encode()
        return session, parsed(text, self.session_id, "record")

    def _shape(self) -> tuple[int, tuple[int, int], list[str]]:
        try:
            meta, events, answer = (
                self.fields["session"],
                self.fields["events"],
                self.fields["answer"],
            )
            version = _whole(meta["version"])
            first, count = (_whole(n) for n in events)
            if len(answer) not in (1, 2) or not all(isinstance(a, str) for a in answer):
                raise TypeError("an answer of one or two strings")
        except (KeyError, TypeError, ValueError) as error:
            reason = f"does not hold the outcome it stands for ({str(error)[:80]})"
            raise SessionDamaged(self.session_id, "record", reason) from None
        return version, (first, count), list(answer)


def _commitment(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError(f"{value!r} is no whole number")
    return value


def parse(stored: bytes | str, session_id: str) -> Reference:
    """A record, claim or older record as stored (a newline parts the appended document).

    :raises SessionDamaged: it is not a JSON object.
    """
    data = stored if isinstance(stored, bytes) else stored.encode()
    head, newline, document = data.partition(b"\n")
    return Reference(session_id, record_from(head, session_id), document if newline else None)

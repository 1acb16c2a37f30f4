"""A session's seats: who may act as which of its creatures (docs/seats.md, ADR 0007).

A seat is a field of its session's hash, ``seat:<id>``, holding the seat's record as JSON
(its combatant ids, label, when it was made, and the SHA-256 of its token): it lives and
ends with its session (a write's expiry, a delete, an expiry) and is revoked by removing
the field. The token is shown once, when the seat is made, and reads::

    seat.<tenant>.<session id>.<seat id>.<secret>

``seat id`` is 16 hex digits, ``secret`` 43 URL-safe characters (256 bits from
:mod:`secrets`); the tenant and the session name where the record is, so a token costs one
read of its session's hash to check, and the digests are compared in constant time. A
token names its session and tenant openly: it gives no power outside that session.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from service.jsontext import encode
from service.store._codec import object_from
from service.store.errors import SessionDamaged
from service.store.records import Proposal, Seat

__all__ = [
    "MAX_PROPOSALS",
    "MAX_SEATS",
    "SEAT_TOKEN_PREFIX",
    "SeatToken",
    "is_seat_token",
    "new_seat",
    "parse_seat_token",
]

MAX_SEATS = 20
"""The most seats one session holds at once."""
SEAT_TOKEN_PREFIX = "seat."
FIELD = "seat:"

_ID = re.compile(r"[0-9a-f]{16}")
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
_SESSION = re.compile(r"[A-Za-z0-9_-]{16,64}")
_TENANT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


@dataclass(frozen=True, slots=True)
class SeatToken:
    """What a well-formed seat token names."""

    tenant: str
    session_id: str
    seat_id: str


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def is_seat_token(presented: str) -> bool:
    """Whether a presented credential is meant as a seat token (an API key is not)."""
    return presented.startswith(SEAT_TOKEN_PREFIX)


def parse_seat_token(presented: str) -> SeatToken | None:
    """What a well-formed seat token names, else None (it may be an API key)."""
    if not presented.startswith(SEAT_TOKEN_PREFIX):
        return None
    parts = presented[len(SEAT_TOKEN_PREFIX) :].rsplit(".", 3)
    if len(parts) != 4:
        return None
    tenant, session_id, seat_id, secret = parts
    if not (
        _TENANT.fullmatch(tenant)
        and _SESSION.fullmatch(session_id)
        and _ID.fullmatch(seat_id)
        and _SECRET.fullmatch(secret)
    ):
        return None
    return SeatToken(tenant, session_id, seat_id)


def _now_us() -> int:
    """Now, in microseconds: seats and proposals are listed in this order."""
    return time.time_ns() // 1000


def _datetime(us: int) -> datetime:
    return datetime.fromtimestamp(us / 1_000_000, UTC)


def new_seat(
    tenant: str,
    session_id: str,
    combatants: tuple[str, ...],
    label: str,
    approval: bool = False,
) -> tuple[str, Seat, bytes]:
    """A fresh seat: its token (shown once), its record, and the JSON stored for it."""
    now = _now_us()
    seat_id = secrets.token_hex(8)
    token = f"{SEAT_TOKEN_PREFIX}{tenant}.{session_id}.{seat_id}.{secrets.token_urlsafe(32)}"
    record = Seat(seat_id, tenant, session_id, combatants, label, _datetime(now), approval)
    raw = encode(
        {
            "id": seat_id,
            "combatants": list(combatants),
            "label": label,
            "created": now,
            "digest": digest(token),
            "approval": approval,
        }
    )
    return token, record, raw


def decoded(raw: bytes | str, tenant: str, session_id: str) -> tuple[Seat, str]:
    """A stored seat and its token's digest; :class:`SessionDamaged` if it is not one."""
    value: dict[str, Any] = object_from(raw, session_id, "state")
    try:
        combatants = value["combatants"]
        record = Seat(
            str(value["id"]),
            tenant,
            session_id,
            tuple(str(c) for c in combatants),
            str(value["label"]),
            _datetime(int(value["created"])),
            bool(value.get("approval", False)),
        )
        return record, str(value["digest"])
    except (KeyError, TypeError, ValueError):
        raise SessionDamaged(session_id, "state", "holds a damaged seat") from None


def matches(token: str, token_digest: str) -> bool:
    """Whether ``token`` is the one whose digest is stored (constant time)."""
    return hmac.compare_digest(digest(token), token_digest)


NOTHING = digest(secrets.token_urlsafe(32))
"""The digest an unknown seat's token is compared with, so a refusal takes as long."""


def is_seat_id(seat_id: str) -> bool:
    return bool(_ID.fullmatch(seat_id))


def field(seat_id: str) -> str:
    return FIELD + seat_id


MAX_PROPOSALS = 20
"""The most proposals waiting in one session at once."""


def proposal_field(version: int, seat_id: str, proposal_id: str) -> str:
    """A proposal's field of the session's hash: ``proposal:<version>:<seat>:<id>``, so that a
    script drops the stale ones (and a revoked seat's) by name, decoding nothing."""
    return f"proposal:{version}:{seat_id}:{proposal_id}"


def new_proposal(
    seat_id: str, action: str, params: dict[str, Any], version: int
) -> tuple[Proposal, bytes]:
    now = _now_us()
    proposal_id = secrets.token_hex(8)
    proposal = Proposal(proposal_id, seat_id, action, params, version, _datetime(now))
    raw = encode(
        {
            "id": proposal_id,
            "seatId": seat_id,
            "action": action,
            "params": params,
            "version": version,
            "created": now,
        }
    )
    return proposal, raw


def decoded_proposal(raw: bytes | str, session_id: str) -> Proposal:
    value: dict[str, Any] = object_from(raw, session_id, "state")
    try:
        params = value["params"]
        if not isinstance(params, dict):
            raise TypeError
        return Proposal(
            str(value["id"]),
            str(value["seatId"]),
            str(value["action"]),
            params,
            int(value["version"]),
            _datetime(int(value["created"])),
        )
    except (KeyError, TypeError, ValueError):
        raise SessionDamaged(session_id, "state", "holds a damaged proposal") from None

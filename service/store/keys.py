"""Redis key names and session ids.

Every Redis key and pub/sub channel the store uses is built by :func:`key`::

    {prefix}:{tenant}:{{{scope}}}:{part}        e.g.  crs:acme:{Qm9vLWJhci1iYXotcXV4}:session

The prefix namespaces a deployment, the tenant separates tenants (another tenant's session
id simply names keys that do not exist), and the braces make ``scope`` (a session id) the
Redis Cluster hash tag, so all keys of one session live in one slot and one Lua script may
touch them all. A tenant's quota ledger has the scope ``ledger.<tenant>`` (a dot, which no
session id has), so its keys share a slot too.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from service.store.errors import SessionNotFound

__all__ = [
    "DEFAULT_PREFIX",
    "SessionKeys",
    "check_name",
    "key",
    "new_session_id",
    "parse_session_id",
    "session_keys",
]

DEFAULT_PREFIX = "crs"

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
_SCOPE = re.compile(r"[A-Za-z0-9_.-]{1,80}")
_PART = re.compile(r"[A-Za-z0-9_.:-]{1,100}")


def check_name(name: str, what: str = "tenant") -> str:
    """Return a tenant or prefix name unchanged, or raise ValueError if it is not a plain name.

    A name is 1 to 64 characters of ``A-Z a-z 0-9 _ . -``, starting with a letter or digit:
    no colons, so key names cannot collide, and no braces, so the hash tag stays the scope.
    """
    if not _NAME.fullmatch(name):
        raise ValueError(f"invalid {what} name: {name!r}")
    return name


def key(tenant: str, scope: str, part: str, *, prefix: str = DEFAULT_PREFIX) -> str:
    """The name of one Redis key (or channel): ``part`` of ``scope`` (a session id) of ``tenant``.

    Raises ValueError for a malformed tenant, prefix, scope or part; callers validate
    untrusted session ids first with :func:`parse_session_id`.
    """
    check_name(prefix, "prefix")
    check_name(tenant)
    if not _SCOPE.fullmatch(scope):
        raise ValueError(f"invalid key scope: {scope!r}")
    if not _PART.fullmatch(part):
        raise ValueError(f"invalid key part: {part!r}")
    return f"{prefix}:{tenant}:{{{scope}}}:{part}"


def new_session_id() -> str:
    """A fresh random session id: 22 URL-safe characters, 128 bits from :mod:`secrets`.

    It starts with a letter or digit, so that no id looks like a command-line option
    (``bot.py --session -x…`` would be read as a flag).
    """
    while True:
        session_id = secrets.token_urlsafe(16)
        if session_id[0].isalnum():
            return session_id


def parse_session_id(session_id: str) -> str:
    """Return ``session_id`` if it is well formed, else raise :class:`SessionNotFound`.

    Well formed: 16 to 64 characters of the URL-safe base64 alphabet.
    """
    if not isinstance(session_id, str) or not _SESSION_ID.fullmatch(session_id):
        raise SessionNotFound(str(session_id)[:100])
    return session_id


@dataclass(frozen=True, slots=True)
class SessionKeys:
    """The Redis keys of one session's data (:func:`session_keys` names them)."""

    session_id: str
    session: str
    events: str
    history: str
    records: str
    channel: str
    record_prefix: str
    steps: str
    marks: str
    refs: str
    reveals: str

    def stored(self) -> list[str]:
        """The keys that hold the session's data: what a write may change and a delete
        removes."""
        return [
            self.session,
            self.events,
            self.history,
            self.records,
            self.steps,
            self.marks,
            self.refs,
            self.reveals,
        ]


def session_keys(tenant: str, session_id: str, *, prefix: str = DEFAULT_PREFIX) -> SessionKeys:
    """The keys of one session of ``tenant``.

    :raises SessionNotFound: ``session_id`` is not well formed (:func:`parse_session_id`).
    """
    session_id = parse_session_id(session_id)
    parts = ("session", "events", "history", "records", "updates", "idempotency:")
    more = ("steps", "marks", "refs", "reveals")
    return SessionKeys(
        session_id, *(key(tenant, session_id, part, prefix=prefix) for part in (*parts, *more))
    )

"""The fair dice of sessions: a session's secret revealed and replaced by a fresh committed
one, and the secrets it revealed (see :meth:`SessionStore.create` for the commitment)."""

from __future__ import annotations

import hashlib

from service.store import _lua
from service.store._access import Access
from service.store._cache import Cache
from service.store._codec import as_text, count_from, object_from
from service.store.errors import (
    NothingToReveal,
    SessionDamaged,
    SessionNotFound,
    TooManyReveals,
)
from service.store.records import MAX_REVEALS, Reveal


class Dice:
    """Reveals of the sessions' dice secrets (``store.dice``)."""

    def __init__(self, access: Access, cache: Cache) -> None:
        self._access = access
        self._cache = cache

    async def reveal(self, tenant: str, session_id: str, fresh: bytes) -> tuple[Reveal, str]:
        """Publish the session's dice secret and commit to ``fresh`` in its place, atomically:
        the secret revealed (kept in the session's reveals, :meth:`reveals`) and the new
        commitment (SHA-256 of ``fresh``, hex). No new version, nothing logged or published:
        the next action's seed derives from ``fresh``.

        :raises SessionNotFound: there is no such session.
        :raises NothingToReveal: the session has no commitment (created before fair dice).
        :raises TooManyReveals: it was revealed :data:`MAX_REVEALS` times already.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        commitment = hashlib.sha256(fresh).hexdigest()
        self._cache.drop(keys.session)
        async with access.guard():
            answer = await _lua.REVEAL(
                access.redis,
                [keys.session, keys.reveals],
                [fresh.hex(), commitment, MAX_REVEALS],
            )
        status = as_text(answer[0])
        if status == "missing":
            raise SessionNotFound(keys.session_id)
        if status == "none":
            raise NothingToReveal(keys.session_id)
        if status == "full":
            raise TooManyReveals(keys.session_id, MAX_REVEALS)
        sid = keys.session_id
        revealed = Reveal(
            bytes.fromhex(as_text(answer[1])),
            as_text(answer[2]),
            count_from(answer[3], sid, "dice line"),
            count_from(answer[4], sid, "version", 1),
        )
        return revealed, commitment

    async def reveals(self, tenant: str, session_id: str) -> list[Reveal] | None:
        """The dice secrets the session revealed, oldest first (see :meth:`reveal`); None for
        a session without fair dice.

        :raises SessionNotFound: there is no such session.
        """
        access = self._access
        keys = access.keys(tenant, session_id)
        async with access.guard():
            found = await _lua.REVEALS(access.redis, [keys.session, keys.reveals], [MAX_REVEALS])
        if not found:
            raise SessionNotFound(keys.session_id)
        if not int(found[0]):
            return None
        out = []
        for item in found[1:]:
            record = object_from(item, keys.session_id, "state")
            try:
                out.append(
                    Reveal(
                        bytes.fromhex(record["secret"]),
                        str(record["commitment"]),
                        int(record["line"]),
                        int(record["version"]),
                    )
                )
            except (KeyError, TypeError, ValueError):
                raise SessionDamaged(keys.session_id, "state", "holds a damaged reveal") from None
        return out

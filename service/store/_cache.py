"""The per-process cache: the documents this process read or wrote, decoded, by session,
with the stored state (:class:`State`) they were read or written at."""

from __future__ import annotations

import builtins
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class State:
    version: int
    json: bytes | None
    """The document; None when it was not read (its version was known)."""
    created: int
    updated: int
    total_events: int
    last_snapshot: str | None
    bytes: int
    document_bytes: int
    title: str | None = None
    line: int = 0
    """The session's dice line (see :meth:`SessionStore.create`); 0 for a session without
    fair dice."""
    commitment: str | None = None
    """The SHA-256 (hex) of the current dice secret; None without fair dice."""
    dice: builtins.bytes | None = None
    """The current dice secret (never in any answer before it is revealed)."""


@dataclass(frozen=True, slots=True)
class Kept:
    state: State
    value: Any
    json: bytes | None = None
    """The document's JSON as this process wrote it (a read of that version sends it as it
    is, neither read from Redis nor decoded again)."""


class Cache:
    """The documents this process read or wrote, decoded, by session: the newest version of
    each, least recently used first, at most ``limit`` bytes of their JSON in all."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._entries: OrderedDict[str, Kept] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str) -> Kept | None:
        found = self._entries.get(name)
        if found is not None:
            self._entries.move_to_end(name)
        return found

    def put(self, name: str, kept: Kept) -> None:
        self.drop(name)
        cost = kept.state.document_bytes
        if cost > self.limit:
            return
        self._entries[name] = kept
        self.size += cost
        while self.size > self.limit:
            _, oldest = self._entries.popitem(last=False)
            self.size -= oldest.state.document_bytes

    def drop(self, name: str) -> None:
        found = self._entries.pop(name, None)
        if found is not None:
            self.size -= found.state.document_bytes

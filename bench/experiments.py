"""App factories that try a transport-level change without editing the service.

Each factory patches the service in this process only, then builds the normal app; run one
with ``python -m bench --app bench.experiments:<factory>`` to measure a change proposed in
docs/performance.md before anyone applies it for real. None of this is used in production.
"""

from __future__ import annotations

from typing import Any

from pydantic_core import from_json, to_json
from starlette.applications import Starlette


def _graphql_caches() -> None:
    """Parse and validate each distinct GraphQL document once (strawberry's LRU caches)."""
    from strawberry.extensions import ParserCache, ValidationCache

    from service.api.graphql import schema as graphql_schema

    s = graphql_schema.schema
    s.extensions = (  # type: ignore[misc]
        *s.extensions,
        lambda: ParserCache(maxsize=256),
        lambda: ValidationCache(maxsize=256),
    )


class _FastJson:
    """``json``'s ``dumps``/``loads`` as used by the store and the session routes, done by
    pydantic-core (Rust) instead of the standard library."""

    @staticmethod
    def dumps(value: Any, **_: Any) -> str:
        return to_json(value).decode()

    @staticmethod
    def loads(value: str | bytes) -> Any:
        return from_json(value)


def _session_json() -> None:
    """The store and the session routes encode and decode JSON with pydantic-core."""
    from service.api.rest import sessions as rest_sessions
    from service.store import sessions as store_sessions

    store_sessions.json = _FastJson  # type: ignore[assignment]
    store_sessions._dumps = _FastJson.dumps
    rest_sessions.json = _FastJson  # type: ignore[assignment]


def _no_snapshot_read() -> None:
    """SessionStore.apply reads the session without the undo snapshot (only undo needs it:
    the write's Lua script pushes the old document itself)."""
    import contextvars

    from service.store import sessions as store_sessions

    store = store_sessions.SessionStore
    applying: contextvars.ContextVar[bool] = contextvars.ContextVar("applying", default=False)
    original_read, original_apply = store._read, store.apply

    async def read(self: Any, keys: Any, *, with_snapshot: bool) -> Any:
        return await original_read(self, keys, with_snapshot=with_snapshot and not applying.get())

    async def apply(self: Any, *args: Any, **kwargs: Any) -> Any:
        token = applying.set(True)
        try:
            return await original_apply(self, *args, **kwargs)
        finally:
            applying.reset(token)

    store._read = read  # type: ignore[method-assign]
    store.apply = apply  # type: ignore[method-assign]


def graphql_cached() -> Starlette:
    _graphql_caches()
    from service.app import create_app

    return create_app()


def session_fast() -> Starlette:
    _session_json()
    _no_snapshot_read()
    from service.app import create_app

    return create_app()


def all_proposals() -> Starlette:
    _graphql_caches()
    _session_json()
    _no_snapshot_read()
    from service.app import create_app

    return create_app()

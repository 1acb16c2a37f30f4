"""Apps under test for the hardening tests, on a real Redis with a key prefix of this run.

``redis_url``: ``REDIS_URL`` if set, else the server on 127.0.0.1:6379 if one answers, else a
server of our own. Keys of the run's prefix are deleted at the end.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from app_support import until_ready
from redis_support import drop_prefix, redis_for_tests
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    with redis_for_tests() as url:
        yield url


@pytest.fixture(scope="session")
def redis_prefix(redis_url: str) -> Iterator[str]:
    prefix = f"crs-hard-{uuid.uuid4().hex[:12]}"
    yield prefix
    drop_prefix(redis_url, prefix)


@pytest.fixture(scope="session")
def base_settings(redis_url: str, redis_prefix: str) -> Settings:
    return Settings(redis_url=redis_url, redis_prefix=redis_prefix, max_body_bytes=256 * 1024)


@pytest.fixture
def make_client(base_settings: Settings) -> Iterator[Callable[..., TestClient]]:
    """``make_client(**settings)``: a started TestClient of an app with those settings."""
    clients: list[TestClient] = []

    def make(**changes: Any) -> TestClient:
        # A prefix of its own: rate limits and keys of one test never meet another's.
        changes.setdefault("redis_prefix", f"{base_settings.redis_prefix}-{uuid.uuid4().hex[:8]}")
        client = TestClient(create_app(replace(base_settings, **changes)))
        client.__enter__()
        clients.append(client)
        until_ready(client)  # a rate limit would refill while a first request waited
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)

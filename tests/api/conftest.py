"""The app under test, on a real Redis, and the service as separate processes.

``redis_url``: ``REDIS_URL`` if set, else the server on 127.0.0.1:6379 if one answers, else a
server of our own (:class:`RedisServer`). Every test run uses its own key prefix, and its keys
are deleted at the end, so runs never collide on a shared server.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from doors import Door, GraphQL, Rest
from redis_support import drop_prefix, need_redis_server, redis_for_tests
from service_process import ServiceProcess
from starlette.testclient import TestClient

from service.api.observability import ACCESS_LOG
from service.app import create_app
from service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    with redis_for_tests() as url:
        yield url


@pytest.fixture(scope="session")
def redis_prefix(redis_url: str) -> Iterator[str]:
    """A key prefix of this test run; its keys are deleted afterwards."""
    prefix = f"crs-test-{uuid.uuid4().hex[:12]}"
    yield prefix
    drop_prefix(redis_url, prefix + ":")


@pytest.fixture(scope="session")
def settings(redis_url: str, redis_prefix: str) -> Settings:
    return Settings(max_body_bytes=64 * 1024, redis_url=redis_url, redis_prefix=redis_prefix)


@pytest.fixture(scope="session")
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture(params=["rest", "graphql"])
def door(request: pytest.FixtureRequest, client: TestClient) -> Door:
    return Rest(client) if request.param == "rest" else GraphQL(client)


@pytest.fixture
def start_service(tmp_path: Path) -> Iterator[Callable[..., ServiceProcess]]:
    """Start ``python -m service`` processes (``start(env)``); all are stopped afterwards."""
    yield from _launcher(tmp_path)


@pytest.fixture(scope="module")
def start_module_service(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[..., ServiceProcess]]:
    """Like ``start_service``, for processes a whole module shares."""
    yield from _launcher(tmp_path_factory.mktemp("services"))


def _launcher(tmp_path: Path) -> Iterator[Callable[..., ServiceProcess]]:
    started: list[ServiceProcess] = []

    def start(env: dict[str, str], wait: bool = True) -> ServiceProcess:
        service = ServiceProcess(env, tmp_path / f"service-{len(started)}.log")
        started.append(service)
        if wait:
            service.wait_ready()
        return service

    try:
        yield start
    finally:
        for service in started:
            service.stop()


@pytest.fixture(scope="session")
def redis_server_executable() -> str:
    """A redis-server binary for tests that run servers of their own; skip if there is none."""
    return need_redis_server()


@pytest.fixture
def access_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """The access log's records (it does not propagate to the root logger caplog watches)."""
    ACCESS_LOG.addHandler(caplog.handler)
    caplog.set_level(logging.INFO, logger=ACCESS_LOG.name)
    try:
        yield caplog
    finally:
        ACCESS_LOG.removeHandler(caplog.handler)

"""What the browser tests share: Chromium, and ``python -m service`` on a free loopback port
(on the Redis at 127.0.0.1:6379 when one answers, under a key prefix of its own; else the
embedded one). Tests skip only when no Chromium is installed (``scripts/check`` installs
Debian's ``chromium`` when it can)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from e2e_support import Chromium, find_chromium
from redis_support import answers as redis_answers
from service_process import ServiceProcess


@pytest.fixture(scope="module")
def chromium_binary() -> str:
    binary = find_chromium()
    if binary is None:
        pytest.skip(
            "no Chromium found (looked for $CHROMIUM, chromium, chromium-browser, google-chrome): "
            "install Debian's `chromium` package (scripts/check does when run as root)"
        )
    return binary


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    prefix = f"crs-e2e-{uuid.uuid4().hex[:12]}"
    env = {"CRS_REDIS_PREFIX": prefix, "CRS_SESSION_TTL_SECONDS": "900"}
    redis_url = "redis://127.0.0.1:6379/0" if redis_answers() else None
    if redis_url:
        env["REDIS_URL"] = redis_url
    process = ServiceProcess(env, tmp_path_factory.mktemp("service") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()
        if redis_url:
            import redis

            conn = redis.Redis.from_url(redis_url, socket_timeout=5)
            try:
                keys = list(conn.scan_iter(match=f"{prefix}*", count=500))
                if keys:
                    conn.delete(*keys)
            except redis.RedisError:
                pass
            finally:
                conn.close()


@pytest.fixture(scope="module")
def browser(chromium_binary: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    chromium = Chromium(chromium_binary, tmp_path_factory.mktemp("chromium") / "chromium.log")
    try:
        yield chromium
    finally:
        chromium.stop()

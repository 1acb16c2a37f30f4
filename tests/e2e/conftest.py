"""What the browser tests share: Chromium, and ``python -m service`` on a free loopback port
(on the Redis at 127.0.0.1:6379 when one answers, under a key prefix of its own; else the
embedded one). Tests skip only when no Chromium is installed (``scripts/check`` installs
Debian's ``chromium`` when it can)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_support import Chromium, find_chromium, serving
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
    with serving(tmp_path_factory.mktemp("service")) as process:
        yield process


@pytest.fixture(scope="module")
def browser(chromium_binary: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    chromium = Chromium(chromium_binary, tmp_path_factory.mktemp("chromium") / "chromium.log")
    try:
        yield chromium
    finally:
        chromium.stop()

"""Fixtures for the SDK tests.

``live_service``: ``python -m service`` on a free loopback port, with ``REDIS_URL`` to the Redis
on 127.0.0.1:6379 when one answers (under a key prefix of its own, removed afterwards), else
with its embedded Redis; stopped at the end of the session.

``sdk_python``: a venv (with the test venv's packages visible) into which
``pip install ./clients/python`` installed the SDK, as a user would.

``typescript_project``: clients/typescript with its node_modules (``npm ci`` when missing);
the tests that need it skip when ``node`` or ``npm`` is not installed.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from clients_support import PYTHON_SDK, TYPESCRIPT_SDK, LiveService, need_node, run


@pytest.fixture(scope="session")
def live_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveService]:
    service = LiveService(tmp_path_factory.mktemp("service"))
    try:
        service.wait_ready()
        yield service
    finally:
        service.stop()


@pytest.fixture(scope="session")
def limited_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveService]:
    """A service that lets one request in a second (GCRA: a burst of 1)."""
    env = {"CRS_RATE_LIMIT": "60", "CRS_RATE_BURST": "1"}
    service = LiveService(tmp_path_factory.mktemp("limited"), env)
    try:
        service.wait_ready()
        yield service
    finally:
        service.stop()


@pytest.fixture(scope="session")
def sdk_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a venv with the SDK installed by ``pip install ./clients/python``."""
    venv = tmp_path_factory.mktemp("sdk-venv")
    run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], timeout=120)
    python = venv / "bin" / "python"
    # Built from a copy, so the build leaves nothing behind in the work tree.
    source = tmp_path_factory.mktemp("sdk-source") / "python"
    shutil.copytree(PYTHON_SDK, source, ignore=shutil.ignore_patterns("__pycache__"))
    run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            str(source),
        ],
        timeout=300,
    )
    return python


@pytest.fixture(scope="session")
def typescript_project() -> Path:
    """clients/typescript, with node_modules installed from its package-lock.json if missing."""
    _, npm = need_node()
    if not (TYPESCRIPT_SDK / "node_modules" / ".bin" / "tsc").exists():
        run([npm, "ci", "--no-audit", "--no-fund"], timeout=600, cwd=TYPESCRIPT_SDK)
    return TYPESCRIPT_SDK

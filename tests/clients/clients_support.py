"""Helpers for the SDK tests (a live service, running commands); the fixtures are in conftest.py.

Named apart from ``conftest`` so that importing it never depends on which conftest pytest
loaded last.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest
from redis_support import answers as redis_answers

ROOT = Path(__file__).resolve().parents[2]
PYTHON_SDK = ROOT / "clients" / "python"
TYPESCRIPT_SDK = ROOT / "clients" / "typescript"
LOCAL_REDIS = ("127.0.0.1", 6379)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run(cmd: list[str], timeout: float, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run ``cmd``; on failure, fail the test with its output."""
    started = time.monotonic()
    done = subprocess.run(
        cmd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )
    if done.returncode != 0:
        pytest.fail(
            f"{' '.join(cmd)} exited {done.returncode} after {time.monotonic() - started:.1f}s\n"
            f"--- stdout\n{done.stdout[-4000:]}\n--- stderr\n{done.stderr[-4000:]}"
        )
    return done


class LiveService:
    """``python -m service`` on a free loopback port (``env``: more settings)."""

    def __init__(self, tmp: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.prefix = f"crs-clients-{uuid.uuid4().hex[:12]}"
        self.redis_url: str | None = None
        given = env or {}
        env = {k: v for k, v in os.environ.items() if not k.startswith("CRS_") and k != "REDIS_URL"}
        env.update(CRS_HOST="127.0.0.1", CRS_PORT=str(self.port), CRS_REDIS_PREFIX=self.prefix)
        env["CRS_SESSION_TTL_SECONDS"] = "900"
        env.update(given)
        if redis_answers(*LOCAL_REDIS):
            self.redis_url = env["REDIS_URL"] = "redis://{}:{}/0".format(*LOCAL_REDIS)
        self.log_path = tmp / "service.log"
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "service"],
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the service exited {self.process.returncode}:\n{self.output()}"
                )
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the service did not answer /healthz in {timeout}s:\n{self.output()}")

    def output(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        self._log.close()
        if self.redis_url:
            self._forget_keys()

    def _forget_keys(self) -> None:
        import redis

        conn = redis.Redis.from_url(self.redis_url or "", socket_timeout=5)
        try:
            keys = list(conn.scan_iter(match=f"{self.prefix}*", count=500))
            if keys:
                conn.delete(*keys)
        except redis.RedisError:
            pass
        finally:
            conn.close()


def need_node() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        pytest.skip("node and npm are needed for the TypeScript SDK (Node.js 20.19+)")
    return node, npm

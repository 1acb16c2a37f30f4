"""``python -m service`` as a child process on a free loopback port, for tests that need
real processes (several instances on one Redis, a Redis outage, the embedded default)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from service.store.embedded import free_port

ROOT = Path(__file__).resolve().parent.parent


class ServiceProcess:
    """``python -m service`` as a child process on a free loopback port."""

    def __init__(
        self,
        env: dict[str, str],
        log: Path,
        *,
        port_by_flag: bool = False,
        command: Sequence[str] = (),
    ) -> None:
        """``port_by_flag``: the port is given as ``--port`` (and ``CRS_PORT`` names another
        free port, which the flag overrides). ``command``: the arguments before the flags
        (``["serve"]``; none serves too)."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        full_env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("CRS_") and key != "REDIS_URL"
        }
        full_env.update(env)
        env_port = free_port() if port_by_flag else self.port
        full_env.update({"CRS_HOST": "127.0.0.1", "CRS_PORT": str(env_port)})
        flags = ["--port", str(self.port)] if port_by_flag else []
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "service", *command, *flags],
                cwd=ROOT,
                env=full_env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
            )

    def wait_ready(self, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if httpx.get(self.url + "/readyz", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the service at {self.url} did not get ready:\n{self.output()}")

    def cpu_seconds(self) -> float:
        """The CPU time (user and system) the process has used so far, from ``/proc``: what a
        request costs the service, whatever else the machine is doing."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

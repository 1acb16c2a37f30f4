"""Cold start (issue 25): the CPU a fresh ``python -m service`` spends until its first
``/healthz`` answer, beside the bare Starlette echo (bench/baseline.py) started the same way
by uvicorn in the same run. Target: at most 3 s of CPU for the service.

CPU, not wall time: the machine is shared, and what a start costs is what it computes
(imports, building the wire models and the GraphQL schema), not how long it waits for a core.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from service.store.embedded import free_port

ROOT = Path(__file__).resolve().parent.parent
TARGET = 3.0
"""The service's CPU seconds to its first ``/healthz`` answer, at most."""
WAIT = 120.0
"""Seconds a start may take before the row fails (a busy machine is slow, not wrong)."""


@dataclass(frozen=True, slots=True)
class ColdStart:
    """CPU seconds to the first answer, one per start."""

    service: list[float]
    baseline: list[float]

    @property
    def met(self) -> bool:
        return statistics.median(self.service) <= TARGET


def cpu_to_first_answer(argv: list[str], path: str, env: dict[str, str]) -> float:
    """Start ``argv`` (given ``--port``), poll ``path`` until it answers, and return the CPU
    seconds (user and system, from ``/proc``) the process had used by then."""
    port = free_port()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [*argv, "--port", str(port)],
            cwd=ROOT,
            env={**os.environ, **env},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                if process.poll() is not None:
                    log.seek(0)
                    raise SystemExit(f"{argv} exited:\n{log.read()[-2000:].decode()}")
                try:
                    httpx.get(f"http://127.0.0.1:{port}{path}", timeout=1.0)
                except httpx.HTTPError:
                    time.sleep(0.01)
                    continue
                return _cpu(process.pid)
            raise SystemExit(f"{argv} did not answer within {WAIT:g} s")
        finally:
            process.terminate()
            process.wait(10)


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(redis_url: str, prefix: str, runs: int) -> ColdStart:
    """``runs`` starts of each, alternating (the machine's load weighs on both alike)."""
    service = [sys.executable, "-m", "service", "--host", "127.0.0.1"]
    baseline = [sys.executable, "-m", "uvicorn", "bench.baseline:app", "--host", "127.0.0.1"]
    env = {"REDIS_URL": redis_url, "CRS_REDIS_PREFIX": prefix}
    result = ColdStart([], [])
    for _ in range(runs):
        result.service.append(cpu_to_first_answer(service, "/healthz", env))
        result.baseline.append(cpu_to_first_answer(baseline, "/healthz", {}))
    return result


def row(result: ColdStart) -> str:
    """The table of :func:`measure`'s result (medians, min–max)."""

    def cell(values: list[float]) -> str:
        return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"

    ratio = statistics.median(result.service) / statistics.median(result.baseline)
    return "\n".join(
        [
            "| start | CPU s to the first /healthz (min–max) | over the echo's | target | met |",
            "|---|---:|---:|---:|---|",
            f"| python -m service | {cell(result.service)} | {ratio:.1f} | ≤ {TARGET:g} s "
            f"| {'yes' if result.met else '**no**'} |",
            f"| uvicorn bench.baseline:app (the echo) | {cell(result.baseline)} | 1.0 | | |",
        ]
    )

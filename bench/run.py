"""The benchmark suite: ``python -m bench`` (see docs/performance.md).

It starts, on loopback, the service (uvicorn, one worker, ``REDIS_URL`` pointing at the
Redis on 127.0.0.1:6379 if one answers, else at a ``service.store.RedisServer`` it starts)
and a baseline (``bench/baseline.py``: a bare Starlette endpoint that echoes the JSON body,
served with the same uvicorn options); drives each scenario with ``wrk`` (or, without wrk,
``bench/loadgen.py`` in its own process); prints one table; and stops everything it started.

Every figure is divided by the baseline measured in the same run, on the same body, just
before it; with ``--runs N`` each figure is the median of N runs (ratios are per-run ratios,
then the median). On a machine with two or more cores the servers are pinned to CPU 0 and the
load generator to CPU 1 (``taskset``), so they don't steal each other's time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import scenarios

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LUA = HERE / "post.lua"
STARTUP_SECONDS = 180
"""Importing the service (pydantic models, the GraphQL schema) takes seconds, more on a busy
machine."""
SERVICE_APP = "service.app:create_app"
BASELINE_APP = "bench.baseline:app"
UVICORN_OPTIONS = [
    "--host",
    "127.0.0.1",
    "--workers",
    "1",
    "--loop",
    "uvloop",
    "--http",
    "httptools",
    "--no-access-log",
    "--log-level",
    "warning",
]


@dataclass(slots=True)
class Scenario:
    key: str
    title: str
    path: str
    """The route; ``{sid}`` is replaced by the session's id."""
    body: dict[str, Any]
    baseline: str
    """The key of the baseline body this scenario is compared with."""
    target: float | None = None
    session_of: dict[str, Any] | None = None
    """Session mode: the encounter the session is created with."""


@dataclass(slots=True)
class Measure:
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int
    client_cpu: float | None = None
    server_cpu_us: float | None = None
    """CPU time (user + system) the server process spent per request: unlike req/s, it
    hardly moves when other processes take the CPU away."""


@dataclass(slots=True)
class Row:
    scenario: Scenario
    runs: list[Measure] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)
    baselines: list[Measure] = field(default_factory=list)
    cpu_ratios: list[float] = field(default_factory=list)
    failure: str | None = None


SIZES = (6, 25, 100, 400)
"""The encounter sizes of the growth rows (REST stateless and session mode)."""

TARGETS = {
    "rest6": 0.6,
    "rest100": 0.7,
    "rest400": 0.5,
    "graphql6": 0.3,
    "session6": 0.5,
    "session100": 0.7,
}
"""Issue 27's targets, on the CPU ratio (the echo's CPU per request over the service's)."""

GRAPHQL_SIZES = (6, 100)
"""The encounter sizes of the GraphQL rows."""


def baseline_bodies() -> dict[str, dict[str, Any]]:
    return {
        **{f"attack{n}": scenarios.attack_body(n) for n in SIZES},
        **{f"graphql{n}": scenarios.graphql_body(n) for n in GRAPHQL_SIZES},
        "cover": scenarios.cover_body(),
        "flanking": scenarios.flanking_body(),
    }


def all_scenarios() -> list[Scenario]:
    rest = [
        Scenario(
            f"rest{n}",
            f"REST resolve-attack, {n} combatants (stateless)",
            "/v1/resolve-attack",
            scenarios.attack_body(n),
            f"attack{n}",
            TARGETS.get(f"rest{n}"),
        )
        for n in SIZES
    ]
    graphql = [
        Scenario(
            f"graphql{n}",
            f"GraphQL resolveAttack, {n} combatants (typed encounter as variable, all selected)",
            "/graphql",
            scenarios.graphql_body(n),
            f"graphql{n}",
            TARGETS.get(f"graphql{n}"),
        )
        for n in GRAPHQL_SIZES
    ]
    session = [
        Scenario(
            f"session{n}",
            f"Session resolve-attack, {n} combatants (Redis)",
            "/v1/sessions/{sid}/resolve-attack",
            scenarios.session_attack_body(),
            f"attack{n}",
            TARGETS.get(f"session{n}"),
            scenarios.encounter(n),
        )
        for n in SIZES
    ]
    return [
        *rest,
        *graphql,
        *session,
        Scenario(
            "cover",
            "REST cover, 60x60 grid with walls",
            "/v1/cover",
            scenarios.cover_body(),
            "cover",
        ),
        Scenario(
            "flanking",
            "REST flanking, 60x60 grid with walls",
            "/v1/flanking",
            scenarios.flanking_body(),
            "flanking",
        ),
    ]


# ------------------------------------------------------------------------------ processes


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pinned(cpu: int | None, argv: list[str]) -> list[str]:
    if cpu is None or shutil.which("taskset") is None:
        return argv
    return ["taskset", "-c", str(cpu), *argv]


def http(method: str, url: str, body: bytes | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def redis_answers(host: str = "127.0.0.1", port: int = 6379) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(64).startswith(b"+PONG")
    except OSError:
        return False


class Processes:
    """Every process the run starts, stopped (by pid) at the end whatever happens."""

    def __init__(self) -> None:
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.redis: Any = None
        self.pids: dict[str, int] = {}
        self.logdir = Path(tempfile.mkdtemp(prefix="crs-bench-"))

    def start_uvicorn(self, name: str, app: str, cpu: int | None, env: dict[str, str]) -> str:
        port = free_port()
        factory = [] if app == BASELINE_APP else ["--factory"]
        argv = [sys.executable, "-m", "uvicorn", app, *factory, *UVICORN_OPTIONS]
        argv += ["--port", str(port)]
        log = open(self.logdir / f"{name}.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen(
            pinned(cpu, argv),
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs.append((name, proc))
        self.pids[name] = proc.pid
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise SystemExit(f"{name} exited: see {self.logdir / (name + '.log')}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return url
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"{name} did not start within {STARTUP_SECONDS} s")

    def redis_url(self) -> tuple[str, str]:
        if redis_answers():
            return "redis://127.0.0.1:6379/0", "the Redis already on 127.0.0.1:6379"
        from service.store import RedisServer

        self.redis = RedisServer()
        return self.redis.start(), "a RedisServer started by the bench"

    def stop(self) -> None:
        for _, proc in reversed(self.procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for _, proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self.redis is not None:
            self.redis.close()
        shutil.rmtree(self.logdir, ignore_errors=True)


# ------------------------------------------------------------------------------ load


class Load:
    def __init__(self, cpu: int | None, connections: int, force_python: bool) -> None:
        self.cpu = cpu
        self.connections = connections
        self.wrk = None if force_python else shutil.which("wrk")

    @property
    def name(self) -> str:
        if self.wrk:
            return f"wrk -t1 -c{self.connections}"
        return f"python -m bench.loadgen ({self.connections} connections)"

    def run(self, url: str, body_file: Path, seconds: float, pid: int | None = None) -> Measure:
        cpu_before = cpu_seconds(pid)
        if self.wrk:
            argv = [self.wrk, "-t1", f"-c{self.connections}", f"-d{max(1, round(seconds))}s"]
            argv += ["--latency", "-s", str(LUA), url]
        else:
            argv = [sys.executable, "-m", "bench.loadgen", url, str(body_file), str(seconds)]
            argv += [str(self.connections)]
        out = subprocess.run(
            pinned(self.cpu, argv),
            cwd=ROOT,
            env={**os.environ, "BENCH_BODY": str(body_file)},
            capture_output=True,
            check=True,
            timeout=seconds + 60,
        ).stdout.decode()
        cpu_after = cpu_seconds(pid)
        line = next(x for x in out.splitlines() if x.startswith("BENCH "))
        data = json.loads(line[6:])
        server_cpu = None
        if cpu_before is not None and cpu_after is not None and data["requests"]:
            server_cpu = (cpu_after - cpu_before) / data["requests"] * 1e6
        return Measure(
            rps=data["requests"] / (data["duration_us"] / 1e6),
            p50_ms=data["p50_us"] / 1000,
            p99_ms=data["p99_us"] / 1000,
            errors=data["status_errors"] + data["socket_errors"],
            client_cpu=data.get("client_cpu"),
            server_cpu_us=server_cpu,
        )


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU seconds of a process so far (Linux /proc), or None."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------------------ the run


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({model}), Python {sys.version.split()[0]}, {sys.platform}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description="the benchmark suite")
    parser.add_argument("--runs", type=int, default=3, help="runs; figures are medians (3)")
    parser.add_argument("--duration", type=float, default=5, help="seconds per measure (5)")
    parser.add_argument("--warmup", type=float, default=2, help="warm-up seconds (2)")
    parser.add_argument("--connections", type=int, default=8, help="keep-alive connections (8)")
    parser.add_argument("--only", nargs="*", help="scenario keys to run (default: all)")
    parser.add_argument("--no-engine", action="store_true", help="skip the engine microbenchmarks")
    parser.add_argument(
        "--engine-only", action="store_true", help="only the engine microbenchmarks"
    )
    parser.add_argument("--python-load", action="store_true", help="use bench/loadgen.py, not wrk")
    parser.add_argument("--no-pin", action="store_true", help="don't pin processes to CPUs")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument(
        "--app",
        default=SERVICE_APP,
        help="the service's app factory (bench.experiments has variants to try)",
    )
    args = parser.parse_args(argv)

    print(f"# machine: {machine()}", flush=True)
    engine_table = None
    if not args.no_engine:
        from bench import engine

        engine_table = engine.table(engine.run())
        print(engine_table, flush=True)
        if args.engine_only:
            return 0

    pin = not args.no_pin and (os.cpu_count() or 1) >= 2
    server_cpu, client_cpu = (0, 1) if pin else (None, None)
    chosen = [s for s in all_scenarios() if not args.only or s.key in args.only]
    rows = [Row(s) for s in chosen]
    procs = Processes()
    tmp = procs.logdir
    bodies = baseline_bodies()
    files: dict[str, Path] = {}

    def body_file(name: str, body: dict[str, Any]) -> Path:
        if name not in files:
            files[name] = tmp / f"{name}.json"
            files[name].write_bytes(scenarios.echo_body(body))
        return files[name]

    load = Load(client_cpu, args.connections, args.python_load)
    sessions: list[str] = []
    tenants_table = cold_table = ""
    try:
        redis_url, redis_where = procs.redis_url()
        prefix = f"crs-bench-{os.getpid()}"
        service = procs.start_uvicorn(
            "service",
            args.app,
            server_cpu,
            {"REDIS_URL": redis_url, "CRS_REDIS_PREFIX": prefix},
        )
        baseline = procs.start_uvicorn("baseline", BASELINE_APP, server_cpu, {})
        print(
            f"# service: {args.app}; servers: uvicorn {' '.join(UVICORN_OPTIONS)}"
            + (f", pinned to CPU {server_cpu}" if pin else "")
            + f"; load: {load.name}"
            + (f", pinned to CPU {client_cpu}" if pin else "")
            + f"; sessions in {redis_where}; {args.duration:g} s per measure after "
            f"{args.warmup:g} s warm-up; {args.runs} run(s)",
            flush=True,
        )
        # Check every scenario answers 2xx before loading it.
        for row in rows:
            s = row.scenario
            if s.session_of is not None:
                status, data = http(
                    "POST",
                    service + "/v1/sessions",
                    scenarios.echo_body({"encounter": s.session_of}),
                )
                if status != 201:
                    row.failure = f"create session: HTTP {status}"
                    continue
                sid = json.loads(data)["id"]
                sessions.append(sid)
                s.path = s.path.replace("{sid}", sid)
            status, data = http("POST", service + s.path, scenarios.echo_body(s.body))
            if status >= 300:
                row.failure = f"HTTP {status}: {data[:160].decode(errors='replace')}"
            elif s.key.startswith("graphql") and b'"ResolveAttackPayload"' not in data:
                row.failure = f"GraphQL error: {data[:160].decode(errors='replace')}"

        for run in range(args.runs):
            for row in rows:
                s = row.scenario
                if row.failure:
                    continue
                # The baseline just before and just after, on the same body: the machine's
                # speed drifts (it is shared), so the ratio uses their mean.
                base_file = body_file(s.baseline, bodies[s.baseline])
                load.run(baseline + "/echo", base_file, args.warmup)
                bpid, spid = procs.pids["baseline"], procs.pids["service"]
                before = load.run(baseline + "/echo", base_file, args.duration, bpid)
                f = body_file(s.key, s.body)
                load.run(service + s.path, f, args.warmup)
                m = load.run(service + s.path, f, args.duration, spid)
                after = load.run(baseline + "/echo", base_file, args.duration, bpid)
                base_rps = (before.rps + after.rps) / 2
                row.runs.append(m)
                row.baselines.extend([before, after])
                row.ratios.append(m.rps / base_rps)
                if m.server_cpu_us and before.server_cpu_us and after.server_cpu_us:
                    base_cpu = (before.server_cpu_us + after.server_cpu_us) / 2
                    row.cpu_ratios.append(base_cpu / m.server_cpu_us)
                print(
                    f"  run {run + 1}: {s.key:<10} {m.rps:8.0f} req/s  baseline "
                    f"{before.rps:6.0f}/{after.rps:6.0f}  ratio {m.rps / base_rps:.2f}"
                    + (f"  ({m.errors} errors)" if m.errors else ""),
                    flush=True,
                )
        if not args.only or "tenants" in args.only:
            tenants_table = tenants_row(procs, server_cpu, redis_url, prefix, args.duration)
            print(tenants_table, flush=True)
        if not args.only or "coldstart" in args.only:
            from bench import coldstart

            cold_table = "## cold start (issue 25)\n\n" + coldstart.row(
                coldstart.measure(redis_url, f"{prefix}-cold", args.runs)
            )
            print(cold_table, flush=True)
    finally:
        for sid in sessions:
            with contextlib.suppress(Exception):
                http("DELETE", service + f"/v1/sessions/{sid}")
        procs.stop()

    table = render(rows, bodies)
    print(table)
    for extra in (tenants_table, cold_table):
        if extra:
            print("\n" + extra)
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "machine": machine(),
                    "load": load.name,
                    "pinned": pin,
                    "engine": engine_table,
                    "table": table,
                    "tenants": tenants_table,
                    "coldstart": cold_table,
                },
                indent=2,
            )
        )
    return 0


TENANTS_SECRET = "bench-secret-" + "0123456789abcdef" * 2


def tenants_row(
    procs: Processes, cpu: int | None, redis_url: str, prefix: str, seconds: float
) -> str:
    """Tenant B's p99 alone and during tenant A's heaviest allowed mix (bench/tenants.py),
    on a service of its own with API keys and no rate limit (A's worst case)."""
    from bench import tenants

    prefix = f"{prefix}-tenants"
    env = {
        "REDIS_URL": redis_url,
        "CRS_REDIS_PREFIX": prefix,
        "CRS_AUTH": "1",
        "CRS_API_KEY_SECRET": TENANTS_SECRET,
        "CRS_REQUIRE_PERSISTENCE": "0",
        "CRS_RATE_LIMIT": "0",
    }
    url = procs.start_uvicorn("tenants", SERVICE_APP, cpu, env)
    keys = tenants.create_keys(redis_url, prefix, TENANTS_SECRET)
    fairness = tenants.measure(url, keys, max(seconds, 5.0))
    return "## two tenants (issue 24)\n\n" + tenants.row(fairness)


BASELINE_TITLES = {
    **{f"attack{n}": f"the {n}-combatant attack body" for n in SIZES},
    **{f"graphql{n}": f"the {n}-combatant GraphQL body" for n in GRAPHQL_SIZES},
    "cover": "the cover body",
    "flanking": "the flanking body",
}


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _spread(values: list[float]) -> str:
    return f" ({min(values):.2f}–{max(values):.2f})" if len(values) > 1 else ""


def _cpu(measures: list[Measure]) -> str:
    values = [m.server_cpu_us for m in measures if m.server_cpu_us is not None]
    return f"{_median(values):,.0f}" if values else "?"


def render(rows: list[Row], bodies: dict[str, dict[str, Any]]) -> str:
    lines = [
        "| scenario | body B | req/s | p50 ms | p99 ms | baseline: echo of | baseline req/s "
        "| baseline p50 / p99 ms | ratio (min–max) | server CPU µs/req (baseline) "
        "| CPU ratio (min–max) | target (CPU ratio) | met |",
        "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        s = row.scenario
        size = len(scenarios.echo_body(s.body))
        if row.failure:
            lines.append(f"| {s.title} | {size:,} | failed: {row.failure} | | | | | | | | | | no |")
            continue
        b = row.baselines
        ratio = _median(row.ratios)
        cpu_ratio = _median(row.cpu_ratios)
        errors = sum(m.errors for m in row.runs)
        met = "" if s.target is None else ("yes" if cpu_ratio >= s.target else "**no**")
        spread = _spread(row.ratios)
        lines.append(
            f"| {s.title}{f' — {errors} non-2xx/socket errors' if errors else ''} | {size:,} | "
            f"{_median([m.rps for m in row.runs]):,.0f} | "
            f"{_median([m.p50_ms for m in row.runs]):.2f} | "
            f"{_median([m.p99_ms for m in row.runs]):.2f} | "
            f"{BASELINE_TITLES[s.baseline]} ({len(scenarios.echo_body(bodies[s.baseline])):,} B) | "
            f"{_median([m.rps for m in b]):,.0f} | "
            f"{_median([m.p50_ms for m in b]):.2f} / {_median([m.p99_ms for m in b]):.2f} | "
            f"{ratio:.2f}{spread} | {_cpu(row.runs)} ({_cpu(b)}) | "
            + (f"**{cpu_ratio:.2f}**{_spread(row.cpu_ratios)}" if row.cpu_ratios else "")
            + f" | {'' if s.target is None else f'≥ {s.target}'} | {met} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())

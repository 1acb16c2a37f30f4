"""The HTTP server's own limits, on a real ``python -m service`` on loopback: a request head
over the limit is cut off before it is read (431, no memory growth), a client that never
finishes its headers or its body is answered 408 and disconnected within the timeouts, and
``/healthz`` keeps answering meanwhile. Every socket here has a deadline of its own."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(120)

HEADER_LIMIT = 16_384
TIMEOUT = 1.0
"""The header and body timeouts of the service under test (seconds)."""
BOUND = 15.0
"""How long any socket here waits for the server before the test fails."""


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    env = {
        "REDIS_URL": redis_url,
        "CRS_REDIS_PREFIX": redis_prefix,
        "CRS_MAX_HEADER_BYTES": str(HEADER_LIMIT),
        "CRS_HEADER_TIMEOUT_SECONDS": str(TIMEOUT),
        "CRS_BODY_TIMEOUT_SECONDS": str(TIMEOUT),
    }
    process = ServiceProcess(env, tmp_path_factory.mktemp("server") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


def connect(service: ServiceProcess) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", service.port), timeout=BOUND)
    conn.settimeout(BOUND)
    return conn


def read_all(conn: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or resets it)."""
    chunks = []
    try:
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    except ConnectionResetError:
        pass
    return b"".join(chunks)


def problem_of(raw: bytes) -> tuple[int, dict[str, str], dict[str, object]]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, json.loads(body)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def healthz(service: ServiceProcess) -> int:
    return httpx.get(f"{service.url}/healthz", timeout=BOUND).status_code


def test_a_header_over_the_limit_is_431_and_closed(service: ServiceProcess) -> None:
    with connect(service) as conn:
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
        status, headers, body = problem_of(read_all(conn))
    assert status == 431
    assert headers["content-type"] == "application/problem+json"
    assert headers["connection"] == "close"
    assert body["code"] == "headers-too-large"
    # Just under the limit is served.
    fine = httpx.get(f"{service.url}/healthz", headers={"X-Big": "a" * 12_000}, timeout=BOUND)
    assert fine.status_code == 200


def test_a_huge_header_is_cut_off_without_memory_growth(service: ServiceProcess) -> None:
    """100 MB of one header: the server stops reading after the limit and closes, so
    neither its memory nor its event loop pay for the rest."""
    assert service.process.pid
    before = rss_kib(service.process.pid)
    sent = 0
    cut_off = False
    with connect(service) as conn:
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ")
        chunk = b"a" * 65536
        try:
            while sent < 100 * 1024 * 1024:
                conn.sendall(chunk)
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            cut_off = True
        if not cut_off:
            read_all(conn)
    assert cut_off, "the server read 100 MB of headers"
    assert sent < 16 * 1024 * 1024
    assert healthz(service) == 200
    assert rss_kib(service.process.pid) - before < 8 * 1024


def test_headers_that_never_end_are_answered_408(service: ServiceProcess) -> None:
    """A slowloris client: a header line every 0.2 s, never the blank line. The server
    answers 408 and closes; another client's /healthz is served all the while."""
    stop = threading.Event()
    statuses: list[int] = []

    def probe() -> None:
        while not stop.is_set():
            statuses.append(healthz(service))
            time.sleep(0.1)

    prober = threading.Thread(target=probe)
    prober.start()
    try:
        with connect(service) as conn:
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            started = time.monotonic()
            closed = False
            while time.monotonic() - started < BOUND:
                try:
                    conn.sendall(b"X-Drip: 1\r\n")
                except (BrokenPipeError, ConnectionResetError):
                    closed = True
                    break
                conn.settimeout(0.2)
                try:
                    answer = conn.recv(65536)
                except TimeoutError:
                    continue
                except ConnectionResetError:
                    closed = True
                    break
                assert answer.startswith(b"HTTP/1.1 408 "), answer
                conn.settimeout(BOUND)
                read_all(conn)
                closed = True
                break
    finally:
        stop.set()
        prober.join(BOUND)
    assert closed, "the server kept a dripping connection open"
    assert statuses and set(statuses) == {200}


def test_a_connection_that_sends_nothing_is_closed(service: ServiceProcess) -> None:
    """Closed quietly within the header timeout (a spare connection gets no reply)."""
    with connect(service) as conn:
        assert read_all(conn) == b""


def test_a_body_that_never_ends_is_answered_408(service: ServiceProcess) -> None:
    with connect(service) as conn:
        conn.sendall(
            b"POST /v1/roll-initiative HTTP/1.1\r\nHost: x\r\n"
            b'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"encounter":'
        )
        status, _, body = problem_of(read_all(conn))
    assert status == 408
    assert body["code"] == "request-timeout"
    assert "body" in str(body["detail"])
    assert healthz(service) == 200


def test_cut_off_requests_are_logged_as_408_not_as_crashes(service: ServiceProcess) -> None:
    for path in (b"/v1/roll-initiative", b"/graphql", b"/v1/sessions"):
        with connect(service) as conn:
            conn.sendall(
                b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                b"\r\nContent-Length: 100\r\n\r\n{"
            )
            assert problem_of(read_all(conn))[0] == 408
    time.sleep(0.5)  # the access log line is written once the request task ends
    log = service.output()
    assert "Traceback" not in log and "ClientDisconnect" not in log, log
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    cut = [line for line in lines if line.get("path") in ("/v1/roll-initiative", "/graphql")]
    assert cut and all(line["status"] != 500 for line in cut)


def test_kept_alive_connections_still_serve_many_requests(service: ServiceProcess) -> None:
    """The deadlines are per request: a connection reused for longer than them is fine."""
    with httpx.Client(base_url=service.url, timeout=BOUND) as client:
        for _ in range(4):
            assert client.get("/healthz").status_code == 200
            time.sleep(TIMEOUT / 2)
        body = {"encounter": {"ruleset": "d20", "grid": {"width": 3, "height": 3}}}
        assert client.post("/v1/roll-initiative", json=body).status_code in {200, 422}

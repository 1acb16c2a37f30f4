"""Helpers for the SDK tests (a live service, running commands); the fixtures are in conftest.py.

Named apart from ``conftest`` so that importing it never depends on which conftest pytest
loaded last.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import threading
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

    def __init__(
        self,
        tmp: Path,
        env: dict[str, str] | None = None,
        *,
        port: int | None = None,
        prefix: str | None = None,
    ) -> None:
        """``port`` and ``prefix`` (the Redis keys'): another's, to restart it."""
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.prefix = prefix or f"crs-clients-{uuid.uuid4().hex[:12]}"
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

    def stop(self, forget: bool = True) -> None:
        """Stop it (gracefully first); ``forget``: remove its Redis keys too."""
        if not self._log.closed:
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout=15)
            self._log.close()
        if self.redis_url and forget:
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


class CuttingProxy:
    """A loopback TCP proxy to ``port`` (on a thread of its own) that a test can break:
    :meth:`cut` ends every open connection (with a reset, or a plain close), :meth:`freeze`
    silences them (what the service sends is dropped, nothing ends: a network that lost them
    without a word), :meth:`tell` sends the clients words of its own and closes,
    :attr:`refusing` closes each new one at once, :meth:`refuse_next`
    answers the next requests with a problem (503 and a ``Retry-After``...). It records each
    request's head (:meth:`heads`)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.refusing = False
        self.accepted = 0
        self._refusals: list[tuple[int, int | None]] = []
        self._heads: list[tuple[float, str]] = []
        self._pairs: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = set()
        self._frozen: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = set()
        self._seen = threading.Condition()
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self._thread.start()
        if not ready.wait(30):
            raise RuntimeError("the proxy did not start")
        self.url = f"http://127.0.0.1:{self.port}"

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", 0)
        )
        self.port = int(self._server.sockets[0].getsockname()[1])
        ready.set()
        self._loop.run_forever()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        if self.refusing:
            writer.close()
            return
        if self._refusals:
            status, retry_after = self._refusals.pop(0)
            head = await reader.readuntil(b"\r\n\r\n")
            self._record(head)
            body = json.dumps(
                {
                    "type": "about:blank",
                    "title": "Unavailable",
                    "status": status,
                    "code": "store-unavailable",
                    "detail": "refused by the test's proxy",
                }
            ).encode()
            extra = "" if retry_after is None else f"retry-after: {retry_after}\r\n"
            writer.write(
                f"HTTP/1.1 {status} Refused\r\ncontent-type: application/problem+json\r\n"
                f"content-length: {len(body)}\r\n{extra}connection: close\r\n\r\n".encode()
                + body
            )
            await writer.drain()
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        pair = (writer, up_writer)
        self._pairs.add(pair)

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter, up: bool) -> None:
            try:
                while data := await src.read(65536):
                    if up:
                        self._record(data)
                    elif pair in self._frozen:
                        continue
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        try:
            await asyncio.gather(pump(reader, up_writer, True), pump(up_reader, writer, False))
        finally:
            self._pairs.discard(pair)
            self._frozen.discard(pair)

    def _record(self, data: bytes) -> None:
        for match in re.finditer(
            rb"^(GET|POST|PATCH|DELETE|PUT) [^\r\n]*\r\n.*?\r\n\r\n", data, re.M | re.S
        ):
            with self._seen:
                self._heads.append((time.monotonic(), match.group(0).decode("latin-1")))
                self._seen.notify_all()

    def heads(self, contains: str = "") -> list[tuple[float, str]]:
        """The request heads seen (when, head) holding ``contains``."""
        with self._seen:
            return [(at, head) for at, head in self._heads if contains in head]

    def wait_heads(self, contains: str, count: int, timeout: float = 60.0) -> list[str]:
        """Wait until ``count`` request heads holding ``contains`` were seen; those heads."""
        with self._seen:
            if not self._seen.wait_for(lambda: len(self.heads(contains)) >= count, timeout):
                raise AssertionError(f"{count} requests with {contains!r}: {self._heads}")
        return [head for _, head in self.heads(contains)]

    def refuse_next(self, status: int, retry_after: int | None = None) -> None:
        """Answer the next connection's request with a ``status`` problem, then close it."""
        self._refusals.append((status, retry_after))

    def cut(self, reset: bool = True) -> None:
        """End every open connection: the client's with a reset (or a close), the service's
        with a close (it sees its client leave)."""

        def now() -> None:
            for client, upstream in list(self._pairs):
                if reset:
                    sock = client.get_extra_info("socket")
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                client.transport.abort()
                upstream.transport.abort()

        done = threading.Event()
        self._loop.call_soon_threadsafe(lambda: (now(), done.set()))
        if not done.wait(30):
            raise RuntimeError("the proxy did not cut")

    def tell(self, data: bytes) -> None:
        """Send ``data`` to the client of every open connection as the last chunk of the
        service's chunked answer (a stream's is), then end the answer and close them (the
        service's side too)."""

        def now() -> None:
            chunk = b"%x\r\n%s\r\n0\r\n\r\n" % (len(data), data)
            for client, upstream in list(self._pairs):
                self._frozen.add((client, upstream))  # nothing more of the service's
                client.write(chunk)
                client.close()
                upstream.close()

        done = threading.Event()
        self._loop.call_soon_threadsafe(lambda: (now(), done.set()))
        if not done.wait(30):
            raise RuntimeError("the proxy did not tell")

    def freeze(self) -> None:
        """Silence every open connection: from now on what the service sends on it is
        dropped, and neither side is told (new connections are not frozen)."""
        done = threading.Event()
        self._loop.call_soon_threadsafe(lambda: (self._frozen.update(self._pairs), done.set()))
        if not done.wait(30):
            raise RuntimeError("the proxy did not freeze")

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._server.close)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(30)
        self._loop.close()

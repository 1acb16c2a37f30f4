"""Helpers the hardening tests share (a plain module: conftest fixtures are not importable)."""

from __future__ import annotations

import os
import socket

import redis


def answers(host: str, port: int) -> bool:
    """Whether a Redis answers PING at host:port."""
    try:
        with socket.create_connection((host, port), timeout=0.5) as conn:
            conn.settimeout(0.5)
            conn.sendall(b"PING\r\n")
            return conn.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def local_redis_url() -> str | None:
    """``REDIS_URL``, else the Redis on 127.0.0.1:6379 if one answers, else None (embedded)."""
    if url := os.environ.get("REDIS_URL"):
        return url
    if answers("127.0.0.1", 6379):
        return "redis://127.0.0.1:6379/0"
    return None


def drop_prefix(url: str | None, prefix: str) -> None:
    """Delete every key of ``prefix`` (nothing to do on an embedded Redis: it goes away)."""
    if url is None:
        return
    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        for key in list(client.scan_iter(match=f"{prefix}:*", count=1000)):
            client.delete(key)
    finally:
        client.close()

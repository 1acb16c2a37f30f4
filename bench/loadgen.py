"""A small HTTP/1.1 keep-alive load generator, for machines without ``wrk``.

Run as its own process (``python -m bench.loadgen URL BODY_FILE SECONDS CONNECTIONS``): it
opens CONNECTIONS keep-alive connections, each sending the POST again as soon as the last
answer is in, for SECONDS, and prints one ``BENCH {...}`` line like ``bench/post.lua``.
``client_cpu`` is the share of one core this process used: near 1.0 means the generator,
not the server, may be the bottleneck, and the runner says so.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from urllib.parse import urlsplit


async def _one(
    host: str, port: int, request: bytes, deadline: float, latencies: list[float], errors: list[int]
) -> int:
    reader, writer = await asyncio.open_connection(host, port)
    received = 0
    try:
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head[9:12])
            length = 0
            for line in head.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            body = await reader.readexactly(length)
            latencies.append(time.perf_counter() - start)
            received += len(head) + len(body)
            if not 200 <= status < 400:
                errors[0] += 1
    except (OSError, asyncio.IncompleteReadError):
        errors[1] += 1
    finally:
        writer.close()
    return received


async def _run(url: str, body: bytes, seconds: float, connections: int) -> dict[str, float]:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    request = (
        f"POST {parts.path or '/'} HTTP/1.1\r\nHost: {host}:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode() + body
    latencies: list[float] = []
    errors = [0, 0]
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = wall0 + seconds
    sizes = await asyncio.gather(
        *(_one(host, port, request, deadline, latencies, errors) for _ in range(connections))
    )
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1e6

    return {
        "requests": len(latencies),
        "duration_us": int(wall * 1e6),
        "bytes": sum(sizes),
        "p50_us": pct(50) if latencies else 0,
        "p99_us": pct(99) if latencies else 0,
        "mean_us": sum(latencies) / len(latencies) * 1e6 if latencies else 0,
        "max_us": latencies[-1] * 1e6 if latencies else 0,
        "status_errors": errors[0],
        "socket_errors": errors[1],
        "client_cpu": cpu / wall,
    }


def main() -> None:
    url, body_file, seconds, connections = sys.argv[1:5]
    with open(body_file, "rb") as f:
        body = f.read()
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    result = asyncio.run(_run(url, body, float(seconds), int(connections)))
    print("BENCH " + json.dumps(result), flush=True)


if __name__ == "__main__":
    main()

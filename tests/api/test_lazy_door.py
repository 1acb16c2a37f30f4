"""The GraphQL door is built in the background (``service.api.lazy.BuiltInBackground``): the app is
made without importing it, ``/readyz`` answers once it is built (and start-up's objects are
frozen out of the garbage collector's sight by then, whichever server runs the app), the
requests that come
before all wait for one build, and a build that fails is tried again by the next request."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from service.api.lazy import BuiltInBackground

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, sys, time
from starlette.testclient import TestClient
from service.app import create_app
from service.settings import Settings

app = create_app(Settings(redis_url=sys.argv[1], redis_prefix=sys.argv[2]))
print("made", "service.api.graphql.schema" in sys.modules, "strawberry" in sys.modules)
with TestClient(app) as c:
    assert c.get("/healthz").status_code == 200
    rolled = c.post("/v1/roll-initiative", json={"encounter": {"combatants": []}})
    assert rolled.status_code in (200, 422), rolled.text
    while c.get("/readyz").status_code != 200:  # the door, built in the background
        time.sleep(0.05)
    print("ready", "service.api.graphql.schema" in sys.modules)
    frozen, tracked = gc.get_freeze_count(), len(gc.get_objects())
    print("frozen", frozen > 100_000 and frozen > 10 * tracked)
    answer = c.post("/graphql", json={"query": "{ __typename }"})
    assert answer.json() == {"data": {"__typename": "Query"}}, answer.text
"""


def test_the_app_is_made_without_the_graphql_door_which_is_built_before_it_is_ready(
    redis_url: str, redis_prefix: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, redis_url, f"{redis_prefix}-lazy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:3] == ["made False False", "ready True", "frozen True"], (
        done.stdout
    )


async def call(app: ASGIApp) -> bytes:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        return (await client.get("/")).content


async def test_requests_before_the_build_is_done_all_wait_for_one_build() -> None:
    release = threading.Event()
    builds: list[int] = []

    def build() -> ASGIApp:
        builds.append(1)
        release.wait(30)
        return PlainTextResponse("built")

    door = BuiltInBackground(build)
    waiting = [asyncio.ensure_future(call(door)) for _ in range(5)]
    await asyncio.sleep(0)
    while not builds:
        await asyncio.sleep(0.01)
    assert not any(w.done() for w in waiting)
    release.set()
    assert await asyncio.gather(*waiting) == [b"built"] * 5
    assert await call(door) == b"built"
    assert builds == [1]


async def test_a_failed_build_fails_its_requests_and_the_next_request_builds_again() -> None:
    attempts: list[int] = []

    def build() -> ASGIApp:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("first build fails")

        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            await PlainTextResponse("second")(scope, receive, send)

        return app

    door = BuiltInBackground(build)
    with pytest.raises(RuntimeError, match="first build fails"):
        await call(door)
    assert await call(door) == b"second"
    assert await call(door) == b"second"
    assert len(attempts) == 2


def test_a_waiter_that_leaves_cancels_nothing_and_another_loop_waits_for_the_same_build() -> None:
    """The build belongs to no event loop: a first request given up (its loop then gone)
    leaves it running, and a request on another loop gets what it built."""
    release = threading.Event()
    builds: list[int] = []

    def build() -> ASGIApp:
        builds.append(1)
        release.wait(30)
        return PlainTextResponse("built")

    door = BuiltInBackground(build)

    async def give_up() -> None:
        waiting = asyncio.ensure_future(call(door))
        while not builds:
            await asyncio.sleep(0.01)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting

    asyncio.run(give_up())
    release.set()
    assert asyncio.run(call(door)) == b"built"
    assert builds == [1]

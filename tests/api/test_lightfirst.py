"""Light requests first (issue 24, ``service.api.lightfirst``): a heavy engine job gives way
while a light request is in flight; the middleware counts a request as light by its declared
body (not a stream, not a large or chunked body), and a request that hands the engine heavy
work is light no more."""

from __future__ import annotations

import threading
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from service.api import lightfirst
from service.api.lightfirst import LIGHT, GivingWay, LightFirstMiddleware, demote
from service.api.pool import EnginePool


@pytest.fixture
def long_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A heavy job waits for the light requests as long as they last (within a test)."""
    monkeypatch.setattr(lightfirst, "GIVE_WAY_SECONDS", 60.0)


def test_a_heavy_job_waits_while_a_light_request_is_in_flight(long_wait: None) -> None:
    stop = GivingWay()
    assert not stop.is_set()  # nothing light in flight: no wait
    LIGHT.enter()
    checked = threading.Event()
    heavy = threading.Thread(target=lambda: (stop.is_set(), checked.set()), daemon=True)
    try:
        heavy.start()
        assert not checked.wait(0.3)  # it waits for the light request
    finally:
        LIGHT.leave()
    assert checked.wait(10)  # the light request done, the heavy job goes on
    heavy.join(10)


def test_a_heavy_job_keeps_working_between_its_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each wait is followed by at least ``RUN_SECONDS`` of work without one: light requests
    that never stop coming don't stop heavy work."""
    monkeypatch.setattr(lightfirst, "RUN_SECONDS", 60.0)
    waits: list[int] = []
    monkeypatch.setattr(LIGHT, "give_way", lambda: waits.append(1))
    stop = GivingWay()
    LIGHT.enter()
    try:
        for _ in range(100):
            stop.is_set()
    finally:
        LIGHT.leave()
    assert waits == [1]


def seen_app(pool: EnginePool | None = None) -> Starlette:
    async def seen(request: Request) -> JSONResponse:
        await request.body()
        found: dict[str, Any] = {"before": LIGHT.in_flight}
        if pool is not None:
            found["light job"] = await pool.run(lambda stop: LIGHT.in_flight, light=True)
            found["heavy job"] = await pool.run(lambda stop: LIGHT.in_flight)
        if request.query_params.get("demote"):
            demote()
            found["demoted"] = LIGHT.in_flight
        return JSONResponse(found)

    routes = [Route("/act", seen, methods=["POST"]), Route("/s/stream", seen, methods=["POST"])]
    app = Starlette(routes=routes)
    app.add_middleware(LightFirstMiddleware, limit=1024)
    return app


async def post(app: Starlette, path: str, **kwargs: Any) -> dict[str, Any]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        response = await client.post(path, **kwargs)
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found


async def test_the_middleware_counts_small_requests_as_light_while_they_are_served() -> None:
    app = seen_app()
    assert await post(app, "/act", content=b"x" * 1024) == {"before": 1}
    assert await post(app, "/act", content=b"x" * 1025) == {"before": 0}
    assert await post(app, "/s/stream", content=b"") == {"before": 0}
    for accept in ("text/event-stream", "multipart/mixed;subscriptionSpec=1.0"):
        assert await post(app, "/act", content=b"{}", headers={"Accept": accept}) == {"before": 0}

    async def chunks() -> Any:
        yield b"x"

    assert await post(app, "/act", content=chunks()) == {"before": 0}
    assert await post(app, "/act?demote=1", content=b"{}") == {"before": 1, "demoted": 0}
    assert LIGHT.in_flight == 0


async def test_a_request_handing_the_engine_heavy_work_is_light_no_more() -> None:
    pool = EnginePool(10.0)
    try:
        found = await post(seen_app(pool), "/act", content=b"{}")
    finally:
        pool.close()
    assert found == {"before": 1, "light job": 1, "heavy job": 0}
    assert LIGHT.in_flight == 0

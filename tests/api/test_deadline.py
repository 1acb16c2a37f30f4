"""The engine runs off the event loop, with a deadline per request (``engine_deadline_seconds``).

Past the deadline a request answers 503 ``deadline-exceeded`` (GraphQL: ``Unavailable`` with
that code), nothing is written, and the work stops at its next random draw; meanwhile the
process keeps answering.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from factories import combatant, encounter_doc
from service_process import ServiceProcess
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings

pytestmark = pytest.mark.timeout(120)


def duel() -> dict[str, Any]:
    """Two sturdy fighters: each simulated fight lasts close to the round cap."""
    return encounter_doc(
        combatant("a", 1, 1, side="party", hp=400, maxHp=400, ac=14),
        combatant("b", 2, 1, side="monsters", hp=400, maxHp=400, ac=14),
    )


HEAVY = {"encounter": duel(), "runs": 96, "maxRounds": 20, "seed": 1}
"""encounter-odds at its work budget (``odds-work``), each fight lasting all its rounds:
about 0.15 s of engine work on this machine, three times the deadline here."""
DEADLINE = 0.05


@pytest.fixture
def slow_app(settings: Settings) -> Iterator[Callable[[float], TestClient]]:
    """A TestClient on the test Redis whose engine deadline is ``seconds``."""
    clients: list[TestClient] = []

    def make(seconds: float) -> TestClient:
        app = create_app(Settings(**{**_fields(settings), "engine_deadline_seconds": seconds}))
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def _fields(settings: Settings) -> dict[str, Any]:
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}


@pytest.fixture
def deadline_service(
    start_service: Callable[..., ServiceProcess], redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    yield start_service(
        {
            "REDIS_URL": redis_url,
            "CRS_REDIS_PREFIX": redis_prefix,
            "CRS_ENGINE_DEADLINE_SECONDS": str(DEADLINE),
        }
    )


def test_healthz_answers_while_a_heavy_request_runs(deadline_service: ServiceProcess) -> None:
    url = deadline_service.url
    answers: list[tuple[httpx.Response, float]] = []

    def heavy() -> None:
        for _ in range(30):
            started = time.monotonic()
            r = httpx.post(f"{url}/v1/encounter-odds", json=HEAVY, timeout=60)
            answers.append((r, time.monotonic() - started))

    thread = threading.Thread(target=heavy)
    thread.start()
    time.sleep(0.1)
    latencies = []
    with httpx.Client(timeout=10) as probe:
        while thread.is_alive():
            started = time.monotonic()
            assert probe.get(f"{url}/healthz").status_code == 200
            latencies.append(time.monotonic() - started)
            time.sleep(0.05)
    thread.join()
    assert len(latencies) >= 10, latencies
    # On the event loop the engine would hold every probe for the whole request.
    assert statistics.median(latencies) < 0.1, latencies
    assert max(latencies) < 0.5, latencies

    for r, seconds in answers:
        assert r.status_code == 503, r.text
        assert r.headers["content-type"] == "application/problem+json"
        assert r.headers["retry-after"] == "1"
        assert r.json()["code"] == "deadline-exceeded"
        assert seconds < 1.0, seconds
    # The problem comes at the deadline, not when the work ends.
    assert statistics.median(seconds for _, seconds in answers) < 0.35, answers

    # The given-up work stopped at its next draw: the process is idle again.
    before = deadline_service.cpu_seconds()
    time.sleep(1.0)
    assert deadline_service.cpu_seconds() - before < 0.5


def test_graphql_answers_unavailable_past_the_deadline(
    slow_app: Callable[[float], TestClient],
) -> None:
    client = slow_app(0.05)
    query = """query ($e: EncounterInput!) {
      encounterOdds(encounter: $e, seed: 1, input: {runs: 96, maxRounds: 20}) {
      __typename ... on Unavailable { code message retryAfter } } }"""
    r = client.post("/graphql", json={"query": query, "variables": {"e": duel()}})
    result = r.json()["data"]["encounterOdds"]
    assert result["__typename"] == "Unavailable", result
    assert result["code"] == "deadline-exceeded" and result["retryAfter"] == 1


def test_a_session_write_past_its_deadline_writes_nothing(
    client: TestClient, slow_app: Callable[[float], TestClient]
) -> None:
    """An action that misses its deadline (here 0 s: no work can meet it, the pool refuses it
    at once) raises inside the store's compare-and-set, before the write: the session, its
    log and the idempotency key are left alone."""
    created = client.post("/v1/sessions", json={"encounter": duel()})
    assert created.status_code == 201, created.text[:300]
    sid = created.json()["id"]
    hurry = slow_app(0.0)
    body = {"targetId": "b", "amount": 5}
    headers = {"Idempotency-Key": "once"}
    r = hurry.post(f"/v1/sessions/{sid}/apply-damage", json=body, headers=headers)
    assert r.status_code == 503, r.text[:300]
    assert r.json()["code"] == "deadline-exceeded"
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 1
    assert client.get(f"/v1/sessions/{sid}/events").json()["total"] == 0
    # The key was left free: the same request, given time, is applied once.
    again = client.post(f"/v1/sessions/{sid}/apply-damage", json=body, headers=headers)
    assert again.status_code == 200 and again.json()["session"]["version"] == 2
    assert "idempotent-replayed" not in again.headers

"""The engine's work budget on a real ``python -m service`` on loopback: each request of the
adversarial probe (issue 15) past the budget is refused at once, ``422`` ``limit-exceeded``
naming the limit and its value (or ``invalid-input`` at the list too long), the heaviest
request the budget allows answers well within a second or two, and ``/healthz`` keeps
answering within 100 ms meanwhile. GraphQL: aliases can't multiply the work past one
operation's cost."""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from factories import combatant, encounter_doc, snake
from service_process import ServiceProcess

from service.rules.limits import (
    FOOTPRINT_CELLS,
    IDS,
    ODDS_WORK,
    PATH_CELLS,
    REACTOR_CHECKS,
    SEARCH_CELLS,
)

pytestmark = pytest.mark.timeout(180)

QUICK = 1.0
"""The service's CPU seconds a refusal may cost (the validation of a body near 1 MiB
included): CPU, not wall time, so a busy machine can't fail it, while a refused request whose
work ran anyway (seconds of it) still does."""
HEAVY = 2.0
"""The service's CPU seconds the heaviest request the budget allows may cost."""
HEALTHZ = 0.1
"""Seconds within which ``/healthz`` answers while the work is in flight."""


def slowness(service: ServiceProcess) -> float:
    """How much less CPU than a core this machine gives a process now (at least 1): the wall
    time of a short busy loop here over the CPU time it used. The time bounds below scale with
    it, so a machine busy with other work doesn't fail them, while an engine that held the
    event loop or did the refused work (seconds) still does."""
    wall, cpu = time.monotonic(), time.process_time()
    total = 0
    while time.process_time() - cpu < 0.05:
        total += sum(range(1000))
    return max(1.0, (time.monotonic() - wall) / (time.process_time() - cpu))


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    env = {"REDIS_URL": redis_url, "CRS_REDIS_PREFIX": redis_prefix}
    process = ServiceProcess(env, tmp_path_factory.mktemp("budget") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


@contextmanager
def healthz_watch(service: ServiceProcess) -> Iterator[list[float]]:
    """Poll ``/healthz`` every 20 ms for as long as the block runs; then check that its
    answers came within :data:`HEALTHZ` (scaled by the machine's slowness, measured before
    and after the block: the larger counts)."""
    latencies: list[float] = []
    done, polling = threading.Event(), threading.Event()
    before = slowness(service)

    def poll() -> None:
        with httpx.Client(base_url=service.url, timeout=5) as probe:
            assert probe.get("/healthz").status_code == 200  # connected, and polling
            polling.set()
            while True:  # one probe at least, however short the block
                started = time.monotonic()
                assert probe.get("/healthz").status_code == 200
                latencies.append(time.monotonic() - started)
                if done.wait(0.02):
                    break

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    assert polling.wait(60), "healthz never answered"
    began = time.monotonic()
    try:
        yield latencies
    finally:
        elapsed = time.monotonic() - began
        done.set()
        thread.join(10)
    assert latencies, "no probe answered during the block"
    bound = HEALTHZ * max(before, slowness(service))
    ordered = sorted(latencies)
    summary = (statistics.median(ordered), ordered[-1], len(ordered), elapsed)
    # 9 probes in 10 within HEALTHZ; on the shared 2-core test machine the odd probe waits
    # for the scheduler (once 1.4 s in CI), never for the engine: an engine on the loop
    # would hold a probe for a whole request, most of the block.
    assert ordered[int(0.9 * (len(ordered) - 1))] < bound, (bound, summary)
    assert ordered[-1] < max(3 * bound, elapsed / 2), (bound, summary)


def post(service: ServiceProcess, route: str, body: dict[str, Any]) -> tuple[httpx.Response, float]:
    """The answer and the service's CPU seconds while it came (the ``/healthz`` probes'
    few milliseconds included)."""
    before = service.cpu_seconds()
    response = httpx.post(f"{service.url}{route}", json=body, timeout=60)
    return response, service.cpu_seconds() - before


# -- the probe's requests ----------------------------------------------------------------


def duel(**over: Any) -> dict[str, Any]:
    """Two sturdy fighters: every simulated fight lasts all its rounds."""
    return encounter_doc(
        combatant("a", 1, 1, hp=400, maxHp=400, ac=14),
        combatant("b", 2, 1, side="monsters", hp=400, maxHp=400, ac=14),
        **over,
    )


def many(n: int) -> dict[str, Any]:
    return encounter_doc(
        *(combatant(f"c{i}", i % 50, i // 50, side="ab"[i % 2]) for i in range(n)),
        width=60,
        height=60,
    )


def crowd_path(steps: int, reactors: int) -> dict[str, Any]:
    others = [combatant(f"r{i}", i % 500, 499 - i // 500, side="monsters") for i in range(reactors)]
    doc = encounter_doc(combatant("m", 0, 0), *others, width=500, height=500)
    return {"encounter": doc, "combatantId": "m", "path": snake(steps, 500)}


def square(side: int, x0: int, y0: int) -> list[dict[str, int]]:
    return [{"x": x0 + i % side, "y": y0 + i // side} for i in range(side * side)]


def footprints(side: int) -> dict[str, Any]:
    """Two creatures of ``side`` x ``side`` explicit cells with a wall between them: every
    line is blocked, the costliest cover and sight there are."""
    doc = encounter_doc(
        combatant("a", 0, 0, footprint=square(side, 0, 0)),
        combatant("b", 60, 60, side="monsters", footprint=square(side, 60, 60)),
        width=100,
        height=100,
    )
    doc["grid"]["blocked"] = [{"x": 40, "y": y} for y in range(100)]
    return {"encounter": doc, "attackerId": "a", "targetId": "b"}


def walled_in(side: int) -> dict[str, Any]:
    """A ``to`` the search can't reach: the goal walled in near the far corner."""
    g = side - 2
    doc = encounter_doc(combatant("m", 0, 0), width=side, height=side)
    doc["grid"]["blocked"] = [
        {"x": g + dx, "y": g + dy} for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
    ]
    return {"encounter": doc, "combatantId": "m", "to": {"x": g, "y": g}}


def surprised(n: int) -> dict[str, Any]:
    return {"encounter": duel(), "surprised": [f"x{i}" for i in range(n)]}


OVER_BUDGET: dict[str, tuple[str, dict[str, Any], str, str]] = {
    # name: (route, body, code, limit or the path of the field too long)
    "odds 2 combatants x 2000 runs x 100 rounds": (
        "/v1/encounter-odds",
        {"encounter": duel(), "runs": 2000, "maxRounds": 100},
        "limit-exceeded",
        "odds-work",
    ),
    "odds 100 combatants x 2000 runs x 100 rounds": (
        "/v1/encounter-odds",
        {"encounter": many(100), "runs": 2000, "maxRounds": 100},
        "limit-exceeded",
        "odds-work",
    ),
    "odds 500 combatants, one round": (
        "/v1/encounter-odds",
        {"encounter": many(500), "runs": 1, "maxRounds": 1},
        "limit-exceeded",
        "odds-work",
    ),
    "path of 20,000 steps x 499 reactors": (
        "/v1/path-cost",
        crowd_path(20_000, 499),
        "invalid-input",
        "path",
    ),
    "path at its longest x one reactor too many": (
        "/v1/path-cost",
        crowd_path(PATH_CELLS.max, REACTOR_CHECKS.max // PATH_CELLS.max + 1),
        "limit-exceeded",
        "reactor-checks",
    ),
    "move at its longest x one reactor too many": (
        "/v1/move-combatant",
        {
            **crowd_path(PATH_CELLS.max, REACTOR_CHECKS.max // PATH_CELLS.max + 1),
            "forced": True,
        },
        "limit-exceeded",
        "reactor-checks",
    ),
    "cover between two 225-cell footprints": (
        "/v1/cover",
        footprints(15),
        "invalid-input",
        "encounter.combatants[0].footprint",
    ),
    "reach between two 225-cell footprints": (
        "/v1/reach",
        footprints(15),
        "invalid-input",
        "encounter.combatants[0].footprint",
    ),
    "a path to a walled-in cell of a 500 x 500 map": (
        "/v1/path-cost",
        walled_in(500),
        "limit-exceeded",
        "search-cells",
    ),
    "50,000 surprised ids": (
        "/v1/roll-initiative",
        surprised(50_000),
        "invalid-input",
        "surprised",
    ),
}

LIMIT_VALUES = {
    "odds-work": ODDS_WORK.max,
    "reactor-checks": REACTOR_CHECKS.max,
    "search-cells": SEARCH_CELLS.max,
}


@pytest.mark.parametrize("name", list(OVER_BUDGET))
def test_over_budget_requests_are_refused_at_once(service: ServiceProcess, name: str) -> None:
    route, body, code, where = OVER_BUDGET[name]
    with healthz_watch(service):
        response, seconds = post(service, route, body)
    assert response.status_code == 422, response.text[:500]
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    assert problem["code"] == code, problem
    if code == "limit-exceeded":
        assert (problem["limit"], problem["max"]) == (where, LIMIT_VALUES[where]), problem
    else:
        assert problem["errors"][0]["path"] == where, problem
    assert seconds < QUICK, f"{name}: {seconds:.2f} s of CPU"


# -- the heaviest requests the budget allows ------------------------------------------------

AT_BUDGET: dict[str, tuple[str, dict[str, Any]]] = {
    "odds at the work limit": (
        "/v1/encounter-odds",
        {"encounter": duel(), "runs": ODDS_WORK.max // (20 * 104), "maxRounds": 20, "seed": 1},
    ),
    "odds, runs omitted": ("/v1/encounter-odds", {"encounter": duel(), "seed": 1}),
    "path at its longest x the most reactors": (
        "/v1/path-cost",
        crowd_path(PATH_CELLS.max, REACTOR_CHECKS.max // PATH_CELLS.max),
    ),
    "cover between the largest footprints, walled off": (
        "/v1/cover",
        footprints(10),
    ),
    "a search just within the limit": ("/v1/path-cost", walled_in(141)),
}


@pytest.mark.parametrize("name", list(AT_BUDGET))
def test_the_heaviest_allowed_requests_answer_quickly(service: ServiceProcess, name: str) -> None:
    route, body = AT_BUDGET[name]
    with healthz_watch(service):
        response, seconds = post(service, route, body)
    assert response.status_code == 200, response.text[:500]
    assert seconds < HEAVY, f"{name}: {seconds:.2f} s of CPU"


def test_the_limits_at_the_lists(service: ServiceProcess) -> None:
    """A list at its length limit passes validation; one more is refused at the field."""
    assert FOOTPRINT_CELLS.max == 100
    body = {"encounter": duel(), "surprised": ["a"] * IDS.max}
    assert post(service, "/v1/roll-initiative", body)[0].status_code == 200
    body["surprised"].append("a")
    response = post(service, "/v1/roll-initiative", body)[0]
    assert response.status_code == 422 and response.json()["errors"][0]["path"] == "surprised"


# -- GraphQL: aliases don't multiply the work --------------------------------------------


def aliased(count: int, runs: int, max_rounds: int) -> str:
    fields = " ".join(
        f"q{i}: encounterOdds(encounter: $e, seed: {i}, "
        f"input: {{runs: {runs}, maxRounds: {max_rounds}}}) {{ __typename "
        "... on InvalidInput { code limit max } }"
        for i in range(count)
    )
    return f"query($e: EncounterInput!) {{ {fields} }}"


def graphql(service: ServiceProcess, query: str) -> tuple[httpx.Response, float]:
    return post(service, "/graphql", {"query": query, "variables": {"e": duel()}})


def test_thirty_aliased_heavy_encounter_odds_never_run(service: ServiceProcess) -> None:
    with healthz_watch(service):
        response, seconds = graphql(service, aliased(30, 2000, 100))
    body = response.json()
    assert body["data"] is None
    error = body["errors"][0]
    assert error["extensions"] == {
        "code": "LIMIT_EXCEEDED",
        "limit": "graphql-cost",
        "max": 30,
        "requestId": response.headers["X-Request-ID"],
    }
    assert seconds < QUICK


def test_aliased_encounter_odds_within_the_cost_are_each_budgeted(
    service: ServiceProcess,
) -> None:
    """Three aliases (the most one operation may cost): over the work budget each is
    refused at once; at it, the three answer within a few seconds."""
    with healthz_watch(service):
        response, seconds = graphql(service, aliased(3, 2000, 100))
        results = response.json()["data"]
        assert [r["code"] for r in results.values()] == ["limit-exceeded"] * 3
        assert {(r["limit"], r["max"]) for r in results.values()} == {("odds-work", ODDS_WORK.max)}
        assert seconds < QUICK
        response, seconds = graphql(service, aliased(3, ODDS_WORK.max // (20 * 104), 20))
    results = response.json()["data"]
    assert [r["__typename"] for r in results.values()] == ["EncounterOddsPayload"] * 3
    assert seconds < 3 * HEAVY

"""One budget per GraphQL operation (issue 24, findings 3 and 5), on a real ``python -m
service``: aliases can't multiply a REST request's work (30 ``cover`` between 100-cell
footprints cost 6.5 s of CPU) nor its answer (30 ``rollInitiative`` over a 500-combatant
variable built a 39.6 MB answer and took the process past its memory limit). Both are now
refused before anything runs; what one REST request may ask, one operation still may."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from factories import combatant, encounter_doc
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(180)

QUICK = 1.0
"""The service's CPU seconds a refusal may cost (reading a body near 1 MiB included): the
refused work would cost several."""


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    env = {"REDIS_URL": redis_url, "CRS_REDIS_PREFIX": redis_prefix}
    process = ServiceProcess(env, tmp_path_factory.mktemp("gql-budget") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


def square(side: int, x0: int, y0: int) -> list[dict[str, int]]:
    return [{"x": x0 + i % side, "y": y0 + i // side} for i in range(side * side)]


def walled_footprints() -> dict[str, Any]:
    doc = encounter_doc(
        combatant("a", 0, 0, footprint=square(10, 0, 0)),
        combatant("b", 60, 60, side="monsters", footprint=square(10, 60, 60)),
        width=100,
        height=100,
    )
    doc["grid"]["blocked"] = [{"x": 40, "y": y} for y in range(100)]
    return doc


def crowd(n: int, attacks: int = 1) -> dict[str, Any]:
    """``n`` combatants with ``attacks`` attacks each (25: a variable of about 700 KB)."""
    arsenal = [{"name": f"weapon {j}", "bonus": 4, "damage": "1d8+2"} for j in range(attacks)]
    return encounter_doc(
        *(combatant(f"c{i}", i % 50, i // 50, side="ab"[i % 2], attacks=arsenal) for i in range(n)),
        width=60,
        height=60,
    )


def covers(count: int) -> str:
    fields = " ".join(
        f'q{i}: cover(encounter: $e, input: {{attackerId: "a", targetId: "b"}}) '
        "{ __typename ... on CoverPayload { outcome { degree } } }"
        for i in range(count)
    )
    return f"query($e: EncounterInput!) {{ {fields} }}"


def initiatives(count: int) -> str:
    fields = " ".join(
        f"q{i}: rollInitiative(encounter: $e, input: {{}}, seed: {i}) {{ __typename "
        "... on RollInitiativePayload { encounter { combatants { id initiativeBonus "
        "attacks { name damage } } } } }"
        for i in range(count)
    )
    return f"mutation($e: EncounterInput!) {{ {fields} }}"


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def graphql(
    service: ServiceProcess, query: str, encounter: dict[str, Any]
) -> tuple[dict[str, Any], float, int]:
    """The answer, the service's CPU seconds while it came, and the answer's size."""
    before = service.cpu_seconds()
    response = httpx.post(
        f"{service.url}/graphql",
        json={"query": query, "variables": {"e": encounter}},
        timeout=60,
    )
    assert response.status_code == 200, response.text[:300]
    return response.json(), service.cpu_seconds() - before, len(response.content)


def test_thirty_aliased_covers_between_the_largest_footprints_never_run(
    service: ServiceProcess,
) -> None:
    body, seconds, _ = graphql(service, covers(30), walled_footprints())
    assert body["data"] is None, str(body)[:300]
    assert body["errors"][0]["extensions"] == {
        "code": "LIMIT_EXCEEDED",
        "limit": "graphql-work",
        "max": 1,
        "requestId": body["errors"][0]["extensions"]["requestId"],
    }
    assert "30.00 REST requests" in body["errors"][0]["message"]
    assert seconds < QUICK
    # Two are two REST requests' work: refused too. One is what REST allows: it answers.
    body, _, _ = graphql(service, covers(2), walled_footprints())
    assert body["errors"][0]["extensions"]["limit"] == "graphql-work"
    body, _, _ = graphql(service, covers(1), walled_footprints())
    assert body["data"]["q0"]["outcome"]["degree"] == "TOTAL", str(body)[:300]


def test_aliased_fields_over_a_small_encounter_still_run(service: ServiceProcess) -> None:
    body, _, _ = graphql(service, initiatives(30), crowd(6))
    assert "errors" not in body, str(body)[:300]
    assert [v["__typename"] for v in body["data"].values()] == ["RollInitiativePayload"] * 30


def test_thirty_aliased_initiatives_over_500_combatants_are_refused_before_the_answer(
    service: ServiceProcess,
) -> None:
    assert service.process.pid
    before = rss_kib(service.process.pid)
    body, seconds, size = graphql(service, initiatives(30), crowd(500, 25))
    grown = rss_kib(service.process.pid) - before
    assert body["data"] is None, str(body)[:300]
    extensions = body["errors"][0]["extensions"]
    assert extensions["code"] == "LIMIT_EXCEEDED"
    assert extensions["limit"] == "graphql-answer-bytes"
    assert extensions["max"] == 4 * 1024 * 1024
    assert size < 2000 and seconds < QUICK
    assert grown < 50 * 1024, f"RSS grew {grown} KiB"
    # One field over the same variable is one REST request: it runs.
    body, _, size = graphql(service, initiatives(1), crowd(500, 25))
    assert len(body["data"]["q0"]["encounter"]["combatants"]) == 500
    assert size < 4 * 1024 * 1024

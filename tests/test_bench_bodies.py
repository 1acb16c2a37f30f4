"""Every body ``python -m bench`` sends is one the service answers with success (a bench that
measures refusals measures nothing): the stateless rows and GraphQL posted as they are, the
session rows on a session created with their encounter."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from redis_support import drop_prefix, redis_for_tests
from starlette.testclient import TestClient

from bench.run import BASELINE_TITLES, Scenario, all_scenarios, baseline_bodies
from service.app import create_app
from service.settings import Settings

SCENARIOS = all_scenarios()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    prefix = f"crs-test-{uuid.uuid4().hex[:12]}"
    with redis_for_tests() as url:
        try:
            with TestClient(create_app(Settings(redis_url=url, redis_prefix=prefix))) as c:
                yield c
        finally:
            drop_prefix(url, prefix + ":")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_the_bench_body_is_answered(client: TestClient, scenario: Scenario) -> None:
    path = scenario.path
    if scenario.session_of is not None:
        created = client.post("/v1/sessions", json={"encounter": scenario.session_of})
        assert created.status_code == 201, created.text
        path = path.replace("{sid}", created.json()["id"])
    r = client.post(path, json=scenario.body)
    assert r.status_code == 200, r.text[:500]
    if path == "/graphql":
        assert '"ResolveAttackPayload"' in r.text and "errors" not in r.json(), r.text[:500]


def test_every_scenario_has_a_baseline_body_and_title() -> None:
    bodies = baseline_bodies()
    assert all(s.baseline in bodies and s.baseline in BASELINE_TITLES for s in SCENARIOS)

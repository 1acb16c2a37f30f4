"""The odds work budget counts what a simulated round walks (issue 24, finding 2), on a real
``python -m service``: every combatant's attacks, conditions, effects, features, skills and
ammunition, not only the cells and the combatants. Before, 2 combatants x 200 effects ran
the default 96 runs (3.1 s of CPU in d20, past the 10 s deadline in d100).

The assertions are on the budget (the runs it grants, its refusals); the CPU the service
spent is printed as a report only (the machine is shared)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from factories import combatant, encounter_doc
from service_process import ServiceProcess

from service.rules.limits import ENTRIES, ODDS_WORK

pytestmark = pytest.mark.timeout(300)

ROUNDS = 20
RULESETS = ("d20", "d100", "d10")


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    env = {"REDIS_URL": redis_url, "CRS_REDIS_PREFIX": redis_prefix}
    process = ServiceProcess(env, tmp_path_factory.mktemp("lists") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


def full(name: str) -> Any:
    """The list (or map) ``name`` of a combatant, grown to its limit."""
    n = ENTRIES.max
    return {
        "attacks": [{"name": f"w{i}", "bonus": 4, "damage": "1d6"} for i in range(n)],
        "conditions": [{"name": f"c{i}"} for i in range(n)],
        "effects": [
            {"kind": "advantage", "roll": "attacks-against", "against": "zz"} for _ in range(n)
        ],
        "features": [f"f{i}" for i in range(n)],
        "skills": {f"s{i}": 1 for i in range(n)},
        "ammunition": {f"a{i}": 5 for i in range(n)},
    }[name]


LISTS = ("attacks", "conditions", "effects", "features", "skills", "ammunition")


def duel(ruleset: str, **lists: Any) -> dict[str, Any]:
    """Two sturdy fighters (every fight lasts all its rounds), each with ``lists``."""
    return encounter_doc(
        combatant("a", 1, 1, hp=400, maxHp=400, ac=14, **lists),
        combatant("b", 2, 1, side="monsters", hp=400, maxHp=400, ac=14, **lists),
        ruleset=ruleset,
    )


def odds(service: ServiceProcess, body: dict[str, Any]) -> tuple[httpx.Response, float]:
    assert service.process.pid
    before = service.cpu_seconds()
    response = httpx.post(f"{service.url}/v1/encounter-odds", json=body, timeout=60)
    return response, service.cpu_seconds() - before


def granted_runs(service: ServiceProcess, encounter: dict[str, Any]) -> tuple[int, float]:
    """The runs the budget grants ``encounter`` when ``runs`` is omitted, and the CPU."""
    response, cpu = odds(service, {"encounter": encounter, "maxRounds": ROUNDS, "seed": 1})
    assert response.status_code == 200, response.text[:500]
    runs: int = response.json()["outcome"]["runs"]
    return runs, cpu


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_combatants_with_200_effects_get_fewer_runs(
    service: ServiceProcess, ruleset: str
) -> None:
    """The finding: the effects now count, so runs omitted are fewer, and the 96 runs the
    old budget granted are refused naming ``odds-work``."""
    base_runs, base_cpu = granted_runs(service, duel(ruleset))
    runs, cpu = granted_runs(service, duel(ruleset, effects=full("effects")))
    print(f"{ruleset}: plain duel {base_runs} runs {base_cpu:.2f} s; 2 x 200 effects {runs} runs")
    print(f"  {cpu:.2f} s CPU")
    assert 1 <= runs < base_runs / 4
    body = {"encounter": duel(ruleset, effects=full("effects")), "runs": base_runs}
    body["maxRounds"] = ROUNDS
    response, _ = odds(service, body)
    assert response.status_code == 422, response.text[:300]
    problem = response.json()
    assert (problem["limit"], problem["max"]) == ("odds-work", ODDS_WORK.max)


@pytest.mark.parametrize("name", LISTS)
def test_each_list_at_its_limit_costs_runs(service: ServiceProcess, name: str) -> None:
    base_runs, _ = granted_runs(service, duel("d20"))
    runs, cpu = granted_runs(service, duel("d20", **{name: full(name)}))
    print(f"{name} x {ENTRIES.max} each: {runs} runs (plain: {base_runs}), {cpu:.2f} s CPU")
    # 2 x 200 entries, about one unit each a round: at most a third of the runs.
    assert runs <= base_runs // 3


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_list_at_its_limit_is_bounded(service: ServiceProcess, ruleset: str) -> None:
    """The worst allowed request: every list at its limit on both, runs omitted (as many as
    the budget allows); and one run more than granted is refused before any work."""
    encounter = duel(ruleset, **{name: full(name) for name in LISTS})
    runs, cpu = granted_runs(service, encounter)
    print(f"{ruleset}: every list full: {runs} run(s), {cpu:.2f} s CPU (target 0.5 s)")
    assert runs == 1
    response, _ = odds(service, {"encounter": encounter, "runs": 2, "maxRounds": ROUNDS})
    assert response.status_code == 422, response.text[:300]
    assert response.json()["limit"] == "odds-work"
    # More rounds than one run's budget holds are refused too, never cut short.
    response, _ = odds(service, {"encounter": encounter, "maxRounds": 100})
    assert response.status_code == 422, response.text[:300]
    assert response.json()["limit"] == "odds-work"

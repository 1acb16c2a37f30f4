"""A d100 fight through both doors: order from an entry point, a natural 100, an empty gun
and a reload, a weapon broken by fumbles, a grapple and an escape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pytest
from doors import Door, GraphQL, Reply, Rest
from factories import combatant, encounter_doc
from starlette.testclient import TestClient

from service.api.models import MODELS
from service.app import create_app

Check = tuple[int, Callable[[int], bool]]


def seed_where(*checks: Check) -> int:
    """The first seed whose successive ``randint(1, sides)`` calls pass ``checks``."""
    for seed in range(200_000):
        rng = Random(seed)
        if all(ok(rng.randint(1, sides)) for sides, ok in checks):
            return seed
    raise AssertionError("no seed found")


@pytest.fixture(scope="module")
def app_client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(params=["rest", "graphql"])
def play_door(request: pytest.FixtureRequest, app_client: TestClient) -> Door:
    return Rest(app_client) if request.param == "rest" else GraphQL(app_client)


def call(door: Door, action: str, doc: dict[str, Any], seed: int, **params: Any) -> Reply:
    """Every d100 action, reload and grapple included, is a route and a mutation."""
    assert action in MODELS, action
    return door.call(action, doc, seed=seed, **params)


PISTOL = {
    "name": "pistol",
    "bonus": 10,
    "damage": "1d8+2",
    "kind": "ranged",
    "range": 60,
    "condition": 5,
    "maxCondition": 10,
    "ammo": 1,
    "capacity": 6,
    "ammoType": "9mm",
}


def fight() -> dict[str, Any]:
    return encounter_doc(
        combatant(
            "ann",
            1,
            1,
            kind="pc",
            attacks=[PISTOL],
            ammunition={"9mm": 4},
            skills={"unarmed": 3},
        ),
        combatant(
            "bob",
            2,
            1,
            side="raiders",
            hp=60,
            maxHp=60,
            ac=50,
            skills={"unarmed": 2, "athletics": 1},
        ),
        combatant("cat", 8, 8, side="raiders"),
        ruleset="d100",
    )


def pistol(doc: dict[str, Any]) -> dict[str, Any]:
    ann = next(c for c in doc["combatants"] if c["id"] == "ann")
    return dict(ann["attacks"][0])


def test_d100_scenario_through_both_doors(play_door: Door) -> None:
    door = play_door
    # d100.order.position: nearest to the entrance first, no dice
    r = door.call("rollInitiative", fight(), seed=1, entryPoint={"x": 0, "y": 0})
    assert r.ok, r.message
    assert [e["combatantId"] for e in r.outcome["order"]] == ["ann", "bob", "cat"]
    assert any(e["rule"] == "d100.order.position" for e in r.events)
    assert not any(e["roll"] for e in r.events)
    doc = r.encounter

    # d100.crit.hit: a natural 100 (1d8+2 then +50%); the last round is spent
    s = seed_where((100, lambda v: v == 100))
    r = door.call("resolveAttack", doc, seed=s, attackerId="ann", targetId="bob", spend="free")
    assert r.ok and r.outcome["critical"] and r.outcome["hit"]
    rolled = r.outcome["damage"] - r.outcome["damage"] // 3
    assert r.outcome["damage"] == rolled + rolled // 2
    assert any(e["rule"] == "d100.crit.hit" for e in r.events)
    doc = r.encounter
    assert pistol(doc)["ammo"] == 0

    # an empty gun can't fire: 409 with the reload rule
    r = door.call("resolveAttack", doc, seed=1, attackerId="ann", targetId="bob", spend="free")
    assert not r.ok and r.kind == "rule" and r.rule == "d100.action.reload"

    # d100.action.reload: four carried rounds go in
    r = call(door, "reload", doc, 1, combatantId="ann", attackName="pistol")
    assert r.ok and r.outcome["ammo"] == 4 and r.outcome["carriedLeft"] == 0
    doc = r.encounter

    # d100.crit.fail twice: 5 -> 1d10 in 1..4 leaves some, then a 1d10 of 10 breaks it
    s = seed_where((100, lambda v: v <= 5), (10, lambda v: v <= 4))
    r = door.call("resolveAttack", doc, seed=s, attackerId="ann", targetId="bob", spend="free")
    assert r.ok and r.outcome["fumble"] and not r.outcome["hit"]
    doc = r.encounter
    left = pistol(doc)["condition"]
    assert 0 < left < 5
    s = seed_where((100, lambda v: v <= 5), (10, lambda v: v == 10))
    r = door.call("resolveAttack", doc, seed=s, attackerId="ann", targetId="bob", spend="free")
    assert r.ok and any(e["rule"] == "d100.crit.fail" for e in r.events)
    doc = r.encounter
    assert pistol(doc)["condition"] == 0 and pistol(doc)["ammo"] == 2
    r = door.call("resolveAttack", doc, seed=1, attackerId="ann", targetId="bob", spend="free")
    assert not r.ok and r.rule == "d100.crit.fail"

    # d100.grapple: ann's unarmed (+3) beats bob's unarmed (+2)
    s = seed_where((20, lambda v: v >= 15), (20, lambda v: v <= 5))
    r = call(door, "grapple", doc, s, attackerId="ann", targetId="bob", spend="free")
    assert r.ok and r.outcome["result"] == "grappled", r
    doc = r.encounter
    bob = next(c for c in doc["combatants"] if c["id"] == "bob")
    assert {"name": "grappled", "source": "ann"}.items() <= bob["conditions"][0].items()

    # d100.grapple.escape on bob's turn: bob's unarmed beats ann's
    doc["turnOf"] = "bob"
    s = seed_where((20, lambda v: v >= 15), (20, lambda v: v <= 5))
    r = call(door, "escapeGrapple", doc, s, combatantId="bob")
    assert r.ok and r.outcome["result"] == "escaped"
    bob = next(c for c in r.encounter["combatants"] if c["id"] == "bob")
    assert not any(c["name"] == "grappled" for c in bob["conditions"])


def test_d100_scenario_initiative_needs_a_position_or_an_order(play_door: Door) -> None:
    r = play_door.call("rollInitiative", fight(), seed=1)
    assert not r.ok and r.kind == "invalid"
    r = play_door.call("rollInitiative", fight(), seed=1, order=["cat", "bob", "ann"])
    assert r.ok and r.outcome["turnOf"] == "cat"

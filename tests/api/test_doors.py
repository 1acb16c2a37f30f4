"""The three headline mutations through both doors, with the same test bodies."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from doors import Door, GraphQL, Rest
from factories import combatant, encounter_doc, skirmish
from starlette.testclient import TestClient


def test_roll_initiative_sets_round_one_and_first_turn(door: Door) -> None:
    reply = door.call("rollInitiative", skirmish(), seed=7)
    assert reply.ok
    enc = reply.encounter
    assert enc["round"] == 1
    order = [e["combatantId"] for e in enc["order"]]
    assert sorted(order) == ["gob1", "gob2", "hero"]
    assert enc["turnOf"] == order[0]
    totals = [e["initiative"] for e in enc["order"]]
    assert totals == sorted(totals, reverse=True)
    rolls = [e for e in reply.events if e["type"] == "roll"]
    assert {r["actor"] for r in rolls} >= {"gob1", "gob2", "hero"}
    for r in rolls:
        assert r["roll"]["dice"][0]["sides"] == 20
    assert reply.body["seed"] == 7


def test_resolve_attack_hits_and_applies_damage(door: Door) -> None:
    doc = skirmish()
    for seed in range(40):
        reply = door.call("resolveAttack", doc, seed=seed, attackerId="hero", targetId="gob1")
        assert reply.ok, reply.message
        out = reply.outcome
        if out["hit"] and not out["critical"]:
            gob = next(c for c in reply.encounter["combatants"] if c["id"] == "gob1")
            assert out["damage"] >= 4
            assert gob["hp"] == max(0, 7 - out["damage"])
            assert out["total"] >= 13
            return
    pytest.fail("no plain hit in 40 seeds")


def test_resolve_attack_can_leave_hp_alone(door: Door) -> None:
    doc = skirmish()
    for seed in range(40):
        reply = door.call(
            "resolveAttack", doc, seed=seed, attackerId="hero", targetId="gob1", applyDamage=False
        )
        if reply.outcome["hit"]:
            gob = next(c for c in reply.encounter["combatants"] if c["id"] == "gob1")
            assert gob["hp"] == 7
            assert reply.outcome["damageApplied"] is False
            return
    pytest.fail("no hit in 40 seeds")


def test_apply_damage_seed_example_kills_outright(door: Door) -> None:
    doc = encounter_doc(combatant("cleric", 1, 1, kind="pc", hp=6, maxHp=12))
    reply = door.call("applyDamage", doc, targetId="cleric", amount=30)
    assert reply.ok
    assert reply.outcome["died"] and reply.outcome["instantDeath"]
    assert [e["rule"] for e in reply.events if e["type"] == "death"] == ["d20.death.instant"]


def test_same_seed_same_result_and_unseeded_reports_its_seed(door: Door) -> None:
    doc = skirmish()
    first = door.call("rollInitiative", doc)
    assert first.ok and isinstance(first.body["seed"], int)
    again = door.call("rollInitiative", doc, seed=first.body["seed"])
    assert again.body == first.body


@pytest.mark.parametrize("seed", [1, 2, 3, 99, 123456])
def test_rest_and_graphql_give_identical_results(client: TestClient, seed: int) -> None:
    rest, graphql = Rest(client), GraphQL(client)
    doc = skirmish()
    a = rest.call("rollInitiative", doc, seed=seed)
    b = graphql.call("rollInitiative", doc, seed=seed)
    assert a.body == b.body
    enc = a.encounter
    attacker = enc["turnOf"]
    target = "hero" if attacker != "hero" else "gob1"
    a = rest.call("resolveAttack", enc, seed=seed, attackerId=attacker, targetId=target)
    b = graphql.call("resolveAttack", enc, seed=seed, attackerId=attacker, targetId=target)
    assert a.body == b.body
    a = rest.call("applyDamage", a.encounter, seed=seed, targetId="gob2", amount=9)
    b = graphql.call("applyDamage", b.encounter, seed=seed, targetId="gob2", amount=9)
    assert a.body == b.body


# -- bad input: a clear error naming the field, through both doors -------------------------


def _bad(
    door: Door, doc: dict, path: str, action: str = "rollInitiative", **params: object
) -> None:
    reply = door.call(action, doc, seed=1, **params)
    assert not reply.ok
    assert reply.kind == "invalid", reply
    assert path in reply.paths, (reply.paths, reply.message)


def test_unknown_ruleset_is_refused(door: Door) -> None:
    doc = skirmish()
    doc["ruleset"] = "d12"
    _bad(door, doc, "encounter.ruleset")


def test_duplicate_combatant_id_is_refused(door: Door) -> None:
    doc = skirmish()
    doc["combatants"][2]["id"] = "gob1"
    _bad(door, doc, "encounter.combatants[2].id")


def test_position_off_the_grid_is_refused(door: Door) -> None:
    doc = skirmish()
    doc["combatants"][1]["position"] = {"x": 12, "y": 0}
    _bad(door, doc, "encounter.combatants[1].position")


def test_large_creature_hanging_off_the_edge_is_refused(door: Door) -> None:
    doc = skirmish()
    doc["combatants"][1].update(size="large", position={"x": 11, "y": 5})
    _bad(door, doc, "encounter.combatants[1].position")


def test_two_creatures_in_one_space_are_refused(door: Door) -> None:
    doc = skirmish()
    doc["combatants"][2]["position"] = {"x": 3, "y": 2}
    _bad(door, doc, "encounter.combatants[2].position")


def test_hp_above_max_is_refused(door: Door) -> None:
    doc = skirmish()
    doc["combatants"][0]["hp"] = 25
    _bad(door, doc, "encounter.combatants[0].hp")


def test_wrong_type_names_the_field(door: Door) -> None:
    doc = skirmish()
    doc["combatants"][0]["ac"] = "fifteen"
    _bad(door, doc, "encounter.combatants[0].ac")


def test_unknown_target_is_refused(door: Door) -> None:
    _bad(door, skirmish(), "targetId", "resolveAttack", attackerId="hero", targetId="nobody")


def test_bad_dice_notation_is_refused(door: Door) -> None:
    reply = door.call(
        "resolveAttack",
        skirmish(),
        seed=1,
        attackerId="hero",
        targetId="gob1",
        attack={"name": "rock", "damage": "2d", "bonus": 0},
    )
    assert reply.kind == "invalid" and "dice" in reply.message


def test_action_of_another_ruleset_is_a_clear_error(door: Door) -> None:
    reply = door.call("reload", skirmish(), seed=1, combatantId="hero", attackName="longsword")
    assert not reply.ok and reply.code == "not-supported"
    assert "encounter.ruleset" in reply.paths


def test_rule_violation_names_the_rule(door: Door) -> None:
    doc = skirmish()
    doc["combatants"][1].update(hp=0, dead=True)
    reply = door.call("resolveAttack", doc, seed=1, attackerId="hero", targetId="gob1")
    assert reply.kind == "rule" and reply.rule == "d20.hp.zero"


def test_total_cover_refuses_the_attack(door: Door) -> None:
    reply = door.call(
        "resolveAttack", skirmish(), seed=1, attackerId="hero", targetId="gob1", cover="total"
    )
    assert reply.kind == "rule" and reply.rule == "d20.attack.total-cover"


def test_actions_never_change_the_request_document(door: Door) -> None:
    doc = skirmish()
    before = copy.deepcopy(doc)
    door.call("resolveAttack", doc, seed=3, attackerId="hero", targetId="gob1")
    assert doc == before


# -- REST specifics ------------------------------------------------------------------------


def test_body_too_large_is_413(client: TestClient) -> None:
    r = client.post(
        "/v1/roll-initiative",
        content=b"{" + b" " * 70_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "body-too-large"


def test_malformed_json_is_422(client: TestClient) -> None:
    r = client.post(
        "/v1/roll-initiative", content=b"{nope", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422
    assert r.json()["status"] == 422


def test_non_json_body_is_415(client: TestClient) -> None:
    r = client.post(
        "/v1/roll-initiative",
        content=b"x=1",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 415


def test_openapi_is_served_and_valid(client: TestClient) -> None:
    from openapi_spec_validator import validate

    spec = client.get("/openapi.json").json()
    validate(spec)
    assert {"/v1/roll-initiative", "/v1/resolve-attack", "/v1/apply-damage"} <= set(spec["paths"])


def test_playground_opens_with_example_operations(client: TestClient) -> None:
    r = client.get("/graphql", headers={"accept": "text/html"})
    assert r.status_code == 200
    for op in ("mutation RollInitiative", "mutation ResolveAttack", "mutation ApplyDamage"):
        assert op in r.text


@pytest.mark.parametrize(
    ("query", "check"),
    [
        ("cover", lambda o: o["degree"] == "none" and o["acBonus"] == 0),
        ("flanking", lambda o: o["flanks"] is False),
        ("reach", lambda o: o["distance"] == 5 and o["attacks"][0]["inRange"]),
        ("pathCost", lambda o: o["legal"] and o["cost"] == 10),
    ],
)
def test_geometry_queries_answer_without_changing_anything(
    door: Door, query: str, check: Callable[[dict], bool]
) -> None:
    params = (
        {"combatantId": "hero", "to": {"x": 0, "y": 2}}
        if query == "pathCost"
        else {"attackerId": "hero", "targetId": "gob1"}
    )
    reply = door.call(query, skirmish(), seed=1, **params)
    assert reply.ok, reply.message
    assert "encounter" not in reply.body
    assert check(reply.outcome), reply.outcome

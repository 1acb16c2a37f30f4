"""d10 simultaneous ties through both doors: two creatures on one count kill each other,
both still act, and both die when the count ends (``d10.init.ties``)."""

from __future__ import annotations

from typing import Any

import pytest
from doors import Door, Reply
from factories import combatant, encounter_doc

AXE = [{"name": "axe", "bonus": 20, "damage": "10"}]


def fight() -> dict[str, Any]:
    return encounter_doc(
        combatant("red", 1, 1, side="red", hp=8, maxHp=8, aware=True, attacks=AXE),
        combatant("blue", 2, 1, side="blue", hp=8, maxHp=8, aware=True, attacks=AXE),
        combatant("bystander", 6, 6, side="grey", aware=False),
        ruleset="d10",
    )


def by_id(reply: Reply, cid: str) -> dict[str, Any]:
    return next(c for c in reply.encounter["combatants"] if c["id"] == cid)


def tied_start(door: Door) -> Reply:
    """A seed where red and blue roll the same count (searched, so deterministic)."""
    for seed in range(200):
        reply = door.call("rollInitiative", fight(), seed=seed)
        assert reply.ok, reply.message
        counts = {e["combatantId"]: e["initiative"] for e in reply.encounter["order"]}
        if counts["red"] == counts["blue"]:
            return reply
    pytest.fail("no tie in 200 seeds")


def attack(door: Door, doc: dict[str, Any], attacker: str, target: str) -> Reply:
    """The attacker's axe, with the first seed that hits (bonus 20: all but a natural 1)."""
    for seed in range(50):
        reply = door.call("resolveAttack", doc, seed=seed, attackerId=attacker, targetId=target)
        assert reply.ok, reply.message
        if reply.outcome["hit"]:
            return reply
    pytest.fail("no hit in 50 seeds")


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_mutual_kill_both_act_then_both_die(door: Door) -> None:
    start = tied_start(door)
    step = start.encounter["step"]
    assert step is not None and sorted(step["members"]) == ["blue", "red"]
    assert any(e["type"] == "step-opened" for e in start.events)
    first = start.encounter["turnOf"]
    second = "blue" if first == "red" else "red"
    assert start.encounter["order"][-1]["combatantId"] == "bystander"

    # the first kills the second, but the damage waits for the count to end
    one = attack(door, start.encounter, first, second)
    assert by_id(one, second)["hp"] == 8 and not by_id(one, second)["dead"]
    deferred = [e for e in one.events if e["type"] == "deferred"]
    assert len(deferred) == 1 and deferred[0]["target"] == second
    assert deferred[0]["rule"] == "d10.init.ties"
    held = one.encounter["step"]["deferred"]
    assert [(d["targetId"], d["amount"], d["sourceId"]) for d in held] == [(second, 10, first)]

    # the turn passes inside the step; the "dead" creature still acts
    mid = door.call("nextTurn", one.encounter)
    assert mid.ok, mid.message
    assert mid.encounter["turnOf"] == second
    assert mid.encounter["step"]["acted"] == [first]
    two = attack(door, mid.encounter, second, first)
    assert by_id(two, first)["hp"] == 8
    assert len(two.encounter["step"]["deferred"]) == 2

    # nextTurn closes the step: both die; only the bystander's side stands: the fight is over
    end = door.call("nextTurn", two.encounter)
    assert end.ok, end.message
    assert end.encounter["step"] is None
    assert by_id(end, "red")["dead"] and by_id(end, "blue")["dead"]
    assert end.encounter["turnOf"] is None and end.outcome["fightOver"]
    types = [e["type"] for e in end.events]
    assert types.count("deferred-applied") == 2
    assert {e["target"] for e in end.events if e["type"] == "death"} == {"red", "blue"}
    assert "step-closed" in types


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_a_dodge_is_held_in_the_state_and_lands_when_the_count_ends(
    door: Door,
) -> None:
    start = tied_start(door)
    first = start.encounter["turnOf"]
    second = "blue" if first == "red" else "red"
    dodged = door.call("dodge", start.encounter, combatantId=first)
    assert dodged.ok, dodged.message
    held = dodged.encounter["step"]["held"]
    assert [(h["targetId"], [c["name"] for c in h["conditionsAdded"]]) for h in held] == [
        (first, ["dodging"])
    ]
    mid = door.call("nextTurn", dodged.encounter)
    assert mid.ok, mid.message
    swing = door.call("resolveAttack", mid.encounter, seed=1, attackerId=second, targetId=first)
    assert swing.ok, swing.message
    assert not swing.outcome["disadvantage"]
    end = door.call("nextTurn", swing.encounter)
    assert end.ok, end.message
    assert end.encounter["step"] is None
    assert "dodging" in [c["name"] for c in by_id(end, first)["conditions"]]

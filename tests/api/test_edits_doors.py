"""The DM's edits (``addCombatant``, ``removeCombatant``, ``updateCombatant``) through both
doors and in sessions: what the engine answers, refusals with the field's path, steps of the
session's log and replay that undo and verify handle like every write."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from doors import Door
from factories import build, combatant, encounter_doc, value_of
from starlette.testclient import TestClient

from service.rules import apply
from service.rules.model import Combatant
from service.rules.model.requests import AddCombatant

GOBLIN = combatant("gob", 3, 2, side="foes", hp=7, maxHp=7, ac=10, initiativeBonus=2)


def _doc() -> dict[str, Any]:
    combatants = [
        combatant("hero", 2, 2, kind="pc", hp=24, maxHp=24),
        combatant("orc", 6, 6, side="foes", hp=30, maxHp=30),
    ]
    return encounter_doc(
        *combatants,
        round=1,
        turnOf="hero",
        order=[{"combatantId": "hero", "initiative": 15}, {"combatantId": "orc", "initiative": 8}],
    )


def _ids(encounter: dict[str, Any]) -> list[str]:
    return [c["id"] for c in encounter["combatants"]]


def test_edits_through_both_doors_answer_what_the_engine_answers(door: Door) -> None:
    doc = _doc()
    engine = apply(build(doc), AddCombatant(value_of(Combatant, GOBLIN)), Random(4))
    added = door.call("addCombatant", doc, seed=4, combatant=GOBLIN)
    assert added.ok, added.message
    assert added.outcome["initiative"] == engine.outcome.initiative
    assert added.outcome["initiativeFrom"] == "rolled"
    assert _ids(added.encounter) == ["hero", "orc", "gob"]
    assert "gob" in [e["combatantId"] for e in added.encounter["order"]]
    assert [e["type"] for e in added.events] == ["roll", "combatant-added"]
    updated = door.call("updateCombatant", added.encounter, combatantId="gob", hp=3, tempHp=2)
    assert updated.ok, updated.message
    assert updated.outcome["changed"] == ["hp", "tempHp"]
    event = updated.events[0]
    assert event["type"] == "combatant-updated" and event["data"]["after"] == {"hp": 3, "tempHp": 2}
    removed = door.call("removeCombatant", updated.encounter, combatantId="gob")
    assert removed.ok, removed.message
    assert _ids(removed.encounter) == ["hero", "orc"]
    assert [e["combatantId"] for e in removed.encounter["order"]] == ["hero", "orc"]


def test_impossible_edits_are_refused_with_the_field_path(door: Door) -> None:
    doc = _doc()
    taken = door.call("addCombatant", doc, combatant={**GOBLIN, "position": {"x": 6, "y": 6}})
    assert not taken.ok and taken.kind == "invalid" and taken.paths == ["combatant.position"]
    twice = door.call("addCombatant", doc, combatant={**GOBLIN, "id": "orc"})
    assert not twice.ok and twice.paths == ["combatant.id"]
    over = door.call("updateCombatant", doc, combatantId="orc", hp=31)
    assert not over.ok and over.paths == ["hp"]
    unknown = door.call("removeCombatant", doc, combatantId="ocr")
    assert not unknown.ok and unknown.paths == ["combatantId"]
    assert "did you mean 'orc'" in unknown.message


@pytest.mark.rule("d20.attack.roll")
def test_a_session_adds_a_goblin_attacks_it_undoes_and_verifies(client: TestClient) -> None:
    """Create, addCombatant, an attack on the new goblin, undo (the goblin is back
    unhurt), then verify re-applies every step, the edit among them."""
    created = client.post("/v1/sessions", json={"encounter": _doc()})
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    added = client.post(
        f"/v1/sessions/{sid}/add-combatant",
        json={"combatant": GOBLIN, "initiative": 12, "seed": 3},
        headers={"If-Match": '"1"', "Idempotency-Key": "add-gob"},
    )
    assert added.status_code == 200, added.text
    assert added.json()["session"]["version"] == 2
    again = client.post(
        f"/v1/sessions/{sid}/add-combatant",
        json={"combatant": GOBLIN, "initiative": 12, "seed": 3},
        headers={"If-Match": '"1"', "Idempotency-Key": "add-gob"},
    )
    assert again.status_code == 200, again.text
    assert again.headers.get("idempotent-replayed") == "true"
    attack = client.post(
        f"/v1/sessions/{sid}/resolve-attack",
        json={"attackerId": "hero", "targetId": "gob", "seed": 11},
    )
    assert attack.status_code == 200, attack.text
    assert attack.json()["session"]["version"] == 3
    undone = client.post(f"/v1/sessions/{sid}/undo")
    assert undone.status_code == 200, undone.text
    gob = next(c for c in undone.json()["encounter"]["combatants"] if c["id"] == "gob")
    assert gob["hp"] == 7
    graphql = client.post(
        "/graphql",
        json={
            "query": """mutation($id: ID) { updateCombatant(sessionId: $id,
                input: {combatantId: "gob", hp: 2}) {
                __typename ... on UpdateCombatantPayload { outcome { changed }
                session { version } } } }""",
            "variables": {"id": sid},
        },
    )
    body = graphql.json()
    assert "errors" not in body, body
    answer = body["data"]["updateCombatant"]
    assert answer["outcome"]["changed"] == ["hp"] and answer["session"]["version"] == 5
    events = client.get(f"/v1/sessions/{sid}/events").json()["items"]
    kinds = [e["data"]["type"] for e in events]
    assert "combatant-added" in kinds and "combatant-updated" in kinds
    replay = client.get(f"/v1/sessions/{sid}/replay").json()["items"]
    assert [s["action"] for s in replay] == [
        "createSession",
        "addCombatant",
        "resolveAttack",
        "undo",
        "updateCombatant",
    ]
    verdict = client.post(f"/v1/sessions/{sid}/verify").json()
    assert verdict["reproduced"] is True and verdict["steps"] == 5, verdict

"""One case of each family of rules through both doors, REST and GraphQL: the same answer,
the same errors (the engine tests in tests/rules play the rules themselves)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from doors import Door, GraphQL, Rest
from factories import ScriptedRandom, build, combatant, encounter_doc, skirmish
from starlette.testclient import TestClient

from service.api.models import dump
from service.app import create_app
from service.rules import apply
from service.rules.model import Encounter
from service.rules.model.requests import ResolveAttack


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(params=["rest", "graphql"])
def door(request: pytest.FixtureRequest, client: TestClient) -> Door:
    return Rest(client) if request.param == "rest" else GraphQL(client)


def _started(*combatants: dict[str, Any], **over: Any) -> dict[str, Any]:
    """An encounter document already in round 1, order as listed, first one's turn."""
    ids = [c["id"] for c in combatants]
    doc = encounter_doc(*combatants, **over)
    doc.setdefault("round", 1)
    doc.setdefault("turnOf", ids[0])
    doc.setdefault(
        "order", [{"combatantId": cid, "initiative": 20 - i} for i, cid in enumerate(ids)]
    )
    return doc


@pytest.mark.rule("d20.turn.potion-bonus")
def test_actions_through_both_doors(door: Door) -> None:
    doc = _started(
        combatant("hero", 2, 2, kind="pc", speed=30, hp=5),
        combatant("gob", 3, 2, side="foes", hp=7, maxHp=7, ac=10),
    )
    potion = door.call("drinkPotion", doc, seed=1, combatantId="hero", source="belt")
    assert potion.ok, potion.message
    assert potion.outcome["spent"] == "bonus-action" and potion.outcome["healed"] >= 4
    dash = door.call("dash", potion.encounter, combatantId="hero")
    assert dash.ok and dash.outcome["movement"] == 60
    again = door.call("dash", dash.encounter, combatantId="hero")
    assert not again.ok and again.rule == "d20.turn.economy"
    bad = door.call("stabilize", doc, combatantId="hero", targetId="nobody")
    assert not bad.ok and bad.kind == "invalid" and bad.paths == ["targetId"]


@pytest.mark.rule("d20.order.steps")
def test_next_turn_through_both_doors(door: Door) -> None:
    doc = _started(combatant("a", 0, 0), combatant("b", 1, 0, side="foes"))
    reply = door.call("nextTurn", doc, seed=3)
    assert reply.ok, reply.message
    assert reply.outcome["previous"] == "a" and reply.outcome["turnOf"] == "b"
    assert reply.outcome["newRound"] is False and reply.encounter["turnOf"] == "b"
    again = door.call("nextTurn", reply.encounter, seed=3)
    assert again.outcome["newRound"] is True and again.encounter["round"] == 2
    refused = door.call("nextTurn", skirmish())
    assert not refused.ok and refused.kind == "rule" and refused.rule == "d20.order.steps"
    lowered = door.call("lowerInitiative", doc, combatantId="b", initiative=25)
    assert not lowered.ok and lowered.rule == "d20.init.lower"


def _offer() -> dict[str, Any]:
    """Weapon hit 2-5 rolled: the hero may take advantage against the orc (one choice)."""
    enc = build(
        encounter_doc(
            combatant("hero", 2, 2, kind="pc", hp=24, maxHp=24),
            combatant("orc", 3, 2, side="orcs", ac=13, hp=50, maxHp=50),
        )
    )
    result = apply(enc, ResolveAttack("hero", "orc", spend="free"), ScriptedRandom([20, 2, 5, 3]))
    assert [c.id for c in result.encounter.pending_choices] == ["choice-1"]
    doc: dict[str, Any] = dump(result.encounter, Encounter)
    return doc


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_resolve_choice_through_both_doors(door: Door) -> None:
    doc = _offer()
    reply = door.call("resolveChoice", doc, seed=1, choiceId="choice-1", decision="accept")
    assert reply.ok, reply.message
    assert reply.outcome["choiceId"] == "choice-1" and reply.outcome["owner"] == "hero"
    assert len(reply.outcome["applied"]) == 2
    assert reply.encounter["pendingChoices"] == []
    hero = next(c for c in reply.encounter["combatants"] if c["id"] == "hero")
    assert hero["effects"][0]["kind"] == "advantage"
    declined = door.call("resolveChoice", doc, choiceId="choice-1", decision="decline")
    assert declined.ok and declined.outcome["applied"] == []
    missing = door.call("resolveChoice", doc, choiceId="nope", decision="accept")
    assert not missing.ok and missing.kind == "invalid" and missing.paths


@pytest.mark.rule("d20.attack.roll")
def test_attack_odds_through_both_doors(client: TestClient) -> None:
    doc = skirmish()
    if True:
        rest = client.post(
            "/v1/attack-odds",
            json={"encounter": doc, "attackerId": "hero", "targetId": "gob1", "seed": 1},
        )
        assert rest.status_code == 200, rest.text
        body = rest.json()
        assert "encounter" not in body and body["outcome"]["hit"] == 0.65
        query = """query Odds($encounter: JSON!, $input: AttackOddsInput!) {
          attackOdds(encounter: $encounter, input: $input) {
            __typename ... on AttackOddsPayload { outcome { hit critical meanDamage
              damage { value probability } } } } }"""
        gql = client.post(
            "/graphql",
            json={
                "query": query,
                "variables": {
                    "encounter": doc,
                    "input": {"attackerId": "hero", "targetId": "gob1"},
                },
            },
        )
        data = gql.json()
        assert "errors" not in data, data
        outcome = data["data"]["attackOdds"]["outcome"]
        assert outcome["hit"] == body["outcome"]["hit"]
        assert outcome["meanDamage"] == body["outcome"]["meanDamage"]
        refused = client.post(
            "/v1/attack-odds",
            json={"encounter": doc, "attackerId": "hero", "targetId": "gob1", "cover": "total"},
        )
        assert refused.status_code == 409 and refused.json()["rule"] == "d20.attack.total-cover"
        sim = client.post("/v1/encounter-odds", json={"encounter": doc, "runs": 50, "seed": 3})
        assert sim.status_code == 200, sim.text
        again = client.post("/v1/encounter-odds", json={"encounter": doc, "runs": 50, "seed": 3})
        assert sim.json()["outcome"] == again.json()["outcome"]
        too_many = client.post("/v1/encounter-odds", json={"encounter": doc, "runs": 5000})
        assert too_many.status_code == 422

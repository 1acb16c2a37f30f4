"""``rollSave``, ``rollCheck`` and the base ``search`` through both doors and in sessions:
the engine's answer, the errors with their paths, a place in the session's log and replay.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from doors import Door
from factories import build, combatant, encounter_doc
from starlette.testclient import TestClient

from service.rules import apply
from service.rules.model.requests import ContestSide, RollCheck, RollSave


def _doc(ruleset: str = "d20") -> dict[str, Any]:
    combatants = [
        combatant("hero", 2, 2, kind="pc", saves={"dexterity": 4}, skills={"athletics": 3}),
        combatant(
            "gob", 3, 2, side="foes", conditions=[{"name": "restrained"}], skills={"stealth": 4}
        ),
    ]
    return encounter_doc(
        *combatants,
        ruleset=ruleset,
        round=1,
        turnOf="hero",
        order=[{"combatantId": c["id"], "initiative": 9 - i} for i, c in enumerate(combatants)],
    )


@pytest.mark.rule("d20.save")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_d20_save_roll_save_and_check_through_both_doors(door: Door, ruleset: str) -> None:
    """The doors answer what the engine answers for the same seed, change nothing and log the
    roll; the goblin's restrained Dexterity save lists its disadvantage."""
    doc = _doc(ruleset)
    engine = apply(build(doc), RollSave("gob", "dexterity", dc=12), Random(5)).outcome
    save = door.call("rollSave", doc, seed=5, combatantId="gob", ability="dexterity", dc=12)
    assert save.ok, save.message
    assert save.outcome["success"] == engine.success
    assert save.outcome["roll"]["total"] == engine.roll.total
    assert save.outcome["roll"]["disadvantageSources"] == ["restrained"]
    assert len(save.outcome["roll"]["rolls"]) == 2
    assert [e["rule"] for e in save.events if e["type"] == "roll"] == ["d20.save"]
    contest = {"combatantId": "gob", "skill": "acrobatics"}
    engine_check = apply(
        build(doc), RollCheck("hero", skill="athletics", contest=_side(contest)), Random(8)
    ).outcome
    check = door.call(
        "rollCheck", doc, seed=8, combatantId="hero", skill="athletics", contest=contest
    )
    assert check.ok, check.message
    assert check.outcome["success"] == engine_check.success
    assert check.outcome["contest"]["total"] == engine_check.contest.total  # type: ignore[union-attr]
    # it spent nothing: the hero's attack still goes through afterwards
    attack = door.call("resolveAttack", check.encounter, seed=1, attackerId="hero", targetId="gob")
    assert attack.ok, attack.message


def _side(doc: dict[str, Any]) -> ContestSide:
    return ContestSide(doc["combatantId"], skill=doc.get("skill"))


@pytest.mark.rule("d20.save")
def test_d20_save_bad_requests_through_both_doors(door: Door) -> None:
    doc = _doc()
    both = door.call(
        "rollSave",
        doc,
        combatantId="hero",
        ability="dexterity",
        dc=10,
        contest={"combatantId": "gob", "ability": "strength"},
    )
    assert not both.ok and both.kind == "invalid" and both.paths == ["dc"]
    unknown = door.call(
        "rollCheck", doc, combatantId="hero", ability="wisdom", contest={"combatantId": "x"}
    )
    assert not unknown.ok and unknown.paths == ["contest.combatantId"]


@pytest.mark.rule("d20.hide")
def test_d20_hide_search_through_both_doors_finds_a_hidden_goblin(door: Door) -> None:
    """d20 has Search now: the goblin hides on its turn, the hero searches on its own."""
    doc = _doc()
    doc["turnOf"] = "gob"
    doc["combatants"][1]["conditions"] = []
    hid = door.call("hide", doc, seed=1, combatantId="gob", spend="free")
    assert hid.ok, hid.message
    stealth = hid.outcome["stealth"]
    turn = door.call("nextTurn", hid.encounter, seed=1)
    assert turn.ok and turn.encounter["turnOf"] == "hero"
    for seed in range(200):
        found = door.call("search", turn.encounter, seed=seed, combatantId="hero")
        assert found.ok, found.message
        if found.outcome["perception"]["total"] > stealth:
            break
    assert found.outcome["found"] == ["gob"]
    hidden = next(c for c in found.encounter["combatants"] if c["id"] == "gob")
    assert all(k["name"] != "hidden" for k in hidden["conditions"])
    refused = door.call("search", turn.encounter, combatantId="hero", dc=10)
    assert not refused.ok and refused.paths == ["dc"]


@pytest.mark.rule("d20.save")
def test_d20_save_a_session_logs_and_replays_a_roll(client: TestClient) -> None:
    """In a session a save writes a version (nothing else changes), its roll is in the
    session's events, the replay lists it, and verify reproduces it."""
    created = client.post("/v1/sessions", json={"encounter": _doc()})
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    save = client.post(
        f"/v1/sessions/{sid}/roll-save",
        json={"combatantId": "gob", "ability": "dexterity", "dc": 12, "seed": 4},
    )
    assert save.status_code == 200, save.text
    assert save.json()["session"]["version"] == 2
    check = client.post(
        f"/v1/sessions/{sid}/roll-check",
        json={"combatantId": "hero", "skill": "athletics", "dc": 10},
    )
    assert check.status_code == 200, check.text
    events = client.get(f"/v1/sessions/{sid}/events").json()["items"]
    rules = [e["data"].get("rule") for e in events]
    assert rules.count("d20.save") == 2
    replay = client.get(f"/v1/sessions/{sid}/replay").json()["items"]
    assert [s["action"] for s in replay] == ["createSession", "rollSave", "rollCheck"]
    assert replay[1]["params"] == {"combatantId": "gob", "ability": "dexterity", "dc": 12}
    verdict = client.post(f"/v1/sessions/{sid}/verify").json()
    assert verdict["reproduced"] is True and verdict["steps"] == 3
    graphql = client.post(
        "/graphql",
        json={
            "query": """mutation($id: ID) { rollSave(sessionId: $id, seed: 2,
                input: {combatantId: "gob", ability: STRENGTH, dc: 30}) {
                __typename ... on RollSavePayload { outcome { success automaticFailure }
                session { version } } } }""",
            "variables": {"id": sid},
        },
    )
    body = graphql.json()
    assert "errors" not in body, body
    answer = body["data"]["rollSave"]
    assert answer["outcome"]["success"] is False and answer["session"]["version"] == 4

"""``Prefer: return=minimal`` through the REST door: a fight played on minimal answers alone,
stateless and on a session, each answer's ``changes`` patching the one before it.

(tests/golden/test_changes.py checks the same over every golden case, in process.)
"""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
from factories import skirmish
from starlette.testclient import TestClient

from service.api.models import ENCOUNTER

MINIMAL = {"Prefer": "return=minimal"}


def full_form(encounter: dict[str, Any]) -> Any:
    return ENCOUNTER.dump_python(
        ENCOUNTER.validate_json(json.dumps(encounter)), mode="json", by_alias=True
    )


def attack_params(encounter: dict[str, Any]) -> dict[str, Any]:
    """The creature whose turn it is attacks a living foe with its first attack."""
    attacker = next(c for c in encounter["combatants"] if c["id"] == encounter["turnOf"])
    target = next(
        c
        for c in encounter["combatants"]
        if c["side"] != attacker["side"] and c.get("hp", 1) > 0 and not c.get("dead")
    )
    return {
        "attackerId": attacker["id"],
        "targetId": target["id"],
        "attackName": attacker["attacks"][0]["name"],
    }


def test_a_stateless_fight_runs_on_minimal_answers(client: TestClient) -> None:
    first = client.post("/v1/roll-initiative", json={"encounter": skirmish(), "seed": 4})
    rolled = client.post(
        "/v1/roll-initiative", json={"encounter": skirmish(), "seed": 4}, headers=MINIMAL
    )
    assert rolled.status_code == 200, rolled.text
    assert rolled.headers["Preference-Applied"] == "return=minimal"
    assert "Prefer" in rolled.headers["Vary"] and "Preference-Applied" not in first.headers
    lean = rolled.json()
    assert len(rolled.content) < len(first.content) / 2
    assert "null" not in json.dumps(lean["encounter"])
    assert full_form(lean["encounter"]) == first.json()["encounter"]

    # The minimal encounter is a request's: the attacker's turn goes on from it.
    body = {"encounter": lean["encounter"], **attack_params(lean["encounter"]), "seed": 9}
    hit = client.post("/v1/resolve-attack", json=body, headers=MINIMAL)
    assert hit.status_code == 200, hit.text
    after = hit.json()
    assert jsonpatch.apply_patch(lean["encounter"], after["changes"]) == after["encounter"]
    same = client.post("/v1/resolve-attack", json=body).json()
    assert full_form(after["encounter"]) == same["encounter"]
    assert [e["type"] for e in after["events"]] == [e["type"] for e in same["events"]]


def test_a_session_fight_follows_its_minimal_changes(client: TestClient) -> None:
    created = client.post("/v1/sessions", json={"encounter": skirmish()})
    assert created.status_code == 201, created.text
    session = created.json()["id"]
    kept = created.json()["encounter"]  # the full form: a minimal patch applies to it too

    # Seeded: the session's own dice could fumble the attack below and drop the weapon, which
    # the odds then refuse (409, not in hand).
    rolled = client.post(
        f"/v1/sessions/{session}/roll-initiative", json={"seed": 7}, headers=MINIMAL
    )
    assert rolled.status_code == 200, rolled.text
    assert rolled.headers["Preference-Applied"] == "return=minimal"
    assert rolled.json()["session"]["version"] == 2
    kept = jsonpatch.apply_patch(kept, rolled.json()["changes"])
    assert full_form(kept) == full_form(rolled.json()["encounter"])

    params = {**attack_params(rolled.json()["encounter"]), "seed": 7}
    hit = client.post(
        f"/v1/sessions/{session}/resolve-attack",
        json=params,
        headers={**MINIMAL, "Idempotency-Key": f"{session}-attack"},
    )
    assert hit.status_code == 200, hit.text
    lean = hit.json()
    assert jsonpatch.apply_patch(rolled.json()["encounter"], lean["changes"]) == lean["encounter"]
    stored = client.get(f"/v1/sessions/{session}").json()
    assert stored["version"] == 3 and stored["encounter"] == full_form(lean["encounter"])

    # A retry answers the answer first kept, in full: the preference is not applied again.
    again = client.post(
        f"/v1/sessions/{session}/resolve-attack",
        json=params,
        headers={**MINIMAL, "Idempotency-Key": f"{session}-attack"},
    )
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Preference-Applied" not in again.headers
    assert again.json()["encounter"] == stored["encounter"]

    # Without the preference, or with another one, the answer is whole (the attack may have
    # dropped its target: the odds are read against one still standing).
    params = attack_params(stored["encounter"])
    for headers in ({}, {"Prefer": "return=representation"}, {"Prefer": "respond-async"}):
        read = client.post(f"/v1/sessions/{session}/attack-odds", json=params, headers=headers)
        assert read.status_code == 200, read.text
        assert "Preference-Applied" not in read.headers
    lean_odds = client.post(
        f"/v1/sessions/{session}/attack-odds",
        json=params,
        headers={"Prefer": 'wait=5, RETURN="minimal"'},
    )
    assert lean_odds.headers["Preference-Applied"] == "return=minimal"
    assert lean_odds.json()["session"] == {
        "id": session,
        "version": 3,
        "commitment": stored["commitment"],
    }

"""``rollDice``, the table's free dice roller (no rule decides it): through both doors, in a
session whose dice anyone can check after the reveal, and from a seat, which rolls only for
its own creatures."""

from __future__ import annotations

import hashlib
import hmac
from random import Random

import pytest
from doors import Door
from factories import build, skirmish
from starlette.testclient import TestClient
from test_seats import bearer, fight, seat

from service.rules import apply
from service.rules.model.requests import RollDice


@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_a_free_roll_through_both_doors_changes_nothing(door: Door, ruleset: str) -> None:
    doc = {**skirmish(), "ruleset": ruleset}
    engine = apply(build(doc), RollDice("4d6kh3", "hero", "ability score"), Random(7))
    got = door.call(
        "rollDice", doc, seed=7, expression="4d6kh3", combatantId="hero", purpose="ability score"
    )
    assert got.ok, got.message
    assert got.outcome["total"] == engine.outcome.total
    assert got.outcome["combatantId"] == "hero" and got.outcome["purpose"] == "ability score"
    [roll] = got.events
    assert roll["type"] == "roll" and roll["rule"] is None and roll["actor"] == "hero"
    kept = [d["value"] for d in roll["roll"]["dice"] if d["kept"]]
    assert len(roll["roll"]["dice"]) == 4 and sum(kept) == got.outcome["total"]
    assert roll["message"] == f"Hero rolls 4d6kh3 for ability score: {got.outcome['total']}"
    # Nothing changed, nothing was spent: the hero's attack goes through afterwards.
    assert got.encounter == door.call("rollDice", doc, seed=7, expression="1d4").encounter
    attack = door.call("resolveAttack", got.encounter, seed=1, attackerId="hero", targetId="gob1")
    assert attack.ok, attack.message


def test_a_free_roll_refuses_what_it_cannot_roll(door: Door) -> None:
    doc = skirmish()
    bad = door.call("rollDice", doc, expression="2d")
    assert not bad.ok and bad.kind == "invalid" and "bad dice expression" in bad.message
    many = door.call("rollDice", doc, expression="900d6")
    assert not many.ok and many.code == "limit-exceeded" and "200 dice" in many.message
    unknown = door.call("rollDice", doc, expression="1d20", combatantId="hobgoblin")
    assert not unknown.ok and unknown.paths == ["combatantId"]


def test_a_sessions_free_rolls_are_logged_replayed_and_checked(client: TestClient) -> None:
    """The DM's roll (no creature) writes a version with its roll in the log; verify replays
    it; after the reveal its seed is the one the commitment derives (docs/fair-dice.md)."""
    sid = fight(client)
    rolled = client.post(
        f"/v1/sessions/{sid}/roll-dice", json={"expression": "1d100", "purpose": "treasure"}
    )
    assert rolled.status_code == 200, rolled.text
    body = rolled.json()
    assert body["changes"] == [] and body["session"]["version"] == 3
    assert body["events"][0]["message"].startswith("The DM rolls 1d100 for treasure: ")
    events = client.get(f"/v1/sessions/{sid}/events").json()["items"]
    assert events[-1]["version"] == 3 and events[-1]["data"]["amount"] == body["outcome"]["total"]
    revealed = client.post(f"/v1/sessions/{sid}/reveal").json()["revealed"]
    step = client.get(f"/v1/sessions/{sid}/replay").json()["items"][-1]
    assert step["action"] == "rollDice" and step["seedSource"] == "committed"
    digest = hmac.new(
        bytes.fromhex(revealed["secret"]), f"crs-dice:{step['line']}".encode(), hashlib.sha256
    ).digest()
    assert step["seed"] == int.from_bytes(digest[:4], "big") & 0x7FFFFFFF
    assert body["seed"] == step["seed"]
    verdict = client.post(f"/v1/sessions/{sid}/verify").json()
    assert verdict["reproduced"] is True and verdict["dice"]["mismatched"] is None


def test_a_seat_rolls_for_its_own_creature_only(client: TestClient) -> None:
    sid = fight(client)
    player = bearer(seat(client, sid, "hero")["token"])
    mine = client.post(
        f"/v1/sessions/{sid}/roll-dice",
        json={"expression": "1d20+2", "combatantId": "hero"},
        headers=player,
    )
    assert mine.status_code == 200, mine.text
    assert mine.json()["events"][0]["actor"] == "hero"
    for params in ({"expression": "1d20", "combatantId": "gob1"}, {"expression": "1d20"}):
        refused = client.post(f"/v1/sessions/{sid}/roll-dice", json=params, headers=player)
        assert refused.status_code == 403, refused.text
        assert refused.json()["code"] == "seat-forbidden"
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 3

"""One case of each family of rules through both doors, REST and GraphQL: the same answer,
the same errors (the engine tests in tests/rules play the rules themselves)."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from doors import Door, GraphQL, Rest
from factories import ScriptedRandom, build, combatant, encounter_doc, skirmish
from starlette.testclient import TestClient

from service.api.models import dump
from service.app import create_app
from service.rules import apply
from service.rules.model import Encounter
from service.rules.model.requests import ApplyDamage, ResolveAttack


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
        query = """query Odds($encounter: EncounterInput!, $input: AttackOddsInput!) {
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


# --------------------------------------------------------------------------------------
# rules3 (issue 14: d100 grapple, shove and help; squeeze, cover and flanking; d10 sight;
# ids and names)


def _d100(*combatants: dict[str, Any], kind: str = "square") -> dict[str, Any]:
    doc = _started(*combatants, ruleset="d100")
    doc["grid"]["kind"] = kind
    return doc


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_and_drag_through_both_doors(door: Door) -> None:
    """The stunned raider is grappled at once (no contest); the grappler walks away and
    drags it along; on the raider's turn it can't walk away."""
    doc = _d100(
        combatant("a", 5, 5),
        combatant("b", 6, 5, side="raiders", conditions=[{"name": "stunned"}]),
    )
    grabbed = door.call("grapple", doc, seed=1, attackerId="a", targetId="b")
    assert grabbed.ok, grabbed.message
    assert grabbed.outcome["result"] == "grappled" and grabbed.outcome["automatic"]
    a = next(c for c in grabbed.encounter["combatants"] if c["id"] == "a")
    assert a["budget"]["movement"] == 15
    path = [{"x": 4, "y": 5}, {"x": 3, "y": 5}]
    moved = door.call("moveCombatant", grabbed.encounter, seed=1, combatantId="a", path=path)
    assert moved.ok, moved.message
    b = next(c for c in moved.encounter["combatants"] if c["id"] == "b")
    assert b["position"] == {"x": 4, "y": 5}
    assert [e["rule"] for e in moved.events if e["type"] == "dragged"] == ["d100.grapple.move"] * 2
    b_doc = {**moved.encounter, "turnOf": "b"}
    for c in b_doc["combatants"]:
        if c["id"] == "b":
            c["conditions"] = [k for k in c["conditions"] if k["name"] != "stunned"]
            c["budget"]["movement"] = 0
    stuck = door.call("moveCombatant", b_doc, seed=1, combatantId="b", to={"x": 8, "y": 8})
    assert not stuck.ok and stuck.kind == "rule" and stuck.rule == "d100.grapple.move"


@pytest.mark.rule("d100.shove")
def test_d100_shove_from_a_large_shover_on_hexes_through_both_doors(door: Door) -> None:
    doc = _d100(
        combatant("a", 5, 5, size="large"),
        combatant("b", 4, 5, side="raiders", conditions=[{"name": "stunned"}]),
        kind="hex",
    )
    pushed = door.call("shove", doc, seed=1, attackerId="a", targetId="b", mode="push")
    assert pushed.ok, pushed.message
    assert pushed.outcome["result"] == "pushed" and pushed.outcome["position"] == {"x": 3, "y": 5}


@pytest.mark.rule("d100.action.help")
def test_d100_help_then_the_allys_contest_through_both_doors(door: Door) -> None:
    doc = _d100(combatant("a", 0, 0), combatant("b", 1, 0), combatant("c", 2, 0, side="raiders"))
    helped = door.call("help", doc, seed=1, combatantId="a", allyId="b")
    assert helped.ok, helped.message
    assert [e["rule"] for e in helped.events] == ["d100.action.help"]
    grab = door.call(
        "grapple", helped.encounter, seed=2, attackerId="b", targetId="c", spend="free"
    )
    assert grab.ok, grab.message
    mine = next(e for e in grab.events if e["actor"] == "b" and e["roll"])
    assert mine["roll"]["expression"].startswith("2d20kh1")
    assert mine["data"]["advantage"] == ["help:a"]
    again = door.call("shove", grab.encounter, seed=3, attackerId="b", targetId="c", spend="free")
    mine = next(e for e in again.events if e["actor"] == "b" and e["roll"])
    assert mine["roll"]["expression"].startswith("1d20")


@pytest.mark.rule("d20.size.squeeze")
@pytest.mark.rule("d20.cover.most")
def test_d20_squeeze_and_cover_through_both_doors(door: Door) -> None:
    doc = _started(
        combatant(
            "ogre",
            1,
            5,
            size="large",
            side="giants",
            attacks=[{"name": "rock", "damage": "2d6", "kind": "ranged", "range": 60}],
        ),
        combatant("hero", 6, 6, kind="pc"),
        grid={
            "kind": "square",
            "width": 12,
            "height": 12,
            "blocked": [{"x": 4, "y": 5}, {"x": 4, "y": 6}],
        },
    )
    moved = door.call("moveCombatant", doc, seed=1, combatantId="ogre", to={"x": 3, "y": 5})
    assert moved.ok and moved.outcome["squeezing"], moved.message
    cover = door.call("cover", moved.encounter, seed=1, attackerId="ogre", targetId="hero")
    assert cover.ok and cover.outcome["degree"] == "half"
    rock = door.call("resolveAttack", moved.encounter, seed=1, attackerId="ogre", targetId="hero")
    assert rock.ok, rock.message
    assert rock.outcome["cover"] == "half"
    assert rock.outcome["disadvantageSources"] == ["attacker-squeezing"]


@pytest.mark.rule("d20.flank.count")
def test_d20_flanking_a_huge_target_through_both_doors(door: Door) -> None:
    doc = _started(
        combatant("a", 5, 5),
        combatant("b", 9, 5),
        combatant("giant", 6, 5, size="huge", side="giants"),
    )
    reply = door.call("flanking", doc, attackerId="a", targetId="giant")
    assert reply.ok and not reply.outcome["flanks"]
    assert "need three" in reply.outcome["reason"]


@pytest.mark.rule("d20.attack.sources")
def test_d10_blinded_attacker_through_both_doors(door: Door) -> None:
    doc = _started(
        combatant("a", 2, 2, conditions=[{"name": "blinded"}]),
        combatant("b", 3, 2, side="foes"),
        ruleset="d10",
    )
    reply = door.call("resolveAttack", doc, seed=1, attackerId="a", targetId="b")
    assert reply.ok and reply.outcome["disadvantageSources"] == ["target-unseen"]


@pytest.mark.parametrize("text", ["a\x00b", "evil\u202etxt", "   "])
def test_combatant_ids_refuse_control_bidi_and_blank_through_both_doors(
    door: Door, text: str
) -> None:
    doc = _started(combatant("a", 0, 0), combatant("b", 1, 0, side="foes"))
    doc["combatants"][1]["id"] = text
    doc["order"][1]["combatantId"] = text
    reply = door.call("nextTurn", doc, seed=1)
    assert not reply.ok and reply.kind == "invalid", reply
    assert reply.paths and "combatants" in str(reply.paths[0]) and "id" in str(reply.paths[0])


# ---------------------------------------------------------------------------------------
# rules1 (issue 14): durations, a band's extra dice, concentration, weapons out of hand,
# exhaustion, through both doors


def _seed_for(doc: dict[str, Any], action: object, wanted: Any) -> int:
    """The first seed whose resolution through the engine satisfies ``wanted``."""
    enc = build(doc)
    for seed in range(20_000):
        if wanted(apply(enc, action, Random(seed))):
            return seed
    raise AssertionError("no seed found")


def _pair() -> dict[str, Any]:
    return _started(
        combatant(
            "hero",
            2,
            2,
            kind="pc",
            hp=30,
            maxHp=30,
            attacks=[{"name": "longsword", "bonus": 5, "damage": "1d8+3"}],
        ),
        combatant("orc", 3, 2, side="orcs", ac=13, hp=60, maxHp=60),
    )


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_next_turn_duration_through_both_doors(door: Door) -> None:
    """A duration set on the hero's own turn, until the end of its next turn: it lasts
    through that turn, the wire carries its count, and it ends as the turn does."""
    doc = _pair()
    doc["combatants"][0]["effects"] = [
        {
            "kind": "advantage",
            "source": "blessing",
            "duration": {"ends": "end", "of": "hero", "turns": 1},
        }
    ]
    enc = doc
    for expected in ("orc", "hero"):
        reply = door.call("nextTurn", enc, seed=1)
        assert reply.ok, reply.message
        enc = reply.encounter
        assert reply.outcome["turnOf"] == expected and reply.outcome["expired"] == []
    hero = enc["combatants"][0]
    assert hero["effects"][0]["duration"]["turnsStarted"] == 1
    ended = door.call("nextTurn", enc, seed=1)
    assert ended.outcome["expired"] == ["hero:advantage"]
    bad = _pair()
    bad["combatants"][0]["conditions"] = [{"name": "blessed", "duration": {"ends": "end"}}]
    refused = door.call("nextTurn", bad, seed=1)
    assert not refused.ok and refused.kind == "invalid"


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.death.damage-at-zero")
def test_d20_crit_effects_extra_dice_are_one_instance_through_both_doors(door: Door) -> None:
    doc = _pair()
    doc["combatants"][1].update(kind="pc", hp=0, conditions=[{"name": "unconscious"}])
    attack = ResolveAttack("hero", "orc")

    def extra_band(r: Any) -> bool:
        bands = [e for e in r.events if e.type == "critical-band"]
        return bool(bands) and bands[0].data["band"] == "85-89"

    seed = _seed_for(doc, attack, extra_band)
    reply = door.call("resolveAttack", doc, seed=seed, attackerId="hero", targetId="orc")
    assert reply.ok, reply.message
    damage = [e for e in reply.events if e["type"] == "damage"]
    assert len(damage) == 1 and damage[0]["amount"] == reply.outcome["damage"]
    if door.name == "rest":
        orc = reply.encounter["combatants"][1]
        assert orc["deathSaves"]["failures"] == 2 and not orc["dead"]


@pytest.mark.rule("d20.ready.spell")
def test_d20_ready_spell_concentration_through_both_doors(door: Door) -> None:
    doc = _pair()
    doc["combatants"][0].update(
        concentration="hold person",
        readied={"trigger": "the orc moves", "action": "spell", "spell": "hold person"},
    )
    damage = ApplyDamage("hero", 24, source_id="orc")  # DC 12
    seed = _seed_for(doc, damage, lambda r: r.encounter.combatant("hero").concentration is None)
    reply = door.call("applyDamage", doc, seed=seed, targetId="hero", amount=24, sourceId="orc")
    assert reply.ok, reply.message
    [save] = [e for e in reply.events if e["roll"] and e["roll"]["purpose"] == "concentration"]
    assert save["data"]["dc"] == 12 and save["data"]["success"] is False
    assert any(e["type"] == "concentration-ended" for e in reply.events)
    if door.name == "rest":
        lost = door.call("triggerReadied", reply.encounter, combatantId="hero")
        assert not lost.ok and lost.rule == "d20.ready.trigger"


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_dropped_weapon_through_both_doors(door: Door) -> None:
    doc = _pair()
    doc["combatants"][0]["attacks"][0]["droppedAt"] = {"x": 2, "y": 3}
    refused = door.call("resolveAttack", doc, seed=1, attackerId="hero", targetId="orc")
    assert not refused.ok and refused.rule == "d20.crit.effects"
    assert "not in hand" in refused.message
    picked = door.call("interact", doc, combatantId="hero", weapon="longsword")
    assert picked.ok, picked.message
    assert picked.outcome["spent"] == "free"
    assert any(e["type"] == "weapon-recovered" for e in picked.events)
    if door.name == "rest":
        swing = door.call(
            "resolveAttack", picked.encounter, seed=1, attackerId="hero", targetId="orc"
        )
        assert swing.ok, swing.message
    far = _pair()
    far["combatants"][0]["attacks"][0]["droppedAt"] = {"x": 9, "y": 9}
    away = door.call("interact", far, combatantId="hero", weapon="longsword")
    assert not away.ok and away.rule == "d20.crit.effects" and "out of reach" in away.message


@pytest.mark.rule("d20.crit.effects")
def test_exhaustion_slows_through_both_doors(door: Door) -> None:
    doc = _pair()
    doc["combatants"][1]["exhaustion"] = 2
    reply = door.call("nextTurn", doc, seed=1)
    assert reply.ok and reply.outcome["turnOf"] == "orc"
    if door.name == "rest":
        orc = reply.encounter["combatants"][1]
        assert orc["budget"]["movement"] == 15
        too_far = door.call(
            "moveCombatant", reply.encounter, combatantId="orc", to={"x": 3, "y": 6}
        )
        assert not too_far.ok and too_far.kind == "rule"


# ---------------------------------------------------------------- rules2: turns, moves, d10
# (issue 14 findings 2, 5, 7, 14-17, 20, 21: one case of each family through both doors)


def _fighters(ruleset: str = "d20", **grid: Any) -> dict[str, Any]:
    """Round 1, the hero's turn (two attacks per Attack action); an orc beside it."""
    doc = _started(
        combatant("hero", 1, 1, kind="pc", hp=200, maxHp=200, attacksPerAction=2),
        combatant("orc", 2, 1, side="orcs", hp=200, maxHp=200, ac=30),
        ruleset=ruleset,
    )
    doc["grid"].update(grid)
    return doc


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_attack_action_through_both_doors(door: Door) -> None:
    first = door.call("resolveAttack", _fighters(), seed=1, attackerId="hero", targetId="orc")
    assert first.ok, first.message
    dodge = door.call("dodge", first.encounter, combatantId="hero")
    assert not dodge.ok and dodge.rule == "d20.turn.economy" and "Attack action" in dodge.message
    second = door.call("resolveAttack", first.encounter, seed=2, attackerId="hero", targetId="orc")
    assert second.ok and second.encounter["combatants"][0]["budget"]["attacksLeft"] == 0
    bonus = door.call("dash", _fighters(), combatantId="hero", spend="bonus-action")
    assert (
        not bonus.ok and bonus.rule == "d20.turn.economy" and "bonus-action:dash" in bonus.message
    )


@pytest.mark.rule("d20.ready.trigger")
@pytest.mark.rule("d20.oa.trigger")
def test_d20_ready_trigger_a_readied_move_through_both_doors(door: Door) -> None:
    doc = _fighters()
    doc["turnOf"] = "orc"  # the hero readied a move on its turn
    doc["combatants"][0]["readied"] = {"trigger": "the orc moves", "action": "move"}
    path = [{"x": 0, "y": 1}, {"x": 0, "y": 2}]
    fired = door.call(
        "triggerReadied",
        doc,
        seed=1,
        combatantId="hero",
        path=path,
        opportunityAttacks=[{"reactorId": "orc", "take": False}],
    )
    assert fired.ok, fired.message
    move = fired.outcome["move"]
    assert move["cost"] == 10 and move["path"][-1] == {"x": 0, "y": 2}
    assert [(o["reactorId"], o["taken"], o["reason"]) for o in move["opportunityAttacks"]] == [
        ("orc", False, "declined")
    ]
    hero, orc = fired.encounter["combatants"]
    assert not hero["budget"]["reaction"] and orc["budget"]["reaction"]
    missing = door.call("triggerReadied", doc, combatantId="hero")
    assert not missing.ok and missing.kind == "invalid" and missing.paths


@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.rule("d100.crit.fail")
def test_d20_oa_trigger_a_broken_weapon_through_both_doors(door: Door) -> None:
    doc = _fighters("d100")
    doc["combatants"][1]["attacks"] = [
        {"name": "axe", "bonus": 5, "damage": "1d12", "condition": 0, "maxCondition": 10}
    ]
    moved = door.call("moveCombatant", doc, seed=1, combatantId="hero", to={"x": 0, "y": 3})
    assert moved.ok, moved.message
    (oa,) = moved.outcome["opportunityAttacks"]
    assert not oa["taken"] and "broken" in oa["reason"]
    assert moved.encounter["combatants"][0]["position"] == {"x": 0, "y": 3}
    bad = door.call(
        "moveCombatant",
        doc,
        combatantId="hero",
        to={"x": 0, "y": 3},
        opportunityAttacks=[{"reactorId": "nobody"}],
    )
    assert not bad.ok and bad.kind == "invalid" and bad.paths


@pytest.mark.rule("d10.turn.speeds")
def test_d10_turn_speeds_climb_and_fly_through_both_doors(door: Door) -> None:
    doc = _fighters("d10", climb=[{"x": 1, "y": y} for y in range(2, 6)])
    doc["combatants"][0]["features"] = ["device:flying"]
    doc["combatants"][0]["flySpeed"] = 60
    path = [{"x": 1, "y": 2}, {"x": 1, "y": 3}]
    climbed = door.call("moveCombatant", doc, seed=1, combatantId="hero", path=path)
    assert climbed.ok and climbed.outcome["cost"] == 20  # 15 ft of climbing out of 30
    flown = door.call("moveCombatant", doc, seed=1, combatantId="hero", path=path, fly=True)
    assert flown.ok and flown.outcome["cost"] == 5  # 10 ft at 60 ft: 5 ft of a 30 ft walk
    doc["combatants"][0]["features"] = []
    grounded = door.call("moveCombatant", doc, combatantId="hero", path=path, fly=True)
    assert not grounded.ok and grounded.rule == "d10.turn.speeds"


@pytest.mark.rule("d20.order.steps")
@pytest.mark.rule("d20.size.space")
def test_d20_order_steps_fight_over_and_clear_refusals_through_both_doors(door: Door) -> None:
    doc = _fighters()
    doc["combatants"][1].update(hp=0, dead=True)
    doc["combatants"].append(combatant("pal", 5, 5, kind="pc"))
    over = door.call("nextTurn", doc, seed=1)
    assert over.ok and over.outcome["fightOver"] and over.outcome["turnOf"] is None
    again = door.call("nextTurn", over.encounter, seed=1)
    assert not again.ok and again.rule == "d20.order.steps"
    taken = door.call("pathCost", _fighters(), combatantId="hero", to={"x": 2, "y": 1})
    assert taken.ok and not taken.outcome["legal"] and "Orc is there" in taken.outcome["reason"]
    far = door.call(
        "pathCost", _fighters(), combatantId="hero", path=[{"x": x, "y": 2} for x in range(1, 9)]
    )
    assert far.ok and far.outcome["failedStep"] == 6 and far.outcome["cost"] == 40

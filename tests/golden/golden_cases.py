"""The golden cases: encounters, the chains of actions played on them, and how to replay them.

A case is an initial encounter and a list of steps ``(action, params, seed)``; each step
runs on the encounter the step before it answered (the first on the initial one), exactly
as a client carrying the state would send it through ``POST /v1/<action>``. The recorded
answer of every step is the REST response body (or the problem a refused step answers).

``python tests/golden record`` builds the cases below (the fights are played by a small
policy at record time, the critical-table cases by searching seeds for each band) and writes
them with their answers to ``tests/golden/logs``; ``python tests/golden update`` keeps
the recorded steps and writes the answers the engine gives now (run it when a commit changes
a rule on purpose, and say in the commit which rule changed and why).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from service.api.core import Problem, minimal_json, run_action
from service.api.models import MODELS

LOGS = Path(__file__).resolve().parent / "logs"

Doc = dict[str, Any]


# --------------------------------------------------------------------------- replay


def answer(action: str, encounter: Doc, params: Doc, seed: int, *, minimal: bool = False) -> Doc:
    """The REST body ``POST /v1/<action>`` answers (with ``Prefer: return=minimal`` when
    ``minimal``), or ``{"problem": ...}`` when refused."""
    models = MODELS[action]
    body = {"encounter": encounter, **params, "seed": seed}
    try:
        request = models.request_adapter.validate_json(json.dumps(body))
        response = run_action(models, request.encounter, request, count=False)
    except Problem as problem:
        return {"problem": problem.body()}
    if minimal:
        lean: Doc = json.loads(minimal_json(models, request.encounter, response))
        return lean
    out: Doc = models.response_adapter.dump_python(response, mode="json", by_alias=True)
    return out


def digest(encounter: Doc) -> str:
    """The sha256 of an encounter's canonical JSON: the logs keep this instead of repeating
    the whole state at every step (the last state is kept whole)."""
    canonical = json.dumps(encounter, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def compact(answer: Doc) -> Doc:
    """An answer as the logs keep it: the encounter replaced by its digest, and without
    ``changes``, which follows from the encounters the logs pin (tests/api/test_changes.py
    checks it)."""
    if "encounter" not in answer:
        return answer
    out = {k: v for k, v in answer.items() if k not in ("encounter", "changes")}
    out["encounterSha256"] = digest(answer["encounter"])
    return out


def replay(case: Doc, *, minimal: bool = False) -> Iterator[Doc]:
    """Each step's full (or ``minimal``) answer, each step run on the encounter the step
    before answered."""
    encounter = case["encounter"]
    for step in case["steps"]:
        got = answer(
            step["action"], encounter, step.get("params", {}), step["seed"], minimal=minimal
        )
        yield got
        if "encounter" in got:
            encounter = got["encounter"]


def final_encounter(case: Doc) -> Doc:
    """The encounter after the case's last step."""
    encounter: Doc = case["encounter"]
    for got in replay(case):
        encounter = got.get("encounter", encounter)
    return encounter


# --------------------------------------------------------------------------- encounters


SWORD = {"name": "sword", "bonus": 5, "damage": "1d8+3", "damageType": "slashing"}


def fighter(cid: str, x: int, y: int, side: str, **over: Any) -> Doc:
    doc: Doc = {
        "id": cid,
        "name": cid.capitalize(),
        "side": side,
        "position": {"x": x, "y": y},
        "hp": 18,
        "maxHp": 18,
        "ac": 13,
        "speed": 30,
        "initiativeBonus": 2,
        "abilities": {"strength": 2, "dexterity": 2, "constitution": 1, "wisdom": 1},
        "attacks": [SWORD],
    }
    doc.update(over)
    return doc


BOW = {
    "name": "bow",
    "bonus": 5,
    "damage": "1d8+2",
    "kind": "ranged",
    "range": 80,
    "longRange": 320,
}
BOLT = {"name": "firebolt", "bonus": 5, "damage": "1d10", "kind": "spell", "range": 120}


def d20_square() -> Doc:
    return {
        "ruleset": "d20",
        "grid": {
            "kind": "square",
            "width": 14,
            "height": 10,
            "blocked": [{"x": 7, "y": y} for y in range(2, 6)],
            "difficult": [{"x": x, "y": 7} for x in range(3, 9)],
        },
        "combatants": [
            fighter("hero", 2, 3, "party", kind="pc", hp=24, maxHp=24, ac=15, initiativeBonus=3),
            fighter("mage", 1, 5, "party", kind="pc", hp=14, maxHp=14, ac=12, attacks=[BOLT, BOW]),
            fighter("rogue", 4, 6, "party", kind="pc", attacks=[SWORD, BOW]),
            fighter("gob1", 5, 3, "goblins", hp=7, maxHp=7, initiativeBonus=2, group="goblins"),
            fighter("gob2", 6, 6, "goblins", hp=7, maxHp=7, group="goblins", attacks=[BOW]),
            fighter(
                "boss",
                10,
                4,
                "goblins",
                size="large",
                hp=40,
                maxHp=40,
                ac=16,
                villain=True,
                attacks=[{"name": "maul", "bonus": 6, "damage": "2d6+4", "reach": 10}],
            ),
            fighter("wolf", 1, 2, "party", hp=11, maxHp=11, controller="hero"),
        ],
    }


def d20_hex() -> Doc:
    doc = d20_square()
    doc["grid"] = {
        "kind": "hex",
        "width": 14,
        "height": 10,
        "blocked": [{"x": 7, "y": y} for y in range(2, 6)],
        "difficult": [{"x": x, "y": 7} for x in range(3, 9)],
    }
    return doc


GUN = {
    "name": "pistol",
    "bonus": 20,
    "damage": "2d6",
    "kind": "ranged",
    "range": 60,
    "ammo": 2,
    "capacity": 6,
    "ammoType": "9mm",
    "condition": 10,
    "maxCondition": 10,
}
KNIFE = {"name": "knife", "bonus": 15, "damage": "1d6+1", "condition": 8, "maxCondition": 8}


def d100_square() -> Doc:
    return {
        "ruleset": "d100",
        "grid": {"kind": "square", "width": 14, "height": 10},
        "combatants": [
            fighter(
                "scout",
                2,
                3,
                "party",
                kind="pc",
                ac=40,
                attacks=[GUN, KNIFE],
                ammunition={"9mm": 10},
                skills={"unarmed": 4, "athletics": 3, "repair": 5, "stealth": 6},
            ),
            fighter(
                "medic", 2, 5, "party", kind="pc", ac=35, attacks=[KNIFE], skills={"unarmed": 1}
            ),
            fighter("raider", 3, 3, "raiders", ac=45, attacks=[KNIFE], skills={"athletics": 2}),
            fighter(
                "brute",
                6,
                6,
                "raiders",
                size="huge",
                hp=60,
                maxHp=60,
                ac=30,
                attacks=[{"name": "club", "bonus": 10, "damage": "2d8+2", "reach": 10}],
            ),
        ],
    }


def d100_hex() -> Doc:
    doc = d100_square()
    doc["grid"]["kind"] = "hex"
    doc["combatants"][3]["size"] = "large"
    return doc


def d10_square() -> Doc:
    return {
        "ruleset": "d10",
        "grid": {
            "kind": "square",
            "width": 12,
            "height": 10,
            "blocked": [{"x": 6, "y": y} for y in range(0, 4)],
            "climb": [{"x": 2, "y": y} for y in range(6, 9)],
            "swim": [{"x": x, "y": 9} for x in range(0, 6)],
        },
        "combatants": [
            fighter(
                "ana", 2, 3, "crew", kind="pc", initiativeBonus=1, features=["bonus-action:quick"]
            ),
            fighter("ben", 3, 4, "crew", kind="pc", initiativeBonus=1),
            fighter("cy", 4, 3, "pirates", initiativeBonus=1),
            fighter("dee", 9, 1, "pirates", initiativeBonus=0, attacks=[BOW]),
            fighter("eve", 10, 8, "pirates", initiativeBonus=1),
        ],
    }


SCENARIOS = {
    "d20-square": d20_square,
    "d20-hex": d20_hex,
    "d100-square": d100_square,
    "d100-hex": d100_hex,
    "d10-square": d10_square,
}


def initiative_params(name: str) -> Doc:
    if name.startswith("d100"):
        return {"entryPoint": {"x": 0, "y": 0}}
    if name.startswith("d10"):
        return {"initiatorId": "ana", "heardBy": ["eve"]}
    return {}


# --------------------------------------------------------------------------- building cases


class Chain:
    """A case being recorded: steps are played as they are added."""

    def __init__(self, name: str, encounter: Doc) -> None:
        self.name = name
        self.initial = copy.deepcopy(encounter)
        self.encounter = copy.deepcopy(encounter)
        self.steps: list[Doc] = []
        self.last: Doc = {}

    def play(self, action: str, seed: int, /, **params: Any) -> Doc:
        self.last = answer(action, self.encounter, params, seed)
        self.steps.append({"action": action, "params": params, "seed": seed})
        if "encounter" in self.last:
            self.encounter = self.last["encounter"]
        return self.last

    def case(self) -> Doc:
        return {"name": self.name, "encounter": self.initial, "steps": self.steps}

    def combatant(self, cid: str) -> Doc:
        return next(c for c in self.encounter["combatants"] if c["id"] == cid)


def _standing(c: Doc) -> bool:
    return not c.get("dead") and c["hp"] > 0


def _distance(kind: str, a: Doc, b: Doc) -> int:
    dx = b["position"]["x"] - a["position"]["x"]
    dy = b["position"]["y"] - a["position"]["y"]
    if kind == "hex":
        return (abs(dx) + abs(dy) + abs(dx + dy)) // 2
    return max(abs(dx), abs(dy))


NEIGHBOURS = {
    "square": ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)),
    "hex": ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)),
}


def fight(name: str, encounter: Doc, seed: int, turns: int) -> Doc:
    """Roll initiative, then for each turn: the creature attacks the nearest standing foe
    (with a ranged attack from afar when it has one, else moving next to it first), and the
    turn ends."""
    chain = Chain(name, encounter)
    kind = encounter["grid"]["kind"]
    chain.play("rollInitiative", seed, **initiative_params(name))
    for turn in range(turns):
        s = seed * 1000 + turn * 7
        who = chain.encounter.get("turnOf")
        if who is None:
            break
        me = chain.combatant(who)
        foes = [
            c for c in chain.encounter["combatants"] if c["side"] != me["side"] and _standing(c)
        ]
        if foes and _standing(me) and me.get("attacks"):
            foe = min(foes, key=lambda c: (_distance(kind, me, c), c["id"]))
            attacks = me["attacks"]
            far = [a for a in attacks if a.get("kind") in ("ranged", "spell")]
            attack = attacks[0]
            if _distance(kind, me, foe) > 1:
                if far:
                    attack = far[0]
                else:
                    fx, fy = foe["position"]["x"], foe["position"]["y"]
                    spots = sorted(
                        ({"x": fx + dx, "y": fy + dy} for dx, dy in NEIGHBOURS[kind]),
                        key=lambda p: (
                            _distance(kind, me, {"position": p}),
                            p["x"],
                            p["y"],
                        ),
                    )
                    for spot in spots[:3]:
                        got = chain.play("pathCost", s, combatantId=who, to=spot)
                        if got.get("outcome", {}).get("legal"):
                            chain.play("moveCombatant", s + 1, combatantId=who, to=spot)
                            break
            chain.play(
                "resolveAttack",
                s + 2,
                attackerId=who,
                targetId=foe["id"],
                attackName=attack["name"],
            )
        chain.play("nextTurn", s + 3)
        if chain.last.get("outcome", {}).get("fightOver"):
            break
    return chain.case()


def _current(chain: Chain) -> str:
    who = chain.encounter.get("turnOf")
    assert isinstance(who, str)
    return who


def actions_d20(name: str, encounter: Doc) -> list[Doc]:
    """One short chain per d20-base action, from the start of the first turn."""
    out: list[Doc] = []

    def chain(label: str) -> Chain:
        c = Chain(f"{name} {label}", encounter)
        c.play("rollInitiative", 3, **initiative_params(name))
        return c

    for spend in ("action", "bonus-action"):
        c = chain(f"dash {spend}")
        who = _current(c)
        c.play("dash", 1, combatantId=who, spend=spend)
        c.play("pathCost", 1, combatantId=who, to={"x": 12 if "hex" not in name else 9, "y": 1})
        out.append(c.case())
    c = chain("disengage and walk away")
    who = _current(c)
    c.play("disengage", 1, combatantId=who)
    me = c.combatant(who)
    c.play("moveCombatant", 2, combatantId=who, to={"x": 0, "y": me["position"]["y"]})
    c.play("nextTurn", 3)
    out.append(c.case())
    c = chain("dodge then attacked")
    who = _current(c)
    c.play("dodge", 1, combatantId=who)
    c.play("nextTurn", 2)
    nxt = _current(c)
    c.play("resolveAttack", 5, attackerId=nxt, targetId=who, spend="free")
    for k in range(8):
        c.play("nextTurn", 10 + k)
    out.append(c.case())
    c = chain("help and hide")
    who = _current(c)
    me = c.combatant(who)
    ally = next(x for x in c.encounter["combatants"] if x["side"] == me["side"] and x["id"] != who)
    foe = next(x for x in c.encounter["combatants"] if x["side"] != me["side"])
    c.play("help", 1, combatantId=who, allyId=ally["id"], targetId=foe["id"])
    c.play("hide", 2, combatantId=who)
    c.play("hide", 3, combatantId=who, spend="bonus-action")
    c.play("interact", 4, combatantId=who, description="opens a door")
    c.play("interact", 5, combatantId=who, description="pulls a lever")
    c.play("resolveAttack", 6, attackerId=ally["id"], targetId=foe["id"], spend="free")
    out.append(c.case())
    for spell in (None, "web"):
        c = chain(f"ready {'spell' if spell else 'attack'}")
        who = _current(c)
        me = c.combatant(who)
        foe = next(x for x in c.encounter["combatants"] if x["side"] != me["side"])
        params: Doc = {"combatantId": who, "trigger": "a goblin steps close"}
        if spell:
            params.update(action="spell", spell=spell)
        c.play("ready", 1, **params)
        c.play("nextTurn", 2)
        c.play("applyDamage", 3, targetId=who, amount=3, sourceId=foe["id"])
        c.play("triggerReadied", 4, combatantId=who, targetId=foe["id"])
        c.play("triggerReadied", 5, combatantId=who, targetId=foe["id"], fire=False)
        out.append(c.case())
    c = chain("drop to zero, saves, first aid, potion")
    pcs = [x for x in c.encounter["combatants"] if x.get("kind") == "pc"]
    victim, medic = pcs[0]["id"], pcs[1]["id"]
    c.play("applyDamage", 1, targetId=victim, amount=c.combatant(victim)["hp"] + 2)
    c.play("applyDamage", 2, targetId=victim, amount=1, critical=True)
    for k in range(6):
        c.play("nextTurn", 20 + k)
        if _current(c) == medic:
            c.play("stabilize", 30 + k, combatantId=medic, targetId=victim)
            c.play("drinkPotion", 40 + k, combatantId=medic, targetId=victim, source="belt")
    c.play("heal", 50, targetId=victim, amount=5)
    c.play("applyDamage", 51, targetId=victim, amount=200)
    out.append(c.case())
    c = chain("knockout and instant death")
    monsters = [x for x in c.encounter["combatants"] if x.get("kind", "monster") == "monster"]
    c.play(
        "applyDamage",
        1,
        targetId=monsters[0]["id"],
        amount=30,
        melee=True,
        knockout=True,
        sourceId=pcs[0]["id"],
    )
    c.play("applyDamage", 2, targetId=monsters[1]["id"], amount=7)
    c.play("applyDamage", 3, targetId=pcs[1]["id"], amount=40)
    c.play("applyDamage", 4, targetId=pcs[0]["id"], amount=5, damageType="fire")
    out.append(c.case())
    c = chain("prone, stand, move")
    who = _current(c)
    c.play("dropProne", 1, combatantId=who)
    me = c.combatant(who)
    c.play(
        "pathCost",
        2,
        combatantId=who,
        path=[{"x": me["position"]["x"], "y": me["position"]["y"] + 1}],
    )
    c.play("standUp", 3, combatantId=who)
    c.play("standUp", 4, combatantId=who)
    c.play(
        "moveCombatant",
        5,
        combatantId=who,
        path=[{"x": me["position"]["x"], "y": me["position"]["y"] + 1}],
    )
    c.play("moveCombatant", 6, combatantId=who, teleport=True, to={"x": 0, "y": 9})
    out.append(c.case())
    c = chain("lower initiative")
    order = [e["combatantId"] for e in c.encounter["order"]]
    c.play("lowerInitiative", 1, combatantId=order[0], initiative=-5)
    c.play("lowerInitiative", 2, combatantId=order[1], initiative=30)
    c.play("nextTurn", 3)
    c.play("lowerInitiative", 4, combatantId=order[2], initiative=-6)
    out.append(c.case())
    c = chain("surprise")
    c.steps.clear()
    c.encounter = copy.deepcopy(encounter)
    ids = [x["id"] for x in encounter["combatants"]]
    c.play("rollInitiative", 9, surprised=ids[3:5], **initiative_params(name))
    for k in range(7):
        who = _current(c)
        c.play("dash", 60 + k, combatantId=who)
        c.play("nextTurn", 70 + k)
    out.append(c.case())
    return out


def queries(name: str, encounter: Doc) -> list[Doc]:
    out: list[Doc] = []
    ids = [x["id"] for x in encounter["combatants"]]
    c = Chain(f"{name} queries", encounter)
    for a in ids[:3]:
        for b in ids[3:6]:
            c.play("cover", 1, attackerId=a, targetId=b)
            c.play("flanking", 1, attackerId=a, targetId=b)
            c.play("reach", 1, attackerId=a, targetId=b)
            c.play("attackOdds", 1, attackerId=a, targetId=b)
    c.play("attackOdds", 2, attackerId=ids[0], targetId=ids[3], advantage=True, knockout=True)
    c.play("pathCost", 1, combatantId=ids[0], to={"x": 9, "y": 8})
    c.play("pathCost", 1, combatantId=ids[0], path=[{"x": 3, "y": 3}, {"x": 4, "y": 3}])
    c.play("encounterOdds", 5, runs=10, maxRounds=20)
    out.append(c.case())
    return out


def d100_actions(name: str, encounter: Doc) -> list[Doc]:
    out: list[Doc] = []
    for seed in (1, 2, 3):
        c = Chain(f"{name} kit seed {seed}", encounter)
        c.play("rollInitiative", seed, order=["scout", "raider", "medic", "brute"])
        c.play("resolveAttack", seed, attackerId="scout", targetId="raider", attackName="pistol")
        c.play(
            "resolveAttack",
            seed + 1,
            attackerId="scout",
            targetId="raider",
            attackName="pistol",
            spend="free",
        )
        c.play(
            "resolveAttack",
            seed + 2,
            attackerId="scout",
            targetId="raider",
            attackName="pistol",
            spend="free",
        )
        c.play("reload", seed, combatantId="scout", attackName="pistol")
        c.play("nextTurn", seed)
        c.play("shove", seed, attackerId="raider", targetId="scout", mode="push")
        c.play("nextTurn", seed + 1)
        c.play("grapple", seed, attackerId="medic", targetId="raider")
        c.play("nextTurn", seed + 2)
        c.play("escapeGrapple", seed, combatantId="brute")
        c.play("nextTurn", seed + 3)
        c.play("hide", seed, combatantId="scout")
        c.play("search", seed, combatantId="scout", dc=12, scavengingDc=10)
        c.play("repair", seed, combatantId="scout", attackName="knife", amount=1)
        c.play("releaseGrapple", seed, grapplerId="medic", targetId="raider")
        c.play("shove", seed + 5, attackerId="scout", targetId="raider", spend="free")
        c.play("standUp", seed + 5, combatantId="raider")
        out.append(c.case())
    return out


CRIT_TABLES = {
    ("melee", 20): "weapon_hit",
    ("melee", 1): "weapon_fumble",
    ("ranged", 1): "weapon_fumble",
    ("spell", 20): "spell_hit",
    ("spell", 1): "spell_fumble",
}


def crit_cases(name: str, encounter: Doc) -> list[Doc]:
    """For every band of every critical table: a seed whose attack rolls that band, the
    attack, and the rounds after it (pending choices accepted, then declined)."""
    from service.rules.rulesets.d20.tables import CritTable, load_table

    out: list[Doc] = []
    base = Chain(name, encounter)
    base.play("rollInitiative", 3, **initiative_params(name))
    start = base.encounter
    who = _current(base)
    me = next(x for x in start["combatants"] if x["id"] == who)
    foe = min(
        (x for x in start["combatants"] if x["side"] != me["side"]),
        key=lambda x: _distance(start["grid"]["kind"], me, x),
    )
    for (kind, natural), table in CRIT_TABLES.items():
        attack: Doc = {"name": f"{kind} strike", "bonus": 4, "damage": "1d8+2", "kind": kind}
        if kind != "melee":
            attack["range"] = 200
        else:
            attack["reach"] = 100
        bands = {(b.low, b.high) for b in load_table(CritTable(table)).bands}
        found: dict[tuple[int, int], int] = {}
        for seed in range(200_000):
            if len(found) == len(bands):
                break
            got = answer(
                "resolveAttack",
                start,
                {"attackerId": who, "targetId": foe["id"], "attack": attack},
                seed,
            )
            band = next(
                (e["data"] for e in got.get("events", []) if e["type"] == "critical-band"), None
            )
            if band is None or got["outcome"]["natural"] != natural:
                continue
            low, _, high = band["band"].partition("-")
            span = (int(low), int(high or low))
            found.setdefault(span, seed)
        for span, seed in sorted(found.items()):
            for decision in ("accept", "decline"):
                c = Chain(f"{name} {table} {span[0]}-{span[1]} {decision}", start)
                c.play("resolveAttack", seed, attackerId=who, targetId=foe["id"], attack=attack)
                offered = bool(c.encounter.get("pendingChoices"))
                for k in range(3):
                    pending = c.encounter.get("pendingChoices", [])
                    if not pending:
                        break
                    params: Doc = {"choiceId": pending[0]["id"], "decision": decision}
                    if decision == "accept":
                        params["detail"] = "a scar"
                    c.play("resolveChoice", seed + k, **params)
                for k in range(len(start["combatants"]) + 1):
                    c.play("nextTurn", seed + 10 + k)
                    if k == 1:
                        c.play(
                            "resolveAttack",
                            seed + 50,
                            attackerId=foe["id"],
                            targetId=who,
                            spend="free",
                        )
                        c.play(
                            "resolveAttack",
                            seed + 51,
                            attackerId=who,
                            targetId=foe["id"],
                            spend="free",
                        )
                out.append(c.case())
                if not offered:
                    break
    return out


def build() -> dict[str, list[Doc]]:
    """Every case, grouped by the file it is written to."""
    groups: dict[str, list[Doc]] = {}
    for name, make in SCENARIOS.items():
        enc = make()
        groups[f"{name}-initiative"] = [
            Chain(f"{name} initiative {seed}", enc).case()
            | {
                "steps": [
                    {"action": "rollInitiative", "params": initiative_params(name), "seed": seed}
                ]
            }
            for seed in range(1, 9)
        ]
        groups[f"{name}-fights"] = [
            fight(f"{name} fight {seed}", enc, seed, 40) for seed in (1, 2, 3)
        ]
        groups[f"{name}-actions"] = actions_d20(name, enc)
        groups[f"{name}-queries"] = queries(name, enc)
        if name.startswith("d100"):
            groups[f"{name}-kit"] = d100_actions(name, enc)
    groups["d20-square-criticals"] = crit_cases("d20-square", d20_square())
    groups["d20-hex-criticals"] = crit_cases("d20-hex", d20_hex())[::4]
    return groups

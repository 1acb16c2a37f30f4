"""What a read of every request field's code turned up, played forward: a lasting effect
that ends when its holder is damaged, a delayed halving of speed, and d100 actions of a
creature that can't act."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, apply
from service.rules.model import Encounter
from service.rules.model.requests import ApplyDamage, NextTurn, ResolveAttack
from service.rules.rulesets.d100.requests import Reload, Repair

AXE = {"name": "axe", "bonus": 4, "damage": "1d6"}


def orc_then_hero(ruleset: str = "d20", **hero: Any) -> Encounter:
    """Round 1, the orc's turn; the hero acts next."""
    doc = encounter_doc(
        combatant("hero", 2, 2, **{"kind": "pc", "hp": 30, "maxHp": 30, **hero}),
        combatant("orc", 3, 2, side="orcs", hp=30, maxHp=30, attacks=[AXE]),
        ruleset=ruleset,
        round=1,
        turnOf="orc",
        order=[{"combatantId": "orc", "initiative": 20}, {"combatantId": "hero", "initiative": 5}],
    )
    return build(doc)


@pytest.mark.rule("d20.crit.effects")
def test_an_effect_until_damaged_ends_with_the_first_damage_and_the_next_attack_is_plain() -> None:
    """ "Until it receives damage" holds for effects as for conditions: the orc attacks the
    exposed hero with advantage, its hit ends the window, and its next attack has none."""
    exposed = {
        "kind": "advantage",
        "roll": "attacks-against",
        "source": "exposed",
        "duration": {"untilDamaged": True},
    }
    enc = orc_then_hero(effects=[exposed])
    first = apply(enc, ResolveAttack("orc", "hero", spend="free"), ScriptedRandom([19, 2, 3]))
    assert first.outcome.advantage_sources == ["exposed"] and first.outcome.hit
    [ended] = [e for e in first.events if e.type == "condition-ended"]
    assert ended.data["ended"] == ["advantage"]
    second = apply(first.encounter, ResolveAttack("orc", "hero", spend="free"), ScriptedRandom([5]))
    assert second.outcome.advantage_sources == [] and second.outcome.natural == 5
    # damage from anything, not only an attack, ends it
    hurt = apply(enc, ApplyDamage("hero", 1), Random(0))
    assert hurt.encounter.combatant("hero").effects == []


@pytest.mark.rule("d20.crit.effects")
def test_a_speed_halving_that_starts_next_round_leaves_this_turn_whole() -> None:
    """A ``speed-halved`` effect with ``startsRound`` 2: the hero's turn in round 1 has its
    30 ft; its turn in round 2 has 15."""
    slowed = {"kind": "speed-halved", "startsRound": 2, "duration": {"rounds": 3}}
    enc = orc_then_hero(effects=[slowed])
    hero_turn = apply(enc, NextTurn(), Random(0)).encounter
    assert hero_turn.turn_of == "hero" and hero_turn.combatant("hero").budget.movement == 30
    orc_turn = apply(hero_turn, NextTurn(), Random(0)).encounter
    assert orc_turn.round == 2 and orc_turn.turn_of == "orc"
    again = apply(orc_turn, NextTurn(), Random(0)).encounter
    assert again.turn_of == "hero" and again.combatant("hero").budget.movement == 15


@pytest.mark.rule("d100.action.reload")
@pytest.mark.rule("d100.action.repair")
@pytest.mark.parametrize("state", ["stunned", "unconscious"])
def test_d100_a_creature_that_cant_act_can_neither_reload_nor_repair(state: str) -> None:
    pistol = {
        "name": "pistol",
        "bonus": 5,
        "damage": "1d8",
        "kind": "ranged",
        "range": 60,
        "ammo": 0,
        "capacity": 6,
        "ammoType": "9mm",
        "condition": 3,
        "maxCondition": 10,
    }
    conditions = [{"name": state}]
    enc = orc_then_hero("d100", attacks=[pistol], ammunition={"9mm": 12}, conditions=conditions)
    enc = apply(enc, NextTurn(), Random(0)).encounter
    for request in (Reload("hero", "pistol"), Repair("hero", "pistol", dc=10)):
        with pytest.raises(IllegalAction) as refused:
            apply(enc, request, Random(0))
        assert "can't act" in refused.value.message
    awake = orc_then_hero("d100", attacks=[pistol], ammunition={"9mm": 12})
    awake = apply(awake, NextTurn(), Random(0)).encounter
    assert apply(awake, Reload("hero", "pistol"), Random(0)).outcome.ammo == 6

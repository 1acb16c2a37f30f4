"""Concentration, played forward (``d20.ready.spell``): damage calls for a Constitution save
(DC 10 or half the damage, whichever is higher), 0 HP or incapacitation ends it at once,
and a readied spell whose concentration breaks is lost."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import IllegalAction, Result, apply
from service.rules.model import Encounter
from service.rules.model.requests import (
    ApplyDamage,
    Heal,
    NextTurn,
    Ready,
    ResolveAttack,
    TriggerReadied,
)


def readied(ruleset: str = "d20", **caster: Any) -> Encounter:
    """The caster readied hold person on its turn (held with concentration); the orc's turn
    now."""
    doc = encounter_doc(
        combatant("mage", 2, 2, **{"kind": "pc", "hp": 20, "maxHp": 20, "ac": 12, **caster}),
        combatant(
            "orc",
            3,
            2,
            side="orcs",
            hp=50,
            maxHp=50,
            attacks=[{"name": "greataxe", "bonus": 5, "damage": "1d12+3"}],
        ),
        ruleset=ruleset,
        round=1,
        turnOf="mage",
        order=[{"combatantId": "mage", "initiative": 20}, {"combatantId": "orc", "initiative": 5}],
    )
    enc = apply(
        build(doc), Ready("mage", "the orc steps close", "spell", spell="hold person"), Random(0)
    ).encounter
    assert enc.combatant("mage").concentration == "hold person"
    return apply(enc, NextTurn(), Random(0)).encounter


def _save(result: Result) -> Any:
    [save] = [e for e in result.events if e.roll is not None and e.roll.purpose == "concentration"]
    return save


@pytest.mark.rule("d20.ready.spell")
def test_d20_ready_spell_a_failed_concentration_save_loses_the_readied_spell() -> None:
    hit = play(readied(), ResolveAttack("orc", "mage"), [15, 6, 9])  # 9 damage; save 9: fails
    save = _save(hit)
    assert save.data["dc"] == 10 and not save.data["success"]
    mage = hit.encounter.combatant("mage")
    assert mage.concentration is None and mage.readied is None and mage.hp == 11
    with pytest.raises(IllegalAction) as refused:
        apply(hit.encounter, TriggerReadied("mage"), Random(0))
    assert refused.value.rule == "d20.ready.trigger"
    kept = play(readied(), ResolveAttack("orc", "mage"), [15, 6, 10])  # save 10: holds
    assert _save(kept).data["success"]
    fired = apply(kept.encounter, TriggerReadied("mage"), Random(0))
    assert fired.outcome.fired and not fired.encounter.combatant("mage").budget.reaction


@pytest.mark.rule("d20.ready.spell")
def test_d20_ready_spell_the_dc_is_half_the_damage_when_higher() -> None:
    enc = readied(hp=40, maxHp=40, saves={"constitution": 2})
    failed = play(enc, ApplyDamage("mage", 31, source_id="orc"), [12])  # DC 15: 14
    assert _save(failed).data["dc"] == 15 and failed.encounter.combatant("mage").readied is None
    held = play(enc, ApplyDamage("mage", 31, source_id="orc"), [13])  # 15
    assert held.encounter.combatant("mage").concentration == "hold person"


@pytest.mark.rule("d20.ready.spell")
def test_d20_ready_spell_dropping_to_0_hp_ends_it_and_healing_does_not_bring_it_back() -> None:
    down = play(readied(hp=6), ApplyDamage("mage", 8, source_id="orc"), [])  # no save rolled
    mage = down.encounter.combatant("mage")
    assert mage.unconscious and mage.concentration is None and mage.readied is None
    [ended] = [e for e in down.events if e.type == "concentration-ended"]
    assert "0 HP" in ended.message and ended.data["lost"]
    healed = apply(down.encounter, Heal("mage", 10), Random(0)).encounter
    assert healed.combatant("mage").hp == 10
    assert healed.combatant("mage").concentration is None
    with pytest.raises(IllegalAction):
        apply(healed, TriggerReadied("mage"), Random(0))


@pytest.mark.rule("d20.ready.spell")
def test_d20_ready_spell_becoming_incapacitated_ends_it_at_once() -> None:
    """The mage attacks with a spell on its turn and fumbles (spell fumble 90-94): the
    failed Constitution save stuns it, and the stun ends its concentration."""
    doc = encounter_doc(
        combatant(
            "mage",
            2,
            2,
            kind="pc",
            concentration="hold person",
            attacks=[{"name": "bolt", "bonus": 5, "damage": "1d10", "kind": "spell", "range": 60}],
        ),
        combatant("orc", 3, 2, side="orcs", hp=50, maxHp=50),
    )
    # fumble, band 92: prone; DC 10 Con save 3 fails; 1d6 = 2 damage (DC 10 concentration
    # save: 15 holds); stunned 1d4 = 2 rounds: the stun ends concentration
    result = play(build(doc), ResolveAttack("mage", "orc"), [1, 92, 3, 2, 15, 2])
    mage = result.encounter.combatant("mage")
    assert mage.has("stunned") and mage.concentration is None
    assert _save(result).data["success"]
    [ended] = [e for e in result.events if e.type == "concentration-ended"]
    assert "incapacitated" in ended.message


@pytest.mark.rule("d20.ready.spell")
@pytest.mark.rule("d20.crit.effects")
def test_d20_ready_spell_a_crit_band_is_one_save_against_the_whole_damage() -> None:
    """A critical hit with an extra set of dice (85-89): one instance, one save, DC from the
    total (2d12+3 = 21 plus 1d12 = 4: 25, DC 12)."""
    crit = play(readied(hp=40, maxHp=40), ResolveAttack("orc", "mage"), [20, 9, 9, 87, 4, 11])
    save = _save(crit)
    assert save.data["dc"] == 12 and not save.data["success"]
    assert crit.encounter.combatant("mage").hp == 40 - 25


@pytest.mark.rule("d20.ready.spell")
@pytest.mark.parametrize("ruleset", ["d100", "d10"])
def test_d20_ready_spell_concentration_in_the_rulesets_that_inherit_it(ruleset: str) -> None:
    enc = readied(ruleset)
    hurt = play(enc, ApplyDamage("mage", 5, source_id="orc"), [4])
    assert _save(hurt).data["dc"] == 10
    assert hurt.encounter.combatant("mage").readied is None

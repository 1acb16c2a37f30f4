"""A critical band's extra dice are part of the attack's damage (``d20.crit.effects``
decision 3): one damage instance with the critical dice, for every rule that looks at "the
damage": damage at 0 HP, instant death, knockout, ``applyDamage: false`` and the odds."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import Result, apply
from service.rules.model import Encounter
from service.rules.model.outcomes import AttackOddsOutcome, NextTurnOutcome
from service.rules.model.requests import AttackOdds, NextTurn, ResolveAttack


def duel(**target: Any) -> Encounter:
    """Round 1, the hero's turn (longsword +5, 1d8+3); the target acts next. A second foe
    stands far off and acts last, so a dropped target does not end the fight."""
    doc = encounter_doc(
        combatant(
            "hero",
            2,
            2,
            kind="pc",
            attacks=[{"name": "longsword", "bonus": 5, "damage": "1d8+3"}],
        ),
        combatant("foe", 3, 2, **{"side": "foes", "ac": 13, "hp": 30, "maxHp": 30, **target}),
        combatant("lookout", 11, 11, side="foes"),
        round=1,
        turnOf="hero",
        order=[
            {"combatantId": "hero", "initiative": 20},
            {"combatantId": "foe", "initiative": 5},
            {"combatantId": "lookout", "initiative": 1},
        ],
    )
    return build(doc)


def attack(enc: Encounter, script: list[int], **params: Any) -> Result:
    rng = ScriptedRandom(script)
    result = apply(enc, ResolveAttack("hero", "foe", **params), rng)
    assert rng.values == [], "the script was not used up"
    return result


def damage_events(result: Result) -> list[Any]:
    return [e for e in result.events if e.type == "damage" and e.target == "foe"]


@pytest.mark.rule("d20.death.damage-at-zero")
def test_d20_death_damage_at_zero_a_crit_with_extra_dice_is_two_failures() -> None:
    """A dying PC hit by a critical hit whose band (85-89) adds a set of dice: one instance
    from a critical hit, two failures (not 2 + 2, dead); it then rolls its death save."""
    down = duel(kind="pc", hp=0, conditions=[{"name": "unconscious"}])
    result = attack(down, [20, 1, 2, 5, 85, 4])  # advantage; 2 + 5 + 3 = 10, the extra 1d8 = 4
    assert result.outcome.damage == 14
    [hit] = damage_events(result)
    assert hit.amount == 14 and hit.rule == "d20.death.damage-at-zero"
    foe = result.encounter.combatant("foe")
    assert foe.death_saves.failures == 2 and not foe.dead
    turn = apply(result.encounter, NextTurn(), ScriptedRandom([12]))
    assert isinstance(turn.outcome, NextTurnOutcome) and turn.outcome.death_save is not None
    assert turn.outcome.death_save.success and not turn.encounter.combatant("foe").dead


@pytest.mark.rule("d20.death.damage-at-zero")
def test_d20_death_damage_at_zero_a_pc_dropped_by_a_95_band_is_only_unconscious() -> None:
    """The review's case: a PC dropped by a crit with a 95-99 band took 2 + 2 failures and
    died of one blow. One instance drops it: unconscious, no failure yet."""
    result = attack(duel(kind="pc", hp=5, maxHp=30), [20, 2, 5, 96, 8])
    foe = result.encounter.combatant("foe")
    assert len(damage_events(result)) == 1
    assert foe.unconscious and not foe.dead and foe.death_saves.failures == 0
    assert [c.owner for c in result.encounter.pending_choices] == ["dm"]  # the injury


@pytest.mark.rule("d20.death.instant")
def test_d20_death_instant_the_remainder_counts_the_extra_set() -> None:
    """Max 10, at 1: the critical 2d8+3 = 15 leaves 14 (less than 20), the extra set of 6
    brings the remainder to 20: instant death, from the one instance."""
    result = attack(duel(kind="pc", hp=1, maxHp=10), [20, 6, 6, 87, 6])
    assert result.outcome.damage == 21 and result.outcome.target_died
    [death] = [e for e in result.events if e.type == "death"]
    assert death.rule == "d20.death.instant" and death.data["overflow"] == 20
    # the same blow without the band's extra set: unconscious
    plain = attack(duel(kind="pc", hp=1, maxHp=10), [20, 6, 6, 1])
    assert not plain.outcome.target_died and plain.encounter.combatant("foe").unconscious


@pytest.mark.rule("d20.death.knockout")
def test_d20_death_knockout_by_a_crit_with_extra_dice_stays_stable() -> None:
    result = attack(duel(hp=5), [20, 3, 3, 92, 5], knockout=True)
    foe = result.encounter.combatant("foe")
    assert foe.unconscious and foe.stable and not foe.dead
    assert foe.death_saves.failures == 0 and foe.exhaustion == 1
    assert [e.type for e in result.events].count("knocked-out") == 1
    turn = apply(result.encounter, NextTurn(), Random(0))
    assert isinstance(turn.outcome, NextTurnOutcome)
    assert turn.outcome.death_save is None  # stable: no death save on its turn
    assert turn.encounter.combatant("foe").stable


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_apply_damage_false_deals_no_band_damage_either() -> None:
    result = attack(duel(), [20, 2, 5, 85, 4], apply_damage=False)
    assert result.outcome.damage == 14 and not result.outcome.damage_applied
    assert result.encounter.combatant("foe").hp == 30
    assert damage_events(result) == []


# ------------------------------------------------- attackOdds agrees with the engine, exactly


def _enumerated(enc: Encounter, knockout: bool) -> dict[str, Any]:
    """Every outcome of the real attack, each weighted by its chance: the natural d20, the
    damage dice, the band (1: no damage of its own, 85: one extra set, 16% of bands) and the
    extra die; returns the drop and death chances and the damage distribution."""
    drop = death = Fraction(0)
    damage: dict[int, Fraction] = defaultdict(Fraction)
    for natural in range(1, 21):
        p_nat = Fraction(1, 20)
        if natural == 1:
            scripts = [([1, 1], p_nat)]  # fumble band 1: nothing
        elif natural + 5 < 13:
            scripts = [([natural], p_nat)]
        elif natural < 20:
            scripts = [([natural, d], p_nat / 8) for d in range(1, 9)]
        else:
            scripts = [
                ([20, a, b, 1], p_nat * Fraction(84, 100) / 64)
                for a in range(1, 9)
                for b in range(1, 9)
            ]
            scripts += [
                ([20, a, b, 85, c], p_nat * Fraction(16, 100) / 512)
                for a in range(1, 9)
                for b in range(1, 9)
                for c in range(1, 9)
            ]
        for script, p in scripts:
            r = apply(enc, ResolveAttack("hero", "foe", knockout=knockout), ScriptedRandom(script))
            before, after = enc.combatant("foe"), r.encounter.combatant("foe")
            drop += p if before.hp > 0 and after.hp == 0 else 0
            death += p if after.dead else 0
            damage[r.outcome.damage or 0] += p
    return {"drop": drop, "death": death, "damage": damage}


@pytest.mark.rule("d20.death.knockout")
@pytest.mark.rule("d20.death.instant")
@pytest.mark.parametrize(
    ("target", "knockout"),
    [
        ({"hp": 4, "maxHp": 8}, True),  # a knocked-out monster dies only outright
        ({"kind": "pc", "hp": 3, "maxHp": 7}, False),  # the extra set counts to the remainder
    ],
    ids=["knockout", "instant-death"],
)
def test_d20_crit_effects_attack_odds_match_the_engine_exactly(
    target: dict[str, Any], knockout: bool
) -> None:
    enc = duel(**target)
    got = apply(enc, AttackOdds("hero", "foe", knockout=knockout), Random(0)).outcome
    assert isinstance(got, AttackOddsOutcome)
    want = _enumerated(enc, knockout)
    assert got.drop == round(float(want["drop"]), 12)
    assert got.death == round(float(want["death"]), 12) and got.death > 0
    assert {d.value: d.probability for d in got.damage} == {
        v: round(float(p), 12) for v, p in want["damage"].items() if p
    }

"""Exhaustion's six levels, played forward (the d20 base the critical tables' "units of
exhaustion" refer to, ``d20.crit.effects``): 1 checks at disadvantage, 2 speed halved, 3
attacks and saves at disadvantage, 4 hit point maximum halved, 5 speed 0, 6 death."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import IllegalAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.outcomes import NextTurnOutcome
from service.rules.model.requests import (
    ApplyDamage,
    Heal,
    Hide,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
)


def started(ruleset: str = "d20", **hero: Any) -> Encounter:
    """Round 1, the orc's turn; the hero (exhausted as told) acts next; a friend of the
    hero's, far off, acts last (a dropped hero does not end the fight)."""
    doc = encounter_doc(
        combatant(
            "orc",
            3,
            2,
            side="orcs",
            ac=13,
            hp=40,
            maxHp=40,
            attacks=[{"name": "greataxe", "bonus": 5, "damage": "1d12+3"}],
        ),
        combatant("hero", 2, 2, **{"kind": "pc", "hp": 30, "maxHp": 30, **hero}),
        combatant("friend", 11, 11),
        ruleset=ruleset,
        round=1,
        turnOf="orc",
        order=[
            {"combatantId": "orc", "initiative": 20},
            {"combatantId": "hero", "initiative": 5},
            {"combatantId": "friend", "initiative": 1},
        ],
    )
    return build(doc)


def hero_turn(enc: Encounter) -> Encounter:
    result = apply(enc, NextTurn(), Random(0))
    assert result.encounter.turn_of == "hero"
    return result.encounter


@pytest.mark.rule("d20.crit.effects")
def test_exhaustion_level_1_checks_have_disadvantage_attacks_do_not() -> None:
    enc = hero_turn(started(exhaustion=1))
    hide = play(enc, Hide("hero"), [15, 4])  # two d20s, the lower kept
    assert hide.outcome.natural == 4
    attack = play(enc, ResolveAttack("hero", "orc"), [15, 3])  # one die
    assert attack.outcome.disadvantage_sources == [] and attack.outcome.hit
    fresh = hero_turn(started())
    assert play(fresh, Hide("hero"), [15]).outcome.natural == 15


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize("ruleset", ["d20", "d100"])
def test_exhaustion_level_2_halves_the_turns_movement(ruleset: str) -> None:
    enc = hero_turn(started(ruleset, exhaustion=2))
    assert enc.combatant("hero").budget.movement == 15
    with pytest.raises(IllegalAction):
        apply(enc, MoveCombatant("hero", to=Cell(2, 6)), Random(0))  # 20 ft
    moved = apply(enc, MoveCombatant("hero", to=Cell(2, 5)), Random(0))
    assert moved.outcome.cost == 15 and moved.outcome.movement_left == 0


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.death.saves")
def test_exhaustion_level_3_attacks_and_saves_have_disadvantage() -> None:
    enc = hero_turn(started(exhaustion=3))
    attack = play(enc, ResolveAttack("hero", "orc"), [15, 4])
    assert attack.outcome.disadvantage_sources == ["attacker-exhaustion"] and not attack.outcome.hit
    # a death save is a saving throw: two d20s, the lower kept (4: a failure)
    dying = started(exhaustion=3, hp=0, conditions=[{"name": "unconscious"}])
    turn = apply(dying, NextTurn(), ScriptedRandom([15, 4]))
    assert isinstance(turn.outcome, NextTurnOutcome) and turn.outcome.death_save is not None
    assert turn.outcome.death_save.natural == 4 and not turn.outcome.death_save.success
    # a concentration save too
    held = started(exhaustion=3, concentration="bless")
    hit = play(held, ApplyDamage("hero", 4, source_id="orc"), [15, 6])
    [save] = [e for e in hit.events if e.roll is not None and e.roll.purpose == "concentration"]
    assert save.data["disadvantage"] == ["exhaustion"] and not save.data["success"]
    assert hit.encounter.combatant("hero").concentration is None
    # level 2: no disadvantage on saves yet
    two = play(started(exhaustion=2, concentration="bless"), ApplyDamage("hero", 4), [15])
    assert two.encounter.combatant("hero").concentration == "bless"


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.death.instant")
def test_exhaustion_level_4_halves_the_hit_point_maximum() -> None:
    """Weapon hit 90-94 on a hero at exhaustion 3 (30/30): 14 damage (one instance with the
    extra set), then a fourth level: its maximum is 15, its 16 HP drop to 15; healing stops
    at 15; instant death counts twice the halved maximum."""
    crit = play(started(exhaustion=3), ResolveAttack("orc", "hero"), [20, 2, 5, 92, 4])
    hero = crit.encounter.combatant("hero")
    assert hero.exhaustion == 4 and hero.hp == 15 and hero.max_hp == 30
    assert any(e.type == "hp-max-halved" for e in crit.events)
    healed = apply(crit.encounter, Heal("hero", 10), Random(0))
    assert healed.outcome.healed == 0 and healed.encounter.combatant("hero").hp == 15
    # 15 HP, maximum 15: 45 damage leaves 30, twice the halved maximum: dead outright
    dead = apply(crit.encounter, ApplyDamage("hero", 45), Random(0))
    assert dead.outcome.instant_death


@pytest.mark.rule("d20.crit.effects")
def test_exhaustion_level_5_can_not_move() -> None:
    enc = hero_turn(started(exhaustion=5))
    assert enc.combatant("hero").budget.movement == 0
    with pytest.raises(IllegalAction):
        apply(enc, MoveCombatant("hero", to=Cell(2, 3)), Random(0))
    assert play(enc, ResolveAttack("hero", "orc"), [15, 14, 3]).outcome.hit  # it can still act


@pytest.mark.rule("d20.crit.effects")
def test_exhaustion_level_6_is_death() -> None:
    """Weapon hit 90-94 on a hero at exhaustion 5: the sixth level kills it; its turn is
    skipped."""
    crit = play(started(exhaustion=5), ResolveAttack("orc", "hero"), [20, 2, 5, 91, 4])
    hero = crit.encounter.combatant("hero")
    assert hero.dead and hero.exhaustion == 6 and hero.hp == 0
    [death] = [e for e in crit.events if e.type == "death"]
    assert "exhaustion" in death.message
    turn = apply(crit.encounter, NextTurn(), Random(0))
    assert turn.encounter.turn_of == "friend" and not turn.outcome.new_round  # type: ignore[attr-defined]

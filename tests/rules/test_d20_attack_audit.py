"""What an audit of the ``d20.attack.*``, ``d20.hp.*`` and ``d20.death.*`` families found,
played forward: sources of advantage the conditions give, a creature at 0 HP attacking, a
stable creature hit by a critical hit."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import IllegalAction, apply
from service.rules.model import Encounter
from service.rules.model.outcomes import NextTurnOutcome
from service.rules.model.requests import AttackOdds, NextTurn, ResolveAttack
from service.rules.rulesets.d20.requests import ResolveChoice


def duel(
    hero: dict[str, Any] | None = None, orc: dict[str, Any] | None = None, **over: Any
) -> Encounter:
    doc = encounter_doc(
        combatant("hero", 2, 2, **{"kind": "pc", **(hero or {})}),
        combatant("orc", 3, 2, **{"side": "orcs", "ac": 13, "hp": 30, "maxHp": 30, **(orc or {})}),
        **over,
    )
    return build(doc)


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_a_petrified_target_and_a_restrained_attacker() -> None:
    stone = play(
        duel(orc={"conditions": [{"name": "petrified"}]}), ResolveAttack("hero", "orc"), [3, 15, 2]
    )
    assert stone.outcome.advantage_sources == ["target-petrified"] and stone.outcome.natural == 15
    bound = play(
        duel(hero={"conditions": [{"name": "restrained"}]}), ResolveAttack("hero", "orc"), [3, 15]
    )
    assert (
        bound.outcome.disadvantage_sources == ["attacker-restrained"] and bound.outcome.natural == 3
    )


@pytest.mark.rule("d20.attack.sources")
@pytest.mark.rule("d20.crit.effects")
def test_d20_attack_sources_frightened_only_while_the_source_is_in_sight() -> None:
    """Spell hit 60-69: the orc is frightened by the mage. Its attack on the hero has
    disadvantage while the mage is in sight, none once a wall hides her."""
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc"),
        combatant("orc", 3, 2, side="orcs", ac=13, hp=40, maxHp=40),
        combatant(
            "mage",
            3,
            6,
            kind="pc",
            attacks=[{"name": "bolt", "bonus": 5, "damage": "1d10", "kind": "spell", "range": 60}],
        ),
    )
    frightened = play(build(doc), ResolveAttack("mage", "orc"), [20, 3, 4, 65]).encounter
    assert frightened.combatant("orc").conditions[0].source == "mage"
    seen = apply(frightened, AttackOdds("orc", "hero"), Random(0)).outcome
    assert seen.disadvantage_sources == ["attacker-frightened"]
    wall = build({**doc, "grid": {**doc["grid"], "blocked": [{"x": x, "y": 4} for x in range(12)]}})
    walled = dataclasses.replace(frightened, grid=wall.grid)
    hidden = apply(walled, AttackOdds("orc", "hero"), Random(0)).outcome
    assert hidden.disadvantage_sources == []


@pytest.mark.rule("d20.hp.zero")
def test_d20_hp_zero_a_creature_at_0_hp_can_not_attack() -> None:
    """A state that left a creature at 0 HP without marking it unconscious: still down."""
    with pytest.raises(IllegalAction) as e:
        apply(duel(hero={"hp": 0}), ResolveAttack("hero", "orc"), Random(0))
    assert e.value.rule == "d20.hp.zero" and "0 HP" in e.value.message


@pytest.mark.rule("d20.death.stable")
@pytest.mark.rule("d20.death.damage-at-zero")
def test_d20_death_stable_a_critical_hit_makes_it_dying_again() -> None:
    """A stable PC hit by a critical hit: no longer stable, two failures, and it rolls
    death saves again from its next turn (a failure there is its third: dead)."""
    down = {"hp": 0, "stable": True, "conditions": [{"name": "unconscious"}], "side": "party"}
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc", side="orcs"),
        combatant("orc", 3, 2, **{"ac": 13, "maxHp": 30, **down, "kind": "pc"}),
        combatant("friend", 11, 11),  # standing on the PC's side: the fight goes on
        round=1,
        turnOf="hero",
        order=[
            {"combatantId": "hero", "initiative": 20},
            {"combatantId": "orc", "initiative": 5},
            {"combatantId": "friend", "initiative": 1},
        ],
    )
    enc = build(doc)
    crit = play(enc, ResolveAttack("hero", "orc"), [20, 1, 1, 1, 1])  # advantage; band 1
    orc = crit.encounter.combatant("orc")
    assert not orc.stable and orc.death_saves.failures == 2 and not orc.dead
    turn = apply(crit.encounter, NextTurn(), ScriptedRandom([5]))
    assert isinstance(turn.outcome, NextTurnOutcome) and turn.outcome.death_save is not None
    assert turn.encounter.combatant("orc").dead


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize(("grid", "lands"), [("square", (4, 2)), ("hex", (4, 2))])
def test_d20_crit_effects_a_shove_that_pushes_moves_the_target_away(
    grid: str, lands: tuple[int, int]
) -> None:
    """Weapon hit 40-49 with both hands in use: the automatic shove, accepted with "push",
    moves the orc 5 ft straight away (it was only written down); against a wall it stays."""
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc", features=["both-hands-in-use"]),
        combatant("orc", 3, 2, side="orcs", ac=13, hp=40, maxHp=40),
    )
    doc["grid"]["kind"] = grid
    enc = play(build(doc), ResolveAttack("hero", "orc"), [20, 1, 1, 45]).encounter
    pushed = apply(enc, ResolveChoice("choice-1", "accept", "push it back"), Random(0))
    orc = pushed.encounter.combatant("orc")
    assert (orc.position.x, orc.position.y) == lands and not orc.has("prone")
    doc["grid"]["blocked"] = [{"x": 4, "y": y} for y in range(12)]
    if grid == "hex":
        doc["grid"]["blocked"] += [
            {"x": 3, "y": 3},
            {"x": 4, "y": 1},
            {"x": 3, "y": 1},
            {"x": 2, "y": 3},
        ]
    walled = play(build(doc), ResolveAttack("hero", "orc"), [20, 1, 1, 45]).encounter
    stays = apply(walled, ResolveChoice("choice-1", "accept", "push"), Random(0)).encounter
    assert (stays.combatant("orc").position.x, stays.combatant("orc").position.y) == (3, 2)


@pytest.mark.rule("d20.death.monsters")
@pytest.mark.rule("d20.death.knockout")
def test_d20_death_monsters_a_knocked_out_monster_dies_when_hit_again() -> None:
    """Knocked out, a monster lies stable at 0 HP; damage then kills it (monsters die at 0
    HP and make no death saves), in the engine and in the odds alike."""
    enc = duel(orc={"hp": 4})
    out = play(enc, ResolveAttack("hero", "orc", knockout=True), [15, 5]).encounter
    assert out.combatant("orc").stable and out.combatant("orc").unconscious
    odds = apply(out, AttackOdds("hero", "orc"), Random(0)).outcome
    assert odds.death == odds.hit > 0  # type: ignore[attr-defined]
    again = play(
        out, ResolveAttack("hero", "orc", spend="free"), [2, 9, 3, 4]
    )  # advantage: unconscious; from within 5 ft a critical hit, its dice doubled (d20.cond)
    orc = again.encounter.combatant("orc")
    assert orc.dead and orc.death_saves.failures == 0
    [death] = [e for e in again.events if e.type == "death"]
    assert death.rule == "d20.death.monsters"
    villain = play(
        duel(orc={"hp": 4, "villain": True}), ResolveAttack("hero", "orc", knockout=True), [15, 5]
    )
    hurt = play(
        villain.encounter, ResolveAttack("hero", "orc", spend="free"), [2, 9, 3, 4]
    ).encounter.combatant("orc")
    assert not hurt.dead and hurt.death_saves.failures == 2 and not hurt.stable

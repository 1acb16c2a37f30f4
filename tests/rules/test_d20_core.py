"""The d20 core: initiative, attack rolls, damage and death."""

from __future__ import annotations

import copy
from random import Random

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc, skirmish

from service.rules import IllegalAction, apply
from service.rules.model import Attack
from service.rules.model.requests import ApplyDamage, ResolveAttack, RollInitiative


def _c(enc, cid):  # type: ignore[no-untyped-def]
    return enc.combatant(cid)


@pytest.mark.rule("d20.init.roll")
def test_d20_init_roll_is_d20_plus_bonus_ties_by_bonus_then_roll_off() -> None:
    enc = build(
        encounter_doc(
            combatant("a", 0, 0, initiativeBonus=1),
            combatant("b", 1, 0, initiativeBonus=3),
            combatant("c", 2, 0, initiativeBonus=1),
        )
    )
    # a: 12+1=13, b: 10+3=13, c: 12+1=13 -> b first (higher bonus); a and c roll off 4 vs 9
    result = apply(enc, RollInitiative(), ScriptedRandom([12, 10, 12, 4, 9]))
    assert [e.combatant_id for e in result.encounter.order] == ["b", "c", "a"]
    assert [e.initiative for e in result.encounter.order] == [13, 13, 13]
    assert result.encounter.round == 1 and result.encounter.turn_of == "b"


@pytest.mark.rule("d20.init.individual")
def test_d20_init_individual_every_combatant_rolls() -> None:
    enc = build(skirmish())
    result = apply(enc, RollInitiative(), Random(4))
    rolls = [e for e in result.events if e.type == "roll"]
    assert sorted(e.actor or "" for e in rolls) == ["gob1", "gob2", "hero"]


@pytest.mark.rule("d20.order.surprise")
def test_d20_order_surprise_no_action_or_move_on_first_turn() -> None:
    enc = build(skirmish())
    result = apply(enc, RollInitiative(surprised=["gob1", "gob2", "hero"]), Random(1))
    first = result.encounter.combatant(result.encounter.turn_of or "")
    assert first.has("surprised")
    assert not first.budget.action and first.budget.movement == 0 and not first.budget.reaction


@pytest.mark.rule("d20.attack.roll")
def test_d20_attack_roll_meets_ac_to_hit() -> None:
    enc = build(skirmish())  # hero +5 vs gob AC 13
    hit = apply(enc, ResolveAttack("hero", "gob1"), ScriptedRandom([8, 3]))
    assert hit.outcome.hit and hit.outcome.total == 13 and hit.outcome.damage == 6
    assert hit.encounter.combatant("gob1").hp == 1
    miss = apply(enc, ResolveAttack("hero", "gob1"), ScriptedRandom([7]))
    assert not miss.outcome.hit and miss.outcome.damage is None


@pytest.mark.rule("d20.attack.roll")
def test_d20_attack_roll_advantage_keeps_higher_and_both_cancel() -> None:
    enc = build(skirmish())
    adv = apply(enc, ResolveAttack("hero", "gob1", advantage=True), ScriptedRandom([3, 15, 1]))
    assert adv.outcome.natural == 15 and adv.outcome.advantage
    dis = apply(enc, ResolveAttack("hero", "gob1", disadvantage=True), ScriptedRandom([3, 15]))
    assert dis.outcome.natural == 3 and dis.outcome.disadvantage
    both = apply(
        enc, ResolveAttack("hero", "gob1", advantage=True, disadvantage=True), ScriptedRandom([3])
    )
    assert both.outcome.natural == 3 and not both.outcome.advantage
    assert not both.outcome.disadvantage


@pytest.mark.rule("d20.crit.damage")
def test_natural_20_hits_any_ac_and_doubles_dice() -> None:
    doc = skirmish()
    doc["combatants"][1].update(ac=40, hp=20, maxHp=20)
    enc = build(doc)
    result = apply(enc, ResolveAttack("hero", "gob1"), ScriptedRandom([20, 2, 5, 1]))
    assert result.outcome.hit and result.outcome.critical
    assert result.outcome.damage == 2 + 5 + 3


def test_natural_1_misses_any_ac() -> None:
    doc = skirmish()
    doc["combatants"][1]["ac"] = 1
    enc = build(doc)
    result = apply(
        enc, ResolveAttack("hero", "gob1", attack=Attack("club", 30, "1d4")), ScriptedRandom([1, 1])
    )
    assert not result.outcome.hit and result.outcome.fumble


@pytest.mark.rule("d20.attack.total-cover")
def test_d20_attack_total_cover_is_refused() -> None:
    with pytest.raises(IllegalAction) as e:
        apply(build(skirmish()), ResolveAttack("hero", "gob1", cover="total"), Random(1))
    assert e.value.rule == "d20.attack.total-cover"


@pytest.mark.rule("d20.cover.override")
def test_d20_cover_override_stated_degree_adds_to_ac() -> None:
    result = apply(
        build(skirmish()),
        ResolveAttack("hero", "gob1", cover="three-quarters"),
        ScriptedRandom([10, 1]),
    )
    assert result.outcome.target_ac == 18 and result.outcome.cover_source == "stated"
    assert not result.outcome.hit


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_one_attack_action_per_turn() -> None:
    enc = build(skirmish())
    started = apply(enc, RollInitiative(), Random(2)).encounter
    who = started.turn_of or ""
    target = "gob1" if who == "hero" else "hero"
    once = apply(started, ResolveAttack(who, target, apply_damage=False), Random(1)).encounter
    with pytest.raises(IllegalAction) as e:
        apply(once, ResolveAttack(who, target, apply_damage=False), Random(1))
    assert e.value.rule == "d20.turn.economy"
    not_yours = next(c.id for c in started.combatants if c.id != who)
    with pytest.raises(IllegalAction):
        apply(started, ResolveAttack(not_yours, who), Random(1))


def _damage(doc_combatant: dict, amount: int, **kw: object):  # type: ignore[no-untyped-def]
    enc = build(encounter_doc(doc_combatant))
    return apply(enc, ApplyDamage(doc_combatant["id"], amount, **kw), Random(1))  # type: ignore[arg-type]


@pytest.mark.rule("d20.death.instant")
def test_d20_death_instant_seed_example() -> None:
    result = _damage(combatant("cleric", 0, 0, kind="pc", hp=6, maxHp=12), 30)
    assert result.outcome.died and result.outcome.instant_death
    # one less and she only falls unconscious
    result = _damage(combatant("cleric", 0, 0, kind="pc", hp=6, maxHp=12), 29)
    assert not result.outcome.died and result.outcome.unconscious


@pytest.mark.rule("d20.hp.zero")
def test_d20_hp_zero_temp_hp_absorbs_first() -> None:
    result = _damage(combatant("pc", 0, 0, kind="pc", hp=10, maxHp=10, tempHp=4), 6)
    c = result.encounter.combatant("pc")
    assert c.temp_hp == 0 and c.hp == 8 and result.outcome.temp_hp_absorbed == 4


@pytest.mark.rule("d20.death.unconscious")
def test_d20_death_unconscious_pc_falls_unconscious() -> None:
    result = _damage(combatant("pc", 0, 0, kind="pc", hp=5, maxHp=10), 8)
    c = result.encounter.combatant("pc")
    assert c.hp == 0 and c.unconscious and not c.dead


@pytest.mark.rule("d20.death.monsters")
def test_d20_death_monsters_die_at_zero_unless_villains() -> None:
    result = _damage(combatant("orc", 0, 0, hp=5, maxHp=10), 5)
    assert result.encounter.combatant("orc").dead
    result = _damage(combatant("boss", 0, 0, hp=5, maxHp=10, villain=True), 5)
    assert not result.encounter.combatant("boss").dead
    assert result.encounter.combatant("boss").unconscious


@pytest.mark.rule("d20.death.damage-at-zero")
def test_d20_death_damage_at_zero_failures_and_instant_death() -> None:
    down = combatant("pc", 0, 0, kind="pc", hp=0, maxHp=10, conditions=[{"name": "unconscious"}])
    one = _damage(dict(down), 3)
    assert one.encounter.combatant("pc").death_saves.failures == 1
    two = _damage(dict(down), 3, critical=True)
    assert two.encounter.combatant("pc").death_saves.failures == 2
    dead = _damage(dict(down), 10)
    assert dead.encounter.combatant("pc").dead


@pytest.mark.rule("d20.death.knockout")
def test_d20_death_knockout_melee_drop_is_unconscious_and_stable() -> None:
    enc = build(skirmish())
    result = apply(enc, ResolveAttack("hero", "gob1", knockout=True), ScriptedRandom([15, 8]))
    gob = result.encounter.combatant("gob1")
    assert not gob.dead and gob.unconscious and gob.stable


def test_actions_do_not_mutate_their_input() -> None:
    enc = build(skirmish())
    snapshot = copy.deepcopy(enc)
    apply(enc, RollInitiative(), Random(3))
    apply(enc, ResolveAttack("hero", "gob1"), Random(3))
    apply(enc, ApplyDamage("gob1", 50), Random(3))
    assert enc == snapshot


def test_same_seed_replays_exactly() -> None:
    enc = build(skirmish())
    assert apply(enc, RollInitiative(), Random(77)) == apply(enc, RollInitiative(), Random(77))

"""The actions in combat: dash, disengage, dodge, help, hide, ready, first aid, potions..."""

from __future__ import annotations

import copy
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Attack, Cell, Encounter
from service.rules.model.requests import (
    ApplyDamage,
    AttackOdds,
    Dash,
    Disengage,
    Dodge,
    DrinkPotion,
    Heal,
    Help,
    Hide,
    Interact,
    MoveCombatant,
    NextTurn,
    Ready,
    ResolveAttack,
    Stabilize,
    TriggerReadied,
)


def _doc(*extra: dict[str, Any], **hero: Any) -> dict[str, Any]:
    """Round 1, the hero's turn; a goblin and whatever else is given."""
    h = combatant("hero", 2, 2, kind="pc", speed=30, **hero)
    gob = combatant("gob", 3, 2, side="foes", hp=7, maxHp=7, ac=10)
    combatants = [h, gob, *extra]
    return encounter_doc(
        *combatants,
        round=1,
        turnOf="hero",
        order=[{"combatantId": c["id"], "initiative": 20 - i} for i, c in enumerate(combatants)],
    )


def _enc(*extra: dict[str, Any], **hero: Any) -> Encounter:
    return build(_doc(*extra, **hero))


def _dying(cid: str = "pal", x: int = 2, y: int = 3, **over: Any) -> dict[str, Any]:
    return combatant(
        cid, x, y, kind="pc", hp=0, maxHp=10, conditions=[{"name": "unconscious"}], **over
    )


# ---------------------------------------------------------------- economy


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_dash_adds_speed_and_uses_the_action() -> None:
    result = apply(_enc(), Dash("hero"), Random(1))
    hero = result.encounter.combatant("hero")
    assert result.outcome.movement == 60 and hero.budget.movement == 60
    assert not hero.budget.action
    with pytest.raises(IllegalAction) as e:
        apply(result.encounter, Dodge("hero"), Random(1))
    assert e.value.rule == "d20.turn.economy"
    # a bonus action is separate (a feature that allows dashing with it), once
    rogue = _enc(features=["bonus-action:dash", "bonus-action:disengage"])
    dashed = apply(rogue, Dash("hero"), Random(1)).encounter
    twice = apply(dashed, Dash("hero", spend="bonus-action"), Random(1))
    assert twice.encounter.combatant("hero").budget.movement == 90
    with pytest.raises(IllegalAction):
        apply(twice.encounter, Disengage("hero", spend="bonus-action"), Random(1))


@pytest.mark.rule("d20.turn.economy")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
@pytest.mark.parametrize(
    "action",
    [Dash("hero"), Disengage("hero"), Dodge("hero"), Hide("hero"), Help("hero", "ally")],
    ids=lambda a: type(a).__name__.lower(),
)
def test_d20_turn_economy_an_action_as_a_bonus_action_needs_a_named_feature(
    ruleset: str, action: Any
) -> None:
    """Dash, Disengage, Dodge, Hide and Help are actions; a ``bonus-action:<action>``
    feature (Cunning Action...) lets a creature take one as its bonus action."""
    name = type(action).__name__.lower()
    doc = _doc(combatant("ally", 2, 3))
    doc["ruleset"] = ruleset
    action.spend = "bonus-action"
    with pytest.raises(IllegalAction) as e:
        apply(build(doc), action, ScriptedRandom([10]))
    assert e.value.rule == ("d10.turn.bonus" if ruleset == "d10" else "d20.turn.economy")
    doc["combatants"][0]["features"] = [f"bonus-action:{name}"]
    enc = build(doc)
    if ruleset == "d10":  # the feature is the d10 grant, given with the fresh turn
        enc.combatants[0].budget.bonus_action = True
    done = apply(enc, action, ScriptedRandom([10]))
    hero = done.encounter.combatant("hero")
    assert done.outcome is not None and not hero.budget.bonus_action
    # the action is still there for something else, and the bonus action is gone
    apply(done.encounter, Dodge("hero") if name != "dodge" else Dash("hero"), Random(1))
    with pytest.raises(IllegalAction):
        apply(done.encounter, action, ScriptedRandom([10]))


@pytest.mark.rule("d20.turn.economy")
@pytest.mark.rule("d100.action.dash")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_d100_action_dash_adds_the_speed_after_its_modifiers(ruleset: str) -> None:
    """Slowed by a critical effect (speed halved): 15 ft a turn, and Dash adds 15, not 30;
    the movement is walked."""
    doc = _doc(effects=[{"kind": "speed-halved"}])
    doc["ruleset"] = ruleset
    started = apply(build(doc), NextTurn(), Random(1)).encounter  # gob
    started = apply(started, NextTurn(), Random(1)).encounter  # hero, round 2
    assert started.combatant("hero").budget.movement == 15
    dashed = apply(started, Dash("hero"), Random(1))
    assert dashed.outcome.movement == 30
    far = apply(dashed.encounter, MoveCombatant("hero", to=Cell(2, 8)), Random(1))
    assert far.outcome.cost == 30 and far.outcome.movement_left == 0
    with pytest.raises(IllegalAction):
        apply(dashed.encounter, MoveCombatant("hero", to=Cell(2, 9)), Random(1))


@pytest.mark.rule("d100.action.dash")
@pytest.mark.rule("d100.carry")
def test_d100_action_dash_an_overloaded_creature_dashes_5_ft_more() -> None:
    doc = _doc(carriedWeight=200, strengthScore=10)  # capacity 150: speed 5
    doc["ruleset"] = "d100"
    started = apply(build(doc), NextTurn(), Random(1)).encounter
    started = apply(started, NextTurn(), Random(1)).encounter
    assert started.combatant("hero").budget.movement == 5
    assert apply(started, Dash("hero"), Random(1)).outcome.movement == 10


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_not_on_someone_elses_turn() -> None:
    with pytest.raises(IllegalAction) as e:
        apply(_enc(), Dodge("gob"), Random(1))
    assert e.value.rule == "d20.turn.economy"


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_disengage_and_dodge_durations() -> None:
    dis = apply(_enc(), Disengage("hero"), Random(1)).encounter
    cond = dis.combatant("hero").conditions[0]
    assert cond.name == "disengaged" and cond.duration is not None
    assert (cond.duration.ends, cond.duration.of) == ("end", "hero")
    after = apply(dis, NextTurn(), Random(1)).encounter
    assert not after.combatant("hero").has("disengaged")
    dodged = apply(_enc(), Dodge("hero"), Random(1)).encounter
    cond = dodged.combatant("hero").conditions[0]
    assert cond.name == "dodging" and cond.duration is not None
    assert (cond.duration.ends, cond.duration.of) == ("start", "hero")
    later = apply(dodged, NextTurn(), Random(1)).encounter  # gob's turn: still dodging
    assert later.combatant("hero").has("dodging")
    back = apply(later, NextTurn(), Random(1)).encounter  # hero's next turn starts
    assert not back.combatant("hero").has("dodging")


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_help_grants_one_advantage_until_helpers_next_turn() -> None:
    enc = _enc(combatant("ally", 2, 3))
    on_attack = apply(enc, Help("hero", "ally", target_id="gob"), Random(1))
    effect = on_attack.encounter.combatant("ally").effects[0]
    assert (effect.kind, effect.roll, effect.against, effect.uses) == (
        "advantage",
        "attack",
        "gob",
        1,
    )
    assert effect.duration is not None and effect.duration.ends == "start"
    assert effect.duration.of == "hero"
    on_check = apply(enc, Help("hero", "ally", task="pick the lock"), Random(1))
    assert on_check.outcome.effect.roll == "check"
    with pytest.raises(InvalidAction) as e:
        apply(enc, Help("hero", "hero"), Random(1))
    assert e.value.path == ("allyId",)


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_hide_rolls_stealth_and_keeps_the_total() -> None:
    result = apply(_enc(skills={"stealth": 6}), Hide("hero"), ScriptedRandom([11]))
    hero = result.encounter.combatant("hero")
    assert hero.stealth == 17 and hero.has("hidden") and result.outcome.stealth == 17
    dex = apply(_enc(abilities={"dexterity": 2}), Hide("hero"), ScriptedRandom([11]))
    assert dex.outcome.stealth == 13


@pytest.mark.rule("d20.turn.break-move")
def test_d20_turn_break_move_actions_leave_movement_alone() -> None:
    doc = _doc(combatant("ally", 2, 3))
    doc["combatants"][0]["budget"] = {"movement": 10}  # moved 20 ft before acting
    enc = build(doc)
    for action in (
        Dodge("hero"),
        Disengage("hero"),
        Help("hero", "ally"),
        Hide("hero"),
        Ready("hero", "the goblin moves"),
        Interact("hero", "opens the door"),
    ):
        result = apply(enc, action, ScriptedRandom([10]))
        assert result.encounter.combatant("hero").budget.movement == 10, action
    dashed = apply(enc, Dash("hero"), Random(1))
    assert dashed.encounter.combatant("hero").budget.movement == 40  # 10 left + 30


# ---------------------------------------------------------------- object, potions


@pytest.mark.rule("d20.turn.object")
def test_d20_turn_object_first_free_second_takes_the_action() -> None:
    enc = _enc()
    one = apply(enc, Interact("hero", "draws a sword"), Random(1))
    assert one.outcome.spent == "free" and one.encounter.combatant("hero").budget.action
    two = apply(one.encounter, Interact("hero", "opens a door"), Random(1))
    assert two.outcome.spent == "action" and not two.encounter.combatant("hero").budget.action
    with pytest.raises(IllegalAction) as e:
        apply(two.encounter, Interact("hero", "pulls a lever"), Random(1))
    assert e.value.rule == "d20.turn.object"
    # it comes back at the start of the hero's next turn
    gob_turn = apply(two.encounter, NextTurn(), Random(1)).encounter
    back = apply(gob_turn, NextTurn(), Random(1)).encounter
    assert back.combatant("hero").budget.object_interaction


@pytest.mark.rule("d20.turn.potion-bonus")
def test_d20_turn_potion_bonus_from_hand_pouch_or_belt() -> None:
    for source in ("hand", "pouch", "belt"):
        result = apply(
            _enc(hp=5),
            DrinkPotion("hero", source=source),
            ScriptedRandom([3, 4]),  # type: ignore[arg-type]
        )
        hero = result.encounter.combatant("hero")
        assert hero.hp == 5 + 3 + 4 + 2 and result.outcome.healed == 9
        assert result.outcome.spent == "bonus-action"
        assert not hero.budget.bonus_action and hero.budget.action


@pytest.mark.rule("d20.turn.potion-action")
def test_d20_turn_potion_action_from_backpack_or_fed_to_the_unconscious() -> None:
    backpack = apply(_enc(hp=5), DrinkPotion("hero", source="backpack"), ScriptedRandom([1, 1]))
    hero = backpack.encounter.combatant("hero")
    assert backpack.outcome.spent == "action" and not hero.budget.action
    assert hero.budget.bonus_action and hero.hp == 9
    fed = apply(_enc(_dying()), DrinkPotion("hero", target_id="pal"), ScriptedRandom([2, 2]))
    assert fed.outcome.spent == "action" and fed.outcome.conscious
    assert fed.encounter.combatant("pal").hp == 6


@pytest.mark.rule("d10.turn.bonus")
@pytest.mark.rule("d20.turn.potion-bonus")
def test_d10_turn_bonus_a_belt_potion_without_a_bonus_action_takes_the_action() -> None:
    doc = _doc(hp=5)
    doc["ruleset"] = "d10"
    enc = build(doc)
    enc.combatants[0].budget.bonus_action = False  # d10: no grant, no bonus action
    drunk = apply(enc, DrinkPotion("hero", source="belt"), ScriptedRandom([3, 4]))
    hero = drunk.encounter.combatant("hero")
    assert drunk.outcome.spent == "action" and hero.hp == 14 and not hero.budget.action
    assert [ev.rule for ev in drunk.events if ev.type == "roll"] == ["d10.turn.bonus"]
    with pytest.raises(IllegalAction):  # the action is gone: no attack after it
        apply(drunk.encounter, ResolveAttack("hero", "gob"), Random(1))
    # with a grant it is the bonus action, and the action stays
    doc["combatants"][0]["features"] = ["bonus-action:quick-draw"]
    granted = apply(build(doc), DrinkPotion("hero", source="belt"), ScriptedRandom([3, 4]))
    assert granted.outcome.spent == "bonus-action"
    assert granted.encounter.combatant("hero").budget.action


@pytest.mark.rule("d20.turn.potion-action")
def test_d20_turn_potion_action_feeding_needs_the_creature_within_5_ft() -> None:
    enc = _enc(_dying(x=2, y=5))
    with pytest.raises(IllegalAction) as e:
        apply(enc, DrinkPotion("hero", target_id="pal"), ScriptedRandom([2, 2]))
    assert e.value.rule == "d20.turn.potion-action" and "15 ft" in e.value.message
    near = apply(enc, MoveCombatant("hero", to=Cell(2, 4)), Random(1)).encounter
    fed = apply(near, DrinkPotion("hero", target_id="pal"), ScriptedRandom([2, 2]))
    assert fed.outcome.conscious and fed.encounter.combatant("pal").hp == 6
    # awake on its turn, it makes no death save and can act
    on_gob = apply(fed.encounter, NextTurn(), Random(1)).encounter
    on_pal = apply(on_gob, NextTurn(), ScriptedRandom([]))
    assert on_pal.outcome.turn_of == "pal" and on_pal.outcome.death_save is None


@pytest.mark.rule("d20.death.unconscious")
def test_d20_death_unconscious_healing_wakes_and_resets_saves() -> None:
    enc = _enc(_dying(deathSaves={"successes": 1, "failures": 2}))
    result = apply(enc, Heal("pal", 3, source_id="hero"), Random(1))
    pal = result.encounter.combatant("pal")
    assert pal.hp == 3 and not pal.unconscious and result.outcome.conscious
    assert pal.death_saves.successes == 0 and pal.death_saves.failures == 0
    # DM healing spends nothing
    assert result.encounter.combatant("hero").budget.action
    # the unconscious can't drink their own potion
    with pytest.raises(IllegalAction):
        apply(enc, DrinkPotion("pal"), Random(1))


# ---------------------------------------------------------------- readied actions


@pytest.mark.rule("d20.ready.trigger")
def test_d20_ready_trigger_fires_an_attack_with_the_reaction() -> None:
    readied = apply(_enc(), Ready("hero", "the goblin steps closer", "attack", "sword"), Random(1))
    hero = readied.encounter.combatant("hero")
    assert hero.readied is not None and hero.readied.trigger == "the goblin steps closer"
    assert hero.readied.round == 1 and not hero.budget.action and hero.budget.reaction
    gob_turn = apply(readied.encounter, NextTurn(), Random(1)).encounter
    assert gob_turn.combatant("hero").readied is not None  # held through others' turns
    fired = apply(gob_turn, TriggerReadied("hero", target_id="gob"), ScriptedRandom([15, 3]))
    assert fired.outcome.fired and fired.outcome.attack is not None
    assert fired.outcome.attack.hit and fired.encounter.combatant("gob").hp == 7 - 5
    hero = fired.encounter.combatant("hero")
    assert hero.readied is None and not hero.budget.reaction
    with pytest.raises(IllegalAction) as e:
        apply(fired.encounter, TriggerReadied("hero", target_id="gob"), Random(1))
    assert e.value.rule == "d20.ready.trigger"


@pytest.mark.rule("d20.ready.trigger")
def test_d20_ready_trigger_decline_spends_nothing() -> None:
    readied = apply(_enc(), Ready("hero", "someone opens the door", "move"), Random(1)).encounter
    kept = apply(readied, TriggerReadied("hero", fire=False), Random(1))
    hero = kept.encounter.combatant("hero")
    assert not kept.outcome.fired and kept.outcome.kept
    assert hero.readied is not None and hero.budget.reaction
    dropped = apply(readied, TriggerReadied("hero", fire=False, keep=False), Random(1))
    assert dropped.encounter.combatant("hero").readied is None
    moved = apply(readied, TriggerReadied("hero", to=Cell(0, 2)), Random(1))
    assert moved.outcome.fired and not moved.encounter.combatant("hero").budget.reaction
    with pytest.raises(InvalidAction) as e:
        apply(readied, TriggerReadied("hero"), Random(1))
    assert e.value.path == ("to",)
    with pytest.raises(InvalidAction) as e:
        attack = apply(_enc(), Ready("hero", "x"), Random(1)).encounter
        apply(attack, TriggerReadied("hero"), Random(1))
    assert e.value.path == ("targetId",)


@pytest.mark.rule("d20.ready.spell")
def test_d20_ready_spell_holds_concentration_and_ends_the_other() -> None:
    enc = _enc(concentration="web")
    result = apply(
        enc, Ready("hero", "a goblin appears", "spell", spell="magic missile"), Random(1)
    )
    hero = result.encounter.combatant("hero")
    assert hero.concentration == "magic missile" and result.outcome.ended_concentration == "web"
    fired = apply(result.encounter, TriggerReadied("hero"), Random(1))
    hero = fired.encounter.combatant("hero")
    assert fired.outcome.fired and hero.concentration is None and hero.readied is None
    # concentration broken before release: the spell is lost
    broken = copy.deepcopy(result.encounter)
    broken.combatants[0].concentration = None
    with pytest.raises(IllegalAction) as e:
        apply(broken, TriggerReadied("hero"), Random(1))
    assert e.value.rule == "d20.ready.spell"
    with pytest.raises(InvalidAction):
        apply(enc, Ready("hero", "x", "spell"), Random(1))


# ---------------------------------------------------------------- first aid


@pytest.mark.rule("d20.death.stabilize")
def test_d20_death_stabilize_dc_10_medicine() -> None:
    enc = _enc(_dying(deathSaves={"successes": 1, "failures": 2}), skills={"medicine": 2})
    ok = apply(enc, Stabilize("hero", "pal"), ScriptedRandom([8, 2]))  # 8+2 = 10, then 1d4
    pal = ok.encounter.combatant("pal")
    assert ok.outcome.success and ok.outcome.total == 10
    assert pal.stable and pal.unconscious and pal.death_saves.failures == 0
    assert not ok.encounter.combatant("hero").budget.action
    failed = apply(enc, Stabilize("hero", "pal"), ScriptedRandom([7]))
    assert not failed.outcome.success and not failed.encounter.combatant("pal").stable
    wis = apply(
        _enc(_dying(), abilities={"wisdom": 3}), Stabilize("hero", "pal"), ScriptedRandom([7, 1])
    )
    assert wis.outcome.success
    with pytest.raises(IllegalAction) as e:
        apply(enc, Stabilize("hero", "gob"), Random(1))
    assert e.value.rule == "d20.death.stabilize"


@pytest.mark.rule("d20.death.stabilize")
@pytest.mark.parametrize("kind", ["square", "hex"])
def test_d20_death_stabilize_needs_the_medic_within_5_ft(kind: str) -> None:
    """From 20 ft away first aid is refused and spends nothing; the medic walks up (15 ft),
    gives it, and the dying pal makes no death save on its turn."""
    doc = _doc(_dying(x=2, y=6), skills={"medicine": 5})
    doc["grid"]["kind"] = kind
    enc = build(doc)
    with pytest.raises(IllegalAction) as e:
        apply(enc, Stabilize("hero", "pal"), ScriptedRandom([15, 2]))
    assert e.value.rule == "d20.death.stabilize" and "20 ft" in e.value.message
    near = apply(enc, MoveCombatant("hero", to=Cell(2, 5)), Random(1))
    assert near.outcome.cost == 15
    aided = apply(near.encounter, Stabilize("hero", "pal"), ScriptedRandom([15, 2]))
    assert aided.outcome.success and aided.encounter.combatant("pal").stable
    on_gob = apply(aided.encounter, NextTurn(), Random(1)).encounter
    on_pal = apply(on_gob, NextTurn(), ScriptedRandom([]))
    assert on_pal.outcome.turn_of == "pal" and on_pal.outcome.death_save is None


@pytest.mark.rule("d20.death.knockout")
def test_d20_death_knockout_on_a_ranged_attack_is_refused_and_so_are_its_odds() -> None:
    bow = Attack("bow", 5, "1d6", kind="ranged", range=80)
    enc = _enc(
        attacks=[{"name": "bow", "bonus": 5, "damage": "1d6", "kind": "ranged", "range": 80}]
    )
    for request in (
        ResolveAttack("hero", "gob", knockout=True),
        AttackOdds("hero", "gob", knockout=True),
    ):
        with pytest.raises(InvalidAction) as e:
            apply(enc, request, Random(1))
        assert e.value.path == ("knockout",) and "melee" in e.value.message
    with pytest.raises(InvalidAction):
        apply(_enc(), ResolveAttack("hero", "gob", attack=bow, knockout=True), Random(1))
    # a melee knockout that drops the goblin leaves it unconscious and stable
    club = apply(_enc(), ResolveAttack("hero", "gob", knockout=True), ScriptedRandom([15, 8]))
    gob = club.encounter.combatant("gob")
    assert club.outcome.target_dropped and not gob.dead and gob.stable


@pytest.mark.rule("d20.death.stable")
def test_d20_death_stable_reports_hours_and_is_lost_on_damage() -> None:
    enc = _enc(_dying())
    ok = apply(enc, Stabilize("hero", "pal"), ScriptedRandom([15, 4]))
    assert ok.outcome.hours_to_regain == 4
    hours = [ev for ev in ok.events if ev.rule == "d20.death.stable"]
    assert hours and hours[0].data["hours"] == 4
    pal = ok.encounter.combatant("pal")
    assert pal.hp == 0 and pal.unconscious  # the 1 HP is reported, not applied
    with pytest.raises(IllegalAction) as e:
        apply(ok.encounter, Stabilize("hero", "pal"), Random(1))
    assert e.value.rule == "d20.death.stable"
    hurt = apply(ok.encounter, ApplyDamage("pal", 1), Random(1))
    assert not hurt.encounter.combatant("pal").stable


# ---------------------------------------------------------------- facing


@pytest.mark.rule("d20.facing.none")
def test_d20_facing_none_positions_and_directions_do_not_matter() -> None:
    """No facing: help, hide and dodge work the same wherever the others stand."""
    results = []
    for ally_pos in ((1, 2), (3, 3), (2, 1), (9, 9)):
        enc = _enc(combatant("ally", *ally_pos))
        helped = apply(enc, Help("hero", "ally", target_id="gob"), Random(1))
        hidden = apply(enc, Hide("hero"), ScriptedRandom([12]))
        dodged = apply(enc, Dodge("hero"), Random(1))
        results.append(
            (
                helped.outcome.effect,
                hidden.outcome.stealth,
                dodged.encounter.combatant("hero").conditions,
            )
        )
    assert all(r == results[0] for r in results)

"""``d20.turn.economy``: an Attack action with several attacks is one action (RULES.md
decision): once its first attack is made, what remains of the action can only be more of
its attacks; and after another action, no attack may use the action."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    Dash,
    Disengage,
    Dodge,
    DrinkPotion,
    Help,
    Hide,
    Interact,
    MoveCombatant,
    NextTurn,
    Ready,
    ResolveAttack,
    Stabilize,
)
from service.rules.rulesets.d100.requests import Grapple, Reload, Shove

GUN = {"name": "pistol", "kind": "ranged", "bonus": 0, "damage": "1d6", "range": 60}


def fighter(ruleset: str = "d20", **over: Any) -> Encounter:
    """Round 1, the fighter's turn: two attacks per Attack action, a goblin beside it."""
    hero = combatant(
        "hero",
        2,
        2,
        kind="pc",
        attacksPerAction=2,
        attacks=[
            {"name": "sword", "bonus": 4, "damage": "1d8+2"},
            {**GUN, "ammo": 3, "capacity": 6, "ammoType": "9mm"},
        ],
        ammunition={"9mm": 10},
        **over,
    )
    gob = combatant("gob", 3, 2, side="foes", hp=40, maxHp=40, ac=30)
    pal = combatant("pal", 2, 3, kind="pc", hp=0, maxHp=10, conditions=[{"name": "unconscious"}])
    return build(
        encounter_doc(
            hero,
            gob,
            pal,
            ruleset=ruleset,
            round=1,
            turnOf="hero",
            order=[
                {"combatantId": "hero", "initiative": 20},
                {"combatantId": "gob", "initiative": 10},
                {"combatantId": "pal", "initiative": 5},
            ],
        )
    )


def swing(enc: Encounter, rolls: list[int] | None = None) -> Encounter:
    """One sword attack, a miss (no damage roll)."""
    die = 10 if enc.ruleset == "d100" else 2
    return apply(
        enc, ResolveAttack("hero", "gob", "sword"), ScriptedRandom(rolls or [die])
    ).encounter


OTHER_ACTIONS: list[Any] = [
    Dodge("hero"),
    Dash("hero"),
    Disengage("hero"),
    Help("hero", "pal"),
    Hide("hero"),
    Ready("hero", "the goblin moves", "attack", "sword"),
    Stabilize("hero", "pal"),
    DrinkPotion("hero", source="backpack"),
]


@pytest.mark.rule("d20.turn.economy")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
@pytest.mark.parametrize("other", OTHER_ACTIONS, ids=lambda a: type(a).__name__)
def test_d20_turn_economy_after_the_first_attack_no_other_action(ruleset: str, other: Any) -> None:
    first = swing(fighter(ruleset))
    hero = first.combatant("hero")
    assert not hero.budget.action and hero.budget.attacks_left == 1
    with pytest.raises(IllegalAction) as e:
        apply(first, other, Random(1))
    assert e.value.rule == "d20.turn.economy"
    assert "Attack action" in e.value.message
    # the second attack of the action is still there, then nothing
    second = swing(first)
    assert second.combatant("hero").budget.attacks_left == 0
    with pytest.raises(IllegalAction) as e:
        swing(second)
    assert e.value.rule == "d20.turn.economy"
    # next turn: a fresh action, and the other action is fine
    for rolls in ([], [12], []):  # the goblin's turn, the dying pal's death save, the hero's
        second = apply(second, NextTurn(), ScriptedRandom(rolls)).encounter
    assert second.turn_of == "hero"
    apply(second, other, Random(1))


@pytest.mark.rule("d20.turn.economy")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
@pytest.mark.parametrize("other", OTHER_ACTIONS, ids=lambda a: type(a).__name__)
def test_d20_turn_economy_after_another_action_no_attack(ruleset: str, other: Any) -> None:
    acted = apply(fighter(ruleset), other, Random(1)).encounter
    hero = acted.combatant("hero")
    assert not hero.budget.action and hero.budget.attacks_left == 0
    with pytest.raises(IllegalAction) as e:
        swing(acted)
    assert e.value.rule == "d20.turn.economy"


@pytest.mark.rule("d20.turn.economy")
@pytest.mark.rule("d20.turn.object")
def test_d20_turn_economy_a_second_interaction_cant_use_an_attack_action_begun() -> None:
    free = apply(fighter(), Interact("hero", "draws a dagger"), Random(1))
    assert free.outcome.spent == "free"
    first = swing(free.encounter)
    with pytest.raises(IllegalAction) as e:
        apply(first, Interact("hero", "opens the door"), Random(1))
    assert e.value.rule == "d20.turn.object" and "Attack" in e.value.message
    # and an interaction that took the action leaves no attack
    took = apply(free.encounter, Interact("hero", "opens the door"), Random(1))
    assert took.outcome.spent == "action"
    with pytest.raises(IllegalAction):
        swing(took.encounter)


@pytest.mark.rule("d20.turn.economy")
@pytest.mark.rule("d20.turn.break-move")
def test_d20_turn_economy_moving_and_the_bonus_action_between_the_attacks() -> None:
    first = swing(fighter())
    moved = apply(first, MoveCombatant("hero", to=Cell(2, 1)), Random(1)).encounter
    bonus = apply(
        moved, ResolveAttack("hero", "gob", "sword", spend="bonus-action"), ScriptedRandom([2])
    ).encounter
    assert bonus.combatant("hero").budget.attacks_left == 1
    last = swing(bonus)
    hero = last.combatant("hero")
    assert hero.budget.attacks_left == 0 and not hero.budget.bonus_action
    assert hero.budget.movement == 25


@pytest.mark.rule("d20.turn.economy")
@pytest.mark.rule("d100.shove")
@pytest.mark.rule("d100.grapple")
def test_d20_turn_economy_d100_shove_and_grapple_replace_one_attack_reload_does_not() -> None:
    # attack, then a shove as the second attack
    first = swing(fighter("d100"))
    shoved = apply(first, Shove("hero", "gob", mode="prone"), ScriptedRandom([1, 20]))
    assert shoved.encounter.combatant("hero").budget.attacks_left == 0
    # a grapple first, then the attack
    grabbed = apply(fighter("d100"), Grapple("hero", "gob"), ScriptedRandom([1, 20])).encounter
    assert grabbed.combatant("hero").budget.attacks_left == 1
    assert swing(grabbed).combatant("hero").budget.attacks_left == 0
    # reloading is another action: not in the middle of the Attack, and no attack after it
    with pytest.raises(IllegalAction) as e:
        apply(first, Reload("hero", "pistol"), Random(1))
    assert e.value.rule == "d20.turn.economy"
    reloaded = apply(fighter("d100"), Reload("hero", "pistol"), Random(1)).encounter
    with pytest.raises(IllegalAction):
        swing(reloaded)

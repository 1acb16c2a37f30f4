"""d100 actions that behave as the d20 base does, played forward: Help, Ready."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import apply
from service.rules.model import Encounter
from service.rules.model.requests import (
    Help,
    Hide,
    NextTurn,
    Ready,
    ResolveAttack,
    RollInitiative,
    TriggerReadied,
)
from service.rules.rulesets.d100.requests import Grapple, Repair, Search, Shove


def _started(ruleset: str = "d100", **b: Any) -> Encounter:
    """Round 1, a's turn; a and b on one side, the foe beside b."""
    enc = build(
        encounter_doc(
            combatant("a", 0, 0, side="x", initiativeBonus=50),
            combatant("b", 1, 0, side="x", skills={"unarmed": 2}, **b),
            combatant(
                "foe",
                1,
                1,
                side="y",
                ac=99,
                skills={"unarmed": 1, "athletics": 1},
                attacks=[{"name": "claw", "bonus": 5, "damage": "1d6"}],
            ),
            ruleset=ruleset,
        )
    )
    if ruleset == "d100":
        return apply(enc, RollInitiative(order=["a", "b", "foe"]), Random(1)).encounter
    doc_order = RollInitiative()
    started = apply(enc, doc_order, ScriptedRandom([20, 10, 1])).encounter
    assert [e.combatant_id for e in started.order] == ["a", "b", "foe"]
    return started


def dice_of(result: Any, actor: str) -> list[list[int]]:
    """The d20 faces of each check roll ``actor`` made, in order."""
    return [
        [d.value for d in e.roll.dice]
        for e in result.events
        if e.roll is not None and e.actor == actor and e.roll.dice[0].sides == 20
    ]


@pytest.mark.rule("d100.action.help")
def test_d100_action_help_the_next_contest_rolls_two_d20_and_keeps_the_higher() -> None:
    """a helps b; on b's turn its grapple check rolls 5 and 18 and keeps 18 (20 against
    the foe's 11); its next check, a shove, rolls one die."""
    helped = apply(_started(), Help("a", "b"), Random(1)).encounter
    b_turn = apply(helped, NextTurn(), Random(1)).encounter
    assert b_turn.turn_of == "b"
    grab = apply(b_turn, Grapple("b", "foe"), ScriptedRandom([5, 18, 10]))
    assert grab.outcome.success and grab.outcome.actor_total == 20
    assert dice_of(grab, "b") == [[5, 18]]
    check = next(e for e in grab.events if e.actor == "b" and e.roll is not None)
    assert check.roll.expression == "2d20kh1+2" and check.data["advantage"] == ["help:a"]
    assert any(e.type == "effect-ended" for e in grab.events)
    shove = apply(grab.encounter, Shove("b", "foe", spend="free"), ScriptedRandom([5, 18]))
    assert dice_of(shove, "b") == [[5]] and not shove.outcome.success


@pytest.mark.rule("d100.action.help")
@pytest.mark.parametrize(
    ("action", "dice"),
    [
        (Repair("b", "pistol", dc=15), [4, 16]),
        (Search("b", scavenging_dc=15), [4, 16]),
        (Hide("b"), [4, 16]),
    ],
    ids=["repair", "scavenging", "hide"],
)
def test_d100_action_help_applies_to_repair_scavenging_and_hide_checks(
    action: object, dice: list[int]
) -> None:
    pistol = {"name": "pistol", "condition": 0, "maxCondition": 10}
    helped = apply(_started(attacks=[pistol]), Help("a", "b"), Random(1)).encounter
    b_turn = apply(helped, NextTurn(), Random(1)).encounter
    done = apply(b_turn, action, ScriptedRandom(list(dice)))
    assert dice_of(done, "b") == [dice]
    assert not any(e.kind == "advantage" for e in done.encounter.combatant("b").effects)


@pytest.mark.rule("d100.action.help")
def test_d100_action_help_counts_for_the_helped_creatures_side_of_a_contest() -> None:
    """Decision: the advantage goes to the helped creature's next check of any kind, the
    one it rolls to resist the foe's shove too."""
    helped = apply(_started(), Help("a", "b"), Random(1)).encounter
    shoved = apply(helped, Shove("foe", "b", spend="free"), ScriptedRandom([12, 3, 15]))
    assert dice_of(shoved, "b") == [[3, 15]] and not shoved.outcome.success


@pytest.mark.rule("d100.action.help")
def test_d100_action_help_lapses_at_the_start_of_the_helpers_next_turn() -> None:
    e = apply(_started(), Help("a", "b"), Random(1)).encounter
    for _ in range(3):
        e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "a" and e.round == 2
    late = apply(e, Shove("b", "foe", spend="free"), ScriptedRandom([5, 18]))
    assert dice_of(late, "b") == [[5]]


@pytest.mark.rule("d100.action.help")
def test_d100_action_help_and_exhaustion_cancel_on_a_check() -> None:
    """Exhaustion (level 1 on) gives disadvantage on checks; with Help's advantage they
    cancel: one die."""
    tired = _started(exhaustion=1)
    alone = apply(tired, Shove("b", "foe", spend="free"), ScriptedRandom([18, 5, 10]))
    assert dice_of(alone, "b") == [[18, 5]]
    assert alone.outcome.actor_total == 7 and not alone.outcome.success
    helped = apply(tired, Help("a", "b"), Random(1)).encounter
    both = apply(helped, Shove("b", "foe", spend="free"), ScriptedRandom([18, 10]))
    assert dice_of(both, "b") == [[18]] and both.outcome.success


@pytest.mark.rule("d100.action.help")
def test_d100_action_help_gives_advantage_on_the_helped_attack_once() -> None:
    helped = apply(_started(), Help("a", "b", target_id="foe"), Random(1)).encounter
    b_turn = apply(helped, NextTurn(), Random(1)).encounter
    first = apply(b_turn, ResolveAttack("b", "foe"), ScriptedRandom([10, 90]))
    assert first.outcome.advantage_sources == ["help:a"] and first.outcome.natural == 90
    second = apply(first.encounter, ResolveAttack("b", "foe", spend="free"), ScriptedRandom([10]))
    assert second.outcome.advantage_sources == [] and second.outcome.natural == 10


@pytest.mark.rule("d20.turn.economy")
def test_d20_help_the_next_ability_check_hide_rolls_with_advantage() -> None:
    helped = apply(_started("d20"), Help("a", "b"), Random(1)).encounter
    b_turn = apply(helped, NextTurn(), Random(1)).encounter
    hid = apply(b_turn, Hide("b"), ScriptedRandom([2, 17]))
    assert hid.outcome.stealth == 17 and dice_of(hid, "b") == [[2, 17]]


@pytest.mark.rule("d100.action.ready")
def test_d100_action_ready_acts_with_the_reaction_later() -> None:
    enc = _started()
    readied = apply(enc, Ready("a", "the foe moves", attack_name="sword"), Random(1)).encounter
    assert readied.combatant("a").readied is not None
    fired = apply(readied, TriggerReadied("a", target_id="foe"), Random(2))
    a = fired.encounter.combatant("a")
    assert a.readied is None and not a.budget.reaction
    assert any(e.type == "attack-roll" and e.actor == "a" for e in fired.events)


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_tables_ability_check_has_the_checks_advantage_and_disadvantage() -> (
    None
):
    """A fumble rolls 55 on the weapon fumble table: a DC 10 Dexterity check, rolled like any
    ability check: an exhausted fumbler keeps the lower of two d20 (3: it drops its weapon);
    helped, the two cancel and it rolls one (15: it keeps its grip)."""
    enc = _started("d20", exhaustion=1)
    b_turn = apply(enc, NextTurn(), Random(1)).encounter
    tired = apply(b_turn, ResolveAttack("b", "foe"), ScriptedRandom([1, 55, 15, 3]))
    assert dice_of(tired, "b")[-1] == [15, 3]
    assert any(e.type == "weapon-moved" for e in tired.events)
    helped = apply(apply(enc, Help("a", "b"), Random(1)).encounter, NextTurn(), Random(1))
    kept = apply(helped.encounter, ResolveAttack("b", "foe"), ScriptedRandom([1, 55, 15]))
    assert dice_of(kept, "b")[-1] == [15]

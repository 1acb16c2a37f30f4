"""d100 actions that behave as the d20 base does."""

from __future__ import annotations

from random import Random

import pytest
from factories import build, combatant, encounter_doc

from service.rules import apply
from service.rules.model.requests import Help, Ready, RollInitiative, TriggerReadied


def _started():  # type: ignore[no-untyped-def]
    enc = build(
        encounter_doc(
            combatant("a", 0, 0, side="x", initiativeBonus=50),
            combatant("b", 1, 0, side="x"),
            combatant(
                "foe",
                1,
                1,
                side="y",
                ac=99,
                attacks=[{"name": "claw", "bonus": 5, "damage": "1d6"}],
            ),
            ruleset="d100",
        )
    )
    return apply(enc, RollInitiative(order=["a", "b", "foe"]), Random(1)).encounter


@pytest.mark.rule("d100.action.help")
def test_d100_action_help_gives_advantage_on_the_helped_attack() -> None:
    enc = _started()
    helped = apply(enc, Help("a", "b", target_id="foe"), Random(1)).encounter
    effect = helped.combatant("b").effects[-1]
    assert effect.kind == "advantage" and effect.against == "foe" and effect.uses == 1


@pytest.mark.rule("d100.action.ready")
def test_d100_action_ready_acts_with_the_reaction_later() -> None:
    enc = _started()
    readied = apply(enc, Ready("a", "the foe moves", attack_name="sword"), Random(1)).encounter
    assert readied.combatant("a").readied is not None
    fired = apply(readied, TriggerReadied("a", target_id="foe"), Random(2))
    a = fired.encounter.combatant("a")
    assert a.readied is None and not a.budget.reaction
    assert any(e.type == "roll" and e.actor == "a" for e in fired.events)

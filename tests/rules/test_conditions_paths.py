"""``d20.cond`` on the paths main's test_conditions.py leaves: restrained's speed 0 (its own
move refused now and next turn, a forced one allowed), the blinded reactor's missing
opportunity attack, a poisoned attacker's odds, in every ruleset."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc

from service.rules import IllegalAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.outcomes import AttackOddsOutcome, AttackOutcome, MoveOutcome
from service.rules.model.requests import AttackOdds, MoveCombatant, NextTurn, ResolveAttack

RULESETS = ("d20", "d100", "d10")


def _scene(
    hero: dict[str, Any], ogre: dict[str, Any], ruleset: str = "d20", **doc: Any
) -> Encounter:
    """The hero's turn, then the ogre's."""
    return build(
        encounter_doc(
            combatant("hero", 2, 5, **hero),
            combatant("ogre", 7, 11, side="foe", speed=60, **ogre),
            ruleset=ruleset,
            round=1,
            turnOf="hero",
            order=[
                {"combatantId": "hero", "initiative": 15},
                {"combatantId": "ogre", "initiative": 5},
            ],
            **doc,
        )
    )


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_d20_cond_poisoned_attacks_with_disadvantage_and_the_odds_agree(ruleset: str) -> None:
    enc = _scene({"conditions": [{"name": "poisoned"}]}, {"position": {"x": 3, "y": 5}}, ruleset)
    hit = apply(enc, ResolveAttack("hero", "ogre"), Random(3)).outcome
    odds = apply(enc, AttackOdds("hero", "ogre"), Random(3)).outcome
    assert isinstance(hit, AttackOutcome) and isinstance(odds, AttackOddsOutcome)
    assert "attacker-poisoned" in hit.disadvantage_sources and hit.disadvantage
    assert odds.disadvantage_sources == hit.disadvantage_sources
    healthy = apply(
        _scene({}, {"position": {"x": 3, "y": 5}}, ruleset), AttackOdds("hero", "ogre"), Random(3)
    )
    assert isinstance(healthy.outcome, AttackOddsOutcome) and healthy.outcome.hit > odds.hit


@pytest.mark.rule("d20.cond")
@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_d20_cond_a_blinded_reactor_makes_no_opportunity_attack(ruleset: str) -> None:
    """The hero walks away from the blinded ogre: no opportunity attack (it can't see the
    mover); from a seeing ogre the same walk provokes one."""
    next_to = {"x": 3, "y": 5}
    walk = MoveCombatant("hero", path=[Cell(1, 5), Cell(0, 5)])
    blind = _scene({}, {"position": next_to, "conditions": [{"name": "blinded"}]}, ruleset)
    out = apply(blind, walk, Random(2)).outcome
    assert isinstance(out, MoveOutcome)
    [oa] = out.opportunity_attacks
    assert not oa.taken and "see" in oa.reason
    seeing = apply(_scene({}, {"position": next_to}, ruleset), walk, Random(2)).outcome
    assert isinstance(seeing, MoveOutcome)
    assert [o.taken for o in seeing.opportunity_attacks] == [True]


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("condition", ["grappled", "restrained", "stunned", "paralyzed"])
def test_d20_cond_held_creatures_cant_move_themselves(ruleset: str, condition: str) -> None:
    """Speed 0 (grappled, restrained) or unable to move (stunned, paralyzed): the hero's own
    move is refused, on this turn and the next; it can still be moved by force."""
    held = {"conditions": [{"name": condition, "source": "ogre"}]}
    enc = _scene(held, {"position": {"x": 3, "y": 5}}, ruleset)
    with pytest.raises(IllegalAction) as refused:
        apply(enc, MoveCombatant("hero", path=[Cell(1, 5)]), Random(1))
    assert refused.value.rule in (
        "d20.cond",
        "d100.grapple.move",
        "d20.hp.zero",
        "d20.turn.economy",
    )
    pushed = apply(enc, MoveCombatant("hero", path=[Cell(2, 4)], forced=True), Random(1))
    assert pushed.encounter.combatant("hero").position == Cell(2, 4)
    if condition in ("grappled", "restrained"):
        later = apply(apply(enc, NextTurn(), Random(1)).encounter, NextTurn(), Random(1))
        hero = later.encounter.combatant("hero")
        if hero.has(condition):
            assert later.encounter.turn_of == "hero" and hero.budget.movement == 0


@pytest.mark.rule("d20.cond")
@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_d20_cond_invisible_meets_a_creature_that_sees_invisible(ruleset: str) -> None:
    """The invisible hero attacks an ogre that sees invisible creatures: no advantage, and the
    ogre's attack back has no disadvantage; walking away, it provokes the ogre's opportunity
    attack. A plain ogre gives it advantage, attacks it with disadvantage, and can't react."""
    unseen = {"conditions": [{"name": "invisible"}]}
    next_to = {"x": 3, "y": 5}
    for features, sees in (([], False), (["see-invisible"], True)):
        enc = _scene(unseen, {"position": next_to, "features": features}, ruleset)
        hit = apply(enc, ResolveAttack("hero", "ogre", apply_damage=False), Random(3)).outcome
        assert isinstance(hit, AttackOutcome)
        assert ("attacker-unseen" in hit.advantage_sources) is not sees
        walk = MoveCombatant("hero", path=[Cell(1, 5), Cell(0, 5)])
        moved = apply(enc, walk, Random(2)).outcome
        assert isinstance(moved, MoveOutcome)
        assert [o.taken for o in moved.opportunity_attacks] == [sees]
        ogres_turn = apply(enc, NextTurn(), Random(0)).encounter
        back = apply(ogres_turn, AttackOdds("ogre", "hero"), Random(3)).outcome
        assert isinstance(back, AttackOddsOutcome)
        assert ("target-unseen" in back.disadvantage_sources) is not sees

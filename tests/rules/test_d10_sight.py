"""d10 sees as the d20 base does (finding 4 of issue 14): blinded, invisible, hidden and
heavily obscured change d10 attacks, flanking and opportunity attacks, and the awareness
check at initiative (d10.init.aware: seeing is this sight; hearing is what ``heardBy``
says)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import apply
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    FlankingQuery,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
    RollInitiative,
)

AXE = {"name": "axe", "bonus": 0, "damage": "1d6"}


def fighter(cid: str, x: int, y: int, **over: Any) -> dict[str, Any]:
    over.setdefault("attacks", [AXE])
    over.setdefault("aware", True)
    over.setdefault("ac", 30)
    return combatant(cid, x, y, **over)


def fight(*combatants: dict[str, Any], **doc: Any) -> Encounter:
    """A d10 fight after initiative: the combatants act in the order listed (d10 rolls
    10, 9, 8...: no ties, so no simultaneous step)."""
    enc = build(encounter_doc(*combatants, ruleset="d10", **doc))
    rolls = list(range(10, 10 - len(combatants), -1))
    started = apply(enc, RollInitiative(), ScriptedRandom(rolls)).encounter
    assert [e.combatant_id for e in started.order] == [c["id"] for c in combatants]
    return started


def sources(enc: Encounter, attacker: str, target: str) -> tuple[list[str], list[str]]:
    """The attack's sources of advantage and disadvantage, from a real roll (two dice when
    they don't cancel)."""
    out = apply(enc, ResolveAttack(attacker, target, spend="free"), ScriptedRandom([2, 3]))
    return out.outcome.advantage_sources, out.outcome.disadvantage_sources


SIGHT_CASES = {
    "blinded attacker": ({"conditions": [{"name": "blinded"}]}, {}, [], ["target-unseen"]),
    "blinded target": ({}, {"conditions": [{"name": "blinded"}]}, ["attacker-unseen"], []),
    "invisible target": ({}, {"conditions": [{"name": "invisible"}]}, [], ["target-unseen"]),
    "invisible attacker": ({"conditions": [{"name": "invisible"}]}, {}, ["attacker-unseen"], []),
    "hidden attacker": ({"conditions": [{"name": "hidden"}]}, {}, ["attacker-unseen"], []),
    "hidden target": ({}, {"conditions": [{"name": "hidden"}]}, [], ["target-unseen"]),
}


@pytest.mark.rule("d20.attack.sources")
@pytest.mark.rule("d20.facing.none")
@pytest.mark.parametrize("case", list(SIGHT_CASES))
def test_d10_attack_sources_blinded_invisible_and_hidden_change_the_attack(case: str) -> None:
    """On the attacker's turn in a d10 fight; then, the condition gone, the same attack on
    the next round has neither source."""
    mine, theirs, adv, dis = SIGHT_CASES[case]
    enc = fight(fighter("a", 2, 2, **mine), fighter("b", 3, 2, side="blue", **theirs))
    assert enc.turn_of == "a"
    attack = apply(enc, ResolveAttack("a", "b"), ScriptedRandom([2, 3]))
    assert attack.outcome.advantage_sources == adv
    assert attack.outcome.disadvantage_sources == dis
    assert attack.outcome.natural == (3 if adv else 2)
    cleared = attack.encounter
    for cid in ("a", "b"):
        cleared.combatant(cid).conditions = []
    assert sources(cleared, "a", "b") == ([], [])


@pytest.mark.rule("d20.attack.sources")
def test_d10_attack_sources_heavily_obscured_area_hides_both_ways() -> None:
    """Smoke around the target: neither sees the other, so the attack lists both unseen
    sources and they cancel (one die); from outside the smoke to outside, nothing."""
    smoke = {"center": {"x": 3, "y": 2}, "radius": 0, "kind": "heavily-obscured"}
    enc = fight(fighter("a", 2, 2), fighter("b", 3, 2, side="blue"), areas=[smoke])
    attack = apply(enc, ResolveAttack("a", "b"), ScriptedRandom([4]))
    assert attack.outcome.advantage_sources == ["attacker-unseen"]
    assert attack.outcome.disadvantage_sources == ["target-unseen"]
    assert not attack.outcome.advantage and not attack.outcome.disadvantage
    b_turn = apply(attack.encounter, NextTurn(), Random(1)).encounter
    out = apply(b_turn, MoveCombatant("b", path=[Cell(3, 3)]), Random(1)).encounter
    assert sources(out, "b", "a") == ([], [])


@pytest.mark.rule("d20.flank.see")
def test_d10_flank_see_a_flanker_that_cant_see_the_target_doesnt_flank() -> None:
    """a and c stand on opposite sides of the orc; c is blinded: neither flanks. On the
    next turn the blindness is gone (the DM removes it) and a's attack flanks."""
    enc = fight(
        fighter("a", 2, 2),
        fighter("orc", 3, 2, side="orcs"),
        fighter("c", 4, 2, conditions=[{"name": "blinded"}]),
    )
    assert sources(enc, "a", "orc") == ([], [])
    assert "can't see" in apply(enc, FlankingQuery("c", "orc"), Random(1)).outcome.reason
    flank = apply(enc, FlankingQuery("a", "orc"), Random(1)).outcome
    assert not flank.flanks and "c can't" in flank.reason
    seeing = apply(enc, NextTurn(), Random(1)).encounter
    seeing.combatant("c").conditions = []
    assert sources(seeing, "a", "orc") == (["flanking"], [])


@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.parametrize("condition", ["blinded", "invisible"])
def test_d10_oa_trigger_a_reactor_that_cant_see_the_mover_takes_none(condition: str) -> None:
    """b walks away from the orc and the goblin: the one that can't see it (blinded, or b
    invisible to both) makes no opportunity attack; the other one does."""
    blind = {"conditions": [{"name": "blinded"}]} if condition == "blinded" else {}
    mover = {"conditions": [{"name": "invisible"}]} if condition == "invisible" else {}
    enc = fight(
        fighter("b", 3, 2, ac=10, **mover),
        fighter("orc", 2, 2, side="orcs", **blind),
        fighter("gob", 4, 2, side="orcs"),
    )
    moved = apply(enc, MoveCombatant("b", path=[Cell(3, 3), Cell(3, 4)]), ScriptedRandom([15, 1]))
    offers = {o.reactor_id: o for o in moved.outcome.opportunity_attacks}
    assert not offers["orc"].taken and offers["orc"].reason == "can't see the mover"
    if condition == "blinded":
        assert offers["gob"].taken
        assert moved.encounter.combatant("b").hp == 19
    else:
        assert not offers["gob"].taken and offers["gob"].reason == "can't see the mover"


@pytest.mark.rule("d10.init.aware")
def test_d10_init_aware_sight_through_a_crowd_and_hearing_for_the_blinded() -> None:
    """The creature behind the wall is unaware (1 + bonus, no roll); one that stands behind
    a crowd sees the initiator (creatures don't block sight) and a blinded one that hears it
    (``heardBy``) is aware too: both roll."""
    enc = build(
        encounter_doc(
            combatant("boss", 0, 0, side="red"),
            combatant("guard", 5, 0, conditions=[{"name": "blinded"}]),
            combatant("wall", 0, 6, initiativeBonus=3),
            combatant("crowd", 2, 0),
            ruleset="d10",
            grid={
                "kind": "square",
                "width": 12,
                "height": 12,
                "blocked": [{"x": x, "y": 4} for x in range(12)],
            },
        )
    )
    started = apply(
        enc, RollInitiative(initiator_id="boss", heard_by=["guard"]), ScriptedRandom([7, 6, 5])
    )
    order = {e.combatant_id: e.initiative for e in started.encounter.order}
    assert order == {"boss": 7, "guard": 6, "crowd": 5, "wall": 4}
    assert started.encounter.combatant("wall").aware is False
    assert started.encounter.combatant("guard").aware is True

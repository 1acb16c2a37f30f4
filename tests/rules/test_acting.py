"""Whom an action decides for (``service.rules.acting``; docs/seats.md): what a seat's
request is checked against, so every action must say it."""

from __future__ import annotations

import dataclasses

from factories import build, skirmish

from service.rules import ACTIONS, decisions
from service.rules.acting import Decision
from service.rules.model.requests import MoveCombatant, NextTurn, OpportunityChoice

ACTOR_FIELDS = {"combatant_id", "attacker_id", "grappler_id", "source_id"}
SPECIAL = {"nextTurn", "resolveChoice", "rollInitiative"}


def test_every_action_names_who_acts_or_is_the_dms() -> None:
    """A new action with no actor field would be decided by the DM alone: say so on purpose."""
    for spec in ACTIONS:
        if spec.query or spec.edit or spec.name in SPECIAL:
            continue
        fields = {f.name for f in dataclasses.fields(spec.params)}
        assert fields & ACTOR_FIELDS, spec.name


def test_a_move_decides_for_its_mover_and_the_reactors_it_lists() -> None:
    spec = next(s for s in ACTIONS if s.name == "moveCombatant")
    encounter = build(skirmish())
    move = MoveCombatant(
        combatant_id="hero",
        opportunity_attacks=[OpportunityChoice(reactor_id="gob1", take=False)],
    )
    assert decisions(spec, move, encounter) == [
        Decision("hero", ("combatantId",)),
        Decision("gob1", ("opportunityAttacks", 0, "reactorId")),
    ]
    everyone = dataclasses.replace(move, opportunity_attacks=[], other_reactors="decline")
    assert decisions(spec, everyone, encounter)[-1] == Decision(None, ("otherReactors",))


def test_next_turn_is_decided_by_the_creature_whose_turn_it_ends() -> None:
    spec = next(s for s in ACTIONS if s.name == "nextTurn")
    encounter = dataclasses.replace(build(skirmish()), turn_of="gob2")
    assert decisions(spec, NextTurn(), encounter) == [Decision("gob2", ("expectedTurnOf",))]

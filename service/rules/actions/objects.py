"""Using an object: ``interact`` (``d20.turn.object``): one free object interaction a
round; a second, or a device the ruleset says needs it, takes the action. A weapon that
lies on the ground, its spilled ammunition or its lodged ammunition is recovered this way
(:func:`~service.rules.mechanics.weapons.recover`)."""

from __future__ import annotations

from random import Random

from ..errors import IllegalAction
from ..events import EventLog
from ..mechanics import economy
from ..mechanics.space import board_of
from ..mechanics.weapons import recover
from ..model import Cond, Draft, Spend
from ..model.outcomes import TurnActionOutcome
from ..model.requests import Interact
from ..registry import action
from ..ruleset import Ruleset


@action("interact", summary="Interact with an object.", order=150)
def interact(
    ruleset: Ruleset, draft: Draft, act: Interact, rng: Random, log: EventLog
) -> TurnActionOutcome:
    """``d20.turn.object``: one free object interaction a round; a second takes the action.
    A device the ruleset says needs the action (``interaction_cost``) always takes it."""
    c = draft.actor(act.combatant_id)
    enc = draft.encounter
    rule = ruleset.rule_ids.object_interaction
    cost = ruleset.interaction_cost(c, act.device)
    if enc.turn_of is not None and enc.turn_of != c.id:
        raise IllegalAction(f"it is not {c.name}'s turn", "d20.turn.economy")
    if c.has(Cond.SURPRISED):
        raise IllegalAction(
            f"{c.name} is surprised: it can't act this turn, not even with an object",
            "d20.order.surprise",
        )
    if act.weapon is not None:
        cost = recover(board_of(draft, ruleset), draft, c.id, act.weapon, log, rule) or cost
    if cost == "action":
        if not c.budget.action:
            raise IllegalAction(
                f"{c.name} needs its action to use {act.device or act.weapon} and has none left",
                rule,
            )
        economy.spend(ruleset, draft, c.id, "action", log)
        c = draft.get(c.id)
        log.note(
            "interact",
            f"{c.name} uses {act.device or act.weapon} (its action)",
            actor=c.id,
            rule=rule,
            device=act.device,
        )
        return TurnActionOutcome(c.id, "interact", "action", c.budget.movement)
    spent: Spend
    if c.budget.object_interaction:
        c = draft.edit(c.id)
        c.budget.object_interaction = False
        spent = "free"
    else:
        if c.budget.attacks_left > 0:
            raise IllegalAction(
                f"{c.name} has used its free object interaction, and its action is the Attack "
                "it has begun: a second interaction needs the action",
                rule,
            )
        if not c.budget.action:
            raise IllegalAction(
                f"{c.name} has used its free object interaction and its action", rule
            )
        spent = "action"
        economy.spend(ruleset, draft, c.id, "action", log)
        c = draft.edit(c.id)
    log.note(
        "interact",
        f"{c.name} {act.description} ({'free' if spent == 'free' else 'its action'})",
        actor=c.id,
        rule=rule,
    )
    return TurnActionOutcome(c.id, "interact", spent, c.budget.movement)

"""Bringing creatures back: first aid (``stabilize``), potions (``drinkPotion``) and
healing from the DM or an effect (``heal``)."""

from __future__ import annotations

from random import Random

from .. import dice
from ..errors import IllegalAction
from ..events import EventLog
from ..mechanics import economy
from ..mechanics.checks import roll_check
from ..mechanics.damage import heal as heal_creature
from ..mechanics.space import board_of
from ..mechanics.validation import check_dice
from ..model import Draft, Spend
from ..model.outcomes import HealOutcome, StabilizeOutcome
from ..model.requests import DrinkPotion, Heal, Stabilize
from ..registry import action
from ..ruleset import Ruleset
from .turn import stabilize_creature

STABILIZE_DC = 10
FIRST_AID_REACH = 5
"""Feet within which first aid can be given or a potion fed (hands on the creature)."""


@action("stabilize", summary="First aid: DC 10 Medicine.", order=130)
def stabilize(
    ruleset: Ruleset, draft: Draft, act: Stabilize, rng: Random, log: EventLog
) -> StabilizeOutcome:
    """``d20.death.stabilize``: DC 10 Wisdom (Medicine), on a creature within 5 ft."""
    medic = draft.actor(act.combatant_id)
    target = draft.combatant(act.target_id, "targetId")
    if target.dead or target.hp > 0 or not target.unconscious:
        raise IllegalAction(
            f"{target.name} is not dying: first aid needs an unconscious creature at 0 HP",
            "d20.death.stabilize",
        )
    if target.stable:
        raise IllegalAction(f"{target.name} is already stable", "d20.death.stable")
    board = board_of(draft, ruleset)
    if not board.within(board.cells(medic), board.cells(target), FIRST_AID_REACH):
        raise IllegalAction(
            f"{target.name} is {board.distance_ft(medic, target)} ft from {medic.name}: first "
            f"aid needs to be within {FIRST_AID_REACH} ft",
            "d20.death.stabilize",
        )
    economy.spend(ruleset, draft, medic.id, "action", log)
    bonus = medic.skill("medicine", "wisdom")
    roll = roll_check(draft, medic.id, "check", bonus, rng, log, "medicine", against=target.id).roll
    success = roll.total >= STABILIZE_DC
    log.rolled(
        roll,
        f"{medic.name} gives first aid to {target.name}: Medicine {roll.total} against DC "
        f"{STABILIZE_DC}, {'success' if success else 'failure'}",
        actor=medic.id,
        target=target.id,
        rule="d20.death.stabilize",
    )
    hours = None
    if success:
        hours = stabilize_creature(draft.edit(target.id), rng, log, "d20.death.stabilize")
    return StabilizeOutcome(
        combatant_id=medic.id,
        target_id=target.id,
        natural=roll.natural,
        total=roll.total,
        success=success,
        hours_to_regain=hours,
    )


@action(
    "drinkPotion",
    summary="Drink or feed a potion (bonus action from hand, pouch or belt; else the action).",
    order=140,
)
def drink_potion(
    ruleset: Ruleset, draft: Draft, act: DrinkPotion, rng: Random, log: EventLog
) -> HealOutcome:
    """``d20.turn.potion-bonus`` / ``d20.turn.potion-action``. Where a creature has no
    bonus action at all (d10 without a grant, ``d10.turn.bonus``), drinking a potion from
    hand, pouch or belt takes its action instead."""
    user = draft.actor(act.combatant_id)
    target = draft.combatant(act.target_id or user.id, "targetId")
    check_dice(act.healing, ("healing",))
    if target.dead:
        raise IllegalAction(f"{target.name} is dead", "d20.hp.zero")
    if target.id != user.id:
        board = board_of(draft, ruleset)
        if not board.within(board.cells(user), board.cells(target), FIRST_AID_REACH):
            raise IllegalAction(
                f"{target.name} is {board.distance_ft(user, target)} ft from {user.name}: "
                f"feeding it a potion needs to be within {FIRST_AID_REACH} ft",
                "d20.turn.potion-action",
            )
    spend: Spend
    if act.source == "backpack" or target.id != user.id:
        spend, rule = "action", "d20.turn.potion-action"
        why = "from the backpack" if act.source == "backpack" else "fed to another"
    elif not economy.has_bonus_action(ruleset, user):
        spend, rule = "action", ruleset.rule_ids.bonus_action
        why = f"from {act.source}, with no bonus action to drink it with"
    else:
        spend, rule, why = "bonus-action", "d20.turn.potion-bonus", f"from {act.source}"
    economy.spend(ruleset, draft, user.id, spend, log)
    roll = dice.roll(act.healing, rng, "healing")
    log.rolled(
        roll,
        f"{user.name} uses a potion ({why}, {spend}) on {target.name}",
        actor=user.id,
        target=target.id,
        rule=rule,
    )
    return _heal(ruleset, draft, target.id, max(0, roll.total), user.id, spend, log)


@action("heal", summary="Healing from the DM or an effect.", order=160)
def heal(ruleset: Ruleset, draft: Draft, act: Heal, rng: Random, log: EventLog) -> HealOutcome:
    draft.combatant(act.target_id, "targetId")
    if act.source_id is not None:
        draft.combatant(act.source_id, "sourceId")
    return _heal(ruleset, draft, act.target_id, act.amount, act.source_id, "free", log)


def _heal(
    ruleset: Ruleset,
    draft: Draft,
    target_id: str,
    amount: int,
    source: str | None,
    spent: str,
    log: EventLog,
) -> HealOutcome:
    """Heal ``target_id``; the outcome shows it as it stands now, so healing that waits
    (``Ruleset.holds``) leaves its HP and consciousness as they were."""
    t = draft.edit(target_id)
    was_hp, was_down = t.hp, t.hp == 0 and not t.dead
    gained = heal_creature(t, log, amount, source)
    if ruleset.holds(draft, target_id):
        return HealOutcome(t.id, gained, was_hp, False, spent)
    return HealOutcome(t.id, gained, t.hp, was_down and t.hp > 0, spent)

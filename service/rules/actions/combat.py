"""The actions in combat: dash, disengage, dodge, help, hide, ready, stabilize, potions...

Each spends its part of the turn budget (``d20.turn.economy``) and never touches movement
already spent or left, so movement can be split around it (``d20.turn.break-move``).
Nothing here depends on where a creature faces (``d20.facing.none``).

Decision (``d20.turn.economy``): Dash, Disengage, Dodge, Help and Hide are actions; taking
one as a bonus action (``spend: bonus-action``) needs a feature that allows it, named
``bonus-action:<action>`` (``bonus-action:dash``...). Cunning Action is the three features
``bonus-action:dash``, ``bonus-action:disengage`` and ``bonus-action:hide``. Where bonus
actions need a grant (d10), such a feature is also the grant.
"""

from __future__ import annotations

from random import Random

from .. import dice
from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..mechanics.checks import roll_check
from ..mechanics.damage import heal as heal_creature
from ..mechanics.validation import check_dice
from ..mechanics.weapons import recover
from ..model import Combatant, Cond, Condition, Draft, Duration, Effect, ReadiedAction, Spend
from ..model.outcomes import (
    HealOutcome,
    HelpOutcome,
    HideOutcome,
    ReadyOutcome,
    StabilizeOutcome,
    TriggerOutcome,
    TurnActionOutcome,
)
from ..model.requests import (
    Dash,
    Disengage,
    Dodge,
    DrinkPotion,
    Heal,
    Help,
    Hide,
    Interact,
    Ready,
    ResolveAttack,
    Stabilize,
    TriggerReadied,
)
from ..registry import action
from ..ruleset import BONUS_ACTION_GRANT, Ruleset
from .attack import resolve_attack
from .movement import reactions, walk
from .turn import stabilize_creature

STABILIZE_DC = 10
FIRST_AID_REACH = 5
"""Feet within which first aid can be given or a potion fed (hands on the creature)."""


def _simple(
    ruleset: Ruleset, draft: Draft, cid: str, spend: Spend, name: str, log: EventLog
) -> TurnActionOutcome:
    c = ruleset.actor(draft, cid)
    check_bonus_feature(ruleset, c, name, spend)
    ruleset.spend(draft, cid, spend, log)
    c = draft.edit(cid)
    return TurnActionOutcome(c.id, name, spend, c.budget.movement)


def check_bonus_feature(ruleset: Ruleset, c: Combatant, name: str, spend: Spend) -> None:
    """An action taken as a bonus action needs a ``bonus-action:<name>`` feature (the module
    docstring)."""
    if spend != "bonus-action" or not ruleset.has_bonus_action(c):
        return  # no bonus action at all: ``spend`` says so
    feature = f"{BONUS_ACTION_GRANT}{name}"
    if feature not in c.features:
        raise IllegalAction(
            f"{c.name} can't {name} as a bonus action: only a feature that allows it does "
            f"(name it '{feature}'; Cunning Action is {BONUS_ACTION_GRANT}dash, "
            f"{BONUS_ACTION_GRANT}disengage and {BONUS_ACTION_GRANT}hide)",
            ruleset.rule_ids.bonus_action,
        )


def _give(c: Combatant, condition: Condition) -> None:
    c.conditions = [x for x in c.conditions if x.name != condition.name] + [condition]


@action("dash", summary="Dash: extra movement equal to your speed.", order=60)
def dash(
    ruleset: Ruleset, draft: Draft, act: Dash, rng: Random, log: EventLog
) -> TurnActionOutcome:
    """``d20.turn.economy``, ``d100.action.dash``: extra movement equal to your speed after
    its modifiers (``Ruleset.turn_speed``: halved by a critical effect, capped by a load...),
    this turn."""
    out = _simple(ruleset, draft, act.combatant_id, act.spend, "dash", log)
    c = draft.edit(act.combatant_id)
    speed = ruleset.turn_speed(draft, c)
    left = speed if c.budget.movement is None else c.budget.movement
    c.budget.movement = min(10_000, left + speed)
    out.movement = c.budget.movement
    log.note(
        "dash",
        f"{c.name} dashes: {c.budget.movement} ft of movement left",
        actor=c.id,
        rule=ruleset.rule_ids.dash,
    )
    return out


@action("disengage", summary="Disengage until your turn ends.", order=70)
def disengage(
    ruleset: Ruleset, draft: Draft, act: Disengage, rng: Random, log: EventLog
) -> TurnActionOutcome:
    out = _simple(ruleset, draft, act.combatant_id, act.spend, "disengage", log)
    c = draft.edit(act.combatant_id)
    _give(c, Condition(Cond.DISENGAGED, c.id, Duration("end", c.id, turns=0)))
    log.note(
        "disengage",
        f"{c.name} disengages: no opportunity attacks until its turn ends",
        actor=c.id,
        rule=ruleset.rule_ids.disengage,
    )
    out.condition = Cond.DISENGAGED
    return out


@action("dodge", summary="Dodge until the start of your next turn.", order=80)
def dodge(
    ruleset: Ruleset, draft: Draft, act: Dodge, rng: Random, log: EventLog
) -> TurnActionOutcome:
    out = _simple(ruleset, draft, act.combatant_id, act.spend, "dodge", log)
    c = draft.edit(act.combatant_id)
    _give(c, Condition(Cond.DODGING, c.id, Duration("start", c.id, 1)))
    log.note(
        "dodge",
        f"{c.name} dodges until the start of its next turn",
        actor=c.id,
        rule=ruleset.rule_ids.dodge,
    )
    out.condition = Cond.DODGING
    return out


@action("help", summary="Help: an ally's next check or attack has advantage.", order=90)
def help(ruleset: Ruleset, draft: Draft, act: Help, rng: Random, log: EventLog) -> HelpOutcome:
    helper = ruleset.actor(draft, act.combatant_id)
    ally = ruleset.combatant(draft, act.ally_id, "allyId")
    if ally.id == helper.id:
        raise InvalidAction("a creature can't help itself", ("allyId",))
    if act.target_id is not None:
        target = ruleset.combatant(draft, act.target_id, "targetId")
        if target.id in (helper.id, ally.id):
            raise InvalidAction("the target must be a third creature", ("targetId",))
        effect = Effect(
            kind="advantage",
            roll="attack",
            against=target.id,
            uses=1,
            duration=Duration("start", helper.id, 1),
            source=f"help:{helper.id}",
            note=act.task,
        )
        what = f"its next attack against {target.name}"
    else:
        effect = Effect(
            kind="advantage",
            roll="check",
            uses=1,
            duration=Duration("start", helper.id, 1),
            source=f"help:{helper.id}",
            note=act.task,
        )
        what = "its next ability check" + (f" ({act.task})" if act.task else "")
    check_bonus_feature(ruleset, helper, "help", act.spend)
    ruleset.spend(draft, helper.id, act.spend, log)
    a = draft.edit(ally.id)
    a.effects = [*a.effects, effect]
    log.note(
        "help",
        f"{helper.name} helps {ally.name}: advantage on {what}",
        actor=helper.id,
        target=ally.id,
        rule=ruleset.rule_ids.help,
    )
    return HelpOutcome(helper.id, ally.id, effect)


@action("hide", summary="Hide: a Stealth check; the total is kept.", order=100)
def hide(ruleset: Ruleset, draft: Draft, act: Hide, rng: Random, log: EventLog) -> HideOutcome:
    """A Stealth check (d20 + stealth, else Dexterity), kept as what searchers must beat
    (``d100.hide.contest``); the creature is ``hidden``."""
    check_bonus_feature(ruleset, ruleset.actor(draft, act.combatant_id), "hide", act.spend)
    ruleset.spend(draft, act.combatant_id, act.spend, log)
    bonus = draft.get(act.combatant_id).skill("stealth", "dexterity")
    roll = roll_check(draft, act.combatant_id, "check", bonus, rng, log, "stealth").roll
    c = draft.edit(act.combatant_id)
    log.rolled(
        roll, f"{c.name} hides: Stealth {roll.total}", actor=c.id, rule=ruleset.rule_ids.hide
    )
    c.stealth = max(-100, min(100, roll.total))
    _give(c, Condition(Cond.HIDDEN, c.id))
    return HideOutcome(c.id, roll.natural, roll.total)


@action("ready", summary="Ready an action for a trigger.", order=110)
def ready(ruleset: Ruleset, draft: Draft, act: Ready, rng: Random, log: EventLog) -> ReadyOutcome:
    """``d20.ready.trigger`` and ``d20.ready.spell``."""
    c = ruleset.actor(draft, act.combatant_id)
    if act.action == "spell" and act.spell is None:
        raise InvalidAction("name the readied spell", ("spell",))
    if act.spell is not None and act.action != "spell":
        raise InvalidAction("a spell is readied with action 'spell'", ("action",))
    if act.attack_name is not None and c.find_attack(act.attack_name) is None:
        names = ", ".join(a.name for a in c.attacks) or "none"
        raise InvalidAction(
            f"{c.name} has no attack named {act.attack_name!r} (it has: {names})",
            ("attackName",),
        )
    ruleset.spend(draft, c.id, "action", log)
    c = draft.edit(c.id)
    readied = ReadiedAction(
        act.trigger, act.action, act.attack_name, act.spell, draft.encounter.round
    )
    c.readied = readied
    log.note(
        "readied",
        f"{c.name} readies {act.spell or act.attack_name or act.action} for: {act.trigger}",
        actor=c.id,
        rule=ruleset.rule_ids.ready,
    )
    ended = None
    if act.spell is not None:
        if c.concentration is not None:
            ended = c.concentration
            log.note(
                "concentration-ended",
                f"readying {act.spell} ends {c.name}'s concentration on {ended}",
                actor=c.id,
                rule="d20.ready.spell",
            )
        c.concentration = act.spell
        log.note(
            "concentration",
            f"{c.name} casts {act.spell} and holds it with concentration",
            actor=c.id,
            rule="d20.ready.spell",
        )
    return ReadyOutcome(c.id, readied, ended)


@action(
    "triggerReadied",
    summary="Fire a readied action with the reaction, or decline it.",
    order=120,
)
def trigger_readied(
    ruleset: Ruleset, draft: Draft, act: TriggerReadied, rng: Random, log: EventLog
) -> TriggerOutcome:
    """``d20.ready.trigger``: the reaction fires right after the trigger, or is declined.

    A readied attack is one attack with the reaction (knockout, stated cover and caller
    advantage as in ``resolveAttack``). A readied move is a move up to the creature's speed
    (after its modifiers) with its reaction, out of its turn: the movement of its own turn
    is left alone, and it provokes opportunity attacks like any move."""
    c = ruleset.combatant(draft, act.combatant_id, "combatantId")
    readied = c.readied
    if readied is None:
        raise IllegalAction(f"{c.name} has no readied action", "d20.ready.trigger")
    if not act.fire:
        c = draft.edit(c.id)
        if not act.keep:
            c.readied = None
            if readied.spell is not None and c.concentration == readied.spell:
                c.concentration = None
        log.note(
            "readied-declined",
            f"{c.name} lets the trigger pass"
            + (" and keeps its readied action" if act.keep else " and gives it up"),
            actor=c.id,
            rule="d20.ready.trigger",
        )
        return TriggerOutcome(c.id, False, readied.action, None, act.keep)
    ruleset.actor(draft, c.id)
    if readied.spell is not None and c.concentration != readied.spell:
        c = draft.edit(c.id)
        c.readied = None
        raise IllegalAction(
            f"{c.name} no longer holds {readied.spell}: the spell was lost", "d20.ready.spell"
        )
    is_attack = readied.action == "attack" or readied.attack_name is not None
    is_move = readied.action == "move" and not is_attack
    if is_attack and act.target_id is None:
        raise InvalidAction("a readied attack needs a targetId", ("targetId",))
    if act.target_id is not None:
        ruleset.combatant(draft, act.target_id, "targetId")
    if is_move and act.path is None and act.to is None:
        raise InvalidAction("a readied move needs a 'path' or a destination ('to')", ("to",))
    if not is_move:
        given = [
            name
            for name, value in (
                ("path", act.path is not None),
                ("to", act.to is not None),
                ("fly", act.fly),
                ("opportunityAttacks", bool(act.opportunity_attacks)),
            )
            if value
        ]
        if given:
            raise InvalidAction(f"{c.name}'s readied action is not a move", (given[0],))
    choices = reactions(draft, act.opportunity_attacks, act.other_reactors, "opportunityAttacks")
    c = draft.edit(c.id)
    c.readied = None
    if readied.spell is not None:
        c.concentration = None
    log.note(
        "readied-fired",
        f"{c.name}'s trigger happens: it uses its reaction for its readied "
        f"{readied.spell or readied.attack_name or readied.action}",
        actor=c.id,
        target=act.target_id,
        rule="d20.ready.spell" if readied.spell else "d20.ready.trigger",
    )
    attack = move = None
    if is_attack:
        assert act.target_id is not None
        request = ResolveAttack(
            c.id,
            act.target_id,
            attack_name=readied.attack_name,
            advantage=act.advantage,
            disadvantage=act.disadvantage,
            cover=act.cover,
            knockout=act.knockout,
            spend="reaction",
        )
        attack = resolve_attack(ruleset, draft, request, rng, log)
    else:
        ruleset.spend(draft, c.id, "reaction", log)
    if is_move:
        move = walk(
            ruleset,
            draft,
            c.id,
            act.path,
            act.to,
            by="readied",
            fly=act.fly,
            choices=choices,
            rng=rng,
            log=log,
        )
    return TriggerOutcome(c.id, True, readied.action, attack, move=move)


@action("stabilize", summary="First aid: DC 10 Medicine.", order=130)
def stabilize(
    ruleset: Ruleset, draft: Draft, act: Stabilize, rng: Random, log: EventLog
) -> StabilizeOutcome:
    """``d20.death.stabilize``: DC 10 Wisdom (Medicine), on a creature within 5 ft."""
    medic = ruleset.actor(draft, act.combatant_id)
    target = ruleset.combatant(draft, act.target_id, "targetId")
    if target.dead or target.hp > 0 or not target.unconscious:
        raise IllegalAction(
            f"{target.name} is not dying: first aid needs an unconscious creature at 0 HP",
            "d20.death.stabilize",
        )
    if target.stable:
        raise IllegalAction(f"{target.name} is already stable", "d20.death.stable")
    board = ruleset.board(draft)
    if not board.within(board.cells(medic), board.cells(target), FIRST_AID_REACH):
        raise IllegalAction(
            f"{target.name} is {board.distance_ft(medic, target)} ft from {medic.name}: first "
            f"aid needs to be within {FIRST_AID_REACH} ft",
            "d20.death.stabilize",
        )
    ruleset.spend(draft, medic.id, "action", log)
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
    return StabilizeOutcome(medic.id, target.id, roll.natural, roll.total, success, hours)


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
    user = ruleset.actor(draft, act.combatant_id)
    target = ruleset.combatant(draft, act.target_id or user.id, "targetId")
    check_dice(act.healing, ("healing",))
    if target.dead:
        raise IllegalAction(f"{target.name} is dead", "d20.hp.zero")
    if target.id != user.id:
        board = ruleset.board(draft)
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
    elif not ruleset.has_bonus_action(user):
        spend, rule = "action", ruleset.rule_ids.bonus_action
        why = f"from {act.source}, with no bonus action to drink it with"
    else:
        spend, rule, why = "bonus-action", "d20.turn.potion-bonus", f"from {act.source}"
    ruleset.spend(draft, user.id, spend, log)
    roll = dice.roll(act.healing, rng, "healing")
    log.rolled(
        roll,
        f"{user.name} uses a potion ({why}, {spend}) on {target.name}",
        actor=user.id,
        target=target.id,
        rule=rule,
    )
    return _heal(draft, target.id, max(0, roll.total), user.id, spend, log)


@action("interact", summary="Interact with an object.", order=150)
def interact(
    ruleset: Ruleset, draft: Draft, act: Interact, rng: Random, log: EventLog
) -> TurnActionOutcome:
    """``d20.turn.object``: one free object interaction a round; a second takes the action.
    A device the ruleset says needs the action (``interaction_cost``) always takes it."""
    c = ruleset.actor(draft, act.combatant_id)
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
        cost = recover(ruleset.board(draft), draft, c.id, act.weapon, log, rule) or cost
    if cost == "action":
        if not c.budget.action:
            raise IllegalAction(
                f"{c.name} needs its action to use {act.device or act.weapon} and has none left",
                rule,
            )
        ruleset.spend(draft, c.id, "action", log)
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
        ruleset.spend(draft, c.id, "action", log)
        c = draft.edit(c.id)
    log.note(
        "interact",
        f"{c.name} {act.description} ({'free' if spent == 'free' else 'its action'})",
        actor=c.id,
        rule=rule,
    )
    return TurnActionOutcome(c.id, "interact", spent, c.budget.movement)


@action("heal", summary="Healing from the DM or an effect.", order=160)
def heal(ruleset: Ruleset, draft: Draft, act: Heal, rng: Random, log: EventLog) -> HealOutcome:
    ruleset.combatant(draft, act.target_id, "targetId")
    if act.source_id is not None:
        ruleset.combatant(draft, act.source_id, "sourceId")
    return _heal(draft, act.target_id, act.amount, act.source_id, "free", log)


def _heal(
    draft: Draft, target_id: str, amount: int, source: str | None, spent: str, log: EventLog
) -> HealOutcome:
    t = draft.edit(target_id)
    was_down = t.hp == 0 and not t.dead
    gained = heal_creature(t, log, amount, source)
    return HealOutcome(t.id, gained, t.hp, was_down and t.hp > 0, spent)

"""The actions that spend part of the turn for a tactical edge: dash, disengage, dodge,
help, hide.

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

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..mechanics import economy
from ..mechanics.checks import roll_check
from ..mechanics.economy import BONUS_ACTION_GRANT
from ..mechanics.space import board_of
from ..model import Combatant, Cond, Condition, Draft, Duration, Effect, Spend
from ..model.outcomes import HelpOutcome, HideOutcome, TurnActionOutcome
from ..model.requests import Dash, Disengage, Dodge, Help, Hide
from ..registry import action
from ..ruleset import Ruleset


def _simple(
    ruleset: Ruleset, draft: Draft, cid: str, spend: Spend, name: str, log: EventLog
) -> TurnActionOutcome:
    c = draft.actor(cid)
    check_bonus_feature(ruleset, c, name, spend)
    economy.spend(ruleset, draft, cid, spend, log)
    c = draft.edit(cid)
    return TurnActionOutcome(c.id, name, spend, c.budget.movement)


def check_bonus_feature(ruleset: Ruleset, c: Combatant, name: str, spend: Spend) -> None:
    """An action taken as a bonus action needs a ``bonus-action:<name>`` feature (the module
    docstring)."""
    if spend != "bonus-action" or not economy.has_bonus_action(ruleset, c):
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
    helper = draft.actor(act.combatant_id)
    ally = draft.combatant(act.ally_id, "allyId")
    if ally.id == helper.id:
        raise InvalidAction("a creature can't help itself", ("allyId",))
    if act.target_id is not None:
        target = draft.combatant(act.target_id, "targetId")
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
    economy.spend(ruleset, draft, helper.id, act.spend, log)
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
    check_bonus_feature(ruleset, draft.actor(act.combatant_id), "hide", act.spend)
    economy.spend(ruleset, draft, act.combatant_id, act.spend, log)
    bonus = draft.get(act.combatant_id).skill("stealth", "dexterity")
    roll = roll_check(
        draft,
        act.combatant_id,
        "check",
        bonus,
        rng,
        log,
        "stealth",
        ability="dexterity",
        board=board_of(draft, ruleset),
    ).roll
    c = draft.edit(act.combatant_id)
    log.rolled(
        roll, f"{c.name} hides: Stealth {roll.total}", actor=c.id, rule=ruleset.rule_ids.hide
    )
    c.stealth = max(-100, min(100, roll.total))
    _give(c, Condition(Cond.HIDDEN, c.id))
    return HideOutcome(c.id, roll.natural, roll.total)

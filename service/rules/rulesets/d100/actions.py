"""The d100 ruleset's own actions: reload, repair, shove, grapple; and escape and release,
which every ruleset has (a critical band's grapple in d20 is the same grapple:
``d20.crit.effects`` decision 7). Search is a base action (:mod:`service.rules.actions.checks`)."""

from __future__ import annotations

import dataclasses
from random import Random

from ...errors import IllegalAction, InvalidAction
from ...events import EventLog
from ...grid import Cell as GridCell
from ...mechanics import economy
from ...mechanics.checks import CheckRoll, contest_won, roll_check, roll_modes
from ...mechanics.grapple import end_broken_grapples, reach, settle_speeds, speeds
from ...mechanics.space import Board, board_of, living_others, relocate
from ...model import Attack, Cell, Combatant, Cond, Condition, Draft
from ...registry import action
from ...ruleset import Ruleset
from .requests import (
    ContestOutcome,
    EscapeGrapple,
    Grapple,
    ReleaseGrapple,
    Reload,
    ReloadOutcome,
    Repair,
    RepairOutcome,
    Shove,
)

D100 = ("d100",)


def _own_attack(c: Combatant, name: str) -> tuple[int, Attack]:
    for i, a in enumerate(c.attacks):
        if a.name == name:
            return i, a
    raise c.no_attack(name, "attackName")


def _check(
    draft: Draft,
    cid: str,
    skill: str,
    ability: str,
    rng: Random,
    log: EventLog,
    purpose: str,
    against: str | None = None,
) -> CheckRoll:
    """d20 + the skill (the ability without it), with the creature's advantage and
    disadvantage on checks (``d100.action.help``: :func:`roll_check`)."""
    bonus = draft.get(cid).skill(skill, ability)
    return roll_check(draft, cid, "check", bonus, rng, log, purpose, against=against)


def _remove_conditions(c: Combatant, name: str, source: str | None = None) -> None:
    c.conditions = [
        k for k in c.conditions if not (k.name == name and (source is None or k.source == source))
    ]


@action(
    "reload",
    summary="d100: reload a gun or energy weapon from the rounds carried (an action).",
    order=270,
    rulesets=D100,
)
def reload(
    ruleset: Ruleset, draft: Draft, act: Reload, rng: Random, log: EventLog
) -> ReloadOutcome:
    """``d100.action.reload``: fill the weapon up to its capacity from the rounds carried of
    its ``ammoType``. Refused for a weapon without ammo, a broken one, a full one, or with no
    rounds of the right type, and for a creature that can't act."""
    c = draft.actor(act.combatant_id)
    index, weapon = _own_attack(c, act.attack_name)
    if weapon.ammo is None or weapon.capacity is None or weapon.ammo_type is None:
        raise InvalidAction(
            f"{c.name}'s {weapon.name} uses no ammunition (it needs ammo, capacity and ammoType)",
            ("attackName",),
        )
    if weapon.condition == 0:
        raise IllegalAction(
            f"{c.name}'s {weapon.name} is broken and can't be reloaded", "d100.action.reload"
        )
    if weapon.ammo >= weapon.capacity:
        raise IllegalAction(f"{c.name}'s {weapon.name} is already full", "d100.action.reload")
    ammo, capacity = weapon.ammo, weapon.capacity
    carried = c.ammunition.get(weapon.ammo_type, 0)
    if carried <= 0:
        raise IllegalAction(
            f"{c.name} carries no {weapon.ammo_type} ammunition", "d100.action.reload"
        )
    economy.spend(ruleset, draft, c.id, "action", log)
    c = draft.edit(c.id)
    loaded = min(carried, weapon.capacity - weapon.ammo)
    c.ammunition[weapon.ammo_type] = carried - loaded
    weapon = dataclasses.replace(weapon, ammo=weapon.ammo + loaded)
    c.attacks[index] = weapon
    log.note(
        "reloaded",
        f"{c.name} reloads {weapon.name} with {loaded} rounds ({weapon.ammo}/"
        f"{weapon.capacity}, {carried - loaded} {weapon.ammo_type} left)",
        actor=c.id,
        amount=loaded,
        rule="d100.action.reload",
    )
    return ReloadOutcome(
        combatant_id=c.id,
        attack_name=weapon.name,
        loaded=loaded,
        ammo=ammo + loaded,
        capacity=capacity,
        carried_left=carried - loaded,
    )


@action(
    "repair",
    summary="d100: a repair check against a DC restores a weapon's condition (an action).",
    order=280,
    rulesets=D100,
)
def repair(
    ruleset: Ruleset, draft: Draft, act: Repair, rng: Random, log: EventLog
) -> RepairOutcome:
    """``d100.action.repair``: d20 + the ``repair`` skill (Intelligence without it) against
    the DM's ``dc`` (meeting it succeeds). Success restores the condition to
    ``maxCondition``, or by ``amount`` (capped at the maximum when there is one). A creature
    that can't act can't repair."""
    c = draft.actor(act.combatant_id)
    index, weapon = _own_attack(c, act.attack_name)
    if weapon.condition is None:
        raise InvalidAction(f"{c.name}'s {weapon.name} has no tracked condition", ("attackName",))
    if weapon.max_condition is None and act.amount is None:
        raise InvalidAction(
            f"{c.name}'s {weapon.name} has no maxCondition: say how much to restore", ("amount",)
        )
    if weapon.max_condition is not None and weapon.condition >= weapon.max_condition:
        raise IllegalAction(
            f"{c.name}'s {weapon.name} is in full condition already", "d100.action.repair"
        )
    economy.spend(ruleset, draft, c.id, "action", log)
    check = _check(draft, c.id, "repair", "intelligence", rng, log, "repair check")
    c = draft.edit(c.id)
    roll = check.roll
    success = roll.total >= act.dc
    condition = weapon.condition
    if success:
        if act.amount is None:
            assert weapon.max_condition is not None
            condition = weapon.max_condition
        else:
            condition = condition + act.amount
            if weapon.max_condition is not None:
                condition = min(condition, weapon.max_condition)
        c.attacks[index] = dataclasses.replace(weapon, condition=condition)
    log.rolled(
        roll,
        f"{c.name} repairs {weapon.name}: {roll.total} against DC {act.dc}, "
        + (f"condition {condition}" if success else "no repair"),
        actor=c.id,
        rule="d100.action.repair",
        success=success,
        condition=condition,
        **roll_modes(check.advantage, check.disadvantage),
    )
    return RepairOutcome(
        combatant_id=c.id,
        attack_name=weapon.name,
        success=success,
        total=roll.total,
        dc=act.dc,
        condition=condition,
        max_condition=weapon.max_condition,
    )


def _check_close(
    ruleset: Ruleset, draft: Draft, attacker: Combatant, target: Combatant, rule: str, what: str
) -> None:
    if attacker.id == target.id:
        raise InvalidAction(f"a combatant can't {what} itself", ("targetId",))
    if attacker.dead or attacker.incapacitated:
        raise IllegalAction(f"{attacker.name} is incapacitated and can't {what}", rule)
    if target.dead:
        raise IllegalAction(f"{target.name} is dead", rule)
    board = board_of(draft, ruleset)
    if board.rank(target) > board.rank(attacker) + 1:
        raise IllegalAction(
            f"{target.name} ({target.size}) is more than one size larger than "
            f"{attacker.name} ({attacker.size})",
            rule,
        )
    feet = board.distance_ft(attacker, target)
    if feet > reach(attacker):
        raise IllegalAction(
            f"{target.name} is {feet} ft away, beyond {attacker.name}'s reach of "
            f"{reach(attacker)} ft",
            rule,
        )


def _contest_or_win(
    draft: Draft,
    actor: Combatant,
    actor_skill: str,
    other: Combatant,
    other_skill: str,
    rng: Random,
    log: EventLog,
    rule: str,
    verb: str,
) -> ContestOutcome:
    """The contest, or an automatic success against an incapacitated creature."""
    if other.incapacitated:
        log.note(
            "contest",
            f"{other.name} is incapacitated: the {verb} succeeds",
            actor=actor.id,
            target=other.id,
            rule=rule,
        )
        return ContestOutcome(
            actor_id=actor.id,
            target_id=other.id,
            success=True,
            automatic=True,
            actor_total=None,
            target_total=None,
            result="failed",
        )
    won, mine, theirs = _contest(draft, actor, actor_skill, other, other_skill, rng, log, rule)
    return ContestOutcome(
        actor_id=actor.id,
        target_id=other.id,
        success=won,
        automatic=False,
        actor_total=mine,
        target_total=theirs,
        result="failed",
    )


def _contest(
    draft: Draft,
    actor: Combatant,
    actor_skill: str,
    other: Combatant,
    other_skill: str,
    rng: Random,
    log: EventLog,
    rule: str,
) -> tuple[bool, int, int]:
    """Decision: a contest is d20 + skill each (skill bonus, Strength without it), each an
    ability check (:func:`_check`); the actor must beat the other's total, a tie leaves
    things as they were (``d20.save``: :func:`contest_won`)."""
    mine = _check(
        draft, actor.id, actor_skill, "strength", rng, log, f"{actor_skill} check", other.id
    )
    theirs = _check(
        draft, other.id, other_skill, "strength", rng, log, f"{other_skill} check", actor.id
    )
    log.rolled(
        mine.roll,
        f"{actor.name} rolls {mine.total} ({actor_skill})",
        actor=actor.id,
        **roll_modes(mine.advantage, mine.disadvantage),
    )
    log.rolled(
        theirs.roll,
        f"{other.name} rolls {theirs.total} ({other_skill})",
        actor=other.id,
        **roll_modes(theirs.advantage, theirs.disadvantage),
    )
    won = contest_won(mine.total, theirs.total)
    log.note(
        "contest",
        f"{actor.name} {mine.total} against {other.name} {theirs.total}: "
        + ("success" if won else "failure"),
        actor=actor.id,
        target=other.id,
        rule=rule,
        success=won,
    )
    return won, mine.total, theirs.total


@action(
    "shove",
    summary="d100: shove a creature prone or 5 ft away (replaces one attack).",
    order=290,
    rulesets=D100,
)
def shove(ruleset: Ruleset, draft: Draft, act: Shove, rng: Random, log: EventLog) -> ContestOutcome:
    """``d100.shove``: unarmed check against the target's Athletics (automatic against an
    incapacitated target); success knocks it prone or pushes it one cell directly away. A
    push into a wall, another creature or off the map fails (the shove still lands, and the
    log says why the target didn't move)."""
    attacker = draft.combatant(act.attacker_id, "attackerId")
    target = draft.combatant(act.target_id, "targetId")
    _check_close(ruleset, draft, attacker, target, "d100.shove", "shove")
    economy.spend(ruleset, draft, attacker.id, act.spend, log, attack=True)
    outcome = _contest_or_win(
        draft, attacker, "unarmed", target, "athletics", rng, log, "d100.shove", "shove"
    )
    if not outcome.success:
        return outcome
    if act.mode == "prone":
        t = draft.edit(target.id)
        if not t.has(Cond.PRONE):
            t.conditions.append(Condition(Cond.PRONE, attacker.id))
        outcome.result = "prone"
        log.note(
            "prone", f"{t.name} is knocked prone", target=t.id, rule="d100.shove", mode="prone"
        )
        return outcome
    cell, reason = _push_cell(ruleset, draft, attacker, target)
    if cell is None:
        outcome.result = "push-blocked"
        log.note(
            "push-blocked",
            f"{target.name} can't be pushed: {reason}",
            target=target.id,
            rule="d100.shove",
        )
        return outcome
    t = draft.edit(target.id)
    relocate(t, cell.key())
    _remove_conditions(t, Cond.SQUEEZING)
    outcome.result = "pushed"
    outcome.position = cell
    log.note(
        "pushed",
        f"{t.name} is pushed 5 ft to ({cell.x}, {cell.y})",
        actor=attacker.id,
        target=t.id,
        rule="d100.shove",
        x=cell.x,
        y=cell.y,
    )
    end_broken_grapples(ruleset, draft, log, only=[t.id])
    return outcome


def _push_cell(
    ruleset: Ruleset, draft: Draft, attacker: Combatant, target: Combatant
) -> tuple[Cell | None, str]:
    """Where a push puts the target: one cell directly away from the shover
    (:meth:`~service.rules.mechanics.space.Board.directions_away`: from the centres of the
    two spaces, on squares and hexes), or why it can't go there. The whole space must fit:
    on the grid, no wall, no other living creature. When the line runs exactly between two
    directions, the first of them that is free is taken."""
    board = board_of(draft, ruleset)
    steps = board.directions_away(attacker, target)
    if not steps:
        return None, "no direction away from the shover"
    others = [(o, set(board.cells(o))) for o in living_others(draft.encounter, target.id)]
    reasons = []
    for dx, dy in steps:
        dest = (target.position.x + dx, target.position.y + dy)
        reason = _space_taken(board, board.cells_at(target, dest), others)
        if reason is None:
            return Cell(*dest), ""
        reasons.append(reason)
    return None, reasons[0]


def _space_taken(
    board: Board, cells: tuple[GridCell, ...], others: list[tuple[Combatant, set[GridCell]]]
) -> str | None:
    """Why a creature can't be put in ``cells`` (off the grid, a wall, another creature), or
    None when it can."""
    geometry = board.geometry
    for cell in cells:
        if not geometry.in_bounds(cell):
            return f"({cell[0]}, {cell[1]}) is off the grid"
        if cell in geometry.blocked:
            return f"({cell[0]}, {cell[1]}) is blocked"
    taken = set(cells)
    for other, space in others:
        if taken & space:
            return f"{other.name} is in the way"
    return None


@action(
    "grapple",
    summary="d100: grapple a creature (replaces one attack, needs a free hand).",
    order=300,
    rulesets=D100,
)
def grapple(
    ruleset: Ruleset, draft: Draft, act: Grapple, rng: Random, log: EventLog
) -> ContestOutcome:
    """``d100.grapple``: needs a free hand; unarmed check against the target's unarmed check
    (automatic against an incapacitated target); success: grappled by the attacker."""
    attacker = draft.combatant(act.attacker_id, "attackerId")
    target = draft.combatant(act.target_id, "targetId")
    if not act.free_hand:
        raise IllegalAction(f"{attacker.name} needs a free hand to grapple", "d100.grapple")
    _check_close(ruleset, draft, attacker, target, "d100.grapple", "grapple")
    if any(k.name == Cond.GRAPPLED and k.source == attacker.id for k in target.conditions):
        raise IllegalAction(f"{attacker.name} is already grappling {target.name}", "d100.grapple")
    economy.spend(ruleset, draft, attacker.id, act.spend, log, attack=True)
    outcome = _contest_or_win(
        draft, attacker, "unarmed", target, "unarmed", rng, log, "d100.grapple", "grapple"
    )
    if outcome.success:
        before = speeds(ruleset, draft, [attacker.id, target.id])
        t = draft.edit(target.id)
        t.conditions.append(Condition(Cond.GRAPPLED, attacker.id))
        outcome.result = "grappled"
        log.note(
            "grappled",
            f"{t.name} is grappled by {attacker.name}",
            actor=attacker.id,
            target=t.id,
            rule="d100.grapple",
        )
        settle_speeds(ruleset, draft, before, log)
    return outcome


@action(
    "escapeGrapple",
    summary="Escape a grapple: an unarmed check against the grappler's (an action).",
    order=310,
)
def escape_grapple(
    ruleset: Ruleset, draft: Draft, act: EscapeGrapple, rng: Random, log: EventLog
) -> ContestOutcome:
    """``d100.grapple.escape``: the grappled creature's action; its unarmed check must beat
    the grappler's. Decision: against an incapacitated grappler it succeeds automatically.
    An action of every ruleset (``d20.crit.effects`` decision 7: a critical band's grapple
    is escaped the same way)."""
    c = draft.combatant(act.combatant_id, "combatantId")
    holds = [k.source for k in c.conditions if k.name == Cond.GRAPPLED]
    if act.grappler_id is not None:
        draft.combatant(act.grappler_id, "grapplerId")
        if act.grappler_id not in holds:
            raise IllegalAction(
                f"{c.name} is not grappled by {act.grappler_id!r}", "d100.grapple.escape"
            )
        source = act.grappler_id or ""
    elif not holds:
        raise IllegalAction(f"{c.name} is not grappled", "d100.grapple.escape")
    elif len(set(holds)) > 1:
        raise InvalidAction(
            f"{c.name} is grappled by several creatures: name one in 'grapplerId'",
            ("grapplerId",),
        )
    else:
        source = holds[0] or ""
    if c.incapacitated:
        raise IllegalAction(f"{c.name} is incapacitated and can't act", "d100.grapple.escape")
    economy.spend(ruleset, draft, c.id, "action", log)
    board_of(draft, ruleset)  # the map the checks see the grappler's fear on (d20.cond)
    grappler = draft.get(source) if source else None
    automatic = grappler is None or grappler.incapacitated
    mine = theirs = None
    if automatic:
        won = True
    else:
        assert grappler is not None
        won, mine, theirs = _contest(
            draft, c, "unarmed", grappler, "unarmed", rng, log, "d100.grapple.escape"
        )
    outcome = ContestOutcome(
        actor_id=c.id,
        target_id=source,
        success=won,
        automatic=automatic,
        actor_total=mine,
        target_total=theirs,
        result="failed",
    )
    if won:
        before = speeds(ruleset, draft, [c.id, *([source] if source in draft else [])])
        _remove_conditions(draft.edit(c.id), Cond.GRAPPLED, source)
        settle_speeds(ruleset, draft, before, log)
        outcome.result = "escaped"
        log.note(
            "escaped",
            f"{c.name} escapes the grapple",
            actor=c.id,
            target=source,
            rule="d100.grapple.escape",
        )
    return outcome


@action(
    "releaseGrapple",
    summary="Let go of a grappled creature (no action).",
    order=320,
)
def release_grapple(
    ruleset: Ruleset, draft: Draft, act: ReleaseGrapple, rng: Random, log: EventLog
) -> ContestOutcome:
    """``d100.grapple``: the grappler releases its target whenever it likes, no action. An
    action of every ruleset (``d20.crit.effects`` decision 7)."""
    g = draft.combatant(act.grappler_id, "grapplerId")
    t = draft.combatant(act.target_id, "targetId")
    if not any(k.name == Cond.GRAPPLED and k.source == g.id for k in t.conditions):
        raise IllegalAction(f"{g.name} is not grappling {t.name}", "d100.grapple")
    before = speeds(ruleset, draft, [g.id, t.id])
    t = draft.edit(t.id)
    _remove_conditions(t, Cond.GRAPPLED, g.id)
    log.note(
        "released", f"{g.name} releases {t.name}", actor=g.id, target=t.id, rule="d100.grapple"
    )
    settle_speeds(ruleset, draft, before, log)
    return ContestOutcome(
        actor_id=g.id,
        target_id=t.id,
        success=True,
        automatic=True,
        actor_total=None,
        target_total=None,
        result="released",
    )

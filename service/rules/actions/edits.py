"""The DM's edits of the state: ``addCombatant``, ``removeCombatant``, ``updateCombatant``.

They are no act of anyone's turn: any turn (or none), nothing spent, and the ruleset's
``after_action`` hook doesn't run after them (``ActionSpec.edit``: a d10 simultaneous step
holds nothing of an edit back). Each is checked whole before anything of it counts: the
encounter it makes goes through the same consistency checks as a client's encounter
(:func:`~service.rules.mechanics.validation.validate_encounter`), and a refusal names the
request's field (``combatant.position``, ``hp``...); a refused edit changes nothing (the
engine never changes its input).

Decisions (docs/decisions.md):

* ``addCombatant`` once initiative is rolled: the creature joins the order at the count the
  request gives; else a companion at its living controller's count, right after it and its
  companions (``d20.init.companions``); else an opponent of a group at its group's count,
  after the group (``d20.init.groups``); else it rolls the ruleset's initiative die + its
  bonus with the request's random source (``d20.init.roll``, ``d10.init.roll``: an added d10
  creature rolls as an aware one) or, in a ruleset that rolls none (d100), takes the bottom
  of the order. A given or rolled count goes after everyone already at it or above (as every
  change of place does: ``d20.init.lower``). Its first turn comes when the order reaches its
  place: this round if the place is after the current turn, else the next.
* ``removeCombatant`` ends what the creature made or held (:func:`remove_combatant`); on
  its own turn the turn first passes on exactly as ``nextTurn`` would pass it. Durations
  counted in its turns are left to count one turn of it as each round begins
  (:func:`~service.rules.mechanics.durations.placeless`, ``d20.crit.effects`` decision 8).
* ``updateCombatant`` sets the fields given and nothing else: what the rules attach to
  reaching those values (0 HP: unconscious, a monster's death) is not played; the DM sends
  the conditions and flags the creature should have. A new position is a placement, not a
  move (no path, no opportunity attacks); the grapples it puts out of reach end.
"""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

from .. import dice
from ..errors import InvalidAction, known_names
from ..events import EventLog, camel
from ..limits import COMBATANTS
from ..mechanics.grapple import end_broken_grapples, holders, settle_speeds, speeds
from ..mechanics.initiative import ACTED, descendants, resumes_at
from ..mechanics.space import board_of, relocate
from ..mechanics.validation import validate_encounter
from ..model import Attack, Cell, Combatant, Condition, Draft, Effect, InitiativeEntry
from ..model.draft import clone_combatant
from ..model.outcomes import (
    CombatantAddedOutcome,
    CombatantRemovedOutcome,
    CombatantUpdatedOutcome,
    InitiativeFrom,
)
from ..model.requests import AddCombatant, NextTurn, RemoveCombatant, UpdateCombatant
from ..registry import action
from ..ruleset import Ruleset
from .turn import next_turn

LOW, HIGH = -1000, 1000
"""The bounds of an initiative count."""


@action(
    "addCombatant",
    summary="DM: add a creature to the fight (it joins the order once initiative is rolled).",
    order=340,
    edit=True,
)
def add_combatant(
    ruleset: Ruleset, draft: Draft, act: AddCombatant, rng: Random, log: EventLog
) -> CombatantAddedOutcome:
    """Put ``act.combatant`` into the encounter, checked whole, and into the order."""
    enc = draft.encounter
    c = clone_combatant(act.combatant)
    if c.id in draft:
        raise InvalidAction(
            f"a combatant with id {c.id!r} is already in the encounter ({draft.get(c.id).name})",
            ("combatant", "id"),
        )
    if len(enc.combatants) >= COMBATANTS.max:
        raise InvalidAction(
            f"the encounter already holds {COMBATANTS.max} combatants, the most allowed "
            f"({COMBATANTS.name})",
            ("combatant",),
        )
    if c.controller is not None and c.controller not in draft:
        known = known_names(c.controller, [o.id for o in enc.combatants], "the encounter")
        raise InvalidAction(
            f"{c.name}'s controller {c.controller!r} is no combatant ({known})",
            ("combatant", "controller"),
        )
    rolled = bool(enc.order) and enc.round > 0
    if act.initiative is not None and not rolled:
        raise InvalidAction(
            "initiative has not been rolled: rollInitiative makes the order, with every "
            "combatant in it",
            ("initiative",),
        )
    draft.add(c)
    _check(ruleset, draft, c.id, ("combatant",))
    count: int | None = None
    source: InitiativeFrom | None = None
    if rolled and not c.dead:
        count, source, place = _place(ruleset, draft, c, act.initiative, rng, log)
        enc.order.insert(place, InitiativeEntry(c.id, count, 0))
    log.note(
        "combatant-added",
        f"the DM adds {c.name} ({c.side}) at ({c.position.x}, {c.position.y})"
        + (f", initiative {count}" if count is not None else ""),
        target=c.id,
        amount=count,
        side=c.side,
        initiative=count,
        initiative_from=source,
    )
    return CombatantAddedOutcome(
        combatant_id=c.id,
        initiative=count,
        initiative_from=source,
        order=list(enc.order),
        turn_of=enc.turn_of,
    )


def _place(
    ruleset: Ruleset,
    draft: Draft,
    c: Combatant,
    given: int | None,
    rng: Random,
    log: EventLog,
) -> tuple[int, InitiativeFrom, int]:
    """The new creature's count, where it came from, and its index in the order."""
    order = draft.encounter.order
    if given is not None:
        return given, "request", _after(order, given)
    ids = [e.combatant_id for e in order]
    if c.controller is not None and c.controller in ids and not draft.get(c.controller).dead:
        at = ids.index(c.controller)
        return order[at].initiative, "controller", _past(draft, ids, at, {c.controller})
    if c.group is not None and c.kind != "pc":
        members = [
            i
            for i, cid in enumerate(ids)
            if cid != c.id
            and (o := draft.get(cid)).group == c.group
            and o.kind != "pc"
            and o.controller is None
            and not o.dead
        ]
        if members:
            at = members[-1]
            return order[at].initiative, "group", _past(draft, ids, at, {ids[i] for i in members})
    die = ruleset.initiative_die
    if die is None:
        count = max(LOW, order[-1].initiative - 1)
        return count, "bottom", len(order)
    roll = dice.roll_die(die, rng, "initiative", c.initiative_bonus)
    log.rolled(
        roll,
        f"{c.name} rolls {roll.total} for initiative",
        actor=c.id,
        rule=f"{ruleset.id}.init.roll",
    )
    count = min(HIGH, max(LOW, roll.total))
    return count, "rolled", _after(order, count)


def _after(order: list[InitiativeEntry], count: int) -> int:
    """The index after every entry already at ``count`` or above."""
    return next((i for i, e in enumerate(order) if e.initiative < count), len(order))


def _past(draft: Draft, ids: list[str], at: int, leaders: set[str]) -> int:
    """The index after the entry ``at`` and the companions of ``leaders`` that follow it."""
    followers = set().union(*(descendants(draft, cid) for cid in leaders))
    j = at + 1
    while j < len(ids) and ids[j] in followers:
        j += 1
    return j


def _check(
    ruleset: Ruleset, draft: Draft, combatant_id: str, prefix: tuple[str | int, ...]
) -> None:
    """The encounter with the creature as it now stands is consistent; a refusal about the
    creature is named at ``prefix`` + its field (it is checked last, so a space it shares
    is its fault, not the other's)."""
    enc = draft.encounter
    me = draft.get(combatant_id)
    probe = dataclasses.replace(
        enc, combatants=[o for o in enc.combatants if o.id != combatant_id] + [me]
    )
    try:
        validate_encounter(probe, board_of(draft, ruleset))
    except InvalidAction as e:
        last = len(probe.combatants) - 1
        if e.path[:3] == ("encounter", "combatants", last):
            e.path = (*prefix, *e.path[3:])
        raise


@action(
    "removeCombatant",
    summary="DM: remove a creature; every state it held or made ends with it.",
    order=350,
    edit=True,
)
def remove_combatant(
    ruleset: Ruleset, draft: Draft, act: RemoveCombatant, rng: Random, log: EventLog
) -> CombatantRemovedOutcome:
    """Take the creature out, in this order: on its own turn the turn passes on as
    ``nextTurn`` passes it; it leaves the order (a creature whose turn was to go on after it,
    :func:`~service.rules.mechanics.initiative.resumes_at`, goes on after the next one) and
    a d10 step; the creature goes; then what named it ends: grapples it held, conditions it
    was the source of, effects against it, pending choices it decides or names, companions'
    tie to it. Durations counted in its turns keep counting (:func:`placeless`)."""
    enc = draft.encounter
    gone = draft.combatant(act.combatant_id, "combatantId")
    cid = gone.id
    outcome = CombatantRemovedOutcome(combatant_id=cid)
    if enc.turn_of == cid:
        if enc.order and enc.round > 0:
            outcome.turn = next_turn(ruleset, draft, NextTurn(expected_turn_of=cid), rng, log)
        else:
            enc.turn_of = None
    ended = outcome.ended
    _leave_order(draft, cid)
    if enc.turn_of == cid:
        enc.turn_of = None
    if _leave_step(draft, cid):
        ended.append("step")
    slowed = speeds(ruleset, draft, [g for g in holders(gone) if g in draft])
    held = [c.id for c in draft if cid in holders(c)]
    draft.remove(cid)
    end_broken_grapples(ruleset, draft, log, only=[cid])
    settle_speeds(ruleset, draft, slowed, log)
    ended += [f"grapple:{h}" for h in held]
    ended += _end_what_names(draft, cid, log)
    log.note(
        "combatant-removed",
        f"the DM removes {gone.name}" + (f": {', '.join(ended)} ended" if ended else ""),
        target=cid,
        ended=list(ended),
    )
    outcome.order = list(enc.order)
    outcome.turn_of = enc.turn_of
    return outcome


def _leave_order(draft: Draft, cid: str) -> None:
    """Out of the order; where a turn was to go on after it (``resumes_at``), it goes on
    after the creature that came after it (its own place, past the last)."""
    enc = draft.encounter
    ids = [e.combatant_id for e in enc.order]
    if cid not in ids:
        return
    after = ids[ids.index(cid) + 1 :]
    enc.order = [e for e in enc.order if e.combatant_id != cid]
    for c in draft:
        if resumes_at(c) != cid:
            continue
        e = draft.edit(c.id)
        then = after[0] if after else e.id
        e.effects = [
            dataclasses.replace(x, against=then) if x.source == ACTED and x.against == cid else x
            for x in e.effects
        ]


def _leave_step(draft: Draft, cid: str) -> bool:
    """Out of an open d10 simultaneous step: what was held for it is dropped; what it did
    to the others still lands when the step closes, dealt by no one (a knockout needs its
    attacker: the damage lands as plain damage)."""
    step = draft.encounter.step
    if step is None or cid not in step.members:
        return False
    step.members = [m for m in step.members if m != cid]
    step.acted = [m for m in step.acted if m != cid]
    step.deferred = [
        dataclasses.replace(d, source_id=None, knockout=False) if d.source_id == cid else d
        for d in step.deferred
        if d.target_id != cid
    ]
    step.held = [
        dataclasses.replace(h, source_id=None) if h.source_id == cid else h
        for h in step.held
        if h.target_id != cid
    ]
    return True


def _end_what_names(draft: Draft, cid: str, log: EventLog) -> list[str]:
    """The conditions ``cid`` was the source of and the effects against it end; the
    pending choices it decides or names lapse; its companions roll for themselves."""
    ended: list[str] = []
    for c in draft:
        sourced = [k for k in c.conditions if k.source == cid]
        against = [x for x in c.effects if x.against == cid and x.source != ACTED]
        if c.controller == cid:
            draft.edit(c.id).controller = None
            ended.append(f"companion:{c.id}")
        if not (sourced or against):
            continue
        e = draft.edit(c.id)
        e.conditions = [k for k in e.conditions if k not in sourced]
        e.effects = [x for x in e.effects if x not in against]
        names = [k.name for k in sourced] + [x.kind for x in against]
        ended += [f"condition:{c.id}:{k.name}" for k in sourced]
        ended += [f"effect:{c.id}:{x.kind}" for x in against]
        log.note(
            "condition-ended",
            f"{e.name}'s {', '.join(names)} ends: the creature it named has left",
            target=e.id,
            ended=names,
        )
    enc = draft.encounter
    lapsed = [p for p in enc.pending_choices if cid in (p.owner, *p.context.values())]
    for choice in lapsed:
        log.note(
            "choice-lapsed",
            f"{choice.prompt}: declined, the creature it named has left",
            rule="d20.crit.effects",
            choice_id=choice.id,
        )
        ended.append(f"choice:{choice.id}")
    if lapsed:
        enc.pending_choices = [p for p in enc.pending_choices if p not in lapsed]
    return ended


SCALARS = ("hp", "temp_hp", "max_hp", "villain", "immune_to_flanking", "stable", "dead")
LISTS = ("conditions", "effects", "attacks", "features")


@action(
    "updateCombatant",
    summary="DM: correct a creature (HP, position, conditions, effects, attacks, flags).",
    order=360,
    edit=True,
)
def update_combatant(
    ruleset: Ruleset, draft: Draft, act: UpdateCombatant, rng: Random, log: EventLog
) -> CombatantUpdatedOutcome:
    """Set the fields given, check the creature whole, end the grapples a new position
    breaks."""
    was = draft.combatant(act.combatant_id, "combatantId")
    cid = was.id
    c = draft.edit(cid)
    for name in (*SCALARS, *LISTS):
        value = getattr(act, name)
        if value is not None:
            setattr(c, name, list(value) if name in LISTS else value)
    if act.position is not None:
        relocate(c, act.position.key())
    try:
        _check(ruleset, draft, cid, ())
    except InvalidAction as e:
        raise _blame(e, act) from None
    changed = [
        name
        for name in (*SCALARS, "position", *LISTS)
        if getattr(act, name) is not None and getattr(was, name) != getattr(c, name)
    ]
    outcome = CombatantUpdatedOutcome(combatant_id=cid, changed=[camel(n) for n in changed])
    if act.position is not None and was.position != c.position:
        before = {(g, h.id) for h in draft for g in holders(h) if cid in (g, h.id)}
        end_broken_grapples(ruleset, draft, log, only=[cid])
        after = {(g, h.id) for h in draft for g in holders(h) if cid in (g, h.id)}
        outcome.ended = [f"grapple:{g}:{h}" for g, h in sorted(before - after)]
    log.note(
        "combatant-updated",
        f"the DM corrects {c.name}: "
        + (", ".join(f"{camel(n)} {_shown(getattr(c, n))}" for n in changed) or "no change"),
        target=cid,
        fields=outcome.changed,
        before={camel(n): _shown(getattr(was, n)) for n in changed},
        after={camel(n): _shown(getattr(c, n)) for n in changed},
    )
    return outcome


def _blame(e: InvalidAction, act: UpdateCombatant) -> InvalidAction:
    """A refusal at ``hp`` that the request's ``maxHp`` or ``dead`` caused names that."""
    if e.path == ("hp",) and act.hp is None:
        e.path = ("maxHp",) if act.max_hp is not None else ("dead",)
    return e


def _shown(value: Any) -> Any:
    """A field's value as the log shows it: cells as ``{x, y}``, conditions by name,
    effects by kind, attacks by name."""
    if isinstance(value, Cell):
        return {"x": value.x, "y": value.y}
    if isinstance(value, list):
        return [_shown(v) for v in value]
    if isinstance(value, Condition | Attack):
        return value.name
    if isinstance(value, Effect):
        return value.kind
    return value

"""``d10.init.ties``: creatures on one initiative count act simultaneously.

When a turn starts on a count held by several living combatants, a
:class:`~service.rules.model.Step` opens (``encounter.step``); a creature that waits for the
next round on that count (it had acted, then lowered its initiative: ``d20.init.lower``)
takes no turn there this round and is not a member. Damage that one member deals
to another (its source a member, its target another member) is recorded in
``step.deferred`` with a ``deferred`` event instead of landing. ``nextTurn`` moves among the
members (``step.acted`` records whose turn has ended); when the last living member's turn
ends, the deferred damage is dealt in order (``deferred-applied`` events, then the usual
damage and death events) and the step closes (``step-closed``).

Everything else a member's turn does to the members is held the same way (:func:`hold`, run
after every action taken while the step is open on a member's turn): healing (and what it
ends: unconsciousness, death saves), stabilizing, conditions and effects given or ended,
forced movement, recorded in ``step.held`` (a ``held`` event) and made when the step closes,
in order with the damage (``held-applied``). So each turn of the step is resolved against
the others as they stood when the step began: a dying member healed by an ally of its count
still rolls its death save, an attack by a member against another ignores the Dodge the
target took on the same count. Decisions: of what a member does to itself only the Dodge
(``dodging``) is held, the one condition that exists only for the others' attacks; its own
movement, budget and other conditions (Disengage, standing up, hiding) count at once.
Everything done on a member's turn to another member is held, whoever does it (an
opportunity attack by a member, or a DM's heal, on that turn). A forced move lands when the
step closes if the creature still stands where it was moved from and the cells are still
free; otherwise it stays where it is.
"""

from __future__ import annotations

from random import Random

from ...events import EventLog
from ...mechanics.damage import heal
from ...mechanics.initiative import of_the_order, waits_for_next_round
from ...mechanics.space import board_of, relocate
from ...model import Combatant, Cond, Condition, DeferredDamage, Draft, Encounter, HeldChange, Step
from ...model.outcomes import DamageOutcome
from ...ruleset import Hit, Ruleset


def before_turn(
    ruleset: Ruleset, draft: Draft, combatant_id: str, rng: Random, log: EventLog
) -> None:
    """Close a finished step; open one when this turn starts on a shared count."""
    enc = draft.encounter
    step = enc.step
    if step is not None and (not _on_step(draft, step, combatant_id) or combatant_id in step.acted):
        close(ruleset, draft, rng, log)
    if enc.step is None:
        _open(draft, combatant_id, log)


def after_turn(
    ruleset: Ruleset, draft: Draft, combatant_id: str, rng: Random, log: EventLog
) -> None:
    """The member's turn is over; when the last living member is done, the step closes."""
    step = draft.encounter.step
    if step is None or combatant_id not in step.members:
        return
    if combatant_id not in step.acted:
        step.acted = [*step.acted, combatant_id]
    waiting = [
        m
        for m in step.members
        if m not in step.acted and not draft.get(m).dead and _on_step(draft, step, m)
    ]
    if not waiting:
        close(ruleset, draft, rng, log)


def defer(draft: Draft, hit: Hit, log: EventLog) -> DamageOutcome | None:
    """Hold ``hit`` when it is damage one member of the open step deals another: what the
    target looks like meanwhile; None when the damage lands now."""
    step = draft.encounter.step
    if not (
        step is not None
        and hit.amount > 0
        and hit.source_id is not None
        and hit.source_id != hit.target_id
        and hit.source_id in step.members
        and hit.target_id in step.members
    ):
        return None
    held = DeferredDamage(
        target_id=hit.target_id,
        amount=hit.amount,
        source_id=hit.source_id,
        critical=hit.critical,
        melee=hit.melee,
        knockout=hit.knockout,
    )
    step.deferred = [*step.deferred, held]
    target = draft.get(hit.target_id)
    log.note(
        "deferred",
        f"{target.name} takes {hit.amount} damage from {draft.get(hit.source_id).name} when "
        f"initiative {step.initiative} ends (simultaneous turns)",
        actor=hit.source_id,
        target=hit.target_id,
        amount=hit.amount,
        rule="d10.init.ties",
        initiative=step.initiative,
    )
    return DamageOutcome(
        target_id=hit.target_id,
        amount=hit.amount,
        temp_hp_absorbed=0,
        hp_lost=0,
        hp=target.hp,
        dropped=False,
        died=target.dead,
        instant_death=False,
        unconscious=target.unconscious and not target.dead,
        death_save_failures=target.death_saves.failures,
    )


def close(ruleset: Ruleset, draft: Draft, rng: Random, log: EventLog) -> None:
    """The count ends: deal the deferred damage in order, through the base damage."""
    enc = draft.encounter
    step = enc.step
    if step is None:
        return
    enc.step = None
    for i, held in enumerate(step.deferred):
        _make_held(ruleset, draft, step, i, log)
        log.note(
            "deferred-applied",
            f"initiative {step.initiative} ends: {draft.get(held.target_id).name} takes "
            f"the {held.amount} damage held from "
            f"{draft.get(held.source_id).name if held.source_id else 'its attacker'}",
            actor=held.source_id,
            target=held.target_id,
            amount=held.amount,
            rule="d10.init.ties",
        )
        hit = Hit(
            held.target_id, held.amount, held.critical, held.source_id, held.melee, held.knockout
        )
        ruleset.deal_damage(draft, hit, rng, log)
    _make_held(ruleset, draft, step, len(step.deferred), log)
    log.note(
        "step-closed",
        f"initiative {step.initiative} ends",
        rule="d10.init.ties",
        initiative=step.initiative,
        members=list(step.members),
        applied=len(step.deferred),
        held=len(step.held),
    )


def holds(draft: Draft, target_id: str) -> bool:
    """Whether :func:`hold` will take back what an action does to ``target_id`` now: another
    member of the open step, on a member's turn."""
    step, actor = draft.encounter.step, draft.encounter.turn_of
    return (
        step is not None
        and actor is not None
        and actor in step.members
        and target_id in step.members
        and target_id != actor
    )


def hold(draft: Draft, before: Encounter, log: EventLog) -> None:
    """After an action taken on a member's turn of the open step: take back what it did to
    the members (besides damage, already held) and keep it in ``step.held``. A change of
    place in the order is not held (its marks, ``d20.init.lower``: the order changes at
    once)."""
    enc = draft.encounter
    step, prior = enc.step, before.step
    actor = enc.turn_of
    if (
        step is None
        or prior is None
        or (step.initiative, step.members) != (prior.initiative, prior.members)
        or actor is None
        or actor != before.turn_of
        or actor not in step.members
    ):
        return
    for member in step.members:
        was = before.combatant(member)
        if draft.get(member) is was:
            continue
        change = _take_back(draft, was, actor, len(step.deferred))
        if change is None:
            continue
        step.held = [*step.held, change]
        done = (
            f"{was.name}'s Dodge counts"
            if member == actor
            else f"what {draft.get(actor).name}'s turn did to {was.name} "
            f"({_describe(change)}) lands"
        )
        log.note(
            "held",
            f"{done} when initiative {step.initiative} ends (simultaneous turns); until then "
            f"{was.name} stands as before for the others on its count",
            actor=actor,
            target=member,
            rule="d10.init.ties",
            initiative=step.initiative,
        )


def _take_back(draft: Draft, was: Combatant, actor: str, after_damage: int) -> HeldChange | None:
    """What the action did to ``was`` that waits for the step's end, taken back; None when
    nothing waits. Damage that landed at once (from outside the step: the DM's, a trap's)
    brings its consequences at once too (an effect that ends when damaged, dropping,
    death), so nothing of that creature is held."""
    now = draft.get(was.id)
    if was.id == actor:
        return _take_back_dodge(draft, was, now, after_damage)
    if now.dead or now.hp < was.hp or now.temp_hp < was.temp_hp:
        return None
    change = _change(was, now, actor, after_damage)
    if not _changes_anything(change):
        return None
    _restore(draft, was)
    return change


def _take_back_dodge(
    draft: Draft, was: Combatant, now: Combatant, after_damage: int
) -> HeldChange | None:
    """The Dodge the member took on its own turn, taken back; None when it took none."""
    dodge = [c for c in now.conditions if c.name == Cond.DODGING and c not in was.conditions]
    if not dodge:
        return None
    draft.edit(was.id).conditions = [c for c in now.conditions if c not in dodge]
    return HeldChange(
        target_id=was.id, source_id=was.id, after_damage=after_damage, conditions_added=dodge
    )


def _change(was: Combatant, now: Combatant, actor: str, after_damage: int) -> HeldChange:
    """What ``actor``'s action changed from ``was`` to ``now``: healing (and the
    unconsciousness it ends), stabilizing, conditions, effects, position."""
    healing = max(0, now.hp - was.hp)
    woke = healing > 0 and was.hp == 0
    moved = now.position != was.position
    return HeldChange(
        target_id=was.id,
        source_id=actor,
        after_damage=after_damage,
        healing=healing,
        stabilized=now.stable and not was.stable and not woke,
        conditions_added=[c for c in now.conditions if c not in was.conditions],
        conditions_removed=_conditions_ended(was, now, woke),
        effects_added=[e for e in now.effects if e not in was.effects and not of_the_order(e)],
        effects_removed=[e for e in was.effects if e not in now.effects and not of_the_order(e)],
        position=now.position if moved else None,
        moved_from=was.position if moved else None,
    )


def _conditions_ended(was: Combatant, now: Combatant, woke: bool) -> list[Condition]:
    """The conditions the action ended, but the unconsciousness healing ends."""
    return [
        c
        for c in was.conditions
        if c not in now.conditions and not (woke and c.name == Cond.UNCONSCIOUS)
    ]


def _changes_anything(change: HeldChange) -> bool:
    return bool(
        change.healing
        or change.stabilized
        or change.conditions_added
        or change.conditions_removed
        or change.effects_added
        or change.effects_removed
        or change.position
    )


def _restore(draft: Draft, was: Combatant) -> None:
    """The member back as it stood before the action, for the others on its count (its
    place in the order as it is now)."""
    c = draft.edit(was.id)
    c.hp, c.stable, c.position, c.footprint = was.hp, was.stable, was.position, was.footprint
    c.death_saves = type(was.death_saves)(was.death_saves.successes, was.death_saves.failures)
    marks = [e for e in c.effects if of_the_order(e)]
    c.conditions = list(was.conditions)
    c.effects = [*(e for e in was.effects if not of_the_order(e)), *marks]


def _describe(change: HeldChange) -> str:
    parts = [f"{change.healing} HP of healing"] if change.healing else []
    if change.stabilized:
        parts.append("stabilized")
    parts += [f"gains {c.name}" for c in change.conditions_added]
    parts += [f"loses {c.name}" for c in change.conditions_removed]
    parts += [f"gains effect {e.kind}" for e in change.effects_added]
    parts += [f"loses effect {e.kind}" for e in change.effects_removed]
    if change.position is not None:
        parts.append(f"moved to ({change.position.x}, {change.position.y})")
    return ", ".join(parts)


def _make_held(
    ruleset: Ruleset, draft: Draft, step: Step, after_damage: int, log: EventLog
) -> None:
    """Make the held changes that came after ``after_damage`` of the step's held damages.
    Squeezing (``d20.size.squeeze``) is where a creature stands: a held squeeze, or its
    end, lands only with the forced move that made it."""
    for change in step.held:
        if change.after_damage != after_damage or draft.get(change.target_id).dead:
            continue
        c = draft.edit(change.target_id)
        log.note(
            "held-applied",
            f"initiative {step.initiative} ends: what "
            f"{draft.get(change.source_id).name if change.source_id else 'its turn'} did to "
            f"{c.name} lands",
            actor=change.source_id,
            target=c.id,
            rule="d10.init.ties",
        )
        squeeze = [x for x in c.conditions if x.name == Cond.SQUEEZING]
        c.conditions = [x for x in c.conditions if x not in change.conditions_removed]
        c.conditions += [x for x in change.conditions_added if x not in c.conditions]
        c.effects = [x for x in c.effects if x not in change.effects_removed]
        c.effects += [x for x in change.effects_added if x not in c.effects]
        if change.stabilized and c.hp == 0:
            c.stable = True
            c.death_saves.successes = c.death_saves.failures = 0
        if change.healing:
            heal(c, log, change.healing, change.source_id)
        if change.position is not None and not _push(ruleset, draft, c, change, log):
            c.conditions = [x for x in c.conditions if x.name != Cond.SQUEEZING] + squeeze


def _push(ruleset: Ruleset, draft: Draft, c: Combatant, change: HeldChange, log: EventLog) -> bool:
    """The held forced move: whether it lands (else the creature stays where it is)."""
    assert change.position is not None
    before = c.position
    if change.moved_from is not None and before != change.moved_from:
        log.note(
            "no-effect",
            f"{c.name} stays where it is: it has moved since it was forced to move",
            target=c.id,
            rule="d10.init.ties",
        )
        return False
    board = board_of(draft, ruleset)
    relocate(c, change.position.key())
    mine = set(board.cells(c))
    blocked = set(board.geometry.blocked)
    others = [o for o in draft.encounter.combatants if o.id != c.id and not o.dead]
    taken = any(mine & set(board.cells(o)) for o in others)
    if taken or mine & blocked:
        relocate(c, before.key())
        log.note(
            "no-effect",
            f"{c.name} stays where it is: the space it was forced into is no longer free",
            target=c.id,
            rule="d10.init.ties",
        )
        return False
    return True


def _open(draft: Draft, combatant_id: str, log: EventLog) -> None:
    enc = draft.encounter
    entry = next((e for e in enc.order if e.combatant_id == combatant_id), None)
    if entry is None:
        return
    members = [
        e.combatant_id
        for e in enc.order
        if e.initiative == entry.initiative
        and not draft.get(e.combatant_id).dead
        and not waits_for_next_round(draft.get(e.combatant_id))
    ]
    if len(members) < 2 or combatant_id not in members:
        return
    enc.step = Step(entry.initiative, members)
    log.note(
        "step-opened",
        f"initiative {entry.initiative}: {', '.join(draft.get(m).name for m in members)} "
        "act simultaneously; what they do to each other lands when the count ends",
        rule="d10.init.ties",
        initiative=entry.initiative,
        members=members,
    )


def _on_step(draft: Draft, step: Step, combatant_id: str) -> bool:
    """A member still on the step's count (it may have lowered its initiative since)."""
    if combatant_id not in step.members:
        return False
    entry = next((e for e in draft.encounter.order if e.combatant_id == combatant_id), None)
    return entry is not None and entry.initiative == step.initiative

"""``d10.init.ties``: creatures on one initiative count act simultaneously.

When a turn starts on a count held by several living combatants, a
:class:`~service.rules.model.Step` opens (``encounter.step``). Damage that one member deals
to another (its source a member, its target another member) is recorded in
``step.deferred`` with a ``deferred`` event instead of landing. ``nextTurn`` moves among the
members (``step.acted`` records whose turn has ended); when the last living member's turn
ends, the deferred damage is dealt in order (``deferred-applied`` events, then the usual
damage and death events) and the step closes (``step-closed``). Only damage is deferred:
healing and conditions a member gives another still land at once.
"""

from __future__ import annotations

from random import Random

from ...events import EventLog
from ...model import DeferredDamage, Draft, Step
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
        hit.target_id, hit.amount, hit.source_id, hit.critical, hit.melee, hit.knockout
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
        hit.target_id,
        hit.amount,
        0,
        0,
        target.hp,
        False,
        target.dead,
        False,
        target.unconscious and not target.dead,
        target.death_saves.failures,
    )


def close(ruleset: Ruleset, draft: Draft, rng: Random, log: EventLog) -> None:
    """The count ends: deal the deferred damage in order, through the base damage."""
    enc = draft.encounter
    step = enc.step
    if step is None:
        return
    enc.step = None
    for held in step.deferred:
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
    log.note(
        "step-closed",
        f"initiative {step.initiative} ends",
        rule="d10.init.ties",
        initiative=step.initiative,
        members=list(step.members),
        applied=len(step.deferred),
    )


def _open(draft: Draft, combatant_id: str, log: EventLog) -> None:
    enc = draft.encounter
    entry = next((e for e in enc.order if e.combatant_id == combatant_id), None)
    if entry is None:
        return
    members = [
        e.combatant_id
        for e in enc.order
        if e.initiative == entry.initiative and not draft.get(e.combatant_id).dead
    ]
    if len(members) < 2 or combatant_id not in members:
        return
    enc.step = Step(entry.initiative, members)
    log.note(
        "step-opened",
        f"initiative {entry.initiative}: {', '.join(draft.get(m).name for m in members)} "
        "act simultaneously; damage among them lands when the count ends",
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

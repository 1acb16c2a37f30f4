"""Ability checks: every d20 check the service rolls for a creature goes through here.

:func:`ability_check` rolls d20 + the bonus with the creature's advantage and disadvantage
on checks: its lasting effects whose ``roll`` is ``check`` (the Help action's advantage on
the helped creature's next ability check, ``d100.action.help`` / ``d20.turn.economy``) and
exhaustion from level 1 on (disadvantage on ability checks). Advantage and disadvantage
cancel, whatever their counts. An effect with ``uses`` that applied loses one; at 0 it ends.

Decisions: an effect bound to a creature (``against``) applies only to a check made against
that creature (the other side of a contest); the Help's task (the effect's ``note``) is not
matched: the service can't tell one task from another, so the advantage goes to the helped
creature's next check of any kind, as long as the Help lasts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from random import Random

from .. import dice
from ..events import EventLog, Roll
from ..model import Draft, Effect, EffectKind, EffectRoll
from .modifiers import effect_active

EXHAUSTION_CHECKS = 1
"""The exhaustion level from which a creature has disadvantage on ability checks."""


@dataclass(slots=True)
class Check:
    """A rolled check: the roll (two d20 with advantage or disadvantage) and why."""

    roll: Roll
    advantage: list[str] = field(default_factory=list)
    disadvantage: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.roll.total


def check_effects(draft: Draft, combatant_id: str, against: str | None) -> list[Effect]:
    """The advantage and disadvantage effects that apply to ``combatant_id``'s next check."""
    c = draft.get(combatant_id)
    return [
        e
        for e in c.effects
        if e.kind in (EffectKind.ADVANTAGE, EffectKind.DISADVANTAGE)
        and e.roll == EffectRoll.CHECK
        and e.against in (None, against)
        and effect_active(draft.encounter, e)
    ]


def ability_check(
    draft: Draft,
    combatant_id: str,
    bonus: int,
    rng: Random,
    log: EventLog,
    purpose: str,
    *,
    against: str | None = None,
) -> Check:
    """Roll ``combatant_id``'s ability check (d20 + ``bonus``) with its advantage and
    disadvantage on checks, and use up the effects that applied. The caller logs the roll."""
    c = draft.get(combatant_id)
    effects = check_effects(draft, combatant_id, against)
    adv = [e.source or "effect" for e in effects if e.kind == EffectKind.ADVANTAGE]
    dis = [e.source or "effect" for e in effects if e.kind == EffectKind.DISADVANTAGE]
    if c.exhaustion >= EXHAUSTION_CHECKS:
        dis.append("exhaustion")
    if adv and not dis:
        roll = dice.roll_keep(20, rng, purpose, highest=True, modifier=bonus)
    elif dis and not adv:
        roll = dice.roll_keep(20, rng, purpose, highest=False, modifier=bonus)
    else:
        roll = dice.roll_die(20, rng, purpose, bonus)
    _use_up(draft, combatant_id, effects, log)
    return Check(roll, adv, dis)


def _use_up(draft: Draft, combatant_id: str, used: list[Effect], log: EventLog) -> None:
    spent = [e for e in used if e.uses is not None]
    if not spent:
        return
    c = draft.edit(combatant_id)
    kept: list[Effect] = []
    for effect in c.effects:
        if not any(effect is s for s in spent) or effect.uses is None:
            kept.append(effect)
        elif effect.uses > 1:
            kept.append(dataclasses.replace(effect, uses=effect.uses - 1))
        else:
            log.note(
                "effect-ended",
                f"{effect.source or effect.kind} is used up by {c.name}'s check",
                target=c.id,
            )
    c.effects = kept

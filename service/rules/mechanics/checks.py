"""Ability checks and saving throws: every d20 check or save the service rolls for a creature
goes through :func:`roll_check`.

It rolls d20 + the bonus with the creature's advantage and disadvantage on that kind of
roll: its lasting effects whose ``roll`` is ``check`` (or ``save``) — the Help action's
advantage on the helped creature's next ability check (``d100.action.help``), a critical
band's advantage on saves against its target — and exhaustion (disadvantage on checks from
level 1, on saves from level 3). Advantage and disadvantage cancel, whatever their counts.
An effect with ``uses`` that applied loses one; at 0 it ends.

Decisions: an effect bound to a creature (``against``) applies only to a check or save made
against that creature (the other side of a contest, the source of a save); the Help's task
(the effect's ``note``) is not matched: the service can't tell one task from another, so
the advantage goes to the helped creature's next check of any kind, as long as the Help
lasts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from random import Random
from typing import Literal

from .. import dice
from ..events import EventLog, Roll
from ..model import Draft, Effect, EffectKind, EffectRoll
from .modifiers import EXHAUSTION_ATTACKS_AND_SAVES, EXHAUSTION_CHECKS, effect_active

Kind = Literal["check", "save"]


@dataclass(slots=True)
class CheckRoll:
    """A check or save the service rolled (two d20 with advantage or disadvantage), and why."""

    roll: Roll
    advantage: list[str] = field(default_factory=list)
    disadvantage: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.roll.total


def check_effects(draft: Draft, cid: str, kind: Kind, against: str | None) -> list[Effect]:
    """``cid``'s advantage and disadvantage effects on its next check or save."""
    roll = EffectRoll.CHECK if kind == "check" else EffectRoll.SAVE
    return [
        e
        for e in draft.get(cid).effects
        if e.kind in (EffectKind.ADVANTAGE, EffectKind.DISADVANTAGE)
        and e.roll == roll
        and e.against in (None, against)
        and effect_active(draft.encounter, e)
    ]


def roll_check(
    draft: Draft,
    cid: str,
    kind: Kind,
    bonus: int,
    rng: Random,
    log: EventLog,
    purpose: str,
    *,
    against: str | None = None,
) -> CheckRoll:
    """Roll ``cid``'s ability check or saving throw (d20 + ``bonus``), ``against`` the
    creature on the other side of it, and use up the effects that applied. The caller logs
    the roll."""
    c = draft.get(cid)
    effects = check_effects(draft, cid, kind, against)
    adv = [e.source or "effect" for e in effects if e.kind == EffectKind.ADVANTAGE]
    dis = [e.source or "effect" for e in effects if e.kind == EffectKind.DISADVANTAGE]
    level = EXHAUSTION_CHECKS if kind == "check" else EXHAUSTION_ATTACKS_AND_SAVES
    if c.exhaustion >= level:
        dis.append("exhaustion")
    if adv and not dis:
        roll = dice.roll_keep(20, rng, purpose, highest=True, modifier=bonus)
    elif dis and not adv:
        roll = dice.roll_keep(20, rng, purpose, highest=False, modifier=bonus)
    else:
        roll = dice.roll_die(20, rng, purpose, bonus)
    _use_up(draft, cid, effects, log)
    return CheckRoll(roll, adv, dis)


def _use_up(draft: Draft, cid: str, used: list[Effect], log: EventLog) -> None:
    spent = [e for e in used if e.uses is not None]
    if not spent:
        return
    c = draft.edit(cid)
    kept: list[Effect] = []
    for effect in c.effects:
        if not any(effect is s for s in spent) or effect.uses is None:
            kept.append(effect)
        elif effect.uses > 1:
            kept.append(dataclasses.replace(effect, uses=effect.uses - 1))
        else:
            log.note(
                "effect-ended",
                f"{effect.source or effect.kind} is used up by {c.name}'s roll",
                target=c.id,
            )
    c.effects = kept

"""Ability checks and saving throws: every d20 check or save the service rolls for a creature
goes through :func:`roll_check`.

It rolls d20 + the bonus with the creature's advantage and disadvantage on that kind of
roll: its lasting effects whose ``roll`` is ``check`` (or ``save``) — the Help action's
advantage on the helped creature's next ability check (``d100.action.help``), a critical
band's advantage on saves against its target — and exhaustion (disadvantage on checks from
level 1, on saves from level 3). Advantage and disadvantage cancel, whatever their counts.
An effect with ``uses`` that applied loses one; at 0 it ends.

The conditions of ``d20.cond`` (:func:`condition_effects`, the one place that lists what a
condition does to a check or save): paralyzed, petrified, stunned and unconscious (asleep
read as unconscious) fail Strength and Dexterity saves automatically; restrained and
squeezing give Dexterity saves disadvantage; frightened (its source in sight) and poisoned
give ability checks disadvantage; blinded fails a check that needs sight (Perception by
sight: the Search action). An automatic failure is still rolled and logged.

Contests (``d20.save``): :func:`contest_won` decides every one, shove, grapple, escape,
hide and search: the creature trying to change the situation must beat the other's total;
a tie leaves things as they were.

Decisions: an effect bound to a creature (``against``) applies only to a check or save made
against that creature (the other side of a contest, the source of a save); the Help's task
(the effect's ``note``) is not matched: the service can't tell one task from another, so
the advantage goes to the helped creature's next check of any kind, as long as the Help
lasts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Literal

from .. import dice
from ..events import EventLog, Roll
from ..model import Combatant, Cond, Draft, Effect, EffectKind, EffectRoll, Encounter
from .modifiers import EXHAUSTION_ATTACKS_AND_SAVES, EXHAUSTION_CHECKS, afraid, effect_active
from .space import Board

Kind = Literal["check", "save"]

POISONED = "poisoned"
"""``d20.cond``: disadvantage on attack rolls and ability checks."""
FAIL_STR_DEX_SAVES = (Cond.PARALYZED, Cond.PETRIFIED, Cond.STUNNED, Cond.UNCONSCIOUS, Cond.ASLEEP)
"""``d20.cond``: conditions that fail Strength and Dexterity saves automatically."""
DEX_SAVE_DISADVANTAGE = (Cond.RESTRAINED, Cond.SQUEEZING)
"""``d20.cond`` (and ``d20.size.squeeze``): disadvantage on Dexterity saves."""
CHECK_DISADVANTAGE = (POISONED,)
"""``d20.cond``: disadvantage on every ability check (frightened too, while its source is in
sight: :func:`~service.rules.mechanics.modifiers.afraid`)."""


@dataclass(slots=True)
class ConditionEffects:
    """What a creature's conditions (and exhaustion) do to one check or save, each named by
    its source (the condition's name, ``exhaustion``)."""

    advantage: list[str] = field(default_factory=list)
    disadvantage: list[str] = field(default_factory=list)
    fails: list[str] = field(default_factory=list)
    """The sources of an automatic failure."""


def condition_effects(
    board: Board | None,
    encounter: Encounter,
    c: Combatant,
    kind: Kind,
    ability: str | None = None,
    *,
    sight: bool = False,
) -> ConditionEffects:
    """``d20.cond`` on ``c``'s check or save of ``ability`` (None: an ability the rule doesn't
    name, such as a death save); ``sight``: the check needs sight. The single place listing
    these effects: every roll of a check or save, and anything that previews one, asks it.

    Decision: without a map (``board`` None and none built for this action) a frightened
    creature's source counts as in sight while it is alive; every caller in the engine passes
    the action's map."""
    out = ConditionEffects()
    names = {k.name for k in c.conditions}
    if kind == "save":
        if ability in ("strength", "dexterity"):
            out.fails += [str(n) for n in FAIL_STR_DEX_SAVES if n in names]
        if ability == "dexterity":
            out.disadvantage += [str(n) for n in DEX_SAVE_DISADVANTAGE if n in names]
        if c.exhaustion >= EXHAUSTION_ATTACKS_AND_SAVES:
            out.disadvantage.append("exhaustion")
        return out
    if sight and Cond.BLINDED in names:
        out.fails.append(str(Cond.BLINDED))
    if Cond.FRIGHTENED in names and _afraid(board, encounter, c):
        out.disadvantage.append(str(Cond.FRIGHTENED))
    out.disadvantage += [n for n in CHECK_DISADVANTAGE if n in names]
    if c.exhaustion >= EXHAUSTION_CHECKS:
        out.disadvantage.append("exhaustion")
    return out


def _afraid(board: Board | None, encounter: Encounter, c: Combatant) -> bool:
    if board is not None:
        return afraid(board, encounter, c)
    known = {o.id: o for o in encounter.combatants}
    for k in c.conditions:
        if k.name == Cond.FRIGHTENED:
            source = known.get(k.source) if k.source is not None else None
            if source is None or not source.dead:
                return True
    return False


def roll_modes(
    advantage: Sequence[str], disadvantage: Sequence[str], fails: Sequence[str] = ()
) -> dict[str, Any]:
    """The event data naming a roll's sources of advantage and disadvantage and what fails it
    automatically, when it has any."""
    out: dict[str, Any] = {}
    if advantage:
        out["advantage"] = list(advantage)
    if disadvantage:
        out["disadvantage"] = list(disadvantage)
    if fails:
        out["automatic_failure"] = list(fails)
    return out


def contest_won(changer: int, keeper: int) -> bool:
    """``d20.save``: every contest (shove, grapple, escape, hide and search, and ``rollCheck``'s):
    the creature trying to change the situation wins only by beating the other's total; a tie
    leaves things as they were."""
    return changer > keeper


@dataclass(slots=True)
class CheckRoll:
    """A check or save the service rolled (two d20 with advantage or disadvantage), and why."""

    roll: Roll
    advantage: list[str] = field(default_factory=list)
    disadvantage: list[str] = field(default_factory=list)
    fails: list[str] = field(default_factory=list)
    """Why it fails whatever the total (``d20.cond``): empty when it doesn't."""

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
    ability: str | None = None,
    board: Board | None = None,
    sight: bool = False,
    advantage: tuple[str, ...] = (),
    disadvantage: tuple[str, ...] = (),
) -> CheckRoll:
    """Roll ``cid``'s ability check or saving throw of ``ability`` (d20 + ``bonus``),
    ``against`` the creature on the other side of it, with its conditions
    (:func:`condition_effects`; ``board``: the action's map, else the one built for it) and
    the caller's ``advantage`` and ``disadvantage`` sources, and use up the effects that
    applied. The caller logs the roll."""
    c = draft.get(cid)
    effects = check_effects(draft, cid, kind, against)
    adv = [*advantage, *(e.source or "effect" for e in effects if e.kind == EffectKind.ADVANTAGE)]
    dis = [*disadvantage]
    dis += [e.source or "effect" for e in effects if e.kind == EffectKind.DISADVANTAGE]
    memo = draft.memo.get("board")
    if board is None and isinstance(memo, Board):
        board = memo
    conditions = condition_effects(board, draft.encounter, c, kind, ability, sight=sight)
    adv += conditions.advantage
    dis += conditions.disadvantage
    if adv and not dis:
        roll = dice.roll_keep(20, rng, purpose, highest=True, modifier=bonus)
    elif dis and not adv:
        roll = dice.roll_keep(20, rng, purpose, highest=False, modifier=bonus)
    else:
        roll = dice.roll_die(20, rng, purpose, bonus)
    _use_up(draft, cid, effects, log)
    return CheckRoll(roll, adv, dis, conditions.fails)


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


def reveal(draft: Draft, cid: str, log: EventLog, rule: str, why: str | None) -> bool:
    """``d20.hide``: ``cid`` stops being hidden (its Stealth total is forgotten); ``why``
    completes the ``revealed`` log line (None: the caller logs it). False when it wasn't
    hidden."""
    c = draft.get(cid)
    if not (c.has(Cond.HIDDEN) or c.stealth is not None):
        return False
    c = draft.edit(cid)
    c.conditions = [k for k in c.conditions if k.name != Cond.HIDDEN]
    c.stealth = None
    if why is not None:
        log.note("revealed", f"{c.name} {why}", actor=c.id, rule=rule)
    return True

"""Exhaustion, the d20 base's six levels (the critical tables' "units of exhaustion").

Each level adds its effect to those below it: 1, disadvantage on ability checks; 2, speed
halved; 3, disadvantage on attack rolls and saving throws; 4, hit point maximum halved;
5, speed 0; 6, death. Checks and saves read it in
:func:`~service.rules.mechanics.checks.roll_check`, attacks in
:func:`~service.rules.mechanics.modifiers.attack_sources`, speed in the ruleset's
``turn_speed``, the hit point maximum in :func:`hp_max` (healing, the death rules); reaching
level 6 kills (:func:`gain`).
"""

from __future__ import annotations

from ..events import EventLog
from ..model import Combatant, Draft
from . import concentration
from .damage import hp_max, kill
from .modifiers import (
    EXHAUSTION_DEATH,
    EXHAUSTION_HP_MAX_HALVED,
    EXHAUSTION_SPEED_HALVED,
    EXHAUSTION_SPEED_ZERO,
)

RULE = "d20.crit.effects"


def speed(c: Combatant, base: int) -> int:
    """A turn's movement once exhaustion has its say: halved from level 2, 0 from 5."""
    if c.exhaustion >= EXHAUSTION_SPEED_ZERO:
        return 0
    if c.exhaustion >= EXHAUSTION_SPEED_HALVED:
        return base // 2
    return base


def gain(draft: Draft, cid: str, levels: int, log: EventLog) -> int:
    """``cid`` gains ``levels`` of exhaustion (at most 6): its hit points drop to a halved
    maximum from level 4; level 6 is death. Returns the new level."""
    c = draft.edit(cid)
    before = c.exhaustion
    c.exhaustion = min(EXHAUSTION_DEATH, c.exhaustion + levels)
    if c.dead:
        return c.exhaustion
    if c.exhaustion >= EXHAUSTION_DEATH:
        kill(c, log, f"{c.name} dies of exhaustion (level {c.exhaustion})", RULE)
        concentration.end_if_incapacitated(draft, cid, log)
    elif before < EXHAUSTION_HP_MAX_HALVED <= c.exhaustion and c.hp > hp_max(c):
        c.hp = hp_max(c)
        log.note(
            "hp-max-halved",
            f"{c.name}'s hit point maximum is halved by exhaustion: {c.hp}/{hp_max(c)} HP",
            target=cid,
            rule=RULE,
            hp=c.hp,
        )
    return c.exhaustion

"""Concentration (``d20.ready.spell``, the d20 base rule its decision names).

Damage to a concentrating creature calls for a Constitution saving throw, DC 10 or half the
damage taken, whichever is higher, rolled by the service (:func:`after_damage`); a failed
save, dropping to 0 HP, dying or becoming incapacitated ends concentration at once
(:func:`end_if_incapacitated`). A readied spell is held with concentration: when it ends,
the spell is lost, and the readied action with it (its trigger can't fire it). Healing
brings nothing back.
"""

from __future__ import annotations

from random import Random

from ..events import EventLog
from ..model import Draft
from .checks import roll_check

RULE = "d20.ready.spell"
MIN_DC = 10


def after_damage(
    draft: Draft,
    target_id: str,
    amount: int,
    rng: Random,
    log: EventLog,
    source_id: str | None = None,
) -> None:
    """``amount`` damage has landed on ``target_id``: a concentrating creature that is down
    loses its concentration, one still up saves to keep it."""
    c = draft.get(target_id)
    if c.concentration is None or amount <= 0:
        return
    if c.dead or c.hp == 0 or c.incapacitated:
        end_if_incapacitated(draft, target_id, log)
        return
    dc = max(MIN_DC, amount // 2)
    check = roll_check(
        draft,
        target_id,
        "save",
        c.save_bonus("constitution"),
        rng,
        log,
        "concentration",
        against=source_id,
    )
    kept = check.roll.total >= dc
    log.rolled(
        check.roll,
        f"{c.name} takes {amount} damage while concentrating on {c.concentration}: DC {dc} "
        f"Constitution save, {check.roll.total}: "
        + ("concentration holds" if kept else "concentration breaks"),
        actor=target_id,
        rule=RULE,
        dc=dc,
        success=kept,
        advantage=check.advantage,
        disadvantage=check.disadvantage,
    )
    if not kept:
        end(draft, target_id, log, "the save failed")


def end_if_incapacitated(draft: Draft, cid: str, log: EventLog) -> None:
    """A creature dead, at 0 HP or incapacitated loses its concentration at once."""
    c = draft.get(cid)
    if c.concentration is None:
        return
    if c.dead:
        end(draft, cid, log, "it dies")
    elif c.hp == 0 or c.unconscious:
        end(draft, cid, log, "it drops to 0 HP" if c.hp == 0 else "it falls unconscious")
    elif c.incapacitated:
        end(draft, cid, log, "it is incapacitated")


def end(draft: Draft, cid: str, log: EventLog, why: str) -> None:
    """Concentration ends; a readied spell held with it is lost, and its readied action."""
    c = draft.edit(cid)
    spell = c.concentration
    if spell is None:
        return
    c.concentration = None
    lost = c.readied is not None and c.readied.spell == spell
    if lost:
        c.readied = None
    log.note(
        "concentration-ended",
        f"{c.name}'s concentration on {spell} ends: {why}"
        + (f"; the readied {spell} is lost" if lost else ""),
        actor=cid,
        rule=RULE,
        spell=spell,
        lost=lost,
    )

"""Damage, dropping to 0 HP, death and healing (the ``d20.hp.*`` and ``d20.death.*`` rules).

:func:`land` is the one statement of what damage does to a creature's hit points and life:
a pure function of the creature's :class:`Vitals`, used by :func:`deal_damage` (which then
writes the state and the log) and by the attack odds, which enumerate it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..events import EventLog
from ..model import Combatant, Cond, Condition, Draft
from ..model.outcomes import DamageOutcome
from .modifiers import EXHAUSTION_HP_MAX_HALVED
from .weapons import drop_held_weapon

Death = Literal["instant", "monster", "damage-at-zero", "saves"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Vitals:
    """What damage can change: temporary HP, HP, death-save failures, stable, dead."""

    temp_hp: int
    hp: int
    failures: int
    stable: bool
    dead: bool

    @classmethod
    def of(cls, c: Combatant) -> Vitals:
        return cls(
            temp_hp=c.temp_hp,
            hp=c.hp,
            failures=c.death_saves.failures,
            stable=c.stable,
            dead=c.dead,
        )


@dataclass(frozen=True, slots=True)
class Victim:
    """What the death rules need to know of the creature that takes the damage."""

    max_hp: int
    pc_rules: bool
    """A player character, villain or special NPC (``d20.death.monsters``)."""
    instant_death_multiplier: int
    """``d20.death.instant``: 2 (twice max HP); ``d100.death.instant``: 1."""

    @classmethod
    def of(cls, c: Combatant, instant_death_multiplier: int) -> Victim:
        """What the death rules need of ``c``: its hit point maximum (halved by exhaustion
        from level 4), whether it follows the PC rules, and the ruleset's instant-death
        multiplier (its ``instant_death_multiplier`` flag)."""
        return cls(hp_max(c), c.follows_pc_death_rules, instant_death_multiplier)


@dataclass(frozen=True, slots=True, kw_only=True)
class Landing:
    """What one instance of damage did, in the order the rules apply it. The fields with a
    default are what happens only past 0 HP: a landing states the ones that did."""

    after: Vitals
    absorbed: int
    lost: int
    dropped: bool = False
    """Went from above 0 HP to 0."""
    overflow: int = 0
    """Damage left over once HP reached 0 (``d20.death.instant``)."""
    at_zero: bool = False
    """It landed on a creature already at 0 HP (``d20.death.damage-at-zero``)."""
    death: Death | None = None
    knocked_out: bool = False
    """``d20.death.knockout``: unconscious and stable instead of dying."""
    unconscious: bool = False
    """Fell unconscious (``d20.death.unconscious``)."""
    unstable: bool = False
    """Was stable and no longer is (``d20.death.stable``)."""
    failures_added: int = 0


def land(v: Vitals, amount: int, victim: Victim, *, critical: bool, knockout: bool) -> Landing:
    """``amount`` damage on a creature with vitals ``v``: temporary HP first, then HP, then
    the death rules. ``knockout``: the attacker chose to knock out with a melee attack.

    The rules, in order: at 0 HP with damage left, instant death when the overflow is at
    least ``instant_death_multiplier`` times max HP; otherwise a knockout leaves it
    unconscious and stable; a monster dies; a player character falls unconscious. Damage on a
    creature already at 0 HP: death when it is at least max HP; a monster (a knocked-out
    one) dies; else it is no longer stable and suffers one death-save failure (two from a
    critical hit); the third failure kills.
    """
    if v.dead:
        return Landing(after=v, absorbed=0, lost=0)
    absorbed = min(v.temp_hp, amount)
    temp = v.temp_hp - absorbed
    remaining = amount - absorbed
    if v.hp > 0:
        lost = min(v.hp, remaining)
        hp = v.hp - lost
        if hp > 0 or lost == 0:
            return Landing(
                after=Vitals(temp_hp=temp, hp=hp, failures=v.failures, stable=v.stable, dead=False),
                absorbed=absorbed,
                lost=lost,
            )
        overflow = remaining - lost
        if overflow >= victim.instant_death_multiplier * victim.max_hp:
            after = Vitals(temp_hp=temp, hp=0, failures=v.failures, stable=False, dead=True)
            return Landing(
                after=after,
                absorbed=absorbed,
                lost=lost,
                dropped=True,
                overflow=overflow,
                death="instant",
            )
        if knockout:
            after = Vitals(temp_hp=temp, hp=0, failures=0, stable=True, dead=False)
            return Landing(
                after=after,
                absorbed=absorbed,
                lost=lost,
                dropped=True,
                overflow=overflow,
                knocked_out=True,
            )
        if not victim.pc_rules:
            after = Vitals(temp_hp=temp, hp=0, failures=v.failures, stable=False, dead=True)
            return Landing(
                after=after,
                absorbed=absorbed,
                lost=lost,
                dropped=True,
                overflow=overflow,
                death="monster",
            )
        after = Vitals(temp_hp=temp, hp=0, failures=0, stable=False, dead=False)
        return Landing(
            after=after,
            absorbed=absorbed,
            lost=lost,
            dropped=True,
            overflow=overflow,
            unconscious=True,
        )
    if remaining <= 0:
        return Landing(
            after=Vitals(temp_hp=temp, hp=v.hp, failures=v.failures, stable=v.stable, dead=False),
            absorbed=absorbed,
            lost=0,
        )
    if remaining >= victim.max_hp:
        after = Vitals(temp_hp=temp, hp=0, failures=v.failures, stable=False, dead=True)
        return Landing(after=after, absorbed=absorbed, lost=0, at_zero=True, death="damage-at-zero")
    if not victim.pc_rules:
        after = Vitals(temp_hp=temp, hp=0, failures=v.failures, stable=False, dead=True)
        return Landing(after=after, absorbed=absorbed, lost=0, at_zero=True, death="monster")
    added = 2 if critical else 1
    failures = min(3, v.failures + added)
    dead = failures >= 3
    after = Vitals(temp_hp=temp, hp=0, failures=failures, stable=False, dead=dead)
    return Landing(
        after=after,
        absorbed=absorbed,
        lost=0,
        at_zero=True,
        death="saves" if dead else None,
        unstable=v.stable,
        failures_added=added,
    )


def deal_damage(
    draft: Draft,
    log: EventLog,
    target_id: str,
    amount: int,
    victim: Victim,
    *,
    instant_death_rule: str,
    critical: bool = False,
    source_id: str | None = None,
    melee: bool = False,
    knockout: bool = False,
) -> DamageOutcome:
    """Apply ``amount`` damage to ``target_id`` as :func:`land` says, and log it."""
    target = draft.edit(target_id)
    outcome = DamageOutcome(
        target_id=target_id,
        amount=amount,
        temp_hp_absorbed=0,
        hp_lost=0,
        hp=target.hp,
        dropped=False,
        died=False,
        instant_death=False,
        unconscious=False,
        death_save_failures=0,
    )
    if target.dead:
        log.note(
            "no-effect", f"{target.name} is already dead", target=target_id, rule="d20.hp.zero"
        )
        outcome.died = True
        return outcome
    landing = land(
        Vitals.of(target),
        amount,
        victim,
        critical=critical,
        knockout=knockout and melee and source_id is not None,
    )
    target.temp_hp = landing.after.temp_hp
    outcome.temp_hp_absorbed = landing.absorbed
    if amount > 0:
        end_until_damaged(target, log)
    if not landing.at_zero and (landing.lost > 0 or target.hp > 0):
        target.hp = landing.after.hp
        outcome.hp_lost = landing.lost
        absorbed = landing.absorbed
        log.note(
            "damage",
            f"{target.name} takes {amount} damage"
            + (f" ({absorbed} to temporary HP)" if absorbed else "")
            + f", {target.hp}/{target.max_hp} HP left",
            actor=source_id,
            target=target_id,
            amount=amount,
            temp_hp_absorbed=absorbed,
        )
        if landing.dropped:
            outcome.dropped = True
            outcome.instant_death = landing.death == "instant"
            _log_drop(target, landing, victim, log, source_id, instant_death_rule)
    elif landing.at_zero:
        log.note(
            "damage",
            f"{target.name} takes {amount} damage at 0 HP",
            actor=source_id,
            target=target_id,
            amount=amount,
            rule="d20.death.damage-at-zero",
        )
        outcome.instant_death = landing.death == "damage-at-zero"
        if outcome.instant_death:
            kill(
                target,
                log,
                f"{target.name} dies: {amount - landing.absorbed} damage at 0 HP is at least its "
                "maximum HP",
                "d20.death.damage-at-zero",
            )
        elif landing.death == "monster":
            kill(
                target,
                log,
                f"{target.name} dies: a monster at 0 HP takes damage",
                "d20.death.monsters",
            )
        else:
            if landing.unstable:
                target.stable = False
                log.note(
                    "unstable",
                    f"{target.name} is no longer stable",
                    target=target.id,
                    rule="d20.death.stable",
                )
            add_death_save_failures(target, log, landing.failures_added, "d20.death.damage-at-zero")
    outcome.hp = target.hp
    outcome.died = target.dead
    outcome.unconscious = target.unconscious and not target.dead
    outcome.death_save_failures = target.death_saves.failures
    return outcome


def _log_drop(
    target: Combatant,
    landing: Landing,
    victim: Victim,
    log: EventLog,
    source_id: str | None,
    instant_death_rule: str,
) -> None:
    if landing.death == "instant":
        threshold = victim.instant_death_multiplier * victim.max_hp
        kill(
            target,
            log,
            f"{target.name} dies outright: {landing.overflow} damage remains after 0 HP, at "
            f"least {threshold}",
            instant_death_rule,
            overflow=landing.overflow,
            threshold=threshold,
        )
    elif landing.knocked_out:
        fall_unconscious(target, log, stable=True)
        log.note(
            "knocked-out",
            f"{target.name} is knocked out: unconscious and stable",
            actor=source_id,
            target=target.id,
            rule="d20.death.knockout",
        )
    elif landing.death == "monster":
        kill(target, log, f"{target.name} dies at 0 HP", "d20.death.monsters")
    else:
        fall_unconscious(target, log, stable=False)
        log.note(
            "unconscious",
            f"{target.name} falls unconscious",
            target=target.id,
            rule="d20.death.unconscious",
        )


def end_until_damaged(target: Combatant, log: EventLog) -> None:
    """Conditions and effects that last "until damaged" end when their holder takes damage."""
    conditions = [c for c in target.conditions if not (c.duration and c.duration.until_damaged)]
    effects = [e for e in target.effects if not (e.duration and e.duration.until_damaged)]
    ended = [c.name for c in target.conditions if c not in conditions] + [
        e.kind for e in target.effects if e not in effects
    ]
    if ended:
        target.conditions = conditions
        target.effects = effects
        log.note(
            "condition-ended",
            f"damage ends {target.name}'s {', '.join(ended)} (until damaged)",
            target=target.id,
            ended=ended,
        )


def add_death_save_failures(target: Combatant, log: EventLog, count: int, rule: str) -> None:
    target.death_saves.failures = min(3, target.death_saves.failures + count)
    log.note(
        "death-save-failure",
        f"{target.name} suffers {count} death save failure{'s' if count > 1 else ''} "
        f"({target.death_saves.failures}/3)",
        target=target.id,
        amount=count,
        rule=rule,
    )
    if target.death_saves.failures >= 3:
        kill(target, log, f"{target.name} dies after three death save failures", "d20.death.saves")


def fall_unconscious(target: Combatant, log: EventLog, *, stable: bool) -> None:
    """At 0 HP: unconscious, it falls prone and drops the weapon it holds where it lies
    (``d20.cond``); regaining HP ends the first (``d20.death.unconscious``), standing up the
    second, picking the weapon up (``interact`` with ``weapon``) the third."""
    drop_held_weapon(target, log)
    target.hp = 0
    target.stable = stable
    target.death_saves.successes = 0
    target.death_saves.failures = 0
    if not target.has(Cond.UNCONSCIOUS):
        target.conditions.append(Condition(Cond.UNCONSCIOUS))
    if not target.has(Cond.PRONE):
        target.conditions.append(Condition(Cond.PRONE))


def kill(target: Combatant, log: EventLog, message: str, rule: str, **data: Any) -> None:
    target.hp = 0
    target.dead = True
    target.stable = False
    target.conditions = [c for c in target.conditions if c.name != Cond.UNCONSCIOUS]
    log.note("death", message, target=target.id, rule=rule, **data)


def hp_max(c: Combatant) -> int:
    """The hit point maximum, halved (rounded down, at least 1) from exhaustion level 4."""
    if c.exhaustion >= EXHAUSTION_HP_MAX_HALVED:
        return max(1, c.max_hp // 2)
    return c.max_hp


def heal(target: Combatant, log: EventLog, amount: int, source_id: str | None = None) -> int:
    """Restore HP up to the maximum; regaining any HP ends unconsciousness and resets death
    saves (``d20.death.unconscious``). Returns the HP regained (0 for the dead)."""
    if target.dead:
        log.note(
            "no-effect",
            f"{target.name} is dead and can't be healed",
            target=target.id,
            rule="d20.hp.zero",
        )
        return 0
    gained = max(0, min(amount, hp_max(target) - target.hp))
    was_down = target.hp == 0
    target.hp += gained
    log.note(
        "healing",
        f"{target.name} regains {gained} HP ({target.hp}/{hp_max(target)})",
        actor=source_id,
        target=target.id,
        amount=gained,
    )
    if was_down and gained > 0:
        target.stable = False
        target.death_saves.successes = 0
        target.death_saves.failures = 0
        target.conditions = [c for c in target.conditions if c.name != Cond.UNCONSCIOUS]
        log.note(
            "conscious",
            f"{target.name} regains consciousness",
            target=target.id,
            rule="d20.death.unconscious",
        )
    return gained

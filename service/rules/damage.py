"""Damage, dropping to 0 HP, and death (the ``d20.hp.*`` and ``d20.death.*`` rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import DamageOutcome
from .events import EventLog
from .state import Combatant, Condition, Draft

if TYPE_CHECKING:
    from .core import RulesetCore as Ruleset


def deal_damage(
    ruleset: Ruleset,
    draft: Draft,
    log: EventLog,
    target_id: str,
    amount: int,
    *,
    critical: bool = False,
    source_id: str | None = None,
    melee: bool = False,
    knockout: bool = False,
) -> DamageOutcome:
    """Apply ``amount`` damage to ``target_id``: temp HP first, then HP, then the death rules."""
    target = draft.edit(target_id)
    outcome = DamageOutcome(target_id, amount, 0, 0, target.hp, False, False, False, False, 0)
    if target.dead:
        log.note(
            "no-effect", f"{target.name} is already dead", target=target_id, rule="d20.hp.zero"
        )
        outcome.died = True
        return outcome
    absorbed = min(target.temp_hp, amount)
    target.temp_hp -= absorbed
    remaining = amount - absorbed
    outcome.temp_hp_absorbed = absorbed
    if amount > 0:
        ruleset.on_damaged(draft, target, log)
    if target.hp > 0:
        lost = min(target.hp, remaining)
        target.hp -= lost
        outcome.hp_lost = lost
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
        if target.hp == 0 and lost > 0:
            outcome.dropped = True
            outcome.instant_death = _drop_to_zero(
                ruleset, target, log, remaining - lost, source_id, melee, knockout
            )
    elif remaining > 0:
        log.note(
            "damage",
            f"{target.name} takes {amount} damage at 0 HP",
            actor=source_id,
            target=target_id,
            amount=amount,
            rule="d20.death.damage-at-zero",
        )
        outcome.instant_death = _damage_at_zero(target, log, remaining, critical)
    outcome.hp = target.hp
    outcome.died = target.dead
    outcome.unconscious = target.unconscious and not target.dead
    outcome.death_save_failures = target.death_saves.failures
    return outcome


def _drop_to_zero(
    ruleset: Ruleset,
    target: Combatant,
    log: EventLog,
    overflow: int,
    source_id: str | None,
    melee: bool,
    knockout: bool,
) -> bool:
    """Decide what dropping to 0 does; True when the creature died outright."""
    threshold = ruleset.instant_death_multiplier * target.max_hp
    if overflow >= threshold:
        kill(
            target,
            log,
            f"{target.name} dies outright: {overflow} damage remains after 0 HP, at least "
            f"{threshold}",
            ruleset.instant_death_rule,
            overflow=overflow,
            threshold=threshold,
        )
        return True
    if knockout and melee and source_id is not None:
        fall_unconscious(target, stable=True)
        log.note(
            "knocked-out",
            f"{target.name} is knocked out: unconscious and stable",
            actor=source_id,
            target=target.id,
            rule="d20.death.knockout",
        )
    elif not target.follows_pc_death_rules:
        kill(target, log, f"{target.name} dies at 0 HP", "d20.death.monsters")
    else:
        fall_unconscious(target, stable=False)
        log.note(
            "unconscious",
            f"{target.name} falls unconscious",
            target=target.id,
            rule="d20.death.unconscious",
        )
    return False


def _damage_at_zero(target: Combatant, log: EventLog, damage: int, critical: bool) -> bool:
    """Damage to a creature already at 0 HP; True when it died outright."""
    if damage >= target.max_hp:
        kill(
            target,
            log,
            f"{target.name} dies: {damage} damage at 0 HP is at least its maximum HP",
            "d20.death.damage-at-zero",
        )
        return True
    if target.stable:
        target.stable = False
        log.note(
            "unstable",
            f"{target.name} is no longer stable",
            target=target.id,
            rule="d20.death.stable",
        )
    add_death_save_failures(target, log, 2 if critical else 1, "d20.death.damage-at-zero")
    return False


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


def fall_unconscious(target: Combatant, *, stable: bool) -> None:
    target.hp = 0
    target.stable = stable
    target.death_saves.successes = 0
    target.death_saves.failures = 0
    if not target.has("unconscious"):
        target.conditions.append(Condition("unconscious"))


def kill(target: Combatant, log: EventLog, message: str, rule: str, **data: Any) -> None:
    target.hp = 0
    target.dead = True
    target.stable = False
    target.conditions = [c for c in target.conditions if c.name != "unconscious"]
    log.note("death", message, target=target.id, rule=rule, **data)


def heal(target: Combatant, log: EventLog, amount: int, source_id: str | None = None) -> int:
    """Restore HP up to the maximum; regaining any HP ends unconsciousness and resets death
    saves. Returns the HP regained (0 for the dead, who stay dead)."""
    if target.dead:
        log.note(
            "no-effect",
            f"{target.name} is dead and can't be healed",
            target=target.id,
            rule="d20.hp.zero",
        )
        return 0
    gained = min(amount, target.max_hp - target.hp)
    was_down = target.hp == 0
    target.hp += gained
    log.note(
        "healing",
        f"{target.name} regains {gained} HP ({target.hp}/{target.max_hp})",
        actor=source_id,
        target=target.id,
        amount=gained,
    )
    if was_down and gained > 0:
        target.stable = False
        target.death_saves.successes = 0
        target.death_saves.failures = 0
        target.conditions = [c for c in target.conditions if c.name != "unconscious"]
        log.note(
            "conscious",
            f"{target.name} regains consciousness",
            target=target.id,
            rule="d20.death.unconscious",
        )
    return gained

"""Advantage and disadvantage that the state gives an attack (``d20.attack.sources``).

Every source is named in the attack's outcome (``advantage_sources`` /
``disadvantage_sources``). The names this module adds:

* ``target-prone``: advantage when the attacker is within 5 ft of a prone target, else
  disadvantage (a ranged attack from farther away; the d20 base rule);
* ``attacker-prone``: disadvantage;
* ``target-unseen``: disadvantage when the attacker can't see the target (the attacker is
  blinded, the target is ``invisible`` or ``hidden``, or the target stands in a heavily
  obscured area); ``attacker-unseen``: advantage when the target can't see the attacker
  (the attacker is invisible or hidden or in a heavily obscured area, or the target is
  blinded);
* ``target-dodging``: disadvantage when the target is ``dodging``, can see the attacker and
  is not incapacitated (the d20 Dodge action);
* ``target-restrained`` / ``target-stunned`` / ``target-paralyzed`` / ``target-unconscious``
  / ``target-asleep`` (asleep from the critical tables is read as unconscious): advantage;
* ``attacker-squeezing``: disadvantage, ``target-squeezing``: advantage
  (``d20.size.squeeze``);
* ``attacker-frightened``: disadvantage;
* ``attacker-exhaustion``: disadvantage at exhaustion level 3 or more;
* a lasting :class:`~service.rules.state.Effect`: its ``source`` (e.g. ``crit weapon-fumble
  30-39``), or ``effect`` when it has none.

Effects that count uses (``uses``) lose one each time they apply to an attack; that happens
in :meth:`ModifierRules.after_attack`, since :meth:`attack_modifiers` only reads.
"""

from __future__ import annotations

from random import Random

from .actions import AttackOutcome
from .core import RulesetCore
from .events import EventLog
from .state import Attack, Combatant, Draft, Effect

PRONE_RANGE_FT = 5
TARGET_ADVANTAGE_CONDITIONS = ("restrained", "stunned", "paralyzed", "unconscious", "asleep")


class ModifierRules(RulesetCore):
    """Reads conditions and effects to find every source of advantage and disadvantage."""

    # ------------------------------------------------------------------ attack sources

    def attack_modifiers(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> tuple[list[str], list[str]]:
        adv, dis = super().attack_modifiers(draft, attacker, target, attack)
        close = self.distance_ft(draft, attacker, target) <= PRONE_RANGE_FT

        if target.has("prone"):
            (adv if close else dis).append("target-prone")
        if attacker.has("prone"):
            dis.append("attacker-prone")

        attacker_sees = self.can_see(draft, attacker, target)
        target_sees = self.can_see(draft, target, attacker)
        if not attacker_sees:
            dis.append("target-unseen")
        if not target_sees:
            adv.append("attacker-unseen")
        if target.has("dodging") and target_sees and not target.incapacitated:
            dis.append("target-dodging")

        for name in TARGET_ADVANTAGE_CONDITIONS:
            if target.has(name):
                adv.append(f"target-{name}")

        if attacker.has("squeezing"):
            dis.append("attacker-squeezing")
        if target.has("squeezing"):
            adv.append("target-squeezing")
        if attacker.has("frightened"):
            dis.append("attacker-frightened")
        if attacker.exhaustion >= 3:
            dis.append("attacker-exhaustion")

        for effect in self.attack_effects(draft, attacker, target, attack):
            (adv if effect.kind == "advantage" else dis).append(effect.source or "effect")
        return adv, dis

    def ac_bonus(self, draft: Draft, attacker: Combatant, target: Combatant) -> int:
        """AC the target gains against this attacker: its ``ac-bonus`` effects that are
        active and either unrestricted or ``against`` this attacker."""
        total = super().ac_bonus(draft, attacker, target)
        for effect in target.effects:
            if (
                effect.kind == "ac-bonus"
                and effect.against in (None, attacker.id)
                and self.effect_active(draft, effect)
            ):
                total += effect.value
        return total

    # ------------------------------------------------------------------ helpers

    def effect_active(self, draft: Draft, effect: Effect) -> bool:
        """Started (``starts_round``) and not used up. Durations are expired elsewhere."""
        if effect.starts_round is not None and draft.encounter.round < effect.starts_round:
            return False
        return effect.uses is None or effect.uses > 0

    def attack_effects(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> list[Effect]:
        """The advantage/disadvantage effects that apply to this attack: the attacker's own
        (``attack``; ``spell-attack`` only for spell attacks) and the target's
        ``attacks-against``, each restricted by ``against``."""
        rolls = ("attack", "spell-attack") if attack.kind == "spell" else ("attack",)
        found: list[Effect] = []
        for effect in attacker.effects:
            if (
                effect.kind in ("advantage", "disadvantage")
                and effect.roll in rolls
                and effect.against in (None, target.id)
                and self.effect_active(draft, effect)
            ):
                found.append(effect)
        for effect in target.effects:
            if (
                effect.kind in ("advantage", "disadvantage")
                and effect.roll == "attacks-against"
                and effect.against in (None, attacker.id)
                and self.effect_active(draft, effect)
            ):
                found.append(effect)
        return found

    # ------------------------------------------------------------------ use counting

    def after_attack(
        self,
        draft: Draft,
        attacker: Combatant,
        target: Combatant,
        attack: Attack,
        outcome: AttackOutcome,
        rng: Random,
        log: EventLog,
    ) -> None:
        """Effects with ``uses`` that applied to this attack lose one use; at 0 they end."""
        super().after_attack(draft, attacker, target, attack, outcome, rng, log)
        fresh_attacker = draft.get(attacker.id)
        fresh_target = draft.get(target.id)
        used = self.attack_effects(draft, fresh_attacker, fresh_target, attack)
        for holder_id in (attacker.id, target.id):
            holder = draft.get(holder_id)
            spent = [e for e in holder.effects if e.uses is not None and any(e is u for u in used)]
            if not spent:
                continue
            holder = draft.edit(holder_id)
            kept: list[Effect] = []
            for effect in holder.effects:
                if any(effect is s for s in spent) and effect.uses is not None:
                    if effect.uses > 1:
                        kept.append(_replace_uses(effect, effect.uses - 1))
                    else:
                        log.note(
                            "effect-ended",
                            f"{effect.source or effect.kind} is used up",
                            actor=attacker.id,
                            target=holder_id,
                            rule="d20.attack.sources",
                        )
                    continue
                kept.append(effect)
            holder.effects = kept


def _replace_uses(effect: Effect, uses: int) -> Effect:
    return Effect(
        kind=effect.kind,
        roll=effect.roll,
        against=effect.against,
        value=effect.value,
        uses=uses,
        starts_round=effect.starts_round,
        duration=effect.duration,
        source=effect.source,
        note=effect.note,
    )

"""Attacks and damage (``d20.attack.*``, ``d20.crit.damage``, ``d20.hp.*``)."""

from __future__ import annotations

from random import Random

from .actions import ApplyDamage, AttackOutcome, DamageOutcome, ResolveAttack
from .core import RulesetCore
from .events import EventLog
from .state import Draft


class AttackRules(RulesetCore):
    """Resolving attacks and dealing damage."""

    def resolve_attack(
        self, draft: Draft, action: ResolveAttack, rng: Random, log: EventLog
    ) -> AttackOutcome:
        """``d20.attack.roll``: a die + attack bonus against AC plus cover."""
        setup = self.prepare_attack(draft, action)
        attacker, target, attack = setup.attacker, setup.target, setup.attack
        cover, cover_source, adv, dis, ac = (
            setup.cover,
            setup.cover_source,
            setup.advantage,
            setup.disadvantage,
            setup.ac,
        )
        self.spend(draft, attacker.id, action.spend, log)
        roll = self.roll_attack(rng, attack, bool(adv), bool(dis))
        natural = roll.natural
        critical = natural >= self.critical_min
        fumble = natural <= self.fumble_max
        hit = critical or (not fumble and roll.total >= ac)
        verdict = "critical hit" if critical else "hit" if hit else "miss"
        log.rolled(
            roll,
            f"{attacker.name} attacks {target.name} with {attack.name}: "
            f"{roll.total} against AC {ac}, {verdict}",
            actor=attacker.id,
            target=target.id,
            rule="d20.attack.roll",
            advantage=adv,
            disadvantage=dis,
            cover=cover,
        )
        outcome = AttackOutcome(
            attacker.id,
            target.id,
            attack.name,
            hit,
            critical,
            fumble and not hit,
            natural,
            roll.total,
            ac,
            cover,
            cover_source,
            bool(adv) and not dis,
            bool(dis) and not adv,
            adv,
            dis,
            None,
            False,
            False,
            False,
        )
        if hit:
            damage = self.roll_damage(rng, attack, critical, log, attacker, target)
            outcome.damage = damage
            if action.apply_damage:
                result = self.damage(
                    draft,
                    log,
                    target.id,
                    damage,
                    critical=critical,
                    source_id=attacker.id,
                    melee=attack.kind == "melee",
                    knockout=action.knockout,
                )
                outcome.damage_applied = True
                outcome.target_dropped = result.dropped
                outcome.target_died = result.died
        self.after_attack(draft, attacker, target, attack, outcome, rng, log)
        return outcome

    def apply_damage(
        self, draft: Draft, action: ApplyDamage, rng: Random, log: EventLog
    ) -> DamageOutcome:
        self._combatant(draft, action.target_id, "targetId")
        if action.source_id is not None:
            self._combatant(draft, action.source_id, "sourceId")
        return self.damage(
            draft,
            log,
            action.target_id,
            action.amount,
            critical=action.critical,
            source_id=action.source_id,
            melee=action.melee,
            knockout=action.knockout,
        )

"""Attacks and damage (``d20.attack.*``, ``d20.crit.damage``, ``d20.hp.*``)."""

from __future__ import annotations

from random import Random

from .actions import ApplyDamage, AttackOutcome, DamageOutcome, ResolveAttack
from .core import COVER_AC, RulesetCore
from .errors import IllegalAction, InvalidAction
from .events import EventLog
from .state import Attack, Combatant, Draft
from .validate import check_dice


class AttackRules(RulesetCore):
    """Resolving attacks and dealing damage."""

    def resolve_attack(
        self, draft: Draft, action: ResolveAttack, rng: Random, log: EventLog
    ) -> AttackOutcome:
        """``d20.attack.roll``: a die + attack bonus against AC plus cover."""
        attacker = self._combatant(draft, action.attacker_id, "attackerId")
        target = self._combatant(draft, action.target_id, "targetId")
        if attacker.id == target.id:
            raise InvalidAction("a combatant can't attack itself", ("targetId",))
        attack = self._pick_attack(attacker, action)
        self.check_can_attack(draft, attacker, target, attack)
        cover, cover_source = self.cover(draft, attacker, target, action.cover)
        if cover == "total":
            raise IllegalAction(
                f"{target.name} has total cover from {attacker.name} and can't be targeted",
                "d20.attack.total-cover",
            )
        self.spend(draft, attacker.id, action.spend, log)
        adv, dis = self.attack_modifiers(draft, attacker, target, attack)
        if action.advantage:
            adv.append("caller")
        if action.disadvantage:
            dis.append("caller")
        roll = self.roll_attack(rng, attack, bool(adv), bool(dis))
        ac = target.ac + COVER_AC[cover] + self.ac_bonus(draft, attacker, target)
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

    def _pick_attack(self, attacker: Combatant, action: ResolveAttack) -> Attack:
        if action.attack is not None:
            check_dice(action.attack.damage, ("attack", "damage"))
            return action.attack
        if action.attack_name is not None:
            found = attacker.find_attack(action.attack_name)
            if found is None:
                names = ", ".join(a.name for a in attacker.attacks) or "none"
                raise InvalidAction(
                    f"{attacker.name} has no attack named {action.attack_name!r} (it has: {names})",
                    ("attackName",),
                )
            return found
        if not attacker.attacks:
            raise InvalidAction(
                f"{attacker.name} has no attacks; describe one in 'attack'", ("attack",)
            )
        return attacker.attacks[0]

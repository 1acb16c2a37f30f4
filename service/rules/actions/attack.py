"""Attacks and damage: ``resolveAttack`` and ``applyDamage``.

The attack pipeline, in order (:func:`resolve_attack`):

1. :func:`prepare_attack`: who attacks whom with what; refusals (itself, downed, out of
   reach, a weapon out of hand or its ammunition to recover, total cover...); cover; every
   source of advantage and disadvantage; the AC to meet;
2. spend the part of the turn the attack uses (``d20.turn.economy``), and the piece of
   spilled ammunition picked up for a ranged attack;
3. roll the attack die (advantage and disadvantage cancel) and :func:`judge` it: a natural
   roll at or above ``critical_min`` hits as a critical, at or below ``fumble_max`` misses;
4. on a hit, roll the damage (critical: ``critical_damage``);
5. the ruleset's ``critical_table`` hook: a critical hit or fumble rolls on its table (d20);
   a band's extra damage dice join the attack's damage (``d20.crit.effects`` decision 3);
6. on a hit, deal that damage, one instance, through the ruleset's ``deal_damage`` hook
   (``applyDamage: false`` only rolls it);
7. effects that counted uses and applied lose one;
8. the rest of the critical band (conditions, windows, choices...);
9. the ruleset's ``after_attack`` hook (d100 ammunition, weapon condition, a hidden attacker
   revealed).

``attackOdds`` (:mod:`.odds`) runs steps 1 and 3 to 6 the same way, enumerated instead of
rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from .. import dice
from ..errors import IllegalAction, InvalidAction
from ..events import EventLog, Roll
from ..mechanics import economy
from ..mechanics.durations import mark_cast
from ..mechanics.modifiers import ac_bonus, blocked_components, hits_are_critical, use_up
from ..mechanics.space import COVER_AC, board_of, living_others
from ..mechanics.validation import check_dice
from ..mechanics.weapons import after_shot, weapon_problem
from ..model import Attack, Combatant, CoverDegree, Draft
from ..model.outcomes import AttackOutcome, CoverSource, DamageOutcome
from ..model.requests import ApplyDamage, ResolveAttack
from ..registry import action
from ..ruleset import AttackSetup, Hit, Ruleset


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a natural roll and a total make of an attack against an AC."""

    hit: bool
    critical: bool
    fumble: bool
    """A natural roll in the fumble range that missed."""
    rolled_critical: bool = False
    """A natural roll in the critical range: only that rolls on a critical table."""


def judge(
    ruleset: Ruleset, natural: int, total: int, ac: int, close_critical: bool = False
) -> Verdict:
    """``d20.attack.roll`` (``d100.attack.roll``): a critical hits whatever the AC, a fumble
    misses whatever the total, anything else hits when the total meets the AC.

    ``close_critical`` (``d20.cond``: a paralyzed or unconscious target within 5 ft) makes any
    hit a critical hit; it rolls no critical table, which is for natural criticals only."""
    rolled = natural >= ruleset.critical_min
    fumble = natural <= ruleset.fumble_max
    hit = rolled or (not fumble and total >= ac)
    return Verdict(
        hit=hit,
        critical=rolled or (hit and close_critical),
        fumble=fumble and not hit,
        rolled_critical=rolled,
    )


def prepare_attack(ruleset: Ruleset, draft: Draft, act: ResolveAttack) -> AttackSetup:
    """Who attacks whom with what, against which AC, with which sources of advantage:
    the same for a real attack and for its odds. Refuses what the rules refuse; spends
    nothing."""
    attacker = draft.combatant(act.attacker_id, "attackerId")
    target = draft.combatant(act.target_id, "targetId")
    if attacker.id == target.id:
        raise InvalidAction("a combatant can't attack itself", ("targetId",))
    attack = pick_attack(attacker, act)
    if act.knockout and attack.kind != "melee":
        raise InvalidAction(
            f"only a melee attack can knock out ({ruleset.rule_ids.knockout}): {attack.name} "
            f"is a {attack.kind} attack",
            ("knockout",),
        )
    ruleset.before_attack(draft, attacker, target, attack)
    check_weapon(draft, attacker, attack)
    cover, cover_source = cover_of(ruleset, draft, attacker, target, act.cover)
    if cover == "total":
        raise IllegalAction(
            f"{target.name} has total cover from {attacker.name} and can't be targeted",
            "d20.attack.total-cover",
        )
    adv, dis = ruleset.attack_modifiers(draft, attacker, target, attack)
    if act.advantage:
        adv.append("caller")
    if act.disadvantage:
        dis.append("caller")
    ac = target.ac + COVER_AC[cover] + ac_bonus(draft.encounter, attacker, target)
    return AttackSetup(
        attacker=attacker,
        target=target,
        attack=attack,
        cover=cover,
        cover_source=cover_source,
        advantage=adv,
        disadvantage=dis,
        ac=ac,
        close_critical=hits_are_critical(board_of(draft, ruleset), attacker, target),
    )


def check_weapon(draft: Draft, attacker: Combatant, attack: Attack) -> None:
    """Refuse an attack its weapon can't make now (``d20.crit.effects``): a weapon out of
    hand, ammunition spilled or lodged, a spell needing a component the caster can't
    provide."""
    problem = weapon_problem(attacker, attack)
    if problem is not None:
        raise IllegalAction(problem, "d20.crit.effects")
    if attack.kind == "spell" and attack.components:
        blocked = [
            c for c in blocked_components(draft.encounter, attacker) if c in attack.components
        ]
        if blocked:
            raise IllegalAction(
                f"{attacker.name} can't provide {' or '.join(blocked)} components, which "
                f"{attack.name} needs",
                "d20.crit.effects",
            )


def pick_attack(attacker: Combatant, act: ResolveAttack) -> Attack:
    """The inline ``attack``, the attacker's attack named ``attack_name``, or its first."""
    if act.attack is not None:
        check_dice(act.attack.damage, ("attack", "damage"))
        return act.attack
    if act.attack_name is not None:
        found = attacker.find_attack(act.attack_name)
        if found is None:
            raise attacker.no_attack(act.attack_name, "attackName")
        return found
    if not attacker.attacks:
        raise InvalidAction(
            f"{attacker.name} has no attacks; describe one in 'attack'", ("attack",)
        )
    return attacker.attacks[0]


def cover_of(
    ruleset: Ruleset,
    draft: Draft,
    attacker: Combatant,
    target: Combatant,
    stated: CoverDegree | None,
) -> tuple[CoverDegree, CoverSource]:
    """A degree the DM states wins (``d20.cover.override``); otherwise it is computed from
    walls and every other creature (``d20.cover.creatures``)."""
    if stated is not None:
        return stated, "stated"
    others = living_others(draft.encounter, attacker.id, target.id)
    return board_of(draft, ruleset).cover(attacker, target, others), "computed"


def roll_attack(ruleset: Ruleset, rng: Random, attack: Attack, adv: bool, dis: bool) -> Roll:
    """Advantage and disadvantage cancel, whatever their counts (``d20.attack.roll``)."""
    die = ruleset.attack_die
    if adv and not dis:
        return dice.roll_keep(die, rng, "attack", highest=True, modifier=attack.bonus)
    if dis and not adv:
        return dice.roll_keep(die, rng, "attack", highest=False, modifier=attack.bonus)
    return dice.roll_die(die, rng, "attack", attack.bonus)


def roll_damage(
    ruleset: Ruleset,
    rng: Random,
    attack: Attack,
    critical: bool,
    log: EventLog,
    attacker: Combatant,
    target: Combatant,
) -> int:
    """``d20.crit.damage``: a critical hit rolls every damage die twice; ``d100.crit.hit``:
    it deals 50% bonus damage, rounded down (dice rolled once)."""
    if ruleset.critical_damage == "half-again":
        roll = dice.roll(attack.damage, rng, "damage")
        base = max(0, roll.total)
        total = base + base // 2 if critical else base
        log.rolled(
            roll,
            f"{attack.name} deals {total} damage"
            + (f" (critical: {base} + {base // 2})" if critical else ""),
            type="damage-roll",
            actor=attacker.id,
            target=target.id,
            rule=ruleset.rule_ids.critical_damage if critical else None,
            **({"bonus": base // 2} if critical else {}),
        )
        return total
    roll = dice.roll(attack.damage, rng, "damage", dice_multiplier=2 if critical else 1)
    log.rolled(
        roll,
        f"{attack.name} deals {max(0, roll.total)} damage"
        + (" (critical: dice doubled)" if critical else ""),
        type="damage-roll",
        actor=attacker.id,
        target=target.id,
        rule=ruleset.rule_ids.critical_damage if critical else None,
    )
    return max(0, roll.total)


@action(
    "resolveAttack",
    summary="Roll an attack, apply cover and advantage, and deal its damage.",
    order=20,
)
def resolve_attack(
    ruleset: Ruleset, draft: Draft, act: ResolveAttack, rng: Random, log: EventLog
) -> AttackOutcome:
    """One attack roll and its damage on a hit; the pipeline is in the module docstring."""
    setup = prepare_attack(ruleset, draft, act)
    attacker, target, attack, ac = setup.attacker, setup.target, setup.attack, setup.ac
    adv, dis = setup.advantage, setup.disadvantage
    economy.spend(ruleset, draft, attacker.id, act.spend, log, attack=True)
    after_shot(draft, attacker.id, attack)
    if attack.kind == "spell":
        mark_cast(draft, attacker.id)
    roll = roll_attack(ruleset, rng, attack, bool(adv), bool(dis))
    verdict = judge(ruleset, roll.natural, roll.total, ac, setup.close_critical)
    word = "critical hit" if verdict.critical else "hit" if verdict.hit else "miss"
    log.rolled(
        roll,
        f"{attacker.name} attacks {target.name} with {attack.name}: "
        f"{roll.total} against AC {ac}, {word}",
        type="attack-roll",
        actor=attacker.id,
        target=target.id,
        rule=ruleset.rule_ids.attack_roll,
        advantage=adv,
        disadvantage=dis,
        cover=setup.cover,
    )
    outcome = AttackOutcome(
        attacker_id=attacker.id,
        target_id=target.id,
        attack_name=attack.name,
        hit=verdict.hit,
        critical=verdict.critical,
        fumble=verdict.fumble,
        natural=roll.natural,
        total=roll.total,
        target_ac=ac,
        cover=setup.cover,
        cover_source=setup.cover_source,
        advantage=bool(adv) and not dis,
        disadvantage=bool(dis) and not adv,
        advantage_sources=adv,
        disadvantage_sources=dis,
        damage=None,
        damage_applied=False,
        target_dropped=False,
        target_died=False,
    )
    damage = 0
    if verdict.hit:
        damage = roll_damage(ruleset, rng, attack, verdict.critical, log, attacker, target)
    band = ruleset.critical_table(draft, setup, outcome, rng, log)
    if verdict.hit:
        if band is not None:
            damage += band.extra_damage
        outcome.damage = damage
        if act.apply_damage:
            hit = Hit(
                target.id,
                damage,
                critical=verdict.critical,
                source_id=attacker.id,
                melee=attack.kind == "melee",
                knockout=act.knockout,
            )
            dealt = ruleset.deal_damage(draft, hit, rng, log)
            outcome.damage_applied = True
            outcome.target_dropped = dealt.dropped
            outcome.target_died = dealt.died
    use_up(draft, attacker.id, target.id, attack, log)
    if band is not None:
        band.apply()
    ruleset.after_attack(draft, setup, outcome, rng, log)
    return outcome


@action(
    "applyDamage",
    summary="Deal damage: temp HP first, then HP, with the death rules at 0 HP.",
    order=30,
)
def apply_damage(
    ruleset: Ruleset, draft: Draft, act: ApplyDamage, rng: Random, log: EventLog
) -> DamageOutcome:
    """Damage from anything: temporary HP first, then HP and the death rules."""
    draft.combatant(act.target_id, "targetId")
    if act.source_id is not None:
        draft.combatant(act.source_id, "sourceId")
    if act.knockout and not (act.melee and act.source_id is not None):
        raise InvalidAction(
            "a knockout is the choice of a melee attacker: set melee and sourceId",
            ("knockout",),
        )
    hit = Hit(
        act.target_id,
        act.amount,
        critical=act.critical,
        source_id=act.source_id,
        melee=act.melee,
        knockout=act.knockout,
    )
    return ruleset.deal_damage(draft, hit, rng, log)

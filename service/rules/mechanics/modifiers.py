"""Advantage, disadvantage and AC that the state gives an attack (``d20.attack.sources``).

Every source is named in the attack's outcome (``advantage_sources`` /
``disadvantage_sources``):

* ``flanking``: advantage on a melee attack (any attack on hexes) when the attacker flanks
  the target (``d20.flank.*``); ``long-range``: disadvantage beyond an attack's normal range;
* ``target-prone``: advantage when the attacker is within 5 ft of a prone target, else
  disadvantage; ``attacker-prone``: disadvantage;
* ``target-unseen``: disadvantage when the attacker can't see the target; ``attacker-unseen``:
  advantage when the target can't see the attacker (see ``Board.can_see``);
* ``target-dodging``: disadvantage when the target is ``dodging``, can see the attacker and
  is not incapacitated (the Dodge action);
* ``target-restrained`` / ``target-stunned`` / ``target-paralyzed`` / ``target-petrified`` /
  ``target-unconscious`` / ``target-asleep``: advantage; ``attacker-restrained``:
  disadvantage;
* ``attacker-squeezing``: disadvantage, ``target-squeezing``: advantage (``d20.size.squeeze``);
* ``attacker-frightened``: disadvantage while the source of its fear (the condition's
  ``source``, when it names a creature of the encounter) is alive and in its sight;
  ``attacker-exhaustion``: disadvantage at exhaustion level 3 or more;
* a lasting :class:`~service.rules.model.Effect`: its ``source`` (e.g. ``crit weapon-fumble
  30-39``), or ``effect`` when it has none.

Effects that count uses lose one each time they apply to an attack (:func:`use_up`).

Ability checks and saving throws go through :func:`~service.rules.mechanics.checks.roll_check`.
"""

from __future__ import annotations

import dataclasses

from ..events import EventLog
from ..model import Attack, Combatant, Cond, Draft, Effect, EffectKind, EffectRoll, Encounter
from .space import Board, living_allies

EXHAUSTION_CHECKS = 1
"""Exhaustion level from which ability checks have disadvantage (d20 base)."""
EXHAUSTION_SPEED_HALVED = 2
EXHAUSTION_ATTACKS_AND_SAVES = 3
EXHAUSTION_HP_MAX_HALVED = 4
EXHAUSTION_SPEED_ZERO = 5
EXHAUSTION_DEATH = 6

PRONE_RANGE_FT = 5
TARGET_ADVANTAGE_CONDITIONS = (
    Cond.RESTRAINED,
    Cond.STUNNED,
    Cond.PARALYZED,
    Cond.PETRIFIED,
    Cond.UNCONSCIOUS,
    Cond.ASLEEP,
)


def reach_of(
    board: Board, attacker: Combatant, target: Combatant, attack: Attack
) -> tuple[bool, bool]:
    """Whether ``attack`` reaches ``target`` from ``attacker`` at all, and whether only at
    long range (``d20.grid.range``)."""
    return reach_at(board.distance_ft(attacker, target), attack)


def reach_at(feet: int, attack: Attack) -> tuple[bool, bool]:
    """:func:`reach_of` for a target ``feet`` away."""
    if attack.kind == "melee":
        return feet <= attack.reach, False
    if attack.range is None:
        return True, False
    longest = max(attack.range, attack.long_range or attack.range)
    return feet <= longest, attack.range < feet <= longest


def attack_sources(
    board: Board, encounter: Encounter, attacker: Combatant, target: Combatant, attack: Attack
) -> tuple[list[str], list[str]]:
    """Every source of advantage and of disadvantage the state gives this attack."""
    adv: list[str] = []
    dis: list[str] = []
    square = encounter.grid.kind == "square"
    if (attack.kind == "melee" or not square) and board.flanks(
        encounter, attacker, target, living_allies(encounter, attacker, target.id)
    ):
        adv.append("flanking")
    feet = board.distance_ft(attacker, target)
    if reach_at(feet, attack)[1]:
        dis.append("long-range")

    mine, theirs = bool(attacker.conditions), bool(target.conditions)
    if theirs and target.has(Cond.PRONE):
        (adv if feet <= PRONE_RANGE_FT else dis).append("target-prone")
    if mine and attacker.has(Cond.PRONE):
        dis.append("attacker-prone")

    attacker_sees = board.can_see(encounter, attacker, target)
    target_sees = board.can_see(encounter, target, attacker)
    if not attacker_sees:
        dis.append("target-unseen")
    if not target_sees:
        adv.append("attacker-unseen")
    if theirs and target.has(Cond.DODGING) and target_sees and not target.incapacitated:
        dis.append("target-dodging")

    if theirs:
        for name in TARGET_ADVANTAGE_CONDITIONS:
            if target.has(name):
                adv.append(f"target-{name}")

    if mine and attacker.has(Cond.RESTRAINED):
        dis.append("attacker-restrained")
    if mine and attacker.has(Cond.SQUEEZING):
        dis.append("attacker-squeezing")
    if theirs and target.has(Cond.SQUEEZING):
        adv.append("target-squeezing")
    if mine and afraid(board, encounter, attacker):
        dis.append("attacker-frightened")
    if attacker.exhaustion >= EXHAUSTION_ATTACKS_AND_SAVES:
        dis.append("attacker-exhaustion")

    if not (attacker.effects or target.effects):
        return adv, dis
    for effect in attack_effects(encounter, attacker, target, attack):
        (adv if effect.kind == EffectKind.ADVANTAGE else dis).append(effect.source or "effect")
    return adv, dis


def afraid(board: Board, encounter: Encounter, c: Combatant) -> bool:
    """Frightened, with the source of its fear in sight: a creature of the encounter, alive
    and seen, or a source the encounter does not hold (a spell, a place)."""
    known: dict[str, Combatant] | None = None
    for condition in c.conditions:
        if condition.name != Cond.FRIGHTENED:
            continue
        source = None
        if condition.source is not None:
            if known is None:
                known = {other.id: other for other in encounter.combatants}
            source = known.get(condition.source)
        if source is None or (not source.dead and board.can_see(encounter, c, source)):
            return True
    return False


def effect_active(encounter: Encounter, effect: Effect) -> bool:
    """Started (``starts_round``) and not used up. Durations are expired elsewhere."""
    if effect.starts_round is not None and encounter.round < effect.starts_round:
        return False
    return effect.uses is None or effect.uses > 0


def attack_effects(
    encounter: Encounter, attacker: Combatant, target: Combatant, attack: Attack
) -> list[Effect]:
    """The advantage/disadvantage effects that apply to this attack: the attacker's own
    (``attack``; ``spell-attack`` only for spell attacks) and the target's
    ``attacks-against``, each restricted by ``against``."""
    rolls = (
        (EffectRoll.ATTACK, EffectRoll.SPELL_ATTACK)
        if attack.kind == "spell"
        else (EffectRoll.ATTACK,)
    )
    modes = (EffectKind.ADVANTAGE, EffectKind.DISADVANTAGE)
    found: list[Effect] = []
    for effect in attacker.effects:
        if (
            effect.kind in modes
            and effect.roll in rolls
            and effect.against in (None, target.id)
            and effect_active(encounter, effect)
        ):
            found.append(effect)
    for effect in target.effects:
        if (
            effect.kind in modes
            and effect.roll == EffectRoll.ATTACKS_AGAINST
            and effect.against in (None, attacker.id)
            and effect_active(encounter, effect)
        ):
            found.append(effect)
    return found


def ac_bonus(encounter: Encounter, attacker: Combatant, target: Combatant) -> int:
    """AC the target gains against this attacker: its ``ac-bonus`` effects that are active
    and either unrestricted or ``against`` this attacker."""
    total = 0
    for effect in target.effects:
        if (
            effect.kind == EffectKind.AC_BONUS
            and effect.against in (None, attacker.id)
            and effect_active(encounter, effect)
        ):
            total += effect.value
    return total


def blocked_components(encounter: Encounter, c: Combatant) -> list[str]:
    """The spell components ``c`` can't provide now (its active ``blocked-component``
    effects, each naming one in ``note``)."""
    return [
        e.note
        for e in c.effects
        if e.kind == EffectKind.BLOCKED_COMPONENT and e.note and effect_active(encounter, e)
    ]


def use_up(draft: Draft, attacker_id: str, target_id: str, attack: Attack, log: EventLog) -> None:
    """Effects with ``uses`` that applied to this attack lose one use; at 0 they end."""
    enc = draft.encounter
    used = attack_effects(enc, draft.get(attacker_id), draft.get(target_id), attack)
    if not used:
        return
    for holder_id in (attacker_id, target_id):
        holder = draft.get(holder_id)
        spent = [e for e in holder.effects if e.uses is not None and any(e is u for u in used)]
        if not spent:
            continue
        holder = draft.edit(holder_id)
        kept: list[Effect] = []
        for effect in holder.effects:
            if any(effect is s for s in spent) and effect.uses is not None:
                if effect.uses > 1:
                    kept.append(dataclasses.replace(effect, uses=effect.uses - 1))
                else:
                    log.note(
                        "effect-ended",
                        f"{effect.source or effect.kind} is used up",
                        actor=attacker_id,
                        target=holder_id,
                        rule="d20.attack.sources",
                    )
                continue
            kept.append(effect)
        holder.effects = kept

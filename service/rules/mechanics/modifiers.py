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
* ``attacker-poisoned``: disadvantage (``d20.cond``);
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
from collections.abc import Iterator

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
    """Every source of advantage and of disadvantage the state gives this attack, each list
    in the order the module's docstring names them."""
    found = _Sources(board, encounter, attacker, target)
    found.weigh_position(attack)
    found.weigh_sight()
    found.weigh_conditions()
    found.weigh_effects(attack)
    return found.adv, found.dis


class _Sources:
    """The sources of advantage (``adv``) and disadvantage (``dis``) of one attack,
    gathered step by step."""

    __slots__ = ("adv", "attacker", "board", "dis", "encounter", "mine", "target", "theirs")

    def __init__(
        self, board: Board, encounter: Encounter, attacker: Combatant, target: Combatant
    ) -> None:
        self.board = board
        self.encounter = encounter
        self.attacker = attacker
        self.target = target
        self.adv: list[str] = []
        self.dis: list[str] = []
        self.mine = bool(attacker.conditions)
        self.theirs = bool(target.conditions)

    def weigh_position(self, attack: Attack) -> None:
        """Flanking, long range, prone."""
        board, encounter, attacker, target = self.board, self.encounter, self.attacker, self.target
        square = encounter.grid.kind == "square"
        if (attack.kind == "melee" or not square) and board.flanks(
            encounter, attacker, target, living_allies(encounter, attacker, target.id)
        ):
            self.adv.append("flanking")
        feet = board.distance_ft(attacker, target)
        if reach_at(feet, attack)[1]:
            self.dis.append("long-range")
        if self.theirs and target.has(Cond.PRONE):
            (self.adv if feet <= PRONE_RANGE_FT else self.dis).append("target-prone")
        if self.mine and attacker.has(Cond.PRONE):
            self.dis.append("attacker-prone")

    def weigh_sight(self) -> None:
        """Who can't see whom, and a target dodging an attacker it sees."""
        board, encounter, attacker, target = self.board, self.encounter, self.attacker, self.target
        attacker_sees = board.can_see(encounter, attacker, target)
        target_sees = board.can_see(encounter, target, attacker)
        if not attacker_sees:
            self.dis.append("target-unseen")
        if not target_sees:
            self.adv.append("attacker-unseen")
        if self.theirs and target.has(Cond.DODGING) and target_sees and not target.incapacitated:
            self.dis.append("target-dodging")

    def weigh_conditions(self) -> None:
        """The conditions of the target, then of the attacker, and its exhaustion."""
        attacker, target = self.attacker, self.target
        if self.theirs:
            for name in TARGET_ADVANTAGE_CONDITIONS:
                if target.has(name):
                    self.adv.append(f"target-{name}")
        if self.mine and attacker.has(Cond.RESTRAINED):
            self.dis.append("attacker-restrained")
        if self.mine and attacker.has(Cond.SQUEEZING):
            self.dis.append("attacker-squeezing")
        if self.theirs and target.has(Cond.SQUEEZING):
            self.adv.append("target-squeezing")
        if self.mine and afraid(self.board, self.encounter, attacker):
            self.dis.append("attacker-frightened")
        if self.mine and attacker.has(Cond.POISONED):
            self.dis.append("attacker-poisoned")
        if attacker.exhaustion >= EXHAUSTION_ATTACKS_AND_SAVES:
            self.dis.append("attacker-exhaustion")

    def weigh_effects(self, attack: Attack) -> None:
        """The lasting effects on either creature that apply to this attack."""
        if not (self.attacker.effects or self.target.effects):
            return
        for effect in attack_effects(self.encounter, self.attacker, self.target, attack):
            side = self.adv if effect.kind == EffectKind.ADVANTAGE else self.dis
            side.append(effect.source or "effect")


CLOSE_CRITICAL_CONDITIONS = (Cond.PARALYZED, Cond.UNCONSCIOUS)
CLOSE_CRITICAL_FT = 5


def hits_are_critical(board: Board, attacker: Combatant, target: Combatant) -> bool:
    """``d20.cond``: a hit on a paralyzed or unconscious creature from an attacker within
    5 ft is a critical hit (doubled dice; two death-save failures at 0 HP), in every ruleset
    and on every path (resolution, opportunity and readied attacks, the odds)."""
    if not any(target.has(name) for name in CLOSE_CRITICAL_CONDITIONS):
        return False
    return board.distance_ft(attacker, target) <= CLOSE_CRITICAL_FT


def afraid(board: Board, encounter: Encounter, c: Combatant) -> bool:
    """Frightened, with the source of its fear in sight: a creature of the encounter, alive
    and seen, or a source the encounter does not hold (a spell, a place)."""
    return any(True for _ in _fears(board, encounter, c))


def fear_sources(board: Board, encounter: Encounter, c: Combatant) -> list[Combatant]:
    """The creatures of the encounter ``c`` is frightened of that are alive and in its sight
    (``d20.cond``: it can't willingly move closer to them)."""
    return [source for source in _fears(board, encounter, c) if source is not None]


def _fears(board: Board, encounter: Encounter, c: Combatant) -> Iterator[Combatant | None]:
    """Each source of ``c``'s fear that frightens it now: a creature alive and seen, or None
    for a source the encounter does not hold."""
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
            yield source


def effect_active(encounter: Encounter, effect: Effect) -> bool:
    """Started (``starts_round``; a ``from_next_turn`` duration once its creature's next turn
    has started) and not used up. Durations are expired elsewhere."""
    if effect.starts_round is not None and encounter.round < effect.starts_round:
        return False
    d = effect.duration
    if d is not None and d.from_next_turn and d.turns_started < 1:
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

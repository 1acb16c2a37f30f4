"""The base ruleset, the registry of rulesets, and :func:`apply`, the engine's one entry point.

The base ruleset implements the ``d20`` rules that the other rulesets inherit (RULES.md:
"where a seed is silent, the d20 rules are the base"). A ruleset changes behaviour by
overriding class flags (dice, thresholds, size ladder) and hook methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar

from . import dice
from .actions import (
    ACTIONS_BY_TYPE,
    Action,
    ApplyDamage,
    AttackOutcome,
    CoverSource,
    DamageOutcome,
    InitiativeOutcome,
    Outcome,
    ResolveAttack,
    RollInitiative,
)
from .damage import deal_damage
from .errors import IllegalAction, InvalidAction, NotSupported, UnknownRuleset
from .events import Event, EventLog, Roll
from .state import (
    Attack,
    Combatant,
    CoverDegree,
    Draft,
    Encounter,
    Grid,
    InitiativeEntry,
    Spend,
)
from .validate import check_dice, validate_encounter

COVER_AC = {"none": 0, "half": 2, "three-quarters": 5}


class SimpleGeometry:
    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.blocked = {c.key() for c in grid.blocked}

    def in_bounds(self, cell: tuple[int, int]) -> bool:
        return 0 <= cell[0] < self.grid.width and 0 <= cell[1] < self.grid.height

    def is_blocked(self, cell: tuple[int, int]) -> bool:
        return cell in self.blocked


@dataclass(slots=True)
class Result:
    """What an action produced: the new encounter, the log, and a summary."""

    encounter: Encounter
    events: list[Event]
    outcome: Outcome


class Ruleset:
    """The d20 base. Subclasses set ``id`` and override flags and hooks."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    supported: ClassVar[bool] = True

    attack_die: ClassVar[int] = 20
    critical_min: ClassVar[int] = 20
    """A natural roll at or above this hits and is a critical hit."""
    fumble_max: ClassVar[int] = 1
    """A natural roll at or below this misses."""
    initiative_die: ClassVar[int] = 20
    instant_death_multiplier: ClassVar[int] = 2
    instant_death_rule: ClassVar[str] = "d20.death.instant"
    sizes: ClassVar[tuple[str, ...]] = ("tiny", "small", "medium", "large", "huge", "gargantuan")
    square_extent: ClassVar[dict[str, int]] = {
        "tiny": 1,
        "small": 1,
        "medium": 1,
        "large": 2,
        "huge": 3,
        "gargantuan": 4,
    }
    """Side of a creature's space in 5-ft squares, by size."""

    # -- geometry ------------------------------------------------------------------------

    def geometry(self, grid: Grid) -> SimpleGeometry:
        return SimpleGeometry(grid)

    def space(self, geometry: SimpleGeometry, c: Combatant) -> list[tuple[int, int]]:
        """The cells a combatant occupies."""
        n = self.square_extent[c.size]
        x, y = c.position.x, c.position.y
        if geometry.grid.kind == "hex":
            return [(x, y)]
        return [(x + dx, y + dy) for dy in range(n) for dx in range(n)]

    # -- the actions ---------------------------------------------------------------------

    def roll_initiative(
        self, draft: Draft, action: RollInitiative, rng: Random, log: EventLog
    ) -> InitiativeOutcome:
        """``d20.init.roll``: d20 + initiative bonus each; ties by higher bonus, then a roll-off."""
        enc = draft.encounter
        for i, cid in enumerate(action.surprised):
            if not any(c.id == cid for c in enc.combatants):
                raise InvalidAction(f"no combatant with id {cid!r}", ("surprised", i))
        rolled: list[tuple[int, int, Combatant]] = []
        for c in enc.combatants:
            if c.dead:
                continue
            roll = dice.roll_die(self.initiative_die, rng, "initiative", c.initiative_bonus)
            log.rolled(
                roll,
                f"{c.name} rolls {roll.total} for initiative",
                actor=c.id,
                rule="d20.init.roll",
            )
            rolled.append((roll.total, c.initiative_bonus, c))
        entries = self._order(rolled, rng, log)
        enc.order = entries
        enc.round = 1
        enc.turn_of = None
        for c in list(draft):
            fresh = draft.edit(c.id)
            self.reset_budget(fresh)
            if c.id in action.surprised:
                self.surprise(fresh, log)
        if entries:
            self.start_turn(draft, entries[0].combatant_id, log)
        return InitiativeOutcome(list(entries), enc.round, enc.turn_of)

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
        ac = target.ac + COVER_AC[cover]
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
                result = deal_damage(
                    self,
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
        return deal_damage(
            self,
            draft,
            log,
            action.target_id,
            action.amount,
            critical=action.critical,
            source_id=action.source_id,
            melee=action.melee,
            knockout=action.knockout,
        )

    # -- hooks ---------------------------------------------------------------------------

    def check_can_attack(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> None:
        """Refuse an attack the rules forbid (a downed attacker, a dead target...)."""
        if attacker.dead or attacker.incapacitated:
            state = "dead" if attacker.dead else "incapacitated"
            raise IllegalAction(f"{attacker.name} is {state} and can't attack", "d20.hp.zero")
        if target.dead:
            raise IllegalAction(f"{target.name} is already dead", "d20.hp.zero")

    def cover(
        self, draft: Draft, attacker: Combatant, target: Combatant, stated: CoverDegree | None
    ) -> tuple[CoverDegree, CoverSource]:
        """The cover degree and where it came from (``stated`` by the DM wins)."""
        if stated is not None:
            return stated, "stated"
        return "none", "none"

    def attack_modifiers(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> tuple[list[str], list[str]]:
        """The sources of advantage and of disadvantage the state gives this attack."""
        return [], []

    def roll_attack(self, rng: Random, attack: Attack, advantage: bool, disadvantage: bool) -> Roll:
        """Advantage and disadvantage cancel, whatever their counts."""
        if advantage and not disadvantage:
            return dice.roll_keep(
                self.attack_die, rng, "attack", highest=True, modifier=attack.bonus
            )
        if disadvantage and not advantage:
            return dice.roll_keep(
                self.attack_die, rng, "attack", highest=False, modifier=attack.bonus
            )
        return dice.roll_die(self.attack_die, rng, "attack", attack.bonus)

    def roll_damage(
        self,
        rng: Random,
        attack: Attack,
        critical: bool,
        log: EventLog,
        attacker: Combatant,
        target: Combatant,
    ) -> int:
        """``d20.crit.damage``: a critical hit rolls every damage die twice."""
        roll = dice.roll(attack.damage, rng, "damage", dice_multiplier=2 if critical else 1)
        log.rolled(
            roll,
            f"{attack.name} deals {max(0, roll.total)} damage"
            + (" (critical: dice doubled)" if critical else ""),
            actor=attacker.id,
            target=target.id,
            rule="d20.crit.damage" if critical else None,
        )
        return max(0, roll.total)

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
        """Whatever a ruleset does once an attack is resolved (the critical tables...)."""

    def on_damaged(self, draft: Draft, target: Combatant, log: EventLog) -> None:
        """``until_damaged`` durations end when their holder takes damage."""
        before = len(target.conditions)
        target.conditions = [
            c for c in target.conditions if not (c.duration and c.duration.until_damaged)
        ]
        if len(target.conditions) != before:
            log.note(
                "condition-ended",
                f"damage ends {target.name}'s conditions that last until damaged",
                target=target.id,
            )

    def reset_budget(self, c: Combatant) -> None:
        """A fresh turn: action, bonus action, reaction, full movement, one object interaction."""
        b = c.budget
        b.action = b.bonus_action = b.reaction = b.object_interaction = True
        b.movement = c.speed
        b.attacks_left = 0

    def surprise(self, c: Combatant, log: EventLog) -> None:
        from .state import Condition, Duration

        c.conditions.append(Condition("surprised", None, Duration("end", c.id, 1)))
        c.budget.reaction = False
        log.note("surprised", f"{c.name} is surprised", target=c.id, rule="d20.order.surprise")

    def start_turn(self, draft: Draft, combatant_id: str, log: EventLog) -> None:
        draft.encounter.turn_of = combatant_id
        c = draft.edit(combatant_id)
        self.reset_budget(c)
        if c.has("surprised"):
            c.budget.action = c.budget.bonus_action = False
            c.budget.movement = 0
            c.budget.reaction = False
        log.note(
            "turn-start",
            f"round {draft.encounter.round}: {c.name}'s turn",
            actor=combatant_id,
            rule="d20.order.steps",
        )

    def spend(self, draft: Draft, combatant_id: str, what: Spend, log: EventLog) -> None:
        """Use up part of a combatant's turn budget, or refuse (``d20.turn.economy``)."""
        if what == "free":
            return
        enc = draft.encounter
        c = draft.get(combatant_id)
        if what != "reaction" and enc.turn_of is not None and enc.turn_of != combatant_id:
            raise IllegalAction(
                f"it is {enc.combatant(enc.turn_of).name}'s turn, not {c.name}'s",
                "d20.turn.economy",
            )
        c = draft.edit(combatant_id)
        b = c.budget
        if what == "action":
            if b.attacks_left > 0:
                b.attacks_left -= 1
            elif b.action:
                b.action = False
                b.attacks_left = c.attacks_per_action - 1
            else:
                raise IllegalAction(f"{c.name} has no action left this turn", "d20.turn.economy")
        elif what == "bonus-action":
            if not b.bonus_action:
                raise IllegalAction(
                    f"{c.name} has no bonus action left this turn", "d20.turn.economy"
                )
            b.bonus_action = False
        elif what == "reaction":
            if not b.reaction:
                raise IllegalAction(f"{c.name} has already used its reaction", "d20.turn.economy")
            b.reaction = False

    # -- helpers -------------------------------------------------------------------------

    def _order(
        self, rolled: list[tuple[int, int, Combatant]], rng: Random, log: EventLog
    ) -> list[InitiativeEntry]:
        """Sort by total, then bonus; a roll-off (d20, again until distinct) breaks the rest."""
        rolled.sort(key=lambda t: (-t[0], -t[1]))
        entries: list[InitiativeEntry] = []
        i = 0
        while i < len(rolled):
            j = i
            while j < len(rolled) and rolled[j][:2] == rolled[i][:2]:
                j += 1
            tied = [t[2] for t in rolled[i:j]]
            for c, tiebreak in self._roll_off(tied, rng, log):
                entries.append(InitiativeEntry(c.id, rolled[i][0], tiebreak))
            i = j
        return entries

    def _roll_off(
        self, tied: list[Combatant], rng: Random, log: EventLog
    ) -> list[tuple[Combatant, int]]:
        if len(tied) == 1:
            return [(tied[0], 0)]
        while True:
            rolls = [(rng.randint(1, 20), c) for c in tied]
            if len({r for r, _ in rolls}) == len(rolls):
                break
        names = ", ".join(f"{c.name} {r}" for r, c in rolls)
        log.note(
            "initiative-tie",
            f"roll-off for a tie: {names}",
            rule="d20.init.roll",
            rolls={c.id: r for r, c in rolls},
        )
        rolls.sort(key=lambda t: -t[0])
        return [(c, r) for r, c in rolls]

    def _combatant(self, draft: Draft, combatant_id: str, field: str) -> Combatant:
        try:
            return draft.get(combatant_id)
        except InvalidAction as e:
            raise e.at(field) from None

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


class Unsupported(Ruleset):
    """A ruleset that is known but not implemented yet: every action says so clearly."""

    supported = False


REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    REGISTRY[ruleset.id] = ruleset
    return ruleset


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The registered ruleset with this id; :class:`UnknownRuleset` names the known ones."""
    try:
        return REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise UnknownRuleset(
            f"unknown ruleset {ruleset_id!r}; known rulesets: {known}", ("ruleset",)
        ) from None


def apply(encounter: Encounter, action: Action, rng: Random) -> Result:
    """Apply ``action`` to ``encounter`` with random numbers from ``rng``.

    Pure: ``encounter`` is left untouched; the result holds a new one. Raises
    :class:`InvalidAction` (paths relative to the request: ``encounter.…`` for the state,
    the action's own field names otherwise) or :class:`IllegalAction`.
    """
    try:
        ruleset = find_ruleset(encounter.ruleset)
    except InvalidAction as e:
        raise e.at("encounter") from None
    spec = ACTIONS_BY_TYPE[type(action)]
    if not ruleset.supported:
        raise NotSupported(
            f"the {ruleset.id} ruleset ({ruleset.title}) is not supported yet",
            ("encounter", "ruleset"),
        )
    validate_encounter(encounter, ruleset)
    handler: Callable[[Draft, Any, Random, EventLog], Outcome] = getattr(ruleset, spec.method)
    draft = Draft(encounter)
    log = EventLog()
    outcome = handler(draft, action, rng, log)
    return Result(draft.finish(), log.events, outcome)

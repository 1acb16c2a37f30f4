"""The core every ruleset part builds on: flags, the turn budget, and default hooks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from random import Random
from typing import ClassVar

from . import dice
from .actions import AttackOutcome, CoverSource, DamageOutcome, ResolveAttack
from .damage import deal_damage
from .errors import IllegalAction, InvalidAction
from .events import EventLog, Roll
from .grid import Cell, Geometry
from .state import Attack, Combatant, Condition, CoverDegree, Draft, Duration, Grid, Spend
from .validate import check_dice

COVER_AC = {"none": 0, "half": 2, "three-quarters": 5}


@lru_cache(maxsize=64)
def _geometry(
    kind: str,
    width: int,
    height: int,
    orientation: str,
    blocked: tuple[tuple[int, int], ...],
    difficult: tuple[tuple[int, int], ...],
) -> Geometry:
    return Geometry(
        kind, width, height, blocked=blocked, difficult=difficult, orientation=orientation
    )


@dataclass(slots=True)
class AttackSetup:
    """Everything an attack roll depends on, decided before the die is rolled."""

    attacker: Combatant
    target: Combatant
    attack: Attack
    cover: CoverDegree
    cover_source: CoverSource
    advantage: list[str]
    disadvantage: list[str]
    ac: int
    """The AC to meet: the target's, plus cover, plus AC effects against this attacker."""


class RulesetCore:
    """Flags, shared helpers and default hooks that every part of a ruleset builds on."""

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
    critical_damage: ClassVar[str] = "double-dice"
    """What a critical hit does to damage: ``double-dice`` (d20) or ``half-again`` (d100)."""
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

    def geometry(self, grid: Grid) -> Geometry:
        """The map's geometry (built once per distinct map and cached)."""
        return _geometry(
            grid.kind,
            grid.width,
            grid.height,
            grid.hex_orientation,
            tuple(c.key() for c in grid.blocked),
            tuple(c.key() for c in grid.difficult),
        )

    def board(self, draft: Draft) -> Geometry:
        """The geometry of the draft's map, built (or found in the cache) once per action:
        :meth:`geometry` rebuilds its cache key from every blocked cell on each call."""
        geometry: Geometry | None = draft.geometry
        if geometry is None:
            geometry = draft.geometry = self.geometry(draft.encounter.grid)
        return geometry

    def space(self, geometry: Geometry, c: Combatant) -> tuple[Cell, ...]:
        """The cells a combatant occupies: its explicit footprint, or its size's."""
        if c.footprint:
            return tuple(cell.key() for cell in c.footprint)
        extent = self.square_extent[c.size]
        if extent == 1:  # the anchor alone, on squares and hexes (the common case: fast)
            position = c.position
            return ((position.x, position.y),)
        return geometry.footprint(c.position.key(), extent)

    def distance_ft(self, draft: Draft, a: Combatant, b: Combatant) -> int:
        """Feet between two creatures' spaces by the counting rule (``d20.grid.range``)."""
        geometry = self.board(draft)
        return geometry.space_distance(self.space(geometry, a), self.space(geometry, b)) * 5

    def in_heavy_obscurement(self, draft: Draft, c: Combatant) -> bool:
        """Whether any cell of ``c``'s space lies in a heavily obscured area."""
        areas = [a for a in draft.encounter.areas if a.kind == "heavily-obscured"]
        if not areas:
            return False
        geometry = self.board(draft)
        cells = self.space(geometry, c)
        return any(
            geometry.distance(area.center.key(), cell) * 5 <= area.radius
            for area in areas
            for cell in cells
        )

    def can_see(self, draft: Draft, viewer: Combatant, seen: Combatant) -> bool:
        """Whether ``viewer`` can see ``seen``. No facing (``d20.facing.none``): a creature
        sees all around unless it is blinded, unconscious or asleep, the other is invisible
        or hidden, either stands in a heavily obscured area, or walls block every line
        between them (memoised for the action; creatures side by side always have one)."""
        if viewer.has("blinded") or viewer.unconscious or viewer.has("asleep"):
            return False
        if seen.has("invisible") or seen.has("hidden"):
            return False
        if self.in_heavy_obscurement(draft, seen) or self.in_heavy_obscurement(draft, viewer):
            return False
        geometry = self.board(draft)
        a, b = self.space(geometry, viewer), self.space(geometry, seen)
        if geometry.space_distance(a, b) <= 1:
            return True  # side by side: nothing fills a cell between them
        key = (a, b) if a <= b else (b, a)
        sight = draft.sight.get(key)
        if sight is None:
            sight = draft.sight[key] = geometry.has_line_of_sight(a, b)
        return sight

    def size_rank(self, c: Combatant) -> int:
        """Where the combatant's size stands on this ruleset's ladder (Tiny is 0)."""
        return self.sizes.index(c.size)

    def prepare_attack(self, draft: Draft, action: ResolveAttack) -> AttackSetup:
        """Who attacks whom with what, against which AC, with which sources of advantage:
        the same for a real attack and for its odds. Refuses what the rules refuse (an
        attack on itself, out of reach, total cover...); spends nothing."""
        attacker = self._combatant(draft, action.attacker_id, "attackerId")
        target = self._combatant(draft, action.target_id, "targetId")
        if attacker.id == target.id:
            raise InvalidAction("a combatant can't attack itself", ("targetId",))
        attack = self.pick_attack(attacker, action)
        self.check_can_attack(draft, attacker, target, attack)
        cover, cover_source = self.cover(draft, attacker, target, action.cover)
        if cover == "total":
            raise IllegalAction(
                f"{target.name} has total cover from {attacker.name} and can't be targeted",
                "d20.attack.total-cover",
            )
        adv, dis = self.attack_modifiers(draft, attacker, target, attack)
        if action.advantage:
            adv.append("caller")
        if action.disadvantage:
            dis.append("caller")
        ac = target.ac + COVER_AC[cover] + self.ac_bonus(draft, attacker, target)
        return AttackSetup(attacker, target, attack, cover, cover_source, adv, dis, ac)

    def pick_attack(self, attacker: Combatant, action: ResolveAttack) -> Attack:
        """The inline ``attack``, the attacker's attack named ``attack_name``, or its first."""
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

    def damage(
        self,
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
        """Deal damage now; every attack and action goes through here, so a ruleset can
        change when damage lands (d10 holds it until a simultaneous step ends)."""
        return deal_damage(
            self,
            draft,
            log,
            target_id,
            amount,
            critical=critical,
            source_id=source_id,
            melee=melee,
            knockout=knockout,
        )

    def end_turn(self, draft: Draft, combatant_id: str, log: EventLog, expired: list[str]) -> None:
        """What happens as ``combatant_id``'s turn ends (durations, surprise...)."""

    def begin_round(self, draft: Draft, log: EventLog, expired: list[str]) -> None:
        """What happens as a new round begins (``rounds`` durations, d10 reactions...)."""

    def ac_bonus(self, draft: Draft, attacker: Combatant, target: Combatant) -> int:
        """AC the target gains against this attacker from lasting effects."""
        return 0

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
        b.movement = self.turn_speed(c)
        b.attacks_left = 0

    def turn_speed(self, c: Combatant) -> int:
        """The movement a turn starts with: speed, halved by a ``speed-halved`` effect."""
        if any(e.kind == "speed-halved" for e in c.effects):
            return c.speed // 2
        return c.speed

    def surprise(self, c: Combatant, log: EventLog) -> None:
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

    def _combatant(self, draft: Draft, combatant_id: str, field: str) -> Combatant:
        try:
            return draft.get(combatant_id)
        except InvalidAction as e:
            raise e.at(field) from None

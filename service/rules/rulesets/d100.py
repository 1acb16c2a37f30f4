"""The ``d100`` ruleset (seed 002): percentile attacks on the d20 base.

What differs from the base (RULES.md, ``d100.*``):

* attacks roll d100 + bonus against AC plus cover; a natural 100 always hits for +50% damage
  (rounded down) instead of doubled dice; a natural 5 or lower always misses and the weapon
  loses 1d10 condition, and a weapon at condition 0 can't attack until repaired;
* guns and energy weapons spend one round a shot and refuse to fire empty (``reload``);
* seven sizes, Colossal between Huge and Gargantuan; instant death once (not twice) max HP;
* the order of combat comes from positions (an entry point) or a declared order, no roll;
* shove, grapple, escape and release; search, repair; hiding against the DM's DC;
* carrying: speed drops to 5 ft above carrying capacity; dragging a grappled creature halves
  speed unless it is two or more sizes smaller.

Decisions where the seed is silent are written on the function that makes them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from random import Random
from typing import Annotated, Any, ClassVar, Literal

from annotated_types import Ge, Le, Len

from .. import dice
from ..actions import ActionSpec, AttackOutcome, InitiativeOutcome, RollInitiative, register_action
from ..combat_actions import Hide, HideOutcome
from ..errors import IllegalAction, InvalidAction
from ..events import EventLog, Roll
from ..ruleset import Ruleset
from ..state import (
    Attack,
    Cell,
    Combatant,
    Condition,
    Draft,
    Encounter,
    Id,
    InitiativeEntry,
    Spend,
)

SIZES: tuple[str, ...] = ("tiny", "small", "medium", "large", "huge", "colossal", "gargantuan")
"""``d100.size.space``: seven sizes; size steps count Colossal."""

SQUARE_EXTENT: dict[str, int] = {
    "tiny": 1,
    "small": 1,
    "medium": 1,
    "large": 2,
    "huge": 4,
    "colossal": 6,
    "gargantuan": 10,
}
"""``d100.size.space`` on 5-ft squares: Tiny 1 ft, Small 2.5 ft and Medium 5 ft fill one
square; Large 10 ft 2x2, Huge 20 ft 4x4, Colossal 30 ft 6x6, Gargantuan 50 ft 10x10."""


# --------------------------------------------------------------------------------------------
# Actions: parameters and outcomes


@dataclass(slots=True)
class Reload:
    """``d100.action.reload``: one action reloads one gun or energy weapon from carried rounds."""

    combatant_id: Id
    attack_name: Annotated[str, Len(1, 80)]
    """The weapon: one of the combatant's attacks with ``ammo`` and ``ammoType``."""


@dataclass(slots=True)
class ReloadOutcome:
    """How many rounds went in, what the weapon holds and what is left in the pouch."""

    combatant_id: str
    attack_name: str
    loaded: int
    ammo: int
    capacity: int
    carried_left: int


@dataclass(slots=True)
class Repair:
    """``d100.action.repair``: a repair check (d20 + repair skill, or Intelligence) against
    ``dc``; success restores the weapon's condition to its maximum, or by ``amount``."""

    combatant_id: Id
    attack_name: Annotated[str, Len(1, 80)]
    """The weapon to repair: one of the combatant's attacks with a tracked ``condition``."""
    dc: Annotated[int, Ge(0), Le(100)] = 10
    """The DC the DM sets for the repair check."""
    amount: Annotated[int, Ge(1), Le(1000)] | None = None
    """Condition restored on a success (capped at ``maxCondition``); omitted: all of it."""


@dataclass(slots=True)
class RepairOutcome:
    """The repair check and the weapon's condition after it."""

    combatant_id: str
    attack_name: str
    success: bool
    total: int
    dc: int
    condition: int
    max_condition: int | None


@dataclass(slots=True)
class Shove:
    """``d100.shove``: replaces one attack of the Attack action; knock prone or push 5 ft."""

    attacker_id: Id
    target_id: Id
    mode: Literal["prone", "push"] = "prone"
    spend: Spend = "action"
    """Like an attack: one attack of the Attack action by default."""


@dataclass(slots=True)
class Grapple:
    """``d100.grapple``: replaces one attack; needs a free hand; success: grappled."""

    attacker_id: Id
    target_id: Id
    free_hand: bool = True
    """Whether the grappler has a hand free; false is refused."""
    spend: Spend = "action"


@dataclass(slots=True)
class EscapeGrapple:
    """``d100.grapple.escape``: the grappled creature's action, unarmed against unarmed."""

    combatant_id: Id
    grappler_id: Id | None = None
    """Which grapple to break; omitted: the only one (refused when there are several)."""


@dataclass(slots=True)
class ReleaseGrapple:
    """``d100.grapple``: the grappler lets go, no action required."""

    grappler_id: Id
    target_id: Id


@dataclass(slots=True)
class ContestOutcome:
    """A shove, grapple, escape or release: the contest (if any) and what it did."""

    actor_id: str
    target_id: str
    success: bool
    automatic: bool
    """Decided without rolls (an incapacitated target or grappler, or a release)."""
    actor_total: int | None
    target_total: int | None
    result: str
    """``prone``, ``pushed``, ``push-blocked``, ``grappled``, ``escaped``, ``released`` or
    ``failed``."""
    position: Cell | None = None
    """Where a pushed target ended up."""


@dataclass(slots=True)
class Search:
    """``d100.action.search`` (+ ``d100.hide.contest``): look for hidden creatures against
    the DM's DC, and/or make the scavenging check the DM asks for."""

    combatant_id: Id
    dc: Annotated[int, Ge(-100), Le(1000)] | None = None
    """The DM's DC for this search: a hidden hostile creature is found when the DC is at least
    its Stealth total."""
    scavenging_dc: Annotated[int, Ge(-100), Le(1000)] | None = None
    """When the DM asks for a scavenging check: d20 + the ``scavenging`` skill (Wisdom)."""


@dataclass(slots=True)
class SearchOutcome:
    """Who was found, who stays hidden, and the scavenging check if one was made."""

    combatant_id: str
    found: list[str] = field(default_factory=list)
    still_hidden: list[str] = field(default_factory=list)
    scavenging_total: int | None = None
    scavenging_success: bool | None = None


D100_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "reload",
        "reload",
        Reload,
        ReloadOutcome,
        "reload",
        "d100: reload a gun or energy weapon from the rounds carried (an action).",
    ),
    ActionSpec(
        "repair",
        "repair",
        Repair,
        RepairOutcome,
        "repair",
        "d100: a repair check against a DC restores a weapon's condition (an action).",
    ),
    ActionSpec(
        "shove",
        "shove",
        Shove,
        ContestOutcome,
        "shove",
        "d100: shove a creature prone or 5 ft away (replaces one attack).",
    ),
    ActionSpec(
        "grapple",
        "grapple",
        Grapple,
        ContestOutcome,
        "grapple",
        "d100: grapple a creature (replaces one attack, needs a free hand).",
    ),
    ActionSpec(
        "escapeGrapple",
        "escape-grapple",
        EscapeGrapple,
        ContestOutcome,
        "escape_grapple",
        "d100: escape a grapple, unarmed check against the grappler's (an action).",
    ),
    ActionSpec(
        "releaseGrapple",
        "release-grapple",
        ReleaseGrapple,
        ContestOutcome,
        "release_grapple",
        "d100: let go of a grappled creature (no action).",
    ),
    ActionSpec(
        "search",
        "search",
        Search,
        SearchOutcome,
        "search",
        "d100: search for hidden creatures against the DM's DC; optional scavenging check.",
    ),
)

for _spec in D100_ACTIONS:
    register_action(_spec)


# --------------------------------------------------------------------------------------------
# Pure helpers


def size_index(size: str) -> int:
    """The step of a size on the seven-size ladder (Colossal counts)."""
    return SIZES.index(size)


def carrying_capacity(c: Combatant) -> int:
    """``d100.carry``: the stated capacity, else Strength score x 15 lb (the d20 base).

    Decision: with no Strength score either, the score is read back from the Strength
    modifier (10 + 2 x modifier)."""
    if c.carrying_capacity is not None:
        return c.carrying_capacity
    score = c.strength_score if c.strength_score is not None else 10 + 2 * c.abilities.strength
    return max(0, score) * 15


def push_drag_lift_limit(c: Combatant) -> int:
    """``d100.carry``: twice the carrying capacity; doubled for each size above Medium,
    halved for Tiny (Small counts as Medium)."""
    limit = 2 * carrying_capacity(c)
    steps = size_index(c.size) - size_index("medium")
    if steps > 0:
        return int(limit * 2**steps)
    if c.size == "tiny":
        return limit // 2
    return limit


def grappled_by(encounter: Encounter, grappler_id: str) -> list[Combatant]:
    """The creatures ``grappler_id`` holds."""
    return [
        c
        for c in encounter.combatants
        if any(k.name == "grappled" and k.source == grappler_id for k in c.conditions)
    ]


def effective_speed(c: Combatant, encounter: Encounter | None = None) -> int:
    """Speed after ``d100.carry`` and ``d100.grapple.move``.

    * carried weight above the carrying capacity: 5 ft (decision: above the push, drag or
      lift limit the creature can't move at all: 0);
    * holding a grappled creature (known only with the ``encounter``): halved, rounded down
      to whole feet, unless every held creature is two or more sizes smaller.
    """
    speed = c.speed
    if encounter is not None:
        held = grappled_by(encounter, c.id)
        if any(size_index(c.size) - size_index(h.size) < 2 for h in held):
            speed //= 2
    if c.carried_weight > push_drag_lift_limit(c):
        return 0
    if c.carried_weight > carrying_capacity(c):
        speed = min(speed, 5)
    return speed


def speed_is_zero(c: Combatant, encounter: Encounter | None = None) -> bool:
    """Whether a creature's speed is 0 (``d100.action.dodge`` is then lost)."""
    if c.has("grappled") or c.has("restrained"):
        return True
    return effective_speed(c, encounter) == 0


def _cells(encounter: Encounter, c: Combatant, at: Cell | None = None) -> list[tuple[int, int]]:
    x, y = (at or c.position).key()
    if c.footprint is not None and at is None:
        return [cell.key() for cell in c.footprint]
    if encounter.grid.kind == "hex":
        return [(x, y)]
    n = SQUARE_EXTENT[c.size]
    return [(x + dx, y + dy) for dy in range(n) for dx in range(n)]


def cell_distance(kind: str, a: tuple[int, int], b: tuple[int, int]) -> int:
    """Cells between two cells: Chebyshev on squares, axial hex distance on hexes."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if kind == "hex":
        return (abs(dx) + abs(dy) + abs(dx + dy)) // 2
    return max(abs(dx), abs(dy))


def reach(c: Combatant) -> int:
    """A creature's reach in feet: its longest melee attack, 5 ft with none."""
    return max([a.reach for a in c.attacks if a.kind == "melee"] or [5])


def order_from_position(
    encounter: Encounter,
    entry_point: Cell | None,
    declared: list[str] | None,
    space: Callable[[Combatant], Iterable[tuple[int, int]]] | None = None,
) -> list[InitiativeEntry]:
    """``d100.order.position``: the order of combat without dice.

    With an ``entry_point``: nearest first (grid distance from the entry cell to the nearest
    cell of each creature's space), ties in the ``declared`` order, then in the encounter's
    order. Without one: exactly the ``declared`` order, which must then list every living
    combatant. Dead combatants take no place. ``initiative`` counts down from the number of
    combatants, so the first to act has the highest; ``tiebreak`` is 0. ``space`` gives a
    creature's cells (the ruleset's :meth:`space`); by default its d100 square footprint.
    """
    cells_of = space or (lambda c: _cells(encounter, c))
    living = [c for c in encounter.combatants if not c.dead]
    declared = list(declared or [])
    known = {c.id for c in encounter.combatants}
    seen: set[str] = set()
    for i, cid in enumerate(declared):
        if cid not in known:
            raise InvalidAction(f"no combatant with id {cid!r}", ("order", i))
        if cid in seen:
            raise InvalidAction(f"{cid!r} is in the declared order twice", ("order", i))
        seen.add(cid)
    rank = {cid: i for i, cid in enumerate(declared)}
    if entry_point is not None:
        kind = encounter.grid.kind

        def dist(c: Combatant) -> int:
            return min(cell_distance(kind, entry_point.key(), p) for p in cells_of(c))

        ordered = sorted(
            enumerate(living),
            key=lambda t: (dist(t[1]), rank.get(t[1].id, len(rank)), t[0]),
        )
        ids = [c.id for _, c in ordered]
    else:
        missing = [c.id for c in living if c.id not in rank]
        if missing:
            raise InvalidAction(
                "the declared order must list every living combatant; missing: "
                + ", ".join(missing),
                ("order",),
            )
        dead = {c.id for c in encounter.combatants if c.dead}
        ids = [cid for cid in declared if cid not in dead]
    n = len(ids)
    return [InitiativeEntry(cid, n - i, 0) for i, cid in enumerate(ids)]


def _check_total(c: Combatant, skill: str, ability: str, rng: Random, purpose: str) -> Roll:
    return dice.roll_die(20, rng, purpose, c.skill(skill, ability))


def _remove_conditions(c: Combatant, name: str, source: str | None = None) -> None:
    c.conditions = [
        k for k in c.conditions if not (k.name == name and (source is None or k.source == source))
    ]


# --------------------------------------------------------------------------------------------
# The ruleset


class D100(Ruleset):
    """Percentile combat (seed 002) over the d20 base, without the critical tables."""

    id = "d100"
    title = "percentile combat"
    uses_critical_tables = False

    attack_die = 100
    critical_min = 100
    fumble_max = 5
    instant_death_multiplier = 1
    instant_death_rule = "d100.death.instant"
    critical_damage = "half-again"
    sizes = SIZES
    square_extent = SQUARE_EXTENT

    cover_save_ability: ClassVar[str] = "athletics"
    """``d100.cover.degrees``: cover adds its bonus to Athletics saves (Dexterity in d20)."""

    # -- attacks ---------------------------------------------------------------------------

    def resolve_attack(self, draft: Draft, action: Any, rng: Random, log: EventLog) -> Any:
        """``d100.attack.roll``: the base resolution with a d100; its roll is logged under the
        d100 rule id."""
        start = len(log.events)
        outcome = super().resolve_attack(draft, action, rng, log)
        for event in log.events[start:]:
            if event.rule == "d20.attack.roll":
                event.rule = "d100.attack.roll"
        return outcome

    def check_can_attack(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> None:
        """A broken weapon (condition 0) or an empty gun (ammo 0) can't attack."""
        super().check_can_attack(draft, attacker, target, attack)
        if attack.condition == 0:
            raise IllegalAction(
                f"{attacker.name}'s {attack.name} is broken (condition 0): repair it first",
                "d100.crit.fail",
            )
        if attack.ammo == 0:
            raise IllegalAction(
                f"{attacker.name}'s {attack.name} is empty: reload it first", "d100.action.reload"
            )

    def roll_damage(
        self,
        rng: Random,
        attack: Attack,
        critical: bool,
        log: EventLog,
        attacker: Combatant,
        target: Combatant,
    ) -> int:
        """``d100.crit.hit``: a critical hit deals 50% bonus damage, rounded down (dice are
        rolled once)."""
        roll = dice.roll(attack.damage, rng, "damage")
        base = max(0, roll.total)
        total = base + base // 2 if critical else base
        log.rolled(
            roll,
            f"{attack.name} deals {total} damage"
            + (f" (critical: {base} + {base // 2})" if critical else ""),
            actor=attacker.id,
            target=target.id,
            rule="d100.crit.hit" if critical else None,
            **({"bonus": base // 2} if critical else {}),
        )
        return total

    def attack_modifiers(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> tuple[list[str], list[str]]:
        """The base sources (``target-unseen`` / ``attacker-unseen`` are ``d100.unseen.*``,
        ``target-dodging`` is the Dodge), except that ``d100.action.dodge`` is also lost when
        the dodger's speed drops to 0 (speed 0, grappled, restrained, or overloaded).

        Decision (``d100.unseen.target``): "not where you aimed" is the DM's call; the service
        has no guessed square, so such an attack is simply not resolved (a miss)."""
        adv, dis = super().attack_modifiers(draft, attacker, target, attack)
        if "target-dodging" in dis and speed_is_zero(target, draft.encounter):
            dis = [s for s in dis if s != "target-dodging"]
        return adv, dis

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
        """Spend a round, damage the weapon on a fumble, reveal a hidden attacker that hit."""
        super().after_attack(draft, attacker, target, attack, outcome, rng, log)
        a = draft.edit(attacker.id)
        index = next((i for i, x in enumerate(a.attacks) if x is attack), None)
        if index is not None:
            weapon = attack
            if weapon.ammo is not None:
                weapon = _replace_attack(weapon, ammo=weapon.ammo - 1)
                log.note(
                    "ammo-spent",
                    f"{a.name}'s {weapon.name} has {weapon.ammo} rounds left",
                    actor=a.id,
                    amount=weapon.ammo,
                    rule="d100.action.reload",
                )
            if outcome.fumble and weapon.condition is not None:
                roll = dice.roll("1d10", rng, "weapon damage")
                left = max(0, weapon.condition - roll.total)
                log.rolled(
                    roll,
                    f"critical fail: {a.name}'s {weapon.name} takes {roll.total} damage, "
                    f"condition {left}" + (" (broken)" if left == 0 else ""),
                    actor=a.id,
                    rule="d100.crit.fail",
                    condition=left,
                    broken=left == 0,
                )
                weapon = _replace_attack(weapon, condition=left)
            a.attacks[index] = weapon
        elif outcome.fumble:
            log.note(
                "no-effect",
                f"critical fail: {attack.name} is described inline, its condition isn't tracked",
                actor=a.id,
                rule="d100.crit.fail",
            )
        if outcome.hit and (a.has("hidden") or a.stealth is not None):
            _remove_conditions(a, "hidden")
            a.stealth = None
            log.note(
                "revealed",
                f"{a.name} hits and gives away its location",
                actor=a.id,
                rule="d100.unseen.attacker",
            )

    # -- turns -----------------------------------------------------------------------------

    def reset_budget(self, c: Combatant) -> None:
        """``d100.carry``: movement capped by the carried weight."""
        super().reset_budget(c)
        if c.budget.movement is not None:
            c.budget.movement = min(c.budget.movement, effective_speed(c))

    def start_turn(self, draft: Draft, combatant_id: str, log: EventLog) -> None:
        """``d100.grapple.move``: a grappler's movement is halved at the start of its turn."""
        super().start_turn(draft, combatant_id, log)
        c = draft.edit(combatant_id)
        speed = effective_speed(c, draft.encounter)
        if c.budget.movement is not None and speed < c.budget.movement:
            c.budget.movement = speed
            log.note(
                "speed-reduced",
                f"{c.name}'s speed is {speed} ft this turn",
                actor=c.id,
                amount=speed,
                rule="d100.grapple.move" if grappled_by(draft.encounter, c.id) else "d100.carry",
            )

    def roll_initiative(
        self, draft: Draft, action: RollInitiative, rng: Random, log: EventLog
    ) -> InitiativeOutcome:
        """``d100.order.position``: no roll; the order comes from ``entryPoint`` (nearest
        first, ties by ``order``) or from the declared ``order``."""
        enc = draft.encounter
        entry_point: Cell | None = getattr(action, "entry_point", None)
        declared: list[str] | None = getattr(action, "order", None)
        if entry_point is None and not declared:
            raise InvalidAction(
                "d100 decides the order of combat from positions, with no roll: send "
                "'entryPoint' (the entrance of a building: the nearest acts first) or 'order' "
                "(the order the players declare in the open)",
                ("order",),
            )
        for i, cid in enumerate(action.surprised):
            if not any(c.id == cid for c in enc.combatants):
                raise InvalidAction(f"no combatant with id {cid!r}", ("surprised", i))
        if entry_point is not None and not self.geometry(enc.grid).in_bounds(entry_point.key()):
            raise InvalidAction(
                f"the entry point ({entry_point.x}, {entry_point.y}) is off the grid",
                ("entryPoint",),
            )
        geometry = self.geometry(enc.grid)
        entries = order_from_position(enc, entry_point, declared, lambda c: self.space(geometry, c))
        method = "entry-point" if entry_point is not None else "declared"
        names = ", ".join(enc.combatant(e.combatant_id).name for e in entries)
        how = (
            f"nearest to the entry point ({entry_point.x}, {entry_point.y}) first"
            if entry_point is not None
            else "as the players declared"
        )
        log.note(
            "initiative-order",
            f"order of combat, {how}: {names}",
            rule="d100.order.position",
            method=method,
            order=[e.combatant_id for e in entries],
        )
        return self.begin_combat(draft, entries, action.surprised, log)

    # -- actions ---------------------------------------------------------------------------

    def reload(self, draft: Draft, action: Reload, rng: Random, log: EventLog) -> ReloadOutcome:
        """``d100.action.reload``: fill the weapon up to its capacity from the rounds carried
        of its ``ammoType``. Refused for a weapon without ammo, a broken one, a full one, or
        with no rounds of the right type."""
        c = self._combatant(draft, action.combatant_id, "combatantId")
        index, weapon = _own_attack(c, action.attack_name)
        if weapon.ammo is None or weapon.capacity is None or weapon.ammo_type is None:
            raise InvalidAction(
                f"{c.name}'s {weapon.name} uses no ammunition (it needs ammo, capacity and "
                "ammoType)",
                ("attackName",),
            )
        if weapon.condition == 0:
            raise IllegalAction(
                f"{c.name}'s {weapon.name} is broken and can't be reloaded", "d100.action.reload"
            )
        if weapon.ammo >= weapon.capacity:
            raise IllegalAction(f"{c.name}'s {weapon.name} is already full", "d100.action.reload")
        ammo, capacity = weapon.ammo, weapon.capacity
        carried = c.ammunition.get(weapon.ammo_type, 0)
        if carried <= 0:
            raise IllegalAction(
                f"{c.name} carries no {weapon.ammo_type} ammunition", "d100.action.reload"
            )
        self.spend(draft, c.id, "action", log)
        c = draft.edit(c.id)
        loaded = min(carried, weapon.capacity - weapon.ammo)
        c.ammunition[weapon.ammo_type] = carried - loaded
        weapon = _replace_attack(weapon, ammo=weapon.ammo + loaded)
        c.attacks[index] = weapon
        log.note(
            "reloaded",
            f"{c.name} reloads {weapon.name} with {loaded} rounds ({weapon.ammo}/"
            f"{weapon.capacity}, {carried - loaded} {weapon.ammo_type} left)",
            actor=c.id,
            amount=loaded,
            rule="d100.action.reload",
        )
        return ReloadOutcome(c.id, weapon.name, loaded, ammo + loaded, capacity, carried - loaded)

    def repair(self, draft: Draft, action: Repair, rng: Random, log: EventLog) -> RepairOutcome:
        """``d100.action.repair``: d20 + the ``repair`` skill (Intelligence without it) against
        the DM's ``dc`` (meeting it succeeds). Success restores the condition to
        ``maxCondition``, or by ``amount`` (capped at the maximum when there is one)."""
        c = self._combatant(draft, action.combatant_id, "combatantId")
        index, weapon = _own_attack(c, action.attack_name)
        if weapon.condition is None:
            raise InvalidAction(
                f"{c.name}'s {weapon.name} has no tracked condition", ("attackName",)
            )
        if weapon.max_condition is None and action.amount is None:
            raise InvalidAction(
                f"{c.name}'s {weapon.name} has no maxCondition: say how much to restore",
                ("amount",),
            )
        if weapon.max_condition is not None and weapon.condition >= weapon.max_condition:
            raise IllegalAction(
                f"{c.name}'s {weapon.name} is in full condition already", "d100.action.repair"
            )
        self.spend(draft, c.id, "action", log)
        c = draft.edit(c.id)
        roll = _check_total(c, "repair", "intelligence", rng, "repair check")
        success = roll.total >= action.dc
        condition = weapon.condition
        if success:
            if action.amount is None:
                assert weapon.max_condition is not None
                condition = weapon.max_condition
            else:
                condition = condition + action.amount
                if weapon.max_condition is not None:
                    condition = min(condition, weapon.max_condition)
            c.attacks[index] = _replace_attack(weapon, condition=condition)
        log.rolled(
            roll,
            f"{c.name} repairs {weapon.name}: {roll.total} against DC {action.dc}, "
            + (f"condition {condition}" if success else "no repair"),
            actor=c.id,
            rule="d100.action.repair",
            success=success,
            condition=condition,
        )
        return RepairOutcome(
            c.id, weapon.name, success, roll.total, action.dc, condition, weapon.max_condition
        )

    def _d100_check_close(
        self, draft: Draft, attacker: Combatant, target: Combatant, rule: str, what: str
    ) -> None:
        if attacker.id == target.id:
            raise InvalidAction(f"a combatant can't {what} itself", ("targetId",))
        if attacker.dead or attacker.incapacitated:
            raise IllegalAction(f"{attacker.name} is incapacitated and can't {what}", rule)
        if target.dead:
            raise IllegalAction(f"{target.name} is dead", rule)
        if self.size_rank(target) > self.size_rank(attacker) + 1:
            raise IllegalAction(
                f"{target.name} ({target.size}) is more than one size larger than "
                f"{attacker.name} ({attacker.size})",
                rule,
            )
        feet = self.distance_ft(draft, attacker, target)
        if feet > reach(attacker):
            raise IllegalAction(
                f"{target.name} is {feet} ft away, beyond {attacker.name}'s reach of "
                f"{reach(attacker)} ft",
                rule,
            )

    def _d100_contest_or_win(
        self,
        actor: Combatant,
        actor_skill: str,
        other: Combatant,
        other_skill: str,
        rng: Random,
        log: EventLog,
        rule: str,
        verb: str,
    ) -> ContestOutcome:
        """The contest, or an automatic success against an incapacitated creature."""
        if other.incapacitated:
            log.note(
                "contest",
                f"{other.name} is incapacitated: the {verb} succeeds",
                actor=actor.id,
                target=other.id,
                rule=rule,
            )
            return ContestOutcome(actor.id, other.id, True, True, None, None, "failed")
        won, mine, theirs = self._d100_contest(
            actor, actor_skill, other, other_skill, rng, log, rule
        )
        return ContestOutcome(actor.id, other.id, won, False, mine, theirs, "failed")

    def _d100_contest(
        self,
        actor: Combatant,
        actor_skill: str,
        other: Combatant,
        other_skill: str,
        rng: Random,
        log: EventLog,
        rule: str,
    ) -> tuple[bool, int, int]:
        """Decision: a contest is d20 + skill each (skill bonus, Strength without it); the
        actor must beat the other's total, a tie leaves things as they were."""
        mine = _check_total(actor, actor_skill, "strength", rng, f"{actor_skill} check")
        theirs = _check_total(other, other_skill, "strength", rng, f"{other_skill} check")
        log.rolled(mine, f"{actor.name} rolls {mine.total} ({actor_skill})", actor=actor.id)
        log.rolled(theirs, f"{other.name} rolls {theirs.total} ({other_skill})", actor=other.id)
        won = mine.total > theirs.total
        log.note(
            "contest",
            f"{actor.name} {mine.total} against {other.name} {theirs.total}: "
            + ("success" if won else "failure"),
            actor=actor.id,
            target=other.id,
            rule=rule,
            success=won,
        )
        return won, mine.total, theirs.total

    def shove(self, draft: Draft, action: Shove, rng: Random, log: EventLog) -> ContestOutcome:
        """``d100.shove``: unarmed check against the target's Athletics (automatic against an
        incapacitated target); success knocks it prone or pushes it one cell directly away.
        A push into a wall, another creature or off the map fails (the shove still lands, and
        the log says why the target didn't move)."""
        attacker = self._combatant(draft, action.attacker_id, "attackerId")
        target = self._combatant(draft, action.target_id, "targetId")
        self._d100_check_close(draft, attacker, target, "d100.shove", "shove")
        self.spend(draft, attacker.id, action.spend, log)
        outcome = self._d100_contest_or_win(
            attacker, "unarmed", target, "athletics", rng, log, "d100.shove", "shove"
        )
        if not outcome.success:
            return outcome
        if action.mode == "prone":
            t = draft.edit(target.id)
            if not t.has("prone"):
                t.conditions.append(Condition("prone", attacker.id))
            outcome.result = "prone"
            log.note(
                "prone", f"{t.name} is knocked prone", target=t.id, rule="d100.shove", mode="prone"
            )
            return outcome
        cell, reason = self._d100_push_cell(draft, attacker, target)
        if cell is None:
            outcome.result = "push-blocked"
            log.note(
                "push-blocked",
                f"{target.name} can't be pushed: {reason}",
                target=target.id,
                rule="d100.shove",
            )
            return outcome
        t = draft.edit(target.id)
        t.position = cell
        outcome.result = "pushed"
        outcome.position = cell
        log.note(
            "pushed",
            f"{t.name} is pushed 5 ft to ({cell.x}, {cell.y})",
            actor=attacker.id,
            target=t.id,
            rule="d100.shove",
            x=cell.x,
            y=cell.y,
        )
        return outcome

    def _d100_push_cell(
        self, draft: Draft, attacker: Combatant, target: Combatant
    ) -> tuple[Cell | None, str]:
        enc = draft.encounter
        if enc.grid.kind == "hex":
            dq, dr = (
                target.position.x - attacker.position.x,
                target.position.y - attacker.position.y,
            )
            steps = max(1, cell_distance("hex", (0, 0), (dq, dr)))
            step = (round(dq / steps), round(dr / steps))
        else:
            ea, et = SQUARE_EXTENT[attacker.size], SQUARE_EXTENT[target.size]
            ax2 = 2 * attacker.position.x + ea
            ay2 = 2 * attacker.position.y + ea
            tx2 = 2 * target.position.x + et
            ty2 = 2 * target.position.y + et
            step = ((tx2 > ax2) - (tx2 < ax2), (ty2 > ay2) - (ty2 < ay2))
        if step == (0, 0):
            return None, "no direction away from the shover"
        dest = Cell(target.position.x + step[0], target.position.y + step[1])
        geometry = self.geometry(enc.grid)
        cells = self.space(geometry, replace(target, position=dest, footprint=None))
        for cell in cells:
            if not geometry.in_bounds(cell):
                return None, f"({cell[0]}, {cell[1]}) is off the grid"
            if not geometry.fits([cell]):
                return None, f"({cell[0]}, {cell[1]}) is blocked"
        taken = set(cells)
        for other in enc.combatants:
            if other.id == target.id or other.dead:
                continue
            if taken & set(self.space(geometry, other)):
                return None, f"{other.name} is in the way"
        return dest, ""

    def grapple(self, draft: Draft, action: Grapple, rng: Random, log: EventLog) -> ContestOutcome:
        """``d100.grapple``: needs a free hand; unarmed check against the target's unarmed
        check (automatic against an incapacitated target); success: grappled by the attacker."""
        attacker = self._combatant(draft, action.attacker_id, "attackerId")
        target = self._combatant(draft, action.target_id, "targetId")
        if not action.free_hand:
            raise IllegalAction(f"{attacker.name} needs a free hand to grapple", "d100.grapple")
        self._d100_check_close(draft, attacker, target, "d100.grapple", "grapple")
        if any(k.name == "grappled" and k.source == attacker.id for k in target.conditions):
            raise IllegalAction(
                f"{attacker.name} is already grappling {target.name}", "d100.grapple"
            )
        self.spend(draft, attacker.id, action.spend, log)
        outcome = self._d100_contest_or_win(
            attacker, "unarmed", target, "unarmed", rng, log, "d100.grapple", "grapple"
        )
        if outcome.success:
            t = draft.edit(target.id)
            t.conditions.append(Condition("grappled", attacker.id))
            outcome.result = "grappled"
            log.note(
                "grappled",
                f"{t.name} is grappled by {attacker.name}",
                actor=attacker.id,
                target=t.id,
                rule="d100.grapple",
            )
        return outcome

    def escape_grapple(
        self, draft: Draft, action: EscapeGrapple, rng: Random, log: EventLog
    ) -> ContestOutcome:
        """``d100.grapple.escape``: the grappled creature's action; its unarmed check must beat
        the grappler's. Decision: against an incapacitated grappler it succeeds automatically."""
        c = self._combatant(draft, action.combatant_id, "combatantId")
        holds = [k.source for k in c.conditions if k.name == "grappled"]
        if action.grappler_id is not None:
            self._combatant(draft, action.grappler_id, "grapplerId")
            if action.grappler_id not in holds:
                raise IllegalAction(
                    f"{c.name} is not grappled by {action.grappler_id!r}", "d100.grapple.escape"
                )
            source = action.grappler_id or ""
        elif not holds:
            raise IllegalAction(f"{c.name} is not grappled", "d100.grapple.escape")
        elif len(set(holds)) > 1:
            raise InvalidAction(
                f"{c.name} is grappled by several creatures: name one in 'grapplerId'",
                ("grapplerId",),
            )
        else:
            source = holds[0] or ""
        if c.incapacitated:
            raise IllegalAction(f"{c.name} is incapacitated and can't act", "d100.grapple.escape")
        self.spend(draft, c.id, "action", log)
        grappler = draft.get(source) if source else None
        automatic = grappler is None or grappler.incapacitated
        mine = theirs = None
        if automatic:
            won = True
        else:
            assert grappler is not None
            won, mine, theirs = self._d100_contest(
                c, "unarmed", grappler, "unarmed", rng, log, "d100.grapple.escape"
            )
        outcome = ContestOutcome(c.id, source, won, automatic, mine, theirs, "failed")
        if won:
            e = draft.edit(c.id)
            _remove_conditions(e, "grappled", source)
            outcome.result = "escaped"
            log.note(
                "escaped",
                f"{c.name} escapes the grapple",
                actor=c.id,
                target=source,
                rule="d100.grapple.escape",
            )
        return outcome

    def release_grapple(
        self, draft: Draft, action: ReleaseGrapple, rng: Random, log: EventLog
    ) -> ContestOutcome:
        """``d100.grapple``: the grappler releases its target whenever it likes, no action."""
        g = self._combatant(draft, action.grappler_id, "grapplerId")
        t = self._combatant(draft, action.target_id, "targetId")
        if not any(k.name == "grappled" and k.source == g.id for k in t.conditions):
            raise IllegalAction(f"{g.name} is not grappling {t.name}", "d100.grapple")
        t = draft.edit(t.id)
        _remove_conditions(t, "grappled", g.id)
        log.note(
            "released",
            f"{g.name} releases {t.name}",
            actor=g.id,
            target=t.id,
            rule="d100.grapple",
        )
        return ContestOutcome(g.id, t.id, True, True, None, None, "released")

    def search(self, draft: Draft, action: Search, rng: Random, log: EventLog) -> SearchOutcome:
        """``d100.action.search`` and ``d100.hide.contest``: an action. Reading of the seed:
        the hidden creature's Stealth total is contested by the DC the DM sets for this
        searcher, so a hidden hostile creature is found when ``dc`` is at least its Stealth
        total (found: no longer hidden). With ``scavengingDc`` the searcher also makes the
        scavenging check: d20 + ``scavenging`` skill (Wisdom without it), success on meeting it.
        """
        c = self._combatant(draft, action.combatant_id, "combatantId")
        if c.incapacitated:
            raise IllegalAction(f"{c.name} is incapacitated and can't act", "d100.action.search")
        self.spend(draft, c.id, "action", log)
        outcome = SearchOutcome(c.id)
        if action.dc is not None:
            for other in list(draft):
                if other.id == c.id or not draft.encounter.hostile(c, other):
                    continue
                if not (other.has("hidden") or other.stealth is not None):
                    continue
                stealth = other.stealth if other.stealth is not None else 0
                if action.dc >= stealth:
                    o = draft.edit(other.id)
                    _remove_conditions(o, "hidden")
                    o.stealth = None
                    outcome.found.append(o.id)
                    log.note(
                        "found",
                        f"{c.name} finds {o.name} (DC {action.dc} against Stealth {stealth})",
                        actor=c.id,
                        target=o.id,
                        rule="d100.hide.contest",
                    )
                else:
                    outcome.still_hidden.append(other.id)
                    log.note(
                        "not-found",
                        f"{other.name} stays hidden (DC {action.dc} against Stealth {stealth})",
                        actor=c.id,
                        target=other.id,
                        rule="d100.hide.contest",
                    )
        if action.scavenging_dc is not None:
            roll = _check_total(c, "scavenging", "wisdom", rng, "scavenging check")
            outcome.scavenging_total = roll.total
            outcome.scavenging_success = roll.total >= action.scavenging_dc
            log.rolled(
                roll,
                f"{c.name}'s scavenging check: {roll.total} against DC {action.scavenging_dc}",
                actor=c.id,
                rule="d100.action.search",
                success=outcome.scavenging_success,
            )
        return outcome

    def hide(self, draft: Draft, action: Hide, rng: Random, log: EventLog) -> HideOutcome:
        """``d100.action.hide``: the base Hide (a Stealth check recorded in ``stealth``, the
        creature ``hidden``); under d100 its total is what the DM's search DC must reach
        (``d100.hide.contest``, see :meth:`search`)."""
        start = len(log.events)
        outcome = super().hide(draft, action, rng, log)
        for event in log.events[start:]:
            if event.roll is not None and event.rule is None:
                event.rule = "d100.action.hide"
        return outcome


def _own_attack(c: Combatant, name: str) -> tuple[int, Attack]:
    for i, a in enumerate(c.attacks):
        if a.name == name:
            return i, a
    names = ", ".join(a.name for a in c.attacks) or "none"
    raise InvalidAction(f"{c.name} has no attack named {name!r} (it has: {names})", ("attackName",))


def _replace_attack(a: Attack, **changes: Any) -> Attack:
    return replace(a, **changes)

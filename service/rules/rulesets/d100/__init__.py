"""The ``d100`` ruleset (seed 002): percentile attacks on the d20 base.

What differs from the base (RULES.md, ``d100.*``), as flags and hooks here and actions in
:mod:`.actions`:

* attacks roll d100 + bonus against AC plus cover; a natural 100 always hits for +50% damage
  (rounded down) instead of doubled dice; a natural 5 or lower always misses and the weapon
  loses 1d10 condition, and a weapon at condition 0 can't attack until repaired;
* guns and energy weapons spend one round a shot and refuse to fire empty (``reload``);
* seven sizes, Colossal between Huge and Gargantuan; instant death once (not twice) max HP;
* the order of combat comes from positions (an entry point) or a declared order, no roll;
* shove, grapple, escape and release; search, repair; hiding against the DM's DC;
* carrying: speed drops to 5 ft above carrying capacity; a grappled creature's speed is 0,
  its grappler's is halved unless it is two or more sizes smaller, and the grappler drags
  it along when it moves (:mod:`.grapple`).

Decisions where the seed is silent are written on the function that makes them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from random import Random

from ... import dice
from ...errors import IllegalAction, InvalidAction
from ...events import EventLog
from ...grid import Cell as GridCell
from ...mechanics.grapple import (
    drag_along,
    held_by,
    holders,
    moving_grapples,
    slowed_by_holding,
)
from ...mechanics.space import Board, board_of
from ...model import Attack, Cell, Combatant, Cond, Draft, InitiativeEntry
from ...model.outcomes import AttackOutcome
from ...model.requests import RollInitiative
from ...ruleset import AttackSetup, RuleIds, Ruleset
from . import actions as _actions  # noqa: F401  (registers the d100 actions)
from .carrying import carried_speed

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

TILE_SHARE: dict[str, int] = {"small": 4, "tiny": 25}
"""``d100.size.space``: a creature smaller than a tile controls a square of its side, so
four Small (2.5 ft) or twenty-five Tiny (1 ft) share a tile."""


"""The draft's memo of who is in a grapple, taken before a move (none starts during one)."""


class D100(Ruleset):
    """Percentile combat (seed 002) over the d20 base, without the critical tables."""

    id = "d100"
    title = "percentile combat"

    attack_die = 100
    initiative_die = None
    critical_min = 100
    fumble_max = 5
    critical_damage = "half-again"
    instant_death_multiplier = 1
    sizes = SIZES
    square_extent = SQUARE_EXTENT
    tile_share = TILE_SHARE
    cover_save_ability = "athletics"
    """``d100.cover.degrees``: cover adds its bonus to Athletics saves (Dexterity in d20)."""
    creature_space_difficult = True
    hostile_passable_size_gap = 2
    """``d100.move.through``: through a hostile space two sizes apart; any space is difficult."""
    revealed_by = "hit"
    search_by_dc = True
    rule_ids = RuleIds(
        attack_roll="d100.attack.roll",
        critical_damage="d100.crit.hit",
        instant_death="d100.death.instant",
        hide="d100.action.hide",
        reveal="d100.unseen.attacker",
        search="d100.hide.contest",
        move_through="d100.move.through",
        dash="d100.action.dash",
        disengage="d100.action.disengage",
        dodge="d100.action.dodge",
        stand_up="d100.prone.stand",
        drop_prone="d100.prone.drop",
        help="d100.action.help",
        ready="d100.action.ready",
        grappled="d100.grapple.move",
    )

    def order_of_combat(
        self, draft: Draft, request: RollInitiative, rng: Random, log: EventLog
    ) -> list[InitiativeEntry]:
        """``d100.order.position``: no roll; the order comes from ``entryPoint`` (nearest
        first, ties by ``order``) or from the declared ``order``."""
        entry_point, declared = request.entry_point, request.order
        if entry_point is None and not declared:
            raise InvalidAction(
                "d100 decides the order of combat from positions, with no roll: send "
                "'entryPoint' (the entrance of a building: the nearest acts first) or 'order' "
                "(the order the players declare in the open)",
                ("order",),
            )
        board = board_of(draft, self)
        if entry_point is not None and not board.geometry.in_bounds(entry_point.key()):
            raise InvalidAction(
                f"the entry point ({entry_point.x}, {entry_point.y}) is off the grid",
                ("entryPoint",),
            )
        entries = order_from_position(draft, board, entry_point, declared)
        names = ", ".join(draft.get(e.combatant_id).name for e in entries)
        how = (
            f"nearest to the entry point ({entry_point.x}, {entry_point.y}) first"
            if entry_point is not None
            else "as the players declared"
        )
        log.note(
            "initiative-order",
            f"order of combat, {how}: {names}",
            rule="d100.order.position",
            method="entry-point" if entry_point is not None else "declared",
            order=[e.combatant_id for e in entries],
        )
        return entries

    def before_attack(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> None:
        """A broken weapon (condition 0) or an empty gun (ammo 0) can't attack."""
        super().before_attack(draft, attacker, target, attack)
        if attack.condition == 0:
            raise IllegalAction(
                f"{attacker.name}'s {attack.name} is broken (condition 0): repair it first",
                "d100.crit.fail",
            )
        if attack.ammo == 0:
            raise IllegalAction(
                f"{attacker.name}'s {attack.name} is empty: reload it first", "d100.action.reload"
            )

    def attack_modifiers(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> tuple[list[str], list[str]]:
        """The base sources (``target-unseen`` / ``attacker-unseen`` are ``d100.unseen.*``,
        ``target-dodging`` is the Dodge), except that ``d100.action.dodge`` is also lost when
        the dodger's speed drops to 0 (speed 0, grappled, restrained, or overloaded).

        Decision (``d100.unseen.target``): "not where you aimed" is the DM's call; the service
        has no guessed square, so such an attack is simply not resolved (a miss)."""
        adv, dis = super().attack_modifiers(draft, attacker, target, attack)
        if "target-dodging" in dis and (
            target.has(Cond.RESTRAINED) or self.turn_speed(draft, target) == 0
        ):
            dis = [s for s in dis if s != "target-dodging"]
        return adv, dis

    def after_attack(
        self, draft: Draft, setup: AttackSetup, outcome: AttackOutcome, rng: Random, log: EventLog
    ) -> None:
        """Spend a round, damage the weapon on a fumble, reveal a hidden attacker that hit."""
        attack = setup.attack
        a = draft.edit(setup.attacker.id)
        index = next((i for i, x in enumerate(a.attacks) if x is attack), None)
        if index is not None:
            weapon = attack
            if weapon.ammo is not None:
                weapon = dataclasses.replace(weapon, ammo=weapon.ammo - 1)
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
                weapon = dataclasses.replace(weapon, condition=left)
            a.attacks[index] = weapon
        elif outcome.fumble:
            log.note(
                "no-effect",
                f"critical fail: {attack.name} is described inline, its condition isn't tracked",
                actor=a.id,
                rule="d100.crit.fail",
            )
        super().after_attack(draft, setup, outcome, rng, log)

    def turn_speed(self, draft: Draft, c: Combatant) -> int:
        """``d100.grapple.move``: 0 while grappled (the base); halved while holding a creature
        less than two sizes smaller (after the base's ``speed-halved``); then ``d100.carry``."""
        speed = super().turn_speed(draft, c)
        if not speed:
            return 0
        if slowed_by_holding(board_of(draft, self), draft, c):
            speed //= 2
        return carried_speed(c, self.sizes, speed)

    def after_turn_start(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Grapples that no longer hold end (the base; their speeds come back at once); the
        turn's speed is reported when grappling or carrying lowers it."""
        super().after_turn_start(draft, combatant_id, rng, log)
        c = draft.get(combatant_id)
        speed = self.turn_speed(draft, c)
        if speed < c.speed:
            grappling = bool(holders(c)) or slowed_by_holding(board_of(draft, self), draft, c)
            log.note(
                "speed-reduced",
                f"{c.name}'s speed is {speed} ft this turn",
                actor=c.id,
                amount=speed,
                rule="d100.grapple.move" if grappling else "d100.carry",
            )

    def before_move(
        self, draft: Draft, mover_id: str, forced: bool, log: EventLog
    ) -> Collection[str]:
        """The base's grapple checks; the creatures a grappler holds come along
        (``d100.grapple.move``): they make no opportunity attacks on it."""
        super().before_move(draft, mover_id, forced, log)
        if forced:
            return ()
        return {h.id for h in held_by(draft, mover_id) if not h.dead}

    def after_step(
        self,
        draft: Draft,
        mover_id: str,
        left: tuple[GridCell, ...],
        forced: bool,
        log: EventLog,
    ) -> None:
        """``d100.grapple.move``: a grappler moving on its own drags the creatures it holds;
        then the grapples the step pulled apart end (the base)."""
        if not forced and mover_id in moving_grapples(draft):
            drag_along(self, draft, mover_id, left, log)
        super().after_step(draft, mover_id, left, forced, log)


def order_from_position(
    draft: Draft, board: Board, entry_point: Cell | None, declared: list[str] | None
) -> list[InitiativeEntry]:
    """``d100.order.position``: the order of combat without dice.

    With an ``entry_point``: nearest first (grid distance from the entry cell to the nearest
    cell of each creature's space), ties in the ``declared`` order, then in the encounter's
    order. Without one: exactly the ``declared`` order, which must then list every living
    combatant. Dead combatants take no place. ``initiative`` counts down from the number of
    combatants, so the first to act has the highest; ``tiebreak`` is 0.
    """
    encounter = draft.encounter
    living = [c for c in encounter.combatants if not c.dead]
    declared = list(declared or [])
    seen: set[str] = set()
    for i, cid in enumerate(declared):
        if cid not in draft:
            raise InvalidAction(f"no combatant with id {cid!r}", ("order", i))
        if cid in seen:
            raise InvalidAction(f"{cid!r} is in the declared order twice", ("order", i))
        seen.add(cid)
    rank = {cid: i for i, cid in enumerate(declared)}
    if entry_point is not None:
        distance = board.geometry.distance

        def dist(c: Combatant) -> int:
            return min(distance(entry_point.key(), p) for p in board.cells(c))

        ordered = sorted(
            enumerate(living), key=lambda t: (dist(t[1]), rank.get(t[1].id, len(rank)), t[0])
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

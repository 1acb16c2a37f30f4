"""Movement on the grid, opportunity attacks, reach and range, cover and flanking.

Everything geometric is delegated to :mod:`service.rules.grid`; this module decides what
the rules make of it: who is an obstacle to whom, who provokes, who sees whom.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import ClassVar

from .actions import ActionSpec, AttackOutcome, CoverSource, ResolveAttack, register_action
from .core import COVER_AC, RulesetCore
from .errors import IllegalAction, InvalidAction
from .events import EventLog
from .grid import (
    Cell as GridCell,
)
from .grid import (
    Cover,
    Fault,
    Flanker,
    FlankTarget,
    IllegalMove,
    Move,
    Mover,
    Occupant,
)
from .state import Attack, Cell, Combatant, Condition, CoverDegree, Draft, Id

COVER_NAMES: dict[Cover, CoverDegree] = {
    Cover.NONE: "none",
    Cover.HALF: "half",
    Cover.THREE_QUARTERS: "three-quarters",
    Cover.TOTAL: "total",
}
FLANKERS_NEEDED = {"large": 2, "huge": 3, "colossal": 3, "gargantuan": 4}
"""How many flankers a target needs when they are smaller than it (d20.flank.count)."""
FAULT_RULES = {
    Fault.CORNER: "d20.grid.corners",
    Fault.INSUFFICIENT_MOVEMENT: "d20.grid.enter",
    Fault.BLOCKED: "d20.grid.squares",
    Fault.OCCUPIED: "d20.size.space",
}


# -- actions and queries ---------------------------------------------------------------------


@dataclass(slots=True)
class MoveCombatant:
    """Move a combatant along a path of cells, or to a destination by the cheapest path.

    Every opportunity attack the move provokes is reported; those the reactors take are
    rolled just before the mover leaves their reach.
    """

    combatant_id: Id
    path: list[Cell] | None = None
    """The cells the creature's anchor passes through, in order (its own cell may lead)."""
    to: Cell | None = None
    """A destination: the service finds the cheapest legal path."""
    teleport: bool = False
    """Teleportation: no path, no movement spent, no opportunity attacks."""
    forced: bool = False
    """Moved by something else (shoved, hurled, falling): no movement spent, no
    opportunity attacks (``d20.oa.exempt``)."""
    opportunity_attacks: list[Id] | None = None
    """The reactors that take the opportunity attacks they are offered; omitted means
    every one that can."""


@dataclass(slots=True)
class OpportunityAttack:
    """An opportunity attack a move provoked, and what came of it."""

    reactor_id: str
    at_step: int
    """Index of the path cell the mover was leaving."""
    taken: bool
    reason: str
    hit: bool | None = None
    damage: int | None = None


@dataclass(slots=True)
class MoveOutcome:
    """Where the combatant went, what it cost, and the opportunity attacks on the way."""

    combatant_id: str
    path: list[Cell]
    cost: int
    """Feet of movement spent."""
    movement_left: int
    squeezing: bool
    opportunity_attacks: list[OpportunityAttack] = field(default_factory=list)
    stopped: bool = False
    """The move ended early (the mover dropped to 0 HP on the way)."""


@dataclass(slots=True)
class PathCost:
    """How much a move would cost, without making it."""

    combatant_id: Id
    path: list[Cell] | None = None
    to: Cell | None = None


@dataclass(slots=True)
class PathCostOutcome:
    """The price of a path: legal or not, and why."""

    legal: bool
    path: list[Cell]
    cost: int | None
    movement_left: int
    reason: str | None = None
    rule: str | None = None
    failed_step: int | None = None
    provokes: list[str] = field(default_factory=list)
    """Who could make an opportunity attack along the way."""


@dataclass(slots=True)
class Pair:
    """A question about two combatants: an attacker (or origin) and a target."""

    attacker_id: Id
    target_id: Id


@dataclass(slots=True)
class CoverQuery(Pair):
    """The cover a target has against an attacker, computed from the map."""


@dataclass(slots=True)
class FlankingQuery(Pair):
    """Whether an attacker flanks a target, and with whom."""


@dataclass(slots=True)
class ReachQuery(Pair):
    """The distance from an attacker to a target, and which of its attacks reach."""


@dataclass(slots=True)
class CoverOutcome:
    """The cover the target has against the attacker (``d20.cover.*``)."""

    degree: CoverDegree
    ac_bonus: int | None
    """Null for total cover: the target can't be targeted directly."""
    save_bonus: int | None
    save_ability: str
    """The saving throw cover protects: Dexterity (d20), Athletics (d100)."""


@dataclass(slots=True)
class FlankingOutcome:
    """Whether the attacker flanks the target, and with whom (``d20.flank.*``)."""

    flanks: bool
    partners: list[str]
    reason: str


@dataclass(slots=True)
class AttackReach:
    """Whether one of the attacker's attacks can reach the target."""

    name: str
    kind: str
    in_range: bool
    long_range: bool
    """In range only at long range: the attack has disadvantage."""


@dataclass(slots=True)
class ReachOutcome:
    """The distance between two combatants by the counting rule, and each attack's reach."""

    distance: int
    """Feet, counted from a cell next to the attacker into the target's space."""
    attacks: list[AttackReach]
    line_of_sight: bool


@dataclass(slots=True)
class StandUp:
    """Stand up from prone: costs half the creature's speed."""

    combatant_id: Id


@dataclass(slots=True)
class DropProne:
    """Drop prone: costs no movement."""

    combatant_id: Id


@dataclass(slots=True)
class PostureOutcome:
    """The creature's posture after the action, and the movement it has left."""

    combatant_id: str
    prone: bool
    movement_left: int


register_action(
    ActionSpec(
        "moveCombatant",
        "move-combatant",
        MoveCombatant,
        MoveOutcome,
        "move_combatant",
        "Move along a path or to a cell, spending movement; opportunity attacks resolved.",
    )
)
register_action(
    ActionSpec(
        "standUp",
        "stand-up",
        StandUp,
        PostureOutcome,
        "stand_up",
        "Stand up from prone for half the creature's speed.",
    )
)
register_action(
    ActionSpec(
        "dropProne",
        "drop-prone",
        DropProne,
        PostureOutcome,
        "drop_prone",
        "Drop prone, for no movement.",
    )
)
register_action(
    ActionSpec(
        "pathCost",
        "path-cost",
        PathCost,
        PathCostOutcome,
        "path_cost",
        "The cost of a path (or the cheapest path to a cell), and who it provokes.",
        query=True,
    )
)
register_action(
    ActionSpec(
        "cover",
        "cover",
        CoverQuery,
        CoverOutcome,
        "cover_query",
        "The cover a target has against an attacker, from the map.",
        query=True,
    )
)
register_action(
    ActionSpec(
        "flanking",
        "flanking",
        FlankingQuery,
        FlankingOutcome,
        "flanking_query",
        "Whether an attacker flanks a target, and with whom.",
        query=True,
    )
)
register_action(
    ActionSpec(
        "reach",
        "reach",
        ReachQuery,
        ReachOutcome,
        "reach_query",
        "The distance from an attacker to a target and which of its attacks reach.",
        query=True,
    )
)


class MovementRules(RulesetCore):
    """Moving combatants, reach, range, cover, flanking and sight."""

    cover_save_ability: ClassVar[str] = "dexterity"

    # -- sight, space and obstacles --------------------------------------------------------

    def cells(self, draft: Draft, c: Combatant) -> tuple[GridCell, ...]:
        return self.space(self.board(draft), c)

    def _living_others(self, draft: Draft, *exclude: str) -> list[Combatant]:
        return [c for c in draft.encounter.combatants if not c.dead and c.id not in exclude]

    def occupants(self, draft: Draft, mover: Combatant) -> list[Occupant]:
        """Other creatures as the mover meets them: a non-hostile space is passable, a
        hostile one only when sizes differ by two or more (``d100.move.through``); another
        creature's space is difficult terrain; Tiny creatures share."""
        rank = self.size_rank(mover)
        out = []
        for other in self._living_others(draft, mover.id):
            hostile = draft.encounter.hostile(mover, other)
            passable = not hostile or abs(self.size_rank(other) - rank) >= 2
            shareable = mover.size == "tiny" and other.size == "tiny"
            out.append(Occupant(self.cells(draft, other), passable, True, shareable))
        return out

    def mover(self, c: Combatant) -> Mover:
        rank = self.size_rank(c)
        squeeze = self.square_extent[self.sizes[rank - 1]] if rank > 0 else None
        shape = None
        if c.footprint:
            anchor = c.position.key()
            shape = tuple((cell.x - anchor[0], cell.y - anchor[1]) for cell in c.footprint)
        return Mover(self.square_extent[c.size], squeeze, c.has("prone"), shape)

    # -- attacks: reach, range, cover, flanking --------------------------------------------

    def check_can_attack(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> None:
        super().check_can_attack(draft, attacker, target, attack)
        reach = self._reach(draft, attacker, target, attack)
        if not reach.in_range:
            feet = self.distance_ft(draft, attacker, target)
            limit = attack.reach if attack.kind == "melee" else attack.long_range or attack.range
            raise IllegalAction(
                f"{target.name} is {feet} ft from {attacker.name}, beyond the {limit} ft "
                f"{'reach' if attack.kind == 'melee' else 'range'} of {attack.name}",
                "d20.grid.range",
            )

    def _reach(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> AttackReach:
        feet = self.distance_ft(draft, attacker, target)
        if attack.kind == "melee":
            return AttackReach(attack.name, attack.kind, feet <= attack.reach, False)
        if attack.range is None:
            return AttackReach(attack.name, attack.kind, True, False)
        longest = max(attack.range, attack.long_range or attack.range)
        return AttackReach(
            attack.name, attack.kind, feet <= longest, attack.range < feet <= longest
        )

    def cover(
        self, draft: Draft, attacker: Combatant, target: Combatant, stated: CoverDegree | None
    ) -> tuple[CoverDegree, CoverSource]:
        """A degree the DM states wins (``d20.cover.override``); otherwise it is computed
        from walls and every other creature (``d20.cover.creatures``)."""
        if stated is not None:
            return stated, "stated"
        geometry = self.board(draft)
        obstacles = [
            self.cells(draft, other) for other in self._living_others(draft, attacker.id, target.id)
        ]
        found = geometry.cover(self.cells(draft, attacker), self.cells(draft, target), obstacles)
        return COVER_NAMES[found], "computed"

    def attack_modifiers(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> tuple[list[str], list[str]]:
        adv, dis = super().attack_modifiers(draft, attacker, target, attack)
        square = draft.encounter.grid.kind == "square"
        if (attack.kind == "melee" or not square) and self.flanking(draft, attacker, target)[0]:
            adv.append("flanking")
        if self._reach(draft, attacker, target, attack).long_range:
            dis.append("long-range")
        return adv, dis

    def flanking(
        self, draft: Draft, attacker: Combatant, target: Combatant
    ) -> tuple[bool, list[str], str]:
        """Whether ``attacker`` flanks ``target``: ``d20.flank.*`` with its allies."""
        if target.immune_to_flanking:
            return False, [], f"{target.name} can't be flanked"
        geometry = self.board(draft)
        target_rank = self.size_rank(target)
        needs = FLANKERS_NEEDED.get(target.size, 2)
        target_cells = self.cells(draft, target)
        goal = FlankTarget(target_cells, target_rank, False, needs)

        def flanker(c: Combatant) -> Flanker:
            able = not c.incapacitated and self.can_see(draft, c, target)
            return Flanker(c.id, self.cells(draft, c), self.size_rank(c), able)

        allies = [
            flanker(c)
            for c in self._living_others(draft, attacker.id, target.id)
            if c.side == attacker.side
            and geometry.space_distance(self.cells(draft, c), target_cells) == 1
        ]
        result = geometry.flanking(goal, flanker(attacker), allies)
        if result.flanks:
            names = ", ".join(result.partners)
            return True, list(result.partners), f"flanks {target.name} with {names}"
        if attacker.incapacitated or not self.can_see(draft, attacker, target):
            return False, [], f"{attacker.name} can't flank: it can't see or is incapacitated"
        if target_rank - self.size_rank(attacker) > 2:
            return False, [], f"{target.name} is more than two sizes larger"
        return False, [], "no ally stands opposite"

    # -- moving ----------------------------------------------------------------------------

    def _plan(
        self,
        draft: Draft,
        c: Combatant,
        path: list[Cell] | None,
        to: Cell | None,
        movement: int | None,
    ) -> Move:
        geometry = self.board(draft)
        mover = self.mover(c)
        occupants = self.occupants(draft, c)
        start = c.position.key()
        if (path is None) == (to is None):
            raise InvalidAction("give either a path or a destination ('to'), not both", ("path",))
        if to is not None:
            if not geometry.in_bounds(to.key()):
                raise InvalidAction(f"({to.x}, {to.y}) is off the grid", ("to",))
            found = geometry.cheapest_path(
                start, to.key(), mover, occupants=occupants, movement=movement
            )
            if found is None:
                raise IllegalAction(
                    f"{c.name} has no legal path to ({to.x}, {to.y})"
                    + (f" within {movement} ft" if movement is not None else ""),
                    "d20.grid.enter",
                )
            return found
        assert path is not None
        cells = [cell.key() for cell in path]
        if not cells or cells[0] != start:
            cells.insert(0, start)
        try:
            return geometry.path_cost(cells, mover, occupants=occupants, movement=movement)
        except IllegalMove as e:
            index = e.index + (1 if path and path[0].key() == start else 0)
            if e.fault in (Fault.OFF_GRID, Fault.NOT_ADJACENT):
                raise InvalidAction(
                    f"step {e.index + 1} into {e.cell}: {e.fault.value}", ("path", index)
                ) from None
            raise IllegalAction(
                f"{c.name} can't make step {e.index + 1} into {e.cell}: {e.fault.value}",
                FAULT_RULES.get(e.fault, "d20.grid.enter"),
            ) from None

    def movement_left(self, c: Combatant) -> int:
        return c.speed if c.budget.movement is None else c.budget.movement

    def _reactors(self, draft: Draft, mover: Combatant) -> list[tuple[Combatant, Attack]]:
        out = []
        for other in self._living_others(draft, mover.id):
            if not draft.encounter.hostile(mover, other):
                continue
            melee = [a for a in other.attacks if a.kind == "melee"]
            if melee:
                out.append((other, max(melee, key=lambda a: a.reach)))
        return out

    def _leaves_reach(
        self,
        draft: Draft,
        reactor: Combatant,
        attack: Attack,
        before: tuple[GridCell, ...],
        after: tuple[GridCell, ...],
    ) -> bool:
        geometry = self.board(draft)
        mine = self.cells(draft, reactor)
        return geometry.within(mine, before, attack.reach) and not geometry.within(
            mine, after, attack.reach
        )

    def _footprint_at(self, draft: Draft, c: Combatant, anchor: GridCell) -> tuple[GridCell, ...]:
        geometry = self.board(draft)
        if c.footprint:
            dx, dy = anchor[0] - c.position.x, anchor[1] - c.position.y
            return tuple((cell.x + dx, cell.y + dy) for cell in c.footprint)
        return geometry.footprint(anchor, self.square_extent[c.size])

    def move_combatant(
        self, draft: Draft, action: MoveCombatant, rng: Random, log: EventLog
    ) -> MoveOutcome:
        c = self._combatant(draft, action.combatant_id, "combatantId")
        if c.dead or c.incapacitated:
            raise IllegalAction(
                f"{c.name} can't move while {'dead' if c.dead else 'incapacitated'}",
                "d20.turn.economy",
            )
        for i, cid in enumerate(action.opportunity_attacks or []):
            try:
                draft.get(cid)
            except InvalidAction as e:
                raise e.at("opportunityAttacks", i) from None
        if action.teleport:
            return self._teleport(draft, c, action, log)
        free = action.forced
        if not free:
            enc = draft.encounter
            if enc.turn_of is not None and enc.turn_of != c.id:
                raise IllegalAction(f"it is not {c.name}'s turn to move", "d20.turn.economy")
        budget = None if free else self.movement_left(c)
        plan = self._plan(draft, c, action.path, action.to, budget)
        exempt = free or c.has("disengaged")
        offered: list[OpportunityAttack] = []
        takers = None if action.opportunity_attacks is None else set(action.opportunity_attacks)
        reactors = self._reactors(draft, c)
        walked = [plan.path[0]]
        spent = 0
        stopped = False
        for i, step in enumerate(plan.steps):
            before = self._footprint_at(draft, c, plan.path[i])
            after = self._footprint_at(draft, c, step.cell)
            for reactor, attack in reactors:
                current = draft.get(reactor.id)
                if current.dead or not self._leaves_reach(draft, current, attack, before, after):
                    continue
                offered.append(
                    self._opportunity(draft, current, c.id, attack, i, exempt, takers, rng, log)
                )
            mover_now = draft.get(c.id)
            if mover_now.dead or mover_now.hp == 0:
                stopped = True
                break
            spent += step.cost
            walked.append(step.cell)
            moving = draft.edit(c.id)
            moving.position = Cell(*step.cell)
        moved = draft.edit(c.id)
        if not free:
            moved.budget.movement = self.movement_left(moved) - spent
        squeezing = bool(plan.steps) and not stopped and plan.steps[-1].squeezing
        moved.conditions = [x for x in moved.conditions if x.name != "squeezing"]
        if squeezing:
            moved.conditions.append(Condition("squeezing"))
        log.note(
            "move",
            f"{c.name} moves {spent} ft to ({walked[-1][0]}, {walked[-1][1]})"
            + (" (stopped)" if stopped else "")
            + (", squeezing" if squeezing else ""),
            actor=c.id,
            amount=spent,
            rule="d20.grid.squares",
            path=[list(p) for p in walked],
        )
        return MoveOutcome(
            c.id,
            [Cell(*p) for p in walked],
            spent,
            self.movement_left(moved),
            squeezing,
            offered,
            stopped,
        )

    def _opportunity(
        self,
        draft: Draft,
        reactor: Combatant,
        mover_id: str,
        attack: Attack,
        step: int,
        exempt: bool,
        takers: set[str] | None,
        rng: Random,
        log: EventLog,
    ) -> OpportunityAttack:
        mover = draft.get(mover_id)
        reason = ""
        if exempt:
            reason = "the mover provokes none (disengaged or moved by another force)"
        elif not reactor.budget.reaction:
            reason = "no reaction left"
        elif reactor.incapacitated:
            reason = "incapacitated"
        elif not self.can_see(draft, reactor, mover):
            reason = "can't see the mover"
        elif takers is not None and reactor.id not in takers:
            reason = "declined"
        if reason:
            rule = "d20.oa.exempt" if exempt else "d20.oa.trigger"
            log.note(
                "opportunity-attack-not-taken",
                f"{reactor.name}: no opportunity attack on {mover.name} ({reason})",
                actor=reactor.id,
                target=mover_id,
                rule=rule,
            )
            return OpportunityAttack(reactor.id, step, False, reason)
        log.note(
            "opportunity-attack",
            f"{mover.name} leaves {reactor.name}'s reach: opportunity attack",
            actor=reactor.id,
            target=mover_id,
            rule="d20.oa.trigger",
        )
        saved_turn = draft.encounter.turn_of
        outcome: AttackOutcome = self.resolve_attack(  # type: ignore[attr-defined]
            draft,
            ResolveAttack(reactor.id, mover_id, attack_name=None, attack=attack, spend="reaction"),
            rng,
            log,
        )
        draft.encounter.turn_of = saved_turn
        return OpportunityAttack(reactor.id, step, True, "taken", outcome.hit, outcome.damage)

    def _teleport(
        self, draft: Draft, c: Combatant, action: MoveCombatant, log: EventLog
    ) -> MoveOutcome:
        target = action.to or (action.path[-1] if action.path else None)
        if target is None:
            raise InvalidAction("a teleport needs a destination ('to')", ("to",))
        geometry = self.board(draft)
        cells = self._footprint_at(draft, c, target.key())
        taken = {cell for o in self._living_others(draft, c.id) for cell in self.cells(draft, o)}
        if not geometry.fits(cells) or any(cell in taken for cell in cells):
            raise IllegalAction(
                f"{c.name} can't teleport into an occupied or blocked space", "d20.size.space"
            )
        moved = draft.edit(c.id)
        moved.position = target
        log.note(
            "teleport",
            f"{c.name} teleports to ({target.x}, {target.y}); no opportunity attacks",
            actor=c.id,
            rule="d20.oa.exempt",
        )
        return MoveOutcome(c.id, [c.position, target], 0, self.movement_left(moved), False)

    def stand_up(self, draft: Draft, action: StandUp, rng: Random, log: EventLog) -> PostureOutcome:
        c = self._combatant(draft, action.combatant_id, "combatantId")
        if not c.has("prone"):
            raise IllegalAction(f"{c.name} is not prone", "d100.prone.stand")
        cost = c.speed // 2
        left = self.movement_left(c)
        if c.speed == 0 or left < cost:
            raise IllegalAction(
                f"{c.name} needs {cost} ft of movement to stand and has {left}",
                "d100.prone.stand",
            )
        up = draft.edit(c.id)
        up.conditions = [x for x in up.conditions if x.name != "prone"]
        up.budget.movement = left - cost
        log.note(
            "stand-up", f"{c.name} stands up for {cost} ft", actor=c.id, rule="d100.prone.stand"
        )
        return PostureOutcome(c.id, False, left - cost)

    def drop_prone(
        self, draft: Draft, action: DropProne, rng: Random, log: EventLog
    ) -> PostureOutcome:
        c = self._combatant(draft, action.combatant_id, "combatantId")
        down = draft.edit(c.id)
        if not down.has("prone"):
            down.conditions.append(Condition("prone", c.id))
        log.note(
            "drop-prone",
            f"{c.name} drops prone (no movement spent)",
            actor=c.id,
            rule="d100.prone.drop",
        )
        return PostureOutcome(c.id, True, self.movement_left(down))

    # -- queries ---------------------------------------------------------------------------

    def path_cost(
        self, draft: Draft, action: PathCost, rng: Random, log: EventLog
    ) -> PathCostOutcome:
        c = self._combatant(draft, action.combatant_id, "combatantId")
        left = self.movement_left(c)
        try:
            plan = self._plan(draft, c, action.path, action.to, None)
        except IllegalAction as e:
            path = action.path or []
            return PathCostOutcome(False, path, None, left, e.message, e.rule)
        legal = plan.cost <= left
        provokes = sorted(
            {
                reactor.id
                for i, step in enumerate(plan.steps)
                for reactor, attack in self._reactors(draft, c)
                if self._leaves_reach(
                    draft,
                    reactor,
                    attack,
                    self._footprint_at(draft, c, plan.path[i]),
                    self._footprint_at(draft, c, step.cell),
                )
            }
        )
        return PathCostOutcome(
            legal,
            [Cell(*p) for p in plan.path],
            plan.cost,
            left,
            None if legal else f"costs {plan.cost} ft, {left} ft left",
            None if legal else "d20.grid.enter",
            None,
            provokes,
        )

    def _pair(self, draft: Draft, action: Pair) -> tuple[Combatant, Combatant]:
        a = self._combatant(draft, action.attacker_id, "attackerId")
        b = self._combatant(draft, action.target_id, "targetId")
        if a.id == b.id:
            raise InvalidAction("the attacker and the target are the same", ("targetId",))
        return a, b

    def cover_query(self, draft: Draft, action: Pair, rng: Random, log: EventLog) -> CoverOutcome:
        a, b = self._pair(draft, action)
        degree, _ = self.cover(draft, a, b, None)
        bonus = COVER_AC.get(degree)
        return CoverOutcome(degree, bonus, bonus, self.cover_save_ability)

    def flanking_query(
        self, draft: Draft, action: Pair, rng: Random, log: EventLog
    ) -> FlankingOutcome:
        a, b = self._pair(draft, action)
        flanks, partners, reason = self.flanking(draft, a, b)
        return FlankingOutcome(flanks, partners, reason)

    def reach_query(self, draft: Draft, action: Pair, rng: Random, log: EventLog) -> ReachOutcome:
        a, b = self._pair(draft, action)
        geometry = self.board(draft)
        return ReachOutcome(
            self.distance_ft(draft, a, b),
            [self._reach(draft, a, b, attack) for attack in a.attacks],
            geometry.has_line_of_sight(self.cells(draft, a), self.cells(draft, b)),
        )

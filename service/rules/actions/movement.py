"""Moving: ``moveCombatant``, ``standUp``, ``dropProne``.

The move pipeline, in order (:func:`move_combatant`):

1. the mover must be able to move, and it must be its turn unless it is moved by something
   else (``forced``: an unconscious creature can be moved too) or teleports
   (``d20.oa.exempt``: no path, no opportunity attacks); a surprised creature can't move on
   its first turn (``d20.order.surprise``); the ruleset's ``before_move`` hook may refuse
   the move (d100: a grappled creature) and names the creatures that come along with the
   mover;
2. :func:`plan` the path: the one given, checked step by step, or the cheapest legal one to
   ``to`` (walls, corners, difficult terrain, other creatures, squeezing, crawling: the
   rules of :mod:`service.rules.grid.movement`, with the movement the mover has left);
3. :func:`walk` it step by step; before each step, every hostile creature whose reach the
   mover is leaving (but those that come along) is offered an opportunity attack
   (``d20.oa.trigger``), which it takes with its reaction or declines as the request says;
   a reactor that can't attack (no reaction, can't see the mover, no usable melee
   weapon...) is reported with the reason; after each step (and a teleport) the ruleset's
   ``after_step`` hook (d100: the grappler drags the creatures it holds, grapples pulled
   apart end);
4. the move stops early where the mover drops to 0 HP, is incapacitated or surprised, is
   knocked prone (decision, ``d100.prone.crawl``: it stops where it fell, with the movement
   it has left; a new move then crawls at crawling cost, or it stands up first), its speed
   drops to 0, or its movement is cut below the next step (an opportunity attack's
   critical effect, say);
5. spend the movement step by step, and mark the mover ``squeezing`` when it stands in a
   tight space.

A readied move (``triggerReadied``) walks the same way, out of its turn, up to its speed,
without touching the movement of its turn.

Decisions:

* moving through other creatures (``d20.size.space``, ``d100.move.through``): an ally's
  space is passable; in the d20 base at no extra cost and a hostile space never (seed 000:
  "other creatures can't get through unless the hobgoblin lets them"); a ruleset may make
  another creature's space difficult terrain and a hostile one passable two sizes apart
  (``Ruleset.creature_space_difficult``, ``Ruleset.hostile_passable_size_gap``: d100).
* flying (``fly``): the creature's ``flying_speed`` (the ruleset's hook: d10 needs a
  device); the ground's difficult cells and the ruleset's terrain (climb and swim cells)
  don't apply, other creatures' spaces do (the map has no height); a prone creature can't
  fly. A turn's movement is counted in feet of walking: a flight of F ft uses
  ``ceil(F × speed / flying speed)`` of it, so a 30 ft walker with a 60 ft flying speed
  flies 60 ft on a fresh turn (120 after a Dash). A creature needs a walking ``speed`` to
  fly; a pure flyer has its flying speed as ``speed`` too.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from random import Random
from typing import Literal

from ..errors import IllegalAction, InvalidAction, LimitExceeded
from ..events import EventLog
from ..grid import TINY_PER_CELL, Fault, IllegalMove, Move, Mover, Occupant
from ..grid import Cell as GridCell
from ..limits import REACTOR_CHECKS
from ..mechanics.space import Board, living_others, relocate
from ..mechanics.weapons import weapon_problem
from ..model import Attack, Cell, Combatant, Cond, Condition, Draft
from ..model.outcomes import AttackOutcome, MoveOutcome, OpportunityAttack, PostureOutcome
from ..model.requests import (
    DropProne,
    MoveCombatant,
    OpportunityChoice,
    OtherReactors,
    ResolveAttack,
    StandUp,
)
from ..registry import action
from ..ruleset import Ruleset
from .attack import check_weapon, cover_of, resolve_attack

FAULT_RULES = {
    Fault.CORNER: "d20.grid.corners",
    Fault.INSUFFICIENT_MOVEMENT: "d20.grid.enter",
    Fault.BLOCKED: "d20.grid.squares",
    Fault.OCCUPIED: "d20.size.space",
}


class PathRefused(IllegalAction):
    """A path the rules refuse at step ``step`` (step ``i`` enters cell ``i + 1`` of the
    path with the mover's own cell first); None when no path was found at all."""

    def __init__(self, message: str, rule: str, step: int | None = None) -> None:
        super().__init__(message, rule)
        self.step = step


def movement_left(ruleset: Ruleset, draft: Draft, c: Combatant) -> int:
    """Feet of movement ``c`` has left this turn (its turn's speed when nothing is spent)."""
    return ruleset.turn_speed(draft, c) if c.budget.movement is None else c.budget.movement


def occupants(
    ruleset: Ruleset, draft: Draft, mover: Combatant, fly: bool = False
) -> list[Occupant]:
    """Other creatures as the mover meets them (the module's decisions); Tiny creatures
    share, four to a cell (``d20.size.space``). Then the ruleset's ``terrain``, which a
    flyer doesn't meet."""
    board = ruleset.board(draft)
    rank = board.rank(mover)
    gap = ruleset.hostile_passable_size_gap
    difficult = ruleset.creature_space_difficult
    others = living_others(draft.encounter, mover.id)
    tiny = Counter(cell for o in others if o.size == "tiny" for cell in board.cells(o))
    out = []
    for other in others:
        hostile = other.side != mover.side
        passable = not hostile or (gap is not None and abs(board.rank(other) - rank) >= gap)
        cells = board.cells(other)
        shareable = (
            mover.size == "tiny"
            and other.size == "tiny"
            and all(tiny[cell] < TINY_PER_CELL for cell in cells)
        )
        out.append(Occupant(cells, passable, difficult, shareable))
    if not fly:
        out.extend(ruleset.terrain(draft, mover))
    return out


def mover_of(board: Board, c: Combatant, fly: bool = False) -> Mover:
    rank = board.rank(c)
    squeeze = board.extent[board.sizes[rank - 1]] if rank > 0 else None
    shape = None
    if c.footprint:
        anchor = c.position.key()
        shape = tuple((cell.x - anchor[0], cell.y - anchor[1]) for cell in c.footprint)
    return Mover(board.extent[c.size], squeeze, c.has(Cond.PRONE), shape, fly)


@dataclass(frozen=True, slots=True)
class Flight:
    """How a flight is paid for: ``speed`` (walking) feet of movement per ``fly`` feet flown."""

    speed: int
    fly: int

    def flown(self, movement: int) -> int:
        """The feet ``movement`` feet of walking movement let the creature fly."""
        return movement * self.fly // self.speed

    def used(self, flown: int) -> int:
        """The feet of walking movement a flight of ``flown`` feet uses."""
        return math.ceil(flown * self.speed / self.fly)


def flight(ruleset: Ruleset, c: Combatant) -> Flight:
    """A creature about to fly: refused when it can't (the module's decisions)."""
    fly = ruleset.flying_speed(c)
    if fly <= 0 or c.speed <= 0:
        why = "no flying speed" if fly <= 0 else "a speed of 0"
        raise IllegalAction(f"{c.name} can't fly: it has {why}", "d20.turn.economy")
    if c.has(Cond.PRONE):
        raise IllegalAction(
            f"{c.name} can't fly while prone: it stands up first", "d20.turn.economy"
        )
    return Flight(c.speed, fly)


def plan(
    ruleset: Ruleset,
    draft: Draft,
    c: Combatant,
    path: list[Cell] | None,
    to: Cell | None,
    movement: int | None,
    fly: bool = False,
) -> Move:
    """The move a request describes: its ``path`` checked step by step, or the cheapest
    legal path ``to`` a cell, within ``movement`` feet (None: any distance; for a flight,
    feet flown). Refusals are :class:`PathRefused` (or :class:`InvalidAction` for a path
    that leaves the grid or jumps)."""
    board = ruleset.board(draft)
    geometry = board.geometry
    mover = mover_of(board, c, fly)
    others = occupants(ruleset, draft, c, fly)
    start = c.position.key()
    if (path is None) == (to is None):
        raise InvalidAction("give either a path or a destination ('to'), not both", ("path",))
    if to is not None:
        if not geometry.in_bounds(to.key()):
            raise InvalidAction(f"({to.x}, {to.y}) is off the grid", ("to",))
        _check_destination(ruleset, draft, c, to.key())
        found = geometry.cheapest_path(start, to.key(), mover, occupants=others, movement=movement)
        if found is not None:
            return found
        where = f"({to.x}, {to.y})"
        anyhow = None
        if movement is not None:
            try:
                anyhow = geometry.cheapest_path(start, to.key(), mover, occupants=others)
            except LimitExceeded:
                raise PathRefused(
                    f"{c.name} has no legal path to {where} within {movement} ft",
                    "d20.grid.enter",
                ) from None
        if anyhow is None:
            raise PathRefused(f"{c.name} has no legal path to {where}", "d20.grid.enter")
        raise PathRefused(
            f"{c.name} needs {anyhow.cost} ft to reach {where} and has {movement} ft left",
            "d20.grid.enter",
        )
    assert path is not None
    cells = [cell.key() for cell in path]
    lead = bool(cells) and cells[0] == start
    if not lead:
        cells.insert(0, start)
    try:
        return geometry.path_cost(cells, mover, occupants=others, movement=movement)
    except IllegalMove as e:
        index = e.index + (1 if lead else 0)
        if e.fault in (Fault.OFF_GRID, Fault.NOT_ADJACENT):
            raise InvalidAction(
                f"step {e.index + 1} into {e.cell}: {e.fault.value}", ("path", index)
            ) from None
        last = e.index == len(cells) - 2
        message, rule = _fault(ruleset, draft, c, e, last, movement)
        raise PathRefused(message, rule, e.index) from None


def _fault(
    ruleset: Ruleset, draft: Draft, c: Combatant, e: IllegalMove, last: bool, movement: int | None
) -> tuple[str, str]:
    """What a refused step says: the occupant it runs into, the wall, the corner..."""
    step = f"{c.name} can't make step {e.index + 1} into {e.cell}"
    if e.fault is Fault.OCCUPIED:
        other = _occupant_at(ruleset, draft, c, e.cell)
        if (
            other is not None
            and other.side != c.side
            and not (last and _passable(ruleset, draft, c, other))
        ):
            return (
                f"{step}: {other.name}'s space (a hostile creature) can't be moved through",
                ruleset.rule_ids.move_through,
            )
        if other is not None:
            return (
                f"{step}: it can't end its move in {other.name}'s space",
                ruleset.rule_ids.move_through,
            )
    if e.fault is Fault.INSUFFICIENT_MOVEMENT:
        return f"{step}: not enough movement left ({movement} ft for the move)", "d20.grid.enter"
    return f"{step}: {e.fault.value}", FAULT_RULES.get(e.fault, "d20.grid.enter")


def _passable(ruleset: Ruleset, draft: Draft, c: Combatant, other: Combatant) -> bool:
    board = ruleset.board(draft)
    gap = ruleset.hostile_passable_size_gap
    return gap is not None and abs(board.rank(other) - board.rank(c)) >= gap


def _occupant_at(
    ruleset: Ruleset, draft: Draft, c: Combatant, anchor: GridCell
) -> Combatant | None:
    """The first other living creature whose space ``c`` would overlap at ``anchor`` (a
    hostile one first), sharing Tiny creatures aside."""
    board = ruleset.board(draft)
    mine = set(board.cells_at(c, anchor))
    found = [
        o
        for o in living_others(draft.encounter, c.id)
        if mine & set(board.cells(o)) and not (c.size == "tiny" and o.size == "tiny")
    ]
    found.sort(key=lambda o: o.side == c.side)
    return found[0] if found else None


def _check_destination(ruleset: Ruleset, draft: Draft, c: Combatant, anchor: GridCell) -> None:
    """A destination inside another creature's space is refused naming it."""
    other = _occupant_at(ruleset, draft, c, anchor)
    if other is not None:
        raise PathRefused(
            f"{c.name} can't end its move at ({anchor[0]}, {anchor[1]}): {other.name} is there",
            ruleset.rule_ids.move_through,
        )


# -- opportunity attacks ---------------------------------------------------------------------


def melee_attacks(c: Combatant) -> list[Attack]:
    return [a for a in c.attacks if a.kind == "melee"]


def ready_weapons(c: Combatant) -> list[Attack]:
    """Its melee attacks that can be made at all (not broken: condition 0; not empty:
    ammo 0; in hand), longest reach first."""
    usable = [
        a
        for a in melee_attacks(c)
        if a.condition != 0 and a.ammo != 0 and weapon_problem(c, a) is None
    ]
    return sorted(usable, key=lambda a: -a.reach)


def threat_reach(c: Combatant) -> int | None:
    """How far ``c`` threatens: its longest usable melee reach; with none usable, its
    longest melee reach (it is offered the attack and can't make it); None without melee."""
    usable = ready_weapons(c)
    if usable:
        return usable[0].reach
    melee = melee_attacks(c)
    return max(a.reach for a in melee) if melee else None


def reactors(draft: Draft, mover: Combatant) -> list[tuple[Combatant, int]]:
    """Hostile creatures that could make an opportunity attack on ``mover``, with the
    reach they threaten."""
    out = []
    for other in living_others(draft.encounter, mover.id):
        if other.side == mover.side:
            continue
        reach = threat_reach(other)
        if reach is not None:
            out.append((other, reach))
    return out


def check_reactors(
    board: Board,
    mover: Combatant,
    steps: int,
    threats: list[tuple[Combatant, int]],
    field: str,
) -> None:
    """Refuse a move whose reach checks (its steps x the mover's cells x the threatening
    creatures' cells) are over :data:`~service.rules.limits.REACTOR_CHECKS`, before any."""
    if not steps or not threats:
        return
    cells = sum(len(board.cells(reactor)) for reactor, _ in threats)
    mine = len(board.cells(mover))
    REACTOR_CHECKS.check(
        steps * mine * cells,
        f"a move of {steps} steps by a space of {mine} cells past {len(threats)} hostile "
        f"creatures filling {cells} cells",
        (field,),
    )


def leaves_reach(
    board: Board,
    reactor: Combatant,
    reach: int,
    before: tuple[GridCell, ...],
    after: tuple[GridCell, ...],
) -> bool:
    mine = board.cells(reactor)
    return board.within(mine, before, reach) and not board.within(mine, after, reach)


@dataclass(frozen=True, slots=True)
class Reactions:
    """What the request says each reactor does with the opportunity attacks it is offered."""

    choices: dict[str, OpportunityChoice]
    others: OtherReactors = "take"

    def of(self, reactor_id: str) -> OpportunityChoice | None:
        """The reactor's choice; None when it declines."""
        choice = self.choices.get(reactor_id)
        if choice is None:
            return OpportunityChoice(reactor_id) if self.others == "take" else None
        return choice if choice.take else None


def reactions(
    draft: Draft, listed: list[OpportunityChoice], others: OtherReactors, field: str
) -> Reactions:
    """The request's choices, checked: known reactors, once each, a melee attack of theirs."""
    choices: dict[str, OpportunityChoice] = {}
    for i, choice in enumerate(listed):
        if choice.reactor_id not in draft:
            raise InvalidAction(
                f"no combatant with id {choice.reactor_id!r}", (field, i, "reactorId")
            )
        if choice.reactor_id in choices:
            raise InvalidAction(f"{choice.reactor_id!r} is listed twice", (field, i, "reactorId"))
        if choice.attack_name is not None:
            reactor = draft.get(choice.reactor_id)
            found = reactor.find_attack(choice.attack_name)
            if found is None or found.kind != "melee":
                names = ", ".join(a.name for a in melee_attacks(reactor)) or "none"
                raise InvalidAction(
                    f"{reactor.name} has no melee attack named {choice.attack_name!r} "
                    f"(it has: {names}); an opportunity attack is a melee attack",
                    (field, i, "attackName"),
                )
        choices[choice.reactor_id] = choice
    return Reactions(choices, others)


def _opportunity(
    ruleset: Ruleset,
    draft: Draft,
    reactor: Combatant,
    mover_id: str,
    step: int,
    exempt: bool,
    choice: OpportunityChoice | None,
    rng: Random,
    log: EventLog,
) -> OpportunityAttack:
    """One offered opportunity attack: taken with the reactor's reaction, or not and why."""
    mover = draft.get(mover_id)
    reason = ""
    rule = "d20.oa.trigger"
    if exempt:
        reason = "the mover provokes none (disengaged or moved by another force)"
        rule = "d20.oa.exempt"
    elif reactor.has(Cond.SURPRISED):
        reason = "surprised: it can't react until its turn ends"
        rule = "d20.order.surprise"
    elif not reactor.budget.reaction:
        reason = "no reaction left"
    elif reactor.incapacitated:
        reason = "incapacitated"
    elif not ruleset.can_see(draft, reactor, mover):
        reason = "can't see the mover"
    elif choice is None:
        reason = "declined"
    request = None
    if not reason:
        assert choice is not None
        request, reason, refused_by = _weapon(ruleset, draft, reactor, mover_id, choice)
        rule = refused_by or rule
    if request is None:
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
    outcome: AttackOutcome = resolve_attack(ruleset, draft, request, rng, log)
    draft.encounter.turn_of = saved_turn
    return OpportunityAttack(reactor.id, step, True, "taken", outcome.hit, outcome.damage)


def _weapon(
    ruleset: Ruleset,
    draft: Draft,
    reactor: Combatant,
    mover_id: str,
    choice: OpportunityChoice,
) -> tuple[ResolveAttack | None, str, str | None]:
    """The attack the reactor makes: the one chosen, else its usable melee attacks by reach,
    the first the rules accept against the mover where it stands now (the refusals of
    ``prepare_attack``: the ruleset's ``check_attack``, total cover); or None, why not, and
    the rule that refused."""
    if choice.attack_name is not None:
        chosen = reactor.find_attack(choice.attack_name)
        candidates = [chosen] if chosen is not None else []
    else:
        candidates = ready_weapons(reactor) or melee_attacks(reactor)
    mover = draft.get(mover_id)
    refusal: IllegalAction | None = None
    for attack in candidates:
        try:
            check_weapon(draft, reactor, attack)
            ruleset.check_attack(draft, reactor, mover, attack)
        except IllegalAction as e:
            refusal = refusal or e
            continue
        if cover_of(ruleset, draft, reactor, mover, choice.cover)[0] == "total":
            why = f"{mover.name} has total cover from {reactor.name}"
            return None, f"can't attack: {why}", "d20.attack.total-cover"
        request = ResolveAttack(
            reactor.id,
            mover_id,
            attack_name=attack.name,
            advantage=choice.advantage,
            disadvantage=choice.disadvantage,
            cover=choice.cover,
            knockout=choice.knockout,
            spend="reaction",
        )
        return request, "", None
    if refusal is None:
        return None, "no melee attack to make", None
    return None, f"can't attack: {refusal.message}", refusal.rule


# -- the walk --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Standing:
    """The mover's state as a move begins: a stop is for what changes on the way."""

    down: bool
    incapacitated: bool
    prone: bool
    surprised: bool
    moving: bool

    @classmethod
    def of(cls, ruleset: Ruleset, draft: Draft, c: Combatant) -> _Standing:
        return cls(
            c.dead or c.hp == 0,
            c.incapacitated,
            c.has(Cond.PRONE),
            c.has(Cond.SURPRISED),
            ruleset.turn_speed(draft, c) > 0,
        )

    def stop(self, ruleset: Ruleset, draft: Draft, mover_id: str) -> str | None:
        """Why the mover can't go on after what happened at this step, or None."""
        now = _Standing.of(ruleset, draft, draft.get(mover_id))
        if now.down and not self.down:
            return "dropped to 0 HP"
        if now.incapacitated and not self.incapacitated:
            return "incapacitated"
        if now.prone and not self.prone:
            return "knocked prone: it may crawl on or stand up"
        if now.surprised and not self.surprised:
            return "surprised"
        if self.moving and not now.moving:
            return "its speed is 0"
        return None


def walk(
    ruleset: Ruleset,
    draft: Draft,
    mover_id: str,
    path: list[Cell] | None,
    to: Cell | None,
    *,
    by: Literal["turn", "readied", "forced"],
    fly: bool,
    choices: Reactions,
    rng: Random,
    log: EventLog,
) -> MoveOutcome:
    """Plan and walk a move, offering opportunity attacks on the way (the module's steps 2
    to 5), after the ruleset's ``before_move``. ``by``: on the mover's turn (it spends the
    movement it has left), a readied move (up to its speed, the turn's movement untouched)
    or a forced one (any distance, no opportunity attacks)."""
    forced = by == "forced"
    own_turn = by == "turn"
    carried = ruleset.before_move(draft, mover_id, forced, log)
    c = draft.get(mover_id)
    movement: int | None = None
    if own_turn:
        movement = movement_left(ruleset, draft, c)
    elif by == "readied":
        movement = ruleset.turn_speed(draft, c)
    paid = Flight(1, 1) if not fly else flight(ruleset, c)
    budget = None if movement is None else paid.flown(movement)
    move = plan(ruleset, draft, c, path, to, budget, fly)
    board = ruleset.board(draft)
    exempt = forced or c.has(Cond.DISENGAGED)
    threats = [(r, reach) for r, reach in reactors(draft, c) if r.id not in carried]
    check_reactors(board, c, len(move.steps), threats, "to" if path is None else "path")
    standing = _Standing.of(ruleset, draft, c)
    offered: list[OpportunityAttack] = []
    walked = [move.path[0]]
    left = movement
    spent = flown = 0
    stopped: str | None = None
    last_squeezing: bool | None = None
    for i, step in enumerate(move.steps):
        before = board.cells_at(c, move.path[i])
        after = board.cells_at(c, step.cell)
        for reactor, reach in threats:
            current = draft.get(reactor.id)
            if current.dead or not leaves_reach(board, current, reach, before, after):
                continue
            offered.append(
                _opportunity(
                    ruleset, draft, current, c.id, i, exempt, choices.of(current.id), rng, log
                )
            )
        stopped = standing.stop(ruleset, draft, c.id)
        if stopped is not None:
            break
        cost = paid.used(flown + step.cost) - paid.used(flown)
        if own_turn and left is not None:
            left = min(left, movement_left(ruleset, draft, draft.get(c.id)))
        if left is not None and cost > left:
            stopped = "no movement left for the next step"
            break
        flown += step.cost
        spent += cost
        walked.append(step.cell)
        last_squeezing = step.squeezing
        moved = draft.edit(c.id)
        relocate(moved, step.cell)
        if left is not None:
            left -= cost
            if own_turn:
                moved.budget.movement = left
        ruleset.after_step(draft, c.id, before, forced, log)
    moved = draft.edit(c.id)
    if last_squeezing is not None:
        moved.conditions = [x for x in moved.conditions if x.name != Cond.SQUEEZING]
        if last_squeezing:
            moved.conditions.append(Condition(Cond.SQUEEZING))
    squeezing = moved.has(Cond.SQUEEZING)
    verb = f"flies {flown} ft ({spent} ft of its movement)" if fly else f"moves {spent} ft"
    log.note(
        "move",
        f"{c.name} {verb} to ({walked[-1][0]}, {walked[-1][1]})"
        + (f" (stopped: {stopped})" if stopped else "")
        + (", squeezing" if squeezing else ""),
        actor=c.id,
        amount=spent,
        rule="d20.grid.squares",
        path=[list(p) for p in walked],
        **({"stopped": stopped} if stopped else {}),
    )
    return MoveOutcome(
        c.id,
        [Cell(*p) for p in walked],
        spent,
        movement_left(ruleset, draft, moved) if own_turn or left is None else left,
        squeezing,
        offered,
        stopped is not None,
    )


@action(
    "moveCombatant",
    summary="Move along a path or to a cell, spending movement; opportunity attacks resolved.",
    order=180,
)
def move_combatant(
    ruleset: Ruleset, draft: Draft, act: MoveCombatant, rng: Random, log: EventLog
) -> MoveOutcome:
    """A move and the opportunity attacks on the way; the pipeline is in the module
    docstring."""
    c = ruleset.combatant(draft, act.combatant_id, "combatantId")
    choices = reactions(draft, act.opportunity_attacks, act.other_reactors, "opportunityAttacks")
    moved_by_another = act.forced or act.teleport
    if c.dead or (c.incapacitated and not moved_by_another):
        raise IllegalAction(
            f"{c.name} can't move while {'dead' if c.dead else 'incapacitated'}"
            + ("" if c.dead else " (it can be moved: 'forced')"),
            "d20.turn.economy",
        )
    if act.teleport:
        return _teleport(ruleset, draft, c, act, log)
    if act.forced:
        return walk(
            ruleset,
            draft,
            c.id,
            act.path,
            act.to,
            by="forced",
            fly=act.fly,
            choices=choices,
            rng=rng,
            log=log,
        )
    enc = draft.encounter
    if enc.turn_of is not None and enc.turn_of != c.id:
        raise IllegalAction(f"it is not {c.name}'s turn to move", "d20.turn.economy")
    if c.has(Cond.SURPRISED):
        raise IllegalAction(
            f"{c.name} is surprised: it can't move on its first turn", "d20.order.surprise"
        )
    return walk(
        ruleset,
        draft,
        c.id,
        act.path,
        act.to,
        by="turn",
        fly=act.fly,
        choices=choices,
        rng=rng,
        log=log,
    )


def _teleport(
    ruleset: Ruleset, draft: Draft, c: Combatant, act: MoveCombatant, log: EventLog
) -> MoveOutcome:
    target = act.to or (act.path[-1] if act.path else None)
    if target is None:
        raise InvalidAction("a teleport needs a destination ('to')", ("to",))
    board = ruleset.board(draft)
    cells = board.cells_at(c, target.key())
    field = "to" if act.to is not None else "path"
    if not all(board.geometry.in_bounds(cell) for cell in cells):
        raise InvalidAction(f"({target.x}, {target.y}) puts {c.name} off the grid", (field,))
    if not board.geometry.fits(cells):
        raise IllegalAction(
            f"{c.name} can't teleport to ({target.x}, {target.y}): a wall is there",
            "d20.grid.squares",
        )
    other = _occupant_at(ruleset, draft, c, target.key())
    if other is not None:
        raise IllegalAction(
            f"{c.name} can't teleport to ({target.x}, {target.y}): {other.name} is there",
            "d20.size.space",
        )
    ruleset.before_move(draft, c.id, True, log)
    before = board.cells(c)
    moved = draft.edit(c.id)
    relocate(moved, target.key())
    moved.conditions = [x for x in moved.conditions if x.name != Cond.SQUEEZING]
    log.note(
        "teleport",
        f"{c.name} teleports to ({target.x}, {target.y}); no opportunity attacks",
        actor=c.id,
        rule="d20.oa.exempt",
    )
    ruleset.after_step(draft, c.id, before, True, log)
    return MoveOutcome(c.id, [c.position, target], 0, movement_left(ruleset, draft, moved), False)


def _own_turn(ruleset: Ruleset, draft: Draft, c: Combatant, what: str, rule: str) -> None:
    """Standing up and dropping prone are done on the creature's own turn, while it can
    act; a surprised creature can't on its first turn (``d20.order.surprise``)."""
    if c.dead or c.incapacitated:
        state = "dead" if c.dead else "incapacitated"
        raise IllegalAction(f"{c.name} can't {what} while {state}", rule)
    turn_of = draft.encounter.turn_of
    if turn_of is not None and turn_of != c.id:
        raise IllegalAction(f"it is not {c.name}'s turn: it can't {what} now", "d20.turn.economy")
    if c.has(Cond.SURPRISED):
        raise IllegalAction(
            f"{c.name} is surprised: it can't {what} on its first turn", "d20.order.surprise"
        )


@action("standUp", summary="Stand up from prone for half the creature's speed.", order=190)
def stand_up(
    ruleset: Ruleset, draft: Draft, act: StandUp, rng: Random, log: EventLog
) -> PostureOutcome:
    """``d100.prone.stand``: half the speed (after its modifiers); impossible with less
    movement left or speed 0."""
    c = ruleset.combatant(draft, act.combatant_id, "combatantId")
    if not c.has(Cond.PRONE):
        raise IllegalAction(f"{c.name} is not prone", "d100.prone.stand")
    _own_turn(ruleset, draft, c, "stand up", "d100.prone.stand")
    speed = ruleset.turn_speed(draft, c)
    if speed == 0:
        raise IllegalAction(f"{c.name} can't stand up: its speed is 0", "d100.prone.stand")
    cost = speed // 2
    left = movement_left(ruleset, draft, c)
    if left < cost:
        raise IllegalAction(
            f"{c.name} needs {cost} ft of movement to stand and has {left}", "d100.prone.stand"
        )
    up = draft.edit(c.id)
    up.conditions = [x for x in up.conditions if x.name != Cond.PRONE]
    up.budget.movement = left - cost
    log.note("stand-up", f"{c.name} stands up for {cost} ft", actor=c.id, rule="d100.prone.stand")
    return PostureOutcome(c.id, False, left - cost)


@action("dropProne", summary="Drop prone, for no movement.", order=200)
def drop_prone(
    ruleset: Ruleset, draft: Draft, act: DropProne, rng: Random, log: EventLog
) -> PostureOutcome:
    """``d100.prone.drop``: dropping prone costs no movement; done on its own turn."""
    c = ruleset.combatant(draft, act.combatant_id, "combatantId")
    _own_turn(ruleset, draft, c, "drop prone", "d100.prone.drop")
    down = draft.edit(act.combatant_id)
    if not down.has(Cond.PRONE):
        down.conditions.append(Condition(Cond.PRONE, down.id))
    log.note(
        "drop-prone",
        f"{down.name} drops prone (no movement spent)",
        actor=down.id,
        rule="d100.prone.drop",
    )
    return PostureOutcome(down.id, True, movement_left(ruleset, draft, down))

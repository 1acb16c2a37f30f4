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
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Literal

from ..errors import IllegalAction, InvalidAction, LimitExceeded
from ..events import EventLog
from ..grid import Cell as GridCell
from ..grid import Fault, IllegalMove, Move, Mover, Occupant, Step
from ..limits import REACTOR_CHECKS
from ..mechanics.modifiers import fear_sources
from ..mechanics.space import Board, board_of, living_others, relocate
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
    """Other creatures as the mover meets them (the module's decisions); creatures smaller
    than a cell share it as the ruleset says (``d20.size.space``: four Tiny to a cell;
    ``d100.size.space``: four Small or twenty-five Tiny, :meth:`Board.tile_share`). Then
    the ruleset's ``terrain``, which a flyer doesn't meet."""
    board = board_of(draft, ruleset)
    rank = board.rank(mover)
    gap = ruleset.hostile_passable_size_gap
    difficult = ruleset.creature_space_difficult
    others = living_others(draft.encounter, mover.id)
    mine = board.tile_share(mover)
    load: dict[GridCell, Fraction] = {}
    for o in others:
        if (share := board.tile_share(o)) < 1:
            for cell in board.cells(o):
                load[cell] = load.get(cell, Fraction(0)) + share
    out = []
    for other in others:
        hostile = other.side != mover.side
        passable = not hostile or (gap is not None and abs(board.rank(other) - rank) >= gap)
        cells = board.cells(other)
        shareable = (
            mine < 1
            and board.tile_share(other) < 1
            and all(load[cell] + mine <= 1 for cell in cells)
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
    *,
    willing: bool = True,
) -> Move:
    """The move a request describes: its ``path`` checked step by step, or the cheapest
    legal path ``to`` a cell, within ``movement`` feet (None: any distance; for a flight,
    feet flown). Refusals are :class:`PathRefused` (or :class:`InvalidAction` for a path
    that leaves the grid or jumps). A ``willing`` move (not forced) is refused where it
    takes a frightened creature closer to the source of its fear (``d20.cond``)."""
    move = _route(ruleset, draft, c, path, to, movement, fly)
    if willing and c.conditions:
        _refuse_fear(ruleset, draft, c, move)
    return move


def _refuse_fear(ruleset: Ruleset, draft: Draft, c: Combatant, move: Move) -> None:
    board = board_of(draft, ruleset)
    sources = fear_sources(board, draft.encounter, c)
    if not sources:
        return
    for i, step in enumerate(move.steps):
        before = board.cells_at(c, move.path[i])
        after = board.cells_at(c, step.cell)
        for source in sources:
            mine = board.cells(source)
            if board.apart(after, mine) < board.apart(before, mine):
                raise PathRefused(
                    f"{c.name} can't make step {i + 1} into {step.cell}: it is frightened of "
                    f"{source.name} and can't willingly move closer to it",
                    "d20.cond",
                    i,
                )


def _route(
    ruleset: Ruleset,
    draft: Draft,
    c: Combatant,
    path: list[Cell] | None,
    to: Cell | None,
    movement: int | None,
    fly: bool,
) -> Move:
    board = board_of(draft, ruleset)
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
    board = board_of(draft, ruleset)
    gap = ruleset.hostile_passable_size_gap
    return gap is not None and abs(board.rank(other) - board.rank(c)) >= gap


def _occupant_at(
    ruleset: Ruleset, draft: Draft, c: Combatant, anchor: GridCell
) -> Combatant | None:
    """The first other living creature whose space ``c`` would overlap at ``anchor`` (a
    hostile one first), sharing Tiny creatures aside."""
    board = board_of(draft, ruleset)
    mine = set(board.cells_at(c, anchor))
    found = [
        o
        for o in living_others(draft.encounter, c.id)
        if mine & set(board.cells(o)) and not (board.tile_share(c) < 1 and board.tile_share(o) < 1)
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


def cannot_react(
    ruleset: Ruleset, draft: Draft, reactor: Combatant, mover: Combatant, exempt: bool
) -> tuple[str, str] | None:
    """Why ``reactor`` can't make an opportunity attack on ``mover`` leaving its reach, and
    the rule that says so; None when it can (the move and ``pathCost``'s ``provokes``
    both ask this). ``exempt``: the mover provokes none (disengaged, or moved by force)."""
    if exempt:
        return "the mover provokes none (disengaged or moved by another force)", "d20.oa.exempt"
    if reactor.has(Cond.SURPRISED):
        return "surprised: it can't react until its turn ends", "d20.order.surprise"
    if not reactor.budget.reaction:
        return "no reaction left", "d20.oa.trigger"
    if reactor.incapacitated:
        return "incapacitated", "d20.oa.trigger"
    if not board_of(draft, ruleset).can_see(draft.encounter, reactor, mover):
        return "can't see the mover", "d20.oa.trigger"
    return None


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
    reason, rule = cannot_react(ruleset, draft, reactor, mover, exempt) or ("", "d20.oa.trigger")
    if not reason and choice is None:
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
        return OpportunityAttack(reactor_id=reactor.id, at_step=step, taken=False, reason=reason)
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
    return OpportunityAttack(
        reactor_id=reactor.id,
        at_step=step,
        taken=True,
        reason="taken",
        hit=outcome.hit,
        damage=outcome.damage,
    )


def _weapon(
    ruleset: Ruleset,
    draft: Draft,
    reactor: Combatant,
    mover_id: str,
    choice: OpportunityChoice,
) -> tuple[ResolveAttack | None, str, str | None]:
    """The attack the reactor makes: the one chosen, else its usable melee attacks by reach,
    the first the rules accept against the mover where it stands now (the refusals of
    ``prepare_attack``: the ruleset's ``before_attack``, total cover); or None, why not, and
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
            ruleset.before_attack(draft, reactor, mover, attack)
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
    carried = ruleset.before_move(draft, mover_id, forced, log)
    c = draft.get(mover_id)
    movement = _movement_for(ruleset, draft, c, by)
    paid = Flight(1, 1) if not fly else flight(ruleset, c)
    budget = None if movement is None else paid.flown(movement)
    move = plan(ruleset, draft, c, path, to, budget, fly, willing=not forced)
    board = board_of(draft, ruleset)
    threats = [(r, reach) for r, reach in reactors(draft, c) if r.id not in carried]
    check_reactors(board, c, len(move.steps), threats, "to" if path is None else "path")
    offers = _Offers(board, threats, forced or c.has(Cond.DISENGAGED), choices)
    standing = _Standing.of(ruleset, draft, c)
    trip = _Trip(walked=[move.path[0]], left=movement, paid=paid, own_turn=by == "turn", offered=[])
    for i, step in enumerate(move.steps):
        before = board.cells_at(c, move.path[i])
        trip.offered += offers.offer(ruleset, draft, c, i, before, step, rng, log)
        trip.stopped = standing.stop(ruleset, draft, c.id)
        if trip.stopped is None:
            trip.stopped = trip.advance(ruleset, draft, c.id, step)
        if trip.stopped is not None:
            break
        ruleset.after_step(draft, c.id, before, forced, log)
    squeezing = _settle_squeezing(draft, c.id, trip.last_squeezing)
    _log_walk(log, c, trip, fly, squeezing)
    moved = draft.get(c.id)
    left = trip.left
    return MoveOutcome(
        combatant_id=c.id,
        path=[Cell(*p) for p in trip.walked],
        cost=trip.spent,
        movement_left=movement_left(ruleset, draft, moved)
        if trip.own_turn or left is None
        else left,
        squeezing=squeezing,
        opportunity_attacks=trip.offered,
        stopped=trip.stopped is not None,
    )


def _movement_for(
    ruleset: Ruleset,
    draft: Draft,
    c: Combatant,
    by: Literal["turn", "readied", "forced"],
) -> int | None:
    """The feet of movement the move may use: what the turn has left, a readied move's
    speed, or no limit for a forced move."""
    if by == "turn":
        return movement_left(ruleset, draft, c)
    if by == "readied":
        return ruleset.turn_speed(draft, c)
    return None


@dataclass(frozen=True, slots=True)
class _Offers:
    """Who may make an opportunity attack on the move, and what each does with one."""

    board: Board
    threats: list[tuple[Combatant, int]]
    exempt: bool
    """The move provokes none (forced, or the mover disengaged): each is offered, refused."""
    choices: Reactions

    def offer(
        self,
        ruleset: Ruleset,
        draft: Draft,
        mover: Combatant,
        i: int,
        before: tuple[GridCell, ...],
        step: Step,
        rng: Random,
        log: EventLog,
    ) -> list[OpportunityAttack]:
        """The opportunity attacks of the reactors whose reach step ``i`` leaves (``mover``:
        the mover as the move began, ``before``: its cells before the step)."""
        board = self.board
        after = board.cells_at(mover, step.cell)
        offered = []
        for reactor, reach in self.threats:
            current = draft.get(reactor.id)
            if current.dead or not leaves_reach(board, current, reach, before, after):
                continue
            choice = self.choices.of(current.id)
            offered.append(
                _opportunity(ruleset, draft, current, mover.id, i, self.exempt, choice, rng, log)
            )
        return offered


@dataclass(slots=True)
class _Trip:
    """A move under way: the cells walked, the movement spent and left, why it stopped."""

    walked: list[GridCell]
    left: int | None
    """Feet of movement left (None: no limit)."""
    paid: Flight
    own_turn: bool
    offered: list[OpportunityAttack]
    """The opportunity attacks offered so far."""
    spent: int = 0
    flown: int = 0
    stopped: str | None = None
    last_squeezing: bool | None = None
    """Whether the last cell entered is a tight space; None before the first step."""

    def advance(self, ruleset: Ruleset, draft: Draft, mover_id: str, step: Step) -> str | None:
        """Pay for ``step`` and take it; or why the movement left can't pay for it."""
        paid = self.paid
        cost = paid.used(self.flown + step.cost) - paid.used(self.flown)
        if self.own_turn and self.left is not None:
            self.left = min(self.left, movement_left(ruleset, draft, draft.get(mover_id)))
        if self.left is not None and cost > self.left:
            return "no movement left for the next step"
        self.flown += step.cost
        self.spent += cost
        self.walked.append(step.cell)
        self.last_squeezing = step.squeezing
        moved = draft.edit(mover_id)
        relocate(moved, step.cell)
        if self.left is not None:
            self.left -= cost
            if self.own_turn:
                moved.budget.movement = self.left
        return None


def _settle_squeezing(draft: Draft, mover_id: str, last_squeezing: bool | None) -> bool:
    """The mover is ``squeezing`` where its last step entered a tight space, no longer
    where it left one; answers whether it is squeezing now."""
    moved = draft.edit(mover_id)
    if last_squeezing is not None:
        moved.conditions = [x for x in moved.conditions if x.name != Cond.SQUEEZING]
        if last_squeezing:
            moved.conditions.append(Condition(Cond.SQUEEZING))
    return moved.has(Cond.SQUEEZING)


def _log_walk(log: EventLog, c: Combatant, trip: _Trip, fly: bool, squeezing: bool) -> None:
    walked, spent, stopped = trip.walked, trip.spent, trip.stopped
    verb = f"flies {trip.flown} ft ({spent} ft of its movement)" if fly else f"moves {spent} ft"
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
    c = draft.combatant(act.combatant_id, "combatantId")
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
    board = board_of(draft, ruleset)
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
    return MoveOutcome(
        combatant_id=c.id,
        path=[c.position, target],
        cost=0,
        movement_left=movement_left(ruleset, draft, moved),
        squeezing=False,
    )


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
    """``d100.prone.stand`` (in d20 and d10 through ``d20.cond``): half the speed (after its
    modifiers); impossible with less movement left or speed 0."""
    c = draft.combatant(act.combatant_id, "combatantId")
    rule = ruleset.rule_ids.stand_up
    if not c.has(Cond.PRONE):
        raise IllegalAction(f"{c.name} is not prone", rule)
    _own_turn(ruleset, draft, c, "stand up", rule)
    speed = ruleset.turn_speed(draft, c)
    if speed == 0:
        raise IllegalAction(f"{c.name} can't stand up: its speed is 0", rule)
    cost = speed // 2
    left = movement_left(ruleset, draft, c)
    if left < cost:
        raise IllegalAction(f"{c.name} needs {cost} ft of movement to stand and has {left}", rule)
    up = draft.edit(c.id)
    up.conditions = [x for x in up.conditions if x.name != Cond.PRONE]
    up.budget.movement = left - cost
    log.note("stand-up", f"{c.name} stands up for {cost} ft", actor=c.id, rule=rule)
    return PostureOutcome(c.id, False, left - cost)


@action("dropProne", summary="Drop prone, for no movement.", order=200)
def drop_prone(
    ruleset: Ruleset, draft: Draft, act: DropProne, rng: Random, log: EventLog
) -> PostureOutcome:
    """``d100.prone.drop``: dropping prone costs no movement; done on its own turn."""
    c = draft.combatant(act.combatant_id, "combatantId")
    _own_turn(ruleset, draft, c, "drop prone", ruleset.rule_ids.drop_prone)
    down = draft.edit(act.combatant_id)
    if not down.has(Cond.PRONE):
        down.conditions.append(Condition(Cond.PRONE, down.id))
    log.note(
        "drop-prone",
        f"{down.name} drops prone (no movement spent)",
        actor=down.id,
        rule=ruleset.rule_ids.drop_prone,
    )
    return PostureOutcome(down.id, True, movement_left(ruleset, draft, down))

"""Moving: ``moveCombatant``, ``standUp``, ``dropProne``.

The move pipeline, in order (:func:`move_combatant`):

1. the mover must be able to move; the ruleset's ``before_move`` hook may refuse the move
   (d100: a grappled creature) and names the creatures that come along with the mover;
   it must be the mover's turn unless it is moved by something else (``forced``) or
   teleports (``d20.oa.exempt``: no path, no opportunity attacks);
2. :func:`plan` the path: the one given, checked step by step, or the cheapest legal one to
   ``to`` (walls, corners, difficult terrain, other creatures, squeezing, crawling: the
   rules of :mod:`service.rules.grid.movement`, with the movement the mover has left);
3. walk it step by step; before each step, every hostile creature whose reach the mover is
   leaving (but those that come along) may make an opportunity attack
   (``d20.oa.trigger``), resolved as an attack with the reaction; a mover dropped to 0 HP
   stops there; after each step (and a teleport) the ruleset's ``after_step`` hook (d100:
   the grappler drags the creatures it holds, grapples pulled apart end);
4. spend the movement, and mark the mover ``squeezing`` when it ends in a tight space.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..grid import TINY_PER_CELL, Fault, IllegalMove, Move, Mover, Occupant
from ..grid import Cell as GridCell
from ..mechanics.space import Board, living_others
from ..mechanics.weapons import weapon_problem
from ..model import Attack, Cell, Combatant, Cond, Condition, Draft
from ..model.outcomes import AttackOutcome, MoveOutcome, OpportunityAttack, PostureOutcome
from ..model.requests import DropProne, MoveCombatant, ResolveAttack, StandUp
from ..registry import action
from ..ruleset import Ruleset
from .attack import resolve_attack

FAULT_RULES = {
    Fault.CORNER: "d20.grid.corners",
    Fault.INSUFFICIENT_MOVEMENT: "d20.grid.enter",
    Fault.BLOCKED: "d20.grid.squares",
    Fault.OCCUPIED: "d20.size.space",
}


def movement_left(c: Combatant) -> int:
    return c.speed if c.budget.movement is None else c.budget.movement


def occupants(ruleset: Ruleset, draft: Draft, mover: Combatant) -> list[Occupant]:
    """Other creatures as the mover meets them: a non-hostile space is passable, a hostile
    one only when sizes differ by two or more (``d100.move.through``); another creature's
    space is difficult terrain; Tiny creatures share, four to a cell (``d20.size.space``).
    Then the ruleset's ``terrain``."""
    board = ruleset.board(draft)
    rank = board.rank(mover)
    others = living_others(draft.encounter, mover.id)
    tiny = Counter(cell for o in others if o.size == "tiny" for cell in board.cells(o))
    out = []
    for other in others:
        hostile = other.side != mover.side
        passable = not hostile or abs(board.rank(other) - rank) >= 2
        cells = board.cells(other)
        shareable = (
            mover.size == "tiny"
            and other.size == "tiny"
            and all(tiny[cell] < TINY_PER_CELL for cell in cells)
        )
        out.append(Occupant(cells, passable, True, shareable))
    out.extend(ruleset.terrain(draft, mover))
    return out


def mover_of(board: Board, c: Combatant) -> Mover:
    rank = board.rank(c)
    squeeze = board.extent[board.sizes[rank - 1]] if rank > 0 else None
    shape = None
    if c.footprint:
        anchor = c.position.key()
        shape = tuple((cell.x - anchor[0], cell.y - anchor[1]) for cell in c.footprint)
    return Mover(board.extent[c.size], squeeze, c.has(Cond.PRONE), shape)


def plan(
    ruleset: Ruleset,
    draft: Draft,
    c: Combatant,
    path: list[Cell] | None,
    to: Cell | None,
    movement: int | None,
) -> Move:
    """The move a request describes: its ``path`` checked step by step, or the cheapest
    legal path ``to`` a cell, within ``movement`` feet (None: any distance)."""
    board = ruleset.board(draft)
    geometry = board.geometry
    mover = mover_of(board, c)
    others = occupants(ruleset, draft, c)
    start = c.position.key()
    if (path is None) == (to is None):
        raise InvalidAction("give either a path or a destination ('to'), not both", ("path",))
    if to is not None:
        if not geometry.in_bounds(to.key()):
            raise InvalidAction(f"({to.x}, {to.y}) is off the grid", ("to",))
        found = geometry.cheapest_path(start, to.key(), mover, occupants=others, movement=movement)
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
        return geometry.path_cost(cells, mover, occupants=others, movement=movement)
    except IllegalMove as e:
        index = e.index + (1 if path and path[0].key() == start else 0)
        if e.fault in (Fault.OFF_GRID, Fault.NOT_ADJACENT):
            raise InvalidAction(
                f"step {e.index + 1} into {e.cell}: {e.fault.value}", ("path", index)
            ) from None
        rule = FAULT_RULES.get(e.fault, "d20.grid.enter")
        if e.fault is Fault.OCCUPIED:
            rule = ruleset.rule_ids.move_through
        raise IllegalAction(
            f"{c.name} can't make step {e.index + 1} into {e.cell}: {e.fault.value}", rule
        ) from None


def reactors(draft: Draft, mover: Combatant) -> list[tuple[Combatant, Attack]]:
    """Hostile creatures that could make an opportunity attack on ``mover``, with their
    longest-reaching melee attack."""
    out = []
    for other in living_others(draft.encounter, mover.id):
        if other.side == mover.side:
            continue
        melee = [a for a in other.attacks if a.kind == "melee" and not weapon_problem(other, a)]
        if melee:
            out.append((other, max(melee, key=lambda a: a.reach)))
    return out


def leaves_reach(
    board: Board,
    reactor: Combatant,
    attack: Attack,
    before: tuple[GridCell, ...],
    after: tuple[GridCell, ...],
) -> bool:
    mine = board.cells(reactor)
    return board.within(mine, before, attack.reach) and not board.within(mine, after, attack.reach)


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
    if c.dead or c.incapacitated:
        raise IllegalAction(
            f"{c.name} can't move while {'dead' if c.dead else 'incapacitated'}",
            "d20.turn.economy",
        )
    for i, cid in enumerate(act.opportunity_attacks or []):
        if cid not in draft:
            raise InvalidAction(f"no combatant with id {cid!r}", ("opportunityAttacks", i))
    carried = ruleset.before_move(draft, c.id, act.forced or act.teleport, log)
    c = draft.get(c.id)
    if act.teleport:
        return _teleport(ruleset, draft, c, act, log)
    free = act.forced
    if not free:
        enc = draft.encounter
        if enc.turn_of is not None and enc.turn_of != c.id:
            raise IllegalAction(f"it is not {c.name}'s turn to move", "d20.turn.economy")
    budget = None if free else movement_left(c)
    move = plan(ruleset, draft, c, act.path, act.to, budget)
    board = ruleset.board(draft)
    exempt = free or c.has(Cond.DISENGAGED)
    offered: list[OpportunityAttack] = []
    takers = None if act.opportunity_attacks is None else set(act.opportunity_attacks)
    threats = [(r, a) for r, a in reactors(draft, c) if r.id not in carried]
    walked = [move.path[0]]
    spent = 0
    stopped = False
    for i, step in enumerate(move.steps):
        before = board.cells_at(c, move.path[i])
        after = board.cells_at(c, step.cell)
        for reactor, attack in threats:
            current = draft.get(reactor.id)
            if current.dead or not leaves_reach(board, current, attack, before, after):
                continue
            offered.append(
                _opportunity(ruleset, draft, current, c.id, attack, i, exempt, takers, rng, log)
            )
        mover_now = draft.get(c.id)
        if mover_now.dead or mover_now.hp == 0:
            stopped = True
            break
        spent += step.cost
        walked.append(step.cell)
        draft.edit(c.id).position = Cell(*step.cell)
        ruleset.after_step(draft, c.id, before, free, log)
    moved = draft.edit(c.id)
    if not free:
        moved.budget.movement = movement_left(moved) - spent
    squeezing = bool(move.steps) and not stopped and move.steps[-1].squeezing
    moved.conditions = [x for x in moved.conditions if x.name != Cond.SQUEEZING]
    if squeezing:
        moved.conditions.append(Condition(Cond.SQUEEZING))
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
        movement_left(moved),
        squeezing,
        offered,
        stopped,
    )


def _opportunity(
    ruleset: Ruleset,
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
    elif not ruleset.can_see(draft, reactor, mover):
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
    outcome: AttackOutcome = resolve_attack(
        ruleset,
        draft,
        ResolveAttack(reactor.id, mover_id, attack_name=None, attack=attack, spend="reaction"),
        rng,
        log,
    )
    draft.encounter.turn_of = saved_turn
    return OpportunityAttack(reactor.id, step, True, "taken", outcome.hit, outcome.damage)


def _teleport(
    ruleset: Ruleset, draft: Draft, c: Combatant, act: MoveCombatant, log: EventLog
) -> MoveOutcome:
    target = act.to or (act.path[-1] if act.path else None)
    if target is None:
        raise InvalidAction("a teleport needs a destination ('to')", ("to",))
    board = ruleset.board(draft)
    cells = board.cells_at(c, target.key())
    taken = {cell for o in living_others(draft.encounter, c.id) for cell in board.cells(o)}
    if not board.geometry.fits(cells) or any(cell in taken for cell in cells):
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
    ruleset.after_step(draft, c.id, board.cells(c), True, log)
    return MoveOutcome(c.id, [c.position, target], 0, movement_left(moved), False)


@action("standUp", summary="Stand up from prone for half the creature's speed.", order=190)
def stand_up(
    ruleset: Ruleset, draft: Draft, act: StandUp, rng: Random, log: EventLog
) -> PostureOutcome:
    """``d100.prone.stand``: half the speed; impossible with less movement left or speed 0."""
    c = ruleset.combatant(draft, act.combatant_id, "combatantId")
    if not c.has(Cond.PRONE):
        raise IllegalAction(f"{c.name} is not prone", "d100.prone.stand")
    cost = c.speed // 2
    left = movement_left(c)
    if c.speed == 0 or left < cost:
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
    """``d100.prone.drop``: dropping prone costs no movement."""
    ruleset.combatant(draft, act.combatant_id, "combatantId")
    down = draft.edit(act.combatant_id)
    if not down.has(Cond.PRONE):
        down.conditions.append(Condition(Cond.PRONE, down.id))
    log.note(
        "drop-prone",
        f"{down.name} drops prone (no movement spent)",
        actor=down.id,
        rule="d100.prone.drop",
    )
    return PostureOutcome(down.id, True, movement_left(down))

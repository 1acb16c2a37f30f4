"""Previews from the map: ``pathCost``, ``cover``, ``flanking``, ``reach``.

Queries read the encounter and change nothing; each answers what the matching action
would find (the same plan, cover, flanking and reach functions).
"""

from __future__ import annotations

from collections.abc import Collection
from random import Random

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..grid import Move
from ..mechanics.modifiers import reach_of
from ..mechanics.space import COVER_AC, Board, board_of, living_others
from ..model import Cell, Combatant, Cond, Draft
from ..model.outcomes import (
    AttackReach,
    CoverOutcome,
    FlankingOutcome,
    PathCostOutcome,
    ReachOutcome,
)
from ..model.requests import CoverQuery, FlankingQuery, Pair, PathCost, ReachQuery
from ..registry import action
from ..ruleset import Ruleset
from .attack import cover_of
from .movement import (
    Flight,
    PathRefused,
    cannot_react,
    check_reactors,
    flight,
    leaves_reach,
    movement_left,
    plan,
    reactors,
)


@action(
    "pathCost",
    summary="The cost of a path (or the cheapest path to a cell), and who it provokes.",
    order=210,
    query=True,
)
def path_cost(
    ruleset: Ruleset, draft: Draft, act: PathCost, rng: Random, log: EventLog
) -> PathCostOutcome:
    """What ``moveCombatant`` would find for this path (priced whatever the movement left),
    and whether the movement left pays for it; ``failedStep`` is the first step refused or
    not paid for. A flight is priced in feet of walking movement, as the move spends it."""
    c = draft.combatant(act.combatant_id, "combatantId")
    left = movement_left(ruleset, draft, c)
    start = [c.position] if act.path and act.path[0] != c.position else []
    asked = [*start, *(act.path or [])]
    try:
        paid = flight(ruleset, c) if act.fly else Flight(1, 1)
        move = plan(ruleset, draft, c, act.path, act.to, None, act.fly)
    except PathRefused as e:
        return _refused(asked, None, left, e, e.step)
    except IllegalAction as e:
        return _refused(asked, None, left, e)
    failed = _first_unpaid(move, paid, left)
    cost = paid.used(move.cost)
    legal = cost <= left
    path = [Cell(*p) for p in move.path]
    board = board_of(draft, ruleset)
    try:
        carried = ruleset.before_move(draft, c.id, False, EventLog())
    except IllegalAction as e:
        return _refused(path, cost, left, e)
    field = "to" if act.path is None else "path"
    threats = _threats(ruleset, draft, board, c, len(move.steps), carried, field)
    return PathCostOutcome(
        legal=legal,
        path=path,
        cost=cost,
        movement_left=left,
        reason=None if legal else f"costs {cost} ft, {left} ft left",
        rule=None if legal else "d20.grid.enter",
        failed_step=failed,
        provokes=_provoked(board, c, move, threats),
    )


def _refused(
    path: list[Cell],
    cost: int | None,
    left: int,
    e: IllegalAction,
    failed_step: int | None = None,
) -> PathCostOutcome:
    return PathCostOutcome(
        legal=False,
        path=path,
        cost=cost,
        movement_left=left,
        reason=e.message,
        rule=e.rule,
        failed_step=failed_step,
    )


def _threats(
    ruleset: Ruleset,
    draft: Draft,
    board: Board,
    c: Combatant,
    steps: int,
    carried: Collection[str],
    field: str,
) -> list[tuple[Combatant, int]]:
    """The creatures that could make an opportunity attack on the move, with their reach:
    the reactors (:func:`check_reactors` refuses too many) but those the move carries along
    and those who can't react."""
    threats = [(r, reach) for r, reach in reactors(draft, c) if r.id not in carried]
    check_reactors(board, c, steps, threats, field)
    exempt = c.has(Cond.DISENGAGED)
    return [t for t in threats if cannot_react(ruleset, draft, t[0], c, exempt) is None]


def _first_unpaid(move: Move, paid: Flight, left: int) -> int | None:
    """The first step of ``move`` the movement left doesn't pay for; None when it pays."""
    flown = 0
    for i, step in enumerate(move.steps):
        flown += step.cost
        if paid.used(flown) > left:
            return i
    return None


def _provoked(
    board: Board, c: Combatant, move: Move, threats: list[tuple[Combatant, int]]
) -> list[str]:
    """Who of ``threats`` (each with its reach) a step of ``move`` leaves the reach of."""
    provoked: set[str] = set()
    for i, step in enumerate(move.steps):
        before = board.cells_at(c, move.path[i])
        after = board.cells_at(c, step.cell)
        provoked.update(
            reactor.id
            for reactor, reach in threats
            if reactor.id not in provoked and leaves_reach(board, reactor, reach, before, after)
        )
    return sorted(provoked)


def _pair(ruleset: Ruleset, draft: Draft, act: Pair) -> tuple[Combatant, Combatant]:
    a = draft.combatant(act.attacker_id, "attackerId")
    b = draft.combatant(act.target_id, "targetId")
    if a.id == b.id:
        raise InvalidAction("the attacker and the target are the same", ("targetId",))
    return a, b


@action(
    "cover",
    summary="The cover a target has against an attacker, from the map.",
    order=220,
    query=True,
)
def cover(
    ruleset: Ruleset, draft: Draft, act: CoverQuery, rng: Random, log: EventLog
) -> CoverOutcome:
    a, b = _pair(ruleset, draft, act)
    degree, _ = cover_of(ruleset, draft, a, b, None)
    bonus = COVER_AC.get(degree)
    return CoverOutcome(degree, bonus, bonus, ruleset.cover_save_ability)


@action(
    "flanking",
    summary="Whether an attacker flanks a target, and with whom.",
    order=230,
    query=True,
)
def flanking(
    ruleset: Ruleset, draft: Draft, act: FlankingQuery, rng: Random, log: EventLog
) -> FlankingOutcome:
    a, b = _pair(ruleset, draft, act)
    allies = [c for c in living_others(draft.encounter, a.id, b.id) if c.side == a.side]
    flanks, partners, reason = board_of(draft, ruleset).flanking(draft.encounter, a, b, allies)
    return FlankingOutcome(flanks, partners, reason)


@action(
    "reach",
    summary="The distance from an attacker to a target and which of its attacks reach.",
    order=240,
    query=True,
)
def reach(
    ruleset: Ruleset, draft: Draft, act: ReachQuery, rng: Random, log: EventLog
) -> ReachOutcome:
    a, b = _pair(ruleset, draft, act)
    board = board_of(draft, ruleset)
    attacks = []
    for attack in a.attacks:
        in_range, long_range = reach_of(board, a, b, attack)
        attacks.append(AttackReach(attack.name, attack.kind, in_range, long_range))
    return ReachOutcome(
        board.distance_ft(a, b),
        attacks,
        board.geometry.has_line_of_sight(board.cells(a), board.cells(b)),
    )

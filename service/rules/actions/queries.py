"""Previews from the map: ``pathCost``, ``cover``, ``flanking``, ``reach``.

Queries read the encounter and change nothing; each answers what the matching action
would find (the same plan, cover, flanking and reach functions).
"""

from __future__ import annotations

from random import Random

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..mechanics.modifiers import reach_of
from ..mechanics.space import COVER_AC, living_others
from ..model import Cell, Combatant, Draft
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
    c = ruleset.combatant(draft, act.combatant_id, "combatantId")
    left = movement_left(ruleset, draft, c)
    start = [c.position] if act.path and act.path[0] != c.position else []
    try:
        paid = flight(ruleset, c) if act.fly else Flight(1, 1)
        move = plan(ruleset, draft, c, act.path, act.to, None, act.fly)
    except PathRefused as e:
        return PathCostOutcome(
            False, [*start, *(act.path or [])], None, left, e.message, e.rule, e.step
        )
    except IllegalAction as e:
        return PathCostOutcome(False, [*start, *(act.path or [])], None, left, e.message, e.rule)
    flown = 0
    failed = None
    for i, step in enumerate(move.steps):
        flown += step.cost
        if failed is None and paid.used(flown) > left:
            failed = i
    cost = paid.used(move.cost)
    legal = cost <= left
    board = ruleset.board(draft)
    threats = reactors(draft, c)
    check_reactors(board, c, len(move.steps), threats, "to" if act.path is None else "path")
    provoked: set[str] = set()
    for i, step in enumerate(move.steps):
        before = board.cells_at(c, move.path[i])
        after = board.cells_at(c, step.cell)
        provoked.update(
            reactor.id
            for reactor, reach in threats
            if reactor.id not in provoked and leaves_reach(board, reactor, reach, before, after)
        )
    provokes = sorted(provoked)
    return PathCostOutcome(
        legal,
        [Cell(*p) for p in move.path],
        cost,
        left,
        None if legal else f"costs {cost} ft, {left} ft left",
        None if legal else "d20.grid.enter",
        failed,
        provokes,
    )


def _pair(ruleset: Ruleset, draft: Draft, act: Pair) -> tuple[Combatant, Combatant]:
    a = ruleset.combatant(draft, act.attacker_id, "attackerId")
    b = ruleset.combatant(draft, act.target_id, "targetId")
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
    flanks, partners, reason = ruleset.board(draft).flanking(draft.encounter, a, b, allies)
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
    board = ruleset.board(draft)
    attacks = []
    for attack in a.attacks:
        in_range, long_range = reach_of(board, a, b, attack)
        attacks.append(AttackReach(attack.name, attack.kind, in_range, long_range))
    return ReachOutcome(
        board.distance_ft(a, b),
        attacks,
        board.geometry.has_line_of_sight(board.cells(a), board.cells(b)),
    )

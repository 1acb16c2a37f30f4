"""Holding a grappled creature (``d100.grapple``, ``d100.grapple.move``; in every ruleset the
grappled condition of ``d20.cond``, ``d20.crit.effects`` decision 7): who holds whom, what it
does to speed, dragging (d100), and when a grapple ends by itself.

Decisions (RULES.md, ``d100.grapple.move``):

* the grappled creature's speed is 0 while it is grappled: it can't walk away (it can be
  moved by something else, or teleport, which ends the grapple if it leaves the reach);
* the grappler's speed is halved unless every creature it holds is two or more sizes
  smaller, from the moment it grapples: a speed that changes during a creature's own turn
  changes its movement left by as much (never below 0; Dash adds the speed after these
  modifiers, so a grappler with 30 ft dashes to 30, not 45); off its turn (or while
  surprised) a lower speed only caps what it has left, and a higher one waits for its next
  turn;
* when the grappler moves, each creature it holds that the step leaves beyond its reach is
  dragged along: forced movement (no opportunity attacks, no movement of its own), onto
  the cells the grappler just left, ending within its reach. Where no such place is free
  the move is refused: release the creature first (``releaseGrapple``, no action);
* a grapple ends whenever the two are no longer within the grappler's reach (shoved apart,
  teleported, moved by force), or the grappler is dead or incapacitated, or the grappled
  creature dies. It is checked when a creature is about to move, after each step and each
  push, and at the start of every turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..errors import IllegalAction
from ..events import EventLog
from ..grid import Cell as GridCell
from ..model import Combatant, Cond, Draft
from .space import Board, SizeLadder, board_of, living_others, relocate


class _Ids(Protocol):
    @property
    def grappled(self) -> str: ...


class Ruleset(SizeLadder, Protocol):
    """What the grapple rules ask of a ruleset: its size ladder (for the map), a creature's
    turn speed and the rule its grapples are logged under (``rule_ids.grappled``)."""

    @property
    def rule_ids(self) -> _Ids: ...

    def turn_speed(self, draft: Draft, c: Combatant) -> int: ...


RULE = "d100.grapple.move"


def reach(c: Combatant) -> int:
    """A creature's reach in feet: its longest melee attack, 5 ft with none."""
    return max([a.reach for a in c.attacks if a.kind == "melee"] or [5])


def holders(c: Combatant) -> list[str]:
    """The ids of the creatures grappling ``c``, in the order of its conditions."""
    return [k.source for k in c.conditions if k.name == Cond.GRAPPLED and k.source is not None]


def held_by(draft: Draft, grappler_id: str) -> list[Combatant]:
    """The creatures ``grappler_id`` grapples."""
    return [c for c in draft if grappler_id in holders(c)]


def involved(draft: Draft) -> set[str]:
    """The ids of every creature that grapples or is grappled."""
    out: set[str] = set()
    for c in draft:
        held = holders(c)
        if held:
            out.add(c.id)
            out.update(held)
    return out


GRAPPLING = "grappling"
"""The draft's memo of :func:`involved` during a move (set by the ruleset's ``before_move``)."""


def moving_grapples(draft: Draft) -> set[str]:
    """:func:`involved`, as the move's ``before_move`` found it (computed when it didn't)."""
    found: set[str] | None = draft.memo.get(GRAPPLING)
    if found is None:
        found = draft.memo[GRAPPLING] = involved(draft)
    return found


def slowed_by_holding(board: Board, draft: Draft, grappler: Combatant) -> bool:
    """Whether holding its grappled creatures halves the grappler's speed: some held
    creature is less than two sizes smaller."""
    rank = board.rank(grappler)
    return any(rank - board.rank(h) < 2 for h in held_by(draft, grappler.id) if not h.dead)


def broken(board: Board, draft: Draft, grappler_id: str, held: Combatant) -> str | None:
    """Why ``grappler_id``'s grapple on ``held`` has ended by itself, or None while it holds."""
    if grappler_id not in draft:
        return "its grappler is gone"
    grappler = draft.get(grappler_id)
    if held.dead:
        return f"{held.name} is dead"
    if grappler.dead or grappler.incapacitated:
        return f"{grappler.name} is {'dead' if grappler.dead else 'incapacitated'}"
    if not board.within(board.cells(grappler), board.cells(held), reach(grappler)):
        return f"{held.name} is no longer within {grappler.name}'s reach"
    return None


def speeds(ruleset: Ruleset, draft: Draft, ids: Iterable[str]) -> dict[str, int]:
    """The turn speed of each of ``ids`` now (to compare after a change)."""
    return {cid: ruleset.turn_speed(draft, draft.get(cid)) for cid in dict.fromkeys(ids)}


def settle_speeds(ruleset: Ruleset, draft: Draft, before: dict[str, int], log: EventLog) -> None:
    """Change the movement left of each creature whose speed changed since ``before``
    (see the module's decisions)."""
    turn_of = draft.encounter.turn_of
    for cid, was in before.items():
        now = ruleset.turn_speed(draft, draft.get(cid))
        if now == was or draft.get(cid).dead:
            continue
        c = draft.edit(cid)
        left = was if c.budget.movement is None else c.budget.movement
        own_turn = (turn_of is None or turn_of == cid) and not c.has(Cond.SURPRISED)
        c.budget.movement = max(0, left + now - was) if own_turn else min(left, now)
        log.note(
            "speed-changed",
            f"{c.name}'s speed is now {now} ft: {c.budget.movement} ft of movement left",
            actor=cid,
            amount=c.budget.movement,
            rule=ruleset.rule_ids.grappled,
            speed=now,
        )


def end_broken_grapples(
    ruleset: Ruleset, draft: Draft, log: EventLog, only: Iterable[str] | None = None
) -> None:
    """End every grapple that no longer holds (:func:`broken`); with ``only``, those that
    involve one of these creatures."""
    board = board_of(draft, ruleset)
    involved = None if only is None else set(only)
    ended: list[tuple[str, str, str]] = []
    for held in draft:
        for grappler_id in holders(held):
            if involved is not None and not ({held.id, grappler_id} & involved):
                continue
            reason = broken(board, draft, grappler_id, held)
            if reason is not None:
                ended.append((grappler_id, held.id, reason))
    if not ended:
        return
    before = speeds(ruleset, draft, [cid for g, h, _ in ended for cid in (g, h) if cid in draft])
    for grappler_id, held_id, reason in ended:
        held = draft.edit(held_id)
        held.conditions = [
            k for k in held.conditions if not (k.name == Cond.GRAPPLED and k.source == grappler_id)
        ]
        log.note(
            "grapple-ended",
            f"the grapple on {held.name} ends: {reason}",
            actor=grappler_id,
            target=held_id,
            rule=ruleset.rule_ids.grappled,
        )
    settle_speeds(ruleset, draft, before, log)


def drag_along(
    ruleset: Ruleset, draft: Draft, grappler_id: str, left: tuple[GridCell, ...], log: EventLog
) -> None:
    """After the grappler's step out of ``left``: every creature it holds that is now beyond
    its reach is dragged onto the cells it just left (forced: no opportunity attacks)."""
    board = board_of(draft, ruleset)
    grappler = draft.get(grappler_id)
    if grappler.dead or grappler.incapacitated:
        return
    mine = board.cells(grappler)
    own = set(mine)
    feet = reach(grappler)
    for held in held_by(draft, grappler_id):
        if held.dead or board.within(mine, board.cells(held), feet):
            continue
        spot = _drag_spot(board, draft, grappler, held, left, own, feet)
        if spot is None:
            raise IllegalAction(
                f"{grappler.name} can't drag {held.name} behind it here: there is no room "
                f"on the cells it leaves; release {held.name} first (releaseGrapple)",
                RULE,
            )
        c = draft.edit(held.id)
        relocate(c, spot)
        c.conditions = [k for k in c.conditions if k.name != Cond.SQUEEZING]
        log.note(
            "dragged",
            f"{grappler.name} drags {c.name} to ({spot[0]}, {spot[1]}) (forced movement: no "
            "opportunity attacks)",
            actor=grappler_id,
            target=c.id,
            rule=RULE,
            x=spot[0],
            y=spot[1],
        )


def _drag_spot(
    board: Board,
    draft: Draft,
    grappler: Combatant,
    held: Combatant,
    left: tuple[GridCell, ...],
    own: set[GridCell],
    feet: int,
) -> GridCell | None:
    """Where a dragged creature goes: a place whose whole space fits (on the grid, no wall,
    no other creature, not the grappler's new space), within the grappler's reach and on
    the cells it just left: the most of them, then the nearest to where the grappler's
    step would carry it, then to where it was."""
    geometry = board.geometry
    vacated = [cell for cell in left if cell not in own]
    px, py = held.position.key()
    shape = board.cells_at(held, (px, py))
    anchors = {(vx - cx + px, vy - cy + py) for vx, vy in vacated for cx, cy in shape}
    (ox, oy), (nx, ny) = min(left), min(own)
    along = (px + nx - ox, py + ny - oy)
    taken: set[GridCell] = set(own)
    for other in living_others(draft.encounter, grappler.id, held.id):
        taken.update(board.cells(other))
    best: tuple[tuple[int, int, int, GridCell], GridCell] | None = None
    for anchor in anchors:
        cells = board.cells_at(held, anchor)
        if not geometry.fits(cells) or not taken.isdisjoint(cells):
            continue
        if not board.within(own, cells, feet):
            continue
        score = (
            -len(set(cells) & set(vacated)),
            geometry.distance(anchor, along),
            geometry.distance(anchor, (px, py)),
            anchor,
        )
        if best is None or score < best[0]:
            best = (score, anchor)
    return None if best is None else best[1]

"""Flanking: which pairs of cells stand opposite each other around a space, and who
flanks (d20.flank.*)."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache

from service.rules.grid.cells import HEX_STEPS, SQUARE_STEPS, Cell, Kind


@dataclass(frozen=True, slots=True)
class FlankTarget:
    """The creature being flanked.

    ``size`` is a rank on the caller's size ladder (only differences matter). ``needs``
    is how many flankers it takes when they are smaller than it: 2 for Large, 3 for Huge,
    4 for Gargantuan (d20.flank.count); the caller maps its own ladder.
    """

    cells: Collection[Cell]
    size: int
    immune: bool = False
    needs: int = 2


@dataclass(frozen=True, slots=True)
class Flanker:
    """A creature that may flank: ``able`` is false when it can't see the target or is
    incapacitated (d20.flank.see)."""

    id: str
    cells: Collection[Cell]
    size: int
    able: bool = True


@dataclass(frozen=True, slots=True)
class Flanking:
    """Whether the attacker flanks, and the allies it forms an opposite pair with."""

    flanks: bool
    partners: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.flanks


def ring(kind: Kind, space: Collection[Cell]) -> set[Cell]:
    """Every cell next to ``space`` and not in it, on the grid or not."""
    steps = SQUARE_STEPS if kind is Kind.SQUARE else HEX_STEPS
    around = {(x + dx, y + dy) for x, y in space for dx, dy in steps}
    around.difference_update(space)
    return around


def hexes_between_needed(ring_size: int) -> int:
    """How many hexes the shorter way round must hold between two flankers on a ring
    of ``ring_size`` (d20.flank.hexes): ``min(N, (R - 2) // 2)`` with N = 2, 4, 5, 6 for
    the rings of Medium, Large, Huge and Gargantuan spaces (6, 9, 12, 18 hexes)."""
    if ring_size <= 6:
        wanted = 2
    elif ring_size <= 9:
        wanted = 4
    elif ring_size <= 12:
        wanted = 5
    else:
        wanted = 6
    return min(wanted, (ring_size - 2) // 2)


@cache
def _ring_order(space: frozenset[Cell]) -> tuple[dict[Cell, int], int]:
    """The hexes around ``space`` (normalised to its least cell) numbered in order round
    it, and how many there are."""
    around = ring(Kind.HEX, space)
    count = len(space)
    sum_u = sum(2 * q + r for q, r in space)
    sum_v = sum(3 * r for _, r in space)

    def angle(cell: Cell) -> float:
        q, r = cell
        return math.atan2(count * 3 * r - sum_v, count * (2 * q + r) - sum_u)

    ordered = sorted(around, key=angle)
    return {cell: index for index, cell in enumerate(ordered)}, len(ordered)


def _square_opposite(space: Collection[Cell], a: Cell, b: Cell) -> bool:
    """Whether the line between the centres of ``a`` and ``b`` passes through opposite
    sides or opposite corners of the bounding box of ``space``."""
    left = 2 * min(x for x, _ in space)
    right = 2 * max(x for x, _ in space) + 2
    top = 2 * min(y for _, y in space)
    bottom = 2 * max(y for _, y in space) + 2
    ax, ay, bx, by = 2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1

    def meets(line: int, p: int, q: int, cp: int, cq: int, low: int, high: int) -> bool:
        if (p - line) * (q - line) > 0 or p == q:
            return False
        span = q - p
        cross = cp * span + (line - p) * (cq - cp)
        if span < 0:
            span, cross = -span, -cross
        return low * span <= cross <= high * span

    return (
        meets(left, ax, bx, ay, by, top, bottom) and meets(right, ax, bx, ay, by, top, bottom)
    ) or (meets(top, ay, by, ax, bx, left, right) and meets(bottom, ay, by, ax, bx, left, right))


def opposite(kind: Kind, space: Collection[Cell], a: Collection[Cell], b: Collection[Cell]) -> bool:
    """Whether creatures in spaces ``a`` and ``b`` stand opposite each other around
    ``space``: some cell of each is next to it and, on squares, the line between their
    centres passes through opposite sides or corners of it (d20.flank.squares); on hexes,
    the shorter way round it has enough hexes between them (d20.flank.hexes). One cell of a
    large space is enough (d20.flank.large)."""
    if kind is Kind.SQUARE:
        around = ring(kind, space)
        near_a = [cell for cell in a if cell in around]
        near_b = [cell for cell in b if cell in around]
        return any(_square_opposite(space, p, q) for p in near_a for q in near_b)
    base = min(space)
    normal = frozenset((q - base[0], r - base[1]) for q, r in space)
    order, size = _ring_order(normal)
    need = hexes_between_needed(size)
    at_a = [order[c] for c in ((q - base[0], r - base[1]) for q, r in a) if c in order]
    at_b = [order[c] for c in ((q - base[0], r - base[1]) for q, r in b) if c in order]
    for i in at_a:
        for j in at_b:
            if i != j:
                between = (j - i - 1) % size
                if min(between, size - 2 - between) >= need:
                    return True
    return False


def flanking(
    kind: Kind,
    target: FlankTarget,
    attacker: Flanker,
    allies: Iterable[Flanker],
) -> Flanking:
    """Whether ``attacker`` flanks ``target`` with some of ``allies``.

    Nobody flanks an immune target (d20.flank.size-limit); a creature flanks only if it is
    able (d20.flank.see), at most two size ranks smaller than the target and next to it.
    The attacker flanks with an able ally it stands opposite (:func:`opposite`) when both
    are at least the target's size, or when it and the able allies next to the target
    number at least ``target.needs`` (d20.flank.count).
    """
    around = ring(kind, target.cells)

    def can_flank(creature: Flanker) -> bool:
        return (
            creature.able
            and target.size - creature.size <= 2
            and any(cell in around for cell in creature.cells)
        )

    if target.immune or not can_flank(attacker):
        return Flanking(False)
    helpers = [ally for ally in allies if ally.id != attacker.id and can_flank(ally)]
    crowd = 1 + len(helpers) >= target.needs
    partners = tuple(
        ally.id
        for ally in helpers
        if (crowd or min(attacker.size, ally.size) >= target.size)
        and opposite(kind, target.cells, attacker.cells, ally.cells)
    )
    return Flanking(bool(partners), partners)

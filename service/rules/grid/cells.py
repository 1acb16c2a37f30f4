"""Cells, footprints, distances and who may share a cell."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

Cell = tuple[int, int]
"""A square ``(x, y)`` or a hex in axial coordinates ``(q, r)``."""

CELL_FEET = 5
"""Feet across one square or hex."""

TINY_PER_CELL = 4
"""How many Tiny creatures share one cell (d20.size.space)."""


class Kind(enum.Enum):
    SQUARE = "square"
    HEX = "hex"


class Orientation(enum.Enum):
    POINTY = "pointy"
    FLAT = "flat"


SQUARE_STEPS: tuple[Cell, ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)
HEX_STEPS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def square_distance(a: Cell, b: Cell) -> int:
    """Chebyshev distance: a diagonal step counts 1 (d20.grid.enter)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def hex_distance(a: Cell, b: Cell) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def shape(kind: Kind, extent: int) -> tuple[Cell, ...]:
    """The footprint of a creature of ``extent`` as offsets from its anchor.

    Squares: the ``extent`` × ``extent`` block whose top-left cell is the anchor.
    Hexes: 1 → the anchor; 2 → the triangle anchor, ``(q+1, r)``, ``(q, r+1)``;
    3 or more → every hex within ``extent // 2`` of the anchor (7, 19, 37...).
    """
    if extent < 1:
        raise ValueError(f"extent must be at least 1, not {extent}")
    if kind is Kind.SQUARE:
        return tuple((x, y) for y in range(extent) for x in range(extent))
    if extent == 1:
        return ((0, 0),)
    if extent == 2:
        return ((0, 0), (1, 0), (0, 1))
    radius = extent // 2
    span = range(-radius, radius + 1)
    return tuple((q, r) for r in span for q in span if abs(q + r) <= radius)


@dataclass(frozen=True, slots=True)
class Clash:
    """Creatures that stand in the same cells although no rule lets them."""

    ids: tuple[str, ...]
    cells: tuple[Cell, ...]


def clashes(
    spaces: Iterable[tuple[str, Iterable[Cell], bool]],
    *,
    tiny_per_cell: int = TINY_PER_CELL,
) -> list[Clash]:
    """Find creatures sharing a space: ``spaces`` holds ``(id, cells, is_tiny)``.

    A cell may hold one creature that is not Tiny, or up to ``tiny_per_cell``
    Tiny creatures and nothing else (d20.size.space). Cells in conflict are
    grouped by the ids found there, in the order the spaces were given.
    """
    found: dict[Cell, list[tuple[str, bool]]] = {}
    for ident, cells, is_tiny in spaces:
        for cell in dict.fromkeys(cells):
            found.setdefault(cell, []).append((ident, is_tiny))
    grouped: dict[tuple[str, ...], list[Cell]] = {}
    for cell, here in found.items():
        shared_by_tiny = all(is_tiny for _, is_tiny in here) and len(here) <= tiny_per_cell
        if len(here) == 1 or shared_by_tiny:
            continue
        grouped.setdefault(tuple(ident for ident, _ in here), []).append(cell)
    return [Clash(ids, tuple(sorted(cells))) for ids, cells in grouped.items()]

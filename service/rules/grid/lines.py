"""Which cells a straight line passes through, in exact integer frames.

Points live in integer frames so that no line test needs a float:

* Squares use doubled coordinates: square ``(x, y)`` spans ``[2x, 2x+2] × [2y, 2y+2]``;
  its corners have even coordinates and its centre odd ones.
* Hexes use a skewed frame for pointy-top hexes: hex ``(q, r)`` has its centre at
  ``(2q + r, 3r)`` and its corners at the centre plus ``(0, ±2)`` and ``(±1, ±1)``. The
  frame is an affine image of the plane, which keeps lines straight and keeps each point
  on its side of a line. Flat-top hexes are the mirror image of pointy-top ones across
  the diagonal, so they share the frame with ``q`` and ``r`` swapped.

A line is *blocked* when it passes through the interior of an obstacle cell, runs along
the edge between two obstacle cells, or (on squares) slips through the point where two
obstacle squares touch corner to corner, one on each side of it. Grazing an obstacle's
edge or corner does not block. Hexes meet three to a corner, so a line can never slip
between two of them at one.

A template holds, for one start class and one direction, the cells whose interior the
line crosses (any obstacle there blocks) and the pairs of cells it squeezes between (two
obstacles block), as keys relative to the start cell. Templates are cached, so a test is
a handful of integer additions and set lookups.
"""

from __future__ import annotations

import math
from collections.abc import Container
from functools import lru_cache
from itertools import pairwise

from service.rules.grid.cells import Cell

STRIDE = 1 << 21
"""Cells are keyed ``x * STRIDE + y``; keys add like the cells they stand for."""

Template = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]

HEX_CORNERS: tuple[Cell, ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
_HEX_START: tuple[Cell, ...] = ((0, 0), (0, -2), (0, 2))


def key(cell: Cell) -> int:
    return cell[0] * STRIDE + cell[1]


def is_clear(base: int, template: Template, obstacles: Container[int]) -> bool:
    """Whether the line of ``template`` drawn from the cell keyed ``base`` is unblocked."""
    crossed, squeezed = template
    for offset in crossed:
        if base + offset in obstacles:
            return False
    for left, right in squeezed:
        if base + left in obstacles and base + right in obstacles:
            return False
    return True


def hex_frame(cell: Cell, flat: bool) -> Cell:
    """The frame point of a hex's centre."""
    q, r = (cell[1], cell[0]) if flat else cell
    return 2 * q + r, 3 * r


def hex_anchor(point: Cell, flat: bool) -> tuple[int, Cell]:
    """The class of a hex frame point (0 centre, 1 top corner, 2 bottom corner) and the
    hex it belongs to."""
    u, v = point
    kind = v % 3
    r = (v, v + 2, v - 2)[kind] // 3
    q = (u - r) // 2
    return kind, ((r, q) if flat else (q, r))


def _template(crossed: set[Cell], squeezed: set[tuple[Cell, Cell]]) -> Template:
    return (
        tuple(sorted(key(cell) for cell in crossed)),
        tuple(sorted((key(a), key(b)) for a, b in squeezed)),
    )


@lru_cache(maxsize=16384)
def square_template(x0: int, y0: int, dx: int, dy: int) -> Template:
    """The template of the segment from ``(x0, y0)`` (each 0 or 1) to ``(x0+dx, y0+dy)``
    in doubled coordinates, relative to square ``(0, 0)``."""
    crossed: set[Cell] = set()
    squeezed: set[tuple[Cell, Cell]] = set()
    if dx == dy == 0:
        return (), ()
    if dx == 0 or dy == 0:
        vertical = dx == 0
        along, start, span = (x0, y0, dy) if vertical else (y0, x0, dx)
        lo, hi = sorted((start, start + span))

        def at(across: int, run: int) -> Cell:
            return (across, run) if vertical else (run, across)

        runs = range(lo // 2, (hi + 1) // 2)
        if along % 2:
            crossed.update(at(along // 2, run) for run in runs)
        else:
            left, right = along // 2 - 1, along // 2
            squeezed.update((at(left, run), at(right, run)) for run in runs)
            for corner in range(lo // 2 + 1, (hi - 1) // 2 + 1):
                for left_run in (corner - 1, corner):
                    for right_run in (corner - 1, corner):
                        squeezed.add((at(left, left_run), at(right, right_run)))
        return _template(crossed, squeezed)
    if dx < 0:
        x0, y0, dx, dy = x0 + dx, y0 + dy, -dx, -dy
    x1 = x0 + dx
    step = 2 * dx
    for column in range(x0 // 2, (x1 + 1) // 2):
        xa = max(2 * column, x0)
        xb = min(2 * column + 2, x1)
        ya = y0 * dx + (xa - x0) * dy
        yb = y0 * dx + (xb - x0) * dy
        lo, hi = (ya, yb) if ya < yb else (yb, ya)
        crossed.update((column, row) for row in range(lo // step, -(-hi // step)))
        if xa == 2 * column and xa > x0 and ya % step == 0:
            row = ya // step
            if dy > 0:
                squeezed.add(((column, row - 1), (column - 1, row)))
            else:
                squeezed.add(((column - 1, row - 1), (column, row)))
    return _template(crossed, squeezed)


def _hexes_at(u: int, v: int, scale: int) -> tuple[Cell | None, list[Cell]]:
    """The frame hex whose interior holds ``(u, v) / scale``, else those whose edge does."""
    edge: list[Cell] = []
    for r in range(-((2 * scale - v) // (3 * scale)), (v + 2 * scale) // (3 * scale) + 1):
        low = -((((r + 1) * scale) - u) // (2 * scale))
        for q in range(low, (u - (r - 1) * scale) // (2 * scale) + 1):
            du = abs(u - (2 * q + r) * scale)
            reach = du + abs(v - 3 * r * scale)
            if du < scale and reach < 2 * scale:
                return (q, r), edge
            if du <= scale and reach <= 2 * scale:
                edge.append((q, r))
    return None, edge


@lru_cache(maxsize=16384)
def hex_template(flat: bool, kind: int, du: int, dv: int) -> Template:
    """The template of the segment from the point of class ``kind`` of hex ``(0, 0)`` to
    that point plus ``(du, dv)`` in the hex frame."""
    if du == dv == 0:
        return (), ()
    u0, v0 = _HEX_START[kind]
    families = ((u0, du), (v0 - u0, dv - du), (v0 + u0, dv + du))
    scale = math.lcm(*(abs(delta) for _, delta in families if delta))
    cuts = {0, scale}
    for start, delta in families:
        if delta:
            lo, hi = sorted((start, start + delta))
            cuts.update((line - start) * scale // delta for line in range(lo + 1, hi))
    crossed: set[Cell] = set()
    squeezed: set[tuple[Cell, Cell]] = set()
    twice = 2 * scale
    for a, b in pairwise(sorted(cuts)):
        middle = a + b
        inside, edge = _hexes_at(u0 * twice + du * middle, v0 * twice + dv * middle, twice)
        if inside is not None:
            crossed.add(inside)
        elif len(edge) == 2:
            squeezed.add((edge[0], edge[1]))
        else:
            raise AssertionError(f"a segment point lies on {len(edge)} hex edges")
    if flat:
        crossed = {(r, q) for q, r in crossed}
        squeezed = {((a[1], a[0]), (b[1], b[0])) for a, b in squeezed}
    return _template(crossed, squeezed)

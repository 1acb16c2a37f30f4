"""The geometry of one battle map: bounds, walls, difficult terrain, and every question the
rules ask of them."""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Iterator, Mapping, Sequence
from typing import Final

from service.rules.grid import flanking as _flanking
from service.rules.grid.cells import (
    CELL_FEET,
    HEX_STEPS,
    SQUARE_STEPS,
    Cell,
    Kind,
    Orientation,
    hex_distance,
    shape,
    square_distance,
)
from service.rules.grid.cover import Cover, degree
from service.rules.grid.flanking import Flanker, Flanking, FlankTarget
from service.rules.grid.lines import (
    HEX_CORNERS,
    STRIDE,
    Template,
    hex_anchor,
    hex_frame,
    hex_template,
    is_clear,
    key,
    square_template,
)
from service.rules.grid.movement import Move, Mover, Occupant, Walk

_Point = tuple[int, int, int, int]
"""A frame point: its coordinates, its class and the key of the cell it belongs to."""

_Owners = Mapping[int, int]
"""Cell keys mapped to the bits of the sources of cover they belong to."""

_SQUARE_CORNERS: Final = ((0, 0), (2, 0), (0, 2), (2, 2))
_ONE_CELL: Final = Mover()


class Geometry:
    """A square or hex grid of ``width`` × ``height`` cells with its blocked cells (walls
    and features that fill a cell) and its difficult terrain.

    Build one per request; the sets it is given are frozen and indexed once.
    """

    __slots__ = (
        "_flat",
        "_terrain",
        "blocked",
        "difficult",
        "distance",
        "height",
        "kind",
        "orientation",
        "steps",
        "width",
    )

    def __init__(
        self,
        kind: Kind | str,
        width: int,
        height: int,
        *,
        blocked: Iterable[Cell] = (),
        difficult: Iterable[Cell] = (),
        orientation: Orientation | str = Orientation.POINTY,
    ) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a grid needs a positive size, not {width}×{height}")
        self.kind = Kind(kind)
        self.orientation = Orientation(orientation)
        self.width = width
        self.height = height
        self.blocked = frozenset(blocked)
        self.difficult = frozenset(difficult)
        self.steps = SQUARE_STEPS if self.kind is Kind.SQUARE else HEX_STEPS
        self.distance = square_distance if self.kind is Kind.SQUARE else hex_distance
        self._flat = self.kind is Kind.HEX and self.orientation is Orientation.FLAT
        edge = {
            (x + dx, y + dy)
            for x, y in self._rim()
            for dx, dy in self.steps
            if not self.in_bounds((x + dx, y + dy))
        }
        self._terrain: _Owners = dict.fromkeys(map(key, self.blocked | edge), 1)

    def __repr__(self) -> str:
        return (
            f"Geometry({self.kind.value!r}, {self.width}, {self.height}, "
            f"blocked={len(self.blocked)}, difficult={len(self.difficult)}, "
            f"orientation={self.orientation.value!r})"
        )

    # Cells and spaces

    def _rim(self) -> Iterator[Cell]:
        """The cells along the edges of the grid."""
        last_column, last_row = self.width - 1, self.height - 1
        for column in range(self.width):
            yield self.from_offset(column, 0)
            yield self.from_offset(column, last_row)
        for row in range(self.height):
            yield self.from_offset(0, row)
            yield self.from_offset(last_column, row)

    def to_offset(self, cell: Cell) -> tuple[int, int]:
        """The ``(column, row)`` of a cell in the drawn rectangle (odd-r offset layout for
        pointy-top hexes, odd-q for flat-top; squares are their own offset)."""
        if self.kind is Kind.SQUARE:
            return cell
        q, r = cell
        if self._flat:
            return q, r + (q - (q & 1)) // 2
        return q + (r - (r & 1)) // 2, r

    def from_offset(self, column: int, row: int) -> Cell:
        if self.kind is Kind.SQUARE:
            return column, row
        if self._flat:
            return column, row - (column - (column & 1)) // 2
        return column - (row - (row & 1)) // 2, row

    def in_bounds(self, cell: Cell) -> bool:
        column, row = self.to_offset(cell)
        return 0 <= column < self.width and 0 <= row < self.height

    def fits(self, cells: Iterable[Cell]) -> bool:
        """Whether every cell is on the grid and not blocked."""
        return all(self.in_bounds(cell) and cell not in self.blocked for cell in cells)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells on the grid next to ``cell`` (8 on squares, 6 on hexes)."""
        x, y = cell
        return [n for dx, dy in self.steps if self.in_bounds(n := (x + dx, y + dy))]

    def footprint(self, anchor: Cell, extent: int = 1) -> tuple[Cell, ...]:
        """The cells a creature of ``extent`` at ``anchor`` occupies, on the grid or not
        (see :func:`~service.rules.grid.cells.shape`)."""
        x, y = anchor
        return tuple((x + dx, y + dy) for dx, dy in shape(self.kind, extent))

    def ring(self, cells: Collection[Cell]) -> set[Cell]:
        """The cells on the grid next to a space and not in it: where others can stand
        to surround it (d20.size.surround)."""
        return {cell for cell in _flanking.ring(self.kind, cells) if self.in_bounds(cell)}

    # Distances (d20.grid.range)

    def space_distance(self, a: Iterable[Cell], b: Iterable[Cell]) -> int:
        """Cells counted from a cell next to space ``a`` into space ``b`` by the shortest
        route: the least distance between their cells (0 if they overlap)."""
        distance = self.distance
        cells_b = tuple(b)
        return min(distance(p, q) for p in a for q in cells_b)

    def within(self, a: Iterable[Cell], b: Iterable[Cell], feet: int) -> bool:
        """Whether space ``b`` is within ``feet`` of space ``a`` (reach 5 ft: adjacent)."""
        return self.space_distance(a, b) * CELL_FEET <= feet

    # Movement

    def path_cost(
        self,
        path: Sequence[Cell],
        mover: Mover | None = None,
        *,
        occupants: Iterable[Occupant] = (),
        movement: int | None = None,
    ) -> Move:
        """Price a path of anchors, or raise
        :class:`~service.rules.grid.movement.IllegalMove` at its first illegal step.

        ``occupants`` are the other creatures (never the mover); ``movement`` is the feet
        left before the first step; ``mover`` defaults to one cell, walking. The rules are
        in :mod:`service.rules.grid.movement`.
        """
        return Walk(self, mover or _ONE_CELL, occupants).cost(path, movement)

    def cheapest_path(
        self,
        start: Cell,
        goal: Cell,
        mover: Mover | None = None,
        *,
        occupants: Iterable[Occupant] = (),
        movement: int | None = None,
    ) -> Move | None:
        """The cheapest legal path between two anchors under the rules of
        :meth:`path_cost`, or ``None`` if there is none (within ``movement``)."""
        return Walk(self, mover or _ONE_CELL, occupants).cheapest(start, goal, movement)

    # Lines, sight and cover

    def _corners(self, cell: Cell) -> list[_Point]:
        if self.kind is Kind.SQUARE:
            x, y = 2 * cell[0], 2 * cell[1]
            k = key(cell)
            return [
                (x, y, 0, k),
                (x + 2, y, 0, k + STRIDE),
                (x, y + 2, 0, k + 1),
                (x + 2, y + 2, 0, k + STRIDE + 1),
            ]
        u, v = hex_frame(cell, self._flat)
        return [self._point(u + du, v + dv) for du, dv in HEX_CORNERS]

    def _centre(self, cell: Cell) -> _Point:
        if self.kind is Kind.SQUARE:
            return self._point(2 * cell[0] + 1, 2 * cell[1] + 1)
        u, v = hex_frame(cell, self._flat)
        return self._point(u, v)

    def _point(self, x: int, y: int) -> _Point:
        if self.kind is Kind.SQUARE:
            return x, y, 0, key((x >> 1, y >> 1))
        kind, cell = hex_anchor((x, y), self._flat)
        return x, y, kind, key(cell)

    def _template(self, p: _Point, q: _Point) -> Template:
        if self.kind is Kind.SQUARE:
            return square_template(p[0] & 1, p[1] & 1, q[0] - p[0], q[1] - p[1])
        return hex_template(self._flat, p[2], q[0] - p[0], q[1] - p[1])

    def _sources(self, obstacles: Sequence[Iterable[Cell]], *own: Collection[Cell]) -> _Owners:
        """Each obstructing cell's key mapped to the bits of the sources it belongs to:
        bit 0 for the terrain (blocked cells and the cells just off the grid), bit ``i``
        for ``obstacles[i - 1]``. The cells of ``own`` obstruct nothing."""
        mine = {key(cell) for cells in own for cell in cells}
        if self._terrain.keys().isdisjoint(mine):
            if not obstacles:
                return self._terrain
            owners = dict(self._terrain)
        else:
            owners = {cell: bit for cell, bit in self._terrain.items() if cell not in mine}
        for index, cells in enumerate(obstacles, start=1):
            for cell in map(key, cells):
                if cell not in mine:
                    owners[cell] = owners.get(cell, 0) | 1 << index
        return owners

    def _sees(self, a: Collection[Cell], b: Collection[Cell], obstacles: Container[int]) -> bool:
        from_a = list(self._points(a))
        to_b = list(self._points(b))
        return any(is_clear(p[3], self._template(p, q), obstacles) for p in from_a for q in to_b)

    def _points(self, cells: Collection[Cell]) -> Iterable[_Point]:
        """The centres of ``cells``, then their corners, each point once (cells side by
        side share corners): the ends of the lines between two spaces."""
        yield from (self._centre(cell) for cell in cells)
        seen: set[tuple[int, int]] = set()
        for cell in cells:
            for point in self._corners(cell):
                if point[:2] not in seen:
                    seen.add(point[:2])
                    yield point

    def has_line_of_sight(
        self,
        a: Collection[Cell],
        b: Collection[Cell],
        obstacles: Iterable[Iterable[Cell]] = (),
    ) -> bool:
        """Whether some line from a centre or corner of a cell of ``a`` to a centre or
        corner of a cell of ``b`` is unblocked (see :mod:`service.rules.grid.lines`).

        Blocked cells and the cells just off the grid always obstruct; ``obstacles`` adds
        more spaces (creatures, say). The two spaces never obstruct themselves.
        """
        return self._sees(a, b, self._sources(list(obstacles), a, b).keys())

    def line_box(self, a: Collection[Cell], b: Collection[Cell]) -> tuple[int, int, int, int]:
        """``(x0, x1, y0, y1)``, inclusive: a box holding every cell that a straight line
        from a point of space ``a`` to a point of space ``b`` can touch, so the only cells
        that can block or squeeze such a line (:meth:`cover`, :meth:`has_line_of_sight`).

        The segment lies in the convex hull of the two spaces. On squares a cell touching
        it is at most one cell beyond the spaces' bounding box; on hexes, in axial
        coordinates (an affine image of the plane), every point of a hex is within 2/3 of
        its centre along each axis, so a hex touching the hull has its centre within 4/3,
        hence one cell, of the box of the two spaces' centres."""
        if len(a) == 1 == len(b):
            ((ax, ay),) = a
            ((bx, by),) = b
            return min(ax, bx) - 1, max(ax, bx) + 1, min(ay, by) - 1, max(ay, by) + 1
        xs = [x for x, _ in a]
        ys = [y for _, y in a]
        for x, y in b:
            xs.append(x)
            ys.append(y)
        return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1

    def open_box(self, box: tuple[int, int, int, int]) -> bool:
        """Whether the box ``(x0, x1, y0, y1)`` (inclusive) is on a square grid and holds
        no blocked cell: within a :meth:`line_box`, then, the terrain blocks no line (on
        hexes, always False: their rows don't run along the box)."""
        x0, x1, y0, y1 = box
        if self.kind is not Kind.SQUARE:
            return False
        if x0 < 0 or y0 < 0 or x1 >= self.width or y1 >= self.height:
            return False
        if (x1 - x0 + 1) * (y1 - y0 + 1) < len(self.blocked):
            blocked = self.blocked
            return not any((x, y) in blocked for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
        return not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in self.blocked)

    def cover(
        self,
        attacker: Collection[Cell],
        target: Collection[Cell],
        obstacles: Iterable[Iterable[Cell]] = (),
    ) -> Cover:
        """The cover ``target`` has against an attack from ``attacker`` (d20.cover.*).

        The obstacles are the terrain (blocked cells and the cells just off the grid) and
        every space in ``obstacles``: a creature, friend or foe (d20.cover.creatures), or a
        feature the caller adds. The attacker picks a corner of one of its cells and one
        cell of the target; lines go from that corner to the cell's 4 (squares) or 6
        (hexes) corners. A line is blocked when any obstacle crosses it, and the lines are
        counted over all obstacles together, so a wall that blocks two lines and a
        creature that blocks the other two give the degree of four (d20.cover.most); the
        attacker's choice that leaves the least cover wins. Every line blocked is total
        cover unless some line between the two spaces, centres included, gets past the
        obstacles (:meth:`has_line_of_sight`): then three-quarters.
        """
        owners = self._sources(list(obstacles), attacker, target).keys()
        origins = {point[:2]: point for cell in attacker for point in self._corners(cell)}
        lines = len(_SQUARE_CORNERS) if self.kind is Kind.SQUARE else len(HEX_CORNERS)
        fewest = lines
        # the target's cells share their corners: each line is traced once
        clear: dict[tuple[int, int, int, int], bool] = {}
        for cell in target:
            corners = self._corners(cell)
            for origin in origins.values():
                base = origin[3]
                blocked = 0
                for corner in corners:
                    line = (origin[0], origin[1], corner[0], corner[1])
                    seen = clear.get(line)
                    if seen is None:
                        seen = clear[line] = is_clear(base, self._template(origin, corner), owners)
                    blocked += not seen
                    if blocked >= fewest:
                        break
                if blocked == 0:
                    return Cover.NONE
                fewest = min(fewest, blocked)
        if fewest < lines:
            return degree(fewest, lines, reachable=True)
        return degree(fewest, lines, self._sees(attacker, target, owners))

    # Flanking

    def flanks(self, target: Collection[Cell], a: Collection[Cell], b: Collection[Cell]) -> bool:
        """Whether spaces ``a`` and ``b`` stand opposite each other around ``target``
        (see :func:`~service.rules.grid.flanking.opposite`)."""
        return _flanking.opposite(self.kind, target, a, b)

    def flanking(
        self,
        target: FlankTarget,
        attacker: Flanker,
        allies: Iterable[Flanker],
    ) -> Flanking:
        """Whether ``attacker`` flanks ``target`` and with which allies (see
        :func:`~service.rules.grid.flanking.flanking`)."""
        return _flanking.flanking(self.kind, target, attacker, allies)

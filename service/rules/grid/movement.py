"""Moving a creature cell by cell: what each step costs and which steps are refused.

A path is a list of anchor cells, each a neighbour of the one before. A step costs 5 ft,
diagonals too (d20.grid.enter), or the price of the terrain it enters where an occupant
names one (``Occupant.cost``: a climb or swim cell priced by the mover's speed there, the
highest where several cells of its space have one), plus 5 ft for each of these that
applies to it:

* difficult: a cell of the space the mover enters is difficult terrain, or belongs to an
  occupant whose space counts as difficult terrain (d20.grid.difficult, d100.move.through);
* squeezing: the mover's full footprint does not fit there but the footprint of a
  creature one size smaller does, somewhere inside it (d20.size.squeeze, d100.size.squeeze);
* crawling: the mover crawls (d100.prone.crawl: 10 ft a square, 15 in difficult terrain).

A flying mover (``Mover.flying``) ignores the ground: the map's difficult cells do not
apply to it (other creatures' spaces and occupants' prices still do; the ruleset leaves
out the terrain a flyer doesn't meet).

A cell *fits* when it is on the grid, not blocked and not in the space of an occupant the
mover may not pass through. The whole footprint must lie on the grid. Where it does not fit
whole, the mover squeezes if the footprint of a creature one size smaller fits somewhere
inside it; it then fills the cells of its footprint that fit, and those cells decide
whether the step is difficult.

On squares a diagonal step may not cross the corner of a blocked cell: it is refused when
a blocked cell lies where the moving space sweeps between its old and new place (for one
square, either of the two squares the diagonal passes between). Creatures never stop a
diagonal. Hexes always share an edge with their neighbours and have no corner rule.

A move may not end where the mover's footprint overlaps an occupant's space, unless that
occupant is shareable. A step must cost no more than the movement left (d20.grid.enter,
d20.grid.difficult).
"""

from __future__ import annotations

import enum
import heapq
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from service.rules.grid.cells import CELL_FEET, Cell, Kind, shape
from service.rules.limits import SEARCH_CELLS


class Map(Protocol):
    """What moving needs of a map (a :class:`~service.rules.grid.geometry.Geometry`)."""

    @property
    def kind(self) -> Kind: ...

    @property
    def steps(self) -> tuple[Cell, ...]: ...

    @property
    def blocked(self) -> frozenset[Cell]: ...

    @property
    def difficult(self) -> frozenset[Cell]: ...

    def in_bounds(self, cell: Cell) -> bool: ...

    def distance(self, a: Cell, b: Cell) -> int: ...


class Fault(enum.Enum):
    """Why a step is refused."""

    OFF_GRID = "off grid"
    BLOCKED = "blocked"
    CORNER = "corner"
    NOT_ADJACENT = "not adjacent"
    OCCUPIED = "occupied"
    INSUFFICIENT_MOVEMENT = "insufficient movement"


class IllegalMove(ValueError):
    """A path breaks a movement rule at step ``index`` (from ``path[index]`` into
    ``cell``, which is ``path[index + 1]``)."""

    def __init__(self, index: int, fault: Fault, cell: Cell) -> None:
        super().__init__(f"step {index} into {cell}: {fault.value}")
        self.index = index
        self.fault = fault
        self.cell = cell


@dataclass(frozen=True, slots=True)
class Mover:
    """The creature that moves.

    ``squeeze_extent`` is the extent of a creature one size smaller (by default
    ``extent - 1``; the d100 ladder needs 2 for a Huge mover of extent 4); a mover whose
    squeeze extent is below 1 or not smaller than its own cannot squeeze. ``shape``
    replaces the footprint of ``extent`` with explicit offsets from the anchor.
    """

    extent: int = 1
    squeeze_extent: int | None = None
    crawling: bool = False
    shape: tuple[Cell, ...] | None = None
    flying: bool = False


@dataclass(frozen=True, slots=True)
class Occupant:
    """Another creature's space as the mover sees it.

    The ruleset decides: ``passable`` (may the mover move through it; d100.move.through),
    ``difficult`` (does its space count as difficult terrain for the mover),
    ``shareable`` (may the mover end its move there, as Tiny creatures sharing a cell do;
    a shareable space is passable) and ``cost`` (what a step into it costs instead of 5 ft,
    never less, before difficult terrain, squeezing and crawling add theirs: terrain a
    ruleset prices, such as a climb or swim cell).
    """

    cells: Collection[Cell]
    passable: bool = False
    difficult: bool = False
    shareable: bool = False
    cost: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a move, into the anchor ``cell``."""

    cell: Cell
    cost: int
    difficult: bool
    squeezing: bool


@dataclass(frozen=True, slots=True)
class Move:
    """A legal path and its cost in feet."""

    path: tuple[Cell, ...]
    steps: tuple[Step, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class _Spot:
    """The mover's body at one anchor: the cells of its footprint that fit."""

    offsets: tuple[Cell, ...]
    cost: int
    difficult: bool
    squeezing: bool
    ends: bool


@cache
def _squeezed(kind: Kind, full: tuple[Cell, ...], smaller: int) -> tuple[tuple[Cell, ...], ...]:
    """Every placement of the footprint of extent ``smaller`` inside ``full``."""
    if smaller < 1:
        return ()
    small = shape(kind, smaller)
    if len(small) >= len(full):
        return ()
    inside = set(full)
    shifts = sorted({(fx - small[0][0], fy - small[0][1]) for fx, fy in full})
    return tuple(
        tuple((x + dx, y + dy) for x, y in small)
        for dx, dy in shifts
        if all((x + dx, y + dy) in inside for x, y in small)
    )


@cache
def _swept(offsets: tuple[Cell, ...], dx: int, dy: int) -> tuple[Cell, ...]:
    """Cells a body crosses corner-wise when it steps diagonally by ``(dx, dy)`` into
    ``offsets``, relative to the new anchor."""
    here = set(offsets)
    before = {(x - dx, y - dy) for x, y in offsets}
    sides = {(x - dx, y) for x, y in offsets} | {(x, y - dy) for x, y in offsets}
    return tuple(sorted(sides - here - before))


class Walk:
    """The movement rules for one mover among one set of occupants on one grid."""

    def __init__(
        self,
        geometry: Map,
        mover: Mover,
        occupants: Iterable[Occupant] = (),
    ) -> None:
        self.geometry = geometry
        kind = geometry.kind
        self._square = kind is Kind.SQUARE
        full = mover.shape if mover.shape is not None else shape(kind, mover.extent)
        smaller = mover.extent - 1 if mover.squeeze_extent is None else mover.squeeze_extent
        self._full = tuple(full)
        self._weight = math.isqrt(len(self._full) - 1) + 1 if self._full else 1
        self._corners: tuple[Cell, ...] = self._full
        if self._square and self._full:
            xs = [x for x, _ in self._full]
            ys = [y for _, y in self._full]
            self._corners = ((min(xs), min(ys)), (max(xs), max(ys)))
        self._squeezed = _squeezed(kind, self._full, smaller)
        self._crawl = CELL_FEET if mover.crawling else 0
        self._steps = frozenset(geometry.steps)
        self._walls = geometry.blocked
        self._difficult = set() if mover.flying else set(geometry.difficult)
        self._impassable: set[Cell] = set()
        self._unshareable: set[Cell] = set()
        self._price: dict[Cell, int] = {}
        for occupant in occupants:
            if not (occupant.passable or occupant.shareable):
                self._impassable.update(occupant.cells)
            elif occupant.difficult:
                self._difficult.update(occupant.cells)
            if not occupant.shareable:
                self._unshareable.update(occupant.cells)
            if occupant.cost is not None:
                for cell in occupant.cells:
                    self._price[cell] = max(occupant.cost, self._price.get(cell, CELL_FEET))
        self._spots: dict[Cell, _Spot | Fault] = {}

    def step(self, here: Cell, there: Cell, final: bool = False) -> _Spot | Fault:
        """The mover's body after a step into ``there``, or why the step is refused;
        ``final``: the move ends there."""
        dx = there[0] - here[0]
        dy = there[1] - here[1]
        if (dx, dy) not in self._steps:
            return Fault.NOT_ADJACENT
        spot = self._spots.get(there)
        if spot is None:
            spot = self._spots[there] = self._place(there)
        if isinstance(spot, Fault):
            return spot
        if self._square and dx and dy:
            x, y = there
            if any((x + ox, y + oy) in self._walls for ox, oy in _swept(spot.offsets, dx, dy)):
                return Fault.CORNER
        if final and not spot.ends:
            return Fault.OCCUPIED
        return spot

    def _place(self, anchor: Cell) -> _Spot | Fault:
        x, y = anchor
        in_bounds = self.geometry.in_bounds
        walls = self._walls
        impassable = self._impassable

        def fits(offsets: tuple[Cell, ...]) -> bool:
            return not any(
                (cell := (x + ox, y + oy)) in walls or cell in impassable for ox, oy in offsets
            )

        if not all(in_bounds((x + ox, y + oy)) for ox, oy in self._corners):
            return Fault.OFF_GRID
        squeezing = not fits(self._full)
        if squeezing and not any(fits(offsets) for offsets in self._squeezed):
            if any((x + ox, y + oy) in walls for ox, oy in self._full):
                return Fault.BLOCKED
            return Fault.OCCUPIED
        body = tuple(o for o in self._full if fits((o,))) if squeezing else self._full
        difficult = any((x + ox, y + oy) in self._difficult for ox, oy in body)
        ends = not any((x + ox, y + oy) in self._unshareable for ox, oy in self._full)
        price = self._price
        base = CELL_FEET
        if price:
            base = max((price.get((x + ox, y + oy), CELL_FEET) for ox, oy in body), default=base)
        cost = base + CELL_FEET * (difficult + squeezing) + self._crawl
        return _Spot(body, cost, difficult, squeezing, ends)

    def cost(self, path: Sequence[Cell], movement: int | None = None) -> Move:
        """Check ``path`` step by step and price it; raise :class:`IllegalMove` at the
        first step that breaks a rule. ``movement``: feet left before the first step."""
        if not path:
            raise ValueError("a path needs at least its starting cell")
        last = len(path) - 2
        left = math.inf if movement is None else movement
        steps: list[Step] = []
        for index in range(last + 1):
            there = path[index + 1]
            spot = self.step(path[index], there, final=index == last)
            if isinstance(spot, Fault):
                raise IllegalMove(index, spot, there)
            if spot.cost > left:
                raise IllegalMove(index, Fault.INSUFFICIENT_MOVEMENT, there)
            left -= spot.cost
            steps.append(Step(there, spot.cost, spot.difficult, spot.squeezing))
        return Move(tuple(path), tuple(steps), sum(step.cost for step in steps))

    def cheapest(self, start: Cell, goal: Cell, movement: int | None = None) -> Move | None:
        """The cheapest legal path from ``start`` to ``goal`` (A* over anchors), or
        ``None`` when there is none within ``movement``. A search that would visit more
        than :data:`~service.rules.limits.SEARCH_CELLS` cells (each anchor it visits counts
        the side of the mover's space: 1 for one cell, 10 for 10 x 10) raises
        :class:`~service.rules.errors.LimitExceeded` (at ``to``) when it gets there."""
        if start == goal:
            return Move((start,), (), 0)
        budget = math.inf if movement is None else movement
        distance = self.geometry.distance
        steps = self.geometry.steps
        best: dict[Cell, int] = {start: 0}
        parent: dict[Cell, Cell] = {}
        end_cost = math.inf
        end_parent: Cell | None = None
        heap: list[tuple[int, int, Cell]] = [(CELL_FEET * distance(start, goal), 0, start)]
        visited = 0
        while heap:
            estimate, spent, here = heapq.heappop(heap)
            if estimate >= end_cost:
                break
            if spent > best[here]:
                continue
            visited += self._weight
            if visited > SEARCH_CELLS.max:
                SEARCH_CELLS.check(visited, "the search for a path there", ("to",))
            hx, hy = here
            for sx, sy in steps:
                there = (hx + sx, hy + sy)
                spot = self.step(here, there)
                if isinstance(spot, Fault):
                    continue
                total = spent + spot.cost
                if total > budget:
                    continue
                if there == goal and spot.ends and total < end_cost:
                    end_cost = total
                    end_parent = here
                if total < best.get(there, math.inf):
                    best[there] = total
                    parent[there] = here
                    heapq.heappush(heap, (total + CELL_FEET * distance(there, goal), total, there))
        if end_parent is None:
            return None
        path = [goal, end_parent]
        while path[-1] != start:
            path.append(parent[path[-1]])
        path.reverse()
        return self.cost(path, movement)

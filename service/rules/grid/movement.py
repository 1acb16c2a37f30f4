"""Moving a creature cell by cell: what each step costs and which steps are refused.

A path is a list of anchor cells, each a neighbour of the one before. A step costs 5 ft,
diagonals too (d20.grid.enter), or the price of the terrain it enters where an occupant
names one (``Occupant.cost``: a climb or swim cell priced by the mover's speed there, the
highest where several cells of its space have one), plus 5 ft for each of these that
applies to it:

* difficult: a cell of the space the mover enters is difficult terrain, or belongs to an
  occupant whose space counts as difficult terrain (d20.grid.difficult, d100.move.through);
* squeezing: the mover's full footprint does not fit there but the footprint of a
  creature one size smaller does, somewhere inside it, and that smaller space is reached
  from the one before (d20.size.squeeze, d100.size.squeeze; see below);
* crawling: the mover crawls (d100.prone.crawl: 10 ft a square, 15 in difficult terrain).

A flying mover (``Mover.flying``) ignores the ground: the map's difficult cells do not
apply to it (other creatures' spaces and occupants' prices still do; the ruleset leaves
out the terrain a flyer doesn't meet).

A cell *fits* when it is on the grid, not blocked and not in the space of an occupant the
mover may not pass through. The whole footprint must lie on the grid. Where it does not fit
whole, the mover squeezes: it fills a space of the next smaller size (a placement of that
footprint inside its own) that fits, and that space decides whether the step is difficult
and what it costs. Squeezing is passing through a passage, not through matter: the smaller
space must be reached from where the mover was, by the same step (the same placement in the
old space) or by staying put (a placement already inside the old space, which fits there);
where the mover did not squeeze, any placement inside its old space counts. So a wall with
no gap stops every size. Decision: the squeezing body is every cell of the placements that
qualify (they decide difficult terrain and price, as the body does); which placement the
mover took is not carried to the next step (for the d20, d100 and hex ladders no wall can
leave fitting placements on both of its sides inside one space, so this never lets a body
jump a wall).

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
from fractions import Fraction
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
    ruleset prices, such as a climb or swim cell). A fractional cost is exact: a path
    is priced as a whole, each step costing what it adds to the path's total rounded up
    (``d10.turn.speeds``: three 5-ft climb cells at 14 2/3 ft cost 44 ft, not 3 x 15).
    """

    cells: Collection[Cell]
    passable: bool = False
    difficult: bool = False
    shareable: bool = False
    cost: int | Fraction | None = None


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


@dataclass(frozen=True, slots=True, kw_only=True)
class _Spot:
    """The mover's body at one anchor: the cells of its footprint that fit."""

    offsets: tuple[Cell, ...]
    cost: int | Fraction
    difficult: bool
    squeezing: bool
    ends: bool
    placements: tuple[tuple[Cell, ...], ...] = ()
    """Where squeezing: the placements of the smaller space that fit here."""


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
        self._price: dict[Cell, int | Fraction] = {}
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
        spot = self._spot(there)
        if isinstance(spot, Fault):
            return spot
        if spot.squeezing:
            spot = self._passage(here, (dx, dy), there, spot)
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
        placements: tuple[tuple[Cell, ...], ...] = ()
        if squeezing:
            placements = tuple(offsets for offsets in self._squeezed if fits(offsets))
            if not placements:
                return self._refusal(anchor)
        ends = not any((x + ox, y + oy) in self._unshareable for ox, oy in self._full)
        return self._body(
            anchor, placements[0] if squeezing else self._full, squeezing, ends, placements
        )

    def _spot(self, anchor: Cell) -> _Spot | Fault:
        spot = self._spots.get(anchor)
        if spot is None:
            spot = self._spots[anchor] = self._place(anchor)
        return spot

    def _refusal(self, anchor: Cell) -> Fault:
        x, y = anchor
        if any((x + ox, y + oy) in self._walls for ox, oy in self._full):
            return Fault.BLOCKED
        return Fault.OCCUPIED

    def _body(
        self,
        anchor: Cell,
        body: tuple[Cell, ...],
        squeezing: bool,
        ends: bool,
        placements: tuple[tuple[Cell, ...], ...] = (),
    ) -> _Spot:
        x, y = anchor
        difficult = any((x + ox, y + oy) in self._difficult for ox, oy in body)
        price = self._price
        base: int | Fraction = CELL_FEET
        if price:
            base = max((price.get((x + ox, y + oy), CELL_FEET) for ox, oy in body), default=base)
        cost = base + CELL_FEET * (difficult + squeezing) + self._crawl
        return _Spot(
            offsets=body,
            cost=cost,
            difficult=difficult,
            squeezing=squeezing,
            ends=ends,
            placements=placements,
        )

    def _passage(self, here: Cell, d: Cell, there: Cell, spot: _Spot) -> _Spot | Fault:
        """The squeezing body at ``there`` reached from ``here`` (the module's passage rule),
        or why there is none."""
        before = self._spot(here)
        if isinstance(before, Fault):
            return spot
        fitted = set(before.placements) if before.squeezing else set(self._squeezed)
        dx, dy = d
        reached = [
            offsets
            for offsets in spot.placements
            if offsets in fitted or tuple((ox + dx, oy + dy) for ox, oy in offsets) in fitted
        ]
        if not reached:
            return self._refusal(there)
        body = tuple(sorted({offset for offsets in reached for offset in offsets}))
        return self._body(there, body, True, spot.ends, spot.placements)

    def cost(self, path: Sequence[Cell], movement: int | None = None) -> Move:
        """Check ``path`` step by step and price it; raise :class:`IllegalMove` at the
        first step that breaks a rule. ``movement``: feet left before the first step."""
        if not path:
            raise ValueError("a path needs at least its starting cell")
        last = len(path) - 2
        left = math.inf if movement is None else movement
        steps: list[Step] = []
        exact: int | Fraction = 0
        for index in range(last + 1):
            there = path[index + 1]
            spot = self.step(path[index], there, final=index == last)
            if isinstance(spot, Fault):
                raise IllegalMove(index, spot, there)
            cost = math.ceil(exact + spot.cost) - math.ceil(exact)
            if cost > left:
                raise IllegalMove(index, Fault.INSUFFICIENT_MOVEMENT, there)
            left -= cost
            exact += spot.cost
            steps.append(Step(there, cost, spot.difficult, spot.squeezing))
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
        best: dict[Cell, int | Fraction] = {start: 0}
        parent: dict[Cell, Cell] = {}
        end_cost: float | Fraction = math.inf
        end_parent: Cell | None = None
        heap: list[tuple[int | Fraction, int | Fraction, Cell]] = [
            (CELL_FEET * distance(start, goal), 0, start)
        ]
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
                if math.ceil(total) > budget:
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

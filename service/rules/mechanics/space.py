"""Where creatures are and what lies between them: spaces, range, sight, cover, flanking.

A :class:`Board` is the map as one action sees it: the grid's geometry, the cells each size
fills on this ruleset's ladder, and the lines of sight already traced. Everything geometric
goes to :mod:`service.rules.grid`; this module decides what the rules make of it (who is an
obstacle to whom, who sees whom, who flanks).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Protocol

from ..grid import Cell as GridCell
from ..grid import Cover, Flanker, Flanking, FlankTarget, Geometry
from ..model import (
    SEE_INVISIBLE,
    Area,
    Cell,
    Combatant,
    Cond,
    CoverDegree,
    Draft,
    Encounter,
    Grid,
)

COVER_NAMES: dict[Cover, CoverDegree] = {
    Cover.NONE: "none",
    Cover.HALF: "half",
    Cover.THREE_QUARTERS: "three-quarters",
    Cover.TOTAL: "total",
}
COVER_AC = {"none": 0, "half": 2, "three-quarters": 5}
"""What each degree adds to AC and to the saves cover protects (``d20.cover.degrees``)."""
FLANKERS_NEEDED = {"large": 2, "huge": 3, "colossal": 3, "gargantuan": 4}
"""How many flankers a target needs when they are smaller than it (``d20.flank.count``)."""
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


@lru_cache(maxsize=64)
def _geometry(
    kind: str,
    width: int,
    height: int,
    orientation: str,
    blocked: tuple[tuple[int, int], ...],
    difficult: tuple[tuple[int, int], ...],
) -> Geometry:
    return Geometry(
        kind, width, height, blocked=blocked, difficult=difficult, orientation=orientation
    )


def geometry_of(grid: Grid) -> Geometry:
    """The map's geometry, built once per distinct map and cached."""
    return _geometry(
        grid.kind,
        grid.width,
        grid.height,
        grid.hex_orientation,
        tuple([(c.x, c.y) for c in grid.blocked]),
        tuple([(c.x, c.y) for c in grid.difficult]),
    )


class Board:
    """The map of one encounter for one action, on one ruleset's size ladder.

    ``extent`` maps each size to the side of its space in cells (``square_extent``). Walls
    never move during an action, so lines of sight traced once are kept.
    """

    __slots__ = ("_cover", "_sight", "extent", "geometry", "share", "sizes")

    def __init__(
        self,
        geometry: Geometry,
        extent: Mapping[str, int],
        sizes: Sequence[str],
        share: Mapping[str, int] | None = None,
    ) -> None:
        self.geometry = geometry
        self.extent = extent
        self.sizes = sizes
        self.share = {"tiny": 4} if share is None else share
        self._sight: dict[tuple[tuple[GridCell, ...], tuple[GridCell, ...]], bool] = {}
        self._cover: dict[tuple[tuple[GridCell, ...], ...], CoverDegree] = {}

    # -- spaces and range (d20.size.space, d20.grid.range)

    def cells(self, c: Combatant) -> tuple[GridCell, ...]:
        """The cells a combatant fills: its explicit footprint, or its size's. A squeezing
        creature whose space overlaps walls fills only the cells that are not blocked
        (``d20.size.squeeze``): those, not the walls, are its space for reach, sight, cover
        and occupancy."""
        if c.footprint:
            return tuple(cell.key() for cell in c.footprint)
        extent = self.extent[c.size]
        if extent == 1:
            position = c.position
            return ((position.x, position.y),)
        cells = self.geometry.footprint(c.position.key(), extent)
        if c.has(Cond.SQUEEZING):
            blocked = self.geometry.blocked
            return tuple(cell for cell in cells if cell not in blocked)
        return cells

    def footprint(self, c: Combatant) -> tuple[GridCell, ...]:
        """The whole space a combatant's size (or explicit footprint) gives it, walls included."""
        return self.cells_at(c, c.position.key())

    def cells_at(self, c: Combatant, anchor: GridCell) -> tuple[GridCell, ...]:
        """The cells ``c`` would occupy with its anchor at ``anchor``."""
        if c.footprint:
            dx, dy = anchor[0] - c.position.x, anchor[1] - c.position.y
            return tuple((cell.x + dx, cell.y + dy) for cell in c.footprint)
        return self.geometry.footprint(anchor, self.extent[c.size])

    def tile_share(self, c: Combatant) -> Fraction:
        """The share of a cell ``c`` takes where creatures that small share cells
        (``d20.size.space``: four Tiny to a square; ``d100.size.space``: four Small or
        twenty-five Tiny to a tile); 1 for a creature that fills its cells. Decision:
        creatures sharing a cell may mix sizes while their shares add up to at most 1."""
        if c.footprint:
            return Fraction(1)
        return Fraction(1, self.share.get(c.size, 1))

    def rank(self, c: Combatant) -> int:
        """Where the combatant's size stands on the ladder (Tiny is 0)."""
        return self.sizes.index(c.size)

    def distance_ft(self, a: Combatant, b: Combatant) -> int:
        """Feet between two creatures' spaces by the counting rule (``d20.grid.range``)."""
        return self.apart(self.cells(a), self.cells(b)) * 5

    def apart(self, a: tuple[GridCell, ...], b: tuple[GridCell, ...]) -> int:
        """:meth:`Geometry.space_distance`, at once for two one-cell spaces."""
        if len(a) == 1 and len(b) == 1:
            return self.geometry.distance(a[0], b[0])
        return self.geometry.space_distance(a, b)

    def within(self, a: Iterable[GridCell], b: Iterable[GridCell], feet: int) -> bool:
        return self.geometry.within(a, b, feet)

    def directions_away(self, a: Combatant, b: Combatant) -> list[GridCell]:
        """The one-cell steps that move ``b``'s space 5 ft farther from ``a``'s along the
        line between the centres of the two spaces: the steps that take it farther, best
        aligned with that line first, keeping only the best (two when the line runs exactly
        between two directions). Empty when the centres coincide."""
        mine, theirs = self.cells(a), self.cells(b)
        (ax, ay), (bx, by) = _centre(mine), _centre(theirs)
        dx, dy = bx - ax, by - ay
        if dx == dy == 0:
            return []
        geometry = self.geometry
        square = geometry.kind.value == "square"
        before = geometry.space_distance(mine, theirs)
        scored: list[tuple[float, GridCell]] = []
        for step in geometry.steps:
            moved = [(x + step[0], y + step[1]) for x, y in theirs]
            if geometry.space_distance(mine, moved) <= before:
                continue
            sx, sy = step
            if square:
                dot, norms = dx * sx + dy * sy, (sx * sx + sy * sy) * (dx * dx + dy * dy)
            else:
                dot = 2 * dx * sx + dx * sy + dy * sx + 2 * dy * sy
                norms = 4 * (sx * sx + sx * sy + sy * sy) * (dx * dx + dx * dy + dy * dy)
            scored.append((dot / norms**0.5, step))
        if not scored:
            return []
        best = max(score for score, _ in scored)
        return [step for score, step in scored if score > best - 1e-9]

    # -- sight (d20.facing.none)

    def line_of_sight(self, a: tuple[GridCell, ...], b: tuple[GridCell, ...]) -> bool:
        """Whether walls leave some line between two spaces (memoised for the action;
        spaces side by side always have one)."""
        if self.apart(a, b) <= 1:
            return True
        key = (a, b) if a <= b else (b, a)
        sight = self._sight.get(key)
        if sight is None:
            sight = self._sight[key] = self.geometry.has_line_of_sight(a, b)
        return sight

    def in_heavy_obscurement(self, areas: Sequence[Area], c: Combatant) -> bool:
        """Whether any cell of ``c``'s space lies in a heavily obscured area."""
        obscured = [a for a in areas if a.kind == "heavily-obscured"]
        if not obscured:
            return False
        cells = self.cells(c)
        distance = self.geometry.distance
        return any(
            distance(area.center.key(), cell) * 5 <= area.radius
            for area in obscured
            for cell in cells
        )

    def can_see(self, encounter: Encounter, viewer: Combatant, seen: Combatant) -> bool:
        """Whether ``viewer`` can see ``seen``. No facing (``d20.facing.none``): a creature
        sees all around unless it is blinded, unconscious or asleep, the other is hidden or
        invisible (unless the viewer's ``features`` name ``see-invisible``: ``d20.cond``),
        either stands in a heavily obscured area, or walls block every line between them."""
        if viewer.conditions and (
            viewer.has(Cond.BLINDED) or viewer.unconscious or viewer.has(Cond.ASLEEP)
        ):
            return False
        if seen.conditions and (
            seen.has(Cond.HIDDEN)
            or (seen.has(Cond.INVISIBLE) and SEE_INVISIBLE not in viewer.features)
        ):
            return False
        areas = encounter.areas
        if areas and (
            self.in_heavy_obscurement(areas, seen) or self.in_heavy_obscurement(areas, viewer)
        ):
            return False
        return self.line_of_sight(self.cells(viewer), self.cells(seen))

    # -- cover (d20.cover.*)

    def cover(
        self, attacker: Combatant, target: Combatant, others: Iterable[Combatant]
    ) -> CoverDegree:
        """The cover ``target`` has against ``attacker`` from walls and every other living
        creature (``d20.cover.creatures``). Creatures wholly outside
        :meth:`Geometry.line_box` touch no line between the two and are left out; the rest is
        memoised for the board's life, by the spaces."""
        mine, theirs = self.cells(attacker), self.cells(target)
        if not (mine and theirs):
            every = [self.cells(other) for other in others]
            return COVER_NAMES[self.geometry.cover(mine, theirs, every)]
        box = self.geometry.line_box(mine, theirs)
        obstacles = [cells for _, cells in self._within(others, box)]
        if not obstacles and self.geometry.open_box(box):
            return "none"
        memo = (mine, theirs, *obstacles)
        found = self._cover.get(memo)
        if found is None:
            found = COVER_NAMES[self.geometry.cover(mine, theirs, obstacles)]
            self._cover[memo] = found
        return found

    def _within(
        self, creatures: Iterable[Combatant], box: tuple[int, int, int, int]
    ) -> list[tuple[Combatant, tuple[GridCell, ...]]]:
        """The creatures with a cell in ``box`` (``x0, x1, y0, y1``, inclusive), with their
        cells (:meth:`cells`), in order."""
        x0, x1, y0, y1 = box
        extent = self.extent
        found: list[tuple[Combatant, tuple[GridCell, ...]]] = []
        for c in creatures:
            if not c.footprint and extent[c.size] == 1:
                x, y = c.position.x, c.position.y
                if x0 <= x <= x1 and y0 <= y <= y1:
                    found.append((c, ((x, y),)))
                continue
            cells = self.cells(c)
            for x, y in cells:
                if x0 <= x <= x1 and y0 <= y <= y1:
                    found.append((c, cells))
                    break
        return found

    # -- flanking (d20.flank.*)

    def flanking(
        self,
        encounter: Encounter,
        attacker: Combatant,
        target: Combatant,
        allies: Iterable[Combatant],
    ) -> tuple[bool, list[str], str]:
        """Whether ``attacker`` flanks ``target`` with some of ``allies`` (living creatures
        on its side), and why not."""
        if target.immune_to_flanking:
            return False, [], f"{target.name} can't be flanked"
        near = self._next_to(self.cells(target), allies)
        goal, flankers, result = self._flanking(encounter, attacker, target, near)
        if result.flanks:
            names = ", ".join(result.partners)
            return True, list(result.partners), f"flanks {target.name} with {names}"
        return False, [], self._why_not(encounter, attacker, target, goal, flankers)

    def flanks(
        self,
        encounter: Encounter,
        attacker: Combatant,
        target: Combatant,
        allies: Iterable[Combatant],
    ) -> bool:
        """:meth:`flanking`'s answer alone, without looking for the reason: no one flanks
        from farther than next to the target, nor without an ally next to it."""
        if target.immune_to_flanking:
            return False
        target_cells = self.cells(target)
        if self.apart(self.cells(attacker), target_cells) > 1:
            return False
        near = self._next_to(target_cells, allies)
        return bool(near) and self._flanking(encounter, attacker, target, near)[2].flanks

    def _next_to(
        self, space: tuple[GridCell, ...], allies: Iterable[Combatant]
    ) -> list[tuple[Combatant, tuple[GridCell, ...]]]:
        """The creatures of ``allies`` whose space is next to ``space``, with their cells,
        in order (a neighbour is at most one cell away along each axis)."""
        if len(space) == 1:
            ((x, y),) = space
            box = (x - 1, x + 1, y - 1, y + 1)
        else:
            xs, ys = [x for x, _ in space], [y for _, y in space]
            box = (min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1)
        return [
            (c, cells) for c, cells in self._within(allies, box) if self.apart(cells, space) == 1
        ]

    def _flanking(
        self,
        encounter: Encounter,
        attacker: Combatant,
        target: Combatant,
        near: list[tuple[Combatant, tuple[GridCell, ...]]],
    ) -> tuple[FlankTarget, list[Flanker], Flanking]:
        target_cells = self.cells(target)
        goal = FlankTarget(
            target_cells, self.rank(target), False, FLANKERS_NEEDED.get(target.size, 2)
        )

        def flanker(c: Combatant, cells: tuple[GridCell, ...]) -> Flanker:
            able = not c.incapacitated and self.can_see(encounter, c, target)
            return Flanker(c.id, cells, self.rank(c), able)

        flankers = [flanker(c, cells) for c, cells in near]
        result = self.geometry.flanking(goal, flanker(attacker, self.cells(attacker)), flankers)
        return goal, flankers, result

    def _why_not(
        self,
        encounter: Encounter,
        attacker: Combatant,
        target: Combatant,
        goal: FlankTarget,
        near: list[Flanker],
    ) -> str:
        """Why ``attacker`` doesn't flank ``target`` (``d20.flank.*``), the first reason
        in the order of the rules."""
        me, them = attacker.name, target.name
        if attacker.incapacitated:
            return f"{me} can't flank: it is incapacitated"
        if not self.can_see(encounter, attacker, target):
            return f"{me} can't flank: it can't see {them}"
        if goal.size - self.rank(attacker) > 2:
            return f"{them} is more than two sizes larger than {me}"
        mine = self.cells(attacker)
        if self.apart(mine, tuple(goal.cells)) != 1:
            return f"{me} is not next to {them}"
        helpers = [f for f in near if f.id != attacker.id and f.able and goal.size - f.size <= 2]
        opposite = [f for f in helpers if self.geometry.flanks(goal.cells, mine, f.cells)]
        if not opposite:
            unable = [
                f.id
                for f in near
                if f not in helpers and self.geometry.flanks(goal.cells, mine, f.cells)
            ]
            if unable:
                return (
                    f"no ally able to flank stands opposite {me} ({', '.join(unable)} can't: "
                    "it can't see, is incapacitated or is too small)"
                )
            return f"no ally stands opposite {me}"
        count = 1 + len(helpers)
        return (
            f"{them} is {target.size.capitalize()}: flankers smaller than it need "
            f"{_WORDS.get(goal.needs, str(goal.needs))} next to it, {me} included, and only "
            f"{_WORDS.get(count, str(count))} {'is' if count == 1 else 'are'} (d20.flank.count)"
        )


class SizeLadder(Protocol):
    """A ruleset's size ladder (its class flags): the sizes in order, the side of each size's
    space in cells (``square_extent``), how many creatures of a size share one cell."""

    @property
    def sizes(self) -> Sequence[str]: ...

    @property
    def square_extent(self) -> Mapping[str, int]: ...

    @property
    def tile_share(self) -> Mapping[str, int]: ...


def board_for(grid: Grid, ladder: SizeLadder) -> Board:
    """A map of ``grid`` on ``ladder``."""
    return Board(geometry_of(grid), ladder.square_extent, ladder.sizes, ladder.tile_share)


def board_of(draft: Draft, ladder: SizeLadder) -> Board:
    """The map as the action on ``draft`` sees it, on ``ladder``: built once per action, then
    found in ``draft.memo``."""
    board = draft.memo.get("board")
    if board is None:
        board = draft.memo["board"] = board_for(draft.encounter.grid, ladder)
    assert isinstance(board, Board)
    return board


def _centre(cells: Sequence[GridCell]) -> tuple[float, float]:
    """The centre of a space: the mean of its cells' coordinates (axial ones on hexes,
    where the mean of centres is the centre of the mean)."""
    n = len(cells)
    return sum(x for x, _ in cells) / n, sum(y for _, y in cells) / n


def relocate(c: Combatant, anchor: GridCell) -> None:
    """Put ``c``'s anchor at ``anchor``, its explicit footprint (if any) moved with it."""
    dx, dy = anchor[0] - c.position.x, anchor[1] - c.position.y
    c.position = Cell(*anchor)
    if c.footprint:
        c.footprint = [Cell(cell.x + dx, cell.y + dy) for cell in c.footprint]


def living_others(encounter: Encounter, *exclude: str) -> list[Combatant]:
    """The living combatants other than ``exclude``, in encounter order."""
    return [c for c in encounter.combatants if not c.dead and c.id not in exclude]


def living_allies(encounter: Encounter, c: Combatant, *exclude: str) -> list[Combatant]:
    """The living combatants on ``c``'s side other than ``c`` and ``exclude``, in encounter
    order."""
    side, me = c.side, c.id
    return [
        o
        for o in encounter.combatants
        if o.side == side and not o.dead and o.id != me and o.id not in exclude
    ]

"""Pure grid geometry for square and hex battle maps.

Everything here is a function of a :class:`Geometry` (kind, size, blocked cells,
difficult terrain, hex orientation) and of the cells the caller passes in; nothing knows
about rulesets. Rulesets speak through small values: a :class:`Mover` and the
:class:`Occupant` spaces around it, a :class:`FlankTarget` and the :class:`Flanker`
creatures around it, and integer size ranks and counts they map from their own ladders.

Coordinates
    A :data:`Cell` is ``tuple[int, int]``. One cell is 5 ft (:data:`CELL_FEET`).

    *Squares*: ``(x, y)``, ``x`` the column, ``y`` the row, growing downward. A creature
    of extent ``n`` fills the ``n`` × ``n`` block whose top-left cell is its anchor.

    *Hexes*: axial ``(q, r)``, pointy-top or flat-top. A ``width`` × ``height`` grid is
    the rectangle drawn in offset layout (odd-r for pointy-top, odd-q for flat-top):
    :meth:`Geometry.in_bounds` converts, :meth:`Geometry.to_offset` and
    :meth:`Geometry.from_offset` expose the conversion. Footprints (d20.grid.hexes): extent
    1 is one hex; 2 (Large) the triangle of the anchor, ``(q+1, r)`` and ``(q, r+1)``
    (east and south-east on pointy-top hexes); 3 (Huge) the anchor and its ring (7); 4
    (Gargantuan) radius 2 (19); larger extents the hexagon of radius ``extent // 2``
    around the anchor. The rings around these spaces hold 6, 9, 12 and 18 hexes.

    A caller may pass explicit cells for any space instead of an anchor and extent.

Decisions
    *Distance* is Chebyshev on squares (a diagonal costs one square) and hex distance on
    hexes; the range between two spaces is the least distance between their cells
    (d20.grid.range), so reach 5 ft means adjacent.

    *Sharing*: a cell holds one creature, or up to four Tiny ones and nothing else
    (:func:`clashes`).

    *Corners*: a diagonal step on squares is refused when either of the two squares it
    passes between is blocked (for larger movers, any blocked square the moving space
    sweeps corner-wise). Creatures don't stop diagonals.

    *Squeezing*: where a mover's full footprint does not fit (it overlaps blocked cells
    or impassable creatures), it may squeeze if the footprint of the next smaller extent
    (``Mover.squeeze_extent``, by default ``extent - 1``) fits somewhere inside it; that
    step costs 5 ft more. The footprint must always lie on the grid, and a move never
    ends where the full footprint overlaps another creature, unless shareable.

    *Step cost*: 5 ft, plus 5 ft for each of difficult (any cell of the space entered is
    difficult terrain or in a difficult occupant's space), squeezing, and crawling. So
    crawling through difficult terrain costs 15 ft a square (d100.prone.crawl).

    *Lines* (cover and sight) run between corners and centres of cells. A line is blocked
    when it passes through the interior of an obstacle cell, runs along the edge between
    two obstacle cells, or slips between two squares that touch corner to corner on
    either side of it; grazing an edge or a corner does not block. Blocked cells and the
    cells just off the grid obstruct (a wall that meets the edge of the map seals it);
    so do the spaces the caller adds, such as creatures (d20.cover.creatures). The
    attacker's and target's own cells never obstruct.

    *Cover* counts the lines blocked by any obstacle, over all of them together: the
    terrain and every space the caller adds (d20.cover.most: a wall that blocks two
    lines and a creature that blocks the other two give the degree of four). *Reachable*,
    when every line is blocked: some line from a centre or corner of an attacker cell to
    a centre or corner of a target cell gets past the obstacles; then the cover is
    three-quarters, not total.

    *Flanking on hexes*: the number of hexes needed between two flankers comes from the
    size of the ring around the target's space (:func:`hexes_between_needed`), so any
    footprint gets the count of the standard one with the same ring.
"""

from service.rules.grid.cells import (
    CELL_FEET,
    TINY_PER_CELL,
    Cell,
    Clash,
    Kind,
    Orientation,
    clashes,
    hex_distance,
    shape,
    square_distance,
)
from service.rules.grid.cover import Cover, most_protective
from service.rules.grid.flanking import (
    Flanker,
    Flanking,
    FlankTarget,
    hexes_between_needed,
)
from service.rules.grid.geometry import Geometry
from service.rules.grid.movement import (
    Fault,
    IllegalMove,
    Move,
    Mover,
    Occupant,
    Step,
)

__all__ = [
    "CELL_FEET",
    "TINY_PER_CELL",
    "Cell",
    "Clash",
    "Cover",
    "Fault",
    "FlankTarget",
    "Flanker",
    "Flanking",
    "Geometry",
    "IllegalMove",
    "Kind",
    "Move",
    "Mover",
    "Occupant",
    "Orientation",
    "Step",
    "clashes",
    "hex_distance",
    "hexes_between_needed",
    "most_protective",
    "shape",
    "square_distance",
]

"""The small value types every part of the encounter uses: ids, numbers with bounds, cells.

The bounds are part of the contract: the transports validate JSON straight into these types,
so a field's ``Annotated`` limits are what a request may send.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le, Len

from ..limits import MAX_COMBATANTS, MAX_GRID_SIDE

Size = Literal["tiny", "small", "medium", "large", "huge", "colossal", "gargantuan"]
"""Every size any ruleset knows; each ruleset accepts its own ladder (``Ruleset.sizes``)."""
GridKind = Literal["square", "hex"]
AttackKind = Literal["melee", "ranged", "spell"]
CoverDegree = Literal["none", "half", "three-quarters", "total"]
Spend = Literal["action", "bonus-action", "reaction", "free"]
"""What part of a turn an action uses; ``free`` spends nothing (the DM's fiat)."""

Id = Annotated[str, Len(1, 64)]
Coordinate = Annotated[int, Ge(-1000), Le(1000)]
Small = Annotated[int, Ge(-100), Le(100)]
Count = Annotated[int, Ge(0), Le(1_000_000)]
Feet = Annotated[int, Ge(0), Le(10_000)]

__all__ = [
    "MAX_COMBATANTS",
    "MAX_GRID_SIDE",
    "AttackKind",
    "Cell",
    "Coordinate",
    "Count",
    "CoverDegree",
    "Feet",
    "GridKind",
    "Id",
    "Size",
    "Small",
    "Spend",
]


@dataclass(slots=True, frozen=True)
class Cell:
    """A grid cell: ``x`` column and ``y`` row on squares (y grows downward); axial ``q``
    (as ``x``) and ``r`` (as ``y``) on hexes."""

    x: Coordinate
    """Column: on squares 0 is the left edge; on hexes, the axial ``q``."""
    y: Coordinate
    """Row: on squares 0 is the top edge and ``y`` grows downward; on hexes, the axial ``r``."""

    def key(self) -> tuple[int, int]:
        return (self.x, self.y)

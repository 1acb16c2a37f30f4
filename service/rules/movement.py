"""Movement on the grid, opportunity attacks, and the geometry queries."""

from __future__ import annotations

from .core import RulesetCore


class MovementRules(RulesetCore):
    """Moving combatants, reach, range, cover and flanking."""

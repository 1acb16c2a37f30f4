"""Degrees of cover (d20.cover.degrees, d20.cover.most)."""

from __future__ import annotations

import enum


class Cover(enum.IntEnum):
    """A degree of cover, ordered from least to most protective."""

    NONE = 0
    HALF = 1
    THREE_QUARTERS = 2
    TOTAL = 3

    @property
    def ac_bonus(self) -> int | None:
        """The bonus to AC (and the ruleset's saves); ``None``: can't be targeted."""
        return _AC_BONUS[self]

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")


_AC_BONUS: dict[Cover, int | None] = {
    Cover.NONE: 0,
    Cover.HALF: 2,
    Cover.THREE_QUARTERS: 5,
    Cover.TOTAL: None,
}


def most_protective(*degrees: Cover) -> Cover:
    """The degree that applies behind several sources of cover: they don't add."""
    return max(degrees, default=Cover.NONE)


def degree(blocked: int, lines: int, reachable: bool) -> Cover:
    """Cover from the fewest lines blocked out of ``lines`` (4 on squares, 6 on hexes).

    Squares: 1–2 half, 3–4 three-quarters; hexes: 1–3 half, 4–5 three-quarters. All
    lines blocked is total cover unless the attack can still reach the target.
    """
    if blocked == 0:
        return Cover.NONE
    if blocked >= lines and not reachable:
        return Cover.TOTAL
    if blocked <= lines // 2:
        return Cover.HALF
    return Cover.THREE_QUARTERS

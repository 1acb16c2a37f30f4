"""What carried weight does to a d100 creature (``d100.carry``); holding a grappled
creature is in :mod:`.grapple`."""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Combatant


def carrying_capacity(c: Combatant) -> int:
    """``d100.carry``: the stated capacity, else Strength score x 15 lb (the d20 base).

    Decision: with no Strength score either, the score is read back from the Strength
    modifier (10 + 2 x modifier)."""
    if c.carrying_capacity is not None:
        return c.carrying_capacity
    score = c.strength_score if c.strength_score is not None else 10 + 2 * c.abilities.strength
    return max(0, score) * 15


def push_drag_lift_limit(c: Combatant, sizes: Sequence[str]) -> int:
    """``d100.carry``: twice the carrying capacity; doubled for each size above Medium,
    halved for Tiny (Small counts as Medium)."""
    limit = 2 * carrying_capacity(c)
    steps = sizes.index(c.size) - sizes.index("medium")
    if steps > 0:
        return int(limit * 2**steps)
    if c.size == "tiny":
        return limit // 2
    return limit


def carried_speed(c: Combatant, sizes: Sequence[str], speed: int) -> int:
    """``speed`` after ``d100.carry``: above the carrying capacity, at most 5 ft (decision:
    above the push, drag or lift limit the creature can't move at all: 0)."""
    if c.carried_weight > push_drag_lift_limit(c, sizes):
        return 0
    if c.carried_weight > carrying_capacity(c):
        return min(speed, 5)
    return speed

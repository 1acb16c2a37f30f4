"""What slows a d100 creature: carried weight (``d100.carry``) and a creature it holds
(``d100.grapple.move``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Combatant, Cond, Encounter


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


def grappled_by(encounter: Encounter, grappler_id: str) -> list[Combatant]:
    """The creatures ``grappler_id`` holds."""
    return [
        c
        for c in encounter.combatants
        if any(k.name == Cond.GRAPPLED and k.source == grappler_id for k in c.conditions)
    ]


def effective_speed(c: Combatant, sizes: Sequence[str], encounter: Encounter | None = None) -> int:
    """Speed after ``d100.carry`` and ``d100.grapple.move``.

    * carried weight above the carrying capacity: 5 ft (decision: above the push, drag or
      lift limit the creature can't move at all: 0);
    * holding a grappled creature (known only with the ``encounter``): halved, rounded down
      to whole feet, unless every held creature is two or more sizes smaller.
    """
    speed = c.speed
    if encounter is not None:
        held = grappled_by(encounter, c.id)
        if any(sizes.index(c.size) - sizes.index(h.size) < 2 for h in held):
            speed //= 2
    if c.carried_weight > push_drag_lift_limit(c, sizes):
        return 0
    if c.carried_weight > carrying_capacity(c):
        speed = min(speed, 5)
    return speed


def speed_is_zero(c: Combatant, sizes: Sequence[str], encounter: Encounter | None = None) -> bool:
    """Whether a creature's speed is 0 (``d100.action.dodge`` is then lost)."""
    if c.has(Cond.GRAPPLED) or c.has(Cond.RESTRAINED):
        return True
    return effective_speed(c, sizes, encounter) == 0

"""``d10.turn.speeds``: walking speed 30 ft; climbing and swimming 15 ft; flying only with
a device.

``speed`` is the walking speed (30 ft by default); climbing and swimming default to 15 ft
unless ``climb_speed`` / ``swim_speed`` say otherwise; flying needs a feature starting with
``device:flying`` (``fly_speed``, or the walking speed when it gives none).

Decisions: a turn's movement is counted in feet of walking. Moving at another speed uses
the share of the turn that distance takes at that speed: 5 ft of climbing at 15 ft out of a
30 ft walk costs 10 ft of movement, at a climbing speed of 30 (or more) 5 ft. The share is
exact and a path is priced as a whole, rounded up once (each step costs what it adds to the
rounded total): with walk 40 and climb 15, 15 ft of climbing costs exactly 40 ft; with no speed
for it (0) a climb or swim cell can't be entered. Difficult terrain in such a cell adds its
5 ft on top. A flyer (``moveCombatant`` with ``fly``) meets none of the ground's difficult,
climb or swim cells; its flight is priced the same way at its flying speed (see
:mod:`service.rules.actions.movement`).
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import IllegalAction, InvalidAction
from ...grid import Occupant
from ...model import Combatant, Grid

FLYING_DEVICE = "device:flying"
"""A feature whose name starts with this grants a flying speed."""
DEFAULT_CLIMB_SWIM = 15


def has_flying_device(c: Combatant) -> bool:
    return any(f.startswith(FLYING_DEVICE) for f in c.features)


def speed_for(c: Combatant, mode: str) -> int:
    """The creature's speed for a way of moving."""
    if mode == "walk":
        return c.speed
    if mode == "climb":
        return c.climb_speed if c.climb_speed is not None else DEFAULT_CLIMB_SWIM
    if mode == "swim":
        return c.swim_speed if c.swim_speed is not None else DEFAULT_CLIMB_SWIM
    if mode == "fly":
        if not has_flying_device(c):
            raise IllegalAction(
                f"{c.name} can't fly: flying needs a device that grants it "
                f"(a '{FLYING_DEVICE}' feature)",
                "d10.turn.speeds",
            )
        return c.fly_speed if c.fly_speed is not None else c.speed
    raise InvalidAction(f"unknown movement mode {mode!r}: walk, climb, swim or fly", ("mode",))


def cell_price(c: Combatant, mode: str) -> Fraction | None:
    """Feet of movement a 5-ft step at ``mode`` costs ``c``, exactly (never less than 5),
    or None when it has no such speed and can't move that way."""
    speed = speed_for(c, mode)
    if speed <= 0:
        return None
    return max(Fraction(5), Fraction(5 * c.speed, speed))


def terrain_occupants(grid: Grid, mover: Combatant) -> list[Occupant]:
    """Climb and swim cells as the mover meets them: priced by its climbing or swimming
    speed (:func:`cell_price`); with no such speed, not entered at all."""
    out = []
    for mode, cells in (("climb", grid.climb), ("swim", grid.swim)):
        if not cells:
            continue
        price = cell_price(mover, mode)
        keys = [cell.key() for cell in cells]
        out.append(Occupant(keys, price is not None, False, price is not None, price))
    return out

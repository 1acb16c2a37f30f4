"""``d10.turn.speeds``: walking speed 30 ft; climbing and swimming 15 ft; flying only with
a device.

``speed`` is the walking speed (30 ft by default); climbing and swimming default to 15 ft
unless ``climb_speed`` / ``swim_speed`` say otherwise; flying needs a feature starting with
``device:flying`` (``fly_speed``, or the walking speed when it gives none).
"""

from __future__ import annotations

import math
from typing import Literal

from ...errors import IllegalAction, InvalidAction
from ...grid import Occupant
from ...model import Cell, Combatant, Grid

MoveMode = Literal["walk", "climb", "swim", "fly"]

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


def terrain_mode(grid: Grid, cell: Cell | tuple[int, int]) -> MoveMode:
    """The speed a cell asks for: ``swim`` in water, ``climb`` on climb cells, else walk."""
    key = cell.key() if isinstance(cell, Cell) else cell
    if any(c.key() == key for c in grid.swim):
        return "swim"
    if any(c.key() == key for c in grid.climb):
        return "climb"
    return "walk"


def movement_cost(c: Combatant, mode: str, feet: int) -> int:
    """Feet of the turn's (walking) movement that ``feet`` moved at ``mode`` use up: the
    matching speed governs, so 5 ft of climbing at 15 ft out of 30 costs 10 ft."""
    speed = speed_for(c, mode)
    if speed <= 0:
        raise IllegalAction(f"{c.name} has no {mode} speed", "d10.turn.speeds")
    return math.ceil(feet * c.speed / speed)


def terrain_occupants(grid: Grid, mover: Combatant) -> list[Occupant]:
    """Climb and swim cells as the mover meets them: where its climbing or swimming speed is
    below its walking speed (15 against 30 by default), each 5 ft there costs 10, like
    difficult terrain. A creature with no such speed can't enter them."""
    out = []
    for mode, cells in (("climb", grid.climb), ("swim", grid.swim)):
        if not cells:
            continue
        speed = speed_for(mover, mode)
        keys = [cell.key() for cell in cells]
        out.append(Occupant(keys, speed > 0, 0 < speed < mover.speed, True))
    return out

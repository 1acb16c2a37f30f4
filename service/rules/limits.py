"""The engine's work budget: every limit on how much work one request may ask for.

Two kinds, both answered as bad input (REST 422):

- **lengths** of the lists and maps a request sends (``surprised``, a ``path``, a
  footprint...): part of the types (``Annotated[..., Len(0, limit.max)]``), refused by the
  doors' validation like any bound, ``invalid-input`` with the field's path;
- **work**, a product of several inputs (runs x rounds x combatants, steps x reactors, the
  cells a search visits): counted by the engine, which raises
  :class:`~service.rules.errors.LimitExceeded` (``limit-exceeded``, with the limit's
  ``name`` and ``max``) before the work starts, or as soon as the budget runs out where the
  work can't be known in advance (a ``to``-path's search).

Each limit is chosen so that the largest request it allows takes well under a second of
CPU (SECURITY.md's "Engine work budget" has the measurements). The per-request deadline of
the doors (``CRS_ENGINE_DEADLINE_SECONDS``) stays the last word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .errors import LimitExceeded

MAX_COMBATANTS = 500
"""Most combatants in one encounter."""
MAX_GRID_SIDE = 500
"""Most cells on a side of the grid."""


@dataclass(frozen=True, slots=True)
class Limit:
    """One limit: its ``name`` (what a refusal's ``limit`` says), its value, what it counts
    and the actions it applies to (their camelCase names; empty: every action, the
    encounter's own limits)."""

    name: str
    max: int
    counts: str
    actions: tuple[str, ...] = ()
    refused: Literal["limit-exceeded", "invalid-input"] = "limit-exceeded"
    """How passing it is answered: ``limit-exceeded`` (the engine counts it) or
    ``invalid-input`` (a length the types bound, refused with the field's path)."""
    how: str = ""
    """How a work limit is counted, in the wire's words (Markdown), for the contracts."""

    def check(self, value: int, what: str, path: Sequence[str | int] = ()) -> None:
        """Raise :class:`LimitExceeded` when ``value`` is above the limit; ``what`` says,
        in words, what came to ``value`` (``"2000 runs x 100 rounds x 2 combatants"``)."""
        if value > self.max:
            raise LimitExceeded(
                f"{what}: {value:,} {self.counts}, more than the {self.max:,} allowed "
                f"({self.name})",
                self.name,
                self.max,
                path,
            )


MOVES = ("moveCombatant", "pathCost", "triggerReadied")

PATH_CELLS = Limit(
    "path-cells",
    1000,
    "cells in a path",
    MOVES,
    "invalid-input",
)
"""Most cells a ``path`` may list (5000 ft of steps)."""

REACTOR_CHECKS = Limit(
    "reactor-checks",
    200_000,
    "reach checks",
    MOVES,
    how="the path's steps x the cells of the mover's space x the cells of the hostile "
    "creatures that could make an opportunity attack",
)
"""Most reach checks a move may need before anyone reacts: its steps x the cells of the
mover's space x the cells of the spaces of the hostile creatures that could make an
opportunity attack (each step asks each of them whether the mover leaves its reach)."""

SEARCH_CELLS = Limit(
    "search-cells",
    20_000,
    "cells searched",
    MOVES,
    how="the cells the search for the cheapest path `to` a cell visits, each counted as the "
    "side of the mover's space (1 for one cell, 10 for 10 x 10)",
)
"""Most cells the search for the cheapest path ``to`` a cell may visit (A*); a search that
needs more stops there and is refused."""

FOOTPRINT_CELLS = Limit(
    "footprint-cells",
    100,
    "cells in an explicit footprint",
    refused="invalid-input",
)
"""Most cells an explicit ``footprint`` may list: the largest space a size gives (d100's
Gargantuan, 10 x 10)."""

ODDS_WORK = Limit(
    "odds-work",
    200_000,
    "units of simulation",
    ("encounterOdds",),
    how="`runs` x `maxRounds` x (cells x cells + 50 x combatants), cells being those all "
    "combatants fill; about 1.5 microseconds each",
)
"""Most work one ``encounterOdds`` may ask for, in units of about 1.5 microseconds:
``runs`` x ``maxRounds`` x (the square of the cells all combatants fill + 50 x the
combatants). Each simulated turn looks at every other creature (the nearest foe, cover,
flanking), so a round costs about the square of the space on the map plus a fixed part per
creature."""

ODDS_DICE = Limit(
    "odds-dice",
    60,
    "dice (as a critical hit rolls them)",
    ("attackOdds",),
)
"""Most dice an attack's damage may roll for ``attackOdds``, counted as a critical hit rolls
them."""

ODDS_ENUMERATION = Limit(
    "odds-enumeration",
    300_000,
    "steps of enumeration",
    ("attackOdds",),
)
"""Most elementary steps (an estimate) ``attackOdds`` may take to enumerate the damage: a
hover-tooltip budget, well under 50 ms."""

DICE_PER_EXPRESSION = Limit(
    "dice-per-expression",
    200,
    "dice",
)
"""Most dice one dice expression may roll (``200d6``); checked in every expression of the
encounter and the request."""

RUNS = Limit("runs", 2000, "runs", ("encounterOdds",), "invalid-input")
"""Most runs ``encounterOdds`` may simulate."""
ROUNDS = Limit("max-rounds", 100, "rounds", ("encounterOdds",), "invalid-input")
"""Most rounds one simulated fight may last."""
COMBATANTS = Limit("combatants", MAX_COMBATANTS, "combatants", refused="invalid-input")
"""Most combatants in one encounter."""
GRID_SIDE = Limit("grid-side", MAX_GRID_SIDE, "cells on a side", refused="invalid-input")
"""Most cells on a side of the grid."""
TERRAIN_CELLS = Limit(
    "terrain-cells",
    MAX_GRID_SIDE * MAX_GRID_SIDE,
    "cells in one terrain list",
    refused="invalid-input",
)
"""Most cells each of the grid's ``blocked``, ``difficult``, ``climb`` and ``swim`` may list
(as many as the largest grid has; the body limit binds first)."""
IDS = Limit("ids", MAX_COMBATANTS, "ids in a list of combatants", refused="invalid-input")
"""Most ids a list of combatants may hold (``surprised``, ``heardBy``, an ``order``, a d10
step's members...): one per combatant."""
ENTRIES = Limit(
    "entries",
    200,
    "entries in a combatant's or an encounter's list",
    refused="invalid-input",
)
"""Most entries in each of a combatant's lists and maps (attacks, conditions, effects,
features, skills, ammunition) and of the encounter's pending choices and areas, and in a
d10 step's deferred damage."""

LIMITS: tuple[Limit, ...] = (
    COMBATANTS,
    GRID_SIDE,
    TERRAIN_CELLS,
    FOOTPRINT_CELLS,
    IDS,
    ENTRIES,
    DICE_PER_EXPRESSION,
    PATH_CELLS,
    REACTOR_CHECKS,
    SEARCH_CELLS,
    RUNS,
    ROUNDS,
    ODDS_WORK,
    ODDS_DICE,
    ODDS_ENUMERATION,
)
"""Every limit, for the contracts' descriptions and SECURITY.md."""


def limits_of(action: str) -> tuple[Limit, ...]:
    """The limits of one action (by its camelCase name), beside the encounter's own."""
    return tuple(limit for limit in LIMITS if action in limit.actions)

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

from collections.abc import Iterable, Sequence, Sized
from dataclasses import dataclass
from typing import Literal, Protocol

from .errors import LimitExceeded

MAX_COMBATANTS = 500
"""Most combatants in one encounter."""
MAX_GRID_SIDE = 500
"""Most cells on a side of the grid."""


@dataclass(frozen=True, slots=True, kw_only=True)
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
    name="path-cells",
    max=1000,
    counts="cells in a path",
    actions=MOVES,
    refused="invalid-input",
)
"""Most cells a ``path`` may list (5000 ft of steps)."""

REACTOR_CHECKS = Limit(
    name="reactor-checks",
    max=200_000,
    counts="reach checks",
    actions=MOVES,
    how="the path's steps x the cells of the mover's space x the cells of the hostile "
    "creatures that could make an opportunity attack",
)
"""Most reach checks a move may need before anyone reacts: its steps x the cells of the
mover's space x the cells of the spaces of the hostile creatures that could make an
opportunity attack (each step asks each of them whether the mover leaves its reach)."""

SEARCH_CELLS = Limit(
    name="search-cells",
    max=20_000,
    counts="cells searched",
    actions=MOVES,
    how="the cells the search for the cheapest path `to` a cell visits, each counted as the "
    "side of the mover's space (1 for one cell, 10 for 10 x 10)",
)
"""Most cells the search for the cheapest path ``to`` a cell may visit (A*); a search that
needs more stops there and is refused."""

FOOTPRINT_CELLS = Limit(
    name="footprint-cells",
    max=100,
    counts="cells in an explicit footprint",
    refused="invalid-input",
)
"""Most cells an explicit ``footprint`` may list: the largest space a size gives (d100's
Gargantuan, 10 x 10)."""

ODDS_WORK = Limit(
    name="odds-work",
    max=200_000,
    counts="units of simulation",
    actions=("encounterOdds",),
    how="`runs` x `maxRounds` x (cells x cells + 50 x combatants + each combatant's walk), "
    "cells being those all combatants fill and a walk the entries of the combatant's attacks, "
    "conditions, effects, features, skills and ammunition (a readied action one more) + the "
    "square of its conditions / 15, less 10; about 1.5 microseconds each",
)
"""Most work one ``encounterOdds`` may ask for, in units of about 1.5 microseconds:
``runs`` x ``maxRounds`` x (the square of the cells all combatants fill + 50 x the
combatants + :func:`walk_work` of each combatant). Each simulated turn looks at every other
creature (the nearest foe, cover, flanking), so a round costs about the square of the space
on the map plus a fixed part per creature, and each attack walks both creatures' lists."""

CONDITION_PAIRS_PER_UNIT = 15
"""A combatant's conditions cost a round about the square of their number (each condition's
end of turn looks through the others): measured 45-72 ns a pair in the three rulesets,
counted as one :data:`ODDS_WORK` unit (1.5 us) per 15 pairs."""


INCLUDED_WALK = 10
"""The units of a combatant's lists inside the 50 a turn weighs: that weight was measured on
creatures with an attack or two and a few conditions and effects, so only what a combatant
walks past them is counted again."""


class Walked(Protocol):
    """What a simulated round walks of one combatant (:class:`~service.rules.model.Combatant`
    has all of it)."""

    @property
    def attacks(self) -> Sized: ...
    @property
    def conditions(self) -> Sized: ...
    @property
    def effects(self) -> Sized: ...
    @property
    def features(self) -> Sized: ...
    @property
    def skills(self) -> Sized: ...
    @property
    def ammunition(self) -> Sized: ...
    @property
    def readied(self) -> object: ...


def walk_work(combatant: Walked) -> int:
    """The :data:`ODDS_WORK` units a simulated round spends walking ``combatant``'s lists:
    one an entry (an effect walked as both attacker and target: measured about 0.6 units an
    effect a round), one for a readied action, and the square of its conditions
    (:data:`CONDITION_PAIRS_PER_UNIT`), less the :data:`INCLUDED_WALK` a turn's weight
    already pays for."""
    conditions = len(combatant.conditions)
    entries = (
        len(combatant.attacks)
        + conditions
        + len(combatant.effects)
        + len(combatant.features)
        + len(combatant.skills)
        + len(combatant.ammunition)
        + (combatant.readied is not None)
    )
    walked = entries + conditions * conditions // CONDITION_PAIRS_PER_UNIT
    return max(0, walked - INCLUDED_WALK)


def round_work(cells: int, combatants: Iterable[Walked], turn_weight: int) -> int:
    """One simulated round's :data:`ODDS_WORK` units: ``cells`` squared, ``turn_weight`` a
    combatant, and what it walks of each (:func:`walk_work`)."""
    total = cells * cells
    for combatant in combatants:
        total += turn_weight + walk_work(combatant)
    return total


ODDS_DICE = Limit(
    name="odds-dice",
    max=60,
    counts="dice (as a critical hit rolls them)",
    actions=("attackOdds",),
)
"""Most dice an attack's damage may roll for ``attackOdds``, counted as a critical hit rolls
them."""

ODDS_ENUMERATION = Limit(
    name="odds-enumeration",
    max=300_000,
    counts="steps of enumeration",
    actions=("attackOdds",),
)
"""Most elementary steps (an estimate) ``attackOdds`` may take to enumerate the damage: a
hover-tooltip budget, well under 50 ms."""

DICE_PER_EXPRESSION = Limit(
    name="dice-per-expression",
    max=200,
    counts="dice",
)
"""Most dice one dice expression may roll (``200d6``); checked in every expression of the
encounter and the request."""

LAST_ROUND = Limit(
    name="last-round",
    max=1_000_000,
    counts="rounds",
    how="An action that would begin the round after it (`nextTurn` past the last creature, "
    "or any action that ends a turn there), or open a window in it (a critical's \"next "
    "round\"), is refused: an encounter's `round` and an effect's `startsRound` never pass "
    "it.",
)
"""The last round an encounter may reach (the bound of its ``round`` and of an effect's
``starts_round``, so that an answer is always a state a request may send back)."""

RUNS = Limit(
    name="runs", max=2000, counts="runs", actions=("encounterOdds",), refused="invalid-input"
)
"""Most runs ``encounterOdds`` may simulate."""
ROUNDS = Limit(
    name="max-rounds", max=100, counts="rounds", actions=("encounterOdds",), refused="invalid-input"
)
"""Most rounds one simulated fight may last."""
COMBATANTS = Limit(
    name="combatants", max=MAX_COMBATANTS, counts="combatants", refused="invalid-input"
)
"""Most combatants in one encounter."""
GRID_SIDE = Limit(
    name="grid-side", max=MAX_GRID_SIDE, counts="cells on a side", refused="invalid-input"
)
"""Most cells on a side of the grid."""
TERRAIN_CELLS = Limit(
    name="terrain-cells",
    max=MAX_GRID_SIDE * MAX_GRID_SIDE,
    counts="cells in one terrain list",
    refused="invalid-input",
)
"""Most cells each of the grid's ``blocked``, ``difficult``, ``climb`` and ``swim`` may list
(as many as the largest grid has; the body limit binds first)."""
IDS = Limit(
    name="ids", max=MAX_COMBATANTS, counts="ids in a list of combatants", refused="invalid-input"
)
"""Most ids a list of combatants may hold (``surprised``, ``heardBy``, an ``order``, a d10
step's members...): one per combatant."""
ENTRIES = Limit(
    name="entries",
    max=200,
    counts="entries in a combatant's or an encounter's list",
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
    LAST_ROUND,
    ODDS_WORK,
    ODDS_DICE,
    ODDS_ENUMERATION,
)
"""Every limit, for the contracts' descriptions and SECURITY.md."""


def limits_of(action: str) -> tuple[Limit, ...]:
    """The limits of one action (by its camelCase name), beside the encounter's own."""
    return tuple(limit for limit in LIMITS if action in limit.actions)

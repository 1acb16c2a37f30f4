"""The whole state of one fight: the map, the creatures, the order, what is pending."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, Len

from ..errors import InvalidAction
from .combatant import Combatant
from .effects import Duration
from .values import MAX_COMBATANTS, MAX_GRID_SIDE, Cell, Count, Feet, GridKind, Id


@dataclass(slots=True)
class Grid:
    """The battle map. Squares are 5 ft; hexes are 5 ft across, addressed by axial coordinates."""

    width: Annotated[int, Ge(1), Le(MAX_GRID_SIDE)]
    height: Annotated[int, Ge(1), Le(MAX_GRID_SIDE)]
    kind: GridKind = "square"
    hex_orientation: Literal["pointy", "flat"] = "pointy"
    """Only for hex grids: pointy-top (rows in odd-r offset layout) or flat-top (odd-q)."""
    blocked: list[Cell] = field(default_factory=list)
    """Cells filled by walls or other features: impassable, they block lines of sight and cover."""
    difficult: list[Cell] = field(default_factory=list)
    """Cells of difficult terrain: entering one costs double."""
    climb: list[Cell] = field(default_factory=list)
    """Cells that must be climbed (the mover uses its climbing speed there)."""
    swim: list[Cell] = field(default_factory=list)
    """Cells of water (the mover uses its swimming speed there)."""


@dataclass(slots=True)
class InitiativeEntry:
    """A place in the order: who, with what initiative, and the roll-off that broke a tie."""

    combatant_id: Id
    initiative: Annotated[int, Ge(-1000), Le(1000)]
    tiebreak: Annotated[int, Ge(0), Le(1000)] = 0


@dataclass(slots=True)
class PendingChoice:
    """A decision the rules leave to a person: ``resolveChoice`` accepts or declines it."""

    id: Id
    owner: Annotated[str, Len(1, 64)]
    """The combatant who decides, or ``dm``."""
    prompt: Annotated[str, Len(1, 1000)]
    options: list[Annotated[str, Len(1, 80)]] = field(default_factory=lambda: ["accept", "decline"])
    source: Annotated[str, Len(0, 120)] | None = None
    effects: list[dict[str, Any]] = field(default_factory=list)
    """The structured effects applied when it is accepted."""
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class DeferredDamage:
    """Damage held until a d10 simultaneous step ends."""

    target_id: Id
    amount: Count
    source_id: Id | None = None
    critical: bool = False
    melee: bool = False
    knockout: bool = False


@dataclass(slots=True)
class Step:
    """d10: the open simultaneous step, combatants on one initiative count acting as one."""

    initiative: Annotated[int, Ge(-1000), Le(1000)]
    members: list[Id]
    acted: list[Id] = field(default_factory=list)
    deferred: list[DeferredDamage] = field(default_factory=list)


@dataclass(slots=True)
class Area:
    """An area on the map, e.g. heavily obscured by smoke."""

    center: Cell
    radius: Feet
    kind: Annotated[str, Len(1, 40)] = "heavily-obscured"
    duration: Duration | None = None


@dataclass(slots=True)
class Encounter:
    """The whole state of one fight."""

    ruleset: Annotated[str, Len(1, 40)]
    """The id of the ruleset that adjudicates this fight (``d20``, ``d100``, ``d10``)."""
    grid: Grid
    combatants: Annotated[list[Combatant], Len(0, MAX_COMBATANTS)]
    round: Annotated[int, Ge(0), Le(1_000_000)] = 0
    """0 until initiative is rolled."""
    turn_of: Id | None = None
    """Whose turn it is, by combatant id."""
    order: list[InitiativeEntry] = field(default_factory=list)
    """The initiative order, first to act first."""
    pending_choices: list[PendingChoice] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    step: Step | None = None
    """d10 only: the open simultaneous step."""

    def combatant(self, combatant_id: str) -> Combatant:
        for c in self.combatants:
            if c.id == combatant_id:
                return c
        raise InvalidAction(f"no combatant with id {combatant_id!r}")

    def index(self, combatant_id: str) -> int:
        for i, c in enumerate(self.combatants):
            if c.id == combatant_id:
                return i
        raise InvalidAction(f"no combatant with id {combatant_id!r}")

    def hostile(self, a: Combatant, b: Combatant) -> bool:
        return a.side != b.side

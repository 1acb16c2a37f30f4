"""The whole state of one fight: the map, the creatures, the order, what is pending."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, Len

from ..errors import InvalidAction
from ..limits import ENTRIES, IDS, LAST_ROUND, TERRAIN_CELLS
from .combatant import Combatant
from .effects import Condition, Duration, Effect
from .values import MAX_COMBATANTS, MAX_GRID_SIDE, Cell, Count, Feet, GridKind, Id

ENTRIES_LEN = Len(0, ENTRIES.max)


@dataclass(slots=True)
class Grid:
    """The battle map. Squares are 5 ft; hexes are 5 ft across, addressed by axial coordinates."""

    width: Annotated[int, Ge(1), Le(MAX_GRID_SIDE)]
    """Columns, 1 to 500: squares across, or on hexes the columns of the drawn rectangle (see
    ``hex_orientation``)."""
    height: Annotated[int, Ge(1), Le(MAX_GRID_SIDE)]
    """Rows, 1 to 500: squares down, or on hexes the rows of the drawn rectangle."""
    kind: GridKind = "square"
    """``square``: eight neighbours, a diagonal step costs 5 ft like any other
    (``d20.grid.squares``, ``d20.grid.enter``); ``hex``: six neighbours, cells in axial coordinates,
    every grid rule the same (``d20.grid.hexes``)."""
    hex_orientation: Literal["pointy", "flat"] = "pointy"
    """Hex grids only: pointy-top or flat-top hexes. Cells are axial either way; this says which
    of them the ``width`` x ``height`` rectangle holds (odd-r offset rows for pointy-top, odd-q
    offset columns for flat-top)."""
    blocked: Annotated[list[Cell], Len(0, TERRAIN_CELLS.max)] = field(default_factory=list)
    """Cells filled by walls or other features: impassable, they block lines of sight and cover."""
    difficult: Annotated[list[Cell], Len(0, TERRAIN_CELLS.max)] = field(default_factory=list)
    """Cells of difficult terrain: entering one costs double."""
    climb: Annotated[list[Cell], Len(0, TERRAIN_CELLS.max)] = field(default_factory=list)
    """d10 (``d10.turn.speeds``): cells that must be climbed, priced by the mover's climbing
    speed; the other rulesets treat them as open ground."""
    swim: Annotated[list[Cell], Len(0, TERRAIN_CELLS.max)] = field(default_factory=list)
    """d10 (``d10.turn.speeds``): cells of water, priced by the mover's swimming speed; the
    other rulesets treat them as open ground."""


@dataclass(slots=True)
class InitiativeEntry:
    """A place in the order: who, with what initiative, and the roll-off that broke a tie."""

    combatant_id: Id
    """The combatant in this place."""
    initiative: Annotated[int, Ge(-1000), Le(1000)]
    """Its initiative count: the roll plus bonus (d20, d10), or counted down from the number of
    combatants (d100, from positions). The list's order, not the count, says who acts next; in d10
    combatants on one count act simultaneously (``d10.init.ties``)."""
    tiebreak: Annotated[int, Ge(0), Le(1000)] = 0
    """The d20 roll-off that broke a tie on total and bonus (``d20.init.roll``; the higher acts
    first); 0 with no tie, and always in d100 and d10."""


@dataclass(slots=True)
class PendingChoice:
    """A decision the rules leave to a person: ``resolveChoice`` accepts or declines it."""

    id: Id
    """Its id (``choice-1``...): what ``resolveChoice`` names in ``choice_id``."""
    owner: Annotated[str, Len(1, 64)]
    """The combatant who decides, or ``dm``."""
    prompt: Annotated[str, Len(1, 1000)]
    """What is being decided, in words (the band's title and text)."""
    options: Annotated[list[Annotated[str, Len(1, 80)]], Len(0, 20)] = field(
        default_factory=lambda: ["accept", "decline"]
    )
    """The decisions it takes (``accept``, ``decline``)."""
    source: Annotated[str, Len(0, 120)] | None = None
    """The critical-table band that offered it (``weapon-hit 75-79``...)."""
    effects: Annotated[list[dict[str, Any]], ENTRIES_LEN] = field(default_factory=list)
    """The structured effects applied when it is accepted."""
    context: Annotated[dict[str, Any], ENTRIES_LEN] = field(default_factory=dict)
    """What applying it needs, as the service wrote it: ``attacker`` and ``target`` (combatant ids)
    and ``attack`` (the attack's profile). Send it back unchanged."""


@dataclass(slots=True, kw_only=True)
class DeferredDamage:
    """Damage held until a d10 simultaneous step ends."""

    target_id: Id
    """The member that takes it when the step closes."""
    amount: Count
    """Damage in hit points, as dealt (temporary HP absorb it when it lands)."""
    source_id: Id | None = None
    """The member that dealt it."""
    critical: bool = False
    """From a critical hit (two death-save failures at 0 HP: ``d20.death.damage-at-zero``)."""
    melee: bool = False
    """From a melee attack (a knockout needs one)."""
    knockout: bool = False
    """The attacker chose to knock the target out (``d20.death.knockout``)."""


@dataclass(slots=True)
class HeldChange:
    """What one member's turn did to a member of a d10 simultaneous step besides damage
    (``d10.init.ties``): held, and made when the step closes."""

    target_id: Id
    """The member it is done to."""
    source_id: Id | None = None
    """The member whose turn did it."""
    after_damage: Annotated[int, Ge(0), Le(ENTRIES.max)] = 0
    """How many of the step's held damages came before it: it lands after them."""
    healing: Count = 0
    """Hit points regained (through the base healing: a creature at 0 HP wakes up)."""
    stabilized: bool = False
    """Made stable at 0 HP."""
    conditions_added: Annotated[list[Condition], ENTRIES_LEN] = field(default_factory=list)
    """Conditions it gains (a member's own Dodge, ``dodging``, among them)."""
    conditions_removed: Annotated[list[Condition], ENTRIES_LEN] = field(default_factory=list)
    """Conditions it loses."""
    effects_added: Annotated[list[Effect], ENTRIES_LEN] = field(default_factory=list)
    """Effects it gains."""
    effects_removed: Annotated[list[Effect], ENTRIES_LEN] = field(default_factory=list)
    """Effects it loses."""
    position: Cell | None = None
    """Where forced movement put it: it moves there when the step closes if it still stands
    where it was moved from (``moved_from``) and the cells are free."""
    moved_from: Cell | None = None
    """Where it stood when it was moved."""


@dataclass(slots=True)
class Step:
    """d10: the open simultaneous step, combatants on one initiative count acting as one."""

    initiative: Annotated[int, Ge(-1000), Le(1000)]
    """The initiative count its members share (``d10.init.ties``)."""
    members: Annotated[list[Id], Len(0, IDS.max)]
    """The living combatants on that count, in order."""
    acted: Annotated[list[Id], Len(0, IDS.max)] = field(default_factory=list)
    """The members whose turn has ended; when every living member has acted, the step closes."""
    deferred: Annotated[list[DeferredDamage], ENTRIES_LEN] = field(default_factory=list)
    """Damage members dealt each other, held and dealt in order when the step closes."""
    held: Annotated[list[HeldChange], ENTRIES_LEN] = field(default_factory=list)
    """Everything else members' turns did to members (healing, conditions, effects such as
    Dodge, forced movement), made in order with the damage when the step closes."""


@dataclass(slots=True)
class Area:
    """An area on the map, e.g. heavily obscured by smoke."""

    center: Cell
    """The cell at its centre (it stays there: it doesn't follow a creature)."""
    radius: Feet
    """Its radius in feet: a creature is inside when any cell of its space is within this many feet
    of ``center`` (grid distance x 5)."""
    kind: Annotated[str, Len(1, 40)] = "heavily-obscured"
    """``heavily-obscured`` (the default): no creature in it sees or is seen (``d20.facing.none``,
    ``d20.crit.effects``); any other kind (``lightly-obscured``...) is carried with no rule
    attached."""
    duration: Duration | None = None
    """How long it lasts, counted like a condition's; null: until removed."""


@dataclass(slots=True)
class Encounter:
    """The whole state of one fight."""

    ruleset: Annotated[str, Len(1, 40)]
    """The id of the ruleset that adjudicates this fight (``d20``, ``d100``, ``d10``)."""
    grid: Grid
    """The battle map: its size, kind and terrain."""
    combatants: Annotated[list[Combatant], Len(0, MAX_COMBATANTS)]
    """Every creature in the fight, ids unique. Their order here breaks the ties the rules leave: a
    d20 group's bonus, d100 distances to the entry point, d10 turns on one count."""
    round: Annotated[int, Ge(0), Le(LAST_ROUND.max)] = 0
    """0 until initiative is rolled."""
    turn_of: Id | None = None
    """Whose turn it is, by combatant id."""
    order: Annotated[list[InitiativeEntry], Len(0, IDS.max)] = field(default_factory=list)
    """The initiative order, first to act first."""
    pending_choices: Annotated[list[PendingChoice], ENTRIES_LEN] = field(default_factory=list)
    """Decisions the rules wait for (d20 critical-table effects left to a person, opportunity
    attacks a fumble offers: ``d20.crit.effects``), answered with ``resolveChoice``. Send them back
    as the service answered them."""
    areas: Annotated[list[Area], ENTRIES_LEN] = field(default_factory=list)
    """Areas on the map, such as the smoke a critical band leaves; a heavily obscured one blocks
    sight (``d20.facing.none``)."""
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

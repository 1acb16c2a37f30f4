"""The encounter document: everything the rules need to know about a fight.

These are plain dataclasses. The transports validate JSON straight into them (field names
become camelCase on the wire) and the engine treats them as values: an action never
mutates the encounter it is given, it returns a new one (see :class:`Draft`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, Len

from .errors import InvalidAction

Size = Literal["tiny", "small", "medium", "large", "huge", "colossal", "gargantuan"]
GridKind = Literal["square", "hex"]
AttackKind = Literal["melee", "ranged", "spell"]
CoverDegree = Literal["none", "half", "three-quarters", "total"]
Spend = Literal["action", "bonus-action", "reaction", "free"]

Id = Annotated[str, Len(1, 64)]
Coordinate = Annotated[int, Ge(-1000), Le(1000)]
Small = Annotated[int, Ge(-100), Le(100)]
Count = Annotated[int, Ge(0), Le(1_000_000)]
Feet = Annotated[int, Ge(0), Le(10_000)]

MAX_GRID_SIDE = 500
MAX_COMBATANTS = 500


@dataclass(slots=True, frozen=True)
class Cell:
    """A grid cell: ``x`` column and ``y`` row on squares (y grows downward); axial ``q``
    (as ``x``) and ``r`` (as ``y``) on hexes."""

    x: Coordinate
    y: Coordinate

    def key(self) -> tuple[int, int]:
        return (self.x, self.y)


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
class Abilities:
    """A modifier for each of the six abilities."""

    strength: Small = 0
    dexterity: Small = 0
    constitution: Small = 0
    intelligence: Small = 0
    wisdom: Small = 0
    charisma: Small = 0

    def get(self, ability: str) -> int:
        value: int = getattr(self, ability)
        return value


ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")


@dataclass(slots=True)
class Attack:
    """An attack a combatant can make, or the caller can describe inline."""

    name: Annotated[str, Len(1, 80)]
    bonus: Small = 0
    """Added to the attack roll."""
    damage: Annotated[str, Len(1, 120)] = "1d4"
    """Damage in dice notation (``1d8+3``); every die here is doubled on a critical hit, so
    extra dice that are part of the attack (sneak attack...) belong in it."""
    kind: AttackKind = "melee"
    reach: Feet = 5
    """Melee reach in feet."""
    range: Feet | None = None
    """Normal range in feet for ranged and spell attacks."""
    long_range: Feet | None = None
    damage_type: Annotated[str, Len(0, 40)] | None = None
    condition: Annotated[int, Ge(0), Le(1000)] | None = None
    """Weapon condition (d100); 0 is broken and unusable until repaired. Null: not tracked."""
    max_condition: Annotated[int, Ge(1), Le(1000)] | None = None
    ammo: Annotated[int, Ge(0), Le(10_000)] | None = None
    """Rounds loaded (d100 guns and energy weapons); null: the weapon uses no ammunition."""
    capacity: Annotated[int, Ge(1), Le(10_000)] | None = None
    ammo_type: Annotated[str, Len(1, 40)] | None = None


@dataclass(slots=True)
class Duration:
    """How long a condition or effect lasts. Set exactly one way:

    * ``ends`` + ``of`` (+ ``turns``): until the start or end of ``of``'s ``turns``-th next turn;
    * ``rounds``: for that many rounds, counted down each time a new round begins;
    * ``until_damaged`` (alone or with either of the above): ends when its holder takes damage.

    With none of them set it lasts until removed.
    """

    ends: Literal["start", "end"] | None = None
    of: Id | None = None
    turns: Annotated[int, Ge(1), Le(1000)] = 1
    rounds: Annotated[int, Ge(1), Le(10_000)] | None = None
    until_damaged: bool = False


@dataclass(slots=True)
class Condition:
    """A named condition (``prone``, ``unconscious``, ``stunned``...) with how long it lasts."""

    name: Annotated[str, Len(1, 40)]
    source: Id | None = None
    duration: Duration | None = None


@dataclass(slots=True)
class Effect:
    """A lasting modifier on its holder: advantage windows, an AC bonus, a blocked component...

    ``kind``: ``advantage`` / ``disadvantage`` on the holder's ``roll``; ``ac-bonus`` (``value``);
    ``blocked-component`` (``note`` names it); ``speed-halved``; ``other`` (described in
    ``note``). ``roll``: ``attack``, ``spell-attack``, ``save``, ``spell-save``, ``check``, or
    ``attacks-against`` (rolls made against the holder: advantage here means its attackers
    have advantage). ``against`` limits it to one creature (the target, the attacker or the
    source); ``uses`` counts the rolls it still applies to; ``starts_round`` delays it.
    """

    kind: Annotated[str, Len(1, 40)]
    roll: Annotated[str, Len(1, 40)] = "attack"
    against: Id | None = None
    value: Small = 0
    uses: Annotated[int, Ge(1), Le(100)] | None = None
    starts_round: Annotated[int, Ge(0), Le(1_000_000)] | None = None
    duration: Duration | None = None
    source: Annotated[str, Len(0, 120)] | None = None
    note: Annotated[str, Len(0, 400)] | None = None


@dataclass(slots=True)
class ReadiedAction:
    """An action held for a trigger (``d20.ready.*``); it fires or is declined by
    ``triggerReadied`` and lapses at the start of its owner's next turn."""

    trigger: Annotated[str, Len(1, 400)]
    action: Annotated[str, Len(1, 40)] = "attack"
    """``attack``, ``move``, ``spell`` or another action's name."""
    attack_name: Annotated[str, Len(1, 80)] | None = None
    spell: Annotated[str, Len(1, 80)] | None = None
    round: Annotated[int, Ge(0), Le(1_000_000)] = 0


@dataclass(slots=True)
class DeathSaves:
    """Death saving throws collected while at 0 HP; three of a kind decide."""

    successes: Annotated[int, Ge(0), Le(3)] = 0
    failures: Annotated[int, Ge(0), Le(3)] = 0


@dataclass(slots=True)
class TurnBudget:
    """What a combatant has left: this turn's action, bonus action and movement, the
    reaction (until it comes back) and the free object interaction."""

    action: bool = True
    bonus_action: bool = True
    reaction: bool = True
    movement: Feet | None = None
    """Feet of movement left; omitted means the combatant's full speed."""
    object_interaction: bool = True
    attacks_left: Annotated[int, Ge(0), Le(20)] = 0
    """Attacks still to make in an Attack action already taken this turn."""


@dataclass(slots=True)
class Combatant:
    """One creature in the fight."""

    id: Id
    name: Annotated[str, Len(1, 80)]
    side: Annotated[str, Len(1, 40)]
    """Combatants on the same side are allies; every other side is hostile."""
    position: Cell
    """The anchor cell: the top-left cell of a square footprint, the centre on hexes."""
    hp: Count
    max_hp: Annotated[int, Ge(1), Le(1_000_000)]
    ac: Annotated[int, Ge(0), Le(100)]
    kind: Literal["pc", "monster"] = "monster"
    """A player character falls unconscious at 0 HP; a monster dies unless it is a villain."""
    villain: bool = False
    """A mighty villain or special NPC: follows the player-character death rules."""
    size: Size = "medium"
    temp_hp: Count = 0
    speed: Feet = 30
    initiative_bonus: Small = 0
    abilities: Abilities = field(default_factory=Abilities)
    saves: Abilities | None = None
    """Saving-throw bonuses; omitted means the ability modifiers."""
    skills: dict[Annotated[str, Len(1, 40)], Small] = field(default_factory=dict)
    """Skill and check bonuses by name (``medicine``, ``athletics``, ``stealth``...)."""
    attacks: list[Attack] = field(default_factory=list)
    attacks_per_action: Annotated[int, Ge(1), Le(20)] = 1
    conditions: list[Condition] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    death_saves: DeathSaves = field(default_factory=DeathSaves)
    stable: bool = False
    dead: bool = False
    budget: TurnBudget = field(default_factory=TurnBudget)
    exhaustion: Annotated[int, Ge(0), Le(6)] = 0
    group: Annotated[str, Len(1, 40)] | None = None
    """Initiative group: the group rolls once and acts together (``d20.init.groups``)."""
    controller: Id | None = None
    """The combatant that controls this one: it acts right after it (``d20.init.companions``)."""
    features: list[Annotated[str, Len(1, 80)]] = field(default_factory=list)
    """Named features and devices that change the rules for this creature."""
    immune_to_flanking: bool = False
    footprint: list[Cell] | None = None
    """Explicit cells occupied, overriding the space its size gives."""
    readied: ReadiedAction | None = None
    concentration: Annotated[str, Len(1, 80)] | None = None
    """The spell this creature is concentrating on."""
    stealth: Small | None = None
    """The Stealth total of a hiding creature: what a searcher must beat."""
    aware: bool | None = None
    """d10: whether it knew combat had begun; null means derive it at initiative."""
    climb_speed: Feet | None = None
    swim_speed: Feet | None = None
    fly_speed: Feet | None = None
    ammunition: dict[Annotated[str, Len(1, 40)], Count] = field(default_factory=dict)
    """Rounds carried, by ammunition type (d100 Reload)."""
    strength_score: Annotated[int, Ge(1), Le(30)] | None = None
    carrying_capacity: Count | None = None
    """Pounds; omitted means Strength score x 15."""
    carried_weight: Count = 0

    def has(self, condition: str) -> bool:
        for c in self.conditions:  # noqa: SIM110 (a plain loop: no generator for the usual empty list)
            if c.name == condition:
                return True
        return False

    @property
    def unconscious(self) -> bool:
        return self.has("unconscious")

    @property
    def incapacitated(self) -> bool:
        return self.dead or any(c.name in INCAPACITATING for c in self.conditions)

    @property
    def follows_pc_death_rules(self) -> bool:
        return self.kind == "pc" or self.villain

    def save_bonus(self, ability: str) -> int:
        return (self.saves or self.abilities).get(ability)

    def skill(self, name: str, ability: str) -> int:
        return self.skills.get(name, self.abilities.get(ability))

    def find_attack(self, name: str) -> Attack | None:
        for attack in self.attacks:
            if attack.name == name:
                return attack
        return None


INCAPACITATING = frozenset(
    {"incapacitated", "unconscious", "stunned", "paralyzed", "petrified", "asleep"}
)


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

    ruleset: Literal["d20", "d100", "d10"]
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


def clone_combatant(c: Combatant) -> Combatant:
    """A copy whose mutable parts (lists, saves, budget, attacks) can be changed safely.

    Items inside the lists are shared: replace an item, don't mutate it in place.
    """
    new = copy.copy(c)
    new.conditions = list(c.conditions)
    new.effects = list(c.effects)
    new.attacks = list(c.attacks)
    new.ammunition = dict(c.ammunition)
    new.death_saves = copy.copy(c.death_saves)
    new.budget = copy.copy(c.budget)
    return new


class Draft:
    """A copy-on-write view of an encounter: edit combatants freely, then :meth:`finish`.

    Only the combatants that are edited are copied, so an action on a 100-creature
    encounter does not pay for copying all of them, and the input is never mutated.
    """

    __slots__ = ("_edited", "encounter", "geometry", "sight")

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = copy.copy(encounter)
        self.encounter.combatants = list(encounter.combatants)
        self.encounter.order = list(encounter.order)
        self.encounter.pending_choices = list(encounter.pending_choices)
        self.encounter.areas = list(encounter.areas)
        if encounter.step is not None:
            self.encounter.step = copy.deepcopy(encounter.step)
        self._edited: set[str] = set()
        self.geometry: Any = None
        """The map's ``Geometry``, memoised by ``RulesetCore.board`` (actions never change the
        grid, so it holds for the whole action)."""
        self.sight: dict[Any, bool] = {}
        """Lines of sight between spaces already traced in this action (walls don't move)."""

    def get(self, combatant_id: str) -> Combatant:
        """The combatant, read-only (it may be shared with the input encounter)."""
        return self.encounter.combatant(combatant_id)

    def edit(self, combatant_id: str) -> Combatant:
        """The combatant, as a private copy that may be changed."""
        i = self.encounter.index(combatant_id)
        c = self.encounter.combatants[i]
        if combatant_id not in self._edited:
            c = clone_combatant(c)
            self.encounter.combatants[i] = c
            self._edited.add(combatant_id)
        return c

    def __iter__(self) -> Iterator[Combatant]:
        return iter(self.encounter.combatants)

    def finish(self) -> Encounter:
        return self.encounter

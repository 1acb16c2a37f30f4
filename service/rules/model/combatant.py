"""One creature in the fight: its numbers, its attacks, what it has left this turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Ge, Le, Len

from .effects import INCAPACITATING, Cond, Condition, Effect
from .values import AttackKind, Cell, Count, Feet, Id, Size, Small


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
    components: list[Literal["verbal", "somatic", "material"]] | None = None
    """The components a spell attack needs; while one of them is blocked (a
    ``blocked-component`` effect) the spell can't be cast. Null: not tracked."""
    dropped_at: Cell | None = None
    """Where this weapon lies once a critical fumble or a disarm dropped, flung or knocked
    it from its holder's hand; attacks with it are refused until it is picked up (an object
    interaction within reach of that cell: ``interact`` with ``weapon``)."""
    ammo_problem: Literal["spilled", "picked-up", "lodged"] | None = None
    """A critical fumble disturbed its ammunition (``d20.crit.effects``): ``spilled``: each
    ranged attack needs a piece picked up first (``interact`` with ``weapon``; ``picked-up``
    until the shot); ``lodged``: the next ranged attack needs an action spent freeing it
    (``interact`` with ``weapon``, which takes the action)."""


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
        return self.has(Cond.UNCONSCIOUS)

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

"""One creature in the fight: its numbers, its attacks, what it has left this turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Ge, Le, Len

from ..errors import InvalidAction, known_names
from ..limits import ENTRIES, FOOTPRINT_CELLS
from .effects import INCAPACITATING, Cond, Condition, Effect
from .values import AttackKind, Cell, Count, Feet, Id, Size, Small

ENTRIES_LEN = Len(0, ENTRIES.max)
SEE_INVISIBLE = "see-invisible"
"""The feature of a creature that sees invisible creatures (truesight, see invisibility):
``invisible`` neither hides them from it nor bends their attacks or its own (``d20.cond``)."""


@dataclass(slots=True)
class Abilities:
    """A modifier for each of the six abilities."""

    strength: Small = 0
    """The Strength modifier (not the score): Strength checks and saves, and the skills
    ``athletics`` and (d100) ``unarmed`` when ``skills`` doesn't list them; d100 derives the
    carrying capacity from it when ``strength_score`` is omitted (``d100.carry``)."""
    dexterity: Small = 0
    """The Dexterity modifier: Dexterity checks and saves (those cover protects in d20:
    ``d20.cover.degrees``), and ``stealth`` (Hide) and ``acrobatics`` when ``skills`` doesn't list
    them."""
    constitution: Small = 0
    """The Constitution modifier: Constitution checks and saves, such as the save that keeps
    concentration (``d20.ready.spell``) and those the critical tables call for
    (``d20.crit.effects``)."""
    intelligence: Small = 0
    """The Intelligence modifier: Intelligence checks and saves, and d100's ``repair`` check when
    ``skills`` doesn't list it (``d100.action.repair``)."""
    wisdom: Small = 0
    """The Wisdom modifier: Wisdom checks and saves, and ``medicine`` (first aid:
    ``d20.death.stabilize``) and d100's ``scavenging`` when ``skills`` doesn't list them."""
    charisma: Small = 0
    """The Charisma modifier: Charisma checks and saves (no rule of the service calls for one
    yet)."""

    def get(self, ability: str) -> int:
        value: int = getattr(self, ability)
        return value


ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")


@dataclass(slots=True)
class Attack:
    """An attack a combatant can make, or the caller can describe inline."""

    name: Annotated[str, Len(1, 80)]
    """What requests call it (``attack_name``); where two of a combatant's attacks share a name, the
    first is used."""
    bonus: Small = 0
    """Added to the attack roll."""
    damage: Annotated[str, Len(1, 120)] = "1d4"
    """Damage in dice notation (``1d8+3``); every die here is doubled on a critical hit, so
    extra dice that are part of the attack (sneak attack...) belong in it."""
    kind: AttackKind = "melee"
    """``melee`` uses ``reach``, can knock out and makes opportunity attacks (``d20.oa.trigger``);
    ``ranged`` and ``spell`` use ``range``. ``spell`` rolls on the spell critical tables
    (``d20.crit.tables``) and needs its ``components``. Flanking helps melee attacks on squares,
    every attack on hexes (``d20.flank.squares``, ``d20.flank.hexes``)."""
    reach: Feet = 5
    """Melee reach in feet."""
    range: Feet | None = None
    """Normal range in feet for ranged and spell attacks; null: no limit."""
    long_range: Feet | None = None
    """Long range in feet (ranged and spell attacks): beyond ``range`` and up to this the attack has
    disadvantage (``long-range``: ``d20.grid.range``), farther it is refused; null: no long
    range."""
    damage_type: Annotated[str, Len(0, 40)] | None = None
    """A label (``slashing``, ``fire``...) carried for the client: the service applies no
    resistance, immunity or vulnerability."""
    condition: Annotated[int, Ge(0), Le(1000)] | None = None
    """Weapon condition (d100); 0 is broken and unusable until repaired. Null: not tracked."""
    max_condition: Annotated[int, Ge(1), Le(1000)] | None = None
    """d100: the weapon's full condition, what ``repair`` restores (``d100.action.repair``); null:
    no maximum, and a repair must say how much it restores."""
    ammo: Annotated[int, Ge(0), Le(10_000)] | None = None
    """Rounds loaded (d100 guns and energy weapons); null: the weapon uses no ammunition."""
    capacity: Annotated[int, Ge(1), Le(10_000)] | None = None
    """d100: rounds the weapon holds when full; ``reload`` fills it up to this
    (``d100.action.reload``), and needs ``ammo``, ``capacity`` and ``ammo_type`` all set."""
    ammo_type: Annotated[str, Len(1, 40)] | None = None
    """d100: the kind of rounds it fires (``9mm``...): ``reload`` takes them from its holder's
    ``ammunition`` of that type (``d100.action.reload``)."""
    components: Annotated[list[Literal["verbal", "somatic", "material"]], Len(0, 3)] | None = None
    """The components a spell attack needs; while one of them is blocked (a
    ``blocked-component`` effect) the spell can't be cast. Null: not tracked."""
    dropped_at: Cell | None = None
    """Where this weapon lies once a critical fumble or a disarm dropped, flung or knocked
    it from its holder's hand, or its holder fell unconscious (``d20.cond``: the weapon held
    is the first attack that is not a spell); attacks with it are refused until it is picked
    up (an object interaction within reach of that cell: ``interact`` with ``weapon``)."""
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
    """The perceivable trigger it waits for, in words (``d20.ready.trigger``): the service doesn't
    watch for it, ``triggerReadied`` says it happened."""
    action: Annotated[str, Len(1, 40)] = "attack"
    """``attack``, ``move``, ``spell`` or another action's name."""
    attack_name: Annotated[str, Len(1, 80)] | None = None
    """The readied attack, one of its owner's attacks; null: its first attack."""
    spell: Annotated[str, Len(1, 80)] | None = None
    """The readied spell (``action: spell``), held with concentration: when the concentration ends,
    the readied action is lost (``d20.ready.spell``)."""
    round: Annotated[int, Ge(0), Le(1_000_000)] = 0
    """The round it was readied in (recorded by the service; it lapses at its owner's next turn
    whatever this says)."""


@dataclass(slots=True)
class DeathSaves:
    """Death saving throws collected while at 0 HP; three of a kind decide."""

    successes: Annotated[int, Ge(0), Le(3)] = 0
    """Successes so far (a d20 of 10 or more): the third makes the creature stable and resets both
    counts (``d20.death.saves``)."""
    failures: Annotated[int, Ge(0), Le(3)] = 0
    """Failures so far: a failed save, a natural 1 (two: ``d20.death.nat``), damage at 0 HP (two
    from a critical hit: ``d20.death.damage-at-zero``); the third kills."""


@dataclass(slots=True)
class TurnBudget:
    """What a combatant has left: this turn's action, bonus action and movement, the
    reaction (until it comes back) and the free object interaction."""

    action: bool = True
    """Its action is unspent this turn (``d20.turn.economy``); the start of its turn gives it
    back."""
    bonus_action: bool = True
    """Its bonus action is unspent this turn; false from the start where it has none (d10 without a
    ``bonus-action:`` feature: ``d10.turn.bonus``)."""
    reaction: bool = True
    """Its reaction is unspent; a used one comes back at the start of its turn (d20, d100:
    ``d20.turn.economy``) or of the next round (d10: ``d10.turn.reaction``)."""
    movement: Feet | None = None
    """Feet of movement left; omitted means the combatant's full speed."""
    object_interaction: bool = True
    """Its free object interaction is unspent this turn (``d20.turn.object``); once it is used,
    another interaction takes the action."""
    attacks_left: Annotated[int, Ge(0), Le(20)] = 0
    """Attacks still to make in an Attack action already taken this turn."""


@dataclass(slots=True)
class Combatant:
    """One creature in the fight."""

    id: Id
    """Unique in the encounter, not blank, no control characters: the id every combatant field of a
    request (``attackerId``, ``targetId``...) names it by."""
    name: Annotated[str, Len(1, 80)]
    """Shown in messages and refusals (not blank, no control characters)."""
    side: Annotated[str, Len(1, 40)]
    """Combatants on the same side are allies; every other side is hostile."""
    position: Cell
    """The anchor cell: the top-left cell of its space on squares; on hexes the centre of its
    space, or for a Large creature the corner of its triangle whose other hexes are (x + 1, y)
    and (x, y + 1)."""
    hp: Count
    """Current hit points, 0 to ``max_hp``; 0 means down: unconscious, or dead for a monster
    (``d20.death.monsters``)."""
    max_hp: Annotated[int, Ge(1), Le(1_000_000)]
    """Hit point maximum: healing stops there, and instant death compares the damage left at 0 HP
    with it (``d20.death.instant``, ``d100.death.instant``); halved from exhaustion level 4."""
    ac: Annotated[int, Ge(0), Le(100)]
    """Armour class: an attack hits when its total meets it plus cover and active ``ac-bonus``
    effects (``d20.attack.roll``, ``d20.cover.degrees``)."""
    kind: Literal["pc", "monster"] = "monster"
    """A player character falls unconscious at 0 HP; a monster dies unless it is a villain."""
    villain: bool = False
    """A mighty villain or special NPC: follows the player-character death rules."""
    size: Size = "medium"
    """Its size on the ruleset's ladder (d100 adds ``colossal``): the space it fills
    (``d20.size.space``, ``d100.size.space``) and the size limits of squeezing, flanking and
    shoving."""
    temp_hp: Count = 0
    """Temporary hit points: damage takes them first, then ``hp``; healing doesn't restore them."""
    speed: Feet = 30
    """Walking speed in feet: the movement each of its turns starts with, after a ``speed-halved``
    effect, exhaustion and d100's grappling and load (``d20.grid.squares``, ``d10.turn.speeds``)."""
    initiative_bonus: Small = 0
    """Added to its initiative die: d20 + bonus (``d20.init.roll``, ties go to the higher bonus
    first), 1d10 + bonus in d10 and 1 + bonus when unaware (``d10.init.aware``); d100 rolls no
    initiative."""
    abilities: Abilities = field(default_factory=Abilities)
    """Its six ability modifiers: its checks and saves (saves unless ``saves`` is given), and the
    skills ``skills`` doesn't list."""
    saves: Abilities | None = None
    """Saving-throw bonuses; omitted means the ability modifiers."""
    skills: Annotated[dict[Annotated[str, Len(1, 40)], Small], ENTRIES_LEN] = field(
        default_factory=dict
    )
    """Skill and check bonuses by name (``medicine``, ``athletics``, ``stealth``...)."""
    attacks: Annotated[list[Attack], ENTRIES_LEN] = field(default_factory=list)
    """The attacks it can make; ``resolveAttack`` uses the first when none is named. Its melee
    attacks' reach is how far it threatens opportunity attacks (``d20.oa.trigger``)."""
    attacks_per_action: Annotated[int, Ge(1), Le(20)] = 1
    """Attacks one Attack action allows (Extra Attack...): the first spends the action, the others
    are counted in the budget's ``attacks_left`` (``d20.turn.economy``)."""
    conditions: Annotated[list[Condition], ENTRIES_LEN] = field(default_factory=list)
    """Its conditions (``prone``, ``unconscious``...), each with how long it lasts."""
    effects: Annotated[list[Effect], ENTRIES_LEN] = field(default_factory=list)
    """Lasting modifiers on it: advantage windows, AC bonuses, a blocked spell component...
    (``d20.attack.sources``)."""
    death_saves: DeathSaves = field(default_factory=DeathSaves)
    """Death saving throws collected at 0 HP (``d20.death.saves``): three successes make it stable,
    three failures kill it; both reset when it regains HP or becomes stable."""
    stable: bool = False
    """At 0 HP and stable (``d20.death.stable``): it makes no death saves and stays unconscious;
    damage ends it. First aid, three death-save successes and a knockout make a creature stable."""
    dead: bool = False
    """Dead (``d20.hp.zero``): its ``hp`` is 0; it takes no turns, can't act or be healed, and fills
    no space."""
    budget: TurnBudget = field(default_factory=TurnBudget)
    """What it has left of the current turn (``d20.turn.economy``); omitted: everything. The service
    resets it when its turn starts: send back what it answered."""
    exhaustion: Annotated[int, Ge(0), Le(6)] = 0
    """Exhaustion level, 0 to 6 (the d20 base, given by critical bands: ``d20.crit.effects``): from
    1, disadvantage on ability checks; 2, speed halved; 3, disadvantage on attack rolls and saves;
    4, hit point maximum halved; 5, speed 0; 6, death."""
    group: Annotated[str, Len(1, 40)] | None = None
    """Initiative group: the group rolls once and acts together (``d20.init.groups``)."""
    controller: Id | None = None
    """The combatant that controls this one: it acts right after it (``d20.init.companions``)."""
    features: Annotated[list[Annotated[str, Len(1, 80)]], ENTRIES_LEN] = field(default_factory=list)
    """Named features and devices that change the rules for this creature: ``see-invisible``,
    ``both-hands-in-use``, ``bonus-action:<action>``, an initiative feature, d10 devices."""
    immune_to_flanking: bool = False
    """It can't be flanked (``d20.flank.size-limit``): no one gets flanking advantage against it."""
    footprint: Annotated[list[Cell], Len(0, FOOTPRINT_CELLS.max)] | None = None
    """The cells it fills, as absolute cells, instead of the space its size gives
    (``d20.size.space``); a move shifts them with ``position``."""
    readied: ReadiedAction | None = None
    """The action it holds (``ready``) until ``triggerReadied`` fires or gives it up, or it lapses
    at the start of its next turn (``d20.ready.expiry``); null: none."""
    concentration: Annotated[str, Len(1, 80)] | None = None
    """The spell this creature is concentrating on."""
    stealth: Small | None = None
    """The Stealth total of a hiding creature: what a searcher must beat."""
    aware: bool | None = None
    """d10 (``d10.init.aware``): whether it knew combat had begun. Aware, it rolls 1d10 + its
    bonus; unaware, its initiative is 1 + its bonus and it becomes aware on its first turn. Null:
    ``rollInitiative`` decides (it sees or hears the initiator) and writes it here."""
    climb_speed: Feet | None = None
    """d10 (``d10.turn.speeds``): its climbing speed in feet, which prices the grid's ``climb``
    cells; omitted: 15 ft; 0: it can't climb. The other rulesets don't read it."""
    swim_speed: Feet | None = None
    """d10 (``d10.turn.speeds``): its swimming speed in feet, which prices the grid's ``swim``
    cells; omitted: 15 ft; 0: it can't swim. The other rulesets don't read it."""
    fly_speed: Feet | None = None
    """Flying speed in feet, for a move with ``fly``. d20 and d100: omitted or 0, it can't fly. d10
    (``d10.turn.speeds``): it flies only with a ``device:flying`` feature, and omitted then means
    its walking ``speed``."""
    ammunition: Annotated[dict[Annotated[str, Len(1, 40)], Count], ENTRIES_LEN] = field(
        default_factory=dict
    )
    """Rounds carried, by ammunition type (d100 Reload)."""
    strength_score: Annotated[int, Ge(1), Le(30)] | None = None
    """d100 (``d100.carry``): the Strength score; the carrying capacity is 15 lb per point when
    ``carrying_capacity`` is omitted. Omitted: 10 + twice the Strength modifier."""
    carrying_capacity: Count | None = None
    """Pounds; omitted means Strength score x 15."""
    carried_weight: Count = 0
    """d100 (``d100.carry``): pounds carried. Above the carrying capacity its speed is at most 5 ft;
    above the push, drag or lift limit (twice the capacity, doubled per size above Medium, halved
    for Tiny) it is 0."""

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

    def no_attack(self, name: str, field: str) -> InvalidAction:
        """The error for an attack ``name`` this creature doesn't have, at the request's
        ``field``: the closest of its attacks' names, and all of them."""
        known = known_names(name, [a.name for a in self.attacks], "it")
        return InvalidAction(f"{self.name} has no attack named {name!r} ({known})", (field,))

"""What the engine answers: the outcome (a summary) of every base action and query."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .combatant import ReadiedAction
from .effects import Effect
from .encounter import InitiativeEntry
from .values import Cell, CoverDegree

CoverSource = Literal["computed", "stated", "none"]
InitiativeFrom = Literal["request", "controller", "group", "rolled", "bottom"]
"""Where an added creature's place in the order came from."""


@dataclass(slots=True)
class InitiativeOutcome:
    """The order rolled, and where the fight now stands."""

    order: list[InitiativeEntry]
    round: int
    turn_of: str | None


@dataclass(slots=True, kw_only=True)
class AttackOutcome:
    """What an attack did: the roll against the AC, every source of (dis)advantage, damage."""

    attacker_id: str
    target_id: str
    attack_name: str
    hit: bool
    critical: bool
    fumble: bool
    natural: int
    """The face of the kept attack die."""
    total: int
    target_ac: int
    """The AC the attack had to meet, cover included."""
    cover: CoverDegree
    cover_source: CoverSource
    advantage: bool
    disadvantage: bool
    advantage_sources: list[str]
    disadvantage_sources: list[str]
    damage: int | None
    """Damage rolled on a hit (null on a miss)."""
    damage_applied: bool
    target_dropped: bool
    target_died: bool


@dataclass(slots=True, kw_only=True)
class DamageOutcome:
    """What damage did to its target: temp HP absorbed, HP lost, dropped, died."""

    target_id: str
    amount: int
    temp_hp_absorbed: int
    hp_lost: int
    hp: int
    dropped: bool
    """The target went from above 0 HP to 0."""
    died: bool
    instant_death: bool
    unconscious: bool
    death_save_failures: int


@dataclass(slots=True, kw_only=True)
class DeathSave:
    """A death saving throw rolled at the start of a turn (``d20.death.saves``)."""

    combatant_id: str
    natural: int
    success: bool
    successes: int
    failures: int
    stable: bool
    dead: bool
    regained_hp: bool
    """A natural 20: 1 HP back, conscious again (``d20.death.nat``)."""
    hours_to_regain: int | None = None
    """Became stable: hours (1d4) after which it regains 1 HP if not healed (not applied)."""


@dataclass(slots=True, kw_only=True)
class NextTurnOutcome:
    """Whose turn ended, whose began, the round, and what the start of the turn rolled."""

    previous: str | None
    turn_of: str | None
    round: int
    new_round: bool
    death_save: DeathSave | None = None
    expired: list[str] = field(default_factory=list)
    """``combatantId:name`` of every condition and effect that ended, ``area:kind`` for areas."""
    readied_lapsed: bool = False
    sides_standing: list[str] = field(default_factory=list)
    """Sides with a combatant still up (alive and conscious)."""
    fight_over: bool = False
    """At most one side is left standing (``d20.order.steps``)."""


@dataclass(slots=True, kw_only=True)
class LowerInitiativeOutcome:
    """The combatant's old and new initiative, whether it was raised, and the order and
    turn that follow (``d20.init.lower``)."""

    combatant_id: str
    previous: int
    initiative: int
    raised: bool
    order: list[InitiativeEntry]
    turn_of: str | None


@dataclass(slots=True)
class TurnActionOutcome:
    """What a simple action did: what it spent, movement left, the condition it gave."""

    combatant_id: str
    action: str
    spent: str
    movement: int | None
    """Feet of movement left this turn."""
    condition: str | None = None


@dataclass(slots=True)
class HelpOutcome:
    """Who helped whom, and the advantage the ally now holds."""

    combatant_id: str
    ally_id: str
    effect: Effect


@dataclass(slots=True)
class HideOutcome:
    """The Stealth check of a hiding creature: the die and the total searchers must beat."""

    combatant_id: str
    natural: int
    stealth: int
    """The Stealth total a searcher must beat."""


@dataclass(slots=True)
class ReadyOutcome:
    """The action now held, and the concentration a readied spell ended."""

    combatant_id: str
    readied: ReadiedAction
    ended_concentration: str | None
    """The spell whose concentration readying a spell ended."""


@dataclass(slots=True, kw_only=True)
class TriggerOutcome:
    """Whether the readied action fired and what it did (the attack or the move), or
    whether a declined one is still held."""

    combatant_id: str
    fired: bool
    action: str
    attack: AttackOutcome | None = None
    kept: bool = False
    """Declined, and still held."""
    move: MoveOutcome | None = None
    """A readied move: where it went and the opportunity attacks on the way."""


@dataclass(slots=True, kw_only=True)
class StabilizeOutcome:
    """The first-aid check (DC 10 Medicine) and whether the target is now stable
    (``d20.death.stabilize``)."""

    combatant_id: str
    target_id: str
    natural: int
    total: int
    success: bool
    hours_to_regain: int | None
    """On success: after this many hours (1d4) it regains 1 HP if not healed (not applied)."""


@dataclass(slots=True)
class HealOutcome:
    """The HP regained, the target's HP now, whether it came to, and what it spent."""

    target_id: str
    healed: int
    hp: int
    conscious: bool
    """It was at 0 HP and is conscious again."""
    spent: str


@dataclass(slots=True, kw_only=True)
class OpportunityAttack:
    """An opportunity attack a move provoked, and what came of it."""

    reactor_id: str
    at_step: int
    """Index of the path cell the mover was leaving."""
    taken: bool
    reason: str
    hit: bool | None = None
    damage: int | None = None


@dataclass(slots=True, kw_only=True)
class MoveOutcome:
    """Where the combatant went, what it cost, and the opportunity attacks on the way."""

    combatant_id: str
    path: list[Cell]
    cost: int
    """Feet of movement spent."""
    movement_left: int
    squeezing: bool
    opportunity_attacks: list[OpportunityAttack] = field(default_factory=list)
    stopped: bool = False
    """The move ended early: the mover dropped to 0 HP, was knocked prone or incapacitated,
    or lost its movement on the way (the move event says which)."""


@dataclass(slots=True, kw_only=True)
class PathCostOutcome:
    """The price of a path: legal or not, and why."""

    legal: bool
    path: list[Cell]
    cost: int | None
    movement_left: int
    reason: str | None = None
    rule: str | None = None
    failed_step: int | None = None
    """The first step the move can't make (step ``i`` enters ``path[i + 1]``): refused by a
    rule, or more than the movement left; null when legal or when no path was found."""
    provokes: list[str] = field(default_factory=list)
    """Who could make an opportunity attack along the way."""


@dataclass(slots=True)
class CoverOutcome:
    """The cover the target has against the attacker (``d20.cover.*``)."""

    degree: CoverDegree
    ac_bonus: int | None
    """Null for total cover: the target can't be targeted directly."""
    save_bonus: int | None
    save_ability: str
    """The saving throw cover protects: Dexterity (d20), Athletics (d100)."""


@dataclass(slots=True)
class FlankingOutcome:
    """Whether the attacker flanks the target, and with whom (``d20.flank.*``)."""

    flanks: bool
    partners: list[str]
    reason: str


@dataclass(slots=True)
class AttackReach:
    """Whether one of the attacker's attacks can reach the target."""

    name: str
    kind: str
    in_range: bool
    long_range: bool
    """In range only at long range: the attack has disadvantage."""


@dataclass(slots=True)
class ReachOutcome:
    """The distance between two combatants by the counting rule, and each attack's reach."""

    distance: int
    """Feet, counted from a cell next to the attacker into the target's space."""
    attacks: list[AttackReach]
    line_of_sight: bool


@dataclass(slots=True)
class PostureOutcome:
    """The creature's posture after the action, and the movement it has left."""

    combatant_id: str
    prone: bool
    movement_left: int


@dataclass(slots=True)
class DamageChance:
    """One value of the damage distribution and its probability."""

    value: int
    probability: float


@dataclass(slots=True)
class BandChance:
    """The chance that a critical-table band's effect happens on this attack."""

    table: str
    """The table: `weapon_hit`, `weapon_fumble`, `spell_hit` or `spell_fumble` (as written,
    underscores included)."""
    low: int
    high: int
    title: str
    probability: float


@dataclass(slots=True, kw_only=True)
class AttackOddsOutcome:
    """The exact chances of one attack (floats rounded to 12 decimals)."""

    attacker_id: str
    target_id: str
    attack_name: str
    target_ac: int
    """The AC the attack has to meet: cover and AC effects included."""
    cover: CoverDegree
    cover_source: CoverSource
    advantage: bool
    disadvantage: bool
    advantage_sources: list[str]
    disadvantage_sources: list[str]
    hit: float
    critical: float
    fumble: float
    """A natural roll at or below the fumble range that misses."""
    damage: list[DamageChance]
    """Damage the attack deals to the target (0 on a miss), sorted by value: its own damage
    plus, in ``d20``, the damage critical-table bands deal to the target."""
    mean_damage: float
    drop: float
    """The target goes from above 0 HP to 0 HP."""
    death: float
    """The target is alive before and dead after (any rule: instant death, a monster at 0
    HP, death save failures from damage at 0 HP)."""
    instant_death: float
    """The target dies from the instant death rules (``d20.death.instant`` /
    ``d100.death.instant``, or damage at 0 HP of at least its maximum HP)."""
    critical_bands: list[BandChance] = field(default_factory=list)
    """``d20``: every band of the Critical Hit and Critical Fumble tables this attack rolls
    on, with its chance. Empty for rulesets without the tables."""
    excludes: list[str] = field(default_factory=list)
    """What the figures leave out."""


@dataclass(slots=True)
class SideChance:
    """How often one side won."""

    side: str
    wins: int
    win_probability: float


@dataclass(slots=True, kw_only=True)
class EncounterOddsOutcome:
    """The simulated fights: rounds to a decision (mean and 95% confidence interval over
    the finished runs) and each side's chance to win."""

    runs: int
    finished: int
    """Runs that ended with one side standing."""
    rounds_mean: float | None
    rounds_low: float | None
    """Lower bound of the 95% confidence interval of the mean (normal approximation)."""
    rounds_high: float | None
    sides: list[SideChance]
    unfinished: float
    """Share of runs with no winner: round cap reached, a round with no possible attack,
    or nobody left standing."""


@dataclass(slots=True, kw_only=True)
class RollSide:
    """One creature's roll of a save or check: each d20, the bonus, the total, and why it
    had advantage, disadvantage or failed whatever the total."""

    combatant_id: str
    kind: Literal["save", "check"]
    ability: str | None
    skill: str | None
    rolls: list[int]
    """Each d20 rolled (two with advantage or disadvantage)."""
    natural: int
    """The d20 kept."""
    bonus: int
    total: int
    advantage_sources: list[str] = field(default_factory=list)
    disadvantage_sources: list[str] = field(default_factory=list)
    automatic_failure: list[str] = field(default_factory=list)
    """The conditions that fail it whatever the total (``d20.cond``); empty when none."""


@dataclass(slots=True, kw_only=True)
class SaveCheckOutcome:
    """``d20.save``: a saving throw or ability check and its result; nothing else changed."""

    combatant_id: str
    roll: RollSide
    success: bool
    automatic_failure: bool
    dc: int | None = None
    contest: RollSide | None = None
    """The other creature's check, in a contest."""


@dataclass(slots=True, kw_only=True)
class DiceRolledOutcome:
    """A free roll: its total (the dice are in the ``roll`` event); nothing changed."""

    total: int
    expression: str
    purpose: str
    combatant_id: str | None = None


@dataclass(slots=True, kw_only=True)
class SearchOutcome:
    """Who was found, who stays hidden, the searcher's Perception (d20, d10) and the
    scavenging check (d100) if one was made."""

    combatant_id: str
    found: list[str] = field(default_factory=list)
    still_hidden: list[str] = field(default_factory=list)
    scavenging_total: int | None = None
    scavenging_success: bool | None = None
    perception: RollSide | None = None
    """The searcher's Wisdom (Perception) check, where the ruleset rolls one."""


@dataclass(slots=True, kw_only=True)
class CombatantAddedOutcome:
    """The creature added, its place in the order (if initiative is rolled), and the turn."""

    combatant_id: str
    initiative: int | None
    """Its count in the order; null: not in the order (initiative not rolled yet, or it is
    dead)."""
    initiative_from: InitiativeFrom | None
    """Where the count came from: the request, its controller's or group's count, a roll, or
    the bottom of an order that rolls no initiative (d100); null: not in the order."""
    order: list[InitiativeEntry]
    turn_of: str | None


@dataclass(slots=True, kw_only=True)
class CombatantRemovedOutcome:
    """The creature removed, what ended with it, and the order and turn that follow."""

    combatant_id: str
    turn: NextTurnOutcome | None = None
    """It was its turn: the turn passed on, as ``nextTurn`` answered it."""
    ended: list[str] = field(default_factory=list)
    """What ended with it: ``grapple:<id>`` (a creature it held), ``condition:<id>:<name>``
    (a condition it was the source of), ``effect:<id>:<kind>`` (an effect against it),
    ``choice:<id>``, ``companion:<id>`` (now rolls for itself), ``step`` (its place in a d10
    simultaneous step)."""
    order: list[InitiativeEntry] = field(default_factory=list)
    turn_of: str | None = None


@dataclass(slots=True, kw_only=True)
class CombatantUpdatedOutcome:
    """The creature corrected and the fields that changed (camelCase)."""

    combatant_id: str
    changed: list[str] = field(default_factory=list)
    """The fields whose value changed (a field given with its current value is not listed)."""
    ended: list[str] = field(default_factory=list)
    """Grapples the new position put out of reach: ``grapple:<grappler>:<held>``."""

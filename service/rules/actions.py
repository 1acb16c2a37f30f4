"""The actions a client can ask for, and what each answers.

Each action is a dataclass of parameters; :data:`ACTIONS` lists them with the route and
mutation names the transports derive from them, so a new action needs no transport code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Ge, Le, Len

from .state import Attack, Cell, CoverDegree, Id, InitiativeEntry, Spend

CoverSource = Literal["computed", "stated", "none"]


@dataclass(slots=True)
class RollInitiative:
    """Roll initiative for every combatant, set round 1 and start the first turn."""

    surprised: list[Id] = field(default_factory=list)
    """Combatants the DM rules surprised: they can't move or act on their first turn."""
    order: list[Id] | None = None
    """d100: the order the players declare (in the open): no roll."""
    entry_point: Cell | None = None
    """d100: the entrance of a building: the nearest combatant acts first, no roll."""
    initiator_id: Id | None = None
    """d10: the creature whose hostile action started the fight (it gains no precedence)."""
    heard_by: list[Id] = field(default_factory=list)
    """d10: creatures that hear the initiator (aware even without line of sight)."""


@dataclass(slots=True)
class ResolveAttack:
    """One attack roll by ``attacker_id`` against ``target_id``, and its damage on a hit."""

    attacker_id: Id
    target_id: Id
    attack_name: Annotated[str, Len(1, 80)] | None = None
    """The name of one of the attacker's attacks; omitted means ``attack`` or its first."""
    attack: Attack | None = None
    """An attack described inline, instead of one of the attacker's."""
    advantage: bool = False
    """Advantage the caller grants, on top of what the state gives."""
    disadvantage: bool = False
    cover: CoverDegree | None = None
    """A cover degree the DM states; it wins over the computed one."""
    apply_damage: bool = True
    """False rolls the damage but leaves the target's HP alone."""
    knockout: bool = False
    """Knock the target out instead of killing it if a melee hit drops it to 0 HP."""
    spend: Spend = "action"
    """What the attack uses: the action (an Attack action), a bonus action, the reaction, or
    nothing (the DM's fiat)."""


@dataclass(slots=True)
class ApplyDamage:
    """Damage dealt to ``target_id`` by anything: temp HP first, then HP."""

    target_id: Id
    amount: Annotated[int, Ge(0), Le(1_000_000)]
    critical: bool = False
    """The damage comes from a critical hit (two death-save failures at 0 HP)."""
    source_id: Id | None = None
    melee: bool = False
    """The damage comes from a melee attack by ``source_id`` (a knockout needs one)."""
    knockout: bool = False
    damage_type: Annotated[str, Len(0, 40)] | None = None


Action = RollInitiative | ResolveAttack | ApplyDamage


@dataclass(slots=True)
class InitiativeOutcome:
    """The order rolled, and where the fight now stands."""

    order: list[InitiativeEntry]
    round: int
    turn_of: str | None


@dataclass(slots=True)
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


@dataclass(slots=True)
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


Outcome = InitiativeOutcome | AttackOutcome | DamageOutcome


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """How an action is named at each door and which ruleset method applies it."""

    name: str
    """camelCase: the GraphQL mutation name."""
    slug: str
    """kebab-case: the REST route."""
    params: type
    outcome: type
    method: str
    summary: str
    query: bool = False
    """A query reads the encounter and changes nothing (REST: no ``encounter`` in the
    response; GraphQL: a Query field)."""


ACTIONS: list[ActionSpec] = [
    ActionSpec(
        "rollInitiative",
        "roll-initiative",
        RollInitiative,
        InitiativeOutcome,
        "roll_initiative",
        "Roll initiative, set round 1 and start the first turn.",
    ),
    ActionSpec(
        "resolveAttack",
        "resolve-attack",
        ResolveAttack,
        AttackOutcome,
        "resolve_attack",
        "Roll an attack, apply cover and advantage, and deal its damage.",
    ),
    ActionSpec(
        "applyDamage",
        "apply-damage",
        ApplyDamage,
        DamageOutcome,
        "apply_damage",
        "Deal damage: temp HP first, then HP, with the death rules at 0 HP.",
    ),
]

ACTIONS_BY_TYPE: dict[type, ActionSpec] = {spec.params: spec for spec in ACTIONS}


def register_action(spec: ActionSpec) -> ActionSpec:
    """Add an action (or query); both doors pick it up with no code of their own."""
    if any(s.name == spec.name for s in ACTIONS):
        raise ValueError(f"action {spec.name!r} is registered twice")
    if spec.params in ACTIONS_BY_TYPE:
        raise ValueError(
            f"{spec.name!r} reuses the parameters of {ACTIONS_BY_TYPE[spec.params].name!r}: "
            "each action needs its own parameter type (actions are found by it)"
        )
    ACTIONS.append(spec)
    ACTIONS_BY_TYPE[spec.params] = spec
    return spec

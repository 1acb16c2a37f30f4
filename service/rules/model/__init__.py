"""The engine's data: the encounter and everything in it, what a client asks, what it answers.

Plain dataclasses, validated straight from JSON by the transports (camelCase on the wire).
The engine treats an :class:`Encounter` as a value: an action works on a :class:`Draft` of it
and returns a new one.
"""

from .combatant import (
    ABILITIES,
    SEE_INVISIBLE,
    Abilities,
    Attack,
    Combatant,
    DeathSaves,
    ReadiedAction,
    TurnBudget,
)
from .draft import Draft, clone_combatant
from .effects import INCAPACITATING, Cond, Condition, Duration, Effect, EffectKind, EffectRoll
from .encounter import (
    Area,
    DeferredDamage,
    Encounter,
    Grid,
    HeldChange,
    InitiativeEntry,
    PendingChoice,
    Step,
)
from .values import (
    MAX_COMBATANTS,
    MAX_GRID_SIDE,
    AttackKind,
    Cell,
    Coordinate,
    Count,
    CoverDegree,
    Feet,
    GridKind,
    Id,
    Size,
    Small,
    Spend,
)

__all__ = [
    "ABILITIES",
    "INCAPACITATING",
    "MAX_COMBATANTS",
    "MAX_GRID_SIDE",
    "SEE_INVISIBLE",
    "Abilities",
    "Area",
    "Attack",
    "AttackKind",
    "Cell",
    "Combatant",
    "Cond",
    "Condition",
    "Coordinate",
    "Count",
    "CoverDegree",
    "DeathSaves",
    "DeferredDamage",
    "Draft",
    "Duration",
    "Effect",
    "EffectKind",
    "EffectRoll",
    "Encounter",
    "Feet",
    "Grid",
    "GridKind",
    "HeldChange",
    "Id",
    "InitiativeEntry",
    "PendingChoice",
    "ReadiedAction",
    "Size",
    "Small",
    "Spend",
    "Step",
    "TurnBudget",
    "clone_combatant",
]

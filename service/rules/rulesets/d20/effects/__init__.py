"""The effects of the critical tables' bands: one class per effect kind, each applying itself.

A band's ``effects`` are a list drawn from this closed vocabulary (the ``type`` of each JSON
object names its class). Parties are named relative to the attack: ``"attacker"`` is the
creature that rolled the natural 20 or natural 1; ``"target"`` the creature the attack was
aimed at; ``"enemies"`` every creature hostile to the attacker (the target included).

Every effect may carry:

* ``applies_to`` (``"melee"`` / ``"ranged"``): the weapon fumble bands 15-19, 60-69 and
  70-79 hold a melee and a ranged variant in one list; an effect tagged with ``applies_to``
  is applied only to an attack of that kind, an untagged one to every attack;
* ``requires`` (``"free_hand"`` / ``"both_hands_in_use"``): the effect applies only if the
  attacker has a free hand / has both hands in use (a ``both-hands-in-use`` feature);
* ``choice``: the seed leaves a decision to a person (``d20.crit.effects``):
  ``"attacker"`` ("you can choose ..."): all the effects of one band marked ``"attacker"``
  form **one** offer, accepted or declined as a whole; ``"dm"`` ("chosen by DM"): the DM
  supplies the detail the effect names. A choice becomes a pending choice in the encounter
  that ``resolveChoice`` accepts or declines.

Durations are data too: ``{"ends": "start"|"end", "of": party, "turns": n}``,
``{"rounds": n}``, ``{"rounds_dice": "1d4", "until_damaged": true}``, ``"next round"`` and
``{"until": "turn_without_spell", "of": party}``. Dice are in the engine's notation
(``"1d6"``), rolled with the encounter's random source when the effect applies. How they
count (``d20.crit.effects`` decisions 1 and 2): "until the end of your next turn" ends at
the end of the first turn of that creature that *starts after* the band (applied during its
own turn, it lasts through its following turn); "for N rounds" and "1 minute" (10 rounds)
cover N turns of the creature that has the effect, ending at the end of its Nth turn that
starts after the band.
"""

from __future__ import annotations

from .composite import Check, Effect, GrantAction, iter_effects
from .conditions import Condition, Exhaustion, Movement, ObscuredArea
from .damage import Damage, ExtraDamageDice, PermanentInjury, SelfHit
from .durations import (
    DamageRoll,
    Distance,
    Duration,
    NextRound,
    Rounds,
    RoundsDice,
    TurnBoundary,
    UntilTurnWithoutSpell,
)
from .play import WEAPON_STATE, Play, attack_json, effect_json
from .rolls import AcBonus, RollMode
from .turns import EndTurn, Initiative, OpportunityAttack
from .vocabulary import (
    HEX_DIRECTIONS,
    HEX_STEPS,
    RULE,
    SQUARE_DIRECTIONS,
    SQUARE_STEPS,
    Ability,
    AttackKind,
    Chooser,
    ConditionName,
    HandsNeeded,
    Party,
    WeaponKind,
    Who,
)
from .weapons import Ammunition, ComponentsBlocked, WeaponMoved, cell_in, direction_in, directions

__all__ = [
    "HEX_DIRECTIONS",
    "HEX_STEPS",
    "RULE",
    "SQUARE_DIRECTIONS",
    "SQUARE_STEPS",
    "WEAPON_STATE",
    "Ability",
    "AcBonus",
    "Ammunition",
    "AttackKind",
    "Check",
    "Chooser",
    "ComponentsBlocked",
    "Condition",
    "ConditionName",
    "Damage",
    "DamageRoll",
    "Distance",
    "Duration",
    "Effect",
    "EndTurn",
    "Exhaustion",
    "ExtraDamageDice",
    "GrantAction",
    "HandsNeeded",
    "Initiative",
    "Movement",
    "NextRound",
    "ObscuredArea",
    "OpportunityAttack",
    "Party",
    "PermanentInjury",
    "Play",
    "RollMode",
    "Rounds",
    "RoundsDice",
    "SelfHit",
    "TurnBoundary",
    "UntilTurnWithoutSpell",
    "WeaponKind",
    "WeaponMoved",
    "Who",
    "attack_json",
    "cell_in",
    "direction_in",
    "directions",
    "effect_json",
    "iter_effects",
]

"""The closed vocabulary the bands' data is written in: parties, kinds and directions."""

from __future__ import annotations

from typing import Literal, TypeAlias

RULE = "d20.crit.effects"


AttackKind: TypeAlias = Literal["melee", "ranged", "spell"]


Party: TypeAlias = Literal["attacker", "target"]


Who: TypeAlias = Literal["attacker", "target", "enemies"]


Chooser: TypeAlias = Literal["attacker", "dm"]


WeaponKind: TypeAlias = Literal["melee", "ranged"]


HandsNeeded: TypeAlias = Literal["free_hand", "both_hands_in_use"]


Ability: TypeAlias = Literal[
    "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"
]


ConditionName: TypeAlias = Literal[
    "prone", "surprised", "blinded", "frightened", "incapacitated", "stunned", "asleep"
]


SQUARE_DIRECTIONS = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)


SQUARE_STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


HEX_DIRECTIONS = ("east", "south-east", "south-west", "west", "north-west", "north-east")


HEX_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""Axial steps; on flat-top hexes the names are kept for the same six steps."""

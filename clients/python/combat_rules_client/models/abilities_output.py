from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AbilitiesOutput")


@_attrs_define
class AbilitiesOutput:
    """A modifier for each of the six abilities.

    Attributes:
        strength (int):  Default: 0.
        dexterity (int):  Default: 0.
        constitution (int):  Default: 0.
        intelligence (int):  Default: 0.
        wisdom (int):  Default: 0.
        charisma (int):  Default: 0.
    """

    strength: int = 0
    dexterity: int = 0
    constitution: int = 0
    intelligence: int = 0
    wisdom: int = 0
    charisma: int = 0

    def to_dict(self) -> dict[str, Any]:
        strength = self.strength

        dexterity = self.dexterity

        constitution = self.constitution

        intelligence = self.intelligence

        wisdom = self.wisdom

        charisma = self.charisma

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "strength": strength,
                "dexterity": dexterity,
                "constitution": constitution,
                "intelligence": intelligence,
                "wisdom": wisdom,
                "charisma": charisma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        strength = d.pop("strength")

        dexterity = d.pop("dexterity")

        constitution = d.pop("constitution")

        intelligence = d.pop("intelligence")

        wisdom = d.pop("wisdom")

        charisma = d.pop("charisma")

        abilities_output = cls(
            strength=strength,
            dexterity=dexterity,
            constitution=constitution,
            intelligence=intelligence,
            wisdom=wisdom,
            charisma=charisma,
        )

        return abilities_output

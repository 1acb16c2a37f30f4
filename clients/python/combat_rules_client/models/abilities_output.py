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
        strength (int): The Strength modifier (not the score): Strength checks and saves, and the skills
            `athletics` and (d100) `unarmed` when `skills` doesn't list them; d100 derives the
            carrying capacity from it when `strengthScore` is omitted (`d100.carry`). Default: 0.
        dexterity (int): The Dexterity modifier: Dexterity checks and saves (those cover protects in d20:
            `d20.cover.degrees`), and `stealth` (Hide) and `acrobatics` when `skills` doesn't list
            them. Default: 0.
        constitution (int): The Constitution modifier: Constitution checks and saves, such as the save that keeps
            concentration (`d20.ready.spell`) and those the critical tables call for
            (`d20.crit.effects`). Default: 0.
        intelligence (int): The Intelligence modifier: Intelligence checks and saves, and d100's `repair` check when
            `skills` doesn't list it (`d100.action.repair`). Default: 0.
        wisdom (int): The Wisdom modifier: Wisdom checks and saves, and `medicine` (first aid:
            `d20.death.stabilize`) and d100's `scavenging` when `skills` doesn't list them. Default: 0.
        charisma (int): The Charisma modifier: Charisma checks and saves (no rule of the service calls for one
            yet). Default: 0.
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

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Abilities")


@_attrs_define
class Abilities:
    """A modifier for each of the six abilities.

    Attributes:
        strength (int | Unset): The Strength modifier (not the score): Strength checks and saves, and the skills
            `athletics` and (d100) `unarmed` when `skills` doesn't list them; d100 derives the
            carrying capacity from it when `strengthScore` is omitted (`d100.carry`). Default: 0.
        dexterity (int | Unset): The Dexterity modifier: Dexterity checks and saves (those cover protects in d20:
            `d20.cover.degrees`), and `stealth` (Hide) and `acrobatics` when `skills` doesn't list
            them. Default: 0.
        constitution (int | Unset): The Constitution modifier: Constitution checks and saves, such as the save that
            keeps
            concentration (`d20.ready.spell`) and those the critical tables call for
            (`d20.crit.effects`). Default: 0.
        intelligence (int | Unset): The Intelligence modifier: Intelligence checks and saves, and d100's `repair` check
            when
            `skills` doesn't list it (`d100.action.repair`). Default: 0.
        wisdom (int | Unset): The Wisdom modifier: Wisdom checks and saves, and `medicine` (first aid:
            `d20.death.stabilize`) and d100's `scavenging` when `skills` doesn't list them. Default: 0.
        charisma (int | Unset): The Charisma modifier: Charisma checks and saves (no rule of the service calls for one
            yet). Default: 0.
    """

    strength: int | Unset = 0
    dexterity: int | Unset = 0
    constitution: int | Unset = 0
    intelligence: int | Unset = 0
    wisdom: int | Unset = 0
    charisma: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        strength = self.strength

        dexterity = self.dexterity

        constitution = self.constitution

        intelligence = self.intelligence

        wisdom = self.wisdom

        charisma = self.charisma

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if strength is not UNSET:
            field_dict["strength"] = strength
        if dexterity is not UNSET:
            field_dict["dexterity"] = dexterity
        if constitution is not UNSET:
            field_dict["constitution"] = constitution
        if intelligence is not UNSET:
            field_dict["intelligence"] = intelligence
        if wisdom is not UNSET:
            field_dict["wisdom"] = wisdom
        if charisma is not UNSET:
            field_dict["charisma"] = charisma

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        strength = d.pop("strength", UNSET)

        dexterity = d.pop("dexterity", UNSET)

        constitution = d.pop("constitution", UNSET)

        intelligence = d.pop("intelligence", UNSET)

        wisdom = d.pop("wisdom", UNSET)

        charisma = d.pop("charisma", UNSET)

        abilities = cls(
            strength=strength,
            dexterity=dexterity,
            constitution=constitution,
            intelligence=intelligence,
            wisdom=wisdom,
            charisma=charisma,
        )

        return abilities

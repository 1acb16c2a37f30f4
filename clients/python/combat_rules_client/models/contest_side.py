from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ability_name import AbilityName
from ..types import UNSET, Unset

T = TypeVar("T", bound="ContestSide")


@_attrs_define
class ContestSide:
    """The other creature of a contest (`d20.save`) and what it rolls: an ability check of
    `ability`, or of `skill` (its skill bonus; without one, `ability`, else the skill's
    usual ability).

        Attributes:
            combatant_id (str): The other creature (not the one rolling).
            ability (AbilityName | None | Unset): The ability it checks (with `skill`: what it adds without a bonus for the
                skill).
            skill (None | str | Unset): The skill it checks (`athletics`, `acrobatics`, `perception`...).
    """

    combatant_id: str
    ability: AbilityName | None | Unset = UNSET
    skill: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        ability: None | str | Unset
        if isinstance(self.ability, Unset):
            ability = UNSET
        elif isinstance(self.ability, AbilityName):
            ability = self.ability.value
        else:
            ability = self.ability

        skill: None | str | Unset
        if isinstance(self.skill, Unset):
            skill = UNSET
        else:
            skill = self.skill

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
            }
        )
        if ability is not UNSET:
            field_dict["ability"] = ability
        if skill is not UNSET:
            field_dict["skill"] = skill

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        def _parse_ability(data: object) -> AbilityName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ability_type_0 = AbilityName(data)

                return ability_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbilityName | None | Unset, data)

        ability = _parse_ability(d.pop("ability", UNSET))

        def _parse_skill(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        skill = _parse_skill(d.pop("skill", UNSET))

        contest_side = cls(
            combatant_id=combatant_id,
            ability=ability,
            skill=skill,
        )

        return contest_side

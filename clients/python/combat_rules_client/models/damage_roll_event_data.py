from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DamageRollEventData")


@_attrs_define
class DamageRollEventData:
    """The `data` of an event of type `damage-roll`. A damage roll (`roll` holds every die: on a d20 critical hit, the dice
    twice); `amount` is its total, before resistances and temporary hit points (the `damage` entry after it says what
    the target lost).

        Attributes:
            damage_type (None | str | Unset): the damage type of a critical band's damage
            bonus (int | Unset): a d100 critical hit: the 50% bonus damage
    """

    damage_type: None | str | Unset = UNSET
    bonus: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        damage_type: None | str | Unset
        if isinstance(self.damage_type, Unset):
            damage_type = UNSET
        else:
            damage_type = self.damage_type

        bonus = self.bonus

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if damage_type is not UNSET:
            field_dict["damageType"] = damage_type
        if bonus is not UNSET:
            field_dict["bonus"] = bonus

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_damage_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        damage_type = _parse_damage_type(d.pop("damageType", UNSET))

        bonus = d.pop("bonus", UNSET)

        damage_roll_event_data = cls(
            damage_type=damage_type,
            bonus=bonus,
        )

        return damage_roll_event_data

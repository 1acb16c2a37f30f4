from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DamageEventData")


@_attrs_define
class DamageEventData:
    """The `data` of an event of type `damage`. A creature takes damage; `amount` is the damage.

    Attributes:
        temp_hp_absorbed (int | Unset): how much its temporary HP absorbed
    """

    temp_hp_absorbed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        temp_hp_absorbed = self.temp_hp_absorbed

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if temp_hp_absorbed is not UNSET:
            field_dict["tempHpAbsorbed"] = temp_hp_absorbed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        temp_hp_absorbed = d.pop("tempHpAbsorbed", UNSET)

        damage_event_data = cls(
            temp_hp_absorbed=temp_hp_absorbed,
        )

        return damage_event_data

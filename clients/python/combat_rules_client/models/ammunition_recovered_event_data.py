from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AmmunitionRecoveredEventData")


@_attrs_define
class AmmunitionRecoveredEventData:
    """The `data` of an event of type `ammunition-recovered`. A creature picks up spilled ammunition, or frees lodged
    ammunition.

        Attributes:
            weapon (str | Unset): the attack's name
    """

    weapon: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        weapon = self.weapon

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if weapon is not UNSET:
            field_dict["weapon"] = weapon

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        weapon = d.pop("weapon", UNSET)

        ammunition_recovered_event_data = cls(
            weapon=weapon,
        )

        return ammunition_recovered_event_data

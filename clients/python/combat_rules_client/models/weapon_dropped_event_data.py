from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.point import Point


T = TypeVar("T", bound="WeaponDroppedEventData")


@_attrs_define
class WeaponDroppedEventData:
    """The `data` of an event of type `weapon-dropped`. A creature falling unconscious drops the weapon it holds where it
    lies (`d20.cond`).

        Attributes:
            weapon (str | Unset): the attack's name
            at (Point | Unset): A cell of the board, as an event's data gives it.
    """

    weapon: str | Unset = UNSET
    at: Point | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        weapon = self.weapon

        at: dict[str, Any] | Unset = UNSET
        if not isinstance(self.at, Unset):
            at = self.at.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if weapon is not UNSET:
            field_dict["weapon"] = weapon
        if at is not UNSET:
            field_dict["at"] = at

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point import Point  # noqa: PLC0415

        d = dict(src_dict)
        weapon = d.pop("weapon", UNSET)

        _at = d.pop("at", UNSET)
        at: Point | Unset
        if isinstance(_at, Unset):
            at = UNSET
        else:
            at = Point.from_dict(_at)

        weapon_dropped_event_data = cls(
            weapon=weapon,
            at=at,
        )

        return weapon_dropped_event_data

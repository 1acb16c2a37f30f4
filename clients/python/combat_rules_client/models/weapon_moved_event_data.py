from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.point import Point


T = TypeVar("T", bound="WeaponMovedEventData")


@_attrs_define
class WeaponMovedEventData:
    """The `data` of an event of type `weapon-moved`. A critical band moves a weapon out of its holder's hand.

    Attributes:
        to (str | Unset): `own_feet`, `target_space`, `attacker_hand` or `away`
        holder (str | Unset): whose weapon
        weapon (str | Unset): the attack's name
        at (Point | Unset): A cell of the board, as an event's data gives it.
        distance_ft (int | Unset): how far it flew
        direction (str | Unset): which way
        detail (None | str | Unset): the DM's answer
    """

    to: str | Unset = UNSET
    holder: str | Unset = UNSET
    weapon: str | Unset = UNSET
    at: Point | Unset = UNSET
    distance_ft: int | Unset = UNSET
    direction: str | Unset = UNSET
    detail: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        to = self.to

        holder = self.holder

        weapon = self.weapon

        at: dict[str, Any] | Unset = UNSET
        if not isinstance(self.at, Unset):
            at = self.at.to_dict()

        distance_ft = self.distance_ft

        direction = self.direction

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        else:
            detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if to is not UNSET:
            field_dict["to"] = to
        if holder is not UNSET:
            field_dict["holder"] = holder
        if weapon is not UNSET:
            field_dict["weapon"] = weapon
        if at is not UNSET:
            field_dict["at"] = at
        if distance_ft is not UNSET:
            field_dict["distanceFt"] = distance_ft
        if direction is not UNSET:
            field_dict["direction"] = direction
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point import Point  # noqa: PLC0415

        d = dict(src_dict)
        to = d.pop("to", UNSET)

        holder = d.pop("holder", UNSET)

        weapon = d.pop("weapon", UNSET)

        _at = d.pop("at", UNSET)
        at: Point | Unset
        if isinstance(_at, Unset):
            at = UNSET
        else:
            at = Point.from_dict(_at)

        distance_ft = d.pop("distanceFt", UNSET)

        direction = d.pop("direction", UNSET)

        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))

        weapon_moved_event_data = cls(
            to=to,
            holder=holder,
            weapon=weapon,
            at=at,
            distance_ft=distance_ft,
            direction=direction,
            detail=detail,
        )

        return weapon_moved_event_data

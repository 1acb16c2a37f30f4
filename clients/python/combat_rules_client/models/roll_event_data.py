from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RollEventData")


@_attrs_define
class RollEventData:
    """The `data` of an event of type `roll`. A roll of dice other than an attack's or its damage (initiative, saves,
    checks, death saves, critical tables, durations...): `roll` holds every die and its `purpose`; `amount` is its
    total.

        Attributes:
            advantage (list[str] | Unset): saves: the sources of advantage applied
            disadvantage (list[str] | Unset): saves: the sources of disadvantage applied
            table (str | Unset): critical-table rolls: which table
            dc (int | Unset): checks and saves: the DC to meet
            success (bool | Unset): checks and saves: whether it met the DC
            automatic_failure (list[str] | Unset): checks and saves: the conditions that fail it whatever the total
                (d20.cond)
            group (str | Unset): initiative: the group that rolled once
            members (list[str] | Unset): initiative: the members of that group
            hours (int | Unset): a stable creature: hours until it regains 1 HP
            condition (int | Unset): a weapon's condition after a fumble (d100)
            broken (bool | Unset): whether that weapon broke (d100)
    """

    advantage: list[str] | Unset = UNSET
    disadvantage: list[str] | Unset = UNSET
    table: str | Unset = UNSET
    dc: int | Unset = UNSET
    success: bool | Unset = UNSET
    automatic_failure: list[str] | Unset = UNSET
    group: str | Unset = UNSET
    members: list[str] | Unset = UNSET
    hours: int | Unset = UNSET
    condition: int | Unset = UNSET
    broken: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        advantage: list[str] | Unset = UNSET
        if not isinstance(self.advantage, Unset):
            advantage = self.advantage

        disadvantage: list[str] | Unset = UNSET
        if not isinstance(self.disadvantage, Unset):
            disadvantage = self.disadvantage

        table = self.table

        dc = self.dc

        success = self.success

        automatic_failure: list[str] | Unset = UNSET
        if not isinstance(self.automatic_failure, Unset):
            automatic_failure = self.automatic_failure

        group = self.group

        members: list[str] | Unset = UNSET
        if not isinstance(self.members, Unset):
            members = self.members

        hours = self.hours

        condition = self.condition

        broken = self.broken

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if table is not UNSET:
            field_dict["table"] = table
        if dc is not UNSET:
            field_dict["dc"] = dc
        if success is not UNSET:
            field_dict["success"] = success
        if automatic_failure is not UNSET:
            field_dict["automaticFailure"] = automatic_failure
        if group is not UNSET:
            field_dict["group"] = group
        if members is not UNSET:
            field_dict["members"] = members
        if hours is not UNSET:
            field_dict["hours"] = hours
        if condition is not UNSET:
            field_dict["condition"] = condition
        if broken is not UNSET:
            field_dict["broken"] = broken

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        advantage = cast(list[str], d.pop("advantage", UNSET))

        disadvantage = cast(list[str], d.pop("disadvantage", UNSET))

        table = d.pop("table", UNSET)

        dc = d.pop("dc", UNSET)

        success = d.pop("success", UNSET)

        automatic_failure = cast(list[str], d.pop("automaticFailure", UNSET))

        group = d.pop("group", UNSET)

        members = cast(list[str], d.pop("members", UNSET))

        hours = d.pop("hours", UNSET)

        condition = d.pop("condition", UNSET)

        broken = d.pop("broken", UNSET)

        roll_event_data = cls(
            advantage=advantage,
            disadvantage=disadvantage,
            table=table,
            dc=dc,
            success=success,
            automatic_failure=automatic_failure,
            group=group,
            members=members,
            hours=hours,
            condition=condition,
            broken=broken,
        )

        return roll_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StepClosedEventData")


@_attrs_define
class StepClosedEventData:
    """The `data` of an event of type `step-closed`. d10: the simultaneous count ends; what it held has landed.

    Attributes:
        initiative (int | Unset): the count
        members (list[str] | Unset): the combatants on it
        applied (int | Unset): how many held damages landed
        held (int | Unset): how many other held changes (healing, conditions...) it had
    """

    initiative: int | Unset = UNSET
    members: list[str] | Unset = UNSET
    applied: int | Unset = UNSET
    held: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        initiative = self.initiative

        members: list[str] | Unset = UNSET
        if not isinstance(self.members, Unset):
            members = self.members

        applied = self.applied

        held = self.held

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if initiative is not UNSET:
            field_dict["initiative"] = initiative
        if members is not UNSET:
            field_dict["members"] = members
        if applied is not UNSET:
            field_dict["applied"] = applied
        if held is not UNSET:
            field_dict["held"] = held

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        initiative = d.pop("initiative", UNSET)

        members = cast(list[str], d.pop("members", UNSET))

        applied = d.pop("applied", UNSET)

        held = d.pop("held", UNSET)

        step_closed_event_data = cls(
            initiative=initiative,
            members=members,
            applied=applied,
            held=held,
        )

        return step_closed_event_data

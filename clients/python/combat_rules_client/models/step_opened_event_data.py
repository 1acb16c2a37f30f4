from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StepOpenedEventData")


@_attrs_define
class StepOpenedEventData:
    """The `data` of an event of type `step-opened`. d10: creatures on one count act simultaneously from now.

    Attributes:
        initiative (int | Unset): the count
        members (list[str] | Unset): the combatants on it
    """

    initiative: int | Unset = UNSET
    members: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        initiative = self.initiative

        members: list[str] | Unset = UNSET
        if not isinstance(self.members, Unset):
            members = self.members

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if initiative is not UNSET:
            field_dict["initiative"] = initiative
        if members is not UNSET:
            field_dict["members"] = members

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        initiative = d.pop("initiative", UNSET)

        members = cast(list[str], d.pop("members", UNSET))

        step_opened_event_data = cls(
            initiative=initiative,
            members=members,
        )

        return step_opened_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContestEventData")


@_attrs_define
class ContestEventData:
    """The `data` of an event of type `contest`. A contest of checks (shove, grapple, escape; a tie: the one trying to
    change the situation fails, d20.save).

        Attributes:
            success (bool | Unset): whether the actor won
    """

    success: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success", UNSET)

        contest_event_data = cls(
            success=success,
        )

        return contest_event_data

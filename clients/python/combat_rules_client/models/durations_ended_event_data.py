from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DurationsEndedEventData")


@_attrs_define
class DurationsEndedEventData:
    """The `data` of an event of type `durations-ended`. Round durations that ran out as a new round began.

    Attributes:
        expired (list[str] | Unset): what ended
    """

    expired: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expired: list[str] | Unset = UNSET
        if not isinstance(self.expired, Unset):
            expired = self.expired

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expired is not UNSET:
            field_dict["expired"] = expired

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expired = cast(list[str], d.pop("expired", UNSET))

        durations_ended_event_data = cls(
            expired=expired,
        )

        return durations_ended_event_data

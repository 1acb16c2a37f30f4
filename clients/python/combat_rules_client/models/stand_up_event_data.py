from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StandUpEventData")


@_attrs_define
class StandUpEventData:
    """The `data` of an event of type `stand-up`. A prone creature stands up (half its speed)."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        stand_up_event_data = cls()

        return stand_up_event_data

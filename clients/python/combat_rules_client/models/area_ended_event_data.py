from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AreaEndedEventData")


@_attrs_define
class AreaEndedEventData:
    """The `data` of an event of type `area-ended`. An area (smoke...) ends at the start or end of its turn."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        area_ended_event_data = cls()

        return area_ended_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SurprisedEventData")


@_attrs_define
class SurprisedEventData:
    """The `data` of an event of type `surprised`. A creature is surprised (d20.order.surprise)."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        surprised_event_data = cls()

        return surprised_event_data

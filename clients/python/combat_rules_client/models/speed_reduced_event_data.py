from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SpeedReducedEventData")


@_attrs_define
class SpeedReducedEventData:
    """The `data` of an event of type `speed-reduced`. d100: a creature's speed is reduced this turn."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        speed_reduced_event_data = cls()

        return speed_reduced_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SpeedChangedEventData")


@_attrs_define
class SpeedChangedEventData:
    """The `data` of an event of type `speed-changed`. d100: a grapple changes a creature's speed during its turn; `amount`
    is the movement left.

        Attributes:
            speed (int | Unset): its speed now
    """

    speed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        speed = self.speed

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if speed is not UNSET:
            field_dict["speed"] = speed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        speed = d.pop("speed", UNSET)

        speed_changed_event_data = cls(
            speed=speed,
        )

        return speed_changed_event_data

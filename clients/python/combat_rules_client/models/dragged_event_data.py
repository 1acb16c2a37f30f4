from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DraggedEventData")


@_attrs_define
class DraggedEventData:
    """The `data` of an event of type `dragged`. d100: a grappler's move drags the creature it holds (forced movement).

    Attributes:
        x (int | Unset): its new column
        y (int | Unset): its new row
    """

    x: int | Unset = UNSET
    y: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if x is not UNSET:
            field_dict["x"] = x
        if y is not UNSET:
            field_dict["y"] = y

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        x = d.pop("x", UNSET)

        y = d.pop("y", UNSET)

        dragged_event_data = cls(
            x=x,
            y=y,
        )

        return dragged_event_data

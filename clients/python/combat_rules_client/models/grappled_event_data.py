from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GrappledEventData")


@_attrs_define
class GrappledEventData:
    """The `data` of an event of type `grappled`. d100: a creature is grappled."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        grappled_event_data = cls()

        return grappled_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GrappleEndedEventData")


@_attrs_define
class GrappleEndedEventData:
    """The `data` of an event of type `grapple-ended`. d100: a grapple ends by itself (out of reach, the grappler down, the
    held creature dead).

    """

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        grapple_ended_event_data = cls()

        return grapple_ended_event_data

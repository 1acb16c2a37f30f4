from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UnconsciousEventData")


@_attrs_define
class UnconsciousEventData:
    """The `data` of an event of type `unconscious`. A creature drops to 0 HP and falls unconscious."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        unconscious_event_data = cls()

        return unconscious_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HealingEventData")


@_attrs_define
class HealingEventData:
    """The `data` of an event of type `healing`. A creature regains HP; `amount` is what it regained."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        healing_event_data = cls()

        return healing_event_data

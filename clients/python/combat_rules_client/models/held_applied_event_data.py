from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeldAppliedEventData")


@_attrs_define
class HeldAppliedEventData:
    """The `data` of an event of type `held-applied`. d10: a change held by a simultaneous count is made now."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        held_applied_event_data = cls()

        return held_applied_event_data

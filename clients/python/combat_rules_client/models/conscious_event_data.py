from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConsciousEventData")


@_attrs_define
class ConsciousEventData:
    """The `data` of an event of type `conscious`. A creature at 0 HP regains HP and wakes up."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        conscious_event_data = cls()

        return conscious_event_data

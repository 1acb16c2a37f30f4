from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TeleportEventData")


@_attrs_define
class TeleportEventData:
    """The `data` of an event of type `teleport`. A creature teleports: no path, no opportunity attacks."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        teleport_event_data = cls()

        return teleport_event_data

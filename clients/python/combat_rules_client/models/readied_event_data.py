from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReadiedEventData")


@_attrs_define
class ReadiedEventData:
    """The `data` of an event of type `readied`. A creature readies an action for a trigger."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        readied_event_data = cls()

        return readied_event_data

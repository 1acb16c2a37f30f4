from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AwareEventData")


@_attrs_define
class AwareEventData:
    """The `data` of an event of type `aware`. d10: an unaware creature becomes aware on its first turn."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        aware_event_data = cls()

        return aware_event_data

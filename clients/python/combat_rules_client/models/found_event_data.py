from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FoundEventData")


@_attrs_define
class FoundEventData:
    """The `data` of an event of type `found`. A search finds a hidden creature (d20.hide, d100.hide.contest)."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        found_event_data = cls()

        return found_event_data

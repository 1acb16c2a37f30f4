from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UnstableEventData")


@_attrs_define
class UnstableEventData:
    """The `data` of an event of type `unstable`. A stable creature is damaged and dying again."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        unstable_event_data = cls()

        return unstable_event_data

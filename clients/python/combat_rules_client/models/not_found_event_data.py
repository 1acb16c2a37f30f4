from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NotFoundEventData")


@_attrs_define
class NotFoundEventData:
    """The `data` of an event of type `not-found`. A hidden creature stays hidden from a search."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        not_found_event_data = cls()

        return not_found_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SurpriseOverEventData")


@_attrs_define
class SurpriseOverEventData:
    """The `data` of an event of type `surprise-over`. A surprised creature's first turn is over: it can react."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        surprise_over_event_data = cls()

        return surprise_over_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReloadedEventData")


@_attrs_define
class ReloadedEventData:
    """The `data` of an event of type `reloaded`. d100: a weapon is reloaded; `amount` is the rounds loaded."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        reloaded_event_data = cls()

        return reloaded_event_data

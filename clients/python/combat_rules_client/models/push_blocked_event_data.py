from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PushBlockedEventData")


@_attrs_define
class PushBlockedEventData:
    """The `data` of an event of type `push-blocked`. d100: a shove's push is blocked (the message says by what)."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        push_blocked_event_data = cls()

        return push_blocked_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnDelayedEventData")


@_attrs_define
class TurnDelayedEventData:
    """The `data` of an event of type `turn-delayed`. A creature lowered its initiative on its turn: it acts later."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        turn_delayed_event_data = cls()

        return turn_delayed_event_data

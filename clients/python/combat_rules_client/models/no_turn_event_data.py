from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NoTurnEventData")


@_attrs_define
class NoTurnEventData:
    """The `data` of an event of type `no-turn`. Every combatant in the order is dead: nobody's turn."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        no_turn_event_data = cls()

        return no_turn_event_data

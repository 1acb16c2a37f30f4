from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CombatStartEventData")


@_attrs_define
class CombatStartEventData:
    """The `data` of an event of type `combat-start`. d10: a creature's hostile action starts the fight."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        combat_start_event_data = cls()

        return combat_start_event_data

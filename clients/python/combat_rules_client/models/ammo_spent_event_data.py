from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AmmoSpentEventData")


@_attrs_define
class AmmoSpentEventData:
    """The `data` of an event of type `ammo-spent`. d100: a shot spends a round; `amount` is what is left."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        ammo_spent_event_data = cls()

        return ammo_spent_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="InitiativeCompanionEventData")


@_attrs_define
class InitiativeCompanionEventData:
    """The `data` of an event of type `initiative-companion`. A companion acts right after its controller."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        initiative_companion_event_data = cls()

        return initiative_companion_event_data

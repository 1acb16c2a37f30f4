from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="InitiativeUnawareEventData")


@_attrs_define
class InitiativeUnawareEventData:
    """The `data` of an event of type `initiative-unaware`. d10: an unaware creature's initiative, without a roll."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        initiative_unaware_event_data = cls()

        return initiative_unaware_event_data

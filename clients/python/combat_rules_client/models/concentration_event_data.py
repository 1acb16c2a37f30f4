from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConcentrationEventData")


@_attrs_define
class ConcentrationEventData:
    """The `data` of an event of type `concentration`. A readied spell is held with concentration."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        concentration_event_data = cls()

        return concentration_event_data

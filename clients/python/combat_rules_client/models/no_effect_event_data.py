from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NoEffectEventData")


@_attrs_define
class NoEffectEventData:
    """The `data` of an event of type `no-effect`. Something was asked that the state makes pointless (said why)."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        no_effect_event_data = cls()

        return no_effect_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="EffectEndedEventData")


@_attrs_define
class EffectEndedEventData:
    """The `data` of an event of type `effect-ended`. An effect that counted uses is used up."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        effect_ended_event_data = cls()

        return effect_ended_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="KnockedOutEventData")


@_attrs_define
class KnockedOutEventData:
    """The `data` of an event of type `knocked-out`. A melee attack knocks a creature out: unconscious and stable."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        knocked_out_event_data = cls()

        return knocked_out_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeathEventData")


@_attrs_define
class DeathEventData:
    """The `data` of an event of type `death`. A creature dies; `rule` says which death rule killed it.

    Attributes:
        overflow (int | Unset): instant death: damage left after 0 HP
        threshold (int | Unset): what it had to reach
    """

    overflow: int | Unset = UNSET
    threshold: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        overflow = self.overflow

        threshold = self.threshold

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if overflow is not UNSET:
            field_dict["overflow"] = overflow
        if threshold is not UNSET:
            field_dict["threshold"] = threshold

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        overflow = d.pop("overflow", UNSET)

        threshold = d.pop("threshold", UNSET)

        death_event_data = cls(
            overflow=overflow,
            threshold=threshold,
        )

        return death_event_data

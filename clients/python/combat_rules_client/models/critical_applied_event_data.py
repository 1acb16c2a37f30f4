from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CriticalAppliedEventData")


@_attrs_define
class CriticalAppliedEventData:
    """The `data` of an event of type `critical-applied`. What a critical band did in all.

    Attributes:
        applied (list[str] | Unset): one line per effect applied
        offered (list[str] | Unset): ids of the choices it offered
    """

    applied: list[str] | Unset = UNSET
    offered: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        applied: list[str] | Unset = UNSET
        if not isinstance(self.applied, Unset):
            applied = self.applied

        offered: list[str] | Unset = UNSET
        if not isinstance(self.offered, Unset):
            offered = self.offered

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if applied is not UNSET:
            field_dict["applied"] = applied
        if offered is not UNSET:
            field_dict["offered"] = offered

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        applied = cast(list[str], d.pop("applied", UNSET))

        offered = cast(list[str], d.pop("offered", UNSET))

        critical_applied_event_data = cls(
            applied=applied,
            offered=offered,
        )

        return critical_applied_event_data

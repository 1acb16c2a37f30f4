from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProneEventData")


@_attrs_define
class ProneEventData:
    """The `data` of an event of type `prone`. d100: a shove knocks a creature prone.

    Attributes:
        mode (str | Unset): always `prone`
    """

    mode: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = d.pop("mode", UNSET)

        prone_event_data = cls(
            mode=mode,
        )

        return prone_event_data

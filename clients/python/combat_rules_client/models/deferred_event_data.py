from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeferredEventData")


@_attrs_define
class DeferredEventData:
    """The `data` of an event of type `deferred`. d10: damage between creatures on one count waits for the count to end.

    Attributes:
        initiative (int | Unset): the count
    """

    initiative: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        initiative = self.initiative

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if initiative is not UNSET:
            field_dict["initiative"] = initiative

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        initiative = d.pop("initiative", UNSET)

        deferred_event_data = cls(
            initiative=initiative,
        )

        return deferred_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InitiativeOrderEventData")


@_attrs_define
class InitiativeOrderEventData:
    """The `data` of an event of type `initiative-order`. d100: the order of combat from positions or as declared.

    Attributes:
        method (str | Unset): `entry-point` or `declared`
        order (list[str] | Unset): the combatant ids in order
    """

    method: str | Unset = UNSET
    order: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        method = self.method

        order: list[str] | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = self.order

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if method is not UNSET:
            field_dict["method"] = method
        if order is not UNSET:
            field_dict["order"] = order

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = d.pop("method", UNSET)

        order = cast(list[str], d.pop("order", UNSET))

        initiative_order_event_data = cls(
            method=method,
            order=order,
        )

        return initiative_order_event_data

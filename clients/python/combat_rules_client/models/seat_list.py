from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seat import Seat


T = TypeVar("T", bound="SeatList")


@_attrs_define
class SeatList:
    """A session's seats, the oldest first.

    Attributes:
        items (list[Seat]):
    """

    items: list[Seat]

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat import Seat  # noqa: PLC0415

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Seat.from_dict(items_item_data)

            items.append(items_item)

        seat_list = cls(
            items=items,
        )

        return seat_list

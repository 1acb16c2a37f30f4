from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.replay_step import ReplayStep


T = TypeVar("T", bound="ReplayPage")


@_attrs_define
class ReplayPage:
    """A page of a session's replay log, oldest first: one step per version.

    Attributes:
        items (list[ReplayStep]):
        offset (int):
        limit (int):
        total (int): How many steps the whole log holds (the session's version, for a session that has
            kept it from its creation).
        next_offset (int | None): The `offset` of the next page, or null on the last one.
    """

    items: list[ReplayStep]
    offset: int
    limit: int
    total: int
    next_offset: int | None

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        offset = self.offset

        limit = self.limit

        total = self.total

        next_offset: int | None
        next_offset = self.next_offset

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
                "offset": offset,
                "limit": limit,
                "total": total,
                "nextOffset": next_offset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.replay_step import ReplayStep  # noqa: PLC0415

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = ReplayStep.from_dict(items_item_data)

            items.append(items_item)

        offset = d.pop("offset")

        limit = d.pop("limit")

        total = d.pop("total")

        def _parse_next_offset(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_offset = _parse_next_offset(d.pop("nextOffset"))

        replay_page = cls(
            items=items,
            offset=offset,
            limit=limit,
            total=total,
            next_offset=next_offset,
        )

        return replay_page

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.proposal import Proposal


T = TypeVar("T", bound="ProposalList")


@_attrs_define
class ProposalList:
    """The proposals waiting on the session's current version, the oldest first.

    Attributes:
        items (list[Proposal]):
    """

    items: list[Proposal]

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
        from ..models.proposal import Proposal  # noqa: PLC0415

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Proposal.from_dict(items_item_data)

            items.append(items_item)

        proposal_list = cls(
            items=items,
        )

        return proposal_list

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InitiativeMovedEventData")


@_attrs_define
class InitiativeMovedEventData:
    """The `data` of an event of type `initiative-moved`. A critical band moved a creature to the top or bottom of the
    order.

        Attributes:
            position (str | Unset): `top` or `bottom`
            moved (list[str] | Unset): the combatants that moved (it, its companions, its group)
    """

    position: str | Unset = UNSET
    moved: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        moved: list[str] | Unset = UNSET
        if not isinstance(self.moved, Unset):
            moved = self.moved

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if position is not UNSET:
            field_dict["position"] = position
        if moved is not UNSET:
            field_dict["moved"] = moved

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position", UNSET)

        moved = cast(list[str], d.pop("moved", UNSET))

        initiative_moved_event_data = cls(
            position=position,
            moved=moved,
        )

        return initiative_moved_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FightOverEventData")


@_attrs_define
class FightOverEventData:
    """The `data` of an event of type `fight-over`. At most one side is left standing (d20.order.steps).

    Attributes:
        sides (list[str] | Unset): the sides still standing
    """

    sides: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        sides: list[str] | Unset = UNSET
        if not isinstance(self.sides, Unset):
            sides = self.sides

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if sides is not UNSET:
            field_dict["sides"] = sides

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sides = cast(list[str], d.pop("sides", UNSET))

        fight_over_event_data = cls(
            sides=sides,
        )

        return fight_over_event_data

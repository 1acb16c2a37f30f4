from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CombatantAddedEventData")


@_attrs_define
class CombatantAddedEventData:
    """The `data` of an event of type `combatant-added`. The DM adds a creature (addCombatant); `amount` is its initiative
    count, if any.

        Attributes:
            side (str | Unset): its side
            initiative (int | None | Unset): its count in the order (null: not in the order)
            initiative_from (None | str | Unset): `request`, `controller`, `group`, `rolled` or `bottom`
    """

    side: str | Unset = UNSET
    initiative: int | None | Unset = UNSET
    initiative_from: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        side = self.side

        initiative: int | None | Unset
        if isinstance(self.initiative, Unset):
            initiative = UNSET
        else:
            initiative = self.initiative

        initiative_from: None | str | Unset
        if isinstance(self.initiative_from, Unset):
            initiative_from = UNSET
        else:
            initiative_from = self.initiative_from

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if side is not UNSET:
            field_dict["side"] = side
        if initiative is not UNSET:
            field_dict["initiative"] = initiative
        if initiative_from is not UNSET:
            field_dict["initiativeFrom"] = initiative_from

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        side = d.pop("side", UNSET)

        def _parse_initiative(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        initiative = _parse_initiative(d.pop("initiative", UNSET))

        def _parse_initiative_from(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        initiative_from = _parse_initiative_from(d.pop("initiativeFrom", UNSET))

        combatant_added_event_data = cls(
            side=side,
            initiative=initiative,
            initiative_from=initiative_from,
        )

        return combatant_added_event_data

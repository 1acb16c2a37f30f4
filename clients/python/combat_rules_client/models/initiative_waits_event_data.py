from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InitiativeWaitsEventData")


@_attrs_define
class InitiativeWaitsEventData:
    """The `data` of an event of type `initiative-waits`. A creature that has acted this round lowered its initiative: its
    new place counts from the next round (it does not act twice in this one).

        Attributes:
            combatants (list[str] | Unset): those of the moved creatures that have acted this round
    """

    combatants: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatants: list[str] | Unset = UNSET
        if not isinstance(self.combatants, Unset):
            combatants = self.combatants

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if combatants is not UNSET:
            field_dict["combatants"] = combatants

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatants = cast(list[str], d.pop("combatants", UNSET))

        initiative_waits_event_data = cls(
            combatants=combatants,
        )

        return initiative_waits_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.initiative_tie_event_data_rolls import InitiativeTieEventDataRolls


T = TypeVar("T", bound="InitiativeTieEventData")


@_attrs_define
class InitiativeTieEventData:
    """The `data` of an event of type `initiative-tie`. Combatants tied on initiative: a roll-off, or (d10) a shared count.

    Attributes:
        rolls (InitiativeTieEventDataRolls | Unset): the roll-off, by combatant id
        initiative (int | Unset): the shared count (d10)
        members (list[str] | Unset): the combatants on it (d10)
        order (list[str] | Unset): a roll-off still tied: the random order drawn
    """

    rolls: InitiativeTieEventDataRolls | Unset = UNSET
    initiative: int | Unset = UNSET
    members: list[str] | Unset = UNSET
    order: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rolls: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rolls, Unset):
            rolls = self.rolls.to_dict()

        initiative = self.initiative

        members: list[str] | Unset = UNSET
        if not isinstance(self.members, Unset):
            members = self.members

        order: list[str] | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = self.order

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if rolls is not UNSET:
            field_dict["rolls"] = rolls
        if initiative is not UNSET:
            field_dict["initiative"] = initiative
        if members is not UNSET:
            field_dict["members"] = members
        if order is not UNSET:
            field_dict["order"] = order

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.initiative_tie_event_data_rolls import InitiativeTieEventDataRolls  # noqa: PLC0415

        d = dict(src_dict)
        _rolls = d.pop("rolls", UNSET)
        rolls: InitiativeTieEventDataRolls | Unset
        if isinstance(_rolls, Unset):
            rolls = UNSET
        else:
            rolls = InitiativeTieEventDataRolls.from_dict(_rolls)

        initiative = d.pop("initiative", UNSET)

        members = cast(list[str], d.pop("members", UNSET))

        order = cast(list[str], d.pop("order", UNSET))

        initiative_tie_event_data = cls(
            rolls=rolls,
            initiative=initiative,
            members=members,
            order=order,
        )

        return initiative_tie_event_data

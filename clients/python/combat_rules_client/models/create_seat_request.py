from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_seat_request_approval import CreateSeatRequestApproval
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSeatRequest")


@_attrs_define
class CreateSeatRequest:
    """A seat to make: the creatures its holder may act as (docs/seats.md).

    Attributes:
        combatants (list[str]): The ids of the session's creatures the seat acts as (each once, each in the
            session's encounter now).
        label (str | Unset): Whose seat it is, in words (`Ana's phone`): shown in the list of seats. Default: ''.
        approval (CreateSeatRequestApproval | Unset): `dm`: the seat's actions are proposals, applied when the DM
            approves them
            (`GET .../proposals`, `POST .../proposals/{id}/approve`); `none`: applied at once. Default:
            CreateSeatRequestApproval.NONE.
    """

    combatants: list[str]
    label: str | Unset = ""
    approval: CreateSeatRequestApproval | Unset = CreateSeatRequestApproval.NONE

    def to_dict(self) -> dict[str, Any]:
        combatants = self.combatants

        label = self.label

        approval: str | Unset = UNSET
        if not isinstance(self.approval, Unset):
            approval = self.approval.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatants": combatants,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if approval is not UNSET:
            field_dict["approval"] = approval

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatants = cast(list[str], d.pop("combatants"))

        label = d.pop("label", UNSET)

        _approval = d.pop("approval", UNSET)
        approval: CreateSeatRequestApproval | Unset
        if isinstance(_approval, Unset):
            approval = UNSET
        else:
            approval = CreateSeatRequestApproval(_approval)

        create_seat_request = cls(
            combatants=combatants,
            label=label,
            approval=approval,
        )

        return create_seat_request

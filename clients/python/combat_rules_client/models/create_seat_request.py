from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSeatRequest")


@_attrs_define
class CreateSeatRequest:
    """A seat to make: the creatures its holder may act as (docs/seats.md).

    Attributes:
        combatants (list[str]): The ids of the session's creatures the seat acts as (each once, each in the
            session's encounter now).
        label (str | Unset): Whose seat it is, in words (`Ana's phone`): shown in the list of seats. Default: ''.
    """

    combatants: list[str]
    label: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        combatants = self.combatants

        label = self.label

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatants": combatants,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatants = cast(list[str], d.pop("combatants"))

        label = d.pop("label", UNSET)

        create_seat_request = cls(
            combatants=combatants,
            label=label,
        )

        return create_seat_request

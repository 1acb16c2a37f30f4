from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.point import Point


T = TypeVar("T", bound="CriticalEffectEventData")


@_attrs_define
class CriticalEffectEventData:
    """The `data` of an event of type `critical-effect`. One mechanical effect of a critical band, applied.

    Attributes:
        condition (str | Unset): the condition it gave
        amount (int | Unset): the damage it dealt
        weapon (str | Unset): the attack whose ammunition it changed
        problem (str | Unset): what became of that ammunition (`spilled`, `lodged`)
        to (Point | Unset): A cell of the board, as an event's data gives it.
    """

    condition: str | Unset = UNSET
    amount: int | Unset = UNSET
    weapon: str | Unset = UNSET
    problem: str | Unset = UNSET
    to: Point | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        condition = self.condition

        amount = self.amount

        weapon = self.weapon

        problem = self.problem

        to: dict[str, Any] | Unset = UNSET
        if not isinstance(self.to, Unset):
            to = self.to.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if condition is not UNSET:
            field_dict["condition"] = condition
        if amount is not UNSET:
            field_dict["amount"] = amount
        if weapon is not UNSET:
            field_dict["weapon"] = weapon
        if problem is not UNSET:
            field_dict["problem"] = problem
        if to is not UNSET:
            field_dict["to"] = to

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point import Point  # noqa: PLC0415

        d = dict(src_dict)
        condition = d.pop("condition", UNSET)

        amount = d.pop("amount", UNSET)

        weapon = d.pop("weapon", UNSET)

        problem = d.pop("problem", UNSET)

        _to = d.pop("to", UNSET)
        to: Point | Unset
        if isinstance(_to, Unset):
            to = UNSET
        else:
            to = Point.from_dict(_to)

        critical_effect_event_data = cls(
            condition=condition,
            amount=amount,
            weapon=weapon,
            problem=problem,
            to=to,
        )

        return critical_effect_event_data

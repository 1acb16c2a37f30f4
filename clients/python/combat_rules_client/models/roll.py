from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.die import Die


T = TypeVar("T", bound="Roll")


@_attrs_define
class Roll:
    """A roll of a dice expression: what for, the notation, each die, the modifier, the total.

    Attributes:
        purpose (str):
        expression (str):
        dice (list[Die]):
        modifier (int):
        total (int):
    """

    purpose: str
    expression: str
    dice: list[Die]
    modifier: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        purpose = self.purpose

        expression = self.expression

        dice = []
        for dice_item_data in self.dice:
            dice_item = dice_item_data.to_dict()
            dice.append(dice_item)

        modifier = self.modifier

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "purpose": purpose,
                "expression": expression,
                "dice": dice,
                "modifier": modifier,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.die import Die  # noqa: PLC0415

        d = dict(src_dict)
        purpose = d.pop("purpose")

        expression = d.pop("expression")

        dice = []
        _dice = d.pop("dice")
        for dice_item_data in _dice:
            dice_item = Die.from_dict(dice_item_data)

            dice.append(dice_item)

        modifier = d.pop("modifier")

        total = d.pop("total")

        roll = cls(
            purpose=purpose,
            expression=expression,
            dice=dice,
            modifier=modifier,
            total=total,
        )

        return roll

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DiceRolledOutcome")


@_attrs_define
class DiceRolledOutcome:
    """A free roll: its total (the dice are in the `roll` event); nothing changed.

    Attributes:
        total (int):
        expression (str):
        purpose (str):
        combatant_id (None | str):
    """

    total: int
    expression: str
    purpose: str
    combatant_id: None | str

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        expression = self.expression

        purpose = self.purpose

        combatant_id: None | str
        combatant_id = self.combatant_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "expression": expression,
                "purpose": purpose,
                "combatantId": combatant_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        expression = d.pop("expression")

        purpose = d.pop("purpose")

        def _parse_combatant_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        combatant_id = _parse_combatant_id(d.pop("combatantId"))

        dice_rolled_outcome = cls(
            total=total,
            expression=expression,
            purpose=purpose,
            combatant_id=combatant_id,
        )

        return dice_rolled_outcome

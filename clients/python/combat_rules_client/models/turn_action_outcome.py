from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnActionOutcome")


@_attrs_define
class TurnActionOutcome:
    """What a simple action did: what it spent, movement left, the condition it gave.

    Attributes:
        combatant_id (str):
        action (str):
        spent (str):
        movement (int | None): Feet of movement left this turn.
        condition (None | str):
    """

    combatant_id: str
    action: str
    spent: str
    movement: int | None
    condition: None | str

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        action = self.action

        spent = self.spent

        movement: int | None
        movement = self.movement

        condition: None | str
        condition = self.condition

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "action": action,
                "spent": spent,
                "movement": movement,
                "condition": condition,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        action = d.pop("action")

        spent = d.pop("spent")

        def _parse_movement(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        movement = _parse_movement(d.pop("movement"))

        def _parse_condition(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        condition = _parse_condition(d.pop("condition"))

        turn_action_outcome = cls(
            combatant_id=combatant_id,
            action=action,
            spent=spent,
            movement=movement,
            condition=condition,
        )

        return turn_action_outcome

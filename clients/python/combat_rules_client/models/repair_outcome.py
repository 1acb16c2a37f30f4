from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RepairOutcome")


@_attrs_define
class RepairOutcome:
    """The repair check and the weapon's condition after it.

    Attributes:
        combatant_id (str):
        attack_name (str):
        success (bool):
        total (int):
        dc (int):
        condition (int):
        max_condition (int | None):
    """

    combatant_id: str
    attack_name: str
    success: bool
    total: int
    dc: int
    condition: int
    max_condition: int | None

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        attack_name = self.attack_name

        success = self.success

        total = self.total

        dc = self.dc

        condition = self.condition

        max_condition: int | None
        max_condition = self.max_condition

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "attackName": attack_name,
                "success": success,
                "total": total,
                "dc": dc,
                "condition": condition,
                "maxCondition": max_condition,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        attack_name = d.pop("attackName")

        success = d.pop("success")

        total = d.pop("total")

        dc = d.pop("dc")

        condition = d.pop("condition")

        def _parse_max_condition(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_condition = _parse_max_condition(d.pop("maxCondition"))

        repair_outcome = cls(
            combatant_id=combatant_id,
            attack_name=attack_name,
            success=success,
            total=total,
            dc=dc,
            condition=condition,
            max_condition=max_condition,
        )

        return repair_outcome

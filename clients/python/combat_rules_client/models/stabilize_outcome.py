from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="StabilizeOutcome")


@_attrs_define
class StabilizeOutcome:
    """The first-aid check (DC 10 Medicine) and whether the target is now stable
    (`d20.death.stabilize`).

        Attributes:
            combatant_id (str):
            target_id (str):
            natural (int):
            total (int):
            success (bool):
            hours_to_regain (int | None): On success: after this many hours (1d4) it regains 1 HP if not healed (not
                applied).
    """

    combatant_id: str
    target_id: str
    natural: int
    total: int
    success: bool
    hours_to_regain: int | None

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        target_id = self.target_id

        natural = self.natural

        total = self.total

        success = self.success

        hours_to_regain: int | None
        hours_to_regain = self.hours_to_regain

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "targetId": target_id,
                "natural": natural,
                "total": total,
                "success": success,
                "hoursToRegain": hours_to_regain,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        target_id = d.pop("targetId")

        natural = d.pop("natural")

        total = d.pop("total")

        success = d.pop("success")

        def _parse_hours_to_regain(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        hours_to_regain = _parse_hours_to_regain(d.pop("hoursToRegain"))

        stabilize_outcome = cls(
            combatant_id=combatant_id,
            target_id=target_id,
            natural=natural,
            total=total,
            success=success,
            hours_to_regain=hours_to_regain,
        )

        return stabilize_outcome

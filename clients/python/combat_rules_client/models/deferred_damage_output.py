from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeferredDamageOutput")


@_attrs_define
class DeferredDamageOutput:
    """Damage held until a d10 simultaneous step ends.

    Attributes:
        target_id (str): The member that takes it when the step closes.
        amount (int): Damage in hit points, as dealt (temporary HP absorb it when it lands).
        source_id (None | str): The member that dealt it.
        critical (bool): From a critical hit (two death-save failures at 0 HP: `d20.death.damage-at-zero`). Default:
            False.
        melee (bool): From a melee attack (a knockout needs one). Default: False.
        knockout (bool): The attacker chose to knock the target out (`d20.death.knockout`). Default: False.
    """

    target_id: str
    amount: int
    source_id: None | str
    critical: bool = False
    melee: bool = False
    knockout: bool = False

    def to_dict(self) -> dict[str, Any]:
        target_id = self.target_id

        amount = self.amount

        source_id: None | str
        source_id = self.source_id

        critical = self.critical

        melee = self.melee

        knockout = self.knockout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "amount": amount,
                "sourceId": source_id,
                "critical": critical,
                "melee": melee,
                "knockout": knockout,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_id = d.pop("targetId")

        amount = d.pop("amount")

        def _parse_source_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_id = _parse_source_id(d.pop("sourceId"))

        critical = d.pop("critical")

        melee = d.pop("melee")

        knockout = d.pop("knockout")

        deferred_damage_output = cls(
            target_id=target_id,
            amount=amount,
            source_id=source_id,
            critical=critical,
            melee=melee,
            knockout=knockout,
        )

        return deferred_damage_output

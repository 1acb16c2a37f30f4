from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeferredDamage")


@_attrs_define
class DeferredDamage:
    """Damage held until a d10 simultaneous step ends.

    Attributes:
        target_id (str): The member that takes it when the step closes.
        amount (int): Damage in hit points, as dealt (temporary HP absorb it when it lands).
        source_id (None | str | Unset): The member that dealt it.
        critical (bool | Unset): From a critical hit (two death-save failures at 0 HP: `d20.death.damage-at-zero`).
            Default: False.
        melee (bool | Unset): From a melee attack (a knockout needs one). Default: False.
        knockout (bool | Unset): The attacker chose to knock the target out (`d20.death.knockout`). Default: False.
    """

    target_id: str
    amount: int
    source_id: None | str | Unset = UNSET
    critical: bool | Unset = False
    melee: bool | Unset = False
    knockout: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        target_id = self.target_id

        amount = self.amount

        source_id: None | str | Unset
        if isinstance(self.source_id, Unset):
            source_id = UNSET
        else:
            source_id = self.source_id

        critical = self.critical

        melee = self.melee

        knockout = self.knockout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "amount": amount,
            }
        )
        if source_id is not UNSET:
            field_dict["sourceId"] = source_id
        if critical is not UNSET:
            field_dict["critical"] = critical
        if melee is not UNSET:
            field_dict["melee"] = melee
        if knockout is not UNSET:
            field_dict["knockout"] = knockout

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_id = d.pop("targetId")

        amount = d.pop("amount")

        def _parse_source_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source_id = _parse_source_id(d.pop("sourceId", UNSET))

        critical = d.pop("critical", UNSET)

        melee = d.pop("melee", UNSET)

        knockout = d.pop("knockout", UNSET)

        deferred_damage = cls(
            target_id=target_id,
            amount=amount,
            source_id=source_id,
            critical=critical,
            melee=melee,
            knockout=knockout,
        )

        return deferred_damage

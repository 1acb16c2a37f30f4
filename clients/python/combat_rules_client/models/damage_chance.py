from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DamageChance")


@_attrs_define
class DamageChance:
    """One value of the damage distribution and its probability.

    Attributes:
        value (int):
        probability (float):
    """

    value: int
    probability: float

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        probability = self.probability

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "probability": probability,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        value = d.pop("value")

        probability = d.pop("probability")

        damage_chance = cls(
            value=value,
            probability=probability,
        )

        return damage_chance

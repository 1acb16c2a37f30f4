from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BandChance")


@_attrs_define
class BandChance:
    """The chance that a critical-table band's effect happens on this attack.

    Attributes:
        table (str): The table: `weapon_hit`, `weapon_fumble`, `spell_hit` or `spell_fumble` (as written,
            underscores included).
        low (int):
        high (int):
        title (str):
        probability (float):
    """

    table: str
    low: int
    high: int
    title: str
    probability: float

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        low = self.low

        high = self.high

        title = self.title

        probability = self.probability

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "low": low,
                "high": high,
                "title": title,
                "probability": probability,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        table = d.pop("table")

        low = d.pop("low")

        high = d.pop("high")

        title = d.pop("title")

        probability = d.pop("probability")

        band_chance = cls(
            table=table,
            low=low,
            high=high,
            title=title,
            probability=probability,
        )

        return band_chance

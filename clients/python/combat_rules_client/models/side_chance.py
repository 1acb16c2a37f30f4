from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SideChance")


@_attrs_define
class SideChance:
    """How often one side won.

    Attributes:
        side (str):
        wins (int):
        win_probability (float):
    """

    side: str
    wins: int
    win_probability: float

    def to_dict(self) -> dict[str, Any]:
        side = self.side

        wins = self.wins

        win_probability = self.win_probability

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "side": side,
                "wins": wins,
                "winProbability": win_probability,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        side = d.pop("side")

        wins = d.pop("wins")

        win_probability = d.pop("winProbability")

        side_chance = cls(
            side=side,
            wins=wins,
            win_probability=win_probability,
        )

        return side_chance

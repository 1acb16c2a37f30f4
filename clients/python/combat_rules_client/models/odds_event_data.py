from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OddsEventData")


@_attrs_define
class OddsEventData:
    """The `data` of an event of type `odds`. A summary of computed odds.

    Attributes:
        advantage (list[str] | Unset): sources of advantage
        disadvantage (list[str] | Unset): sources of disadvantage
        cover (str | Unset): the cover degree
        runs (int | Unset): encounterOdds: the simulated fights
    """

    advantage: list[str] | Unset = UNSET
    disadvantage: list[str] | Unset = UNSET
    cover: str | Unset = UNSET
    runs: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        advantage: list[str] | Unset = UNSET
        if not isinstance(self.advantage, Unset):
            advantage = self.advantage

        disadvantage: list[str] | Unset = UNSET
        if not isinstance(self.disadvantage, Unset):
            disadvantage = self.disadvantage

        cover = self.cover

        runs = self.runs

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if cover is not UNSET:
            field_dict["cover"] = cover
        if runs is not UNSET:
            field_dict["runs"] = runs

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        advantage = cast(list[str], d.pop("advantage", UNSET))

        disadvantage = cast(list[str], d.pop("disadvantage", UNSET))

        cover = d.pop("cover", UNSET)

        runs = d.pop("runs", UNSET)

        odds_event_data = cls(
            advantage=advantage,
            disadvantage=disadvantage,
            cover=cover,
            runs=runs,
        )

        return odds_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AttackRollEventData")


@_attrs_define
class AttackRollEventData:
    """The `data` of an event of type `attack-roll`. An attack roll (`roll` holds every die; `actor` attacks `target`);
    `amount` is its total against the target's AC.

        Attributes:
            advantage (list[str] | Unset): the sources of advantage applied
            disadvantage (list[str] | Unset): the sources of disadvantage applied
            cover (str | Unset): the cover degree against the target
    """

    advantage: list[str] | Unset = UNSET
    disadvantage: list[str] | Unset = UNSET
    cover: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        advantage: list[str] | Unset = UNSET
        if not isinstance(self.advantage, Unset):
            advantage = self.advantage

        disadvantage: list[str] | Unset = UNSET
        if not isinstance(self.disadvantage, Unset):
            disadvantage = self.disadvantage

        cover = self.cover

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if cover is not UNSET:
            field_dict["cover"] = cover

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        advantage = cast(list[str], d.pop("advantage", UNSET))

        disadvantage = cast(list[str], d.pop("disadvantage", UNSET))

        cover = d.pop("cover", UNSET)

        attack_roll_event_data = cls(
            advantage=advantage,
            disadvantage=disadvantage,
            cover=cover,
        )

        return attack_roll_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HpMaxHalvedEventData")


@_attrs_define
class HpMaxHalvedEventData:
    """The `data` of an event of type `hp-max-halved`. Exhaustion level 4 halves a creature's hit point maximum.

    Attributes:
        hp (int | Unset): its HP now
    """

    hp: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hp = self.hp

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if hp is not UNSET:
            field_dict["hp"] = hp

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hp = d.pop("hp", UNSET)

        hp_max_halved_event_data = cls(
            hp=hp,
        )

        return hp_max_halved_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConcentrationEndedEventData")


@_attrs_define
class ConcentrationEndedEventData:
    """The `data` of an event of type `concentration-ended`. Concentration ends (a failed save, 0 HP, incapacitated,
    another spell readied).

        Attributes:
            spell (str | Unset): the spell it held
            lost (bool | Unset): whether a readied spell was lost with it
    """

    spell: str | Unset = UNSET
    lost: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        spell = self.spell

        lost = self.lost

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if spell is not UNSET:
            field_dict["spell"] = spell
        if lost is not UNSET:
            field_dict["lost"] = lost

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        spell = d.pop("spell", UNSET)

        lost = d.pop("lost", UNSET)

        concentration_ended_event_data = cls(
            spell=spell,
            lost=lost,
        )

        return concentration_ended_event_data

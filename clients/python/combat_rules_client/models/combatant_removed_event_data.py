from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CombatantRemovedEventData")


@_attrs_define
class CombatantRemovedEventData:
    """The `data` of an event of type `combatant-removed`. The DM removes a creature (removeCombatant), and what ended with
    it.

        Attributes:
            ended (list[str] | Unset): what ended with it (`grapple:<id>`, `choice:<id>`, `companion:<id>`...)
    """

    ended: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ended: list[str] | Unset = UNSET
        if not isinstance(self.ended, Unset):
            ended = self.ended

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ended is not UNSET:
            field_dict["ended"] = ended

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ended = cast(list[str], d.pop("ended", UNSET))

        combatant_removed_event_data = cls(
            ended=ended,
        )

        return combatant_removed_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConditionEndedEventData")


@_attrs_define
class ConditionEndedEventData:
    """The `data` of an event of type `condition-ended`. A condition or effect ends (its duration ran out, damage, the
    creature it named left).

        Attributes:
            ended (list[str] | Unset): the names of the conditions and the kinds of the effects that ended
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

        condition_ended_event_data = cls(
            ended=ended,
        )

        return condition_ended_event_data

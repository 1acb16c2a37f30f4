from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChoiceDeclinedEventData")


@_attrs_define
class ChoiceDeclinedEventData:
    """The `data` of an event of type `choice-declined`. A pending choice is declined.

    Attributes:
        choice_id (str | Unset): its id
    """

    choice_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        choice_id = self.choice_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if choice_id is not UNSET:
            field_dict["choiceId"] = choice_id

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        choice_id = d.pop("choiceId", UNSET)

        choice_declined_event_data = cls(
            choice_id=choice_id,
        )

        return choice_declined_event_data

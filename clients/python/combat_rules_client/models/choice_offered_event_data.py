from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChoiceOfferedEventData")


@_attrs_define
class ChoiceOfferedEventData:
    """The `data` of an event of type `choice-offered`. A pending choice is offered (a critical table left it to a person).

    Attributes:
        choice_id (str | Unset): its id
        owner (str | Unset): who decides (a combatant id or `dm`)
    """

    choice_id: str | Unset = UNSET
    owner: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        choice_id = self.choice_id

        owner = self.owner

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if choice_id is not UNSET:
            field_dict["choiceId"] = choice_id
        if owner is not UNSET:
            field_dict["owner"] = owner

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        choice_id = d.pop("choiceId", UNSET)

        owner = d.pop("owner", UNSET)

        choice_offered_event_data = cls(
            choice_id=choice_id,
            owner=owner,
        )

        return choice_offered_event_data

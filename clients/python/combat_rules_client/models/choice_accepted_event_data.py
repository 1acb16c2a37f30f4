from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChoiceAcceptedEventData")


@_attrs_define
class ChoiceAcceptedEventData:
    """The `data` of an event of type `choice-accepted`. A pending choice is accepted.

    Attributes:
        choice_id (str | Unset): its id
        detail (None | str | Unset): the DM's answer
    """

    choice_id: str | Unset = UNSET
    detail: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        choice_id = self.choice_id

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        else:
            detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if choice_id is not UNSET:
            field_dict["choiceId"] = choice_id
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        choice_id = d.pop("choiceId", UNSET)

        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))

        choice_accepted_event_data = cls(
            choice_id=choice_id,
            detail=detail,
        )

        return choice_accepted_event_data

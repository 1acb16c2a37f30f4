from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeathSaveFailureEventData")


@_attrs_define
class DeathSaveFailureEventData:
    """The `data` of an event of type `death-save-failure`. A creature at 0 HP suffers death-save failures; `amount` is how
    many.

    """

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        death_save_failure_event_data = cls()

        return death_save_failure_event_data
